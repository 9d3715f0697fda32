/// A recorded journey: location fixes in the order they were taken, in segments.
///
/// A segment is a run of fixes recorded without interruption, like a GPX `trkseg`
/// (GPX 1.1 schema, `trksegType`: "a Track Segment holds a list of Track Points which are
/// logically connected in order"). Segments are drawn separately, and nothing (distance,
/// moving time) is measured across the gap between two of them.
///
/// A pure value: decoders (`GPXDecoder`, `LocationCSVDecoder`) make tracks, `cleaned(_:)`
/// filters them, `TrackStatistics` measures them, layout draws them.
public struct Track: Hashable, Sendable {
    /// A name, such as a GPX `trk/name`, or `nil`.
    public var name: String?
    /// The segments in order, each a list of fixes in the order they were taken.
    public var segments: [[Location]]

    /// Creates a track.
    public init(name: String? = nil, segments: [[Location]] = []) {
        self.name = name
        self.segments = segments
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
}
