import MapErrors
import MapFormats
import MapInputs

extension FavoritesImport {
    /// The points of a GeoJSON document as favorites. The document is read by
    /// `GeoJSONDecoder`, the one GeoJSON reader, with its rules for the structure, the
    /// coordinates (longitudes past ±180° wrapped into [-180, 180], which the schema's CHECK
    /// asks for) and the simplestyle properties; this adds only the native fields a
    /// Feature's properties hold (see `FavoritesImport`).
    ///
    /// - Throws: `GeoJSONDecoder`'s errors; `.invalidData` naming the file, line:column and
    ///   JSON path of a property of the wrong type, or of a place `FavoritePlace.validated`
    ///   refuses.
    static func geoJSON(_ document: JSONDocument) throws(MapError) -> [FavoritePlace] {
        let content = try GeoJSONDecoder().decode(document)
        var places = [FavoritePlace]()
        for (drawn, source) in zip(content.places, content.placeSources) {
            var place = FavoritePlace(name: drawn.title, coordinate: drawn.coordinate)
            let properties = source.featurePath.appending("properties")
            try read(source.properties, into: &place, path: properties, document)
            if place.street == nil, place.city == nil, place.state == nil, place.postal == nil {
                place.street = drawn.subtitle  // the description, shown as the subtitle all the same
            }
            let within = source.featurePath.isRoot ? "" : ": \(source.featurePath)"
            places.append(try place.validated(label: "\(document.fileName):\(source.position)\(within)"))
        }
        return places
    }

    /// Takes the native fields of a Feature's properties: the address parts, the pin colour
    /// as written in `marker-color`, the geofence and the flags, and `name` when there is no
    /// `title`. `title` and `description` are the decoder's.
    private static func read(
        _ properties: JSONNode?, into place: inout FavoritePlace, path: JSONPath, _ document: JSONDocument
    )
        throws(MapError)
    {
        guard let members = properties?.members else { return }
        var name: String?
        for member in members where !member.value.isNull {
            let value = member.value
            let path = path.appending(member.key)
            func text() throws(MapError) -> String {
                guard let text = value.string else {
                    throw document.error("expected a string, found \(value.kindDescription)", at: value, path: path)
                }
                return text
            }
            func boolean() throws(MapError) -> Bool {
                if let bool = value.bool { return bool }
                if let number = value.number, number == 0 || number == 1 { return number == 1 }
                throw document.error("expected true or false, found \(value.kindDescription)", at: value, path: path)
            }
            switch member.key {
            case "name": name = try text()
            case "street": place.street = try text()
            case "city": place.city = try text()
            case "state": place.state = try text()
            case "postal": place.postal = try text()
            case "marker-color": place.pinColor = try text()
            case "display_proximity": place.showsProximity = try boolean()
            case "going_next": place.isGoingNext = try boolean()
            case "display_radius":
                guard let radius = value.number else {
                    throw document.error("expected meters, found \(value.kindDescription)", at: value, path: path)
                }
                place.radius = radius
            default: break
            }
        }
        if place.name.isEmpty, let name { place.name = name }
    }
}
