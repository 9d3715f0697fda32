import MapCommandLine

/// The sections of maprender's options, in the order help lists them (after `options`,
/// before `general`).
extension OptionSection {
    /// Files and values that put things on a map.
    static let inputs = OptionSection("INPUTS (any mix)", order: 1)
    /// How tracks are drawn.
    static let tracks = OptionSection("TRACKS", order: 2)
    // CLEANING (order 3) is the track command's, in MapDataCommands.
    /// Which part of the world the map shows.
    static let framing = OptionSection("FRAMING (default: fit everything drawn, pins and callouts included)", order: 4)
    /// What the map looks like.
    static let look = OptionSection("LOOK", order: 5)
    /// Where the map under the overlays comes from.
    static let basemap = OptionSection("BASEMAP", order: 6)
    /// Where and how results are written.
    static let output = OptionSection("OUTPUT", order: 7)
    // PLACE (order 8) and GEOCODING (order 9) are the places command's, in MapDataCommands.
    /// How a batch runs its jobs.
    static let batch = OptionSection("BATCH OPTIONS", order: 10)
}
