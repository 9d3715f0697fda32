import MapGeometry
import MapRenderCore
import MapVectorLayout
import MapVectorStyle
import MapVectorTiles
import Synchronization

/// Hand-built tiles served by path, recording what was asked.
final class SyntheticTiles: VectorTileProvider, Sendable {
    let tiles: [TilePath: VectorTile]
    let failing: Set<TilePath>
    let zoomRange: ClosedRange<Int>
    private let asked = Mutex<[[TilePath]]>([])

    init(_ tiles: [TilePath: VectorTile], failing: Set<TilePath> = [], zoomRange: ClosedRange<Int> = 0...14) {
        self.tiles = tiles
        self.failing = failing
        self.zoomRange = zoomRange
    }

    var name: String { "synthetic" }
    var attribution: [String] { ["© Test Data"] }
    /// Every request's paths, in order.
    var requests: [[TilePath]] { asked.withLock { $0 } }

    func vectorTiles(_ paths: [TilePath], layerNames: Set<String>?) -> [TilePath: VectorTileResult] {
        asked.withLock { $0.append(paths) }
        var result: [TilePath: VectorTileResult] = [:]
        for path in paths {
            if failing.contains(path) {
                result[path] = .failure(TileFailure(tile: path, reason: "damaged gzip stream"))
            } else {
                result[path] = tiles[path].map { .tile($0, diagnostics: []) } ?? .empty
            }
        }
        return result
    }
}

/// The test world: four zoom-14 tiles meeting at the centre of a 512×512 canvas at XYZ
/// zoom 15 (style zoom 14), so each tile is 512 points wide and 1/8 point per tile unit.
enum Quad {
    static let west = TilePath(z: 14, x: 100, y: 100)
    static let east = TilePath(z: 14, x: 101, y: 100)
    static let southWest = TilePath(z: 14, x: 100, y: 101)
    static let southEast = TilePath(z: 14, x: 101, y: 101)

    /// The canvas centre: the corner the four tiles share.
    static var viewport: Viewport {
        Viewport(
            center: east.mapRect.origin.offsetBy(dy: east.mapRect.size.height), zoom: 15,
            size: CanvasSize(width: 512, height: 512))
    }

    static func point(_ x: Int, _ y: Int) -> VectorTilePoint { VectorTilePoint(x: x, y: y) }

    static func layer(_ name: String, _ features: [VectorTileFeature]) -> VectorTile {
        VectorTile(layers: [VectorTileLayer(name: name, features: features)])
    }

    static func style(_ layers: String) throws -> VectorStyle {
        try VectorStyle(
            parsing: Array(
                """
                {"version": 8, "sources": {"s": {"type": "vector"}}, "layers": [\(layers)]}
                """.utf8), fileName: "test.json")
    }
}

extension MapPoint {
    func offsetBy(dx: Double = 0, dy: Double = 0) -> MapPoint { MapPoint(x: x + dx, y: y + dy) }
}
