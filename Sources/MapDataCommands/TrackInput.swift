import Foundation
import MapCommandLine
import MapErrors
import MapGeometry
import MapInputs
import MapRenderCore

/// The track files of a `maprender track` run, and how to clean them.
public struct TrackInput: Sendable {
    /// The files and folders as given.
    public var paths: [String] = []
    /// The cleaning rules, from the options (`TrackOptions.cleaning`).
    public var cleaning = TrackCleaningOptions()
    /// How FIT activities are split into segments (`--laps`).
    public var fitSegments = FITSegmentation.sessions
    /// The time window, as given (`--since`, `--until`, `--day`, `--timezone`).
    public var windowOptions = TrackWindowOptions()

    /// No files, the default cleaning.
    public init() {}

    /// A positive distance (meters, or with a unit) or time (seconds), or `none` for `nil`:
    /// the value of a cleaning option (`TrackOptions.cleaning`).
    static func limit(_ text: String, option: String, isTime: Bool = false) throws(MapError) -> Double? {
        if text.lowercased() == "none" { return nil }
        if !isTime { return try ValueParser.distance(text, option: option) }
        let seconds = try ValueParser.number(text, option: option)
        guard seconds > 0 else {
            throw MapError(
                .invalidRequest, "\(option): '\(text)' is not a positive number of seconds",
                remedy: "give seconds, e.g. 300, or 'none'")
        }
        return seconds
    }

    /// The time window of the options.
    ///
    /// - Throws: `.invalidRequest` for a time, day or zone that cannot be read.
    public func window() throws(MapError) -> TrackTimeWindow { try windowOptions.window() }

    /// The files to read: each file as given, the track files of each folder.
    func files(window: TrackTimeWindow) throws(MapError) -> [String] { try TrackFiles.expand(paths, window: window) }

    /// What was read: the files, their tracks cleaned, what cleaning did and what the window
    /// left out.
    struct Loaded {
        var files: [String]
        var tracks: [Track]
        var report: TrackCleaningReport
        var window: TrackTimeWindow
        var leftOut: TrackWindowCount
        /// What the readers had to say, file by file.
        var diagnostics: [Diagnostic]
    }

    /// Reads and cleans every track of every file, with only the fixes in the window.
    ///
    /// - Throws: `.invalidData` when the window or cleaning leaves no fix at all.
    func loadCleaned() throws(MapError) -> Loaded {
        let window = try window()
        let files = try files(window: window)
        var tracks: [Track] = []
        var report = TrackCleaningReport()
        var leftOut = TrackWindowCount()
        var diagnostics: [Diagnostic] = []
        for file in files {
            let content = try TrackFiles.content(
                ofFile: file, window: window, fitSegments: fitSegments, requiresTracks: true)
            leftOut = leftOut + content.leftOutOfWindow
            diagnostics += content.diagnostics
            for track in content.tracks {
                let (cleaned, trackReport) = track.cleaned(cleaning)
                report = report + trackReport
                if !cleaned.isEmpty { tracks.append(cleaned) }
            }
        }
        if tracks.isEmpty && report.inputFixCount == 0 && !leftOut.isZero {
            throw TrackFiles.nothingInWindow(leftOut, window: window)
        }
        guard !tracks.isEmpty else {
            throw MapError(
                .invalidData,
                "no usable fix left after cleaning: \(Self.summary(of: report, splitsAtGaps: cleaning.splitsAtGaps))",
                remedy: "loosen the cleaning (e.g. --max-accuracy none)")
        }
        return Loaded(
            files: files, tracks: tracks, report: report, window: window, leftOut: leftOut, diagnostics: diagnostics)
    }

    /// "kept K of N fixes (dropped …); …", for messages and the stats text: what each rule
    /// dropped, the steps whose time does not advance and the gaps.
    static func summary(of report: TrackCleaningReport, splitsAtGaps: Bool = false) -> String {
        func count(_ number: Int, _ singular: String, _ plural: String) -> String {
            "\(number) \(number == 1 ? singular : plural)"
        }
        var text = "kept \(report.keptFixCount) of \(report.inputFixCount) fixes"
        if report.droppedCount > 0 {
            let parts = [
                (report.invalidCount, "invalid"), (report.inaccurateCount, "inaccurate"),
                (report.duplicateCount, "duplicate"), (report.spikeCount, report.spikeCount == 1 ? "spike" : "spikes"),
                (report.tooCloseCount, "too close"),
            ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
            text += " (dropped " + parts.joined(separator: ", ") + ")"
        }
        let timeParts = [
            (report.repeatedTimeCount, "time repeats at "), (report.backwardTimeCount, "time goes backwards at "),
        ].filter { $0.0 > 0 }.map { $0.1 + count($0.0, "step", "steps") }
        if !timeParts.isEmpty {
            text += "; " + timeParts.joined(separator: ", ") + " (left out of speeds and moving time)"
        }
        if report.gapCount > 0 {
            text +=
                "; " + count(report.gapCount, "gap", "gaps")
                + (splitsAtGaps ? " split a segment (distance not counted)" : " break the line")
        }
        return text
    }

}
