import Foundation
public import MapErrors
import MapFormats
public import MapGeometry
import MapRenderCore

/// Reads the OwnTracks Recorder's month files, `rec/USER/DEVICE/YYYY-MM.rec`
/// (github.com/owntracks/recorder, doc/STORE.md; written by `putrec` in recorder.c as
/// `"%s\t%-18s\t%s\n"`): one line per message, the time it was received in ISO 8601 UTC,
/// the message's topic suffix (`*` for a location, `-` for a last will), and the
/// message's JSON payload. Older recorders and hand-made files separate the fields with
/// spaces; both are read.
///
/// Messages of `_type` `location` are fixes: `lat`, `lon` (degrees), `acc` (m), `alt` (m),
/// `vac` (m), `vel` (km/h, converted to m/s; negative unknown), `cog` (degrees; negative
/// unknown) and `tst` (seconds since 1970, a number or a string; the line's own time when
/// missing). Other types (`lwt`, `transition`, `waypoint`, `card`, `status`…) are skipped
/// and counted in a note.
///
/// **Bad lines**: a line that is not `time topic {json}`, or whose JSON does not parse, or a
/// location without a valid `lat`/`lon`, is skipped with a warning naming its line (the
/// recorder appends to these files, so one interrupted write must not lose a month) —
/// unless no line of the file is a good location, when the first bad line is an error.
///
/// Read line by line in bounded memory; the window is applied per fix.
public enum OwnTracksRecDecoder {
    /// Reads the `.rec` file at `path` into one track; messages name it by `path`.
    ///
    /// - Throws: `MapError` `.missingInput` for an unreadable file, `.invalidData` when no
    ///   line is good but some are bad (naming the first bad line).
    public static func read(
        atPath path: String, window: TrackTimeWindow = .unbounded, trackName: String? = nil
    )
        throws(MapError) -> SceneContent
    {
        let file = try InputFile.open(atPath: path, what: "OwnTracks recording")
        var reader = OwnTracksRecReader(fileName: path, window: window)
        var lines = LineChunks(file: file, fileName: path)
        while let (number, line) = try lines.next() { reader.read(line: line, number: number) }
        return try reader.finish(trackName: trackName)
    }

    /// Decodes `.rec` bytes; messages name the file `fileName`.
    public static func decode(
        _ bytes: [UInt8], fileName: String, window: TrackTimeWindow = .unbounded, trackName: String? = nil
    ) throws(MapError) -> SceneContent {
        var reader = OwnTracksRecReader(fileName: fileName, window: window)
        var number = 0, start = 0
        while start < bytes.count {
            number += 1
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            reader.read(line: bytes[start..<end], number: number)
            start = end + 1
        }
        return try reader.finish(trackName: trackName)
    }
}

/// The state of reading one `.rec` file.
struct OwnTracksRecReader {
    let fileName: String
    var fixes: WindowedFixes
    var otherTypes: [String: Int] = [:]
    var badLines: [(line: Int, message: String)] = []
    var badCount = 0
    var goodCount = 0

    init(fileName: String, window: TrackTimeWindow) {
        self.fileName = fileName
        self.fixes = WindowedFixes(window: window)
    }

    mutating func read(line raw: ArraySlice<UInt8>, number: Int) {
        var line = raw
        if line.last == 0x0D { line.removeLast() }
        if number == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) { line.removeFirst(3) }
        guard line.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
        switch OwnTracksRecReader.parse(line, fileName: fileName, number: number) {
        case .failure(let error):
            badCount += 1
            if badLines.count < 5 { badLines.append((number, error.message)) }
        case .success(let (received, payload)):
            let type = payload["_type"]?.string ?? "(none)"
            guard type == "location" else {
                otherTypes[type, default: 0] += 1
                return
            }
            guard let fix = OwnTracksFix.location(payload, received: received) else {
                badCount += 1
                if badLines.count < 5 { badLines.append((number, "a location without a valid lat and lon")) }
                return
            }
            goodCount += 1
            fixes.add(fix)
        }
    }

    /// `time topic {json}`: the time and the parsed payload.
    static func parse(_ line: ArraySlice<UInt8>, fileName: String, number: Int) -> Result<(Date?, JSONNode), MapError> {
        guard let brace = line.firstIndex(of: UInt8(ascii: "{")) else {
            return .failure(MapError(.invalidData, "no JSON payload ('{…}') on the line"))
        }
        let prefix = String(decoding: line[line.startIndex..<brace], as: UTF8.self)
        let fields = prefix.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard fields.count == 2, let received = ISO8601Timestamp.date(from: fields[0]) else {
            return .failure(MapError(.invalidData, "expected 'time topic {json}' before the payload"))
        }
        do throws(MapError) {
            let document = try JSONDocument(parsing: Array(line[brace...]), fileName: fileName)
            guard document.root.members != nil else { throw MapError(.invalidData, "the payload is not an object") }
            return .success((received, document.root))
        } catch {
            // Place the parser's column on the whole line (the prefix is ASCII).
            let column = (error.location?.column ?? 1) + (brace - line.startIndex)
            return .failure(MapError(.invalidData, "column \(column): \(error.message)"))
        }
    }

    mutating func finish(trackName: String?) throws(MapError) -> SceneContent {
        if goodCount == 0, let first = badLines.first {
            throw MapError(
                .invalidData, first.message, at: InputLocation(file: fileName, line: first.line),
                remedy: "an OwnTracks .rec line is 'time<TAB>topic<TAB>{json payload}'")
        }
        var content = SceneContent(leftOutOfWindow: fixes.leftOut)
        if let track = fixes.track(named: trackName) { content.tracks = [track] }
        if badCount > 0 {
            let listed = badLines.map { "line \($0.line): \($0.message)" }.joined(separator: "; ")
            content.diagnostics.append(
                Diagnostic(
                    .warning,
                    "\(fileName): \(badCount) bad lines skipped (\(listed)\(badCount > badLines.count ? "; …" : ""))"))
        }
        if !otherTypes.isEmpty {
            let listed = otherTypes.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            content.diagnostics.append(
                Diagnostic(.info, "\(fileName): messages other than locations skipped: \(listed)"))
        }
        return content
    }
}

/// An OwnTracks location message (booklet, JSON `_type: location`) as a fix.
enum OwnTracksFix {
    static func location(_ payload: JSONNode, received: Date?) -> Location? {
        guard let latitude = HistoryFields.number(payload["lat"]), let longitude = HistoryFields.number(payload["lon"])
        else { return nil }
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        guard coordinate.isValid else { return nil }
        let altitude = HistoryFields.number(payload["alt"])
        // `vel` is km/h in the OwnTracks JSON; Location's speed is m/s.
        let velocity = HistoryFields.number(payload["vel"]).map { $0 < 0 ? -1 : $0 / 3.6 } ?? -1
        return Location(
            coordinate: coordinate, altitude: altitude ?? 0,
            horizontalAccuracy: HistoryFields.number(payload["acc"]) ?? 0,
            verticalAccuracy: altitude == nil ? -1 : HistoryFields.number(payload["vac"]) ?? 0,
            course: HistoryFields.number(payload["cog"]) ?? -1, speed: velocity,
            timestamp: HistoryFields.unixSeconds(payload["tst"]) ?? received)
    }
}

/// A file's lines, read in chunks: each line once, without its LF.
struct LineChunks {
    let file: OpenedFile
    let fileName: String
    private var buffer: [UInt8] = []
    private var start = 0
    private var number = 0
    private var atEnd = false
    /// A line longer than this is refused rather than buffered without end.
    static let maximumLineLength = 16 << 20

    init(file: OpenedFile, fileName: String) {
        self.file = file
        self.fileName = fileName
    }

    mutating func next() throws(MapError) -> (Int, ArraySlice<UInt8>)? {
        var searched = start
        while true {
            if let newline = buffer[searched...].firstIndex(of: 0x0A) {
                number += 1
                defer { start = newline + 1 }
                return (number, buffer[start..<newline])
            }
            searched = buffer.count
            if atEnd {
                guard start < buffer.count else { return nil }
                number += 1
                defer { start = buffer.count }
                return (number, buffer[start...])
            }
            guard buffer.count - start <= LineChunks.maximumLineLength else {
                throw MapError(
                    .invalidData, "a line longer than 16 MiB", at: InputLocation(file: fileName, line: number + 1))
            }
            buffer.removeSubrange(0..<start)
            searched -= start
            start = 0
            let chunk = try file.read(upTo: 1 << 20)
            if chunk.isEmpty { atEnd = true } else { buffer += chunk }
        }
    }
}
