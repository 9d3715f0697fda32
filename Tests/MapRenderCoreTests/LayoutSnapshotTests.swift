import MapGeometry
import Testing

@testable import MapDrawing
@testable import MapRenderCore

/// Display-list snapshots: the exact drawing of small scenes, with fixed text metrics so no
/// font is involved.
@Suite("Layout snapshots")
struct LayoutSnapshotTests {
    let measurer = FixedTextMeasurer()
    let size = CanvasSize(width: 400, height: 300)

    func layout(_ scene: MapScene, mode: CalloutMode = .all) -> MapLayout {
        var style = Style.standard
        style.furniture.showsScaleBar = false
        return MapLayout(scene: scene, style: style, calloutMode: mode, measurer: measurer)
    }

    @Test("pins are drawn north to south; callouts above them")
    func pinsAndCallouts() throws {
        let scene = MapScene(places: [
            Place(
                id: 1, title: "South", subtitle: "1 Main St, Denver, CO 80202",
                coordinate: Coordinate(latitude: 39.70, longitude: -105.00)),
            Place(
                id: 2, title: "North", coordinate: Coordinate(latitude: 39.80, longitude: -104.90), marker: .pin(.green)
            ),
            Place(
                id: 3, title: "Next", coordinate: Coordinate(latitude: 39.75, longitude: -105.05), marker: .goingNext),
        ])
        let result = try layout(scene).layOut(framing: .fit(FitOptions()), size: size)
        try assertSnapshot("viewport \(result.viewport)\n" + result.displayList.dump, named: "pins-and-callouts")
        #expect(result.diagnostics.isEmpty)
        // The northern pin's head is filled before the southern one's.
        let heads = result.displayList.commands.compactMap { command -> Double? in
            if case .fill(let path, let color, _) = command, color == .red || color == .green,
                case .arc(let center, 8, _, _) = path.elements.first
            {
                return center.y
            }
            return nil
        }
        #expect(heads == heads.sorted())
    }

    @Test("a callout that would overlap another moves, and one with no room is dropped and reported")
    func collisions() throws {
        let here = Coordinate(latitude: 39.75, longitude: -105.0)
        let places = (0..<6).map { index in
            Place(
                id: Int64(index), title: "Place number \(index)",
                coordinate: Coordinate(latitude: here.latitude, longitude: here.longitude + Double(index) * 0.0004))
        }
        let result = layout(MapScene(places: places)).layOut(in: Viewport(center: here, zoom: 15, size: size))
        try assertSnapshot(
            result.displayList.dump + result.diagnostics.map { "\($0.severity): \($0.message)" }.joined(separator: "\n")
                + "\n", named: "callout-collisions")
        #expect(!result.diagnostics.isEmpty)
        #expect(result.diagnostics.allSatisfy { $0.severity == .warning && $0.message.contains("dropped") })
    }

    @Test("titles mode draws one line; none draws no callout")
    func modes() throws {
        let place = Place(
            title: "Union Station", subtitle: "1701 Wynkoop St",
            coordinate: Coordinate(latitude: 39.7528, longitude: -105.0001))
        let viewport = Viewport(center: place.coordinate, zoom: 14, size: size)
        let titles = layout(MapScene(places: [place]), mode: .titles).layOut(in: viewport).displayList
        #expect(titles.commands.filter { if case .text = $0 { true } else { false } }.count == 1)
        let none = layout(MapScene(places: [place]), mode: .none).layOut(in: viewport).displayList
        #expect(!none.commands.contains { if case .text = $0 { true } else { false } })
    }

    @Test("overlays: polygon with a hole (even-odd), dashed polyline with casing, circle")
    func overlays() throws {
        var dashed = Style.standard.polyline
        dashed.dashPattern = [6, 3]
        let scene = MapScene(
            circles: [CircleOverlay(center: Coordinate(latitude: 0.02, longitude: 0.02), radius: 500)],
            polylines: [
                PolylineOverlay(
                    coordinates: [
                        Coordinate(latitude: -0.02, longitude: -0.03), Coordinate(latitude: 0.01, longitude: 0.03),
                    ], style: dashed)
            ],
            polygons: [
                PolygonOverlay(rings: [
                    [
                        Coordinate(latitude: -0.01, longitude: -0.01), Coordinate(latitude: -0.01, longitude: 0.01),
                        Coordinate(latitude: 0.01, longitude: 0.01), Coordinate(latitude: 0.01, longitude: -0.01),
                    ],
                    [
                        Coordinate(latitude: -0.005, longitude: -0.005), Coordinate(latitude: 0.005, longitude: -0.005),
                        Coordinate(latitude: 0.005, longitude: 0.005),
                    ],
                ])
            ])
        let result = try layout(scene).layOut(framing: .fit(FitOptions()), size: size)
        try assertSnapshot("viewport \(result.viewport)\n" + result.displayList.dump, named: "overlays")
    }

    @Test("a line across the antimeridian is drawn continuous")
    func antimeridian() throws {
        let scene = MapScene(polylines: [
            PolylineOverlay(coordinates: [
                Coordinate(latitude: -16, longitude: 178), Coordinate(latitude: -17, longitude: 179.5),
                Coordinate(latitude: -18, longitude: -179.5), Coordinate(latitude: -18.5, longitude: -178),
            ])
        ])
        let result = try layout(scene).layOut(framing: .fit(FitOptions()), size: size)
        try assertSnapshot("viewport \(result.viewport)\n" + result.displayList.dump, named: "antimeridian")
        let strokes = result.displayList.commands.compactMap { command -> Path? in
            if case .stroke(let path, _) = command { return path }
            return nil
        }
        let xs = strokes.last!.elements.compactMap { element -> Double? in
            switch element {
            case .move(let p), .line(let p): return p.x
            default: return nil
            }
        }
        // Eastward all the way: no jump back across the canvas.
        #expect(xs == xs.sorted())
        #expect(xs.first! >= 0 && xs.last! <= 400)
    }

    @Test("the user location: halo in meters, heading cone, ring and dot")
    func userLocation() throws {
        let fix = Location(coordinate: Coordinate(latitude: 39.7392, longitude: -104.9903), horizontalAccuracy: 65)
        let scene = MapScene(userLocation: UserLocation(location: fix, heading: 45))
        let viewport = Viewport(center: fix.coordinate, zoom: 16, size: size)
        let result = layout(scene).layOut(in: viewport)
        try assertSnapshot(result.displayList.dump, named: "user-location")
        // 65 m at zoom 16 and this latitude, in canvas points.
        let expected =
            65 * MapPoint.mapPointsPerMeter(atLatitude: 39.7392) * Viewport.canvasPointsPerMapPoint(atZoom: 16)
        #expect(
            abs(
                UserLocationShape.haloRadius(for: scene.userLocation!, in: viewport, style: UserLocationStyle())!
                    - expected) < 1e-9)
        let invalid = UserLocation(location: Location(coordinate: fix.coordinate, horizontalAccuracy: -1))
        #expect(UserLocationShape.haloRadius(for: invalid, in: viewport, style: UserLocationStyle()) == nil)
    }
}
