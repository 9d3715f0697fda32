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

    /// The files to read: each file as given, the track files of each folder.
    func files() throws(MapError) -> [String] { try TrackFiles.expand(paths) }

    /// The tracks of one file, each named (by its own name, else the file's).
    static func tracks(inFile path: String) throws(MapError) -> [Track] { try TrackFiles.tracks(inFile: path) }

    /// A track cleaned by the rules.
    func cleaned(_ track: Track) -> Track { track.cleaned(cleaning).track }

    /// Reads and cleans every track of every file.
    ///
    /// - Throws: `.invalidData` when cleaning leaves no fix at all.
    func loadCleaned() throws(MapError) -> (files: [String], tracks: [Track], report: TrackCleaningReport) {
        let files = try files()
        var tracks: [Track] = []
        var report = TrackCleaningReport()
        for file in files {
            for track in try Self.tracks(inFile: file) {
                let (cleaned, trackReport) = track.cleaned(cleaning)
                report = report + trackReport
                if !cleaned.isEmpty { tracks.append(cleaned) }
            }
        }
        guard !tracks.isEmpty else {
            throw MapError(
                .invalidData,
                "no usable fix left after cleaning: \(Self.summary(of: report, splitsAtGaps: cleaning.splitsAtGaps))",
                remedy: "loosen the cleaning (e.g. --max-accuracy none)")
        }
        return (files, tracks, report)
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
