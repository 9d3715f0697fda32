import Foundation
import MapErrors
import MapGeometry
import MapRenderCore
import Testing

@testable import MapFormats
@testable import MapInputs

// Every location-history reader on the fixtures of Fixtures/history, compared with what
// Python's json module and geographiclib make of the same files (make_reference.py writes
// reference.json): fix and segment counts, first and last fixes, bounding box, length.

/// Positions agree to 1e-6° (about 0.1 m), times to a millisecond.
private let positionTolerance = 1e-6
private let timeTolerance = 0.001
/// Geodesic lengths agree within 0.5 %.
private let lengthTolerance = 0.005

let historyFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/history")

func historyFixture(_ name: String) -> String { historyFixtures.appendingPathComponent(name).path }

private struct Reference: Decodable {
    struct Track: Decodable {
        var fixes: Int
        var segments: Int
        var first: [Double?]
        var last: [Double?]
        var south: Double
        var north: Double
        var west: Double
        var east: Double
        var lengthMeters: Double

        enum CodingKeys: String, CodingKey {
            case fixes, segments, first, last, south, north, west, east
            case lengthMeters = "length_m"
        }
    }
    struct Places: Decodable {
        var count: Int
        var first: [Double]
        var last: [Double]
    }
    var tracks: [Track]?
    var places: Places?
}

private func reference(_ name: String) throws -> Reference {
    let data = try Data(contentsOf: historyFixtures.appendingPathComponent("reference.json"))
    let all = try JSONDecoder().decode([String: Reference].self, from: data)
    return try #require(all[name], "reference.json has no entry for \(name)")
}

private func expectFix(_ fix: Location?, _ expected: [Double?], _ label: String) {
    guard let fix, expected.count == 3, let latitude = expected[0], let longitude = expected[1] else {
        Issue.record("\(label): no fix")
        return
    }
    #expect(abs(fix.coordinate.latitude - latitude) <= positionTolerance, "\(label) latitude")
    #expect(abs(fix.coordinate.longitude - longitude) <= positionTolerance, "\(label) longitude")
    if let time = expected[2] {
        let seconds = fix.timestamp?.timeIntervalSince1970 ?? .nan
        #expect(abs(seconds - time) <= timeTolerance, "\(label) time \(seconds) vs \(time)")
    } else {
        #expect(fix.timestamp == nil, "\(label) should have no time")
    }
}

/// Compares content with its reference entry.
private func compare(_ content: SceneContent, with name: String) throws {
    let expected = try reference(name)
    let tracks = expected.tracks ?? []
    #expect(content.tracks.count == tracks.count, "\(name): tracks")
    for (track, reference) in zip(content.tracks, tracks) {
        #expect(track.fixCount == reference.fixes, "\(name): fixes")
        #expect(track.segments.count == reference.segments, "\(name): segments")
        expectFix(track.first, reference.first, "\(name) first")
        expectFix(track.last, reference.last, "\(name) last")
        let latitudes = track.locations.map(\.coordinate.latitude)
        let longitudes = track.locations.map(\.coordinate.longitude)
        #expect(abs((latitudes.min() ?? .nan) - reference.south) <= positionTolerance, "\(name) south")
        #expect(abs((latitudes.max() ?? .nan) - reference.north) <= positionTolerance, "\(name) north")
        #expect(abs((longitudes.min() ?? .nan) - reference.west) <= positionTolerance, "\(name) west")
        #expect(abs((longitudes.max() ?? .nan) - reference.east) <= positionTolerance, "\(name) east")
        var length = 0.0
        for segment in track.segments {
            for (a, b) in zip(segment, segment.dropFirst()) { length += a.distance(from: b) }
        }
        #expect(
            abs(length - reference.lengthMeters) <= reference.lengthMeters * lengthTolerance, "\(name) length \(length)"
        )
    }
    if let places = expected.places {
        #expect(content.places.count == places.count, "\(name): places")
        for (place, coordinate) in [(content.places.first, places.first), (content.places.last, places.last)] {
            let place = try #require(place)
            #expect(abs(place.coordinate.latitude - coordinate[0]) <= positionTolerance, "\(name) place latitude")
            #expect(abs(place.coordinate.longitude - coordinate[1]) <= positionTolerance, "\(name) place longitude")
        }
    } else {
        #expect(content.places.isEmpty, "\(name): no places")
    }
}

@Test(arguments: [
    ("Records.json", LocationHistoryFormat.googleRecords),
    ("2026_DECEMBER.json", .googleSemanticHistory),
    ("Timeline-android.json", .googleTimelineAndroid),
    ("Timeline-iphone.json", .googleTimelineIPhone),
    ("Saved Places.json", .googleSavedPlaces),
    ("overland-batch.json", .overland),
    ("demo-iphone.rec", .ownTracksRecording),
    ("owntracks-ocat.json", .ownTracksExport),
    ("owntracks-api.json", .ownTracksExport),
])
func fixtureMatchesIndependentReader(name: String, format: LocationHistoryFormat) throws {
    let path = historyFixture(name)
    let head = try InputFile.readPrefix(atPath: path, count: LocationHistoryFormat.sniffLength, what: "test")
    #expect(LocationHistoryFormat(sniffing: head) == format, "\(name) sniffed")
    let content = try format.read(atPath: path, window: .unbounded)
    try compare(content, with: name)
    #expect(content.leftOutOfWindow.isZero)
}

@Test func recordsFixtureKeepsAccuracyAltitudeSpeedAndNotesRecordsWithoutPosition() throws {
    let content = try GoogleRecordsDecoder.read(atPath: historyFixture("Records.json"))
    let fixes = try #require(content.tracks.first).locations
    // Record 0: every field; record 3 has no accuracy (unknown, 0); odd records no altitude.
    #expect(fixes[0].horizontalAccuracy == 10 && fixes[0].altitude == 555 && fixes[0].verticalAccuracy == 3)
    #expect(abs(fixes[0].speed - 3) < 1e-12 && fixes[0].course == 38)
    #expect(fixes[3].horizontalAccuracy == 0)
    #expect(!fixes[1].hasValidAltitude && !fixes[1].hasValidSpeed && !fixes[1].hasValidCourse)
    #expect(content.diagnostics.contains { $0.message.contains("1 records without a position skipped") })
}

@Test func ownTracksRecordingConvertsSpeedAndCountsOtherMessages() throws {
    let content = try OwnTracksRecDecoder.read(atPath: historyFixture("demo-iphone.rec"))
    let fixes = try #require(content.tracks.first).locations
    // Line 19: "vel":35 km/h, "cog":118, "acc":5, "alt":166, "vac":6.
    let fix = try #require(fixes.first { $0.timestamp == Date(timeIntervalSince1970: 1_440_403_798) })
    #expect(abs(fix.speed - 35 / 3.6) < 1e-9 && fix.course == 118 && fix.horizontalAccuracy == 5)
    #expect(fix.altitude == 166 && fix.verticalAccuracy == 6)
    #expect(!fixes[0].hasValidSpeed && !fixes[0].hasValidCourse)
    #expect(content.diagnostics.contains { $0.message.hasSuffix("messages other than locations skipped: 2 lwt") })
}

@Test func apiExportMakesOneTrackPerUserAndDevice() throws {
    let content = try OwnTracksExportDecoder.read(atPath: historyFixture("owntracks-api.json"))
    #expect(content.tracks.map(\.name) == ["demo/iphone"])
}

@Test func savedPlacesTakeTitlesAddressesAndUrlPositions() throws {
    let read = try GoogleSavedPlacesDecoder.entries(atPath: historyFixture("Saved Places.json"))
    #expect(read.entries.map(\.place.title) == ["Saved 0", "Saved 1", "Business 2", "Saved 3", "Saved 4", "Saved 5"])
    #expect(read.entries[0].place.subtitle == "Weg 0, 80331 München, Deutschland")
    #expect(read.entries[0].countryCode == "DE" && read.entries[0].businessName == "Business 0")
    #expect(read.entries[1].published == ISO8601Timestamp.date(from: "2026-11-30T07:00:00Z"))
    #expect(read.diagnostics.count == 1)
    #expect(read.diagnostics.first?.message.contains("\"Nowhere\" has no position") == true)
    #expect(read.diagnostics.first?.message.contains("Saved Places.json:") == true)
}

@Test func timelineVisitsAreTitledByType() throws {
    let content = try GoogleTimelineDecoder.read(atPath: historyFixture("Timeline-android.json"))
    #expect(content.places.map(\.title) == ["Home", "Work", "Visit", "Home", "Work"])
    #expect(content.tracks.map(\.name) == ["Timeline", "Raw signals"])
    let raw = try #require(content.tracks.last?.first)
    #expect(raw.horizontalAccuracy == 12 && raw.altitude == 520.5 && raw.speed == 1.25)
}

@Test func formatReadsWithTheWindowAndStoreFoldersReadPerDevice() throws {
    let window = TrackTimeWindow(
        start: ISO8601Timestamp.date(from: "2026-12-01T10:00:00Z"),
        end: ISO8601Timestamp.date(from: "2026-12-01T12:00:00Z"))
    let path = historyFixture("2026_DECEMBER.json")
    let direct = try GoogleSemanticHistoryDecoder.read(atPath: path, window: window)
    let sniffed = try LocationHistoryFormat.googleSemanticHistory.read(atPath: path, window: window)
    #expect(sniffed == direct)
    #expect(!direct.leftOutOfWindow.isZero && !direct.tracks.isEmpty && !direct.places.isEmpty)
    let store = try OwnTracksStore.read(folder: historyFixture("owntracks"), window: .unbounded)
    #expect(store.tracks.map(\.name) == ["demo/iphone"] && store.tracks.first?.fixCount == 23)
}
