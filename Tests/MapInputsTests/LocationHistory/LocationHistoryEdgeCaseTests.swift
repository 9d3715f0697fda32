import Foundation
import MapErrors
import MapGeometry
import MapRenderCore
import Testing

@testable import MapFormats
@testable import MapInputs

// Hand-made files for each edge case of the location-history readers: BOM and comment
// lines, numbers as strings, the E7 overflow, missing accuracy, bad .rec lines, the time
// window, the store folder's months, and telling the formats apart.

private func date(_ text: String) -> Date { ISO8601Timestamp.date(from: text)! }

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// One day, 2026-12-01 in UTC.
private let december1 = TrackTimeWindow(start: date("2026-12-01T00:00:00Z"), end: date("2026-12-02T00:00:00Z"))

// MARK: - Records.json

@Test func recordsUnwrapTheInt32OverflowAndNoteIt() throws {
    // 2^32 - 337_000_000 wraps to -33.7°; 2^32 - 1_512_000_000 wraps to -151.2°.
    let text = """
        {"locations": [{"latitudeE7": 3957967296, "longitudeE7": 2782967296, "timestampMs": "1796108400000"},
                       {"latitudeE7": 481371540, "longitudeE7": 115761240, "timestamp": "2026-12-01T07:01:00Z"}]}
        """
    let content = try GoogleRecordsDecoder.decode(bytes(text), fileName: "Records.json")
    let fixes = try #require(content.tracks.first).locations
    #expect(abs(fixes[0].coordinate.latitude - -33.7) < 1e-9 && abs(fixes[0].coordinate.longitude - -151.2) < 1e-9)
    #expect(fixes[0].timestamp == date("2026-12-01T07:00:00Z"))
    #expect(fixes[0].horizontalAccuracy == 0 && !fixes[0].hasValidAltitude)
    #expect(content.diagnostics.contains { $0.message.hasPrefix("Records.json: 1 records had E7 coordinates past") })
}

@Test func recordsWithBOMCommentLineAndNumbersAsStrings() throws {
    let text =
        "\u{FEFF}// Takeout\n{\"locations\": [{\"latitudeE7\": \"481371540\", \"longitudeE7\": \"115761240\", \"accuracy\": \"12\", \"timestampMs\": 1796108400000}]}"
    let content = try GoogleRecordsDecoder.decode(bytes(text), fileName: "Records.json")
    let fix = try #require(content.tracks.first?.first)
    #expect(fix.coordinate == Coordinate(latitude: 48.137154, longitude: 11.576124))
    #expect(fix.horizontalAccuracy == 12 && fix.timestamp == date("2026-12-01T07:00:00Z"))
    #expect(
        content.diagnostics.map(\.message) == ["Records.json:1: a '//' comment line before the JSON value, skipped"])
    #expect(content.diagnostics.first?.severity == .warning)
}

@Test func recordsWindowKeepsOneDayAndCountsTheRest() throws {
    let text = """
        {"locations": [
          {"latitudeE7": 481371540, "longitudeE7": 115761240, "timestamp": "2026-11-30T23:59:59Z"},
          {"latitudeE7": 481371541, "longitudeE7": 115761241, "timestamp": "2026-12-01T00:00:00Z"},
          {"latitudeE7": 481371542, "longitudeE7": 115761242, "timestamp": "2026-12-01T23:59:59.999Z"},
          {"latitudeE7": 481371543, "longitudeE7": 115761243, "timestamp": "2026-12-02T00:00:00Z"},
          {"latitudeE7": 481371544, "longitudeE7": 115761244}
        ]}
        """
    let content = try GoogleRecordsDecoder.decode(bytes(text), fileName: "Records.json", window: december1)
    #expect(content.tracks.first?.fixCount == 2)
    #expect(content.leftOutOfWindow == TrackWindowCount(outside: 2, untimed: 1))
}

@Test func recordsErrorsNameFileLineAndColumn() throws {
    do {
        _ = try GoogleRecordsDecoder.decode(
            bytes("{\"locations\": [\n  {\"latitudeE7\": 1,}\n]}"), fileName: "Records.json")
        Issue.record("expected an error")
    } catch {
        #expect(error.kind == .invalidData)
        #expect(error.locatedMessage.hasPrefix("Records.json:2:20: locations[0]: expected a key after ','"))
    }
    do {
        _ = try GoogleRecordsDecoder.decode(bytes("{\"timelineObjects\": []}"), fileName: "x.json")
        Issue.record("expected an error")
    } catch {
        #expect(error.locatedMessage == "x.json: no \"locations\" array: not a Google location history (Records.json)")
    }
    do {
        _ = try GoogleRecordsDecoder.read(atPath: historyFixture("Timeline-iphone.json"))
        Issue.record("expected an error")
    } catch {
        #expect(
            error.locatedMessage.hasSuffix(
                "Timeline-iphone.json:1: the file is a JSON array, not a Google location history (Records.json) (a JSON object)"
            ))
    }
    do {
        _ = try GoogleRecordsDecoder.read(atPath: "/nonexistent/Records.json")
        Issue.record("expected an error")
    } catch {
        #expect(error.kind == .missingInput)
    }
}

// MARK: - Semantic Location History and Timeline

@Test func semanticVisitsAndSegmentsFollowTheWindow() throws {
    let text = """
        {"timelineObjects": [
          {"placeVisit": {"location": {"latitudeE7": 481000000, "longitudeE7": 115000000, "name": "Café", "address": "Weg 1\\n80331 München"},
                          "duration": {"startTimestampMs": "1796108400000", "endTimestampMs": "1796112000000"}}},
          {"placeVisit": {"location": {"latitudeE7": 482000000, "longitudeE7": 116000000, "address": "Gasse 2"},
                          "duration": {"startTimestamp": "2026-11-20T10:00:00Z", "endTimestamp": "2026-11-20T11:00:00Z"}}},
          {"activitySegment": {"duration": {"startTimestamp": "2026-12-01T08:00:00Z", "endTimestamp": "2026-12-01T08:30:00Z"},
                               "waypointPath": {"waypoints": [{"latE7": 481000000, "lngE7": 115000000}, {"latE7": 481100000, "lngE7": 115100000}, {"latE7": 481200000, "lngE7": 115200000}]}}},
          {"activitySegment": {"duration": {"startTimestamp": "2026-11-20T08:00:00Z", "endTimestamp": "2026-11-20T08:30:00Z"},
                               "startLocation": {"latitudeE7": 481000000, "longitudeE7": 115000000},
                               "endLocation": {"latitudeE7": 481100000, "longitudeE7": 115100000}}}
        ]}
        """
    let all = try GoogleSemanticHistoryDecoder.decode(bytes(text), fileName: "2026_DECEMBER.json")
    #expect(all.places.map(\.title) == ["Café", "Gasse 2"])
    #expect(all.places.first?.subtitle == "Weg 1, 80331 München")
    #expect(all.tracks.first?.segments.map(\.count) == [3, 2])
    let waypoints = try #require(all.tracks.first?.segments.first)
    #expect(waypoints.map(\.timestamp) == [date("2026-12-01T08:00:00Z"), nil, date("2026-12-01T08:30:00Z")])

    let day = try GoogleSemanticHistoryDecoder.decode(bytes(text), fileName: "2026_DECEMBER.json", window: december1)
    #expect(day.places.map(\.title) == ["Café"])
    #expect(day.tracks.first?.segments.map(\.count) == [3])
    #expect(day.leftOutOfWindow == TrackWindowCount(outside: 3))
}

@Test func iPhoneTimelineReadsGeoURIsAndMinuteOffsets() throws {
    let text = """
        [{"startTime": "2026-12-01T09:00:00.000+01:00", "endTime": "2026-12-01T10:00:00.000+01:00",
          "timelinePath": [{"point": "geo:48.100000,11.500000", "durationMinutesOffsetFromStartTime": "0"},
                           {"point": "geo:48.200000,11.600000", "durationMinutesOffsetFromStartTime": "15"}]},
         {"startTime": "2026-12-01T10:00:00.000+01:00", "endTime": "2026-12-01T11:00:00.000+01:00",
          "visit": {"topCandidate": {"placeLocation": "geo:48.3,11.7", "semanticType": "Home", "probability": "0.8"}}}]
        """
    let content = try GoogleTimelineDecoder.decode(bytes(text), fileName: "Timeline.json")
    let path = try #require(content.tracks.first?.segments.first)
    #expect(path.map(\.timestamp) == [date("2026-12-01T08:00:00Z"), date("2026-12-01T08:15:00Z")])
    #expect(path[1].coordinate == Coordinate(latitude: 48.2, longitude: 11.6))
    #expect(content.places.map(\.title) == ["Home"])
    #expect(content.places.first?.coordinate == Coordinate(latitude: 48.3, longitude: 11.7))
    let window = TrackTimeWindow(start: date("2026-12-01T08:10:00Z"), end: date("2026-12-01T09:00:00Z"))
    let windowed = try GoogleTimelineDecoder.decode(bytes(text), fileName: "Timeline.json", window: window)
    #expect(windowed.tracks.first?.fixCount == 1 && windowed.places.isEmpty)
    #expect(windowed.leftOutOfWindow == TrackWindowCount(outside: 2))
}

@Test func androidTimelineReadsDegreeTextAndNegativeCoordinates() {
    #expect(
        HistoryFields.textCoordinate("-33.8688000°, 151.2093000°")
            == Coordinate(latitude: -33.8688, longitude: 151.2093))
    #expect(HistoryFields.textCoordinate("geo:48.1,11.5;u=35") == Coordinate(latitude: 48.1, longitude: 11.5))
    #expect(HistoryFields.textCoordinate("geo:95,11.5") == nil)
    #expect(HistoryFields.textCoordinate("somewhere") == nil)
}

@Test func savedPlacesURLForms() {
    #expect(
        GoogleSavedPlacesDecoder.coordinate(inURL: "http://maps.google.com/?q=48.137154,11.576124")
            == Coordinate(latitude: 48.137154, longitude: 11.576124))
    #expect(
        GoogleSavedPlacesDecoder.coordinate(inURL: "https://www.google.com/maps/place/X/@-33.85,151.21,17z")
            == Coordinate(latitude: -33.85, longitude: 151.21))
    #expect(GoogleSavedPlacesDecoder.coordinate(inURL: "http://maps.google.com/?cid=123") == nil)
}

// MARK: - OwnTracks

@Test func recBadLinesAreSkippedWithTheirLineNumbers() throws {
    let text = """
        2026-12-01T07:00:00Z\t*                 \t{"_type":"location","lat":48.1,"lon":11.5,"tst":"1796108400","vel":36}
        this is not a record
        2026-12-01T07:01:00Z   *   {"_type":"location","lat":48.2,"lon":11.6,"tst":1796108460}

        2026-12-01T07:02:00Z\t*\t{"_type":"location","lat":48.3,
        2026-12-01T07:03:00Z\tevent\t{"_type":"transition","event":"enter","tst":1796108580}
        2026-12-01T07:04:00Z\t*\t{"_type":"location","lat":148.3,"lon":11.6,"tst":1796108640}
        """
    let content = try OwnTracksRecDecoder.decode(bytes(text), fileName: "2026-12.rec")
    let fixes = try #require(content.tracks.first).locations
    #expect(fixes.count == 2)
    #expect(fixes[0].timestamp == Date(timeIntervalSince1970: 1_796_108_400) && abs(fixes[0].speed - 10) < 1e-9)
    #expect(fixes[0].horizontalAccuracy == 0 && !fixes[0].hasValidAltitude)
    let warning = try #require(content.diagnostics.first { $0.severity == .warning }).message
    #expect(warning.hasPrefix("2026-12.rec: 3 bad lines skipped (line 2: no JSON payload"))
    #expect(warning.contains("line 5: column 55: expected a double-quoted key"))
    #expect(warning.contains("line 7: a location without a valid lat and lon"))
    #expect(
        content.diagnostics.contains {
            $0.message == "2026-12.rec: messages other than locations skipped: 1 transition"
        })
}

@Test func recWithOnlyBadLinesIsAnError() throws {
    do {
        _ = try OwnTracksRecDecoder.decode(bytes("\nnot a rec file\nnor this\n"), fileName: "x.rec")
        Issue.record("expected an error")
    } catch {
        #expect(error.kind == .invalidData)
        #expect(error.locatedMessage == "x.rec:2: no JSON payload ('{…}') on the line")
    }
}

@Test func recWindowAndBOM() throws {
    let text =
        "\u{FEFF}2026-11-30T23:00:00Z\t*\t{\"_type\":\"location\",\"lat\":48.1,\"lon\":11.5,\"tst\":1796079600}\r\n"
        + "2026-12-01T07:00:00Z\t*\t{\"_type\":\"location\",\"lat\":48.2,\"lon\":11.6,\"tst\":1796108400}\r\n"
    let content = try OwnTracksRecDecoder.decode(bytes(text), fileName: "x.rec", window: december1)
    #expect(content.tracks.first?.fixCount == 1 && content.leftOutOfWindow == TrackWindowCount(outside: 1))
}

@Test func storeFolderPicksTheMonthsThatCanOverlapTheWindow() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("owntracks-store-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let line = { (time: String, tst: Int) in
        "\(time)\t*\t{\"_type\":\"location\",\"lat\":48.1,\"lon\":11.5,\"tst\":\(tst)}\n"
    }
    let files = [
        "rec/jane/phone/2026-10.rec": line("2026-10-15T07:00:00Z", 1_792_047_600),
        "rec/jane/phone/2026-11.rec": line("2026-11-30T23:30:00Z", 1_796_081_400),
        "rec/jane/phone/2026-12.rec": line("2026-12-01T07:00:00Z", 1_796_108_400),
        "rec/jane/tablet/2026-12.rec": line("2026-12-01T08:00:00Z", 1_796_112_000),
        "rec/bob/phone/2027-01.rec": line("2027-01-01T08:00:00Z", 1_798_790_400),
        "last/jane/phone/jane-phone.json": "{}",
    ]
    for (path, text) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
    let store = root.path
    let picked = try OwnTracksStore.files(in: store, window: december1).map { String($0.dropFirst(store.count + 1)) }
    #expect(picked == ["rec/jane/phone/2026-11.rec", "rec/jane/phone/2026-12.rec", "rec/jane/tablet/2026-12.rec"])
    #expect(try OwnTracksStore.files(in: store + "/rec/jane", window: december1).count == 3)
    #expect(try OwnTracksStore.files(in: store + "/rec/jane/tablet", window: december1).count == 1)
    #expect(try OwnTracksStore.files(in: store + "/rec", window: .unbounded).count == 5)

    let content = try OwnTracksStore.read(folder: store + "/rec", window: december1)
    #expect(content.tracks.map(\.name) == ["jane/phone", "jane/tablet"])
    #expect(content.tracks.map(\.fixCount) == [1, 1])
    // The November file was opened (its last day is within a day of the window) and its fix counted.
    #expect(content.leftOutOfWindow == TrackWindowCount(outside: 1))
    do {
        _ = try OwnTracksStore.files(in: store + "/missing", window: .unbounded)
        Issue.record("expected an error")
    } catch {
        #expect(error.kind == .missingInput)
    }
}

@Test func monthNamesAndTheWindow() {
    #expect(OwnTracksStore.monthOverlaps(fileName: "2026-12.rec", window: december1))
    #expect(!OwnTracksStore.monthOverlaps(fileName: "2026-10.rec", window: december1))
    #expect(OwnTracksStore.monthOverlaps(fileName: "2026-11.rec", window: december1))  // a day of slack
    #expect(!OwnTracksStore.monthOverlaps(fileName: "2027-01.rec", window: december1))
    #expect(OwnTracksStore.monthOverlaps(fileName: "demo-iphone.rec", window: december1))
}

// MARK: - Overland

@Test func overlandBatchIsOneTimedTrack() throws {
    let text = """
        {"locations": [
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-122.030581, 37.331800]},
           "properties": {"timestamp": "2026-12-01T00:00:00-0800", "altitude": 10, "speed": 4, "horizontal_accuracy": 30,
                          "vertical_accuracy": -1, "course": 90, "motion": ["driving"]}},
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-122.030, 37.332]}, "properties": {}},
          {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[0, 0], [1, 1]]}, "properties": {}}
        ]}
        """
    let content = try OverlandDecoder.decode(bytes(text), fileName: "batch.json")
    let fixes = try #require(content.tracks.first).locations
    #expect(content.places.isEmpty && fixes.count == 2)
    #expect(fixes[0].timestamp == date("2026-12-01T08:00:00Z"))
    #expect(fixes[0].speed == 4 && fixes[0].course == 90 && fixes[0].horizontalAccuracy == 30)
    #expect(!fixes[0].hasValidAltitude)  // vertical_accuracy -1: invalid, as in Core Location
    #expect(fixes[1].horizontalAccuracy == 0 && fixes[1].timestamp == nil)
    #expect(
        content.diagnostics.contains { $0.message == "batch.json: 1 locations that are not GeoJSON Points skipped" })
    do {
        _ = try OverlandDecoder.decode(
            bytes(
                "{\"locations\": [{\"type\": \"Feature\", \"geometry\": {\"type\": \"Point\", \"coordinates\": [200, 1]}}]}"
            ),
            fileName: "batch.json")
        Issue.record("expected an error")
    } catch {
        #expect(
            error.locatedMessage.hasPrefix("batch.json:1:16: locations[0]: coordinates [200.0, 1.0] are out of range"))
    }
}

// MARK: - Sniffing

@Test(arguments: [
    ("{\"locations\": [{\"latitudeE7\": 1, \"longitudeE7\": 2}]}", LocationHistoryFormat?.some(.googleRecords)),
    ("\u{FEFF}// c\n{\"locations\":[{\"timestampMs\":\"1\",\"latitudeE7\":1}]}", .googleRecords),
    ("{\"locations\": [{\"type\": \"Feature\", \"geometry\": {\"type\": \"Point\"}, \"properties\": {}}]}", .overland),
    (
        "{\"count\": 1, \"locations\": [{\"_type\": \"location\", \"tst\": 1, \"lat\": 1, \"lon\": 2}]}",
        .ownTracksExport
    ),
    ("{\"count\": 1, \"data\": [{\"tst\": 1, \"lat\": 1, \"lon\": 2}], \"status\": 200}", .ownTracksExport),
    (
        "{\"locations\": [{\"timestamp\": \"2019-01-01T00:00:00Z\", \"deviceTag\": 1, \"activity\": []}]}",
        .googleRecords
    ),
    ("{\"timelineObjects\": [{\"placeVisit\": {}}]}", .googleSemanticHistory),
    ("{\"semanticSegments\": [], \"rawSignals\": []}", .googleTimelineAndroid),
    ("{\"userLocationProfile\": {}}", .googleTimelineAndroid),
    ("[{\"endTime\": \"x\", \"startTime\": \"y\", \"visit\": {}}]", .googleTimelineIPhone),
    (
        "{\"type\": \"FeatureCollection\", \"features\": [{\"type\": \"Feature\", \"properties\": {\"Google Maps URL\": \"u\"}}]}",
        .googleSavedPlaces
    ),
    (
        "{\"type\": \"FeatureCollection\", \"features\": [{\"type\": \"Feature\", \"properties\": {\"name\": \"u\"}}]}",
        nil
    ),
    ("{\"type\": \"LineString\", \"coordinates\": [[1, 2]]}", nil),
    ("[1, 2]", nil),
    ("{\"locations\": []}", nil),
    ("2015-08-24T05:55:07Z\t*                 \t{\"tst\":1}", .ownTracksRecording),
    ("2015-08-24T05:55:07Z   *   {\"tst\":1}", .ownTracksRecording),
    ("latitude,longitude\n1,2\n", nil),
    ("<?xml version=\"1.0\"?><gpx/>", nil),
])
func sniffingTellsTheFormatsApart(text: String, format: LocationHistoryFormat?) {
    #expect(LocationHistoryFormat(sniffing: bytes(text)) == format, "\(text)")
}

@Test func sniffingACutOffHead() throws {
    // The first 64 KB of a long Records.json end in the middle of a record.
    let head = try InputFile.readPrefix(atPath: historyFixture("Records.json"), count: 700, what: "test")
    #expect(LocationHistoryFormat(sniffing: head) == .googleRecords)
}
