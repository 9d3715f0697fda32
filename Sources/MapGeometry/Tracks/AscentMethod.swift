/// How `TrackStatistics` counts ascent and descent, in words a report can carry (`track
/// stats --json` writes it as `ascent_method`; the elevation profile uses the same
/// statistics, so the two never disagree).
///
/// Altitudes are taken as recorded, without smoothing: a hysteresis of `threshold` meters
/// (see `TrackStatistics.elevationGain`) already ignores the jitter of GPS and barometric
/// altitude, and smoothing first would shave real summits and valleys off as well.
public struct AscentMethod: Hashable, Sendable {
    /// The counting rule: `"hysteresis"`.
    public var name: String
    /// The smallest turn of altitude that ends a climb or a descent, in meters.
    public var threshold: Double
    /// The smoothing applied to altitudes before counting: `"none"`.
    public var smoothing: String

    /// The method of statistics measured with `options`.
    public init(options: TrackStatistics.Options = TrackStatistics.Options()) {
        name = "hysteresis"
        threshold = max(0, options.elevationThreshold)
        smoothing = "none"
    }
}
