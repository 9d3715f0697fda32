import MapErrors

/// Turns a feature's geometry integers into points, lines or polygons by the feature's
/// geometry type (MVT 2.1 §4.3.4).
///
/// A command sequence the type does not allow (a LineTo in a POINT geometry, a ring without
/// ClosePath, a count that runs past the end…) throws: the conformance suite calls those
/// fatal. Flaws that leave the shape clear are repaired and listed in `repairs`: a LineTo
/// that does not move (§4.3.3.2: dX and dY MUST NOT both be 0) is dropped, and so is a
/// ring's last point when it repeats the first (§4.3.4.4), a ring with no area, a line left
/// with one point, or an interior ring before any exterior ring.
struct GeometryDecoder {
    /// The layer's version: version 1 allows ClosePath in lines and does not fix the
    /// winding of exterior rings.
    let layerVersion: Int
    /// What was repaired, in words, for the feature's diagnostic.
    private(set) var repairs: [String] = []

    init(layerVersion: Int) {
        self.layerVersion = layerVersion
    }

    /// The geometry of `integers` read as `type`, or `nil` when repairs left nothing of it.
    mutating func decode(_ integers: [UInt32], as type: GeometryType) throws(MapError) -> VectorTileGeometry? {
        switch type {
        case .unknown: return .unknown(commands: integers)
        case .point: return .points(try decodePoints(integers))
        case .lineString:
            let lines = try decodeLines(integers)
            return lines.isEmpty ? nil : .lineStrings(lines)
        case .polygon:
            let polygons = try decodePolygons(integers)
            return polygons.isEmpty ? nil : .polygons(polygons)
        }
    }

    // MARK: Points

    /// §4.3.4.2: a single MoveTo with a count above 0; each pair is one point.
    private func decodePoints(_ integers: [UInt32]) throws(MapError) -> [VectorTilePoint] {
        var reader = GeometryCommandReader(integers)
        guard let (command, count) = try reader.readCommand(), command == .moveTo else {
            throw MapError(.invalidData, "a POINT geometry must start with MoveTo (§4.3.4.2)")
        }
        var points: [VectorTilePoint] = []
        points.reserveCapacity(count)
        for _ in 0..<count { points.append(reader.readPoint().point) }
        guard reader.isAtEnd else {
            throw MapError(
                .invalidData, "a POINT geometry must be a single MoveTo, but more commands follow (§4.3.4.2)")
        }
        return points
    }

    // MARK: Lines

    /// Where a line or ring under construction stands.
    private enum PathState {
        /// No path yet.
        case none
        /// A MoveTo started a path; no LineTo yet.
        case started
        /// At least one LineTo extended the path.
        case extended
        /// ClosePath ended the path; only MoveTo may follow.
        case closed
    }

    /// §4.3.4.3: repetitions of MoveTo (count 1) and LineTo (count above 0). In a version 1
    /// layer a ClosePath may end a line; it closes the line back to its first point.
    private mutating func decodeLines(_ integers: [UInt32]) throws(MapError) -> [[VectorTilePoint]] {
        var reader = GeometryCommandReader(integers)
        var lines: [[VectorTilePoint]] = []
        var line: [VectorTilePoint] = []
        var state = PathState.none
        var repeatedPoints = 0
        var shortLines = 0

        func finishLine() {
            if line.count >= 2 { lines.append(line) } else { shortLines += 1 }
        }

        while let (command, count) = try reader.readCommand() {
            switch command {
            case .moveTo:
                guard count == 1 else {
                    throw MapError(.invalidData, "MoveTo with count \(count) in a LINESTRING geometry (§4.3.4.3)")
                }
                guard state != .started else {
                    throw MapError(.invalidData, "a line with a MoveTo but no LineTo (§4.3.4.3)")
                }
                if state != .none { finishLine() }
                line = [reader.readPoint().point]
                state = .started
            case .lineTo:
                guard state == .started || state == .extended else {
                    throw MapError(
                        .invalidData,
                        state == .none ? "LineTo before any MoveTo (§4.3.4.3)" : "LineTo after ClosePath (§4.3.4.3)")
                }
                line.reserveCapacity(line.count + count)
                for _ in 0..<count {
                    let (point, isZeroMove) = reader.readPoint()
                    if isZeroMove { repeatedPoints += 1 } else { line.append(point) }
                }
                state = .extended
            case .closePath:
                // §4.3.3.3: in version 2, ClosePath closes linear rings of polygons only.
                guard layerVersion == 1 else {
                    throw MapError(.invalidData, "ClosePath in a LINESTRING geometry (§4.3.3.3)")
                }
                guard state == .extended else {
                    throw MapError(.invalidData, "ClosePath without a line to close (§4.3.4.3)")
                }
                if line.count >= 2, let first = line.first, line.last != first { line.append(first) }
                state = .closed
            }
        }
        guard state != .started else { throw MapError(.invalidData, "a line with a MoveTo but no LineTo (§4.3.4.3)") }
        if state != .none { finishLine() }
        if repeatedPoints > 0 { repairs.append(droppedRepeatedPoints(repeatedPoints)) }
        if shortLines > 0 {
            repairs.append("dropped \(shortLines) line\(shortLines == 1 ? "" : "s") left with a single point")
        }
        return lines
    }

    // MARK: Polygons

    /// §4.3.4.4: rings of MoveTo (count 1), LineTo and ClosePath, grouped into polygons by
    /// winding (`RingClassifier`).
    private mutating func decodePolygons(_ integers: [UInt32]) throws(MapError) -> [VectorTilePolygon] {
        var reader = GeometryCommandReader(integers)
        var rings: [RingClassifier.Ring] = []
        var ring: [VectorTilePoint] = []
        var state = PathState.none
        var repeatedPoints = 0
        var degenerateRings = 0

        while let (command, count) = try reader.readCommand() {
            switch command {
            case .moveTo:
                guard count == 1 else {
                    throw MapError(.invalidData, "MoveTo with count \(count) in a POLYGON geometry (§4.3.4.4)")
                }
                guard state == .none || state == .closed else {
                    throw MapError(.invalidData, "a ring not closed with ClosePath before the next MoveTo (§4.3.4.4)")
                }
                ring = [reader.readPoint().point]
                state = .started
            case .lineTo:
                guard state == .started || state == .extended else {
                    throw MapError(
                        .invalidData,
                        state == .none
                            ? "LineTo before any MoveTo (§4.3.4.4)"
                            : "LineTo after ClosePath; a ring must start with MoveTo (§4.3.4.4)")
                }
                ring.reserveCapacity(ring.count + count)
                for _ in 0..<count {
                    let (point, isZeroMove) = reader.readPoint()
                    if isZeroMove { repeatedPoints += 1 } else { ring.append(point) }
                }
                state = .extended
            case .closePath:
                guard state == .extended else {
                    throw MapError(
                        .invalidData,
                        state == .started
                            ? "ClosePath right after MoveTo: a ring needs LineTo (§4.3.4.4)"
                            : "ClosePath without a ring to close (§4.3.4.4)")
                }
                // §4.3.4.4: the cursor SHALL NOT be back at the first point before ClosePath.
                if ring.count > 1, ring.last == ring.first {
                    ring.removeLast()
                    repeatedPoints += 1
                }
                // §4.3.4.4: a ring SHOULD NOT have zero area; it would draw nothing.
                let doubleArea = RingClassifier.doubleSignedArea(of: ring)
                if doubleArea == 0 {
                    degenerateRings += 1
                } else {
                    rings.append(RingClassifier.Ring(points: ring, doubleArea: doubleArea))
                }
                state = .closed
            }
        }
        guard state == .closed else {
            throw MapError(.invalidData, "the last ring is not closed with ClosePath (§4.3.4.4)")
        }
        let (polygons, orphanHoles) = RingClassifier.polygons(from: rings, layerVersion: layerVersion)
        if repeatedPoints > 0 { repairs.append(droppedRepeatedPoints(repeatedPoints)) }
        if degenerateRings > 0 {
            repairs.append(
                "dropped \(degenerateRings) ring\(degenerateRings == 1 ? "" : "s") with zero area (§4.3.4.4)")
        }
        if orphanHoles > 0 {
            repairs.append(
                "dropped \(orphanHoles) interior ring\(orphanHoles == 1 ? "" : "s") before any exterior ring (§4.3.4.4)"
            )
        }
        return polygons
    }

    private func droppedRepeatedPoints(_ count: Int) -> String {
        "dropped \(count) repeated point\(count == 1 ? "" : "s") (a zero-length segment, §4.3.3.2 and §4.3.4.4)"
    }
}
