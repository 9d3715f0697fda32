public import MapGeometry

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The elevation along one or more tracks: distance along each track against altitude, in
/// pieces broken where the line must not be drawn through (segment breaks, gaps cleaning
/// found, fixes without an altitude), with the course of each track for placing markers.
///
/// Distance is measured along the same steps as `TrackStatistics` measures it (within each
/// recorded segment and across gaps inside one, nothing between recorded segments), each
/// step by `StepDistance`, within 0.5 mm a kilometre of the statistics' geodesics, so the
/// last distance of a line is the `distance` of `track stats` for that track to far less
/// than a point of the chart; ascent and descent are `TrackStatistics`'s own
/// (`TrackStatistics.climb`, `AscentMethod`), never counted a second way. One pass over the
/// fixes, no geodesic per step: a profile of 100,000 fixes is a few milliseconds.
public struct ElevationProfile: Hashable, Sendable {
    /// A fix with an altitude, placed along its track.
    public struct Sample: Hashable, Sendable {
        /// Meters along the track from its first fix.
        public var distance: Double
        /// Altitude, in meters.
        public var elevation: Double

        /// Creates a sample.
        public init(distance: Double, elevation: Double) {
            self.distance = distance
            self.elevation = elevation
        }
    }

    /// One track's profile.
    public struct Line: Hashable, Sendable {
        /// The track's name, if any.
        public var name: String?
        /// Runs of samples drawn as one line each; between two runs the line is broken.
        public var pieces: [[Sample]]
        /// Every fix with a valid coordinate and its distance along the track, in order:
        /// where markers go on the map and what waypoints are measured against.
        public var course: [(distance: Double, coordinate: Coordinate)]
        /// The track's length, in meters.
        public var length: Double
        /// Total ascent and descent, in meters (`TrackStatistics.elevationGain` and
        /// `elevationLoss`), or `nil` without altitudes.
        public var ascent: Double?, descent: Double?

        public static func == (a: Line, b: Line) -> Bool {
            a.name == b.name && a.pieces == b.pieces && a.length == b.length && a.ascent == b.ascent
                && a.descent == b.descent && a.course.map(\.distance) == b.course.map(\.distance)
                && a.course.map(\.coordinate) == b.course.map(\.coordinate)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            hasher.combine(pieces)
            hasher.combine(length)
        }

        /// Whether any fix has an altitude.
        public var hasElevation: Bool { pieces.contains { !$0.isEmpty } }

        /// The point `distance` meters along the track, between the fixes around it
        /// (linearly in latitude and longitude, which over one step of a track is well
        /// within a canvas point), or `nil` past either end.
        public func coordinate(atDistance distance: Double) -> Coordinate? {
            guard let first = course.first, let last = course.last, distance >= first.distance,
                distance <= last.distance
            else { return nil }
            // The first fix at or beyond the distance (binary search: courses run to 100,000 fixes).
            var low = 0, high = course.count - 1
            while low < high {
                let middle = (low + high) / 2
                if course[middle].distance < distance { low = middle + 1 } else { high = middle }
            }
            guard low > 0 else { return course[0].coordinate }
            let a = course[low - 1], b = course[low]
            let span = b.distance - a.distance
            let t = span > 0 ? (distance - a.distance) / span : 1
            return Coordinate(
                latitude: a.coordinate.latitude + (b.coordinate.latitude - a.coordinate.latitude) * t,
                longitude: a.coordinate.longitude + (b.coordinate.longitude - a.coordinate.longitude) * t)
        }

        /// Where a coordinate lies along the track: the distance along it of the track's
        /// point nearest to it and how far that point is, in meters; `nil` for an empty course.
        ///
        /// Each step is treated as straight in a local equirectangular plane around the
        /// coordinate, exact enough for the few hundred meters a waypoint may lie off the track.
        public func nearest(to coordinate: Coordinate) -> (distance: Double, offset: Double)? {
            guard let first = course.first else { return nil }
            let radius = 6_371_008.8  // the IUGG mean Earth radius, in meters
            let cosine = cos(coordinate.latitude * .pi / 180)
            func plane(_ c: Coordinate) -> (x: Double, y: Double) {
                var dLon = c.longitude - coordinate.longitude
                if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
                return (dLon * .pi / 180 * radius * cosine, (c.latitude - coordinate.latitude) * .pi / 180 * radius)
            }
            var best = (distance: first.distance, offset: first.coordinate.distance(to: coordinate))
            var previous = plane(first.coordinate)
            for index in course.indices.dropFirst() {
                let point = plane(course[index].coordinate)
                let (dx, dy) = (point.x - previous.x, point.y - previous.y)
                let lengthSquared = dx * dx + dy * dy
                let t = lengthSquared > 0 ? min(max(-(previous.x * dx + previous.y * dy) / lengthSquared, 0), 1) : 0
                let (x, y) = (previous.x + dx * t, previous.y + dy * t)
                let offset = (x * x + y * y).squareRoot()
                if offset < best.offset {
                    let a = course[index - 1].distance
                    best = (a + (course[index].distance - a) * t, offset)
                }
                previous = point
            }
            return best
        }
    }

    /// One line per track, in the order given.
    public var lines: [Line]
    /// Total ascent and descent of all the tracks together, in meters, or `nil` without altitudes.
    public var ascent: Double?, descent: Double?
    /// How ascent and descent were counted.
    public var ascentMethod: AscentMethod

    /// The profile of `tracks` (usually cleaned, as drawn), their climbing counted by
    /// `TrackStatistics` with `options`.
    public init(tracks: [Track], options: TrackStatistics.Options = TrackStatistics.Options()) {
        let nonEmpty = tracks.filter { !$0.isEmpty }
        lines = nonEmpty.map { Self.line(of: $0, options: options) }
        if nonEmpty.count == 1 {
            // One track: its own climb is the total.
            (ascent, descent) = (lines[0].ascent, lines[0].descent)
        } else {
            let total = TrackStatistics.climb(of: nonEmpty, options: options)
            (ascent, descent) = (total?.gain, total?.loss)
        }
        ascentMethod = AscentMethod(options: options)
    }

    /// Whether any track has an altitude.
    public var hasElevation: Bool { lines.contains(where: \.hasElevation) }

    /// The longest line's length, in meters.
    public var length: Double { lines.map(\.length).max() ?? 0 }

    /// The lowest and highest sample of all lines, with the index of their line.
    public var extremes: (lowest: (line: Int, sample: Sample), highest: (line: Int, sample: Sample))? {
        var lowest: (line: Int, sample: Sample)?, highest: (line: Int, sample: Sample)?
        for (index, line) in lines.enumerated() {
            for sample in line.pieces.joined() {
                if sample.elevation < lowest?.sample.elevation ?? .infinity { lowest = (index, sample) }
                if sample.elevation > highest?.sample.elevation ?? -.infinity { highest = (index, sample) }
            }
        }
        guard let lowest, let highest else { return nil }
        return (lowest, highest)
    }

    private static func line(of track: Track, options: TrackStatistics.Options) -> Line {
        var pieces: [[Sample]] = []
        var course: [(distance: Double, coordinate: Coordinate)] = []
        course.reserveCapacity(track.fixCount)
        var distance = 0.0
        var meter = StepDistance()
        var previous: Location?
        for (index, segment) in track.segments.enumerated() where !segment.isEmpty {
            // Across a gap inside a recorded segment the distance counts, as in the
            // statistics; between recorded segments nothing is measured.
            if let last = previous, track.segmentsAfterGaps.contains(index) {
                let step = meter.distance(from: last.coordinate, to: segment[0].coordinate)
                if step.isFinite { distance += step }
            }
            previous = nil
            var piece: [Sample] = []
            piece.reserveCapacity(segment.count)
            for location in segment {
                if let previous {
                    let step = meter.distance(from: previous.coordinate, to: location.coordinate)
                    if step.isFinite { distance += step }
                }
                previous = location
                if location.coordinate.isValid { course.append((distance, location.coordinate)) }
                if location.hasValidAltitude {
                    piece.append(Sample(distance: distance, elevation: location.altitude))
                } else if !piece.isEmpty {
                    // A fix without an altitude breaks the line: nothing is drawn where nothing is known.
                    pieces.append(piece)
                    piece = []
                }
            }
            if !piece.isEmpty { pieces.append(piece) }
        }
        let climb = TrackStatistics.climb(of: [track], options: options)
        return Line(
            name: track.name, pieces: pieces, course: course, length: distance, ascent: climb?.gain,
            descent: climb?.loss)
    }
}
