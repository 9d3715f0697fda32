import MapDrawing
import MapErrors
import MapInputs
import MapRenderCore

extension FavoritesImport {
    /// The kinds of file whose places are imported through their map reader (`SceneFile`)
    /// rather than a favorites format of their own: FIT and TCX course points, KML and KMZ
    /// placemarks, Google's Saved Places and the visits of its location history.
    static let sceneKinds: Set<InputFileKind> = [.fit, .tcx, .kml, .kmz, .locationHistory]

    /// The places a track or place file gives a map, as favorites: the title is the name,
    /// the subtitle (an address, a course point's notes) the street, a pin's colour the pin
    /// colour. Places whose reader kept their address in parts come with them.
    ///
    /// - Throws: the reader's errors; `.invalidData` naming the file and the place's number
    ///   for a place `FavoritePlace.validated` refuses.
    static func places(ofFile path: String, kind: InputFileKind) throws(MapError) -> [FavoritePlace] {
        if kind == .kml || kind == .kmz { return try kmlPlaces(ofFile: path) }
        let content = try SceneFile.read(atPath: path, as: kind)
        var places: [FavoritePlace] = []
        for (index, place) in content.places.enumerated() {
            var favorite = FavoritePlace(name: place.title, street: place.subtitle, coordinate: place.coordinate)
            if case .pin(let color?) = place.marker { favorite.pinColor = color.withAlpha(1).description }
            places.append(try favorite.validated(label: "\(path): place \(index + 1)"))
        }
        return places
    }

    /// A KML or KMZ file's Point placemarks: the name, the `address` as the street (else the
    /// description as plain text, so it still shows under the name), the IconStyle colour.
    private static func kmlPlaces(ofFile path: String) throws(MapError) -> [FavoritePlace] {
        let content = try KMLDecoder.read(atPath: path)
        var places: [FavoritePlace] = []
        for (place, details) in zip(content.places, content.placeDetails) {
            let favorite = FavoritePlace(
                name: place.title, street: details.address ?? details.description, coordinate: place.coordinate,
                pinColor: details.colorHex)
            places.append(try favorite.validated(label: "\(path):\(details.line): Placemark"))
        }
        return places
    }
}
