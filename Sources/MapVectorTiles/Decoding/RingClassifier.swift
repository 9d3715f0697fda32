/// Groups a polygon feature's rings into polygons by their winding (MVT 2.1 §4.3.4.4).
///
/// In a version 2 layer an exterior ring is one with a positive surveyor's-formula area in
/// tile coordinates (clockwise on screen, y down), an interior ring one with a negative
/// area, and interior rings follow the exterior ring they belong to. Version 1 of the
/// specification did not say which way exterior rings wind, so in a version 1 layer the
/// first ring's winding is taken as the exterior one, as the widely used decoders do.
enum RingClassifier {
    /// A closed ring and twice its signed area.
    struct Ring {
        var points: [VectorTilePoint]
        var doubleArea: Double
    }

    /// The polygons the rings form, and how many interior rings came before any exterior
    /// ring (left out: there is no polygon they could be a hole of).
    static func polygons(from rings: [Ring], layerVersion: Int) -> (polygons: [VectorTilePolygon], orphanHoles: Int) {
        guard let first = rings.first else { return ([], 0) }
        let exteriorIsPositive = layerVersion >= 2 || first.doubleArea > 0
        var polygons: [VectorTilePolygon] = []
        var orphanHoles = 0
        for ring in rings {
            if (ring.doubleArea > 0) == exteriorIsPositive {
                polygons.append(VectorTilePolygon(exteriorRing: ring.points))
            } else if polygons.isEmpty {
                orphanHoles += 1
            } else {
                polygons[polygons.count - 1].interiorRings.append(ring.points)
            }
        }
        return (polygons, orphanHoles)
    }

    /// Twice the signed area of a closed ring by the surveyor's (shoelace) formula,
    /// positive for a ring that winds clockwise in tile coordinates (y down).
    ///
    /// In `Double`: products of 64-bit coordinates would overflow `Int`. Coordinates are
    /// taken relative to the first point, which keeps the products of tile-sized values exact,
    /// so the sign and a zero area are exact for any real tile.
    static func doubleSignedArea(of ring: [VectorTilePoint]) -> Double {
        guard let origin = ring.first, ring.count > 2 else { return 0 }
        var sum = 0.0
        var previous = (x: 0.0, y: 0.0)
        for point in ring.dropFirst() {
            let current = (x: Double(point.x &- origin.x), y: Double(point.y &- origin.y))
            sum += previous.x * current.y - current.x * previous.y
            previous = current
        }
        // The closing segment back to the origin, (0, 0), adds nothing.
        return sum
    }
}
