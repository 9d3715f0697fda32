import MapErrors
import MapFormats
import MapGeometry
import MapRenderCore

/// Reads and checks the `coordinates` of one GeoJSON geometry (RFC 7946 §3.1).
///
/// Every error names the JSON path of the offending array or number and, when the nesting
/// is wrong, says whether the coordinates are nested too deeply or too shallowly for the
/// geometry's type (Point 1 level, LineString and MultiPoint 2, Polygon and MultiLineString
/// 3, MultiPolygon 4). Paths are built only when an error is thrown, so the cost per
/// position on valid input is a few comparisons.
package struct GeoJSONCoordinates {
    let document: JSONDocument
    /// The geometry type, for messages.
    let type: String

    /// A reader of the coordinates of a `type` geometry in `document`.
    package init(document: JSONDocument, type: String) {
        self.document = document
        self.type = type
    }

    /// The elements of an array one nesting level above positions or higher.
    func array(_ node: JSONNode, path: JSONPath, of what: String) throws(MapError) -> [JSONNode] {
        guard let elements = node.elements else {
            throw document.error(
                "expected \(what), found \(node.kindDescription)\(shallowHint(node))", at: node, path: path)
        }
        return elements
    }

    /// A position `[longitude, latitude]` or `[longitude, latitude, altitude]`
    /// (RFC 7946 §3.1.1): longitude first, unlike `Coordinate`.
    ///
    /// Any finite longitude is accepted and wrapped into [-180, 180] (`Coordinate.wrapped`):
    /// 205.3° is the meridian of −154.7°. RFC 7946 §3.1.9 asks writers to cut geometries at
    /// the antimeridian, but data in the Pacific-centred convention (0° to 360°, such as
    /// 205.3°) and the us-states sample of web-map tutorials (Alaska's islands to −187.1°)
    /// write longitudes past ±180°, and Leaflet, MapLibre and geojson-vt read them as the
    /// continuation across the antimeridian. Layout draws consecutive vertices the short way round
    /// (`OverlayProjection`), so a line or ring stays as continuous as it was written.
    /// Latitudes stay within [-90, 90]: past a pole there is no continuation.
    package func position(_ node: JSONNode, path: @autoclosure () -> JSONPath) throws(MapError) -> Coordinate {
        guard let elements = node.elements else {
            throw document.error(
                "expected a position [longitude, latitude], found \(node.kindDescription)\(shallowHint(node))",
                at: node, path: path())
        }
        // Types first, so that a position wrapped once too often reads as a nesting error.
        for (index, element) in elements.enumerated() where element.number == nil {
            let deep = element.elements != nil ? ": the coordinates of a \(type) are nested too deeply" : ""
            throw document.error(
                "expected a number, found \(element.kindDescription)\(deep)", at: element,
                path: path().appending(index))
        }
        guard elements.count >= 2 else {
            throw document.error(
                "a position needs at least 2 numbers [longitude, latitude], found \(elements.count)", at: node,
                path: path())
        }
        let longitude = elements[0].number!
        let latitude = elements[1].number!
        guard longitude.isFinite else {
            throw document.error(
                "longitude \(longitude) is not a finite number", at: elements[0], path: path().appending(0))
        }
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            throw document.error(
                "latitude \(latitude) is out of range [-90, 90]", at: elements[1], path: path().appending(1),
                remedy: swapHint(longitude: longitude, latitude: latitude))
        }
        return Coordinate(latitude: latitude, longitude: longitude).wrapped
    }

    /// An array of positions: a MultiPoint, a line or a ring.
    package func positions(_ node: JSONNode, path: JSONPath) throws(MapError) -> [Coordinate] {
        let elements = try array(node, path: path, of: "an array of positions")
        var coordinates: [Coordinate] = []
        coordinates.reserveCapacity(elements.count)
        for index in elements.indices {
            coordinates.append(try position(elements[index], path: path.appending(index)))
        }
        return coordinates
    }

    /// A LineString's positions: at least two (RFC 7946 §3.1.4).
    func lineString(_ node: JSONNode, path: JSONPath) throws(MapError) -> [Coordinate] {
        let coordinates = try positions(node, path: path)
        guard coordinates.count >= 2 else {
            throw document.error(
                "a line needs at least 2 positions (RFC 7946 §3.1.4), found \(coordinates.count)", at: node,
                path: path)
        }
        return coordinates
    }

    /// A Polygon's rings, outer first, each closed as given.
    func polygon(_ node: JSONNode, path: JSONPath) throws(MapError) -> [[Coordinate]] {
        let elements = try array(node, path: path, of: "an array of linear rings")
        guard !elements.isEmpty else {
            throw document.error("a polygon needs at least its outer ring, found none", at: node, path: path)
        }
        var rings: [[Coordinate]] = []
        for (index, ring) in elements.enumerated() {
            rings.append(try linearRing(ring, path: path.appending(index)))
        }
        return rings
    }

    /// A linear ring: four or more positions, the last the same as the first
    /// (RFC 7946 §3.1.6). Altitudes are not compared.
    func linearRing(_ node: JSONNode, path: JSONPath) throws(MapError) -> [Coordinate] {
        let coordinates = try positions(node, path: path)
        guard coordinates.count >= 4 else {
            throw document.error(
                "a linear ring needs at least 4 positions, the last repeating the first (RFC 7946 §3.1.6), "
                    + "found \(coordinates.count)", at: node, path: path)
        }
        let first = coordinates[0]
        let last = coordinates[coordinates.count - 1]
        guard first == last else {
            throw document.error(
                "a linear ring must end where it starts (RFC 7946 §3.1.6): first position "
                    + "[\(first.longitude), \(first.latitude)], last [\(last.longitude), \(last.latitude)]",
                at: node, path: path, remedy: "repeat the first position at the end of the ring")
        }
        return coordinates
    }

    private func shallowHint(_ node: JSONNode) -> String {
        node.number != nil ? ": the coordinates of a \(type) are nested too shallowly" : ""
    }

    /// A hint for the commonest GeoJSON mistake, `[latitude, longitude]`.
    private func swapHint(longitude: Double, latitude: Double) -> String? {
        guard (-90...90).contains(longitude), (-180...180).contains(latitude) else { return nil }
        return "GeoJSON positions are [longitude, latitude]; are the two swapped?"
    }
}
