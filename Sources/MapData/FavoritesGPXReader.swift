import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import MapGeometry
import MapRenderCore

/// Reads the waypoints of a GPX file as favorites, with the address and geofence fields of
/// maprender's extensions (see `FavoritesImport` for the mapping).
///
/// Elements are matched by namespace and local name (namespace processing on), so a
/// `name` inside some other extension is never taken for the waypoint's. The same
/// precautions as `GPXDecoder`: entity declarations refused, external entities never
/// fetched, errors naming the file, line and column.
enum FavoritesGPXReader {
    /// GPX 1.1 and 1.0 namespaces; no namespace at all is accepted too.
    static let gpxNamespaces: Set<String> = ["http://www.topografix.com/GPX/1/1", "http://www.topografix.com/GPX/1/0", ""]
    /// Garmin's GPX extensions v3 (`gpxx:WaypointExtension`).
    static let garminNamespace = "http://www.garmin.com/xmlschemas/GpxExtensions/v3"

    static func decode(_ bytes: [UInt8], fileName: String) throws(MapError) -> [FavoritePlace] {
        try GPXDecoder.checkProlog(
            Array(bytes.prefix(GPXDecoder.prologLimit)), isWholeFile: bytes.count <= GPXDecoder.prologLimit,
            fileName: fileName)
        try GPXDecoder.checkText(bytes, fileName: fileName)
        // A stream rather than `XMLParser(data:)`, as GPXDecoder explains.
        let parser = XMLParser(stream: InputStream(data: Data(bytes)))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = false
        let handler = Handler(fileName: fileName)
        parser.delegate = handler
        _ = parser.parse()
        if let failure = handler.failure { throw failure }
        if let error = handler.xmlError ?? parser.parserError.map({
            XMLFailure(error: $0, line: parser.lineNumber, column: parser.columnNumber)
        }) {
            throw MapError(
                .badData, "\(fileName):\(error.line):\(error.column): malformed XML: \(error.describe(openElements: []))",
                remedy: "check that the file is complete, well-formed GPX")
        }
        guard handler.sawGPX else {
            throw MapError(.badData, "\(fileName): not a GPX file (no <gpx> root element)", remedy: "give a GPX file")
        }
        return handler.places
    }

    /// The SAX callbacks.
    private final class Handler: NSObject, XMLParserDelegate {
        let fileName: String
        var places: [FavoritePlace] = []
        var failure: MapError?
        var xmlError: XMLFailure?
        var sawGPX = false

        /// The waypoint being read, the line it started on, its desc and cmt, and whether
        /// an extension gave any address part.
        private var waypoint: FavoritePlace?
        private var waypointLine = 0
        private var waypointDescription: String?
        private var comment: String?
        /// (namespace, local name) of the open elements, root first.
        private var open: [(namespace: String, name: String)] = []
        private var text = ""

        init(fileName: String) { self.fileName = fileName }

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            guard failure == nil else { return }
            let namespace = namespaceURI ?? ""
            if open.isEmpty {
                guard elementName == "gpx", FavoritesGPXReader.gpxNamespaces.contains(namespace) else {
                    fail(parser, "the root element is <\(qualifiedName ?? elementName)>, not <gpx>", remedy: "give a GPX file")
                    return
                }
                sawGPX = true
            }
            if open.count == 1, elementName == "wpt", FavoritesGPXReader.gpxNamespaces.contains(namespace) {
                guard let latitude = degrees(attributes["lat"], "lat", limit: 90, parser),
                    let longitude = degrees(attributes["lon"], "lon", limit: 180, parser)
                else { return }
                waypoint = FavoritePlace(name: "", coordinate: Coordinate(latitude: latitude, longitude: longitude))
                waypointLine = parser.lineNumber
                waypointDescription = nil
                comment = nil
            }
            open.append((namespace, elementName))
            text = ""
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if waypoint != nil { text += string }
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            if waypoint != nil { text += String(decoding: CDATABlock, as: UTF8.self) }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            guard failure == nil, let element = open.popLast() else { return }
            defer { text = "" }
            guard var place = waypoint else { return }
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            let isGPX = FavoritesGPXReader.gpxNamespaces.contains(element.namespace)
            switch (element.namespace, element.name) {
            case (_, "wpt") where isGPX && open.count == 1:
                if place.street == nil, place.city == nil, place.state == nil, place.postal == nil {
                    place.street = waypointDescription ?? comment
                }
                do {
                    places.append(try place.validated(label: "\(fileName):\(waypointLine): wpt \(places.count + 1)"))
                } catch {
                    failure = error
                    parser.abortParsing()
                }
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
                        return fail(parser, "display_radius '\(value)' is not a number of meters", remedy: "fix or remove it")
                    }
                    place.radius = radius
                case "display_proximity", "going_next":
                    guard let flag = FavoritesImport.flag(value) else {
                        return fail(parser, "\(name) '\(value)' is not 0 or 1", remedy: "write 0 or 1")
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

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            guard failure == nil, xmlError == nil else { return }
            xmlError = XMLFailure(error: parseError, line: parser.lineNumber, column: parser.columnNumber)
        }

        private func degrees(_ text: String?, _ attribute: String, limit: Double, _ parser: XMLParser) -> Double? {
            guard let text else {
                fail(parser, "<wpt> has no \(attribute) attribute", remedy: "every wpt needs lat and lon in degrees")
                return nil
            }
            guard let value = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)), value.isFinite,
                abs(value) <= limit
            else {
                fail(
                    parser, "wpt: \(attribute) '\(text)' is not a number in [-\(Int(limit)), \(Int(limit))]",
                    remedy: "write lat and lon in decimal degrees")
                return nil
            }
            return value
        }

        private func fail(_ parser: XMLParser, _ message: String, remedy: String? = nil) {
            guard failure == nil else { return }
            failure = MapError(.badData, "\(fileName):\(parser.lineNumber):\(parser.columnNumber): \(message)", remedy: remedy)
            parser.abortParsing()
        }
    }
}
