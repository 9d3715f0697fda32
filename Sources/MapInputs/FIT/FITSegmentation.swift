/// How a FIT activity's fixes are split into track segments.
public enum FITSegmentation: Hashable, Sendable {
    /// One segment per session (FIT `session`, message 18): one for a single-sport
    /// activity, one per sport of a multisport one (chained files included).
    case sessions
    /// One segment per lap (FIT `lap`, message 19).
    case laps
}
