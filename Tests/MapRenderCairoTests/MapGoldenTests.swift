import MapGeometry
import MapRenderCairo
import MapRenderCore
import Testing

@testable import MapInputs
@testable import MapStyleFiles
@testable import MapTiles

/// Whole maps through layout and Cairo, compared with goldens: pins, callouts in several
/// scripts, overlays, the blue dot, and the three shipped styles.
@Suite("Map goldens")
struct MapGoldenTests {
    let size = CanvasSize(width: 400, height: 300)

    func render(
        _ scene: MapScene, style: Style = .standard, scale: Double = 1, framing: Framing? = nil,
        basemap: (any BasemapSource)? = nil
    ) throws -> [UInt8] {
        let options = MapSnapshotter.Options(
            size: size, scale: scale, framing: framing ?? .fit(FitOptions()), style: style, format: .png)
        return try MapSnapshotter(scene: scene, options: options, basemap: basemap).makeSnapshot(
            renderer: CairoRenderer()
        ).data
    }

    @Test(
        "the embedded world basemap: a world map and a regional map with labels",
        arguments: [
            ("map-world", Coordinate(latitude: 20, longitude: 10), 0.7),
            ("map-colorado", Coordinate(latitude: 39.5, longitude: -105.5), 5.5),
        ])
    func world(name: String, center: Coordinate, zoom: Double) throws {
        let scene = MapScene(places: [
            Place(title: "Denver", coordinate: Coordinate(latitude: 39.7392, longitude: -104.9903))
        ])
        for style in [("", Style.standard), ("-dark", try StyleDecoder.load(nameOrPath: "dark"))] {
            let png = try render(
                scene, style: style.1, framing: .centerZoom(center, zoom: zoom), basemap: try WorldBasemap.embedded())
            GoldenImage.assertMatches(png, named: name + style.0)
        }
    }

    static let denver: MapScene = {
        let places = [
            Place(
                id: 1, title: "Union Station", subtitle: "1701 Wynkoop St, Denver, CO 80202",
                coordinate: Coordinate(latitude: 39.7528, longitude: -105.0001)),
            Place(
                id: 2, title: "State Capitol", subtitle: "200 E Colfax Ave",
                coordinate: Coordinate(latitude: 39.7392, longitude: -104.9847), marker: .pin(.green)),
            Place(
                id: 3, title: "Botanic Gardens", coordinate: Coordinate(latitude: 39.7322, longitude: -104.9603),
                marker: .goingNext),
            Place(
                id: 4, title: "City Park", coordinate: Coordinate(latitude: 39.7472, longitude: -104.9500),
                marker: .pin(.purple), proximityRadius: 600, showsProximity: true),
        ]
        let trail = PolylineOverlay(coordinates: [
            Coordinate(latitude: 39.7549, longitude: -105.0076), Coordinate(latitude: 39.7480, longitude: -104.9990),
            Coordinate(latitude: 39.7400, longitude: -104.9880), Coordinate(latitude: 39.7180, longitude: -104.9520),
        ])
        let park = PolygonOverlay(rings: [
            [
                Coordinate(latitude: 39.7440, longitude: -104.9560),
                Coordinate(latitude: 39.7440, longitude: -104.9440),
                Coordinate(latitude: 39.7520, longitude: -104.9440),
                Coordinate(latitude: 39.7520, longitude: -104.9560),
            ],
            [
                Coordinate(latitude: 39.7465, longitude: -104.9525),
                Coordinate(latitude: 39.7465, longitude: -104.9490),
                Coordinate(latitude: 39.7490, longitude: -104.9490),
            ],
        ])
        let me = UserLocation(
            location: Location(
                coordinate: Coordinate(latitude: 39.7420, longitude: -104.9750), horizontalAccuracy: 300), heading: 60)
        return MapScene(
            places: places, polylines: [trail], polygons: [park], userLocation: me, title: "Denver",
            attribution: ["Made with Natural Earth"])
    }()

    @Test("the default style: pins, callouts, overlays, the blue dot, furniture")
    func standard() throws {
        GoldenImage.assertMatches(try render(Self.denver), named: "map-default")
    }

    @Test("the same map at scale 2 scales strokes, fonts and pins, not just pixels")
    func doubleScale() throws {
        GoldenImage.assertMatches(try render(Self.denver, scale: 2), named: "map-default@2x")
    }

    @Test("the shipped styles", arguments: ["dark", "print"])
    func shippedStyle(name: String) throws {
        let style = try StyleDecoder.load(nameOrPath: name)
        GoldenImage.assertMatches(try render(Self.denver, style: style), named: "map-\(name)")
    }

    @Test("callouts in Japanese, Arabic and Hebrew")
    func scripts() throws {
        let scene = MapScene(places: [
            Place(
                id: 1, title: "東京タワー", subtitle: "東京都港区芝公園",
                coordinate: Coordinate(latitude: 35.6586, longitude: 139.7454)),
            Place(
                id: 2, title: "برج خليفة", subtitle: "دبي",
                coordinate: Coordinate(latitude: 35.6400, longitude: 139.7200), marker: .pin(.green)),
            Place(
                id: 3, title: "הכותל המערבי", subtitle: "ירושלים",
                coordinate: Coordinate(latitude: 35.6500, longitude: 139.7700), marker: .pin(.purple)),
        ])
        GoldenImage.assertMatches(try render(scene), named: "map-scripts")
    }
}
