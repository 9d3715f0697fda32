public import MapCommandLine

/// The sections of the places command's options (between the render sections, which end at
/// OUTPUT, order 7, and BATCH OPTIONS, order 10).
extension OptionSection {
    /// The fields of a favorite place.
    public static let place = OptionSection("PLACE", order: 8)
    /// Looking places up by address or coordinate.
    public static let geocoding = OptionSection("GEOCODING", order: 9)
}
