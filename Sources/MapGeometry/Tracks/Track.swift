/// A recorded journey: location fixes in the order they were taken, in segments.
///
/// A segment is a run of fixes drawn as one line. As read from a file, each is a recorded
/// segment, like a GPX `trkseg` (GPX 1.1 schema, `trksegType`: "a Track Segment holds a
/// list of Track Points which are logically connected in order"): where one ends, the
/// recorder stopped, and nothing (distance, moving time) is measured across to the next.
/// Cleaning (`cleaned(_:)`) may also break a recorded segment at a gap, a long pause or
/// jump inside it; the pieces after such breaks are listed in `segmentsAfterGaps`. They
/// are drawn apart, but the recording went on, so distance is counted across the gap.
///
/// A pure value: decoders (`GPXDecoder`, `LocationCSVDecoder`) make tracks, `cleaned(_:)`
/// filters them, `TrackStatistics` measures them, layout draws them.
public struct Track: Hashable, Sendable {
    /// A name, such as a GPX `trk/name`, or `nil`.
    public var name: String?
    /// The segments in order, each a list of fixes in the order they were taken.
    public var segments: [[Location]]
    /// The indices (into `segments`) of the segments that continue the one before them
    /// after a gap inside a recorded segment, rather than start a recorded segment of their
    /// own. Empty for tracks as read from files.
    public var segmentsAfterGaps: Set<Int>

    /// Creates a track.
    public init(name: String? = nil, segments: [[Location]] = [], segmentsAfterGaps: Set<Int> = []) {
        self.name = name
        self.segments = segments
        self.segmentsAfterGaps = segmentsAfterGaps
    }

    /// Creates a track of one segment.
    public init(name: String? = nil, locations: [Location]) {
        self.init(name: name, segments: locations.isEmpty ? [] : [locations])
    }

    /// Every fix of every segment, in order.
    public var locations: [Location] { segments.flatMap { $0 } }

    /// The number of fixes in all segments.
    public var fixCount: Int { segments.reduce(0) { $0 + $1.count } }

    /// Whether the track has no fix at all.
    public var isEmpty: Bool { segments.allSatisfy { $0.isEmpty } }

    /// The first fix, if any.
    public var first: Location? { segments.first { !$0.isEmpty }?.first }

    /// The last fix (where the journey ended, the blue dot of a track map), if any.
    public var last: Location? { segments.last { !$0.isEmpty }?.last }

    /// The recorded segments: each segment joined with the ones that continue it after gaps.
    public var recordedSegments: [[Location]] {
        var result: [[Location]] = []
        for (index, segment) in segments.enumerated() where !segment.isEmpty {
            if segmentsAfterGaps.contains(index), !result.isEmpty {
                result[result.count - 1] += segment
            } else {
                result.append(segment)
            }
        }
        return result
    }
}
