import MapFormats

extension FavoritesColumn {
    /// Whether the column holds a flag, 0 or 1.
    package var isFlag: Bool { self == .displayProximity || self == .goingNext }

    /// The column's value of `place` as text, as the CSV and GPX exports write it: numbers
    /// in Swift's shortest round-tripping form, flags as `1` or `0`, text as it is; `nil`
    /// when the place has no value.
    package func text(of place: FavoritePlace) -> String? {
        switch self {
        case .id: place.id.map(String.init)
        case .name: place.name
        case .street: place.street
        case .city: place.city
        case .state: place.state
        case .postal: place.postal
        case .latitude: "\(place.coordinate.latitude)"
        case .longitude: "\(place.coordinate.longitude)"
        case .displayProximity: place.showsProximity ? "1" : "0"
        case .displayRadius: place.radius.map { "\($0)" }
        case .goingNext: place.isGoingNext ? "1" : "0"
        case .pinColor: place.pinColor
        }
    }

    /// The column's value of `place` as JSON: numbers, `true`/`false` for flags, `null` when
    /// the place has no value.
    package func jsonValue(of place: FavoritePlace) -> JSONValue {
        switch self {
        case .id: place.id.map { .number(Double($0)) } ?? .null
        case .latitude: .number(place.coordinate.latitude)
        case .longitude: .number(place.coordinate.longitude)
        case .displayProximity: .bool(place.showsProximity)
        case .displayRadius: place.radius.map(JSONValue.number) ?? .null
        case .goingNext: .bool(place.isGoingNext)
        case .name, .street, .city, .state, .postal, .pinColor: text(of: place).map(JSONValue.string) ?? .null
        }
    }
}
