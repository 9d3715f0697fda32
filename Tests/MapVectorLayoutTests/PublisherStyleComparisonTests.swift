import Foundation
import MapDrawing
import MapGeometry
import MapPMTiles
import MapRenderCairo
import MapRenderCore
import MapTestSupport
import MapTiles
import MapVectorLayout
import MapVectorStyle
import Testing

/// The Protomaps and VersaTiles styles as published, over the Helsinki archives in their
/// schemas, against MapLibre Native's renders of the same (Fixtures/schemas, see its
/// README): class by class, the same colours in the same places within a few pixels, with
/// the lettering of both painted out (`withoutLettering`). And the Protomaps styles'
/// labels, which need `format`, `is-supported-script` and variable anchors.
@Suite("Publishers' styles against MapLibre Native")
struct PublisherStyleComparisonTests {
    static let fixtures = packageRoot + "/Tests/MapVectorLayoutTests/Fixtures/schemas/"

    /// The style's archive and the name of the source it draws.
    static func archive(of style: String) -> (path: String, source: String) {
        style.hasPrefix("protomaps")
            ? (packageRoot + "/examples/helsinki/helsinki-protomaps.pmtiles", "protomaps")
            : (packageRoot + "/examples/helsinki/helsinki-shortbread.pmtiles", "versatiles-shortbread")
    }

    /// The drawing of a style at the reference view, labels placed; its diagnostics; the
    /// boxes of the labels placed.
    static func drawing(
        _ name: String, center: Coordinate = helsinkiCenter, zoom: Double = 16, symbols: Bool = true
    ) throws -> (list: DisplayList, diagnostics: [Diagnostic], labelBoxes: [CanvasRect]) {
        var style = try VectorStyle(contentsOfFile: fixtures + "\(name).json")
        if !symbols { style.layers.removeAll { $0.kind == .symbol } }
        let (path, source) = archive(of: name)
        let reader = try #require(FileByteRangeReader(path: path))
        let provider = ArchiveTileProvider(archive: try PMTilesVectorArchive(PMTilesArchive(reader: reader)))
        let basemap = VectorTileBasemap(style: style, sources: [source: provider])
        let viewport = Viewport(center: center, zoom: zoom, size: CanvasSize(width: 1024, height: 768))
        let drawing = try basemap.drawing(for: viewport, scale: 1, measurer: CairoRenderer().textMeasurer)
        var list = DisplayList(size: viewport.size, commands: drawing.commands)
        let canvas = CanvasRect(x: 0, y: 0, width: 1024, height: 768).insetBy(2)
        var placer = LabelPlacer(canvas: canvas, obstacles: [])
        list.commands += placer.commands(placing: drawing.labels)
        // The same placement once more, for the boxes of what was placed.
        var boxes: [CanvasRect] = []
        var again = LabelPlacer(canvas: canvas, obstacles: [])
        for candidate in drawing.labels {
            if let placed = ([candidate] + candidate.alternatives).first(where: { again.place($0) }) {
                boxes += placed.boxes
            }
        }
        let notes = basemap.notes.map { Diagnostic(.info, "\(name): \($0)") }
        return (list, notes + drawing.diagnostics, boxes)
    }

    /// The colours a style's symbol layers paint text in (every colour literal of their
    /// `text-color`), to find the reference's lettering.
    static func textColors(of name: String) throws -> [(red: Int, green: Int, blue: Int)] {
        let root = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: fixtures + "\(name).json")))
        var colors: [(red: Int, green: Int, blue: Int)] = []
        func collect(_ value: Any) {
            if let text = value as? String, let color = StyleColor.parse(text) {
                colors.append((Int(color.red * 255), Int(color.green * 255), Int(color.blue * 255)))
            } else if let array = value as? [Any] {
                array.forEach(collect)
            } else if let object = value as? [String: Any] {
                object.values.forEach(collect)
            }
        }
        for layer in (root as? [String: Any])?["layers"] as? [[String: Any]] ?? []
        where layer["type"] as? String == "symbol" {
            if let color = (layer["paint"] as? [String: Any])?["text-color"] { collect(color) }
        }
        return colors
    }

    /// The colour lettering is painted out in, used by neither rendering.
    static let maskColor = (red: 255, green: 0, blue: 255)

    /// Both images with the lettering of either painted out in `maskColor`: the
    /// reference's pixels of a text colour where the map under them (`shapes`, ours without
    /// symbol layers) is of another colour, grown by 3 pixels (halos, antialiasing), and our
    /// placed labels' boxes (their padding included). MapLibre places labels by its own
    /// rules and draws them with other glyphs (SDF, Noto Sans), so labels are compared
    /// loosely: `nearOurs` is the share of the reference's lettering within 8 pixels of one
    /// of our labels. The share of the map painted out is returned, to be kept small.
    static func withoutLettering(
        ours: RasterImage, reference: RasterImage, shapes: RasterImage, textColors: [(red: Int, green: Int, blue: Int)],
        labelBoxes: [CanvasRect]
    ) -> (ours: RasterImage, reference: RasterImage, share: Double, nearOurs: Double) {
        let (width, height) = (ours.width, ours.height)
        var ink = [Bool](repeating: false, count: width * height)
        func color(_ image: RasterImage, _ x: Int, _ y: Int) -> (red: Int, green: Int, blue: Int) {
            let p = image.pixel(x: x, y: y)
            return (Int(p.red), Int(p.green), Int(p.blue))
        }
        for y in 0..<height {
            for x in 0..<width {
                // Lettering of the reference: a text colour over a map of another colour
                // (the map as we draw it without symbols).
                let seen = color(reference, x, y)
                ink[y * width + x] =
                    StructureComparison.distance(seen, color(shapes, x, y)) >= 24
                    && textColors.contains { StructureComparison.distance($0, seen) < 24 }
            }
        }
        var boxes = [Bool](repeating: false, count: width * height)
        for box in labelBoxes {
            let x0 = max(Int(box.minX.rounded(.down)), 0), x1 = min(Int(box.maxX.rounded(.up)), width)
            let y0 = max(Int(box.minY.rounded(.down)), 0), y1 = min(Int(box.maxY.rounded(.up)), height)
            guard x0 < x1, y0 < y1 else { continue }
            for y in y0..<y1 { for x in x0..<x1 { boxes[y * width + x] = true } }
        }
        let nearBoxes = StructureComparison.dilated(boxes, width: width, height: height, radius: 8)
        let inkCount = ink.filter { $0 }.count
        let nearOurs = Double(zip(ink, nearBoxes).filter { $0 && $1 }.count) / Double(max(inkCount, 1))
        let grown = StructureComparison.dilated(ink, width: width, height: height, radius: 3)
        let mask = zip(grown, boxes).map { $0 || $1 }
        var (a, b) = (ours, reference)
        let painted = [maskColor.red, maskColor.green, maskColor.blue, 255].map(UInt8.init)
        for (index, masked) in mask.enumerated() where masked {
            for channel in 0..<4 {
                a.pixels[index * 4 + channel] = painted[channel]
                b.pixels[index * 4 + channel] = painted[channel]
            }
        }
        return (a, b, Double(mask.filter { $0 }.count) / Double(mask.count), nearOurs)
    }

    /// A MapLibre Native reference of the fixtures: a style at a view, and its image's name.
    struct ReferenceView: Sendable, CustomTestStringConvertible {
        var style: String
        var place = "center"
        var center = helsinkiCenter
        var zoom = 16.0
        var image: String { "helsinki-\(style)-\(place)-z\(Int(zoom)).png" }
        var testDescription: String { "\(style) \(place) z\(Int(zoom))" }
    }

    /// Every style at the centre at zoom 16; VersaTiles colorful, whose road classes are the
    /// most numerous, also north of the centre (the harbour, the railway yard) and south at
    /// zoom 14.
    static let references: [ReferenceView] =
        ["protomaps-light", "protomaps-dark", "versatiles-colorful", "versatiles-graybeard"].map {
            ReferenceView(style: $0)
        } + [
            ReferenceView(
                style: "versatiles-colorful", place: "north", center: Coordinate(latitude: 60.176, longitude: 24.944)),
            ReferenceView(
                style: "versatiles-colorful", place: "south", center: Coordinate(latitude: 60.1672, longitude: 24.944),
                zoom: 14),
        ]

    @Test("fills and lines land where MapLibre Native draws them, and labels near its labels", arguments: references)
    func matchesMapLibre(_ view: ReferenceView) throws {
        let name = view.style, label = view.testDescription
        let reference = try RasterImage(
            png: Array(try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + view.image))))
        let (list, _, boxes) = try Self.drawing(name, center: view.center, zoom: view.zoom)
        let drawn = try RasterImage(png: try CairoRenderer().render(list, scale: 1, format: .png))
        let shapes = try RasterImage(
            png: try CairoRenderer().render(
                try Self.drawing(name, center: view.center, zoom: view.zoom, symbols: false).list, scale: 1,
                format: .png))
        let (ours, theirs, share, nearOurs) = Self.withoutLettering(
            ours: drawn, reference: reference, shapes: shapes, textColors: try Self.textColors(of: name),
            labelBoxes: boxes)
        #expect(share < 0.2, "\(label): lettering covers \(share) of the map")
        let comparison = StructureComparison(ours: ours, reference: theirs, classes: 8)
        // Most of MapLibre's lettering stands where ours does.
        #expect(nearOurs >= 0.6, "\(label): \(nearOurs) of the reference's lettering is near one of our labels")
        if ProcessInfo.processInfo.environment["MAPRENDER_PRINT_SCORES"] != nil {
            print(
                "\(label) lettering: \(String(format: "%.3f", nearOurs)) near ours, \(String(format: "%.3f", share)) of the map painted out"
            )
        }
        try comparison.expectClassesAgree(
            ours: ours, label: label, previewName: view.image.replacingOccurrences(of: ".png", with: ""),
            minimumAgreement: MapLibreComparisonTests.minimumAgreement,
            ignoring: { StructureComparison.distance($0, Self.maskColor) == 0 })
    }

    @Test(
        "the publishers' styles draw with notes only: no unsupported expression, no failure",
        arguments: ["protomaps-light", "protomaps-dark", "versatiles-colorful", "versatiles-graybeard"])
    func notesOnly(_ name: String) throws {
        let (_, diagnostics, _) = try Self.drawing(name)
        #expect(diagnostics.allSatisfy { $0.severity == .info }, "\(diagnostics.filter { $0.severity != .info })")
        let unsupported = diagnostics.filter {
            $0.message.contains("not supported") || $0.message.contains("variable-anchor")
                || $0.message.contains("radial-offset")
        }
        #expect(unsupported.isEmpty, "\(unsupported.map(\.message))")
        // However many labels use a font that is not installed, it is said once.
        let fonts = diagnostics.filter { $0.message.contains("is not installed") }
        #expect(fonts.count <= 1, "\(fonts.map(\.message))")
    }

    @Test("Protomaps light draws street names along the streets and place and POI labels")
    func protomapsLabels() throws {
        let (list, _, _) = try Self.drawing("protomaps-light")
        let alongStreets = list.commands.compactMap { command -> String? in
            if case .pathText(let run) = command { run.string } else { nil }
        }
        let points = list.commands.compactMap { command -> String? in
            if case .text(let run) = command { run.string } else { nil }
        }
        for street in ["Kaivokatu", "Vilhonkatu", "Mikonkatu", "Yliopistonkatu"] {
            #expect(alongStreets.contains(street), "\(street) not among \(alongStreets)")
        }
        // District names in capitals (text-transform), letter-spaced (so set cluster by
        // cluster), and POIs in English (the style's lang "en": name:en first).
        #expect(alongStreets.contains("KLUUVI") && alongStreets.contains("KAISANIEMI"), "\(alongStreets)")
        #expect(points.contains { $0.contains("Finnish National") }, "\(points)")
    }
}
