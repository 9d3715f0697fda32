import MapDrawing
public import MapErrors
import MapFormats
public import MapGeometry
import MapRenderCore
import MapXML
import MapZip

#if canImport(Glibc)
    import Glibc
#endif

/// Reads KML (2.0, 2.1, 2.2, the OGC 2.2 namespace, Google's `gx:` extensions; KML 2.3's
/// `Track`) and KMZ files: what Google My Maps and Google Earth save places in, and what GPS
/// loggers and GPSBabel write tracks as.
///
/// - Point placemarks become `Place`s: `name` → title, `address` or else the `description`
///   as plain text → subtitle, the IconStyle colour → `.pin(colour)`; an icon inside a KMZ
///   → `.image(…)` when it is a PNG, anchored at its `hotSpot` (bottom centre without one;
///   a JPEG or GIF icon is drawn as a pin, with a note).
/// - LineStrings, and LinearRings outside a Polygon, become `PolylineOverlay`s; Polygons
///   `PolygonOverlay`s; both with their LineStyle (colour, width) and PolyStyle (colour,
///   fill, outline) as a `ShapeStyleOverride`. Untimed lines are not tracks.
/// - `gx:Track` (and `Track`) become `Track`s, their `when` paired with their `gx:coord` in
///   order; a `gx:MultiTrack` is one track with a segment per `gx:Track`. The time window
///   applies to these fixes only; what it leaves out is counted.
/// - Styles (OGC KML 2.2, `kml:Style`, `kml:StyleMap`): `styleUrl` names a Style or
///   StyleMap (its `normal` pair) of the document by `#id`, wherever in the document it
///   stands; an inline Style overrides it
///   part by part. Colours are `aabbggrr`. MultiGeometry gives each of its parts; Folders
///   and Documents nest to any depth; a Placemark's name is its own, never inherited.
/// - NetworkLinks are never fetched, GroundOverlays, PhotoOverlays, ScreenOverlays and
///   Models are not drawn: each is a note in `diagnostics`.
///
/// A KMZ (told by the ZIP signature `PK\3\4` or the extension) is read through `MapZip`
/// with its limits: the root document is the first `.kml` entry at the archive's root (KML
/// 2.2 Reference, "KMZ files"), else the first anywhere; icons are entries named by a
/// relative `href`. The XML is streamed by `XMLStreamParser` as for GPX (strict, no
/// entities). Errors are `MapError`s: `.missingInput` for a file that cannot be read,
/// `.invalidData` naming the file (and the entry of a KMZ), line and column.
public enum KMLDecoder {
    /// Reads the KML or KMZ file at `path`; messages name it by `path`.
    public static func read(atPath path: String, window: TrackTimeWindow = .unbounded) throws(MapError) -> KMLContent {
        let file = try InputFile.open(atPath: path, what: "KML")
        var head = [UInt8](repeating: 0, count: 4)
        let count = head.withUnsafeMutableBytes { pread(file.descriptor, $0.baseAddress, 4, 0) }
        if (count == 4 && head == zipSignature) || path.lowercased().hasSuffix(".kmz") {
            let archive = try ZipArchive(
                source: ZipByteSource.file(descriptor: file.descriptor, name: path), name: path)
            return try decode(archive, fileName: path, window: window)
        }
        let parser: XMLStreamParser
        do {
            parser = try XMLStreamParser(descriptor: file.descriptor)
        } catch {
            throw MapError(
                .missingInput, "cannot be read", at: InputLocation(file: path), remedy: "check the file's permissions")
        }
        return try parse(parser, fileName: path, window: window, icons: nil)
    }

    /// Decodes KML or KMZ (by the ZIP signature) from bytes; messages name it `fileName`.
    public static func decode(
        _ bytes: [UInt8], fileName: String, window: TrackTimeWindow = .unbounded
    ) throws(MapError) -> KMLContent {
        if bytes.starts(with: zipSignature) {
            return try decode(ZipArchive(source: .bytes(bytes), name: fileName), fileName: fileName, window: window)
        }
        return try parse(XMLStreamParser(bytes: bytes), fileName: fileName, window: window, icons: nil)
    }

    private static let zipSignature: [UInt8] = [0x50, 0x4B, 0x03, 0x04]

    private static func decode(
        _ archive: ZipArchive, fileName: String, window: TrackTimeWindow
    ) throws(MapError) -> KMLContent {
        let documents = archive.entries.filter { $0.name.lowercased().hasSuffix(".kml") && !$0.isDirectory }
        guard let root = documents.first(where: { !$0.name.contains("/") }) ?? documents.first else {
            throw MapError(
                .invalidData, "the KMZ archive holds no .kml file", at: InputLocation(file: fileName),
                remedy: "give a KMZ saved by Google Earth or My Maps (its doc.kml at the root)")
        }
        let bytes = try archive.contents(of: root)
        let folder = root.name.contains("/") ? String(root.name[...root.name.lastIndex(of: "/")!]) : ""
        let icons = KMZIcons(archive: archive, folder: folder)
        return try parse(
            XMLStreamParser(bytes: bytes), fileName: "\(fileName):\(root.name)", window: window, icons: icons)
    }

    private static func parse(
        _ parser: XMLStreamParser, fileName: String, window: TrackTimeWindow, icons: KMZIcons?
    ) throws(MapError) -> KMLContent {
        var parser = parser
        var handler = KMLParserHandler(fileName: fileName, window: window)
        while true {
            let event: XMLEvent?
            do {
                event = try parser.next()
            } catch {
                throw mapError(error, fileName: fileName)
            }
            guard let event else { break }
            try handler.handle(event, at: parser.eventPosition)
        }
        var icons = icons
        var content = KMLContent(leftOutOfWindow: handler.leftOut)
        for placemark in handler.placemarks {
            var style = KMLStyle()
            if let url = placemark.styleURL, !url.isEmpty {
                if let shared = handler.sheet.style(for: url) {
                    style = shared
                } else {
                    let local = url.hasPrefix("#") || !url.contains("#")
                    handler.diagnostics.add(
                        local ? .warning : .info,
                        local
                            ? "styleUrl \(url) names no Style or StyleMap in the file; the map's style is used"
                            : "styleUrl \(url) is in another file, which is not fetched")
                }
            }
            if let inline = placemark.inlineStyle { style = style.overlaid(by: inline) }
            add(placemark, style: style, to: &content, icons: &icons, diagnostics: &handler.diagnostics)
        }
        content.diagnostics = handler.diagnostics.all
        guard !content.isEmpty || !content.diagnostics.isEmpty else {
            throw MapError(
                .invalidData, "no Placemark with a Point, LineString, Polygon or Track",
                at: InputLocation(file: fileName),
                remedy: "give a KML file with placemarks")
        }
        return content
    }

    private static func add(
        _ placemark: KMLPlacemark, style: KMLStyle, to content: inout KMLContent, icons: inout KMZIcons?,
        diagnostics: inout KMLDiagnostics
    ) {
        for geometry in placemark.geometries {
            switch geometry {
            case .point(let coordinate):
                let description = placemark.description.flatMap(KMLValues.plainText)
                var marker = Marker.pin(style.iconColor)
                if let href = style.iconHref, var image = icons?.marker(for: href, diagnostics: &diagnostics) {
                    if let anchor = style.hotSpot?.anchor(
                        width: image.image.pixelWidth, height: image.image.pixelHeight)
                    {
                        (image.anchorX, image.anchorY) = anchor
                    }
                    marker = .image(image)
                }
                content.places.append(
                    Place(
                        id: Int64(content.places.count + 1), title: placemark.name ?? "",
                        subtitle: placemark.address ?? description, coordinate: coordinate, marker: marker))
                content.placeDetails.append(
                    KMLPlaceDetails(
                        line: placemark.line, address: placemark.address, description: description,
                        colorHex: style.iconColor.map(KMLValues.hex)))
            case .line(let coordinates):
                content.lines.append(
                    PolylineOverlay(coordinates: coordinates, styleOverride: style.lineOverride, title: placemark.name))
            case .polygon(let rings):
                content.polygons.append(
                    PolygonOverlay(rings: rings, styleOverride: style.polygonOverride, title: placemark.name))
            case .track(let segments):
                content.tracks.append(Track(name: placemark.name, segments: segments))
            }
        }
    }

    /// The `MapError` for an XML error in a KML file: `FILE:LINE:COLUMN: message`.
    private static func mapError(_ error: XMLError, fileName: String) -> MapError {
        let place = InputLocation(file: fileName, line: error.line, column: error.column)
        switch error.kind {
        case .syntax, .truncated:
            return MapError(
                .invalidData, "malformed XML: \(error.message)", at: place,
                remedy: "check that the file is complete, well-formed KML")
        case .noRootElement:
            return MapError(
                .invalidData, "the file is empty (no XML root element)", at: InputLocation(file: fileName),
                remedy: "give a KML file")
        case .invalidText, .unsupportedEncoding:
            return MapError(.invalidData, error.message, at: place, remedy: "save the file as UTF-8")
        case .entityDeclaration:
            return MapError(
                .invalidData, "the DOCTYPE declares entities, which KML files never need", at: place,
                remedy: "remove the <!ENTITY …> declarations (entities are never expanded or fetched)")
        case .readFailed:
            return MapError(.ioFailure, error.message, at: InputLocation(file: fileName))
        }
    }
}
