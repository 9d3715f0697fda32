import Foundation
import MapErrors
import MapFormats
import MapGeometry
import MapRenderCore
import MapXML

/// Turns the events of a KML document into placemarks and styles as it streams by.
///
/// Elements are matched by local name, whatever namespace or prefix they come with (KML
/// 2.0, 2.1, 2.2, the OGC 2.2 namespace, Google's `gx:` extensions, none at all), in the
/// context the KML 2.2 schema gives them: `name` only as a Placemark's child, `coordinates`
/// only in a Point, LineString or LinearRing of a Placemark, `when` only in a Track. So
/// Folders and Documents nest to any depth and their names are never taken for a
/// Placemark's. Text is collected only for the leaves read.
struct KMLParserHandler {
    let fileName: String
    let window: TrackTimeWindow
    private(set) var placemarks: [KMLPlacemark] = []
    private(set) var sheet = KMLStyleSheet()
    var diagnostics: KMLDiagnostics
    private(set) var leftOut = TrackWindowCount()

    /// The local names of the open elements, root first.
    private var open: [String] = []
    /// The depth of an element whose whole content is skipped (an overlay, a Model).
    private var skipping: Int?
    private var placemark: KMLPlacemark?
    private var style: KMLStyle?
    private var styleID: String?
    private var styleParent = ""
    private var styleMapID: String?
    private var pair: (key: String?, url: String?, style: KMLStyle?)?
    private var rings: (outer: [Coordinate]?, inner: [[Coordinate]])?
    /// A Track being read: its times and coordinates, paired in order at its end.
    private var track: (line: Int, times: [Date?], coordinates: [(Coordinate, Double?)?])?
    private var multiTrack: [[Location]]?
    private var networkLink: String??
    private var collecting = false
    private var text = ""
    /// Where the leaf being collected starts, for its messages.
    private var leafStart = XMLPosition(line: 1, column: 1)
    private var position = XMLPosition(line: 1, column: 1)

    init(fileName: String, window: TrackTimeWindow) {
        self.fileName = fileName
        self.window = window
        diagnostics = KMLDiagnostics(fileName: fileName)
    }

    /// Takes one event; `position` is where it starts.
    mutating func handle(_ event: XMLEvent, at position: XMLPosition) throws(MapError) {
        self.position = position
        switch event {
        case .startElement(let name, let attributes): try start(Self.localName(name), attributes)
        case .endElement: try end()
        case .text(let string): if collecting { text += string }
        case .processingInstruction: break
        }
    }

    private static let skipped: [String: String] = [
        "GroundOverlay": "a GroundOverlay (an image over the ground) is not drawn",
        "PhotoOverlay": "a PhotoOverlay is not drawn", "ScreenOverlay": "a ScreenOverlay is not drawn",
        "Model": "a 3D Model is not drawn", "Tour": "a gx:Tour is not played",
    ]

    private mutating func start(_ name: String, _ attributes: [XMLAttribute]) throws(MapError) {
        let parent = open.last ?? ""
        open.append(name)
        collecting = false
        guard skipping == nil else { return }
        if open.count == 1, name != "kml" {
            throw failure("the root element is <\(name)>, not <kml>", remedy: "give a KML file (KML 2.0 to 2.3)")
        }
        if let note = Self.skipped[name] {
            skipping = open.count
            diagnostics.add(.info, "line \(position.line): \(note)")
            return
        }
        switch (name, parent) {
        case ("NetworkLink", _): networkLink = .some(nil)
        case ("Placemark", _): placemark = KMLPlacemark(line: position.line)
        case ("Style", _):
            style = KMLStyle()
            styleID = attributes.value(of: "id")
            styleParent = parent
        case ("hotSpot", "IconStyle") where style != nil:
            let x = attributes.value(of: "x").flatMap { KMLValues.number(Substring($0)) }
            let y = attributes.value(of: "y").flatMap { KMLValues.number(Substring($0)) }
            style?.hotSpot = KMLStyle.HotSpot(
                x: x ?? 0.5, y: y ?? 0.5, xUnits: attributes.value(of: "xunits") ?? "fraction",
                yUnits: attributes.value(of: "yunits") ?? "fraction")
        case ("StyleMap", _): styleMapID = attributes.value(of: "id")
        case ("Pair", "StyleMap"): pair = (nil, nil, nil)
        case ("Polygon", _) where placemark != nil: rings = (nil, [])
        case ("Track", _) where placemark != nil: track = (position.line, [], [])
        case ("MultiTrack", _) where placemark != nil: multiTrack = []
        case ("name", "Placemark"), ("address", "Placemark"), ("description", "Placemark"),
            ("styleUrl", "Placemark"), ("styleUrl", "Pair"), ("key", "Pair"):
            collecting = true
        case ("color", "IconStyle"), ("color", "LineStyle"), ("color", "PolyStyle"), ("width", "LineStyle"),
            ("fill", "PolyStyle"), ("outline", "PolyStyle"):
            collecting = style != nil
        case ("href", "Icon"): collecting = style != nil && open.dropLast(2).last == "IconStyle"
        case ("href", "Link"), ("href", "Url"): collecting = networkLink != nil
        case ("coordinates", "Point"), ("coordinates", "LineString"), ("coordinates", "LinearRing"):
            collecting = placemark != nil
        case ("when", "Track"), ("coord", "Track"): collecting = track != nil
        default: break
        }
        if collecting {
            text = ""
            leafStart = position
        }
    }

    private mutating func end() throws(MapError) {
        guard let name = open.popLast() else { return }
        if let depth = skipping {
            if open.count < depth { skipping = nil }
            return
        }
        let parent = open.last ?? ""
        if collecting {
            collecting = false
            position = leafStart
            try store(name, parent: parent, GPXParserHandler.trimmed(text))
            return
        }
        switch name {
        case "Placemark":
            if let placemark { placemarks.append(placemark) }
            placemark = nil
        case "NetworkLink":
            let target = (networkLink ?? nil).map { " to \($0)" } ?? ""
            diagnostics.add(.info, "line \(position.line): the NetworkLink\(target) is not fetched")
            networkLink = nil
        case "Style":
            guard let finished = style else { break }
            style = nil
            switch styleParent {
            case "Placemark": placemark?.inlineStyle = finished
            case "Pair": pair?.style = finished
            default: if let styleID { sheet.styles[styleID] = finished }
            }
        case "Pair":
            if let pair, pair.key ?? "normal" == "normal", let styleMapID {
                sheet.styleMaps[styleMapID] = (pair.url, pair.style)
            }
            pair = nil
        case "StyleMap": styleMapID = nil
        case "Polygon":
            guard let found = rings else { break }
            rings = nil
            if let outer = found.outer {
                placemark?.geometries.append(.polygon([outer] + found.inner))
            } else {
                diagnostics.add(.warning, "line \(position.line): a Polygon without an outerBoundaryIs is skipped")
            }
        case "Track": finishTrack()
        case "MultiTrack":
            if let segments = multiTrack, !segments.isEmpty { placemark?.geometries.append(.track(segments)) }
            multiTrack = nil
        default: break
        }
    }

    /// Stores the text of the leaf `name` (whose parent is `parent`).
    private mutating func store(_ name: String, parent: String, _ value: String) throws(MapError) {
        switch (name, parent) {
        case ("name", _): placemark?.name = value
        case ("address", _): placemark?.address = value.isEmpty ? nil : value
        case ("description", _): placemark?.description = value
        case ("styleUrl", "Pair"): pair?.url = value
        case ("styleUrl", _): placemark?.styleURL = value
        case ("key", _): pair?.key = value
        case ("color", _):
            guard let color = KMLValues.color(value) else {
                diagnostics.add(.warning, "line \(position.line): colour '\(value)' is not aabbggrr hex; ignored")
                return
            }
            switch parent {
            case "IconStyle": style?.iconColor = color
            case "LineStyle": style?.lineColor = color
            default: style?.polyColor = color
            }
        case ("width", _):
            guard let width = KMLValues.number(Substring(value)), width >= 0 else {
                diagnostics.add(.warning, "line \(position.line): line width '\(value)' is not a number; ignored")
                return
            }
            style?.lineWidth = width
        case ("fill", _): style?.fill = KMLValues.boolean(value)
        case ("outline", _): style?.outline = KMLValues.boolean(value)
        case ("href", "Icon"): style?.iconHref = value
        case ("href", _): networkLink = .some(value)
        case ("coordinates", _): try storeCoordinates(value, in: parent)
        case ("when", _):
            let time = ISO8601Timestamp.date(from: value)
            if time == nil {
                diagnostics.add(.warning, "line \(position.line): when '\(value)' is not a time; the fix is untimed")
            }
            track?.times.append(time)
        case ("coord", _):
            let coordinate = KMLValues.trackCoordinate(value)
            // OpenTracks writes an empty gx:coord where recording paused: no fix, no warning.
            if coordinate == nil, !value.isEmpty {
                diagnostics.add(.warning, "line \(position.line): gx:coord '\(value)' is not lon lat alt; skipped")
            }
            track?.coordinates.append(coordinate)
        default: break
        }
    }

    private mutating func storeCoordinates(_ value: String, in parent: String) throws(MapError) {
        let points: [Coordinate]
        switch KMLValues.coordinates(value) {
        case .failure(let problem):
            throw failure("coordinates: \(problem.message)", remedy: "write coordinates as lon,lat[,alt] tuples")
        case .success(let result):
            points = result.points
            if result.skipped > 0 {
                diagnostics.add(
                    .warning, "line \(position.line): \(result.skipped) coordinate tuples of one number are skipped")
            }
        }
        switch parent {
        case "Point":
            guard let point = points.first else {
                diagnostics.add(.warning, "line \(position.line): a Point without coordinates is skipped")
                return
            }
            placemark?.geometries.append(.point(point))
        case "LinearRing" where rings != nil:
            let boundary = open.dropLast().last
            if boundary == "outerBoundaryIs", rings?.outer == nil {
                rings?.outer = points
            } else if boundary == "innerBoundaryIs" || boundary == "outerBoundaryIs" {
                rings?.inner.append(points)
            }
        default:
            guard points.count >= 2 else {
                if !points.isEmpty {
                    diagnostics.add(.warning, "line \(position.line): a \(parent) of one point is skipped")
                }
                return
            }
            placemark?.geometries.append(.line(points))
        }
    }

    /// Pairs a Track's times with its coordinates in order (the gx:Track schema: as many
    /// `when` as `gx:coord`) and keeps the fixes inside the window.
    private mutating func finishTrack() {
        guard let found = track else { return }
        track = nil
        if found.times.count != found.coordinates.count {
            diagnostics.add(
                .warning,
                "line \(found.line): a Track has \(found.times.count) when and \(found.coordinates.count) gx:coord;"
                    + " paired in order, coordinates without a time are untimed")
        }
        var fixes: [Location] = []
        fixes.reserveCapacity(found.coordinates.count)
        for (index, coordinate) in found.coordinates.enumerated() {
            guard let (point, altitude) = coordinate else { continue }
            let time = index < found.times.count ? found.times[index] : nil
            guard window.contains(time) else {
                leftOut.countLeftOut(at: time)
                continue
            }
            fixes.append(
                Location(
                    coordinate: point, altitude: altitude ?? 0, verticalAccuracy: altitude == nil ? -1 : 0,
                    timestamp: time))
        }
        guard !fixes.isEmpty else { return }
        if multiTrack != nil {
            multiTrack?.append(fixes)
        } else {
            placemark?.geometries.append(.track([fixes]))
        }
    }

    /// A prefixed name without its prefix: `gx:Track` → `Track`.
    private static func localName(_ name: String) -> String {
        guard let colon = name.lastIndex(of: ":") else { return name }
        return String(name[name.index(after: colon)...])
    }

    private func failure(_ message: String, remedy: String? = nil) -> MapError {
        MapError(
            .invalidData, message, at: InputLocation(file: fileName, line: position.line, column: position.column),
            remedy: remedy)
    }
}
