import Foundation
import MapRenderCore
import MapErrors
import MapInputs

/// The track files of a `maprender track` run, and how to clean them.
struct TrackInput {
    /// The extensions read from a folder, and accepted for files.
    static let extensions = ["gpx", "csv", "geojson"]

    /// The files and folders as given.
    var paths: [String] = []
    /// The cleaning rules, from the options (`TrackOptions.cleaning`).
    var cleaning = TrackCleaningOptions()

    /// A positive distance (meters, or with a unit) or time (seconds), or `none` for `nil`:
    /// the value of a cleaning option (`TrackOptions.cleaning`).
    static func limit(_ text: String, option: String, isTime: Bool = false) throws(MapError) -> Double? {
        if text.lowercased() == "none" { return nil }
        if !isTime { return try ValueParser.distance(text, option: option) }
        let seconds = try ValueParser.number(text, option: option)
        guard seconds > 0 else {
            throw MapError(.invalidRequest, "\(option): '\(text)' is not a positive number of seconds", remedy: "give seconds, e.g. 300, or 'none'")
        }
        return seconds
    }

    /// The files to read: each file as given, and the `.gpx`, `.csv` and `.geojson` files of
    /// each folder, sorted by name.
    func files() throws(MapError) -> [String] {
        guard !paths.isEmpty else {
            throw MapError(.invalidRequest, "no track file given", remedy: "give one or more .gpx, .csv or .geojson files, or a folder")
        }
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw MapError(.missingInput, "\(path): no such file or folder", remedy: "check the path")
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: path)
            } catch {
                throw MapError(.missingInput, "\(path): the folder cannot be read", remedy: "check its permissions")
            }
            let tracks = names.filter { Self.extensions.contains(Self.fileExtension($0)) && !$0.hasPrefix(".") }.sorted()
            guard !tracks.isEmpty else {
                throw MapError(.missingInput, "\(path): the folder has no .gpx, .csv or .geojson file")
            }
            files += tracks.map { URL(fileURLWithPath: path).appendingPathComponent($0).path }
        }
        return files
    }

    /// The tracks of one file, each named (by its own name, else the file's).
    static func tracks(inFile path: String) throws(MapError) -> [Track] {
        var tracks: [Track]
        switch fileExtension(path) {
        case "gpx":
            let content = try GPXDecoder.read(atPath: path)
            guard !content.tracks.isEmpty else {
                throw MapError(
                    .invalidData, "\(path): no track (trk) in the file, only routes or waypoints",
                    remedy: "give a GPX file with a recorded track")
            }
            tracks = content.tracks
        case "csv":
            tracks = [try LocationCSVDecoder.read(atPath: path)]
        case "geojson", "json":
            tracks = try GeoJSONTrackDecoder.read(atPath: path)
        default:
            throw MapError(
                .invalidRequest, "\(path): unknown kind of track file", remedy: "give a .gpx, .csv or .geojson file")
        }
        let base = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        for index in tracks.indices where tracks[index].name?.isEmpty ?? true {
            tracks[index].name = tracks.count == 1 ? base : "\(base) \(index + 1)"
        }
        return tracks
    }

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
                .invalidData, "no usable fix left after cleaning: \(Self.summary(of: report))",
                remedy: "loosen the cleaning (e.g. --max-accuracy none)")
        }
        return (files, tracks, report)
    }

    /// "kept K of N fixes: …", for messages and the stats text.
    static func summary(of report: TrackCleaningReport) -> String {
        var text = "kept \(report.keptFixCount) of \(report.inputFixCount) fixes"
        if report.droppedCount > 0 {
            let parts = [
                (report.invalidCount, "invalid"), (report.inaccurateCount, "inaccurate"), (report.staleCount, "stale"),
                (report.tooCloseCount, "too close"),
            ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
            text += " (dropped " + parts.joined(separator: ", ") + ")"
        }
        if report.gapSplitCount > 0 {
            text += "; \(report.gapSplitCount) gap\(report.gapSplitCount == 1 ? "" : "s") split a segment"
        }
        return text
    }

    private static func fileExtension(_ path: String) -> String {
        URL(fileURLWithPath: path).pathExtension.lowercased()
    }
}
