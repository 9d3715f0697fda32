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
    var length_m: Double?
    var first_time: String?
    var last_time: String?
    var first_fit_seconds: Int?
    var last_fit_seconds: Int?
    var sports: [String?]?
    var sessions_with_fixes: Int?
    var course_points: [CoursePoint]?
    var error: String?
}

private let references: [String: Reference] = {
    guard let data = FileManager.default.contents(atPath: fixture("reference.json")),
        let decoded = try? JSONDecoder().decode([String: Reference].self, from: data)
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
        let expectedLength = try #require(reference.length_m)
        let measured = length(fixes)
        #expect(abs(measured - expectedLength) <= lengthTolerance * expectedLength, "\(measured) vs \(expectedLength) m")
        let times = track.locations.compactMap(\.timestamp)
        #expect(times.first == date(reference.first_time))
        #expect(times.last == date(reference.last_time))
        // Where fitdecode stopped (a CRC, a truncation, bytes that are not FIT), this
        // reader warns and names the byte; elsewhere it says nothing.
        let warnings = content.diagnostics.filter { $0.severity == .warning }
        if reference.error != nil {
            #expect(warnings.contains { $0.message.hasPrefix(fixture(name) + ": ") && $0.message.contains(" at byte ") })
        } else if !name.hasPrefix("lezyne") {
            #expect(warnings.isEmpty, "\(warnings)")
        }
        // One segment per session holding fixes.
        if let sessions = reference.sessions_with_fixes, sessions > 0 {
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
        let reference = try #require(references["fitwrite-track.fit"]?.course_points)
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
            ("activity-filecrc.fit", "the file CRC 0xB1D5 is not that of its bytes (0xA1D5) at byte 769; drew the 14 records before it"),
            ("activity-settings-corruptheader.fit", "bytes after the last FIT file are not a FIT header at byte 771; drew the 14 records before it"),
            (
                "activity-unexpected-eof.fit",
                "the file ends at byte 768, before the end of its data (byte 769), in a message at byte 751; drew the 14 records before it"
            ),
            ("strava-android-app-201.10-b1218918.fit", "a data message of local type 11, which no definition declared, at byte 7471; drew the 473 records before it"),
        ]
        for (name, message) in cases {
            let content = try FITDecoder.read(atPath: fixture(name))
            #expect(content.diagnostics.contains { $0 == Diagnostic(.warning, fixture(name) + ": " + message) }, "\(content.diagnostics)")
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

