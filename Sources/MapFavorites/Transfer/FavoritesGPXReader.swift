import Foundation
import MapGeometry
import MapRenderCore
import MapErrors
import MapFormats
import MapInputs
import MapXML

/// Reads the waypoints of a GPX file as favorites, with the address and geofence fields of
/// maprender's extensions (see `FavoritesImport` for the mapping).
///
/// Elements are matched by namespace and local name (prefixes resolved with an
/// `XMLNamespaceScope`), so a `name` inside some other extension is never taken for the
/// waypoint's. The same parser and precautions as `GPXDecoder`: entity declarations
/// refused, errors naming the file, line and column.
enum FavoritesGPXReader {
    /// GPX 1.1 and 1.0 namespaces; no namespace at all is accepted too.
    static let gpxNamespaces: Set<String> = ["http://www.topografix.com/GPX/1/1", "http://www.topografix.com/GPX/1/0", ""]
    /// Garmin's GPX extensions v3 (`gpxx:WaypointExtension`).
    static let garminNamespace = "http://www.garmin.com/xmlschemas/GpxExtensions/v3"

    static func decode(_ bytes: [UInt8], fileName: String) throws(MapError) -> [FavoritePlace] {
        var parser = XMLStreamParser(bytes: bytes)
        var handler = Handler(fileName: fileName)
        while let event = try GPXDecoder.nextEvent(&parser, fileName: fileName) {
            try handler.handle(event, at: parser.eventPosition)
        }
        return handler.places
    }

    /// Turns the parser's events into places.
    private struct Handler {
        let fileName: String
        var places: [FavoritePlace] = []

        /// The waypoint being read, the line it started on, its desc and cmt, and whether
        /// an extension gave any address part.
        private var waypoint: FavoritePlace?
        private var waypointLine = 0
        private var waypointDescription: String?
        private var comment: String?
        /// (namespace, local name) of the open elements, root first; `nil` for an
        /// undeclared prefix, which matches nothing.
        private var open: [(namespace: String?, name: Substring)] = []
        private var namespaces = XMLNamespaceScope()
        private var text = ""
        /// Where the event being handled starts, for messages.
        private var position = XMLPosition(line: 1, column: 1)

        init(fileName: String) { self.fileName = fileName }

        mutating func handle(_ event: XMLEvent, at position: XMLPosition) throws(MapError) {
            self.position = position
            switch event {
            case .startElement(let name, let attributes): try startElement(name, attributes)
            case .endElement: try endElement()
            case .text(let string): if waypoint != nil { text += string }
            case .processingInstruction: break
            }
        }

        private mutating func startElement(_ qualifiedName: String, _ attributes: [XMLAttribute]) throws(MapError) {
            namespaces.push(attributes)
            let (namespace, elementName) = namespaces.resolve(qualifiedName)
            let isGPX = namespace.map { FavoritesGPXReader.gpxNamespaces.contains($0) } ?? false
            if open.isEmpty {
                guard elementName == "gpx", isGPX else {
                    throw failure("the root element is <\(qualifiedName)>, not <gpx>", remedy: "give a GPX file")
                }
            }
            if open.count == 1, elementName == "wpt", isGPX {
                let latitude = try degrees(attributes.value(of: "lat"), "lat", limit: 90)
                let longitude = try degrees(attributes.value(of: "lon"), "lon", limit: 180)
                waypoint = FavoritePlace(name: "", coordinate: Coordinate(latitude: latitude, longitude: longitude))
                waypointLine = position.line
                waypointDescription = nil
                comment = nil
            }
            open.append((namespace, elementName))
            text = ""
        }

        private mutating func endElement() throws(MapError) {
            namespaces.pop()
            guard let element = open.popLast() else { return }
            defer { text = "" }
            guard var place = waypoint else { return }
            let value = GPXParserHandler.trimmed(text)
            let isGPX = element.namespace.map { FavoritesGPXReader.gpxNamespaces.contains($0) } ?? false
            switch (element.namespace, element.name) {
            case (_, "wpt") where isGPX && open.count == 1:
                if place.street == nil, place.city == nil, place.state == nil, place.postal == nil {
                    place.street = waypointDescription ?? comment
                }
                places.append(try place.validated(label: "\(fileName):\(waypointLine): wpt \(places.count + 1)"))
                waypoint = nil
                return
            case (_, "name") where isGPX && open.count == 2: place.name = value
            case (_, "desc") where isGPX && open.count == 2: waypointDescription = value
            case (_, "cmt") where isGPX && open.count == 2: comment = value
            case (FavoritesExport.gpxNamespace, let name):
                switch name {
                case "street": place.street = value
                case "city": place.city = value
                case "state": place.state = value
                case "postal": place.postal = value
                case "pin_color": place.pinColor = value
                case "display_radius":
                    guard let radius = Double(value) else {
                        throw failure("display_radius '\(value)' is not a number of meters", remedy: "fix or remove it")
                    }
                    place.radius = radius
                case "display_proximity", "going_next":
                    guard let flag = FavoritesImport.flag(value) else {
                        throw failure("\(name) '\(value)' is not 0 or 1", remedy: "write 0 or 1")
                    }
                    if name == "going_next" { place.isGoingNext = flag } else { place.showsProximity = flag }
                default: break
                }
            case (FavoritesGPXReader.garminNamespace, "StreetAddress"):
                // Garmin may give several lines; they join into one street.
                place.street = [place.street, value].compactMap { $0 }.joined(separator: ", ")
            case (FavoritesGPXReader.garminNamespace, "City"): place.city = value
            case (FavoritesGPXReader.garminNamespace, "State"): place.state = value
            case (FavoritesGPXReader.garminNamespace, "PostalCode"): place.postal = value
            default: break
            }
            waypoint = place
        }

        private func degrees(_ text: String?, _ attribute: String, limit: Double) throws(MapError) -> Double {
            guard let text else {
                throw failure("<wpt> has no \(attribute) attribute", remedy: "every wpt needs lat and lon in degrees")
            }
            guard let value = Double(GPXParserHandler.trimmed(text)), value.isFinite,
                abs(value) <= limit
            else {
                throw failure(
                    "wpt: \(attribute) '\(text)' is not a number in [-\(Int(limit)), \(Int(limit))]",
                    remedy: "write lat and lon in decimal degrees")
            }
            return value
        }

        /// A data error at the current position.
        private func failure(_ message: String, remedy: String? = nil) -> MapError {
            MapError(.invalidData, "\(fileName):\(position): \(message)", remedy: remedy)
        }
    }
}
