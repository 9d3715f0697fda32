import Foundation
import MapErrors
import MapGeometry
import MapRenderCore
import Testing

@testable import MapFormats
@testable import MapInputs

// GPX 1.0 and 1.1 (https://www.topografix.com/GPX/1/1/): fixture files for each shape of
// file, every error with its file, line and column, encodings, and hostile XML.

/// The GPX fixtures: Tests/MapInputsTests/Fixtures/gpx.
private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/gpx")

private func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

private func readFixture(_ name: String) throws -> GPXContent { try GPXDecoder.read(atPath: fixture(name)) }

/// The error reading a fixture throws.
private func fixtureError(_ name: String) -> MapError? {
    do {
        _ = try GPXDecoder.read(atPath: fixture(name))
        return nil
    } catch {
        return error
    }
}

/// The error decoding `text` throws, as "message; remedy".
private func decodeError(_ text: String) -> String? {
    do {
        _ = try GPXDecoder.decode(Array(text.utf8), fileName: "test.gpx")
        return nil
    } catch {
        #expect(error.kind == .invalidData)
        return error.description
    }
}

private func gpx(_ body: String) -> String {
    "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n\(body)\n</gpx>\n"
}

private func date(_ text: String) -> Date { ISO8601Timestamp.date(from: text)! }

// MARK: - Shapes of files

@Test func multiTrackFileKeepsTracksSegmentsNamesAndTimes() throws {
    let content = try readFixture("multi-track.gpx")
    #expect(content.routes.isEmpty && content.waypoints.isEmpty)
    #expect(content.tracks.map(\.name) == ["Morning", "Evening"])
    #expect(content.tracks.map { $0.segments.map(\.count) } == [[3], [2, 1]])
    let first = content.tracks[0].segments[0][0]
    #expect(first.coordinate == Coordinate(latitude: 39.7392, longitude: -104.9903))
    #expect(first.altitude == 1609.3 && first.hasValidAltitude)
    #expect(first.timestamp == date("2024-05-01T14:00:00Z"))
    // No hdop: accuracy unknown (0), speed and course invalid.
    #expect(first.horizontalAccuracy == 0 && !first.hasValidSpeed && !first.hasValidCourse)
    // Fractional seconds and time zones.
    let evening = content.tracks[1].segments
    #expect(
        evening[0][0].timestamp
            == Date(timeIntervalSince1970: date("2024-05-01T23:00:00Z").timeIntervalSince1970 + 0.25))
    #expect(evening[0][1].timestamp == date("2024-05-01T23:00:10Z"))
    #expect(evening[1][0].timestamp == date("2024-05-01T23:10:00Z"))
    // No ele: the altitude is invalid.
    #expect(!evening[0][0].hasValidAltitude)
}

@Test func multiSegmentFileKeepsSegmentBoundaries() throws {
    let track = try #require(try readFixture("multi-segment.gpx").tracks.first)
    #expect(track.segments.map(\.count) == [2, 1, 3])
    #expect(track.fixCount == 6 && track.locations.count == 6)
    #expect(track.first?.coordinate.latitude == 10.0 && track.last?.coordinate.latitude == 10.022)
}

@Test func emptySegmentsAndEmptyTracksAreLeftOut() throws {
    let content = try readFixture("empty-segment.gpx")
    #expect(content.tracks.count == 1)
    #expect(content.tracks[0].segments.map(\.count) == [2])
}

@Test func routesBecomePolylinesWithTheirNames() throws {
    let content = try readFixture("routes-only.gpx")
    #expect(content.tracks.isEmpty && content.waypoints.isEmpty)
    #expect(content.routes.map(\.title) == ["To the museum", nil])
    #expect(content.routes[0].coordinates.count == 3)
    #expect(content.routes[0].coordinates[2] == Coordinate(latitude: 39.7475, longitude: -104.9428))
}

@Test func waypointsBecomePlacesWithNameAndDescription() throws {
    let content = try readFixture("waypoints-only.gpx")
    #expect(content.tracks.isEmpty && content.routes.isEmpty)
    let places = content.waypoints
    #expect(places.map(\.id) == [1, 2, 3])
    #expect(places.map(\.title) == ["Denver Museum of Nature & Science", "Civic <Center>", ""])
    #expect(places.map(\.subtitle) == ["2001 Colorado Blvd", "Only a comment", nil])
    #expect(places[0].coordinate == Coordinate(latitude: 39.7475, longitude: -104.9428))
}

@Test func missingElevationOrTimeLeavesThemUnknown() throws {
    let fixes = try #require(try readFixture("missing-ele-time.gpx").tracks.first).locations
    #expect(fixes.map(\.hasValidAltitude) == [true, false, true, false, false])
    #expect(fixes.map { $0.timestamp != nil } == [true, true, false, false, false])
    #expect(fixes[2].altitude == 1602.5)
}

@Test func gpx10SpeedAndCourseAndHdopAreRead() throws {
    let fixes = try #require(try readFixture("gpx10.gpx").tracks.first).locations
    #expect(fixes.count == 2)
    #expect(fixes[0].speed == 1.5 && fixes[0].course == 181)
    // hdop 2 × 5 m: an estimate of the horizontal accuracy.
    #expect(fixes[0].horizontalAccuracy == 10 && fixes[1].horizontalAccuracy == 0)
}

@Test func garminTrackPointExtensionIsToleratedAndRead() throws {
    let track = try #require(try readFixture("garmin-extensions.gpx").tracks.first)
    #expect(track.name == "Garmin ride")
    let fixes = track.locations
    #expect(fixes[0].speed == 5.25 && fixes[0].course == 87.5)
    #expect(abs(fixes[0].horizontalAccuracy - 6) < 1e-12 && fixes[0].verticalAccuracy == 10)
    // <fix>none</fix> makes the fix invalid; an unreadable extension speed is just unknown.
    #expect(fixes[1].horizontalAccuracy < 0 && !fixes[1].hasValidCoordinate)
    #expect(!fixes[1].hasValidSpeed)
}

// MARK: - Encodings

@Test func utf8WithByteOrderMark() throws {
    let track = try #require(try readFixture("bom.gpx").tracks.first)
    #expect(track.name == "Zürich Ümweg")
    #expect(track.locations.first?.altitude == 408)
}

@Test func declaredISO88591() throws {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: fixture("latin1.gpx")))
    #expect(bytes.contains(0xE9) && !bytes.contains(0xC3))  // really Latin-1, not UTF-8
    let place = try #require(try readFixture("latin1.gpx").waypoints.first)
    #expect(place.title == "Café de Flore" && place.subtitle == "Saint-Germain-des-Prés")
}

@Test func utf16() throws {
    let text = gpx("<wpt lat=\"1\" lon=\"2\"><name>Über</name></wpt>").replacingOccurrences(
        of: "<?xml version=\"1.0\"?>", with: "<?xml version=\"1.0\" encoding=\"UTF-16\"?>")
    let bytes = Array(text.data(using: .utf16)!)  // with a byte-order mark
    #expect(try GPXDecoder.decode(bytes, fileName: "u16.gpx").waypoints.first?.title == "Über")
}

// MARK: - Errors name file, line and column

@Test func badLatitudeNamesLineAndColumn() throws {
    let error = try #require(fixtureError("bad-latitude.gpx"))
    #expect(error.kind == .invalidData)
    #expect(error.locatedMessage.hasPrefix(fixture("bad-latitude.gpx") + ":6:"), "\(error)")
    #expect(error.locatedMessage.contains("trkpt: latitude 91 is out of range [-90, 90]"), "\(error)")
}

@Test func badCoordinatesAreRejected() {
    #expect(decodeError(gpx("<wpt lat=\"abc\" lon=\"2\"/>"))?.contains("test.gpx:3:") == true)
    #expect(decodeError(gpx("<wpt lat=\"abc\" lon=\"2\"/>"))?.contains("wpt: latitude 'abc' is not a number") == true)
    #expect(decodeError(gpx("<wpt lat=\"NaN\" lon=\"2\"/>"))?.contains("latitude NaN is out of range") == true)
    #expect(
        decodeError(gpx("<wpt lat=\"1\" lon=\"inf\"/>"))?.contains("longitude inf is out of range [-180, 180]") == true)
    #expect(decodeError(gpx("<wpt lat=\"1\" lon=\"180.5\"/>"))?.contains("longitude 180.5 is out of range") == true)
    #expect(decodeError(gpx("<wpt lon=\"2\"/>"))?.contains("<wpt> has no lat attribute") == true)
    #expect(decodeError(gpx("<rte><rtept lat=\"1\"/></rte>"))?.contains("<rtept> has no lon attribute") == true)
}

@Test func badValuesAreRejected() {
    let point = { (child: String) in gpx("<trk><trkseg><trkpt lat=\"1\" lon=\"2\">\(child)</trkpt></trkseg></trk>") }
    #expect(decodeError(point("<ele>high</ele>"))?.contains("ele 'high' is not a number") == true)
    #expect(decodeError(point("<ele>NaN</ele>"))?.contains("ele 'NaN' is not a number") == true)
    #expect(
        decodeError(point("<time>yesterday</time>"))?.contains("time 'yesterday' is not an ISO 8601 timestamp") == true)
    #expect(decodeError(point("<time>2024-02-30T00:00:00Z</time>"))?.contains("is not an ISO 8601") == true)
    #expect(decodeError(point("<hdop>-1</hdop>"))?.contains("hdop '-1' is not a non-negative number") == true)
}

@Test func truncatedFileSaysWhereAndWhy() throws {
    let error = try #require(fixtureError("truncated.gpx"))
    #expect(error.kind == .invalidData)
    #expect(error.locatedMessage.hasPrefix(fixture("truncated.gpx") + ":6:"), "\(error)")
    #expect(error.locatedMessage.contains("malformed XML") && error.locatedMessage.contains("truncated"), "\(error)")
}

@Test func mismatchedTagIsMalformed() {
    let message = decodeError(gpx("<trk><trkseg></trk>"))
    #expect(
        message?.contains("test.gpx:3:") == true && message?.contains("closing tag does not match") == true,
        "\(message ?? "")")
}

@Test func wrongRootElementIsNamed() throws {
    let error = try #require(fixtureError("wrong-root.gpx"))
    #expect(
        error.locatedMessage == fixture("wrong-root.gpx") + ":2:1: the root element is <kml>, not <gpx>", "\(error)")
}

@Test func fileWithoutPointsSaysSo() throws {
    let error = try #require(fixtureError("no-points.gpx"))
    #expect(
        error.kind == .invalidData
            && error.locatedMessage.hasSuffix("no usable point: the file has no trkpt, rtept or wpt"))
    #expect(decodeError("")?.contains("empty") == true)
    #expect(decodeError("hello")?.contains("test.gpx:1:1: malformed XML") == true)
}

@Test func missingFileAndFolderAreMissingInput() {
    #expect(throws: MapError.self) { try GPXDecoder.read(atPath: fixture("nope.gpx")) }
    do {
        _ = try GPXDecoder.read(atPath: fixtures.path)
    } catch {
        #expect(error.kind == .missingInput && error.locatedMessage.contains("is a folder"))
    }
}

// MARK: - Hostile XML

@Test func billionLaughsIsRejectedUpFront() throws {
    let error = try #require(fixtureError("billion-laughs.gpx"))
    #expect(error.kind == .invalidData)
    #expect(
        error.locatedMessage == fixture("billion-laughs.gpx")
            + ":3:3: the DOCTYPE declares entities, which GPX files never need")
}

@Test func externalEntityIsRejectedAndNeverFetched() throws {
    let error = try #require(fixtureError("external-entity.gpx"))
    #expect(error.locatedMessage.contains(":3: the DOCTYPE declares entities"))
}

@Test func entityDeclarationsAreFoundPastCommentsAndInUTF16() {
    let hidden =
        "<?xml version=\"1.0\"?>\n<!-- <gpx> is not here yet -->\n<!DOCTYPE gpx [<!ENTITY a \"b\">]>\n<gpx version=\"1.1\"><wpt lat=\"1\" lon=\"2\"/></gpx>"
    #expect(decodeError(hidden)?.contains("test.gpx:3:16: the DOCTYPE declares entities") == true)
    let utf16 = Array(
        hidden.replacingOccurrences(of: "<?xml version=\"1.0\"?>", with: "<?xml version=\"1.0\" encoding=\"UTF-16\"?>")
            .data(using: .utf16)!)
    let error = mapError { () throws(MapError) in _ = try GPXDecoder.decode(utf16, fileName: "u16.gpx") }
    #expect(
        error?.locatedMessage == "u16.gpx:3:16: the DOCTYPE declares entities, which GPX files never need",
        "\(String(describing: error))")
}

@Test func doctypeWithoutEntitiesAndExternalDTDIsReadWithoutFetching() throws {
    // An external DTD that cannot be fetched (no network, no such host) is never loaded.
    let text =
        "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx SYSTEM \"http://invalid.example/gpx.dtd\">\n"
        + "<gpx version=\"1.1\"><wpt lat=\"1\" lon=\"2\"><name>Fine &amp; dandy</name></wpt></gpx>"
    #expect(try GPXDecoder.decode(Array(text.utf8), fileName: "t.gpx").waypoints.first?.title == "Fine & dandy")
}

// MARK: - Size

@Test func largeFileStreamsThrough() throws {
    // 200 000 points (about 17 MB), decoded a chunk at a time.
    var text = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\"><trk><trkseg>\n"
    let start = date("2024-01-01T00:00:00Z").timeIntervalSince1970
    text.reserveCapacity(200_000 * 90)
    for index in 0..<200_000 {
        let time = ISO8601Timestamp.string(from: Date(timeIntervalSince1970: start + Double(index)))
        text += "<trkpt lat=\"\(Double(index % 1000) / 1000)\" lon=\"1\"><ele>1</ele><time>\(time)</time></trkpt>\n"
    }
    text += "</trkseg></trk></gpx>\n"
    let track = try #require(try GPXDecoder.decode(Array(text.utf8), fileName: "big.gpx").tracks.first)
    #expect(track.fixCount == 200_000)
    #expect(track.last?.timestamp == Date(timeIntervalSince1970: start + 199_999))
}

// MARK: - The example ride

@Test func exampleDenverRide() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/denver-ride.gpx").path
    let content = try GPXDecoder.read(atPath: path)
    #expect(content.tracks.count == 1 && content.waypoints.count == 2 && content.routes.isEmpty)
    #expect(content.waypoints.map(\.title) == ["Confluence Park", "Washington Park Boathouse"])
    let fixes = content.tracks[0].locations
    #expect((300...800).contains(fixes.count))
    #expect(fixes.allSatisfy { $0.timestamp != nil && $0.hasValidAltitude && $0.horizontalAccuracy > 0 })
    #expect(fixes.filter { $0.horizontalAccuracy > 100 }.count == 2)
}

// MARK: - Timestamps

@Test func iso8601Variants() {
    let reference = date("2024-05-01T14:30:00Z")
    for text in [
        "2024-05-01T14:30:00Z", "2024-05-01T14:30:00.000Z", "2024-05-01t14:30:00z", "2024-05-01 14:30:00Z",
        "2024-05-01T14:30:00", "2024-05-01T14:30Z", "2024-05-01T08:30:00-06:00", "2024-05-01T08:30:00-0600",
        "2024-05-01T16:30:00+02", " 2024-05-01T14:30:00Z\n",
    ] {
        #expect(ISO8601Timestamp.date(from: text) == reference, "\(text)")
    }
    #expect(ISO8601Timestamp.date(from: "2024-05-01T14:30:00,5Z")?.timeIntervalSince(reference) == 0.5)
    for bad in [
        "", "2024-05-01", "2024-13-01T00:00:00Z", "2023-02-29T00:00:00Z", "2024-05-01T24:00:00Z",
        "2024-05-01T14:30:00Q",
        "2024-05-01T14:30:00.Z", "20240501T143000Z",
    ] {
        #expect(ISO8601Timestamp.date(from: bad) == nil, "\(bad)")
    }
    #expect(ISO8601Timestamp.date(from: "2024-02-29T00:00:00Z") != nil)
    #expect(ISO8601Timestamp.date(from: "1970-01-01T00:00:00Z") == Date(timeIntervalSince1970: 0))
    #expect(ISO8601Timestamp.date(from: "1969-12-31T23:59:59Z") == Date(timeIntervalSince1970: -1))
    #expect(ISO8601Timestamp.string(from: reference) == "2024-05-01T14:30:00Z")
    #expect(ISO8601Timestamp.string(from: Date(timeIntervalSince1970: -0.25)) == "1969-12-31T23:59:59.750Z")
    #expect(ISO8601Timestamp.string(from: date("2000-02-29T23:59:59.125Z")) == "2000-02-29T23:59:59.125Z")
}

/// Inputs found by fuzzing (Tests/Fuzz) that trapped inside FoundationXML, which the
/// package once parsed with. Each must be a `.invalidData` error with its position from both GPX
/// readers, or, where the XML is well-formed after all (a processing instruction without
/// data), read like any other file.
@Suite("GPX fuzzing regressions")
struct GPXFuzzingRegressionTests {
    static let crashes: [(name: String, bytes: [UInt8], message: String)] = [
        (
            "crash: invalid UTF-8 in an element name",
            Array("<?xml version=\"1.0\"?>\n<gpx><wpt lat=\"1\" lon=\"2\"><na".utf8) + [0xFB, 0xFB]
                + Array("me>x</name></wpt></gpx>".utf8), "2:30: invalid UTF-8 (byte 0xFB)"
        ),
        (
            "crash: invalid UTF-8 in an attribute name",
            Array("<gpx><wpt lat=\"1\" lon=\"2\" ".utf8) + [0xFF] + Array("=\"3\"/></gpx>".utf8), "1:27: invalid UTF-8"
        ),
        (
            "crash: invalid UTF-8 in a comment",
            Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx><!-- ".utf8) + [0xE9]
                + Array(" --><wpt lat=\"1\" lon=\"2\"/></gpx>".utf8), "2:11: invalid UTF-8"
        ),
        (
            "crash: invalid UTF-8 in a processing instruction",
            Array("<gpx><?p".utf8) + [0xC3, 0x28] + Array(" x?><wpt lat=\"1\" lon=\"2\"/></gpx>".utf8),
            "1:9: invalid UTF-8"
        ),
        // The declaration is malformed, so it is the error now, before the bad byte.
        (
            "crash: a malformed declaration naming Latin-1",
            Array("<?xml version=\"1.0\" e:ncoding=\"ISO-8859-1\"?>\n<gpx><wpt lat=\"1\" lon=\"2\"><name".utf8) + [0xFB]
                + Array(">x</name></wpt></gpx>".utf8), "1:22: malformed XML: 'encoding' expected in the XML declaration"
        ),
        (
            "a UTF-8 sequence cut off by the end of the file",
            Array("<gpx><wpt lat=\"1\" lon=\"2\"><name>A</name></wpt></gpx><!--".utf8) + [0xE2, 0x82],
            "1:57: invalid UTF-8"
        ),
        (
            "crash: a processing instruction without data first", Array("<?xm?>\npxtpx<:".utf8),
            "2:1: malformed XML: text before the root element"
        ),
        (
            "crash: a processing instruction without data, declared Latin-1",
            Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><gpx><?caf".utf8) + [0xE9] + Array("?></gpx>".utf8),
            "fuzz.gpx: no usable point"
        ),
        (
            "crash: a processing instruction without data in UTF-16",
            [0xFF, 0xFE] + Array("<gpx><?x?></gpx>".data(using: .utf16LittleEndian)!), "fuzz.gpx: no usable point"
        ),
        (
            "a declared encoding this parser does not read: UTF-7",
            Array("<?xml version=\"1.0\" encoding=\"UTF-7\"?>+ADw-?x?+AD4-<gpx/>".utf8),
            "1:31: the declared encoding UTF-7 is not supported"
        ),
        (
            "a declared encoding this parser does not read: EBCDIC",
            Array("<?xml version=\"1.0\" encoding=\"EBCDIC-US\"?>Lo\u{A7}on".utf8),
            "1:31: the declared encoding EBCDIC-US is not supported"
        ),
    ]

    @Test("text FoundationXML would trap on is an error with its position", arguments: crashes.map(\.name))
    func invalidText(name: String) throws {
        let crash = Self.crashes.first { $0.name == name }!
        do {
            _ = try GPXDecoder.decode(crash.bytes, fileName: "fuzz.gpx")
            Issue.record("[\(crash.name)] decoded without an error")
        } catch {
            #expect(error.kind == .invalidData, "[\(crash.name)]")
            #expect(
                error.description.hasPrefix("fuzz.gpx:") && error.description.contains(crash.message),
                "[\(crash.name)] \(error)")
        }
        // The streaming reader reads the file a chunk at a time.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-\(UUID().uuidString).gpx").path
        try Data(crash.bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: MapError.self, "[\(crash.name), read(atPath:)]") { try GPXDecoder.read(atPath: path) }
    }

    @Test("a processing instruction without data is well-formed and read past")
    func emptyProcessingInstruction() throws {
        let text = "<gpx>\n  <?target?><wpt lat=\"1\" lon=\"2\"><name>A</name></wpt></gpx>"
        #expect(try GPXDecoder.decode(Array(text.utf8), fileName: "p.gpx").waypoints.map(\.title) == ["A"])
    }

    @Test("declared Latin-1, UTF-16 and valid UTF-8 are read")
    func convertedEncodings() throws {
        let latin1 =
            Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<gpx><wpt lat=\"1\" lon=\"2\"><name>Caf".utf8) + [
                0xE9
            ] + Array("</name></wpt></gpx>".utf8)
        #expect(try GPXDecoder.decode(latin1, fileName: "l.gpx").waypoints.first?.title == "Café")
        let text = "<?xml version=\"1.0\"?>\n<gpx><wpt lat=\"1\" lon=\"2\"><name>Café 東京 🗺</name></wpt></gpx>"
        #expect(try GPXDecoder.decode(Array(text.utf8), fileName: "u.gpx").waypoints.first?.title == "Café 東京 🗺")
        let utf16 = [0xFF, 0xFE] + Array(text.data(using: .utf16LittleEndian)!)
        #expect(try GPXDecoder.decode(utf16, fileName: "w.gpx").waypoints.first?.title == "Café 東京 🗺")
    }
}

/// The error `body` throws.
private func mapError(_ body: () throws(MapError) -> Void) -> MapError? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

@Test("text is trimmed like Foundation's whitespacesAndNewlines, XML white space on a fast path")
func trimming() throws {
    for text in ["", " \n\t ", "a", "  a b \r\n", "\u{A0}Café\u{A0}", " 東京 ", "\u{2003} x", "x\u{3000}", "é"] {
        #expect(
            GPXParserHandler.trimmed(text) == text.trimmingCharacters(in: .whitespacesAndNewlines),
            "\(text.debugDescription)")
    }
    let name = "<gpx><wpt lat=\"1\" lon=\"2\"><name>\n  \u{A0}Zoë &amp; co\u{A0}\n</name></wpt></gpx>"
    #expect(try GPXDecoder.decode(Array(name.utf8), fileName: "t.gpx").waypoints.first?.title == "Zoë & co")
}
