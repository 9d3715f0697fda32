import Foundation
import MapDrawing
import MapGeometry
import MapRenderCore
import MapTestSupport
import Testing

@testable import MapVectorSources

/// OSM Liberty's own sprite sheet (Fixtures/osm-liberty-sprites, written by its authors'
/// tools, 1× and 2×) beside OSM Liberty's style, over the Helsinki archive.
@Suite("A third-party sprite")
struct ThirdPartySpriteTests {
    let sprites = packageRoot + "/Tests/MapVectorSourcesTests/Fixtures/osm-liberty-sprites"
    let style = packageRoot + "/Tests/MapVectorStyleTests/Fixtures/osm-liberty.json"

    /// The style in a folder with the archive and the sprite, its paths made local.
    func folder() throws -> (StyleFolder, String) {
        let folder = try StyleFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/sprites", withIntermediateDirectories: true)
        for name in ["osm-liberty.json", "osm-liberty.png", "osm-liberty@2x.json", "osm-liberty@2x.png"] {
            try FileManager.default.copyItem(atPath: sprites + "/" + name, toPath: folder.path + "/sprites/" + name)
        }
        var json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: style))) as! [String: Any]
        json["sprite"] = "sprites/osm-liberty"
        var sources = json["sources"] as! [String: Any]
        sources["openmaptiles"] = ["type": "vector", "url": "pmtiles://tiles/helsinki.pmtiles"]
        json["sources"] = sources
        let path = folder.path + "/style.json"
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: path))
        return (folder, path)
    }

    @Test("the 1× and 2× sheets load with every icon inside its image, the 2× one at pixel ratio 2")
    func sheets() throws {
        let (folder, path) = try folder()
        defer { _ = folder }
        let oneX = SpriteLoader.load("sprites/osm-liberty", styleFile: path, scale: 1)
        let twoX = SpriteLoader.load("sprites/osm-liberty", styleFile: path, scale: 2)
        #expect(oneX.diagnostics.isEmpty && twoX.diagnostics.isEmpty, "\(oneX.diagnostics) \(twoX.diagnostics)")
        let one = try #require(oneX.sheet), two = try #require(twoX.sheet)
        #expect(one.icons.count > 200 && one.icons.count == two.icons.count)
        #expect(one.icons["restaurant_11"]?.pixelRatio == 1 && two.icons["restaurant_11"]?.pixelRatio == 2)
        // The same icon, the same size in canvas points at either density.
        let small = try #require(one.icons["restaurant_11"]), large = try #require(two.icons["restaurant_11"])
        #expect(small.size.width == large.size.width && small.size.height == large.size.height)
    }

    @Test("the style draws its POI icons from the sheet over Helsinki")
    func iconsDrawn() throws {
        let (folder, path) = try folder()
        defer { _ = folder }
        let basemap = try #require(try resolve(style: path, scale: 2))
        let viewport = Viewport(
            center: Coordinate(latitude: 60.1690, longitude: 24.9410), zoom: 17.5,
            size: CanvasSize(width: 1024, height: 768))
        let drawing = try basemap.drawing(for: viewport, scale: 2, measurer: FixedTextMeasurer())
        // Read without a warning; icons a feature names that the sheet lacks are a note.
        #expect(!drawing.diagnostics.contains { $0.severity == .warning }, "\(drawing.diagnostics)")
        var placer = LabelPlacer(canvas: CanvasRect(x: 0, y: 0, width: 1024, height: 768), obstacles: [])
        let icons = placer.commands(placing: drawing.labels).filter {
            if case .imagePart(let image, _, _) = $0 { image.pixelWidth > 1000 } else { false }
        }
        #expect(icons.count >= 5, "icons drawn from the 2× sheet: \(icons.count)")
    }
}
