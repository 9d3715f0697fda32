import Foundation
// Plain imports, as a package that depends on the library product has: the example may use
// public API only.
import MapGeometry
import MapInputs
import MapRenderCairo
import MapRenderCore
import MapRenderSVG
import MapStyleFiles
import MapTiles
import Testing

/// The library example of docs/library.md, verbatim between the markers, compiled and run here so it
/// can never rot. `pageMatchesThisFile` checks the page still shows this same code.
@Suite("The library example in docs/library.md")
struct LibraryExampleTests {
    // BEGIN LIBRARY EXAMPLE
    func makeReportMap() throws -> (png: [UInt8], museum: CanvasPoint) {
        let museum = Place(
            title: "Denver Museum of Nature & Science", subtitle: "2001 Colorado Blvd",
            coordinate: Coordinate(latitude: 39.7475, longitude: -104.9428))
        let capitol = Place(
            title: "Colorado State Capitol", coordinate: Coordinate(latitude: 39.7392, longitude: -104.9847),
            marker: .pin(.green))
        let scene = MapScene(
            places: [museum, capitol],
            circles: [CircleOverlay(center: museum.coordinate, radius: 500)])

        let options = MapSnapshotter.Options(
            size: CanvasSize(width: 600, height: 400), scale: 2, style: try StyleDecoder.load(nameOrPath: "default"))
        let snapshotter = MapSnapshotter(scene: scene, options: options, basemap: try WorldBasemap.embedded())
        let snapshot = try snapshotter.makeSnapshot(renderer: CairoRenderer())

        // snapshot.data is the PNG; point(for:) says where any coordinate landed, in points.
        return (snapshot.data, snapshot.point(for: museum.coordinate))
    }

    /// A ride from a GPX file (or CSV, or GeoJSON: the kind is found by extension, then by
    /// content), cleaned, with start and end pins, as SVG with real text.
    func makeRideMap(gpxPath: String) throws -> MapSnapshot {
        var inputs = SceneInputs()
        inputs.trackPaths = [gpxPath]
        inputs.trackDisplay.coloring = .speed
        let scene = try SceneLoader.scene(from: inputs)

        let options = MapSnapshotter.Options(format: .svg)
        let renderer = SVGRenderer(textMeasurer: CairoRenderer().textMeasurer)
        return try MapSnapshotter(scene: scene, options: options, basemap: try WorldBasemap.embedded())
            .makeSnapshot(renderer: renderer)
    }
    // END LIBRARY EXAMPLE

    @Test("the example renders a 2× PNG and places the museum inside it")
    func runs() throws {
        let (png, museum) = try makeReportMap()
        let image = try RasterImage(png: png)
        #expect(image.width == 1200 && image.height == 800)
        #expect(museum.x > 0 && museum.x < 600 && museum.y > 0 && museum.y < 400)
    }

    @Test("the ride example loads the GPX file and writes SVG with its start and end pins")
    func rideRuns() throws {
        let ride = Maprender.packageRoot.appendingPathComponent("examples/denver-ride.gpx").path
        let snapshot = try makeRideMap(gpxPath: ride)
        let svg = String(decoding: snapshot.data, as: UTF8.self)
        #expect(svg.hasPrefix("<svg ") && svg.contains("viewBox=\"0 0 800 600\""))
        let titles = snapshot.annotations.map(\.title)
        #expect(titles.contains("Start") && titles.contains("End"))
    }

    @Test("the library's default callouts are the command line's: a crowd of places is numbered, none dropped")
    func defaultKeepsEveryPlace() throws {
        // Six places a few meters apart at zoom 12: no room for six bubbles side by side.
        let places = (0..<6).map { index in
            Place(
                title: "Favorite place number \(index)", subtitle: "\(index) Colfax Avenue",
                coordinate: Coordinate(
                    latitude: 39.74 + Double(index) * 1e-4, longitude: -104.99 + Double(index) * 1e-4))
        }
        let scene = MapScene(places: places)
        let options = MapSnapshotter.Options(
            framing: .centerZoom(Coordinate(latitude: 39.74, longitude: -104.99), zoom: 12))
        #expect(options.calloutMode == .auto)
        let snapshot = try MapSnapshotter(scene: scene, options: options).makeSnapshot(renderer: CairoRenderer())
        #expect(snapshot.diagnostics.filter { $0.severity == .warning }.isEmpty, "\(snapshot.diagnostics)")
        #expect(!snapshot.legend.isEmpty)
        // Every place is named: by a bubble, or by a badge and its legend line.
        let numbered = Set(snapshot.legend.flatMap(\.annotations))
        #expect(snapshot.annotations.indices.filter { snapshot.annotations[$0].badge != nil }.count == numbered.count)

        // The callouts of `.all`, asked for, still drop with a warning each.
        var all = options
        all.calloutMode = .all
        let dropped = try MapSnapshotter(scene: scene, options: all).makeSnapshot(renderer: CairoRenderer())
        #expect(dropped.diagnostics.contains { $0.message.contains("dropped") })
    }

    @Test("docs/library.md shows exactly this code")
    func pageMatchesThisFile() throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let page = try String(
            contentsOf: Maprender.packageRoot.appendingPathComponent("docs/library.md"), encoding: .utf8)
        let begin = source.range(of: "    // BEGIN LIBRARY EXAMPLE\n")!,
            end = source.range(of: "    // END LIBRARY EXAMPLE")!
        let code = source[begin.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : String($0) }.joined(separator: "\n")
        #expect(page.contains(code), "update the library example in docs/library.md to match LibraryExampleTests.swift")
    }
}
