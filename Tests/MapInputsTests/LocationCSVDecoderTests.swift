import Foundation
import MapErrors
import MapGeometry
import MapRenderCore
import Testing

@testable import MapFormats
@testable import MapInputs

// CSV location fixes (DESIGN.md §4, RFC 4180): columns in any order, optional columns,
// quoting, and errors that name the line and the column.

private func decode(_ text: String) throws(MapError) -> Track {
    try LocationCSVDecoder.decode(Array(text.utf8), fileName: "fixes.csv")
}

private func decodeError(_ text: String) -> String? {
    do {
        _ = try decode(text)
        return nil
    } catch {
        #expect(error.kind == .invalidData)
        return error.description
    }
}

@Test func readsEveryColumn() throws {
    let track = try decode(
        """
        latitude,longitude,horizontal_accuracy,altitude,vertical_accuracy,course,speed,timestamp
        39.7392,-104.9903,5,1609.3,3,90,4.5,2024-05-01T14:00:00Z
        39.7400,-104.9900,-1,,,,-1,2024-05-01T14:00:05.5Z

        """)
    #expect(track.segments.count == 1 && track.fixCount == 2)
    let first = track.locations[0], second = track.locations[1]
    #expect(first.coordinate == Coordinate(latitude: 39.7392, longitude: -104.9903))
    #expect(first.horizontalAccuracy == 5 && first.altitude == 1609.3 && first.verticalAccuracy == 3)
    #expect(first.course == 90 && first.speed == 4.5)
    #expect(first.timestamp == ISO8601Timestamp.date(from: "2024-05-01T14:00:00Z"))
    // Negative accuracy: invalid, as in CLLocation. Empty altitude: no altitude.
    #expect(!second.hasValidCoordinate && !second.hasValidAltitude && !second.hasValidCourse && !second.hasValidSpeed)
    #expect(second.timestamp?.timeIntervalSince(first.timestamp!) == 5.5)
}

@Test func onlyLatitudeAndLongitudeAreRequiredInAnyOrderWithUnknownColumnsIgnored() throws {
    let track = try decode("note,Longitude, LATITUDE \r\nhello,-105,39\r\n\r\n\"a, b\",-104.5,39.5\r\n")
    #expect(
        track.locations.map(\.coordinate) == [
            Coordinate(latitude: 39, longitude: -105), Coordinate(latitude: 39.5, longitude: -104.5),
        ])
    let fix = track.locations[0]
    // Unknown accuracy is 0 (never dropped as inaccurate); no altitude; no time.
    #expect(fix.horizontalAccuracy == 0 && !fix.hasValidAltitude && fix.timestamp == nil && !fix.hasValidSpeed)
}

@Test func aliasesAndUnixTimes() throws {
    let track = try decode("lat,lng,elevation,time\n39,-105,1600,1714572000\n")
    let fix = track.locations[0]
    #expect(fix.altitude == 1600 && fix.hasValidAltitude && fix.verticalAccuracy == 0)
    #expect(fix.timestamp == Date(timeIntervalSince1970: 1_714_572_000))
}

@Test func quotedFieldsFollowRFC4180() throws {
    let text = "name,latitude,longitude\n\"He said \"\"hi\"\"\nand left\",\"39.1\",-105\n"
    let withBOM: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(text.utf8)
    let track = try LocationCSVDecoder.decode(withBOM, fileName: "q.csv")
    #expect(track.locations.map(\.coordinate.latitude) == [39.1])
}

@Test func errorsNameLineAndColumn() {
    #expect(decodeError("") == "fixes.csv: the file is empty; start with a header row: latitude,longitude,…")
    #expect(decodeError("lat,lon\n") == "fixes.csv: no location fixes, only a header row; add one row per fix")
    #expect(
        decodeError("latitude,altitude\n1,2\n")?.hasPrefix(
            "fixes.csv:1: the header has no longitude column (found: latitude,altitude)") == true)
    #expect(
        decodeError("x,y\n1,2\n")?.hasPrefix("fixes.csv:1: the header has no latitude and longitude column") == true)
    #expect(decodeError("lat,latitude,lon\n1,2,3\n")?.hasPrefix("fixes.csv:1: column 'latitude' appears twice") == true)
    #expect(
        decodeError("latitude,longitude\n1,2\n91.5,2\n")?.hasPrefix(
            "fixes.csv:3: column 'latitude': '91.5' is out of range [-90, 90]") == true)
    #expect(
        decodeError("latitude,longitude\n1,abc\n")?.hasPrefix("fixes.csv:2: column 'longitude': 'abc' is not a number")
            == true)
    #expect(
        decodeError("latitude,longitude\n1,nan\n")?.hasPrefix(
            "fixes.csv:2: column 'longitude': 'nan' is not a finite number") == true)
    #expect(decodeError("latitude,longitude\n,2\n")?.hasPrefix("fixes.csv:2: column 'latitude': is empty") == true)
    #expect(
        decodeError("latitude,longitude,speed\n1,2,fast\n")?.hasPrefix(
            "fixes.csv:2: column 'speed': 'fast' is not a number") == true)
    #expect(
        decodeError("latitude,longitude,timestamp\n1,2,noon\n")?.hasPrefix(
            "fixes.csv:2: column 'timestamp': 'noon' is not an ISO 8601 timestamp") == true)
    #expect(
        decodeError("latitude,longitude\n1,2\n1,2,3\n")?.hasPrefix("fixes.csv:3: 3 fields, but the header has 2")
            == true)
    #expect(decodeError("latitude,longitude\n\"1,2\n")?.hasPrefix("fixes.csv:2: a quoted field is not closed") == true)
    #expect(decodeError("latitude,longitude\n\"1\"x,2\n")?.hasPrefix("fixes.csv:2: text after a closing quote") == true)
    // A quoted line break counts: the bad row starts on line 4.
    #expect(
        decodeError("n,latitude,longitude\n\"a\nb\",1,2\nc,x,2\n")?.hasPrefix("fixes.csv:4: column 'latitude'") == true)
}

@Test func missingFileIsMissingInput() {
    do {
        _ = try LocationCSVDecoder.read(atPath: "/nonexistent/fixes.csv")
        Issue.record("expected an error")
    } catch {
        #expect(error.kind == .missingInput)
    }
}

@Test func exampleDenverRideCSV() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/denver-ride.csv").path
    let track = try LocationCSVDecoder.read(atPath: path)
    #expect(track.fixCount > 100)
    #expect(track.locations.allSatisfy { $0.timestamp != nil && $0.hasValidAltitude && $0.hasValidSpeed })
}
