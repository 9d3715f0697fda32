import MapErrors
import MapInputs
import MapRenderCore

extension FavoritesImport {
    /// Garmin's GPX extensions v3 (`gpxx:WaypointExtension/gpxx:Address`).
    static let garminNamespace = "http://www.garmin.com/xmlschemas/GpxExtensions/v3"

    /// The waypoints of a GPX file as favorites. The file is read by `GPXDecoder`, the one
    /// GPX reader, with its rules for namespaces and its precautions; this adds only what
    /// a waypoint's extensions say about the place (see `FavoritesImport`).
    ///
    /// - Throws: `GPXDecoder`'s errors; `.invalidData` naming the file, the waypoint's line
    ///   and number for a bad extension value or a place `FavoritePlace.validated` refuses.
    static func gpx(_ bytes: [UInt8], fileName: String) throws(MapError) -> [FavoritePlace] {
        let content = try GPXDecoder.content(of: bytes, fileName: fileName)
        var places = [FavoritePlace]()
        for (index, (waypoint, details)) in zip(content.waypoints, content.waypointDetails).enumerated() {
            let label = "\(fileName):\(details.line): wpt \(index + 1)"
            var place = FavoritePlace(name: waypoint.title, coordinate: waypoint.coordinate)
            for element in details.extensions {
                try read(element, into: &place, label: label)
            }
            // Without an address, the description (else the comment) still shows as the
            // callout subtitle.
            if place.street == nil, place.city == nil, place.state == nil, place.postal == nil {
                place.street = waypoint.subtitle
            }
            places.append(try place.validated(label: label))
        }
        return places
    }

    /// Takes one extension element: maprender's own (named after the native columns) or
    /// a Garmin address part; any other is not about the place.
    private static func read(
        _ element: GPXWaypointDetails.ExtensionElement, into place: inout FavoritePlace, label: String
    ) throws(MapError) {
        let value = element.value
        switch element.namespace {
        case FavoritesExport.gpxNamespace:
            guard let column = FavoritesColumn.stored.first(where: { $0.name == element.name }) else { return }
            switch column {
            case .street: place.street = value
            case .city: place.city = value
            case .state: place.state = value
            case .postal: place.postal = value
            case .pinColor: place.pinColor = value
            case .displayRadius:
                guard let radius = Double(value) else {
                    throw MapError(
                        .invalidData, "\(label): \(column.name) '\(value)' is not a number of meters",
                        remedy: "fix or remove it")
                }
                place.radius = radius
            case .displayProximity, .goingNext:
                guard let flag = flag(value) else {
                    throw MapError(
                        .invalidData, "\(label): \(column.name) '\(value)' is not 0 or 1", remedy: "write 0 or 1")
                }
                if column == .goingNext { place.isGoingNext = flag } else { place.showsProximity = flag }
            case .id, .name, .latitude, .longitude:
                break  // GPX's own name and coordinate are the place's
            }
        case garminNamespace:
            switch element.name {
            // Garmin may give several street lines; they join into one street.
            case "StreetAddress": place.street = [place.street, value].compactMap { $0 }.joined(separator: ", ")
            case "City": place.city = value
            case "State": place.state = value
            case "PostalCode": place.postal = value
            default: break
            }
        default:
            break
        }
    }
}
