public import MapGeometry

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A group of pins drawn as one: a single pin, a cluster badge with a count, or places at
/// the very same coordinate fanned out on a small circle.
public struct PinCluster: Hashable, Sendable {
    /// How the group is drawn.
    public enum Kind: String, Hashable, Sendable {
        /// One pin where it is.
        case single
        /// Places at one coordinate, each drawn on a small circle around it.
        case fan
        /// Pins closer than the radius, merged into a badge with their count.
        case merged
    }

    /// How the group is drawn.
    public var kind: Kind
    /// The members' indices in the input, ascending.
    public var members: [Int]
    /// Where the group is drawn: the members' centroid (the shared point of a fan).
    public var center: CanvasPoint
    /// Where each member is drawn, in `members` order: the centre for a single pin and for
    /// every member of a merged cluster, a spot on the circle for a fan.
    public var memberPoints: [CanvasPoint]
}

/// Merges pins that lie closer than a radius on the canvas, like MapKit's clustering.
///
/// Pure and deterministic: the same points in the same order give the same clusters.
/// First, places whose coordinates are identical (equal when rounded to 1e-9°) form one
/// unit. Then, in input order, each unit not yet taken starts a cluster and takes every
/// later free unit whose point lies closer than `radius` to its own (a leader
/// clustering: no chains, so a cluster never reaches further than the radius from its
/// first pin). A cluster of one unit is a single pin, or a fan when the unit holds several
/// places; a cluster of several units is merged into a badge at the centroid of all its
/// members.
public enum PinClustering {
    /// The merge radius `--cluster` uses when given no value, in canvas points.
    public static let defaultRadius = 40.0
    /// Coordinates closer than this in latitude and longitude, in degrees, are the same place.
    public static let sameCoordinateTolerance = 1e-9
    /// The distance between neighbouring pins on a fan, in canvas points: a pin head's width
    /// and a little air.
    public static let fanSpacing = 20.0
    /// The smallest fan radius, in canvas points.
    public static let minimumFanRadius = 14.0

    /// The clusters of pins at `points` (canvas points) marking `coordinates`, ordered by
    /// their first member.
    public static func clusters(points: [CanvasPoint], coordinates: [Coordinate], radius: Double) -> [PinCluster] {
        precondition(points.count == coordinates.count)
        // Units: places at one coordinate, in order of their first member.
        var units: [[Int]] = []
        var unitOfKey: [SIMD2<Int64>: Int] = [:]
        for (index, coordinate) in coordinates.enumerated() {
            let key = SIMD2(
                Int64((coordinate.latitude / sameCoordinateTolerance).rounded()),
                Int64((coordinate.longitude / sameCoordinateTolerance).rounded()))
            if let unit = unitOfKey[key] {
                units[unit].append(index)
            } else {
                unitOfKey[key] = units.count
                units.append([index])
            }
        }
        // A grid of cells one radius wide finds the neighbours of a point among its 3×3 cells.
        let cell = max(radius, 1)
        func cellOf(_ p: CanvasPoint) -> SIMD2<Int64> {
            SIMD2(Int64((p.x / cell).rounded(.down)), Int64((p.y / cell).rounded(.down)))
        }
        var grid: [SIMD2<Int64>: [Int]] = [:]
        for (unit, members) in units.enumerated() { grid[cellOf(points[members[0]]), default: []].append(unit) }
        var taken = [Bool](repeating: false, count: units.count)
        var clusters: [PinCluster] = []
        for (unit, members) in units.enumerated() where !taken[unit] {
            taken[unit] = true
            let seed = points[members[0]]
            var group = [unit]
            if radius > 0 {
                let home = cellOf(seed)
                var near: [Int] = []
                for dx in -1...1 {
                    for dy in -1...1 {
                        for other in grid[home &+ SIMD2(Int64(dx), Int64(dy))] ?? [] where !taken[other] {
                            let p = points[units[other][0]]
                            if (p.x - seed.x) * (p.x - seed.x) + (p.y - seed.y) * (p.y - seed.y) < radius * radius {
                                near.append(other)
                            }
                        }
                    }
                }
                for other in near.sorted() {
                    taken[other] = true
                    group.append(other)
                }
            }
            if group.count == 1 {
                if members.count == 1 {
                    clusters.append(PinCluster(kind: .single, members: members, center: seed, memberPoints: [seed]))
                } else {
                    clusters.append(
                        PinCluster(
                            kind: .fan, members: members, center: seed,
                            memberPoints: fan(around: seed, count: members.count)))
                }
                continue
            }
            let all = group.flatMap { units[$0] }.sorted()
            let x = all.reduce(0.0) { $0 + points[$1].x } / Double(all.count)
            let y = all.reduce(0.0) { $0 + points[$1].y } / Double(all.count)
            let center = CanvasPoint(x: x, y: y)
            clusters.append(
                PinCluster(
                    kind: .merged, members: all, center: center,
                    memberPoints: [CanvasPoint](repeating: center, count: all.count)))
        }
        return clusters.sorted { $0.members[0] < $1.members[0] }
    }

    /// `count` spots on a circle around `center`, the first straight above, then clockwise;
    /// the circle grows with the count so neighbours stay `fanSpacing` apart.
    public static func fan(around center: CanvasPoint, count: Int) -> [CanvasPoint] {
        let radius = max(minimumFanRadius, fanSpacing * Double(count) / (2 * .pi))
        return (0..<count).map { k in
            let angle = -Double.pi / 2 + 2 * Double.pi * Double(k) / Double(count)
            return CanvasPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
    }
}
