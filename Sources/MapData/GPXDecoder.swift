import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
public import MapRenderCore
import MapGeometry

/// What a GPX file holds: tracks, routes and waypoints, in file order.
public struct GPXContent: Hashable, Sendable {
    /// One track per `trk` with at least one point; empty `trkseg`s are left out.
    public var tracks: [Track]
    /// One polyline per `rte` with at least one `rtept`, titled with the route's `name`.
    public var routes: [PolylineOverlay]
    /// One place per `wpt`: title from `name` (empty when there is none), subtitle from
    /// `desc` or else `cmt`; ids 1, 2, 3… in file order.
    public var waypoints: [Place]

    /// Creates content.
    public init(tracks: [Track] = [], routes: [PolylineOverlay] = [], waypoints: [Place] = []) {
        self.tracks = tracks
        self.routes = routes
        self.waypoints = waypoints
    }

    /// Whether the file had no point at all.
    public var isEmpty: Bool { tracks.isEmpty && routes.isEmpty && waypoints.isEmpty }
}

/// Reads GPX 1.0 and 1.1 files (https://www.topografix.com/GPX/1/1/) for `--gpx` and
/// `maprender track`.
///
/// - `trk`/`trkseg`/`trkpt` become `Track`s, one segment per `trkseg`. Each point becomes a
///   `Location`: `lat`/`lon`; `ele` as the altitude; `time` (ISO 8601, fractional seconds
///   and a zone optional; see `ISO8601Timestamp`); `hdop`/`vdop` as accuracy estimates (see
///   below); `<fix>none</fix>` ("GPS had no fix") makes the horizontal accuracy invalid;
///   speed (m/s) and course (degrees) from GPX 1.0's `speed`/`course` elements or from any
///   extension element of those names, such as Garmin's TrackPointExtension
///   `gpxtpx:speed`/`gpxtpx:course`. Other extensions (heart rate, cadence, temperature)
///   are skipped.
/// - `rte`/`rtept` become `PolylineOverlay`s; `wpt` become `Place`s.
///
/// **Accuracy.** GPX has no accuracy in meters, only dilution of precision. A fix's
/// horizontal accuracy is estimated as `hdop × 5 m` (`vdop × 5 m` vertically): DOP scales
/// the range error of one satellite, about 5 m for a consumer receiver (the user equivalent
/// range error of the GPS Standard Positioning Service). This is an estimate, good enough to
/// drop bad fixes, not a confidence radius. Without a DOP the accuracy is 0 (unknown, never
/// dropped as inaccurate); without `ele` the vertical accuracy is -1 (no altitude).
///
/// **Parsing.** `XMLParser` (SAX) streams the file, so a million-point track needs memory
/// for its `Location`s only, never for an XML tree. Any encoding libxml2 knows is read: UTF-8
/// with or without a byte-order mark, UTF-16, and declared ones such as ISO-8859-1.
/// External entities are never fetched, and a file that declares entities (`<!ENTITY` in
/// its DOCTYPE) is rejected up front: GPX never needs them, and it rules out entity-expansion
/// attacks ("billion laughs") whatever the libxml2 version does.
///
/// Errors are `MapError`s: `.missingInput` for a missing or unreadable file, `.badData`
/// naming the file, line and column, e.g. `ride.gpx:12:41: trkpt: latitude 91 is out of
/// range [-90, 90]`. A file without a single point is an error too.
public enum GPXDecoder {
    /// How much of the start of a file is searched for entity declarations, in bytes.
    static let prologLimit = 1 << 20

    /// Reads the GPX file at `path`, streaming it from disk; messages name it by `path`.
    public static func read(atPath path: String) throws(MapError) -> GPXContent {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw MapError(.missingInput, "\(path): no such file", remedy: "check the path of the GPX file")
        }
        guard !isDirectory.boolValue else {
            throw MapError(.missingInput, "\(path): is a folder, not a file", remedy: "give the path of the GPX file")
        }
        guard let handle = FileHandle(forReadingAtPath: path), let stream = InputStream(fileAtPath: path) else {
            throw MapError(.missingInput, "\(path): cannot be read", remedy: "check the file's permissions")
        }
        let prolog: [UInt8]
        var scanner: XMLTextScanner
        do {
            defer { try? handle.close() }
            prolog = Array(try handle.read(upToCount: prologLimit) ?? Data())
            try checkProlog(prolog, isWholeFile: prolog.count < prologLimit, fileName: path)
            // The whole file is checked before parsing (see `checkText`), a chunk at a time
            // so that memory stays flat.
            scanner = XMLTextScanner(encoding: try textEncoding(prolog, fileName: path))
            var chunk = prolog
            while !chunk.isEmpty && scanner.scan(chunk) {
                chunk = Array(try handle.read(upToCount: prologLimit) ?? Data())
            }
            scanner.finish()
        } catch let error as MapError {
            throw error
        } catch {
            throw MapError(.ioError, "\(path): reading failed: \(error.localizedDescription)")
        }
        try scanner.check(fileName: path)
        return try parse(XMLParser(stream: stream), fileName: path)
    }

    /// Decodes GPX from bytes (any declared encoding); messages name the file `fileName`.
    public static func decode(_ bytes: [UInt8], fileName: String) throws(MapError) -> GPXContent {
        try checkProlog(Array(bytes.prefix(prologLimit)), isWholeFile: bytes.count <= prologLimit, fileName: fileName)
        try checkText(bytes, fileName: fileName)
        // A stream, not `XMLParser(data:)`: given all of a large document at once, libxml2
        // fails with an internal error (its input-size guard), fed in chunks it does not.
        return try parse(XMLParser(stream: InputStream(data: Data(bytes))), fileName: fileName)
    }

    private static func parse(_ parser: XMLParser, fileName: String) throws(MapError) -> GPXContent {
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        let handler = GPXParserHandler(fileName: fileName)
        parser.delegate = handler
        _ = parser.parse()
        // `parse()` may return true after a recoverable error (a truncated file), so the
        // handler's record of the first error decides.
        if let failure = handler.failure { throw failure }
        if let error = handler.xmlError ?? parser.parserError.map({ XMLFailure(error: $0, line: parser.lineNumber, column: parser.columnNumber) }) {
            throw MapError(
                .badData, "\(fileName):\(error.line):\(error.column): malformed XML: \(error.describe(openElements: handler.openElements))",
                remedy: "check that the file is complete, well-formed GPX")
        }
        guard handler.sawRoot else {
            throw MapError(.badData, "\(fileName): the file is empty (no XML root element)", remedy: "give a GPX file")
        }
        guard !handler.content.isEmpty else {
            throw MapError(
                .badData, "\(fileName): no usable point: the file has no trkpt, rtept or wpt",
                remedy: "give a GPX file with a track, a route or waypoints")
        }
        return handler.content
    }

    /// Rejects a DOCTYPE that declares entities, scanning the prolog (everything before the
    /// root element, where a DOCTYPE must stand: XML 1.0 §2.8).
    ///
    /// Zero bytes are skipped, so UTF-16 text reads as its ASCII characters; every other
    /// supported encoding is ASCII-compatible.
    static func checkProlog(_ prefix: [UInt8], isWholeFile: Bool, fileName: String) throws(MapError) {
        let text = prefix.filter { $0 != 0 }
        func matches(_ literal: String, at index: Int) -> Bool {
            let bytes = Array(literal.utf8)
            return index + bytes.count <= text.count && Array(text[index..<index + bytes.count]) == bytes
        }
        func skip(to terminator: String, from index: Int) -> Int? {
            let bytes = Array(terminator.utf8)
            var i = index
            while i + bytes.count <= text.count {
                if text[i] == bytes[0] && matches(terminator, at: i) { return i + bytes.count }
                i += 1
            }
            return nil
        }
        var index = 0
        var sawDoctype = false
        while index < text.count {
            guard text[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            if matches("<?", at: index) {
                guard let next = skip(to: "?>", from: index + 2) else { break }
                index = next
            } else if matches("<!--", at: index) {
                guard let next = skip(to: "-->", from: index + 4) else { break }
                index = next
            } else if matches("<!ENTITY", at: index) {
                let line = text[..<index].filter { $0 == 0x0A }.count + 1
                throw MapError(
                    .badData, "\(fileName):\(line): the DOCTYPE declares entities, which GPX files never need",
                    remedy: "remove the <!ENTITY …> declarations (entities are refused so that no file can make"
                        + " the parser expand or fetch them)")
            } else if matches("<!", at: index) {
                sawDoctype = sawDoctype || matches("<!DOCTYPE", at: index)
                index += 2
            } else {
                return  // The root element: the prolog is over.
            }
        }
        if sawDoctype && !isWholeFile {
            throw MapError(
                .badData, "\(fileName): the DOCTYPE is longer than \(prologLimit >> 20) MiB",
                remedy: "GPX files need no DOCTYPE; remove it")
        }
    }
}

extension GPXDecoder {
    /// Refuses what FoundationXML's SAX callbacks cannot take (all found by fuzzing):
    ///
    /// - Invalid UTF-8. libxml2 reads a document without a declared encoding as UTF-8 and, in
    ///   the recovery mode `XMLParser` always turns on, passes invalid UTF-8 in element and
    ///   attribute names, comments and processing instructions on as it is; FoundationXML
    ///   force-unwraps their decoding and traps (`_NSXMLParserStartElementNs`).
    /// - A processing instruction without data, `<?name?>`: libxml2 passes its data as NULL,
    ///   which `_NSXMLParserProcessingInstruction` takes for a string (a NULL dereference).
    ///
    /// Both live in swift-corelibs-foundation, so the text is checked before parsing.
    static func checkText(_ bytes: [UInt8], fileName: String) throws(MapError) {
        var scanner = XMLTextScanner(encoding: try textEncoding(bytes.prefix(prologLimit), fileName: fileName))
        scanner.scan(bytes)
        scanner.finish()
        try scanner.check(fileName: fileName)
    }

    /// How libxml2 will read the bytes: UTF-16 or UCS-4 when the first bytes say so (XML 1.0
    /// Appendix F), converted from the encoding a well-formed XML declaration names, or else
    /// as UTF-8 (a UTF-8 byte-order mark overrides any declaration).
    ///
    /// - Throws: `.badData` for a declared encoding iconv (which libxml2 converts with)
    ///   does not know, or one in which ASCII text does not read as itself (UTF-7, EBCDIC, a
    ///   16-bit encoding declared in an 8-bit file): the checks here read markup as ASCII.
    static func textEncoding(_ start: some Collection<UInt8>, fileName: String) throws(MapError) -> XMLTextScanner.Encoding {
        let head = Array(start.prefix(4))
        let wide: [[UInt8]] = [
            [0xFE, 0xFF], [0xFF, 0xFE], [0x00, 0x3C, 0x00, 0x3F], [0x3C, 0x00, 0x3F, 0x00], [0x00, 0x00, 0x00, 0x3C],
            [0x3C, 0x00, 0x00, 0x00],
        ]
        if wide.contains(where: { head.starts(with: $0) }) { return .wide }
        guard !head.starts(with: [0xEF, 0xBB, 0xBF]), let name = declaredEncoding(Array(start.prefix(512))),
            !["utf-8", "utf8"].contains(name.lowercased())
        else { return .utf8 }
        guard readsASCIIAsItself(name) else {
            throw MapError(
                .badData, "\(fileName):1: the declared encoding \(name) is not supported",
                remedy: "save the file as UTF-8 (or an encoding that extends ASCII, such as ISO-8859-1) and declare it")
        }
        return .converted
    }

    /// Whether iconv knows the encoding and converts the printable ASCII characters, tab and
    /// line breaks, written as ASCII, to themselves. `\` and `~` are left out: Shift_JIS
    /// and other national variants of ASCII (ISO 646) give them other glyphs, and markup
    /// never uses them.
    static func readsASCIIAsItself(_ name: String) -> Bool {
        let converter = iconv_open("UTF-8", name)
        guard converter != iconv_t(bitPattern: -1) else { return false }
        defer { iconv_close(converter) }
        let ascii = [0x09, 0x0A, 0x0D] + Array(0x20...0x7D).filter { $0 != 0x5C }
        var input: [CChar] = ascii.map { CChar(bitPattern: UInt8($0)) }
        var output = [CChar](repeating: 0, count: input.count * 4)
        let count = input.count, capacity = output.count
        let converted = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                var sourcePointer: UnsafeMutablePointer<CChar>? = source.baseAddress
                var targetPointer: UnsafeMutablePointer<CChar>? = target.baseAddress
                var sourceLeft = count, targetLeft = capacity
                guard iconv(converter, &sourcePointer, &sourceLeft, &targetPointer, &targetLeft) != -1, sourceLeft == 0 else {
                    return -1
                }
                return capacity - targetLeft
            }
        }
        return converted == count && output.prefix(count).elementsEqual(input)
    }

    /// The encoding an XML declaration at the very start names, when the declaration is
    /// well-formed (XML 1.0 §2.8 and §4.3.3: `<?xml version="1.x" encoding="Name"…?>`).
    static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        var index = 0
        func skipSpace() -> Bool {
            let start = index
            while index < bytes.count, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[index]) { index += 1 }
            return index > start
        }
        func literal(_ text: String) -> Bool {
            let expected = Array(text.utf8)
            guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else { return false }
            index += expected.count
            return true
        }
        /// `name = "value"`; the value's characters must satisfy `allowed`.
        func attribute(_ name: String, _ allowed: (UInt8, Int) -> Bool) -> String? {
            guard literal(name) else { return nil }
            _ = skipSpace()
            guard literal("=") else { return nil }
            _ = skipSpace()
            guard index < bytes.count, bytes[index] == 0x22 || bytes[index] == 0x27 else { return nil }
            let quote = bytes[index]
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != quote {
                guard allowed(bytes[index], index - start) else { return nil }
                index += 1
            }
            guard index < bytes.count, index > start else { return nil }
            index += 1
            return String(decoding: bytes[start..<index - 1], as: UTF8.self)
        }
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
        guard literal("<?xml"), skipSpace(),
            let version = attribute("version", { byte, _ in isDigit(byte) || byte == 0x2E }),
            version.hasPrefix("1."), version.count > 2, !version.dropFirst(2).contains("."), skipSpace(),
            let name = attribute("encoding", { byte, offset in
                isLetter(byte) || offset > 0 && (isDigit(byte) || [0x2E, 0x5F, 0x2D].contains(byte))
            })
        else { return nil }
        if skipSpace(), index < bytes.count, bytes[index] == UInt8(ascii: "s") {
            guard let standalone = attribute("standalone", { byte, _ in isLetter(byte) }), ["yes", "no"].contains(standalone)
            else { return nil }
            _ = skipSpace()
        }
        return literal("?>") ? name : nil
    }
}

/// Scans XML text before libxml2 sees it, fed in chunks, for what `GPXDecoder.checkText`
/// refuses: invalid UTF-8 (The Unicode Standard, Table 3-7) when the text is read as UTF-8,
/// and a processing instruction without data. Counts lines and columns (in scalars for
/// UTF-8) on the way.
struct XMLTextScanner {
    /// How libxml2 reads the text.
    enum Encoding {
        /// As UTF-8: every byte is checked.
        case utf8
        /// Converted from a declared encoding in which ASCII reads as itself.
        case converted
        /// UTF-16 or UCS-4: zero bytes are skipped, so ASCII markup reads as ASCII.
        case wide
    }

    enum Failure {
        case invalidUTF8(UInt8)
        case emptyProcessingInstruction
    }

    let encoding: Encoding
    private var line = 1
    private var column = 1
    /// The first problem and where it starts.
    private(set) var failure: (line: Int, column: Int, kind: Failure)?
    /// UTF-8: continuation bytes still expected, the range of the next one, the lead byte.
    private var remaining = 0
    private var nextRange: ClosedRange<UInt8> = 0x80...0xBF
    private var lead: UInt8 = 0
    /// Processing instructions: 0 outside, 1 after `<`, 2 in the target after `<?`, 3 after
    /// the target and `?`; with the target's length and where the `<` was.
    private var instruction = 0
    private var targetLength = 0
    private var instructionStart = (line: 1, column: 1)

    init(encoding: Encoding) { self.encoding = encoding }

    /// Reads more bytes; `false` once a problem has been found.
    @discardableResult
    mutating func scan(_ bytes: [UInt8]) -> Bool {
        guard failure == nil else { return false }
        for byte in bytes {
            if encoding == .wide && byte == 0 { continue }
            if remaining > 0 {
                guard nextRange.contains(byte) else {
                    failure = (line, column, .invalidUTF8(lead))
                    return false
                }
                nextRange = 0x80...0xBF
                remaining -= 1
                if remaining == 0 { column += 1 }
                continue
            }
            if !track(byte) { return false }
            switch byte {
            case 0x0A:
                line += 1
                column = 1
            case 0x00..<0x80: column += 1
            case _ where encoding != .utf8: column += 1
            case 0xC2...0xDF: remaining = 1
            case 0xE0: (remaining, nextRange) = (2, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: remaining = 2
            case 0xED: (remaining, nextRange) = (2, 0x80...0x9F)
            case 0xF0: (remaining, nextRange) = (3, 0x90...0xBF)
            case 0xF1...0xF3: remaining = 3
            case 0xF4: (remaining, nextRange) = (3, 0x80...0x8F)
            default:
                failure = (line, column, .invalidUTF8(byte))
                return false
            }
            lead = byte
        }
        return true
    }

    /// Follows `<?target?>`: a target (any bytes but white space and `?`) closed by `?>`
    /// straight away is what libxml2 reports with NULL data.
    private mutating func track(_ byte: UInt8) -> Bool {
        let isSpace = byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        switch (instruction, byte) {
        case (_, UInt8(ascii: "<")):
            instruction = 1
            instructionStart = (line, column)
        case (1, UInt8(ascii: "?")):
            instruction = 2
            targetLength = 0
        case (2, UInt8(ascii: "?")): instruction = targetLength > 0 ? 3 : 0
        case (2, _) where !isSpace: targetLength += 1
        case (3, UInt8(ascii: ">")):
            failure = (instructionStart.line, instructionStart.column, .emptyProcessingInstruction)
            return false
        default: instruction = 0
        }
        return true
    }

    /// Notes a UTF-8 sequence cut off by the end of the input.
    mutating func finish() {
        if failure == nil && remaining > 0 { failure = (line, column, .invalidUTF8(lead)) }
    }

    /// Throws the `.badData` error for the failure, if there is one.
    func check(fileName: String) throws(MapError) {
        guard let failure else { return }
        let place = "\(fileName):\(failure.line):\(failure.column)"
        switch failure.kind {
        case .invalidUTF8(let byte):
            throw MapError(
                .badData, "\(place): invalid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true)))",
                remedy: "save the file as UTF-8, or declare its encoding: <?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>")
        case .emptyProcessingInstruction:
            throw MapError(
                .badData, "\(place): a processing instruction without data (<?name?>) is not supported",
                remedy: "remove it: GPX needs no processing instructions")
        }
    }
}

/// The first XML syntax error `XMLParser` reported, with its position.
struct XMLFailure {
    var code: Int
    var line: Int
    var column: Int
    /// Whether libxml2 also reported that the document ended early.
    var endedEarly = false

    init(error: any Error, line: Int, column: Int) {
        self.code = (error as NSError).code
        self.line = line
        self.column = column
        self.endedEarly = code == 5
    }

    /// A sentence for the error; `openElements` are the elements open when parsing stopped.
    func describe(openElements: [String]) -> String {
        // The numbers are libxml2's `xmlParserErrors`, which `XMLParser.ErrorCode` mirrors.
        let descriptions: [Int: String] = [
            4: "the document is empty or is not XML", 5: "unexpected end of the document, or content after the root element",
            9: "a character that is not allowed in XML (is the declared encoding right?)",
            23: "an entity reference lacks its ';'", 26: "an undeclared entity is referenced",
            27: "an undeclared entity is referenced",
            31: "the declared encoding is unknown", 32: "the declared encoding is not supported",
            38: "'<' inside an attribute value", 39: "an attribute value must be quoted",
            40: "an attribute value is not closed", 41: "an attribute has no value", 42: "an attribute appears twice",
            45: "a comment is not closed", 65: "a space or '>' is missing", 68: "a name was expected",
            73: "'>' is missing", 74: "'</' is missing", 75: "'=' is missing after an attribute name",
            76: "a closing tag does not match its opening tag", 77: "a tag is not finished",
            85: "the document is not well balanced", 86: "content after the root element",
            89: "entity references nest too deep or expand too much",
            6003: "the text is not valid in the declared encoding",
        ]
        var text = descriptions[code] ?? "XML syntax error"
        text += " (libxml2 error \(code))"
        if endedEarly, let innermost = openElements.last {
            text += "; the file ends inside <\(innermost)> — is it truncated?"
        }
        return text
    }
}
