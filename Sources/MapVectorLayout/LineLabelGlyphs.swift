import MapDrawing
import MapGeometry

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A name set along a line cluster by cluster, as MapLibre sets street names: centred on
/// a distance along the line, each cluster turned to the line's direction under it, kept
/// upright (read left to right), refused where adjacent clusters turn more than the style's
/// `text-max-angle`.
struct LineLabelGlyphs {
    /// The clusters and their advances, in canvas points.
    var advances: [(cluster: String, advance: Double)]
    /// Extra space after each cluster, in canvas points.
    var letterSpacing: Double
    /// The whole name's size.
    var metrics: TextMetrics
    /// The largest turn between adjacent clusters, in radians.
    var maxAngle: Double

    /// The length the name takes along the line.
    var width: Double {
        advances.reduce(0) { $0 + $1.advance } + letterSpacing * Double(max(advances.count - 1, 0))
    }

    /// The clusters placed with their middle at `distance` along `line`, and one collision
    /// box per cluster; `nil` where the name runs off the line or bends too sharply.
    func placed(along line: MeasuredLine, centeredAt distance: Double) -> (glyphs: [PlacedGlyph], boxes: [CanvasRect])?
    {
        let start = distance - width / 2
        guard start >= 0, start + width <= line.length else { return nil }
        // Upright: read along the line's general direction under the name, else backwards.
        let head = line.point(at: start).point, tail = line.point(at: start + width).point
        let upright = tail.x >= head.x
        let path = upright ? line : line.reversed
        let from = upright ? start : line.length - start - width
        // Baseline below the line's centre by half the text's visual height.
        let drop = (metrics.ascent - metrics.descent) / 2
        let side = max(metrics.height, 1)
        var glyphs: [PlacedGlyph] = []
        var boxes: [CanvasRect] = []
        var offset = from
        var previousAngle: Double?
        for (cluster, advance) in advances {
            let (center, angle) = path.point(at: offset + advance / 2)
            if let previousAngle, Self.turn(from: previousAngle, to: angle) > maxAngle { return nil }
            previousAngle = angle
            // A cluster wider than the text is high (a whole run of a joined script) is
            // set straight: the line under it must not turn away from it by more than the
            // limit, and it gets a box every text height along it.
            let pieces = advance > 1.5 * side ? Int((advance / side).rounded(.up)) : 1
            if pieces > 1 {
                for piece in 0...pieces {
                    let direction = path.point(at: offset + advance * Double(piece) / Double(pieces)).angle
                    if Self.turn(from: angle, to: direction) > maxAngle { return nil }
                }
                for piece in 0..<pieces {
                    let middle = path.point(at: offset + advance * (Double(piece) + 0.5) / Double(pieces)).point
                    boxes.append(CanvasRect(x: middle.x - side / 2, y: middle.y - side / 2, width: side, height: side))
                }
            }
            let (cosine, sine) = (cos(angle), sin(angle))
            let origin = CanvasPoint(
                x: center.x - cosine * advance / 2 - sine * drop, y: center.y - sine * advance / 2 + cosine * drop)
            glyphs.append(PlacedGlyph(cluster, origin: origin, angle: angle))
            if pieces == 1 {
                boxes.append(CanvasRect(x: center.x - side / 2, y: center.y - side / 2, width: side, height: side))
            }
            offset += advance + letterSpacing
        }
        return (glyphs, boxes)
    }

    /// The angle between two directions, in radians, 0…π.
    private static func turn(from a: Double, to b: Double) -> Double {
        let turn = abs(b - a).truncatingRemainder(dividingBy: 2 * .pi)
        return turn > .pi ? 2 * .pi - turn : turn
    }
}

/// Joins the pieces of lines that meet end to start, so a street cut at tile edges or
/// split into several ways gets one label, not one per piece (after MapLibre's
/// `mergeLines`, which does the same per tile for features with the same text).
enum LineMerging {
    /// A point rounded to a tenth of a canvas point, to find ends that meet.
    private struct End: Hashable {
        var x: Int
        var y: Int
        init(_ point: CanvasPoint) {
            x = Int((point.x * 10).rounded())
            y = Int((point.y * 10).rounded())
        }
    }

    static func merge(_ pieces: [[CanvasPoint]]) -> [[CanvasPoint]] {
        var lines: [[CanvasPoint]?] = []
        var byStart: [End: Int] = [:]
        var byEnd: [End: Int] = [:]
        for piece in pieces where piece.count > 1 {
            let start = End(piece.first!), end = End(piece.last!)
            let before = byEnd[start], after = byStart[end]
            if let before, let after, before != after {
                // The piece bridges two lines: join all three.
                byEnd[start] = nil
                byStart[end] = nil
                let tail = lines[after]!
                byEnd[End(tail.last!)] = before
                lines[before]! += piece.dropFirst() + tail.dropFirst()
                lines[after] = nil
            } else if let before {
                byEnd[start] = nil
                lines[before]! += piece.dropFirst()
                byEnd[end] = before
            } else if let after {
                byStart[end] = nil
                lines[after] = piece + lines[after]!.dropFirst()
                byStart[start] = after
            } else {
                byStart[start] = lines.count
                byEnd[end] = lines.count
                lines.append(piece)
            }
        }
        return lines.compactMap { $0 }
    }
}

/// Where a point label of an area goes: the centroid of its largest ring when that lies
/// inside the area, else the middle of the widest horizontal run through the area at the
/// centroid's height (a cheap stand-in for the pole of inaccessibility).
enum AreaCenter {
    static func point(in rings: [[CanvasPoint]]) -> CanvasPoint? {
        guard let outer = rings.first, outer.count > 2 else { return nil }
        var area = 0.0, cx = 0.0, cy = 0.0
        for (a, b) in zip(outer, outer.dropFirst() + [outer[0]]) {
            let cross = a.x * b.y - b.x * a.y
            area += cross
            cx += (a.x + b.x) * cross
            cy += (a.y + b.y) * cross
        }
        guard abs(area) > 1e-9 else { return outer[0] }
        let centroid = CanvasPoint(x: cx / (3 * area), y: cy / (3 * area))
        if contains(centroid, rings) { return centroid }
        // Crossings of the horizontal line through the centroid, paired into runs inside.
        var crossings: [Double] = []
        for ring in rings {
            for (a, b) in zip(ring, ring.dropFirst() + [ring[0]]) where (a.y > centroid.y) != (b.y > centroid.y) {
                crossings.append(a.x + (centroid.y - a.y) * (b.x - a.x) / (b.y - a.y))
            }
        }
        crossings.sort()
        var best: (Double, Double)?
        for index in stride(from: 0, to: crossings.count - 1, by: 2) {
            let run = (crossings[index], crossings[index + 1])
            if best == nil || run.1 - run.0 > best!.1 - best!.0 { best = run }
        }
        return best.map { CanvasPoint(x: ($0.0 + $0.1) / 2, y: centroid.y) } ?? centroid
    }

    /// Even-odd point in polygon.
    static func contains(_ point: CanvasPoint, _ rings: [[CanvasPoint]]) -> Bool {
        var inside = false
        for ring in rings {
            for (a, b) in zip(ring, ring.dropFirst() + [ring[0]])
            where (a.y > point.y) != (b.y > point.y)
                && point.x < a.x + (point.y - a.y) * (b.x - a.x) / (b.y - a.y)
            {
                inside.toggle()
            }
        }
        return inside
    }
}
