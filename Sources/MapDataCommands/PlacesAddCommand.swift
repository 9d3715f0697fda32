import MapCommandLine
import MapErrors
import MapFavorites
import MapGeometry
import MapRenderCore

/// `maprender places add` and `places geocode`: the subcommands that make up a place's
/// fields, from the command line, a geocoding service or the embedded Natural Earth data.
enum PlacesAddCommand {
    /// How close the nearest populated place must be to become the city, in meters.
    static let cityDistance = ReverseGeocodeResult.nearDistance

    static func add(_ arguments: PlacesCommand.Arguments, _ writer: FavoritesWriter) throws(MapError) {
        guard let name = arguments["--name"] else {
            throw MapError(.invalidRequest, "places add needs --name NAME", remedy: "see 'maprender places --help'")
        }
        var place = FavoritePlace(
            name: name, street: arguments["--street"], city: arguments["--city"], state: arguments["--state"],
            postal: arguments["--postal"], coordinate: Coordinate(latitude: 0, longitude: 0),
            showsProximity: arguments.flags.contains("--proximity"),
            isGoingNext: arguments.flags.contains("--going-next"))
        guard !name.trimmingCharacters(in: " ").isEmpty else {
            throw MapError(
                .invalidRequest, "--name is empty", remedy: "give the place a name (it is the callout title)")
        }
        if let radius = arguments["--radius"] { place.radius = try ValueParser.distance(radius, option: "--radius") }
        if let color = arguments["--color"] {
            guard let normalized = FavoritePlace.normalizedPinColor(color) else {
                throw MapError(.invalidRequest, "--color: '\(color)' is not red, green, purple or #rrggbb")
            }
            place.pinColor = normalized
        }

        switch (arguments["--lat"], arguments["--lon"], arguments["--address"]) {
        case (let latitude?, let longitude?, nil):
            place.coordinate = try ValueParser.coordinate("\(latitude),\(longitude)", option: "--lat/--lon").0
        case (nil, nil, let address?):
            guard let endpoint = arguments["--geocoder"] else {
                throw MapError(
                    .invalidRequest,
                    "--address needs --geocoder URL: maprender looks addresses up only at a service you name",
                    remedy: "add --geocoder URL of a Nominatim-compatible service, or give --lat and --lon")
            }
            var geocoder = try ForwardGeocoder(endpoint: endpoint)
            geocoder.userAgent = "maprender/\(arguments.version) (headless static map renderer)"
            let found = try geocoder.geocode(address)
            place.coordinate = found.coordinate
            fillEmpty(&place, street: found.street, city: found.city, state: found.state, postal: found.postal)
            Console.printError("note: '\(address)' is at \(found.coordinate) (\(found.displayName))")
        case (_, _, _?):
            throw MapError(.invalidRequest, "give either --lat and --lon or --address, not both")
        default:
            throw MapError(
                .invalidRequest, "places add needs --lat and --lon, or --address with --geocoder",
                remedy: "e.g. --lat 39.7475 --lon -104.9428")
        }
        if arguments["--geocoder"] != nil, arguments["--address"] == nil {
            throw MapError(.invalidRequest, "--geocoder is used only with --address")
        }
        if arguments.flags.contains("--reverse-geocode") {
            for note in try reverseGeocode(&place) { Console.printError("note: \(note)") }
        }
        Console.print(String(try writer.add(place)))
    }

    /// `places geocode [--id N]`: reverse geocodes stored places and fills their empty city
    /// and state, all in one transaction.
    static func geocode(
        _ arguments: PlacesCommand.Arguments, _ store: PlaceStore, _ writer: FavoritesWriter
    )
        throws(MapError)
    {
        var places = try store.favorites()
        if let text = arguments["--id"] {
            guard let id = Int64(text.trimmingCharacters(in: " ")) else {
                throw MapError(
                    .invalidRequest, "--id: '\(text)' is not a whole number", remedy: "give the id 'places list' shows")
            }
            places = places.filter { $0.id == id }
            guard !places.isEmpty else {
                throw MapError(
                    .invalidData, "\(writer.path): no place with id \(id)",
                    remedy: "see 'maprender places list --db \(writer.path)'")
            }
        }
        var changed = [FavoritePlace]()
        var lines = [String]()
        for var place in places {
            let before = place
            let notes = try reverseGeocode(&place)
            let label = "\(place.id.map(String.init) ?? "?") \(place.name)"
            if place != before {
                changed.append(place)
                lines.append(
                    "\(label): "
                        + [place.city.map { "city \($0)" }, place.state.map { "state \($0)" }]
                        .compactMap { $0 }.joined(separator: ", "))
            } else {
                lines.append("\(label): unchanged" + (notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))"))
            }
        }
        if !changed.isEmpty { try writer.update(changed) }
        for line in lines { Console.print(line) }
    }

    /// Fills the place's empty city and state from the embedded Natural Earth data (see the
    /// help text for what goes where) and returns notes about what was left empty and why.
    static func reverseGeocode(_ place: inout FavoritePlace) throws(MapError) -> [String] {
        let result = try ReverseGeocoder.embedded().reverseGeocode(place.coordinate)
        var notes = [String]()
        var city: String?
        if let nearest = result.nearestPlace, let distance = result.nearestPlaceDistance {
            if distance <= cityDistance {
                city = nearest
            } else if isBlank(place.city) {
                let kilometers = (distance / 1000).decimalString(places: 0)
                notes.append("the nearest populated place, \(nearest), is \(kilometers) km away; city left empty")
            }
        }
        if result.country == nil { notes.append("\(place.coordinate) lies in no country (at sea?)") }
        // No country column in the schema: where Natural Earth has no first-level regions
        // the country takes the state's place, so the subtitle still says where it is.
        fillEmpty(&place, street: nil, city: city, state: result.region ?? result.country, postal: nil)
        return notes
    }

    /// Puts each given value into the matching part the user left empty.
    private static func fillEmpty(
        _ place: inout FavoritePlace, street: String?, city: String?, state: String?, postal: String?
    ) {
        if isBlank(place.street), let street { place.street = street }
        if isBlank(place.city), let city { place.city = city }
        if isBlank(place.state), let state { place.state = state }
        if isBlank(place.postal), let postal { place.postal = postal }
    }

    private static func isBlank(_ text: String?) -> Bool {
        text?.trimmingCharacters(in: " ").isEmpty ?? true
    }
}
