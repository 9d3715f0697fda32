import Foundation
import MapErrors
import MapRenderCore
import MapTestSupport
import Testing

@testable import MapSQLite

#if canImport(Glibc)
    import Glibc
#endif

// A corpus of bad inputs run through the built binary (DESIGN.md §5: "bad input never
// crashes and never loses data"). Every case must end with:
// - a normal exit (no signal: a Swift trap or a sanitizer abort is a crash) within a time
//   limit, with the sysexits status the case names;
// - exactly one line on standard error, starting `error: ` and naming the file and the
//   position (line:column, JSON path or row) where there is one;
// - nothing on standard output, and the scratch folder exactly as it was: no output file, no
//   temporary file, every file byte-identical (so a favorites database is untouched).
//
// Small inputs live in Corpus/ (written by hand, one defect each); huge or path-dependent
// ones (10,000-deep nesting, entities naming a file of this run, damaged databases) are
// made by the tests.

/// Corpus/: the committed bad inputs.
private let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus").path

/// One bad input and what the run must say about it.
struct BadInput: Sendable, CustomTestStringConvertible {
    /// Names the case in test output and failure messages.
    var name: String
    /// The words after `maprender`: `@corpus/` stands for Corpus/, `@tmp/` for the scratch
    /// folder of the run.
    var arguments: [String]
    var status: Int32
    /// Fragments the `error:` line must contain: the file, its position, the fault.
    var mentions: [String]
    /// Whether to add `-o @tmp/map.png --sidecar @tmp/map.json` (renders only).
    var addsOutput = true

    var testDescription: String { name }

    init(_ name: String, _ arguments: [String], status: Int32 = 65, mentions: [String], addsOutput: Bool = true) {
        self.name = name
        self.arguments = arguments
        self.status = status
        self.mentions = mentions
        self.addsOutput = addsOutput
    }

    /// A render of one corpus file given with `option`: exit 65, naming `file` and `mentions`.
    static func file(_ option: String, _ file: String, _ mentions: String..., extra: [String] = []) -> BadInput {
        let name = String(file.split(separator: "/").last!)
        return BadInput(
            file, extra + [option, "@corpus/\(file)"],
            mentions: mentions.map { $0.hasPrefix(":") ? name + $0 : $0 } + [name])
    }
}

// MARK: - Running

/// How one run of the binary ended.
struct GuardedRun {
    var status: Int32
    /// Whether a signal ended it (`status` is then the signal).
    var signalled: Bool
    var timedOut: Bool
    var output: Data
    var errors: String
}

/// Runs the built `maprender` like `Maprender.run`, but also reports whether it ended by a
/// signal, and stops it when it outlives `timeout` (a hang is a failure too, not a stuck
/// test run).
func runGuarded(
    _ arguments: [String], environment: [String: String]? = nil, timeout: TimeInterval = 120
) throws -> GuardedRun {
    do {
        let run = try ChildProcess.run(
            Maprender.productsDirectory.appendingPathComponent("maprender").path, arguments,
            environment: Maprender.hermetic(environment), timeLimit: timeout)
        return GuardedRun(
            status: run.status, signalled: run.signalled, timedOut: false, output: run.output, errors: run.errors)
    } catch let stopped as MapTimedOutRun {
        return GuardedRun(status: SIGKILL, signalled: true, timedOut: true, output: Data(), errors: stopped.errors)
    }
}

/// What a folder holds: each entry's kind and, for regular files, its bytes. Compared
/// before and after a run, it shows any file left behind, replaced or changed.
func folderState(_ path: String) throws -> [String: String] {
    var state: [String: String] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: path) {
        let full = path + "/" + name
        var info = stat()
        guard lstat(full, &info) == 0 else { continue }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            state[name] = "file " + (try Data(contentsOf: URL(fileURLWithPath: full))).base64EncodedString()
        case S_IFDIR: state[name] = "folder " + (try folderState(full)).description
        case S_IFLNK:
            state[name] = "link to " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: full)) ?? "?")
        case S_IFIFO: state[name] = "pipe"
        default: state[name] = "other"
        }
    }
    return state
}

/// The scratch folder every case runs in, holding the traps the output cases aim at: a
/// regular file (a "folder" that is not one), a folder named like an image, a named pipe
/// and a symbolic link.
func makeScratch() throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    try Data("not a folder\n".utf8).write(to: URL(fileURLWithPath: folder.path("file.txt")))
    try FileManager.default.createDirectory(atPath: folder.path("folder.png"), withIntermediateDirectories: false)
    #expect(mkfifo(folder.path("pipe.png"), 0o644) == 0)
    try FileManager.default.createSymbolicLink(atPath: folder.path("link.png"), withDestinationPath: "file.txt")
    return folder
}

/// Checks that a run failed cleanly (see the top of the file).
func expectCleanFailure(
    _ run: GuardedRun, name: String, status: Int32, mentions: [String],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(!run.timedOut, "[\(name)] still running after the time limit", sourceLocation: sourceLocation)
    #expect(
        !run.signalled, "[\(name)] ended by signal \(run.status): \(run.errors)", sourceLocation: sourceLocation)
    #expect(
        run.status == status, "[\(name)] exit \(run.status), expected \(status): \(run.errors)",
        sourceLocation: sourceLocation)
    let lines = run.errors.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(
        lines.count == 1 && run.errors.hasPrefix("error: ") && run.errors.hasSuffix("\n"),
        "[\(name)] expected one 'error:' line, got: \(run.errors)", sourceLocation: sourceLocation)
    for fragment in mentions {
        #expect(
            run.errors.contains(fragment), "[\(name)] '\(fragment)' missing from: \(run.errors)",
            sourceLocation: sourceLocation)
    }
    #expect(run.output.isEmpty, "[\(name)] wrote to standard output", sourceLocation: sourceLocation)
}

/// Runs one case in a fresh scratch folder and checks everything.
func check(_ input: BadInput, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let folder = try makeScratch()
    let before = try folderState(folder.url.path)
    var arguments = input.arguments.map {
        $0.replacingOccurrences(of: "@corpus/", with: corpus + "/").replacingOccurrences(
            of: "@tmp/", with: folder.url.path + "/")
    }
    if input.addsOutput { arguments += ["-o", folder.path("map.png"), "--sidecar", folder.path("map.json")] }
    let run = try runGuarded(arguments)
    expectCleanFailure(
        run, name: input.name, status: input.status, mentions: input.mentions, sourceLocation: sourceLocation)
    #expect(
        try folderState(folder.url.path) == before, "[\(input.name)] the scratch folder changed",
        sourceLocation: sourceLocation)
}

// MARK: - The corpus

extension BadInput {
    static let gpx: [BadInput] = [
        .file("--gpx", "gpx/mismatched-tag.gpx", ":5:", "closing tag does not match"),
        .file("--gpx", "gpx/truncated.gpx", ":5:", "ends inside <ele>", "truncated"),
        .file("--gpx", "gpx/wrong-root.gpx", ":2:", "the root element is <kml>"),
        .file("--gpx", "gpx/bad-number.gpx", ":4:", "latitude '39,75' is not a number"),
        .file("--gpx", "gpx/latitude-91.gpx", ":5:", "latitude 91 is out of range"),
        .file("--gpx", "gpx/latitude-nan.gpx", ":3:", "latitude NaN is out of range"),
        .file("--gpx", "gpx/longitude-infinity.gpx", ":4:", "longitude Infinity is out of range"),
        .file("--gpx", "gpx/elevation-nan.gpx", ":4:", "ele 'nan' is not a number"),
        .file("--gpx", "gpx/bad-time.gpx", ":4:", "'yesterday' is not an ISO 8601 timestamp"),
        .file("--gpx", "gpx/missing-latitude.gpx", ":4:", "<trkpt> has no lat attribute"),
        .file("--gpx", "gpx/no-points.gpx", "no usable point"),
        .file("--gpx", "gpx/empty.gpx", "the file is empty"),
        .file("--gpx", "gpx/binary-junk.gpx", ":1:1:", "invalid UTF-8"),
        .file("--gpx", "gpx/two-roots.gpx", ":5:", "after the root element"),
        .file("--gpx", "gpx/invalid-utf8-name.gpx", ":4:10:", "invalid UTF-8"),
        .file("--gpx", "gpx/invalid-utf8-comment.gpx", ":3:", "invalid UTF-8"),
        .file("--gpx", "gpx/billion-laughs.gpx", ":3:", "declares entities"),
        .file("--gpx", "gpx/quadratic-blowup.gpx", ":3:", "declares entities"),
        .file("--gpx", "gpx/folder-of-junk", "the folder has no track file").with(status: 66),
    ]

    static let geoJSON: [BadInput] = [
        .file(
            "--geojson", "geojson/type-not-string.geojson", ":2:12:", "features[0].type",
            "expected the type name as a string"),
        .file(
            "--geojson", "geojson/unknown-type.geojson", ":2:44:", "features[0].geometry.type", "did you mean \"Point\""
        ),
        .file("--geojson", "geojson/missing-type.geojson", ":1:1:", "missing \"type\""),
        .file("--geojson", "geojson/missing-coordinates.geojson", ":2:14:", "missing \"coordinates\" in a LineString"),
        .file("--geojson", "geojson/coordinates-string.geojson", ":1:34:", "coordinates", "found a string"),
        .file(
            "--geojson", "geojson/unclosed-ring.geojson", ":3:4:", "geometry.coordinates[0]", "must end where it starts"
        ),
        .file("--geojson", "geojson/short-ring.geojson", ":1:37:", "at least 4 positions"),
        .file("--geojson", "geojson/one-point-line.geojson", ":1:39:", "at least 2 positions"),
        .file(
            "--geojson", "geojson/latitude-91.geojson", ":2:120:", "coordinates[1][1]", "latitude 91.0 is out of range"),
        .file("--geojson", "geojson/position-one-number.geojson", ":1:34:", "at least 2 numbers"),
        .file("--geojson", "geojson/nested-garbage.geojson", ":1:69:", "coordinates[0][0][1][1]", "found an object"),
        .file("--geojson", "geojson/too-deep-coordinates.geojson", ":1:35:", "nested too deeply"),
        .file("--geojson", "geojson/features-not-array.geojson", ":1:43:", "expected an array of Features"),
        .file("--geojson", "geojson/geometry-missing.geojson", ":1:44:", "features[0]", "missing \"geometry\""),
        .file(
            "--geojson", "geojson/feature-in-geometries.geojson", ":1:56:", "geometries[0].type", "expected a geometry"),
        .file("--geojson", "geojson/trailing-comma.geojson", ":1:50:", "trailing comma"),
        .file("--geojson", "geojson/nan-literal.geojson", ":1:35:", "no NaN"),
        .file("--geojson", "geojson/huge-number.geojson", ":1:35:", "1e999 is too large"),
        .file("--geojson", "geojson/truncated.geojson", ":2:47:", "unterminated string"),
        .file("--geojson", "geojson/invalid-utf8.geojson", ":1:77:", "invalid UTF-8"),
        .file("--geojson", "geojson/top-level-array.geojson", ":1:1:", "found an array"),
        .file("--geojson", "geojson/duplicate-key.geojson", ":1:19:", "duplicate key \"type\""),
        .file("--geojson", "geojson/bad-marker-color.geojson", ":1:52:", "properties.marker-color"),
        .file("--geojson", "geojson/empty.geojson", ":1:1:", "holds no JSON value"),
        // A line break and an escape sequence in a quoted name are written escaped, so the
        // message stays one line and cannot drive the terminal.
        .file(
            "--geojson", "geojson/control-characters.geojson", ":1:9:", "unknown GeoJSON type", "Poi\\nnt\\u{1B}[31m"),
        // Valid GeoJSON with nothing in it: the scene is empty, and no file is to blame.
        BadInput(
            "geojson/empty-collection.geojson", ["--geojson", "@corpus/geojson/empty-collection.geojson"],
            mentions: ["nothing to draw"]),
    ]

    static let csv: [BadInput] = [
        .file("--csv", "csv/missing-columns.csv", ":1:", "no latitude and longitude column"),
        .file("--csv", "csv/short-row.csv", ":3:", "1 fields, but the header has 2"),
        .file("--csv", "csv/long-row.csv", ":3:", "3 fields, but the header has 2"),
        .file("--csv", "csv/text-latitude.csv", ":3:", "'north' is not a number"),
        .file("--csv", "csv/latitude-91.csv", ":3:", "'91.5' is out of range"),
        .file("--csv", "csv/latitude-nan.csv", ":3:", "'NaN' is not a finite number"),
        .file("--csv", "csv/longitude-infinity.csv", ":3:", "'-inf' is not a finite number"),
        .file("--csv", "csv/bad-timestamp.csv", ":3:", "'soon' is not an ISO 8601 timestamp"),
        .file("--csv", "csv/unclosed-quote.csv", ":2:", "a quoted field is not closed"),
        .file("--csv", "csv/duplicate-column.csv", ":1:", "column 'latitude' appears twice"),
        .file("--csv", "csv/empty-latitude.csv", ":2:", "column 'latitude': is empty"),
        .file("--csv", "csv/header-only.csv", "only a header row"),
        .file("--csv", "csv/empty.csv", "the file is empty"),
        .file("--csv", "csv/binary-junk.csv", ":1:", "no latitude and longitude column", "\\u{0}"),
        .file("--csv", "csv/header-with-line-break.csv", ":1:", "found: a\\nb,c"),
    ]

    static let styles: [BadInput] = [
        .file(
            "--style", "style/number-as-string.json", ":3:55:", "polyline.lineWidth", "expected a number", extra: pin),
        .file(
            "--style", "style/unknown-key.json", ":2:15:", "callout.titelSize", "did you mean \"titleSize\"", extra: pin
        ),
        .file("--style", "style/unknown-section.json", ":2:3:", "markers", "did you mean \"marker\"", extra: pin),
        .file("--style", "style/bad-colour.json", ":2:22:", "\"#12345\" is not a colour", extra: pin),
        .file("--style", "style/colour-as-number.json", ":2:28:", "basemap.landColor", "expected a colour", extra: pin),
        .file("--style", "style/null-colour.json", ":2:28:", "callout.fillColor", "found null", extra: pin),
        .file("--style", "style/negative-length.json", ":2:27:", "circle.lineWidth", "≥ 0", extra: pin),
        .file("--style", "style/zero-font-size.json", ":2:30:", "furniture.titleSize", "> 0", extra: pin),
        .file("--style", "style/huge-font-size.json", ":2:28:", "callout.titleSize", "too large", extra: pin),
        .file("--style", "style/bad-line-cap.json", ":2:24:", "track.lineCap", "\"pointy\"", extra: pin),
        .file("--style", "style/flag-as-string.json", ":2:34:", "furniture.showsScaleBar", "true or false", extra: pin),
        .file("--style", "style/zero-dashes.json", ":2:30:", "polygon.dashPattern", "all zero", extra: pin),
        .file("--style", "style/section-as-array.json", ":2:13:", "marker", "expected an object", extra: pin),
        .file("--style", "style/top-level-array.json", ":1:1:", "expected a style object", extra: pin),
        .file("--style", "style/comment.json", ":2:3:", "no comments", extra: pin),
        .file("--style", "style/truncated.json", ":3:30:", "the end of the file", extra: pin),
    ]

    static let pin = ["--pin", "39.74,-104.99,Home", "--basemap", "none"]

    /// Sizes that would take gigabytes are refused up front, as usage errors.
    static let sizes: [BadInput] = [
        BadInput(
            "--size 100000x100000", pin + ["--size", "100000x100000"], status: 64, mentions: ["--size", "too large"]),
        BadInput(
            "--size 20000x20000 --scale 4", pin + ["--size", "20000x20000", "--scale", "4"], status: 64,
            mentions: ["80000×80000", "too large"]),
        BadInput(
            "--size 20000x20000 as WebP (400 megapixels)",
            pin + ["--size", "20000x20000", "-o", "@tmp/map.webp"], status: 64,
            mentions: ["20000×20000", "too large", "16777216"], addsOutput: false),
        BadInput(
            "--size 5000x4000 as WebP (past its 16 megapixels)",
            pin + ["--size", "5000x4000", "-o", "@tmp/map.webp"], status: 64,
            mentions: ["5000×4000", "WebP", "16777216"], addsOutput: false),
        BadInput("--size beyond Int", pin + ["--size", "99999999999999999999999x1"], status: 64, mentions: ["--size"]),
        BadInput("--size negative", pin + ["--size", "-800x600"], status: 64, mentions: ["--size"]),
        BadInput("--size three sides", pin + ["--size", "800x600x2"], status: 64, mentions: ["--size"]),
        BadInput("--scale 1e308", pin + ["--scale", "1e308"], status: 64, mentions: ["--scale"]),
        BadInput("--scale nan", pin + ["--scale", "nan"], status: 64, mentions: ["--scale", "not a number"]),
        BadInput("--zoom inf", pin + ["--center", "0,0", "--zoom", "inf"], status: 64, mentions: ["--zoom"]),
        BadInput("--padding nan", pin + ["--padding", "nan"], status: 64, mentions: ["--padding"]),
        BadInput(
            "--span empty", pin + ["--center", "0,0", "--span", ""], status: 64, mentions: ["--span", "not a distance"]),
        BadInput(
            "--span x", pin + ["--center", "0,0", "--span", "x"], status: 64, mentions: ["--span", "not a distance"]),
    ]

    /// Outputs that cannot be written: nothing may appear, and nothing already there may be
    /// replaced (tests run as root, where a read-only folder stops nothing, so the
    /// folders here are ones no permission makes writable).
    static let outputs: [BadInput] = [
        BadInput(
            "-o under a regular file", pin + ["-o", "@tmp/file.txt/map.png"], status: 73,
            mentions: ["file.txt/map.png", "Not a directory"], addsOutput: false),
        BadInput(
            "-o into a missing folder", pin + ["-o", "@tmp/missing/map.png"], status: 73,
            mentions: ["missing/map.png", "No such file"], addsOutput: false),
        BadInput(
            "-o into /proc", pin + ["-o", "/proc/maprender-test.png"], status: 73,
            mentions: ["/proc/maprender-test.png"], addsOutput: false),
        BadInput(
            "-o into /proc/self", pin + ["-o", "/proc/self/map.png"], status: 73, mentions: ["/proc/self/map.png"],
            addsOutput: false),
        BadInput(
            "-o onto a folder", pin + ["-o", "@tmp/folder.png"], status: 73, mentions: ["folder.png", "is a folder"],
            addsOutput: false),
        BadInput(
            "-o onto a named pipe", pin + ["-o", "@tmp/pipe.png"], status: 73,
            mentions: ["pipe.png", "device, pipe or socket"], addsOutput: false),
        BadInput(
            "-o onto a symbolic link", pin + ["-o", "@tmp/link.png"], status: 73,
            mentions: ["link.png", "symbolic link"], addsOutput: false),
        BadInput(
            "-o a folder path", pin + ["-o", "@tmp/", "--format", "png"], status: 73, mentions: ["not a file name"],
            addsOutput: false),
        BadInput(
            "--sidecar under a regular file", pin + ["-o", "@tmp/map.png", "--sidecar", "@tmp/file.txt/map.json"],
            status: 73, mentions: ["file.txt/map.json"], addsOutput: false),
        BadInput(
            "--sidecar onto a folder", pin + ["-o", "@tmp/map.png", "--sidecar", "@tmp/folder.png"], status: 73,
            mentions: ["folder.png"], addsOutput: false),
        BadInput(
            "places export under a regular file",
            [
                "places", "export", "--db", corpus + "/../../../examples/favorites.db", "-o",
                "@tmp/file.txt/favs.geojson",
            ], status: 73, mentions: ["file.txt/favs.geojson"], addsOutput: false),
    ]

    func with(status: Int32) -> BadInput {
        var copy = self
        copy.status = status
        return copy
    }
}

@Suite("A corpus of bad inputs, end to end: clean failures, nothing written")
struct BadInputCorpusTests {
    @Test("GPX", arguments: BadInput.gpx)
    func gpx(_ input: BadInput) throws { try check(input) }

    @Test("GeoJSON", arguments: BadInput.geoJSON)
    func geoJSON(_ input: BadInput) throws { try check(input) }

    @Test("CSV", arguments: BadInput.csv)
    func csv(_ input: BadInput) throws { try check(input) }

    @Test("styles", arguments: BadInput.styles)
    func styles(_ input: BadInput) throws { try check(input) }

    @Test("absurd sizes", arguments: BadInput.sizes)
    func sizes(_ input: BadInput) throws { try check(input) }

    @Test("unwritable outputs", arguments: BadInput.outputs)
    func outputs(_ input: BadInput) throws { try check(input) }

    @Test("every corpus file is used by a case", arguments: ["gpx", "geojson", "csv", "style"])
    func corpusIsCovered(_ kind: String) throws {
        let used = Set((BadInput.gpx + BadInput.geoJSON + BadInput.csv + BadInput.styles).map(\.name))
        for name in try FileManager.default.contentsOfDirectory(atPath: corpus + "/" + kind) {
            #expect(used.contains("\(kind)/\(name)"), "Corpus/\(kind)/\(name) is not in any case")
        }
    }
}

// MARK: - Generated inputs

@Suite("Generated bad inputs, end to end: deep nesting, entities, damaged databases")
struct GeneratedBadInputTests {
    /// Writes `text` into the scratch folder and renders it with `option`.
    func runFile(
        _ text: String, named name: String, option: String, in folder: TemporaryDirectory, extra: [String] = []
    )
        throws -> GuardedRun
    {
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder.path(name)))
        return try runGuarded(extra + [option, folder.path(name), "-o", folder.path("map.png"), "--basemap", "none"])
    }

    @Test(
        "10,000-deep nesting is refused at the depth limit, not by a stack overflow",
        arguments: [
            (
                "GeoJSON arrays in coordinates", "deep.geojson", "--geojson",
                "{\"type\": \"Point\", \"coordinates\": " + String(repeating: "[", count: 10_000)
                    + String(repeating: "]", count: 10_000) + "}"
            ),
            (
                "GeoJSON objects in properties", "deep.geojson", "--geojson",
                "{\"type\": \"Feature\", \"geometry\": null, \"properties\": "
                    + String(repeating: "{\"a\": ", count: 10_000) + "1" + String(repeating: "}", count: 10_001)
            ),
            ("GeoJSON unclosed, 1,000,000 deep", "deep.geojson", "--geojson", String(repeating: "[", count: 1_000_000)),
            (
                "style objects", "deep.json", "--style",
                "{\"polyline\": " + String(repeating: "{\"x\": ", count: 10_000) + "1"
                    + String(repeating: "}", count: 10_001)
            ),
            (
                "batch manifest line", "deep.jsonl", "batch",
                "{\"id\": \"a\", \"output\": \"a.png\", \"pin\": " + String(repeating: "[", count: 10_000)
                    + String(repeating: "]", count: 10_000) + "}\n"
            ),
        ])
    func deepNesting(name: String, file: String, option: String, text: String) throws {
        let folder = try TemporaryDirectory()
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder.path(file)))
        let before = try folderState(folder.url.path)
        let arguments =
            option == "batch"
            ? ["batch", folder.path(file), "--out-dir", folder.path("out")]
            : ["--pin", "1,2", option, folder.path(file), "-o", folder.path("map.png"), "--basemap", "none"]
        let run = try runGuarded(arguments)
        if option == "batch" {
            // A batch reports each failed job, then one error line for the batch.
            #expect(!run.signalled && run.status == 65, "[\(name)] \(run.errors)")
            #expect(run.errors.contains("nest deeper than 256 levels"), "[\(name)] \(run.errors)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("out")).isEmpty, "[\(name)]")
        } else {
            expectCleanFailure(run, name: name, status: 65, mentions: [file + ":1:", "nest deeper than 256 levels"])
            #expect(try folderState(folder.url.path) == before, "[\(name)] the scratch folder changed")
        }
    }

    @Test("GPX nested 10,000 elements deep inside an extension still renders (streamed, no recursion)")
    func deepGPX() throws {
        let folder = try TemporaryDirectory()
        let text =
            "<?xml version=\"1.0\"?><gpx version=\"1.1\"><wpt lat=\"1\" lon=\"2\"><extensions>"
            + String(repeating: "<x>", count: 10_000) + String(repeating: "</x>", count: 10_000)
            + "</extensions></wpt></gpx>"
        let run = try runFile(text, named: "deep.gpx", option: "--gpx", in: folder)
        #expect(!run.signalled && run.status == 0, "\(run.errors)")
        let truncated = try runFile(String(text.prefix(40_000)), named: "cut.gpx", option: "--gpx", in: folder)
        expectCleanFailure(
            truncated, name: "GPX cut off 10,000 deep", status: 65, mentions: ["cut.gpx:1:", "truncated"])
    }

    /// The external-entity files of one run: a secret with a unique marker, a DTD that
    /// declares an entity from it, and a named pipe (opening it would block for ever).
    struct Secrets {
        let folder: TemporaryDirectory
        let marker = "MAPRENDER-SECRET-\(UUID().uuidString)"
        var secret: String { folder.path("secret.txt") }
        var dtd: String { folder.path("secret.dtd") }
        var pipe: String { folder.path("secret.pipe") }

        init() throws {
            folder = try TemporaryDirectory()
            try Data((marker + "\n").utf8).write(to: URL(fileURLWithPath: secret))
            try Data("<!ENTITY secret SYSTEM \"file://\(secret)\">\n".utf8).write(to: URL(fileURLWithPath: dtd))
            #expect(mkfifo(pipe, 0o644) == 0)
        }

        /// GPX files that try to read the secret, each with the position of its refusal.
        var attacks: [(name: String, text: String, mentions: [String])] {
            let gpx =
                "<gpx version=\"1.1\" creator=\"attack\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n  <wpt lat=\"1\" lon=\"2\"><name>&secret;</name></wpt>\n</gpx>\n"
            return [
                (
                    "external entity",
                    "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [\n  <!ENTITY secret SYSTEM \"file://\(secret)\">\n]>\n"
                        + gpx, [":3:", "declares entities"]
                ),
                (
                    "external entity from a named pipe",
                    "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [ <!ENTITY secret SYSTEM \"file://\(pipe)\"> ]>\n" + gpx,
                    [":2:", "declares entities"]
                ),
                (
                    "parameter entity",
                    "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [\n  <!ENTITY % ext SYSTEM \"file://\(dtd)\">\n  %ext;\n]>\n"
                        + gpx, [":3:", "declares entities"]
                ),
                // Not loaded, so the entity is undeclared (the importer stops at the empty name).
                (
                    "external DTD declaring the entity",
                    "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx SYSTEM \"file://\(dtd)\">\n" + gpx, [":4:"]
                ),
                (
                    "entity declaration after a 2 MiB comment",
                    "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [\n<!-- " + String(repeating: "x", count: 2 << 20)
                        + " -->\n<!ENTITY secret SYSTEM \"file://\(secret)\">\n]>\n" + gpx,
                    [":4:1:", "declares entities"]
                ),
            ]
        }
    }

    @Test("entities that name a file are never expanded, fetched or opened")
    func externalEntities() throws {
        let secrets = try Secrets()
        for attack in secrets.attacks {
            let folder = try makeScratch()
            try Data(attack.text.utf8).write(to: URL(fileURLWithPath: folder.path("attack.gpx")))
            // UTF-16 too: the entity check reads the prolog whatever the encoding.
            var utf16 = Data([0xFF, 0xFE])
            utf16.append(attack.text.data(using: .utf16LittleEndian)!)
            try utf16.write(to: URL(fileURLWithPath: folder.path("attack16.gpx")))
            try FileManager.default.copyItem(
                atPath: Maprender.packageRoot.appendingPathComponent("examples/favorites.db").path,
                toPath: folder.path("favs.db"))
            let before = try folderState(folder.url.path)
            for file in ["attack.gpx", "attack16.gpx"] {
                let name = "\(attack.name) (\(file))"
                for arguments in [
                    [
                        "--gpx", folder.path(file), "-o", folder.path("map.png"), "--sidecar", folder.path("map.json"),
                        "--basemap", "none",
                    ],
                    ["places", "import", "--db", folder.path("favs.db"), folder.path(file)],
                ] {
                    let run = try runGuarded(arguments, timeout: 60)
                    let mentions = file == "attack16.gpx" ? [file] : [file] + attack.mentions
                    expectCleanFailure(run, name: "\(name), \(arguments[0])", status: 65, mentions: mentions)
                    #expect(!run.errors.contains(secrets.marker), "[\(name)] the secret was read")
                    #expect(!run.output.contains(Data(secrets.marker.utf8)), "[\(name)] the secret was read")
                }
            }
            #expect(try folderState(folder.url.path) == before, "[\(attack.name)] the scratch folder changed")
        }
    }

    @Test("an external DTD is never loaded: a named pipe as the DTD would block for ever")
    func externalSubsetNotOpened() throws {
        let secrets = try Secrets()
        let folder = try TemporaryDirectory()
        let text =
            "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx SYSTEM \"file://\(secrets.pipe)\">\n<gpx version=\"1.1\"><wpt lat=\"1\" lon=\"2\"><name>Home</name></wpt></gpx>\n"
        let run = try runFile(text, named: "dtd.gpx", option: "--gpx", in: folder)
        #expect(!run.timedOut && !run.signalled && run.status == 0, "\(run.errors)")
        #expect(FileManager.default.fileExists(atPath: folder.path("map.png")))
    }

    // MARK: Databases

    /// Ways a favorites database can be damaged, each made from a real one.
    enum Damage: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case randomBytes = "random bytes"
        case magicThenJunk = "SQLite magic, then junk"
        case truncatedHalf = "truncated to half"
        case headerOnly = "the 100-byte header only"
        case firstPageOnly = "the first page only"
        case overwrittenPage = "a table page overwritten"

        var testDescription: String { rawValue }

        /// What the error says.
        var message: String {
            switch self {
            case .randomBytes, .magicThenJunk: "not a SQLite database"
            default: "damaged SQLite database"
            }
        }

        /// The damaged bytes.
        func apply(to original: Data) -> Data {
            var generator = SplitMix64(seed: 0x6D61_7072_656E_6465)
            func junk(_ count: Int) -> Data {
                Data((0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
            }
            switch self {
            case .randomBytes: return junk(8192)
            case .magicThenJunk: return Data("SQLite format 3\0".utf8) + junk(4080)
            case .truncatedHalf: return original.prefix(original.count / 2)
            case .headerOnly: return original.prefix(100)
            case .firstPageOnly: return original.prefix(4096)
            case .overwrittenPage:
                // A leaf page of the places table, in the middle of the file.
                var copy = original
                let page = (original.count / 4096) / 2
                copy.replaceSubrange(page * 4096..<(page + 1) * 4096, with: Data(repeating: 0xFF, count: 4096))
                return copy
            }
        }
    }

    /// The commands that read or write a favorites database.
    enum DatabaseCommand: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case render, list, export, add, remove
        case importCSV = "import"
        case geocode
        var testDescription: String { rawValue }

        func arguments(database: String, folder: TemporaryDirectory) -> [String] {
            switch self {
            case .render: ["--places", database, "-o", folder.path("map.png"), "--basemap", "none"]
            case .list: ["places", "list", "--db", database]
            case .export: ["places", "export", "--db", database, "-o", folder.path("favs.geojson")]
            case .add: ["places", "add", "--db", database, "--name", "New", "--lat", "1", "--lon", "2"]
            case .remove: ["places", "remove", "--db", database, "--id", "1"]
            case .importCSV: ["places", "import", "--db", database, folder.path("more.csv")]
            case .geocode: ["places", "geocode", "--db", database]
            }
        }
    }

    /// A real favorites database of 600 places (about 25 pages), made by the library.
    static func makeDatabase(_ path: String) throws {
        let database = try SQLiteDatabase(path: path, mode: .readWriteCreate)
        try database.executeScript(
            """
            CREATE TABLE places (id INTEGER PRIMARY KEY, name TEXT NOT NULL, street TEXT, city TEXT, state TEXT, postal TEXT,
              latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90), longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
              display_proximity INTEGER NOT NULL DEFAULT 0, display_radius REAL, going_next INTEGER NOT NULL DEFAULT 0, pin_color TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 600)
            INSERT INTO places (name, street, city, latitude, longitude)
              SELECT 'Place ' || i, printf('%d Long Street Name Avenue', i), 'Denver', 39 + i / 1000.0, -105 + i / 1000.0 FROM n;
            PRAGMA user_version = 1;
            """)
    }

    @Test(
        "a damaged favorites database: exit 65 naming it, and not one byte changed", arguments: Damage.allCases,
        DatabaseCommand.allCases)
    func damagedDatabase(damage: Damage, command: DatabaseCommand) throws {
        let folder = try makeScratch()
        try Self.makeDatabase(folder.path("real.db"))
        let original = try Data(contentsOf: URL(fileURLWithPath: folder.path("real.db")))
        try FileManager.default.removeItem(atPath: folder.path("real.db"))
        try damage.apply(to: original).write(to: URL(fileURLWithPath: folder.path("favs.db")))
        try Data("name,latitude,longitude\nMore,1,2\n".utf8).write(to: URL(fileURLWithPath: folder.path("more.csv")))
        let before = try folderState(folder.url.path)
        let run = try runGuarded(command.arguments(database: folder.path("favs.db"), folder: folder))
        expectCleanFailure(
            run, name: "\(damage.rawValue), \(command.rawValue)", status: 65, mentions: ["favs.db", damage.message])
        #expect(
            try folderState(folder.url.path) == before,
            "[\(damage.rawValue), \(command.rawValue)] the folder or the database changed")
    }

    @Test(
        "empty databases: no tables, or no rows",
        arguments: [
            ("a zero-byte file", "", "no favorites table"),
            ("tables but none of ours", "CREATE TABLE notes (id INTEGER);", "notes"),
            (
                "the schema without rows",
                "CREATE TABLE places (id INTEGER PRIMARY KEY, name TEXT NOT NULL, latitude REAL, longitude REAL);",
                "holds no places"
            ),
        ])
    func emptyDatabase(name: String, schema: String, message: String) throws {
        let folder = try makeScratch()
        if schema.isEmpty {
            _ = FileManager.default.createFile(atPath: folder.path("favs.db"), contents: Data())
        } else {
            try SQLiteDatabase(path: folder.path("favs.db"), mode: .readWriteCreate).executeScript(schema)
        }
        let before = try folderState(folder.url.path)
        let run = try runGuarded([
            "--places", folder.path("favs.db"), "-o", folder.path("map.png"), "--basemap", "none",
        ])
        expectCleanFailure(run, name: name, status: 65, mentions: ["favs.db", message])
        #expect(try folderState(folder.url.path) == before, "[\(name)] the folder or the database changed")
    }

    @Test("a failed import into a good database adds nothing and changes no byte")
    func failedImport() throws {
        let folder = try makeScratch()
        try Self.makeDatabase(folder.path("favs.db"))
        try Data("name,latitude,longitude\nGood,1,2\nBad,91,2\n".utf8).write(
            to: URL(fileURLWithPath: folder.path("more.csv")))
        let before = try folderState(folder.url.path)
        let run = try runGuarded(["places", "import", "--db", folder.path("favs.db"), folder.path("more.csv")])
        expectCleanFailure(
            run, name: "import with a bad row", status: 65, mentions: ["more.csv:3:", "latitude 91.0 is out of range"])
        #expect(try folderState(folder.url.path) == before)
    }
}
