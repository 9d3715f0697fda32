import Foundation
import MapDrawing
public import MapErrors
public import MapGeometry
public import MapRenderCore

/// One favorite with every field the native schema stores (DESIGN.md §3), as
/// `maprender places` lists, adds, imports and exports it.
///
/// `Place` is what a map draws (the address already joined into a subtitle); this is what
/// the database holds, address parts kept apart so they can be edited and exported.
public struct FavoritePlace: Hashable, Sendable {
    /// The row id; `nil` for a place not stored yet.
    public var id: Int64?
    /// The callout title; never empty once validated.
    public var name: String
    /// The street address, e.g. "2001 Colorado Blvd".
    public var street: String?
    /// The city.
    public var city: String?
    /// The state, province or other first-level region.
    public var state: String?
    /// The postal code.
    public var postal: String?
    /// Where the place is, in WGS84 degrees.
    public var coordinate: Coordinate
    /// Whether the map draws the geofence circle (`display_proximity`).
    public var showsProximity: Bool
    /// The geofence radius in meters (`display_radius`), or `nil` for none.
    public var radius: Double?
    /// Whether this is the "where I am going next" place (`going_next`); at most one is.
    public var isGoingNext: Bool
    /// The pin colour as stored: maprender writes `red`, `green`, `purple` or `#rrggbb`; a
    /// database made elsewhere may hold any spelling `Color(parsing:)` reads. `nil` draws red.
    public var pinColor: String?

    /// Creates a place. Nothing is checked here; `validated()` does that before any write.
    public init(
        id: Int64? = nil, name: String, street: String? = nil, city: String? = nil,
        state: String? = nil, postal: String? = nil, coordinate: Coordinate,
        showsProximity: Bool = false, radius: Double? = nil, isGoingNext: Bool = false,
        pinColor: String? = nil
    ) {
        self.id = id
        self.name = name
        self.street = street
        self.city = city
        self.state = state
        self.postal = postal
        self.coordinate = coordinate
        self.showsProximity = showsProximity
        self.radius = radius
        self.isGoingNext = isGoingNext
        self.pinColor = pinColor
    }

    /// The callout subtitle, "street, city, state postal" (see `Place.addressLine`).
    public var addressLine: String? {
        Place.addressLine(street: street, city: city, state: state, postal: postal)
    }

    /// The place as a map draws it: what `PlaceStore.places()` gives for the row.
    public var place: Place {
        let color = pinColor.flatMap(Color.init(parsing:)) ?? .red
        return Place(
            id: id ?? 0, title: name, subtitle: addressLine, coordinate: coordinate,
            marker: isGoingNext ? .goingNext : .pin(color), proximityRadius: radius,
            showsProximity: showsProximity)
    }

    /// The pin colours the schema stores by name.
    public static let pinColorNames = ["red", "green", "purple"]

    /// A pin colour in the schema's spelling: `red`, `green` or `purple` (any case), or
    /// `#rrggbb` (lowercased). Other opaque colours `Color(parsing:)` reads (`blue`, `#rgb`,
    /// `#rrggbbff`, as a hand-made database may hold) are stored as their `#rrggbb`;
    /// translucent colours and anything else give `nil`.
    public static func normalizedPinColor(_ text: String) -> String? {
        let lowered = text.trimmingCharacters(in: .whitespaces).lowercased()
        if pinColorNames.contains(lowered) { return lowered }
        guard let color = Color(parsing: lowered), color.alpha >= 1 else { return nil }
        return color.description
    }

    /// The place checked and tidied for storage: text trimmed (empty parts become `nil`), the
    /// pin colour in the schema's spelling (`normalizedPinColor`), a radius of 0 kept as none.
    ///
    /// - Parameter label: how messages name the place, e.g. "places.csv:4".
    /// - Throws: `MapError` `.invalidData` for an empty name, a latitude or longitude that is not
    ///   finite or out of range, a radius that is negative or not finite, or a pin colour
    ///   `normalizedPinColor` does not take.
    public func validated(label: String? = nil) throws(MapError) -> FavoritePlace {
        let prefix = label.map { "\($0): " } ?? ""
        func clean(_ text: String?) -> String? {
            guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty
            else { return nil }
            return trimmed
        }
        var copy = self
        guard let name = clean(name) else {
            throw MapError(
                .invalidData, "\(prefix)the place has no name",
                remedy: "give every place a name (it is the callout title)")
        }
        copy.name = name
        copy.street = clean(street)
        copy.city = clean(city)
        copy.state = clean(state)
        copy.postal = clean(postal)
        let subject = "\(prefix)'\(name)'"
        guard coordinate.latitude.isFinite, (-90...90).contains(coordinate.latitude) else {
            throw MapError(
                .invalidData, "\(subject): latitude \(coordinate.latitude) is out of range [-90, 90]",
                remedy: "give the latitude in degrees, north positive (latitude comes first)")
        }
        guard coordinate.longitude.isFinite, (-180...180).contains(coordinate.longitude) else {
            throw MapError(
                .invalidData, "\(subject): longitude \(coordinate.longitude) is out of range [-180, 180]",
                remedy: "give the longitude in degrees, east positive")
        }
        if let radius {
            guard radius.isFinite, radius >= 0 else {
                throw MapError(
                    .invalidData, "\(subject): radius \(radius) is not a positive number of meters",
                    remedy: "give the geofence radius in meters, more than 0")
            }
            // The app and PlaceStore read 0 as "no radius"; store it that way.
            copy.radius = radius > 0 ? radius : nil
        }
        if let text = clean(pinColor) {
            guard let color = FavoritePlace.normalizedPinColor(text) else {
                throw MapError(
                    .invalidData, "\(subject): pin colour '\(text)' is not red, green, purple or #rrggbb",
                    remedy: "use red, green, purple or a colour like #1e90ff")
            }
            copy.pinColor = color
        } else {
            copy.pinColor = nil
        }
        return copy
    }
}
