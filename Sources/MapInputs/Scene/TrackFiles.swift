import Foundation
public import MapErrors
import MapFormats
public import MapGeometry
import MapRenderCore

/// The track files of a run: folders expanded, each file's tracks read and named.
public enum TrackFiles {
    /// The extensions read from a folder.
    public static let folderExtensions = ["gpx", "fit", "tcx", "kml", "kmz", "rec", "csv", "geojson"]

    /// The files to read: each file as given, and the track files of each folder (those
    /// with one of `folderExtensions`), sorted by name (hidden files left out).
    ///
    /// - Throws: `MapError` `.invalidRequest` for no path at all, `.missingInput` for a path
    ///   that does not exist or a folder that cannot be read or holds no track file.
    /// `window` is for folders that are stores of months (their months outside it are not
    /// read).
    public static func expand(_ paths: [String], window: TrackTimeWindow = .unbounded) throws(MapError) -> [String] {
        guard !paths.isEmpty else {
            throw MapError(
                .invalidRequest, "no track file given",
                remedy: "give one or more track files (GPX, TCX, FIT, KML, CSV, GeoJSON, location history), or a folder"
            )
        }
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw MapError(
                    .missingInput, "no such file or folder", at: InputLocation(file: path), remedy: "check the path")
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            // (A file given by name is always read; a folder's files may be passed over.)
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: path)
            } catch {
                throw MapError(
                    .missingInput, "the folder cannot be read", at: InputLocation(file: path),
                    remedy: "check its permissions")
            }
            let tracks = names.filter {
                folderExtensions.contains(URL(fileURLWithPath: $0).pathExtension.lowercased()) && !$0.hasPrefix(".")
            }.sorted()
            // An OwnTracks Recorder store (or its rec, user or device folder): only the
            // months the window needs.
            if tracks.isEmpty, OwnTracksStore.isStore(path) {
                let months = try OwnTracksStore.files(in: path, window: window)
                guard !months.isEmpty else { throw nothingInWindow(TrackWindowCount(), window: window) }
                files += months
                continue
            }
            guard !tracks.isEmpty else {
                throw MapError(
                    .missingInput,
                    "the folder has no track file (" + folderExtensions.map { "." + $0 }.joined(separator: ", ") + ")",
                    at: InputLocation(file: path))
            }
            files += tracks.map { URL(fileURLWithPath: path).appendingPathComponent($0).path }.filter { file in
                !canSkip(file, window: window)
            }
        }
        return files
    }

    /// What a track file gives a map (`--track`, `maprender track`): its recorded tracks, each
    /// named by its own name, else by the file's, with only the fixes inside `window`; and the
    /// places, lines and areas it holds beside them (GPX waypoints and routes, course
    /// points). The file's kind is told by extension and then by content, unless `knownKind`
    /// says it already.
    ///
    /// - Throws: `MapError` `.invalidData` for a file without a single position (an indoor
    ///   activity), and what the file's decoder throws. With `requiresTracks` (for
    ///   measuring, `maprender track`), a GPX file of routes or waypoints only is refused too.
    public static func content(
        ofFile path: String, as knownKind: InputFileKind? = nil, window: TrackTimeWindow = .unbounded,
        fitSegments: FITSegmentation = .sessions, requiresTracks: Bool = false
    ) throws(MapError) -> SceneContent {
        let (content, kind) = try read(
            path, as: knownKind, window: window, fitSegments: fitSegments, requiresTracks: requiresTracks)
        if content.isEmpty && content.leftOutOfWindow.isZero { throw noPosition(path, kind: kind) }
        return content
    }

    /// `content(ofFile:…)` without its refusal of a file without a position, which callers
    /// reading many files decide on themselves; with the file's kind.
    private static func read(
        _ path: String, as knownKind: InputFileKind?, window: TrackTimeWindow, fitSegments: FITSegmentation,
        requiresTracks: Bool
    ) throws(MapError) -> (content: SceneContent, kind: InputFileKind) {
        let kind: InputFileKind
        if let knownKind { kind = knownKind } else { kind = try SceneFile.kind(ofFileAt: path) }
        var content = try SceneFile.read(
            atPath: path, as: kind, geoJSON: .tracks, window: window, fitSegments: fitSegments)
        if requiresTracks && kind == .gpx && content.tracks.isEmpty && content.leftOutOfWindow.isZero {
            throw MapError(
                .invalidData, "no track (trk) in the file, only routes or waypoints", at: InputLocation(file: path),
                remedy: "give a GPX file with a recorded track")
        }
        let base = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        for index in content.tracks.indices where content.tracks[index].name?.isEmpty ?? true {
            content.tracks[index].name = content.tracks.count == 1 ? base : "\(base) \(index + 1)"
        }
        return (content, kind)
    }

    /// The recorded tracks of one file (`content(ofFile:as:window:)`'s tracks).
    ///
    /// - Throws: `MapError` `.invalidData` for a GPX file without a track, and what the
    ///   file's decoder throws.
    public static func tracks(
        inFile path: String, as knownKind: InputFileKind? = nil, window: TrackTimeWindow = .unbounded
    ) throws(MapError) -> [Track] {
        try content(ofFile: path, as: knownKind, window: window, requiresTracks: true).tracks
    }

    /// "left out 1234 fixes outside the time window 2026-12-01T… to 2026-12-02T…, 5 without a
    /// time": the note `render` gives and `track stats` prints about the window.
    public static func windowSummary(_ leftOut: TrackWindowCount, window: TrackTimeWindow) -> String {
        var parts: [String] = []
        if leftOut.outside > 0 { parts.append("\(leftOut.outside) fixes outside \(describe(window))") }
        if leftOut.untimed > 0 { parts.append("\(leftOut.untimed) without a time") }
        return parts.isEmpty ? "nothing left out" : "left out " + parts.joined(separator: ", ")
    }

    /// The error for track files none of whose fixes lies in the window.
    public static func nothingInWindow(_ leftOut: TrackWindowCount, window: TrackTimeWindow) -> MapError {
        let untimed = leftOut.untimed > 0 ? ", \(leftOut.untimed) without a time" : ""
        return MapError(
            .invalidData,
            "no fix of the track files lies in \(describe(window)) (\(leftOut.outside) fixes outside it\(untimed))",
            remedy: "check --since, --until, --day and --timezone against the times the files hold "
                + "(maprender track stats prints their start and end)")
    }

    /// "the time window 2026-12-01T00:00:00Z to 2026-12-02T00:00:00Z", in UTC.
    private static func describe(_ window: TrackTimeWindow) -> String {
        let start = window.start.map { ISO8601Timestamp.string(from: $0) }
        let end = window.end.map { ISO8601Timestamp.string(from: $0) }
        switch (start, end) {
        case (let start?, let end?): return "the time window \(start) to \(end)"
        case (let start?, nil): return "the time window from \(start)"
        case (nil, let end?): return "the time window before \(end)"
        case (nil, nil): return "the time window"
        }
    }

    /// Whether a folder's file cannot hold a fix of `window`, told without reading it: a FIT
    /// activity that began after the window ends (its first messages say when), or one last
    /// written more than a day before the window starts (no fix is recorded after the file
    /// is closed; the day allows for a device writing its clock's local time). So a night's
    /// map of a year's folder of activities reads one or two of them.
    static func canSkip(_ file: String, window: TrackTimeWindow) -> Bool {
        guard !window.isUnbounded, file.lowercased().hasSuffix(".fit") else { return false }
        if let start = window.start,
            let modified = (try? FileManager.default.attributesOfItem(atPath: file))?[.modificationDate] as? Date,
            modified.addingTimeInterval(86_400) < start
        {
            return true
        }
        if let end = window.end, let began = (try? FITDecoder.startTime(atPath: file)) ?? nil, began >= end {
            return true
        }
        return false
    }

    /// The error for a file without a single position (an indoor activity, a settings file).
    static func noPosition(_ path: String, kind: InputFileKind) -> MapError {
        MapError(
            .invalidData, "no fix or place with a position in the file", at: InputLocation(file: path),
            remedy: kind == .fit
                ? "an indoor activity, a monitoring or settings file has no positions: give an outdoor activity"
                : "give a file with recorded positions")
    }

    /// What every track file of `paths` gives (`expand` them, then `content(ofFile:…)` each),
    /// with the file names and what the window left out.
    ///
    /// When several files are read (a folder of a year's activities), one without a single
    /// position is passed over with a note rather than failing the others; with one file, it
    /// is the error.
    ///
    /// - Throws: the readers' errors; `.invalidData` when the window leaves no fix of any
    ///   track (`nothingInWindow`).
    public static func contents(
        of paths: [String], window: TrackTimeWindow = .unbounded, fitSegments: FITSegmentation = .sessions,
        requiresTracks: Bool = false
    ) throws(MapError) -> (files: [String], content: SceneContent) {
        let files = try expand(paths, window: window)
        var content = SceneContent()
        for file in files {
            let (read, kind) = try read(
                file, as: nil, window: window, fitSegments: fitSegments, requiresTracks: requiresTracks)
            if read.isEmpty && read.leftOutOfWindow.isZero {
                guard files.count > 1 else { throw noPosition(file, kind: kind) }
                content.diagnostics.append(Diagnostic(.info, "\(file): no position in the file; passed over"))
            }
            content.formUnion(read)
        }
        // Waypoints and routes have no time: without a fix in the window there is no map of
        // the window.
        if content.tracks.isEmpty && !content.leftOutOfWindow.isZero {
            throw nothingInWindow(content.leftOutOfWindow, window: window)
        }
        if content.isEmpty {
            throw MapError(
                .invalidData, "none of the \(files.count) track files has a position",
                at: InputLocation(file: paths.joined(separator: ", ")), remedy: "give files with recorded positions")
        }
        return (files, content)
    }
}
