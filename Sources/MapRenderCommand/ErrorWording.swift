import MapErrors

/// How the command words a library error for its users: the one place that turns a
/// `MapError`'s fields into text (the exit status is `ExitStatus(_:)`'s).
enum ErrorWording {
    /// Where and what, without the remedy: `favs.db: places row id 2: display_radius -5 is
    /// not…`, `map.geojson:3:17: features[0]: expected a number…` (`InputLocation`'s text is
    /// the `file:line:column` form editors and terminals follow).
    /// The command words errors as the library's own text does (`MapError.locatedMessage`),
    /// so a message reads the same in a sidecar, a batch report and on standard error.
    static func located(_ error: MapError) -> String { error.locatedMessage }

    /// Where, what and what to do: the text after `error: `.
    static func full(_ error: MapError) -> String { error.description }
}
