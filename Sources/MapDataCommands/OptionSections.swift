public import MapCommandLine

/// The sections of the places and track commands' options (the render sections are
/// INPUTS, order 1, to OUTPUT, order 7, and BATCH OPTIONS, order 10).
extension OptionSection {
    /// Which fixes of a track are kept (render and track share these options).
    public static let cleaning = OptionSection("CLEANING (the rules, with examples: maprender track --help)", order: 3)
    /// The fields of a favorite place.
    public static let place = OptionSection("PLACE", order: 8)
    /// Looking places up by address or coordinate.
    public static let geocoding = OptionSection("GEOCODING", order: 9)
}
