import Foundation
import MapTerrain
import Testing

@Suite("Contour lines by marching squares")
struct IsolineTests {
    /// How far a traced point may lie from the analytic contour, in DEM pixels: linear
    /// interpolation along a cell's edge of a cone's elevations (linear in the distance, not
    /// in x) errs by at most about 1/(8r) of a pixel at radius r; 0.05 covers r ≥ 3.
    static let tolerance = 0.05

    /// A tile of `side` pixels with elevations `f(x, y)` at its pixel centres (world pixels of
    /// the tile at `origin`).
    func tile(side: Int, origin: (Int, Int) = (0, 0), _ f: (Double, Double) -> Double) -> ElevationTile {
        ElevationTile(
            side: side,
            elevations: (0..<side * side).map { index in
                Float(f(Double(origin.0 + index % side) + 0.5, Double(origin.1 + index / side) + 0.5))
            })
    }

    func alone(_ tile: ElevationTile) -> BorderedElevations { BorderedElevations(tile: tile) { _, _ in nil } }

    @Test("a cone's contours are circles of the analytic radius, closed, higher ground on the right")
    func cone() throws {
        // 1000 m at (32, 32), falling 10 m per pixel: level L lies at radius (1000 − L) / 10.
        let grid = alone(tile(side: 64) { x, y in 1000 - 10 * hypot(x - 32, y - 32) })
        let lines = Isolines.lines(of: grid, levels: [900, 800, 750], origin: (0, 0))
        #expect(lines.map(\.elevation).sorted() == [750, 800, 900])
        for line in lines {
            let radius = (1000 - line.elevation) / 10
            #expect(line.points.first == line.points.last, "a ring closes")
            #expect(line.points.count > Int(radius * 4))
            let worst = line.points.map { abs(hypot($0.x - 32, $0.y - 32) - radius) }.max()!
            #expect(worst < Self.tolerance, "level \(line.elevation): \(worst) px off the circle")
            // Higher ground on the right (y south): walking a ring round a summit that way turns
            // right, clockwise on the screen, a positive shoelace sum with y down.
            let area = zip(line.points, line.points.dropFirst()).reduce(0.0) { $0 + $1.0.x * $1.1.y - $1.1.x * $1.0.y }
            #expect(area > 0)
        }
    }

    @Test("a plane's contours are straight lines at the analytic position, cut at the tile's square")
    func plane() {
        // Rising 2 m per pixel eastwards, 3 m per pixel southwards: 2x + 3y = L − 100.
        let grid = alone(tile(side: 32) { x, y in 100 + 2 * x + 3 * y })
        let lines = Isolines.lines(of: grid, levels: [150, 200], origin: (0, 0))
        #expect(lines.count == 2)
        for line in lines {
            // Within half a pixel of the edge the cells reach into the border, which repeats the
            // edge pixels of a tile with no neighbours: the plane is flat there.
            for point in line.points where (0.5...31.5).contains(point.x) && (0.5...31.5).contains(point.y) {
                #expect(abs(2 * point.x + 3 * point.y - (line.elevation - 100)) < 1e-9)
            }
            for point in line.points {
                #expect((0...32).contains(point.x) && (0...32).contains(point.y))
            }
            // The ends lie on the square's edge (x = 0 or y = 0 … 32), exactly.
            for end in [line.points.first!, line.points.last!] {
                #expect([0, 32].contains(end.x) || [0, 32].contains(end.y))
            }
        }
    }

    @Test("a saddle is resolved by the cell's average")
    func saddle() {
        // A 2×2 tile, high (100) top left and bottom right, low (0) elsewhere: the cell between
        // its four pixel centres is a saddle whose average is 50.
        func lines(level: Double) -> [Isoline] {
            let tile = ElevationTile(side: 2, elevations: [100, 0, 0, 100])
            return Isolines.lines(of: alone(tile), levels: [level], origin: (0, 0))
        }
        // At level 40 the centre is above, the two high corners join
        // through it, and the low corners are cut off: two lines, each beside a low corner.
        let above = lines(level: 40)
        #expect(above.count == 2)
        for line in above {
            let middle = line.points[line.points.count / 2]
            let nearLow = hypot(middle.x - 1.5, middle.y - 0.5) < 1 || hypot(middle.x - 0.5, middle.y - 1.5) < 1
            #expect(nearLow, "line \(line.points) does not go round a low corner")
        }
        // At level 60 the centre is below: the high corners are cut off instead.
        let below = lines(level: 60)
        #expect(below.count == 2)
        for line in below {
            let middle = line.points[line.points.count / 2]
            let nearHigh = hypot(middle.x - 0.5, middle.y - 0.5) < 1 || hypot(middle.x - 1.5, middle.y - 1.5) < 1
            #expect(nearHigh, "line \(line.points) does not go round a high corner")
        }
    }

    @Test("lines meet at a tile edge in the same points, traced from both sides")
    func continuityAcrossTiles() {
        // A hill over two tiles side by side, west (0, 0) and east (64, 0).
        func hill(_ x: Double, _ y: Double) -> Double { 800 - 0.08 * ((x - 60) * (x - 60) + (y - 30) * (y - 30)) }
        let west = tile(side: 64, origin: (0, 0), hill), east = tile(side: 64, origin: (64, 0), hill)
        let westGrid = BorderedElevations(tile: west) { dx, dy in dx == 1 && dy == 0 ? east : nil }
        let eastGrid = BorderedElevations(tile: east) { dx, dy in dx == -1 && dy == 0 ? west : nil }
        // Rings of radius 11 to 35 px round (60, 30), each crossing the edge x = 64 twice.
        let levels = [750.0, 780, 790]
        let westLines = Isolines.lines(of: westGrid, levels: levels, origin: (0, 0))
        let eastLines = Isolines.lines(of: eastGrid, levels: levels, origin: (64, 0))
        for level in levels {
            let westEnds = Set(
                westLines.filter { $0.elevation == level }.flatMap { [$0.points.first!, $0.points.last!] }.filter {
                    $0.x == 64
                })
            let eastEnds = Set(
                eastLines.filter { $0.elevation == level }.flatMap { [$0.points.first!, $0.points.last!] }.filter {
                    $0.x == 64
                })
            #expect(westEnds.count == 2, "level \(level) crosses the edge twice")
            #expect(westEnds == eastEnds, "level \(level): \(westEnds) against \(eastEnds)")
        }
    }

    @Test("simplification keeps every line within its tolerance of the traced one, ends kept")
    func simplification() {
        let grid = alone(tile(side: 64) { x, y in 500 + 3 * x + 40 * sin(y / 5) })
        let exact = Isolines.lines(of: grid, levels: [600], origin: (0, 0))
        let simple = Isolines.lines(of: grid, levels: [600], origin: (0, 0), simplification: 0.125)
        #expect(exact.count == simple.count)
        for (full, kept) in zip(exact, simple) {
            #expect(kept.points.count < full.points.count)
            #expect(kept.points.first == full.points.first && kept.points.last == full.points.last)
            // Every traced point lies within the tolerance of the kept line.
            for point in full.points {
                let distance = zip(kept.points, kept.points.dropFirst()).map { segmentDistance(point, $0.0, $0.1) }
                    .min()!
                #expect(distance <= 0.125 + 1e-9)
            }
        }
    }

    func segmentDistance(_ p: IsolinePoint, _ a: IsolinePoint, _ b: IsolinePoint) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = dx * dx + dy * dy
        let t = length == 0 ? 0 : min(max(((p.x - a.x) * dx + (p.y - a.y) * dy) / length, 0), 1)
        return hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy))
    }

    @Test("the interval table by zoom, in metres and feet, every fifth line an index")
    func intervals() {
        let metres = [12.0, 13, 14, 15, 17].map { ContourInterval.at(zoom: $0, unit: .metres) }
        #expect(metres.map(\.interval) == [100, 50, 20, 10, 10])
        #expect(metres.map(\.index) == [500, 250, 100, 50, 50])
        let feet = [12.0, 13.9, 14, 15, 18].map { ContourInterval.at(zoom: $0, unit: .feet) }
        #expect(feet.map(\.interval) == [200, 100, 50, 40, 40])
        #expect(feet.map(\.index) == [1000, 500, 250, 200, 200])
        #expect(ContourInterval.at(zoom: 9, unit: .metres).interval == 100)
        let levels = ContourInterval.at(zoom: 14, unit: .metres).levels(from: 95, to: 210)
        #expect(levels.map(\.value) == [100, 120, 140, 160, 180, 200])
        #expect(levels.map(\.isIndex) == [true, false, false, false, false, true])
        let inFeet = ContourInterval.at(zoom: 15, unit: .feet).levels(from: 0, to: 100)
        #expect(inFeet.map(\.value) == [0, 40, 80, 120, 160, 200, 240, 280, 320])
        #expect(abs(inFeet[5].metres - 60.96) < 1e-9)
        #expect(inFeet.filter(\.isIndex).map(\.value) == [0, 200])
    }
}

@Suite("Contour lines at a clipped DEM's edge")
struct IsolineStepTests {
    @Test("cells steeper than the maximum step are left out: no bundle of lines at a 0 m fill")
    func fillEdge() {
        // 700 m ground on the east, the 0 m fill of a clipped DEM on the west (x < 8).
        let elevations: [Float] = (0..<256).map { index in
            let column = index % 16
            return column < 8 ? 0 : Float(700 + column * 5)
        }
        let tile = ElevationTile(side: 16, elevations: elevations)
        let grid = BorderedElevations(tile: tile) { _, _ in nil }
        let levels = stride(from: 100.0, through: 800, by: 50).map { $0 }
        let all = Isolines.lines(of: grid, levels: levels, origin: (0, 0))
        #expect(Set(all.map { $0.elevation }).count >= 12, "every level runs along the step")
        let kept = Isolines.lines(of: grid, levels: levels, origin: (0, 0), maximumStep: 200)
        // What is left is the real ground's (740–775 m): 750 m, on the east side.
        #expect(Set(kept.map { $0.elevation }) == [750])
        #expect(kept.allSatisfy { line in line.points.allSatisfy { $0.x > 8 } })
    }
}
