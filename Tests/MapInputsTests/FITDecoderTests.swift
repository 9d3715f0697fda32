import Foundation
import MapErrors
import MapFormats
import MapGeometry
import MapInputs
import MapRenderCore
import MapTestSupport
import Testing

// FIT activities and courses (Garmin's FIT protocol) mapped to tracks and pins: real files
// from watches, bike computers and apps compared with an independent reader (fitdecode,
// see Fixtures/fit/make_reference.py), then hand-made files for each edge case.

/// The FIT fixtures: Tests/MapInputsTests/Fixtures/fit.
private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/fit")

private func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

/// What fitdecode (or, for the Lezyne file, GPSBabel) read from a fixture.
/// reference.json's keys are snake_case.
private let snakeCaseDecoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return decoder
}()

private struct Reference: Decodable {
    struct CoursePoint: Decodable {
        var name: String?
        var type: String?
        var latitude: Double
        var longitude: Double
    }
    var fixes: Int
    var positioned: Int
    var first: [Double]?
    var last: [Double]?
    var bbox: [Double]?
    var lengthM: Double?
    var firstTime: String?
    var lastTime: String?
    var firstFitSeconds: Int?
    var lastFitSeconds: Int?
    var sports: [String?]?
    var sessionsWithFixes: Int?
    var coursePoints: [CoursePoint]?
    var error: String?
}

private let references: [String: Reference] = {
    guard let data = FileManager.default.contents(atPath: fixture("reference.json")),
        let decoded = try? snakeCaseDecoder.decode([String: Reference].self, from: data)
    else { return [:] }
    return decoded
}()

/// Positions agree within this many degrees (about 0.1 m).
private let positionTolerance = 1e-6
/// Lengths agree within this fraction.
private let lengthTolerance = 0.005

/// The fixes with a valid position, in order.
private func valid(_ track: Track) -> [Location] { track.locations.filter { $0.horizontalAccuracy >= 0 } }

/// The geodesic length along the valid fixes, in meters, across segments (as the reference
/// measures it, whatever the segmentation).
private func length(_ fixes: [Location]) -> Double {
    zip(fixes, fixes.dropFirst()).reduce(0) { $0 + $1.0.distance(from: $1.1) }
}

private func expectClose(_ coordinate: Coordinate?, _ expected: [Double]?, _ what: String) {
    guard let coordinate, let expected, expected.count == 2 else {
        Issue.record("\(what): \(String(describing: coordinate)) vs \(String(describing: expected))")
        return
    }
    #expect(abs(coordinate.latitude - expected[0]) < positionTolerance, "\(what) latitude")
    #expect(abs(coordinate.longitude - expected[1]) < positionTolerance, "\(what) longitude")
}

private func date(_ text: String?) -> Date? { text.flatMap { ISO8601Timestamp.date(from: $0) } }

@Suite("FIT decoder on real files")
struct FITDecoderRealFileTests {
    static let names = [
        "2013-02-06-12-11-14.fit", "Activity.fit", "activity-activity-filecrc.fit", "activity-filecrc.fit",
        "activity-settings-corruptheader.fit", "activity-settings-nodata.fit", "activity-unexpected-eof.fit",
        "coros-pace-2-cycling-misaligned-fields.fit", "developer-types-sample.fit",
        "elemnt-bolt-no-application-id-inside-developer-data-id.fit", "fitwrite-track.fit", "garmin-edge-800.fit",
        "garmin-fenix-5-bike.fit", "garmin-forerunner-10.fit", "lezyne_super_gps-garmin_fit-sample-bad-endian.fit",
        "sample-activity.fit", "sample_mulitple_header.fit", "strava-android-app-201.10-b1218918.fit",
        "wahoo-element-bolt.fit",
    ]

    @Test("every fixture with positions matches the independent reader", arguments: names)
    func matchesReference(name: String) throws {
        let reference = try #require(references[name], "reference.json has \(name)")
        let content = try FITDecoder.read(atPath: fixture(name))
        let track = try #require(content.tracks.first)
        #expect(content.tracks.count == 1)
        #expect(track.fixCount == reference.fixes)
        let fixes = valid(track)
        #expect(fixes.count == reference.positioned)
        expectClose(fixes.first?.coordinate, reference.first, "\(name) first")
        expectClose(fixes.last?.coordinate, reference.last, "\(name) last")
        if let box = reference.bbox {
            let latitudes = fixes.map(\.coordinate.latitude), longitudes = fixes.map(\.coordinate.longitude)
            #expect(abs((latitudes.min() ?? .nan) - box[0]) < positionTolerance)
            #expect(abs((longitudes.min() ?? .nan) - box[1]) < positionTolerance)
            #expect(abs((latitudes.max() ?? .nan) - box[2]) < positionTolerance)
            #expect(abs((longitudes.max() ?? .nan) - box[3]) < positionTolerance)
        }
        let expectedLength = try #require(reference.lengthM)
        let measured = length(fixes)
        #expect(
            abs(measured - expectedLength) <= lengthTolerance * expectedLength, "\(measured) vs \(expectedLength) m")
        let times = track.locations.compactMap(\.timestamp)
        #expect(times.first == date(reference.firstTime))
        #expect(times.last == date(reference.lastTime))
        // Where fitdecode stopped (a CRC, a truncation, bytes that are not FIT), this
        // reader warns and names the byte; elsewhere it says nothing.
        let warnings = content.diagnostics.filter { $0.severity == .warning }
        if reference.error != nil {
            #expect(
                warnings.contains { $0.message.hasPrefix(fixture(name) + ": ") && $0.message.contains(" at byte ") })
        } else if !name.hasPrefix("lezyne") {
            #expect(warnings.isEmpty, "\(warnings)")
        }
        // One segment per session holding fixes.
        if let sessions = reference.sessionsWithFixes, sessions > 0 {
            #expect(track.segments.count == sessions)
        }
    }

    @Test("a chained multisport file: one segment per sport, named after the sports")
    func multisport() throws {
        let content = try FITDecoder.read(atPath: fixture("sample_mulitple_header.fit"))
        let track = try #require(content.tracks.first)
        #expect(track.segments.count == 5)
        #expect(track.name == "Swimming, cycling, running")
        let laps = try FITDecoder.read(atPath: fixture("sample_mulitple_header.fit"), segments: .laps)
        #expect(laps.tracks.first?.fixCount == track.fixCount)
    }

    @Test("laps split a single-session ride")
    func laps() throws {
        let sessions = try FITDecoder.read(atPath: fixture("2013-02-06-12-11-14.fit"))
        let laps = try FITDecoder.read(atPath: fixture("2013-02-06-12-11-14.fit"), segments: .laps)
        #expect(sessions.tracks.first?.segments.count == 1)
        #expect(laps.tracks.first?.segments.count == 5)
        #expect(laps.tracks.first?.fixCount == sessions.tracks.first?.fixCount)
        #expect(sessions.tracks.first?.name == "Running")
    }

    @Test("a course file: the track and its course points as pins")
    func course() throws {
        let content = try FITDecoder.read(atPath: fixture("fitwrite-track.fit"))
        let reference = try #require(references["fitwrite-track.fit"]?.coursePoints)
        #expect(content.places.count == reference.count)
        for (place, point) in zip(content.places, reference) {
            #expect(abs(place.coordinate.latitude - point.latitude) < positionTolerance)
            #expect(abs(place.coordinate.longitude - point.longitude) < positionTolerance)
            if let name = point.name { #expect(place.title == name) }
            #expect(place.subtitle?.lowercased().replacingOccurrences(of: " ", with: "_") == point.type)
        }
    }

    @Test("an indoor activity has no track, and says so")
    func indoor() throws {
        let content = try FITDecoder.read(atPath: fixture("sample-activity-indoor-trainer.fit"))
        #expect(content.tracks.isEmpty)
        #expect(content.diagnostics.contains { $0.severity == .warning && $0.message.contains("2263 records") })
    }

    @Test("uptime-timed records with compressed timestamps are untimed, with one note")
    func uptime() throws {
        // antfs-dump.63.fit: 686 records, all compressed-timestamp headers, times of uptime
        // and no positions.
        let content = try FITDecoder.read(atPath: fixture("antfs-dump.63.fit"))
        #expect(content.tracks.isEmpty)
        let notes = content.diagnostics.filter { $0.severity == .info }
        #expect(notes.count == 1)
        #expect(notes.first?.message.contains("686 records are timed by the device's uptime") == true)
    }

    @Test("damaged files keep the records before the damage and name its byte")
    func damage() throws {
        let cases: [(String, String)] = [
            (
                "activity-filecrc.fit",
                "the file CRC 0xB1D5 is not that of its bytes (0xA1D5) at byte 769; drew the 14 records before it"
            ),
            (
                "activity-settings-corruptheader.fit",
                "bytes after the last FIT file are not a FIT header at byte 771; drew the 14 records before it"
            ),
            (
                "activity-unexpected-eof.fit",
                "the file ends at byte 768, before the end of its data (byte 769), in a message at byte 751; drew the 14 records before it"
            ),
            (
                "strava-android-app-201.10-b1218918.fit",
                "a data message of local type 11, which no definition declared, at byte 7471; drew the 473 records before it"
            ),
        ]
        for (name, message) in cases {
            let content = try FITDecoder.read(atPath: fixture(name))
            #expect(
                content.diagnostics.contains { $0 == Diagnostic(.warning, fixture(name) + ": " + message) },
                "\(content.diagnostics)")
        }
    }

    @Test("a file that is not FIT is an error naming the byte")
    func notFIT() {
        #expect {
            _ = try FITDecoder.read(atPath: fixture("make_reference.py"))
        } throws: { error in
            guard let error = error as? MapError else { return false }
            return error.kind == .invalidData && error.location?.file == fixture("make_reference.py")
                && error.message.contains("at byte 0")
        }
        #expect {
            _ = try FITDecoder.read(atPath: fixture("missing.fit"))
        } throws: { ($0 as? MapError)?.kind == .missingInput }
    }
}

/// A FIT time for a date: seconds since 1989-12-31T00:00:00Z.
private func fitSeconds(_ iso: String) -> UInt32 {
    UInt32((ISO8601Timestamp.date(from: iso)?.timeIntervalSince1970 ?? 0) - 631_065_600)
}

private func decode(
    _ file: FITTestFile, window: TrackTimeWindow = .unbounded, segments: FITSegmentation = .sessions
) throws -> SceneContent {
    try FITDecoder.decode(file.file(), fileName: "test.fit", window: window, segments: segments)
}

/// An activity's file_id, then `count` records a second apart from `start`, 0.001° apart.
private func activity(start: UInt32, count: Int, bigEndian: Bool = false) -> FITTestFile {
    var file = FITTestFile()
    file.define(local: 0, global: 0, bigEndian: bigEndian, fields: [(0, 1, 0x00)])
    file.data(local: 0, [4])
    file.define(local: 1, global: 20, bigEndian: bigEndian, fields: FITTestFile.recordFields)
    for index in 0..<count {
        file.record(
            local: 1, time: start + UInt32(index), latitude: 47 + Double(index) * 0.001, longitude: 8, altitude: 400,
            speed: 3.5, accuracy: 3)
    }
    return file
}

/// Appends a session (global 18) from `start` to `end` of `sport`, on local type 5.
private func addSession(_ file: inout FITTestFile, start: UInt32, end: UInt32, sport: Int64) {
    file.define(local: 5, global: 18, fields: [(253, 4, 0x86), (2, 4, 0x86), (5, 1, 0x00)])
    file.data(local: 5, [Int64(end), Int64(start), sport])
}

@Suite("FIT decoder on hand-made files")
struct FITDecoderEdgeCaseTests {
    let start = fitSeconds("2024-05-01T08:00:00Z")

    @Test("a record's fields: degrees, altitude, speed, accuracy and time, in either byte order")
    func recordFields() throws {
        for bigEndian in [false, true] {
            let content = try decode(activity(start: start, count: 3, bigEndian: bigEndian))
            let fix = try #require(content.tracks.first?.locations.last)
            #expect(abs(fix.coordinate.latitude - 47.002) < 1e-7 && abs(fix.coordinate.longitude - 8) < 1e-7)
            #expect(fix.altitude == 400 && fix.verticalAccuracy == 0)
            #expect(fix.speed == 3.5 && fix.course == -1)
            #expect(fix.horizontalAccuracy == 3)
            #expect(fix.timestamp == ISO8601Timestamp.date(from: "2024-05-01T08:00:02Z"))
            #expect(content.diagnostics.isEmpty)
        }
    }

    @Test("plain altitude and speed (scale 5, offset 500; scale 1000) and absent ones")
    func plainFields() throws {
        var file = FITTestFile()
        file.define(
            local: 0, global: 20, fields: [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85), (2, 2, 0x84), (6, 2, 0x84)])
        file.data(local: 0, [Int64(start), 0, 0, 2600, 12500])
        file.data(local: 0, [Int64(start) + 1, 0, 0, 0xFFFF, 0xFFFF])
        let fixes = try #require(try decode(file).tracks.first?.locations)
        #expect(fixes[0].altitude == 20 && fixes[0].verticalAccuracy == 0 && fixes[0].speed == 12.5)
        #expect(fixes[0].horizontalAccuracy == 0)
        #expect(fixes[1].verticalAccuracy == -1 && fixes[1].speed == -1)
    }

    @Test("records without a valid position are invalid fixes that cleaning drops and counts")
    func invalidPositions() throws {
        var file = activity(start: start, count: 2)
        file.record(local: 1, time: start + 2, latitude: nil, longitude: nil)
        file.record(local: 1, time: start + 3, latitude: 47.003, longitude: 8)
        // No time and no position: nothing to keep.
        file.data(local: 1, [0xFFFF_FFFF, 0x7FFF_FFFF, 0x7FFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFF, 0xFF])
        let track = try #require(try decode(file).tracks.first)
        #expect(track.fixCount == 4)
        #expect(track.locations.map { $0.horizontalAccuracy < 0 } == [false, false, true, false])
        let cleaned = track.cleaned()
        #expect(cleaned.track.fixCount == 3)
        #expect(cleaned.report.invalidCount == 1)
    }

    @Test("uptime timestamps: fixes kept in order without a time, one note")
    func uptime() throws {
        var file = FITTestFile()
        file.define(local: 0, global: 20, fields: FITTestFile.recordFields)
        file.record(local: 0, time: 5000, latitude: 1, longitude: 2)
        file.record(local: 0, time: 5001, latitude: 1.001, longitude: 2)
        file.record(local: 0, time: 0, latitude: 1.002, longitude: 2, compressedTimeOffset: 15)
        let content = try decode(file)
        let fixes = try #require(content.tracks.first?.locations)
        #expect(fixes.count == 3 && fixes.allSatisfy { $0.timestamp == nil })
        #expect(fixes.map(\.coordinate.latitude).sorted() == fixes.map(\.coordinate.latitude))
        #expect(
            content.diagnostics == [
                Diagnostic(
                    .info,
                    "test.fit: 3 records are timed by the device's uptime, not a date; kept in order without a time")
            ])
        // A bounded window has no place for them: left out as untimed.
        let windowed = try decode(file, window: TrackTimeWindow(start: Date(timeIntervalSince1970: 0)))
        #expect(windowed.tracks.isEmpty && windowed.leftOutOfWindow == TrackWindowCount(untimed: 3))
    }

    @Test("compressed timestamps roll over into the fixes' times")
    func compressed() throws {
        var file = FITTestFile()
        file.define(local: 0, global: 20, fields: FITTestFile.recordFields)
        file.define(local: 1, global: 20, fields: [(0, 4, 0x85), (1, 4, 0x85)])
        let base = start - start % 32 + 30
        file.record(local: 0, time: base, latitude: 1, longitude: 2)
        file.data(local: 1, [11_930_465, 23_860_929], compressedTimeOffset: 31)
        file.data(local: 1, [11_930_466, 23_860_929], compressedTimeOffset: 1)
        let times = try #require(try decode(file).tracks.first?.locations.map(\.timestamp))
        let first = Date(timeIntervalSince1970: 631_065_600 + Double(base))
        #expect(times == [first, first + 1, first + 3])
    }

    @Test("the time window is applied per fix, and what it leaves out is counted")
    func window() throws {
        var file = activity(start: start, count: 10)
        file.record(local: 1, time: start + 10, latitude: nil, longitude: nil)
        let first = Date(timeIntervalSince1970: 631_065_600 + Double(start))
        let content = try decode(file, window: TrackTimeWindow(start: first + 3, end: first + 7))
        #expect(content.tracks.first?.fixCount == 4)
        #expect(content.leftOutOfWindow == TrackWindowCount(outside: 7))
    }

    @Test("sessions and laps split the track; a chained file starts a segment")
    func segments() throws {
        var file = activity(start: start, count: 10)
        addSession(&file, start: start, end: start + 4, sport: 5)
        addSession(&file, start: start + 5, end: start + 9, sport: 2)
        file.define(local: 6, global: 19, fields: [(253, 4, 0x86), (2, 4, 0x86)])
        for lap: UInt32 in [0, 2, 5, 8] { file.data(local: 6, [Int64(start + lap + 1), Int64(start + lap)]) }
        let sessions = try #require(try decode(file).tracks.first)
        #expect(sessions.segments.map(\.count) == [5, 5])
        #expect(sessions.name == "Swimming, cycling")
        let laps = try #require(try decode(file, segments: .laps).tracks.first)
        #expect(laps.segments.map(\.count) == [2, 3, 3, 2])
        // Two files chained without sessions: one segment each.
        let chained = activity(start: start, count: 3).file() + activity(start: start + 100, count: 4).file()
        let content = try FITDecoder.decode(chained, fileName: "chained.fit")
        #expect(content.tracks.first?.segments.map(\.count) == [3, 4])
        #expect(content.diagnostics.isEmpty)
    }

    @Test("a course: its name and course points titled by name or type")
    func course() throws {
        var file = FITTestFile()
        file.define(local: 0, global: 0, fields: [(0, 1, 0x00)])
        file.data(local: 0, [6])
        file.define(local: 1, global: 31, fields: [(5, 16, 0x07)])
        file.records.append(1)
        file.records += Array("Lake loop".utf8) + [UInt8](repeating: 0, count: 7)
        file.define(local: 2, global: 20, fields: FITTestFile.recordFields)
        file.record(local: 2, time: start, latitude: 46, longitude: 7)
        file.record(local: 2, time: start + 60, latitude: 46.01, longitude: 7)
        file.define(
            local: 3, global: 32, fields: [(1, 4, 0x86), (2, 4, 0x85), (3, 4, 0x85), (5, 1, 0x00), (6, 8, 0x07)])
        file.records.append(3)
        file.records += FITTestFile.integer(Int64(start) + 30, size: 4, bigEndian: false)
        file.records += FITTestFile.integer(548_781_000, size: 4, bigEndian: false)
        file.records += FITTestFile.integer(83_513_000, size: 4, bigEndian: false)
        file.records += [1] + Array("Top".utf8) + [0, 0, 0, 0, 0]
        file.records.append(3)
        file.records += FITTestFile.integer(0xFFFF_FFFF, size: 4, bigEndian: false)
        file.records += FITTestFile.integer(548_781_000, size: 4, bigEndian: false)
        file.records += FITTestFile.integer(83_513_000, size: 4, bigEndian: false)
        file.records += [6] + [UInt8](repeating: 0, count: 8)
        let content = try decode(file)
        #expect(content.tracks.first?.name == "Lake loop")
        #expect(content.places.map(\.title) == ["Top", "Left"])
        #expect(content.places.map(\.subtitle) == ["Summit", "Left"])
        // A point with a time outside the window is left out; one without a time is kept.
        let later = Date(timeIntervalSince1970: 631_065_600 + Double(start) + 45)
        #expect(try decode(file, window: TrackTimeWindow(start: later)).places.map(\.title) == ["Left"])
    }

    @Test("damage: warnings after valid records, errors before any")
    func damage() throws {
        let good = activity(start: start, count: 5).file()
        // A declared data size beyond the file.
        let long = activity(start: start, count: 5)
        let beyond = Array(long.file(extraDataSize: 4_000_000_000).dropLast(2))
        let content = try FITDecoder.decode(beyond, fileName: "long.fit")
        #expect(content.tracks.first?.fixCount == 5)
        let dataEnd = 14 + long.records.count + 4_000_000_000
        #expect(
            content.diagnostics.map(\.message) == [
                "long.fit: the file ends at byte \(beyond.count), before the end of its data (byte \(dataEnd)), in a message at byte \(beyond.count); drew the 5 records before it"
            ])
        // Garbage after the file.
        let trailing = try FITDecoder.decode(good + Array("garbage after the records".utf8), fileName: "t.fit")
        #expect(
            trailing.diagnostics.map(\.message) == [
                "t.fit: bytes after the last FIT file are not a FIT header at byte \(good.count); drew the 5 records before it"
            ])
        // Not FIT; empty; a bad header CRC before anything.
        for (bytes, words) in [
            (Array("<?xml version=\"1.0\"?><gpx/>".utf8), "not a FIT file: no \".FIT\" header at byte 0"),
            ([], "the file is empty, not FIT at byte 0"),
            (Array(good.prefix(13)) + [good[13] ^ 1] + Array(good.dropFirst(14)), "the header CRC"),
        ] as [([UInt8], String)] {
            #expect {
                _ = try FITDecoder.decode(bytes, fileName: "bad.fit")
            } throws: { error in
                guard let error = error as? MapError else { return false }
                return error.kind == .invalidData && error.location?.file == "bad.fit" && error.message.contains(words)
                    && error.message.contains("at byte 0")
            }
        }
    }
}
