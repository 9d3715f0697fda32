import Foundation
import MapBatch
import MapCommandLine
import MapErrors
import MapFormats
import MapInputs
import MapRenderCore
import MapTiles

/// One map of a batch: its identifier, where it came from, and the render request.
struct BatchJob {
    /// The job's `id`, unique in the manifest.
    var id: String
    /// The manifest line (1-based), or 0 for jobs made by `--each`.
    var line: Int
    /// What to render, or the error that stops this job before it starts.
    var request: Result<RenderRequest, MapError>
}

/// The jobs of a batch, read one at a time: a JSON Lines manifest line by line (however long
/// it is, only the line being read is held), or jobs made as they are asked for (`--each
/// place`, one per favorite, the favorites read a page at a time).
final class BatchJobs {
    private var produce: (() throws(MapError) -> BatchJob?)?
    private var lines: ManifestLines?
    private var defaults: [String] = []
    private var shard: BatchShard?
    private var counting = false
    /// Whether a job must name its `output` (not with `--book`, whose pages may be all a
    /// job makes).
    fileprivate private(set) var requiresOutput = true
    private var identifiers = BatchIdentifiers()

    /// The jobs `produce` returns, one per call, until it returns `nil`.
    init(producing produce: @escaping () throws(MapError) -> BatchJob?) { self.produce = produce }

    /// The jobs of `shard` in the manifest at `path` (`-`: standard input), each parsed with
    /// `defaults` before its own words. `counting`: ids only, for `count()`.
    init(
        manifest path: String, defaults: [String], shard: BatchShard?, counting: Bool = false,
        requiresOutput: Bool = true
    ) throws(MapError) {
        lines = try ManifestLines(path: path)
        self.defaults = defaults
        self.shard = shard
        self.counting = counting
        self.requiresOutput = requiresOutput
    }

    /// How many jobs are left.
    func count() throws(MapError) -> Int {
        var count = 0
        while try next() != nil { count += 1 }
        return count
    }

    /// The next job of the shard, or `nil` after the last.
    func next() throws(MapError) -> BatchJob? {
        guard let lines else { return try produce?() }
        while let line = try lines.next() {
            if line.isBlankOrComment { continue }
            if let job = try BatchManifest.job(line, of: self, in: lines) { return job }
        }
        return nil
    }

    fileprivate func accepts(_ id: String) -> Bool { shard?.contains(id: id) ?? true }
    fileprivate var parsesRequests: Bool { !counting }
    fileprivate var words: [String] { defaults }
    /// Adds a job's id; `false` when an earlier job has it.
    fileprivate func insert(_ id: String, line: Int, in lines: ManifestLines) throws(MapError) -> Bool {
        if counting || identifiers.insert(id) { return true }
        // The filter may have seen it: read the lines before this one to be sure.
        let again = try ManifestLines(path: lines.readablePath)
        while let earlier = try again.next(), earlier.number < line {
            if !earlier.isBlankOrComment,
                let (other, _) = try? BatchManifest.arguments(
                    of: earlier.bytes, path: lines.name, line: earlier.number, requiresOutput: requiresOutput),
                other == id
            {
                return false
            }
        }
        return true
    }
}

/// A JSON Lines manifest: one job per line, an object whose keys are the long options of
/// `render` (without the dashes) plus `id` and `output`.
///
/// Values: a string or number is the option's value; `true` is a flag, `false` leaves it
/// out; an array repeats the option once per element (`"pin": ["…", "…"]`). Empty lines and
/// lines starting with `#` are skipped. A bad line becomes a failed job with its line
/// number; it never stops the others.
enum BatchManifest {
    /// The job of one line, or `nil` when it belongs to another shard.
    fileprivate static func job(
        _ line: ManifestLines.Line, of jobs: BatchJobs, in lines: ManifestLines
    ) throws(MapError)
        -> BatchJob?
    {
        let path = lines.name, lineNumber = line.number
        var job = BatchJob(
            id: "line \(lineNumber)", line: lineNumber, request: .failure(MapError(.internalFailure, "unparsed")))
        var words: [String]?
        do throws(MapError) {
            let (id, own) = try arguments(
                of: line.bytes, path: path, line: lineNumber, requiresOutput: jobs.requiresOutput)
            job.id = id
            guard try jobs.insert(id, line: lineNumber, in: lines) else {
                throw MapError(
                    .invalidData, "id \"\(id)\" is used by an earlier job",
                    at: InputLocation(file: path, line: lineNumber), remedy: "give every job its own id")
            }
            words = own
        } catch {
            job.request = .failure(located(error, path: path, line: lineNumber))
        }
        guard jobs.accepts(job.id) else { return nil }
        if let words, jobs.parsesRequests {
            do throws(MapError) {
                var cursor = ArgumentCursor(jobs.words + words, programName: MapRenderCommand.name)
                job.request = .success(try RenderRequest(parsing: &cursor))
            } catch {
                job.request = .failure(located(error, path: path, line: lineNumber))
            }
        }
        return job
    }

    /// An error without a place of its own is about the job's words: its line.
    private static func located(_ error: MapError, path: String, line: Int) -> MapError {
        error.location != nil ? error : error.relocated(to: InputLocation(file: path, line: line))
    }

    /// The job's id and its command-line words.
    static func arguments(
        of line: [UInt8], path: String, line lineNumber: Int, requiresOutput: Bool = true
    ) throws(MapError) -> (String, [String]) {
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: line, fileName: path)
        } catch {
            // Each line is parsed alone, so the parser's line is always 1: put the real one in.
            var location = error.location ?? InputLocation(file: path)
            location.line = lineNumber
            throw error.relocated(to: location)
        }
        guard let members = document.root.members else {
            throw MapError(
                .invalidData, "a job must be a JSON object", at: InputLocation(file: path, line: lineNumber),
                remedy: "write {\"id\": \"…\", \"output\": \"…\", …}")
        }
        var id: String?
        var words: [String] = []
        for member in members {
            let value = member.value
            switch member.key {
            case "id":
                if let text = value.string {
                    id = text
                } else if let number = value.number, number == number.rounded(), abs(number) < 1e15 {
                    // Bounded as in `optionWords`: Int(1e300) would trap.
                    id = String(Int(number))
                }
            case "output":
                guard let output = value.string else {
                    throw MapError(
                        .invalidData, "output must be a string", at: InputLocation(file: path, line: lineNumber))
                }
                words += ["-o", output]
            default:
                words += try optionWords(member.key, value, path: path, line: lineNumber)
            }
        }
        guard let id, !id.isEmpty else {
            throw MapError(
                .invalidData, "the job has no id", at: InputLocation(file: path, line: lineNumber),
                remedy: "give each job an \"id\"")
        }
        guard words.contains("-o") || !requiresOutput else {
            throw MapError(
                .invalidData, "job \"\(id)\" has no output", at: InputLocation(file: path, line: lineNumber),
                remedy: "give each job an \"output\" file name (with --book, a job may have none)")
        }
        return (id, words)
    }

    private static func optionWords(
        _ key: String, _ value: JSONNode, path: String, line: Int
    ) throws(MapError) -> [String] {
        let option = "--" + key
        switch value.value {
        case .bool(let flag): return flag ? [option] : []
        case .string(let text): return [option, text]
        case .number(let number):
            return [option, number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : "\(number)"]
        case .array(let elements):
            var words: [String] = []
            for element in elements { words += try optionWords(key, element, path: path, line: line) }
            return words
        case .null: return []
        case .object:
            throw MapError(
                .invalidData, "\(key): expected a string, number, boolean or array",
                at: InputLocation(file: path, line: line))
        }
    }
}

extension String {
    /// The string with the first occurrence of `target` replaced.
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}

extension RenderRequest {
    /// Every file the request reads, read from inside `--in-dir`: favorites, GeoJSON, tracks,
    /// the marker image, a style file, a basemap file or folder and a basemap style. Pictures
    /// a GeoJSON file or a style names stay inside its own folder, `--allow-outside-paths` or not.
    mutating func confineInputs(to folder: InputConfinement) throws(MapError) {
        func confine(_ names: [String], _ option: String) throws(MapError) -> [String] {
            var paths: [String] = []
            for name in names { paths.append(try folder.confine(name, option: option)) }
            return paths
        }
        placeDatabases = try confine(placeDatabases, "--places")
        geoJSONFiles = try confine(geoJSONFiles, "--geojson")
        // A track folder's files are checked one by one: one of them may be a link out.
        var tracks: [String] = []
        for path in try confine(trackInput.paths, "--track") {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                tracks.append(path)
                continue
            }
            let root = folder.folder.root
            for file in try TrackFiles.expand([path]) {
                let name = String(file.dropFirst(root == "/" ? 1 : root.count + 1))
                tracks.append(try folder.confine(name, option: "--track"))
            }
        }
        trackInput.paths = tracks
        if let image = markerImage { markerImage?.path = try folder.confine(image.path, option: "--marker-image") }
        if styleName.hasSuffix(".json") || styleName.contains("/") {
            styleName = try folder.confine(styleName, option: "--style")
        }
        basemapsDirectory = try basemapsDirectory.map { name throws(MapError) in
            try folder.confine(name, option: "--basemaps-dir")
        }
        basemapStyle = try basemapStyle.map { name throws(MapError) in
            try folder.confine(name, option: "--basemap-style")
        }
        if let name = terrain, name != RenderRequest.autoTerrain {
            terrain = try folder.confine(name, option: "--terrain")
        }
        if let name = imagery, TilePreset.preset(named: name) == nil, !name.contains("://"), !name.contains("{z}"),
            !name.contains("{quadkey}")
        {
            imagery = try folder.confine(name, option: "--imagery")
        }
        let lower = basemap.lowercased()
        if let scheme = ["pmtiles://", "mbtiles://"].first(where: { lower.hasPrefix($0) }) {
            let rest = String(basemap.dropFirst(scheme.count))
            if !rest.lowercased().hasPrefix("http://") && !rest.lowercased().hasPrefix("https://") {
                basemap = scheme + (try folder.confine(rest, option: "--basemap"))
            }
        } else if !["auto", "world", "none"].contains(basemap), TilePreset.preset(named: basemap) == nil,
            !basemap.contains("://"), !basemap.contains("{z}"), !basemap.contains("{quadkey}")
        {
            basemap = try folder.confine(basemap, option: "--basemap")
        }
        allowsOutsidePaths = false
    }
}
