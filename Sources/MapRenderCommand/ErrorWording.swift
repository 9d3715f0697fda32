import MapErrors

/// How the command words a library error for its users: the one place that turns a
/// `MapError`'s fields into text (the exit status is `ExitStatus(_:)`'s).
enum ErrorWording {
    /// Where and what, without the remedy: `favs.db: places row id 2: display_radius -5 is
    /// not…`, `map.geojson:3:17: features[0]: expected a number…` (`InputLocation`'s text is
    /// the `file:line:column` form editors and terminals follow).
    static func located(_ error: MapError) -> String {
        guard let location = error.location else { return error.message }
        return "\(location): \(error.message)"
    }

    /// Where, what and what to do: the text after `error: `.
    static func full(_ error: MapError) -> String {
        let text = located(error)
        return error.remedy.map { "\(text); \($0)" } ?? text
    }
}
