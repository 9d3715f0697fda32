import Foundation
import MapDrawing
import MapErrors
import MapGeometry
import MapRenderCore
import MapTestSupport
import MapTiles
import MapVectorSources
import Testing

/// Contour lines in the built-in looks (`--terrain` with `--contours auto`) and in styles
/// (`contours://` sources), over the synthetic 250 m hill beside Helsinki.
@Suite("Contour lines in the built-in looks")
struct ContourOverlayTests {
    static let hill = packageRoot + "/Tests/EndToEndTests/Fixtures/terrain/helsinki-hill.pmtiles"
    static let streets = packageRoot + "/examples/helsinki/helsinki.pmtiles"
    let options = HTTPTileOptions(userAgent: "maprender-tests")

    func view(zoom: Double) -> Viewport {
        Viewport(
            center: Coordinate(latitude: 60.1716, longitude: 24.9443), zoom: zoom,
            size: CanvasSize(width: 300, height: 200))
    }

    func street(
        look: String = "default", contours: ContourOverlay.Unit? = .metres
    ) throws -> StreetBasemap {
        try #require(
            try StreetBasemapResolver.basemap(
                argument: Self.streets, styleFile: nil, styleName: look, scale: 1, mapType: .standard,
                options: options, terrain: Self.hill, contours: contours))
    }

    /// The texts of the label candidates drawn along lines.
    func lineLabels(_ drawing: StyledBasemapDrawing) -> [String] {
        drawing.labels.flatMap(\.commands).compactMap { command in
            if case .pathText(let run) = command { return run.string }
            return nil
        }
    }

    @Test("over the hillshade, under the roads; index contours thicker; labelled in metres after the place names")
    func inTheStreetMap() throws {
        let drawing = try street().basemap.drawing(for: view(zoom: 14), scale: 1, measurer: FixedTextMeasurer())
        let dumps = drawing.commands.map(\.dump)
        let relief = try #require(dumps.firstIndex { $0.hasPrefix("image ") })
        // The contour colour of the default look, rgba(140, 100, 60, 0.45).
        let contourColor = Color(red: 140 / 255, green: 100 / 255, blue: 60 / 255, alpha: 0.45)
        let contours = drawing.commands.indices.filter { index in
            if case .stroke(_, let style) = drawing.commands[index] { return style.color == contourColor }
            return false
        }
        // One stroke per layer (lines of one look are drawn as one path): contours and index contours.
        #expect(contours.count == 2, "\(contours.count) contour strokes")
        #expect(contours.allSatisfy { $0 > relief })
        // Contours come straight after the hillshade, before anything else the look draws over it.
        #expect(contours == [relief + 1, relief + 2])
        let widths = Set(
            contours.compactMap { index -> Double? in
                if case .stroke(_, let style) = drawing.commands[index] { return style.lineWidth }
                return nil
            })
        #expect(widths.count == 2 && widths.max()! > widths.min()! * 1.5, "\(widths)")
        // Index contours every 100 m at zoom 14, labelled in metres; placed after every other label.
        let labels = lineLabels(drawing).filter { $0.hasSuffix(" m") }
        #expect(!labels.isEmpty)
        for label in labels {
            let value = try #require(Int(label.dropLast(2)))
            #expect(value % 100 == 0 && (0...260).contains(value), "\(label)")
        }
        let lastOthers = drawing.labels.lastIndex { candidate in
            !candidate.commands.contains { command in
                if case .pathText(let run) = command { return run.string.hasSuffix(" m") }
                return false
            }
        }
        let firstContour = drawing.labels.firstIndex { candidate in
            candidate.commands.contains { command in
                if case .pathText(let run) = command { return run.string.hasSuffix(" m") }
                return false
            }
        }
        #expect(try #require(firstContour) > (lastOthers ?? -1), "contour labels are placed last")
    }

    @Test("in feet with --imperial: a feet interval, labels in ft")
    func feet() throws {
        let drawing = try street(contours: .feet).basemap.drawing(
            for: view(zoom: 14), scale: 1, measurer: FixedTextMeasurer())
        let labels = lineLabels(drawing).filter { $0.hasSuffix(" ft") }
        #expect(!labels.isEmpty)
        for label in labels {
            let value = try #require(Int(label.dropLast(3)))
            #expect(value % 250 == 0 && (0...850).contains(value), "\(label)")
        }
        #expect(!lineLabels(drawing).contains { $0.hasSuffix(" m") })
    }

    @Test("none below zoom 12, none with --contours none")
    func leftOut() throws {
        let far = try street().basemap.drawing(for: view(zoom: 11.5), scale: 1, measurer: FixedTextMeasurer())
        let off = try street(contours: nil).basemap.drawing(
            for: view(zoom: 14), scale: 1, measurer: FixedTextMeasurer())
        let on = try street().basemap.drawing(for: view(zoom: 14), scale: 1, measurer: FixedTextMeasurer())
        #expect(lineLabels(far).allSatisfy { !$0.hasSuffix(" m") })
        #expect(lineLabels(off).allSatisfy { !$0.hasSuffix(" m") })
        #expect(on.commands.count > off.commands.count)
        #expect(try !street(contours: nil).basemap.style.layers.contains { $0.id.hasPrefix("contour") })
    }

    @Test("the relief alone (over the embedded world), as a display list", arguments: ["default", "dark", "print"])
    func reliefSnapshot(_ look: String) throws {
        let relief = try TerrainOverlay.relief(
            archive: Self.hill, styleName: look, options: options, contours: .metres)
        let drawing = try relief.basemap.drawing(for: view(zoom: 14), scale: 1, measurer: FixedTextMeasurer())
        var list = DisplayList(size: view(zoom: 14).size)
        list.commands = drawing.commands
        var placer = LabelPlacer(canvas: CanvasRect(x: 0, y: 0, width: 300, height: 200), obstacles: [])
        list.commands += placer.commands(placing: drawing.labels)
        try assertSnapshot(list.dump, named: "contours-hill-z14-\(look)")
    }

    /// Compares text with `Fixtures/contour-snapshots/<name>.txt`;
    /// `MAPRENDER_RECORD_SNAPSHOTS=1` writes it instead, and fails so a re-record is read.
    func assertSnapshot(_ actual: String, named name: String) throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/contour-snapshots")
        let file = folder.appendingPathComponent("\(name).txt")
        guard ProcessInfo.processInfo.environment["MAPRENDER_RECORD_SNAPSHOTS"] != "1",
            let expected = try? String(contentsOf: file, encoding: .utf8)
        else {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try actual.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("recorded snapshot \(file.path); read it, then run the tests again")
            return
        }
        let got = actual.split(separator: "\n"), want = expected.split(separator: "\n")
        let first = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(
            actual == expected,
            "snapshot \(name) differs at line \((first ?? min(got.count, want.count)) + 1)")
    }

    @Test("a contours:// source naming no raster-dem source is refused")
    func refusal() throws {
        let folder = try StyleFolder()
        let path = folder.path + "/style.json"
        try #"""
        {"version": 8, "sources": {"c": {"type": "vector", "url": "contours://dem"}},
         "layers": [{"id": "c", "type": "line", "source": "c", "source-layer": "contour"}]}
        """#.write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            _ = try StreetBasemapResolver.basemap(
                argument: "world", styleFile: path, styleName: "default", scale: 1, mapType: .standard,
                options: options)
        } throws: { error in
            (error as? MapError)?.kind == .invalidRequest && "\(error)".contains("names no raster-dem source")
        }
    }
}
