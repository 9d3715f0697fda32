import Testing

@testable import MapGeometry

/// Tolerance for canvas positions, in canvas points.
let canvasTolerance = 1e-6

@Suite("Viewport")
struct ViewportTests {
    let size = CanvasSize(width: 800, height: 600)

    @Test("the centre lands in the middle of the canvas")
    func centre() {
        let denver = Coordinate(latitude: 39.7392, longitude: -104.9903)
        let viewport = Viewport(center: denver, zoom: 12.3, size: size)
        let point = viewport.point(for: denver)
        #expect(abs(point.x - 400) < canvasTolerance)
        #expect(abs(point.y - 300) < canvasTolerance)
    }

    @Test("at zoom 0 the world is 256 points wide")
    func zoomZero() {
        let viewport = Viewport(
            center: Coordinate(latitude: 0, longitude: 0), zoom: 0, size: CanvasSize(width: 256, height: 256))
        let east = viewport.point(for: Coordinate(latitude: 0, longitude: 90))
        #expect(abs(east.x - 192) < canvasTolerance)
        #expect(abs(east.y - 128) < canvasTolerance)
    }

    @Test("point(for:) and coordinate(for:) are inverses")
    func inverse() {
        let viewport = Viewport(center: Coordinate(latitude: 48.85, longitude: 2.35), zoom: 9.7, size: size)
        for x in stride(from: 0.0, through: 800, by: 97) {
            for y in stride(from: 0.0, through: 600, by: 83) {
                let coordinate = viewport.coordinate(for: CanvasPoint(x: x, y: y))
                let back = viewport.point(for: coordinate)
                #expect(abs(back.x - x) < 1e-6 && abs(back.y - y) < 1e-6)
            }
        }
    }

    @Test("a coordinate is drawn in the world copy nearest the centre")
    func nearestCopy() {
        let viewport = Viewport(center: Coordinate(latitude: -17, longitude: 179.9), zoom: 6, size: size)
        let east = viewport.point(for: Coordinate(latitude: -17, longitude: -179.9))
        #expect(east.x > 400 && east.x < 420)
        #expect(viewport.bounds.east < viewport.bounds.west)
    }
}

@Suite("Fitting")
struct FittingTests {
    let size = CanvasSize(width: 800, height: 600)
    let noPadding = FitOptions(padding: .zero)

    func item(_ latitude: Double, _ longitude: Double, margins: EdgeInsets = .zero) -> FitItem {
        FitItem(point: MapPoint(Coordinate(latitude: latitude, longitude: longitude)), margins: margins)
    }

    @Test("a single point is centred at the single-point zoom")
    func singlePoint() throws {
        let viewport = try Viewport.fitting([item(39.75, -104.94)], in: size)
        #expect(viewport.zoom == 15)
        let centre = viewport.point(for: Coordinate(latitude: 39.75, longitude: -104.94))
        #expect(abs(centre.x - 400) < canvasTolerance && abs(centre.y - 300) < canvasTolerance)
    }

    @Test("two points fill the canvas on the tighter axis, exactly")
    func twoPoints() throws {
        let a = Coordinate(latitude: 0, longitude: -10), b = Coordinate(latitude: 1, longitude: 10)
        let viewport = try Viewport.fitting([item(0, -10), item(1, 10)], in: size, options: noPadding)
        let pa = viewport.point(for: a), pb = viewport.point(for: b)
        #expect(abs(pa.x - 0) < 1e-6)
        #expect(abs(pb.x - 800) < 1e-6)
        #expect(abs((pa.y + pb.y) / 2 - 300) < 1e-6)
    }

    @Test("padding is kept clear on every side")
    func padding() throws {
        let options = FitOptions(padding: EdgeInsets(all: 50))
        let viewport = try Viewport.fitting([item(0, -10), item(1, 10)], in: size, options: options)
        #expect(abs(viewport.point(for: Coordinate(latitude: 0, longitude: -10)).x - 50) < 1e-6)
        #expect(abs(viewport.point(for: Coordinate(latitude: 1, longitude: 10)).x - 750) < 1e-6)
    }

    @Test("pixel margins: a pin's head stays on the canvas and the drawn extent is centred")
    func margins() throws {
        let pin = EdgeInsets(top: 33, left: 9, bottom: 3, right: 9)
        let items = [item(10, 0, margins: pin), item(-10, 0, margins: pin)]
        let viewport = try Viewport.fitting(items, in: size, options: noPadding)
        let north = viewport.point(for: Coordinate(latitude: 10, longitude: 0))
        let south = viewport.point(for: Coordinate(latitude: -10, longitude: 0))
        #expect(abs(north.y - 33) < 1e-6)
        #expect(abs(south.y + 3 - 600) < 1e-6)
    }

    @Test("margins larger than the canvas fall back to the smallest zoom, centred")
    func marginsTooLarge() throws {
        let huge = EdgeInsets(all: 1000)
        let viewport = try Viewport.fitting([item(10, 0, margins: huge), item(-10, 1, margins: huge)], in: size)
        #expect(viewport.zoom == 0)
    }

    @Test("no content is an error")
    func empty() throws {
        #expect(throws: FitError.noContent) { try Viewport.fitting([], in: size) }
        #expect(throws: FitError.emptyCanvas) {
            try Viewport.fitting([item(0, 0)], in: CanvasSize(width: 0, height: 10))
        }
    }

    @Test("the zoom is capped by the maximum and snapped when asked")
    func capAndSnap() throws {
        let near = [item(39.7500, -104.9400), item(39.7501, -104.9401)]
        let capped = try Viewport.fitting(near, in: size, options: FitOptions(maximumZoom: 16))
        #expect(capped.zoom == 16)
        let snapped = try Viewport.fitting(
            [item(0, -10), item(1, 10)], in: size, options: FitOptions(snapsToWholeZoom: true))
        #expect(snapped.zoom == snapped.zoom.rounded(.down))
        let unsnapped = try Viewport.fitting([item(0, -10), item(1, 10)], in: size)
        #expect(snapped.zoom == unsnapped.zoom.rounded(.down))
    }

    @Test("Fiji is framed across the date line, not across the world")
    func fiji() throws {
        let islands = [item(-16.5, 179.4), item(-18.1, 178.4), item(-17.3, -178.8), item(-19.0, -179.9)]
        let viewport = try Viewport.fitting(islands, in: size)
        #expect(viewport.zoom > 6)
        #expect(abs(abs(viewport.centerCoordinate.longitude) - 180) < 1.5)
        for island in islands {
            let point = viewport.point(for: island.rect.origin.coordinate)
            #expect(point.x >= 0 && point.x <= 800)
        }
    }

    @Test("Alaska with Kamchatka is framed across the date line")
    func alaskaKamchatka() throws {
        let anchorage = item(61.22, -149.90), petropavlovsk = item(53.02, 158.65)
        let viewport = try Viewport.fitting([anchorage, petropavlovsk], in: size)
        // The short way is 51.45° of longitude wide, centred near 175.6° W.
        #expect(abs(viewport.centerCoordinate.longitude - (-175.625)) < 0.01)
        #expect(viewport.zoom > 2.5)
    }

    @Test("rects written on either side of the date line are joined by whole-world shifts")
    func worldShifts() {
        let world = MapSize.world.width
        func rect(west: Double, east: Double) -> MapRect {
            let a = MapPoint(Coordinate(latitude: 52, longitude: west)),
                b = MapPoint(Coordinate(latitude: 53, longitude: east))
            return MapRect(minX: a.x, minY: b.y, maxX: b.x, maxY: a.y)
        }
        // Attu written as −187.1° (west of the world's edge), Attu written as 172.9°, Adak, the
        // mainland: all end up side by side east of 172.9°.
        let rects = [
            rect(west: -187.1, east: -186.3), rect(west: 172.9, east: 173.7), rect(west: -177, east: -176.4),
            rect(west: -168, east: -130),
        ]
        let shifts = MapRect.worldShifts(joining: rects)
        #expect(shifts == [world, 0, world, world])
        let joined = zip(rects, shifts).map { $0.offsetBy(dx: $1, dy: 0) }
        #expect(joined[0] == joined[1] || abs(joined[0].minX - joined[1].minX) < 1e-6)
        #expect(joined.map(\.maxX).max()! - joined.map(\.minX).min()! < world * 58 / 360)
        // Apart from each other by less than the rest of the world: nothing moves but into [0, world).
        #expect(MapRect.worldShifts(joining: [rect(west: -10, east: 10), rect(west: 20, east: 30)]) == [0, 0])
        #expect(MapRect.worldShifts(joining: []).isEmpty)
    }

    @Test("fitting around a centre keeps it in the middle and shows everything")
    func around() throws {
        let centre = MapPoint(Coordinate(latitude: 39.74, longitude: -104.99))
        let items = [item(39.90, -104.60), item(39.60, -105.20)]
        let viewport = try Viewport.fitting(items, in: size, options: noPadding, around: centre)
        #expect(abs(viewport.point(for: centre.coordinate).x - 400) < 1e-6)
        for item in items {
            let p = viewport.point(for: item.rect.origin.coordinate)
            #expect(p.x >= -1e-6 && p.x <= 800 + 1e-6 && p.y >= -1e-6 && p.y <= 600 + 1e-6)
        }
    }

    @Test("a region is shown whole")
    func region() throws {
        let region = CoordinateRegion.make(
            center: Coordinate(latitude: 39.74, longitude: -104.99), latitudinalMeters: 5000, longitudinalMeters: 5000)
        let viewport = try Viewport.fitting(region, in: size)
        let top = viewport.point(for: Coordinate(latitude: 39.74 + region.latitudeDelta / 2, longitude: -104.99))
        let bottom = viewport.point(for: Coordinate(latitude: 39.74 - region.latitudeDelta / 2, longitude: -104.99))
        // North of the centre Mercator stretches more, so the northern edge touches the top.
        #expect(abs(top.y - 0) < 1e-6)
        #expect(bottom.y < 600 && bottom.y > 599)
        #expect(abs(viewport.point(for: region.center).y - 300) < 1e-6)
    }
}
