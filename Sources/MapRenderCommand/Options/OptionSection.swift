/// The groups help and the man page list options in, in this order.
enum OptionSection: Int, Sendable, CaseIterable, Comparable {
    /// What a command takes that no other section holds: the database of `places`.
    case options
    /// Files and values that put things on a map.
    case inputs
    /// How tracks are drawn.
    case tracks
    /// Which fixes of a track are kept.
    case cleaning
    /// Which part of the world the map shows.
    case framing
    /// What the map looks like.
    case look
    /// Where the map under the overlays comes from.
    case basemap
    /// Where and how results are written.
    case output
    /// The fields of a favorite place.
    case place
    /// Looking places up by address or coordinate.
    case geocoding
    /// How a batch runs its jobs.
    case batch
    /// Options every command answers the same way: `--help`, `--version`.
    case general

    /// The heading help prints above the section (the man page uses it in title case).
    var title: String {
        switch self {
        case .inputs: "INPUTS (any mix)"
        case .tracks: "TRACKS"
        case .cleaning: "CLEANING (as Core Location's guides advise; each rule can be turned off)"
        case .framing: "FRAMING (default: fit everything drawn, pins and callouts included)"
        case .look: "LOOK"
        case .basemap: "BASEMAP"
        case .output: "OUTPUT"
        case .place: "PLACE"
        case .geocoding: "GEOCODING"
        case .batch: "BATCH OPTIONS"
        case .options: "OPTIONS"
        case .general: "GENERAL"
        }
    }

    /// The heading without its parenthesised note, for the man page: `Cleaning`.
    var shortTitle: String {
        let head = title.split(separator: " (", maxSplits: 1).first.map(String.init) ?? title
        return head.prefix(1) + head.dropFirst().lowercased()
    }

    static func < (lhs: OptionSection, rhs: OptionSection) -> Bool { lhs.rawValue < rhs.rawValue }
}
