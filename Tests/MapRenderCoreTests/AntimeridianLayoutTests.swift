import MapGeometry
import Testing

@testable import MapAnnotations
@testable import MapDrawing
@testable import MapRenderCore

/// Shapes near and past the 180th meridian: fitted across it and drawn where they are,
/// whichever way their longitudes are written.
@Suite("Layout across the antimeridian")
struct AntimeridianLayoutTests {
    let size = CanvasSize(width: 400, height: 300)

    func coordinates(_ pairs: [(Double, Double)]) -> [Coordinate] {
        pairs.map { Coordinate(latitude: $0.1, longitude: $0.0) }
    }

    func layOut(_ scene: MapScene) throws -> MapLayout.Result {
        var style = Style.standard
        style.furniture.showsScaleBar = false
        return try MapLayout(scene: scene, style: style, measurer: FixedTextMeasurer())
            .layOut(framing: .fit(FitOptions()), size: size)
    }

    /// The bounding rects of the fills of a display list, in order.
    func fills(_ result: MapLayout.Result) -> [CanvasRect] {
        result.displayList.commands.compactMap { command in
            guard case .fill(let path, _, _) = command else { return nil }
            return path.boundingRect
        }
    }

    /// A ring around 179°–181° and a hole around 179.5°–180.5°, each written (as the GeoJSON
    /// decoder leaves them) from its own first longitude: the outer one from 179°, the hole
    /// from −179.5°.
    var straddlingPolygon: PolygonOverlay {
        PolygonOverlay(rings: [
            coordinates([(179, -10), (-179, -10), (-179, -8), (179, -8), (179, -10)]),
            coordinates([(-179.5, -9.5), (-179.5, -8.5), (179.5, -8.5), (179.5, -9.5), (-179.5, -9.5)]),
        ])
    }

    @Test("a hole written across the date line from its outer ring is moved next to it")
    func ringsJoined() {
        let rings = OverlayProjection.mapPoints(rings: straddlingPolygon.rings)
        let outer = MapRect(containing: rings[0])!, hole = MapRect(containing: rings[1])!
        // The outer ring stays where it was written; the hole comes inside it.
        #expect(outer == MapRect(containing: OverlayProjection.mapPoints(straddlingPolygon.rings[0])))
        #expect(hole.minX > outer.minX && hole.maxX < outer.maxX)
    }

    @Test("a polygon with a hole across the date line is fitted as 2° of longitude, not the world")
    func straddlingPolygonFitted() throws {
        let result = try layOut(MapScene(polygons: [straddlingPolygon]))
        #expect(result.viewport.zoom > 5)
        let rect = try #require(fills(result).last)
        #expect(rect.minX >= 0 && rect.maxX <= size.width && rect.width > size.width / 2)
    }

    /// A polygon from 175° to 179° and one from 200° to 205.3°, joined by a line.
    func pacificScene(eastLongitudes: (Double, Double)) -> MapScene {
        let (west, east) = eastLongitudes
        return MapScene(
            polylines: [PolylineOverlay(coordinates: coordinates([(179, 12), (west, 12)]))],
            polygons: [
                PolygonOverlay(rings: [coordinates([(175, 10), (179, 10), (179, 15), (175, 15), (175, 10)])]),
                PolygonOverlay(rings: [coordinates([(west, 10), (east, 10), (east, 15), (west, 15), (west, 10)])]),
            ])
    }

    @Test("a polygon at 205° is fitted and drawn east of its neighbour at 179°, continuous with it")
    func pastTheEdge() throws {
        let result = try layOut(pacificScene(eastLongitudes: (200, 205.3)))
        let bounds = result.viewport.bounds
        let span = bounds.east - bounds.west + (bounds.east < bounds.west ? 360 : 0)
        #expect(span > 30.3 && span < 60, "the frame spans \(span)° of longitude")
        let rects = fills(result)
        try #require(rects.count == 2)
        let (neighbour, pacific) = (rects[0], rects[1])
        #expect(neighbour.minX >= 0 && pacific.maxX <= size.width)
        #expect(neighbour.maxX < pacific.minX)
        // 21° of longitude between them, at the scale of the 4° of the neighbour.
        #expect(abs((pacific.minX - neighbour.maxX) / neighbour.width - 21.0 / 4) < 0.01)
    }

    @Test("205.3° draws exactly where −154.7° does")
    func sameMeridian() throws {
        let written = try layOut(pacificScene(eastLongitudes: (200, 205.3)))
        let wrapped = try layOut(pacificScene(eastLongitudes: (-160, -154.7)))
        #expect(written.displayList.dump == wrapped.displayList.dump)
    }

    @Test("longitudes many turns past ±180° draw as their meridian, without running out of world copies")
    func manyTurns() throws {
        // 10^30 degrees: in map points far beyond what an Int can count in worlds.
        let far = 1e30, near = Coordinate.normalizedLongitude(1e30)
        func scene(_ longitude: Double) -> MapScene {
            MapScene(
                places: [Place(title: "", coordinate: Coordinate(latitude: 12, longitude: longitude))],
                polylines: [PolylineOverlay(coordinates: coordinates([(longitude, 10), (longitude, 14)]))])
        }
        let farResult = try layOut(scene(far)), nearResult = try layOut(scene(near))
        #expect(farResult.displayList.dump == nearResult.displayList.dump)
        #expect(farResult.annotations.map(\.coordinate) == [Coordinate(latitude: 12, longitude: near)])
    }
}
