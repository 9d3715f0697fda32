import Foundation
import MapErrors
import MapFormats
import MapGeometry
import MapRenderCore
import Testing

@testable import MapInputs

// Garmin's Training Center XML: activities and courses written by Garmin Connect, GPSBabel
// and others (Fixtures/tcx, see its README), against an independent reader's values
// (Fixtures/tcx/reference.json, made by make_reference.py with lxml and GeographicLib).

/// The TCX fixtures: Tests/MapInputsTests/Fixtures/tcx.
private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Fixtures/tcx")

/// How far our coordinates may be from the reference reader's: both parse the same decimal
/// text, so only the last bit may differ.
private let coordinateTolerance = 1e-9
/// How far our geodesic length may be from GeographicLib's, relative: both solve the WGS84
/// inverse problem (Karney 2013).
private let lengthTolerance = 1e-6

private struct Reference: Decodable {
    var fixes: Int
    var segments: Int
    var first: [Double]?
    var last: [Double]?
    var bbox: [Double]?
    var length: Double
    var coursePoints: Int

    enum CodingKeys: String, CodingKey {
        case fixes, segments, first, last, bbox, length
        case coursePoints = "course_points"
    }
}

private let references: [String: Reference] = {
    let data = try! Data(contentsOf: fixtures.appendingPathComponent("reference.json"))
    return try! JSONDecoder().decode([String: Reference].self, from: data)
}()

/// The geodesic length of a track, summed within each segment.
private func length(_ tracks: [Track]) -> Double {
    tracks.flatMap(\.segments).reduce(0) { total, segment in
        zip(segment, segment.dropFirst()).reduce(total) { $0 + $1.0.distance(from: $1.1) }
    }
}

@Test(arguments: references.keys.sorted())
func tcxFixtureMatchesTheIndependentReader(name: String) throws {
    let reference = try #require(references[name])
    let content = try TCXDecoder.read(atPath: fixtures.appendingPathComponent(name).path)
    let fixes = content.tracks.flatMap(\.locations)
    #expect(fixes.count == reference.fixes)
    #expect(content.tracks.reduce(0) { $0 + $1.segments.count } == reference.segments)
    #expect(content.places.count == reference.coursePoints)
    let first = try #require(fixes.first), last = try #require(fixes.last)
    let (referenceFirst, referenceLast) = (try #require(reference.first), try #require(reference.last))
    #expect(abs(first.coordinate.latitude - referenceFirst[0]) < coordinateTolerance)
    #expect(abs(first.coordinate.longitude - referenceFirst[1]) < coordinateTolerance)
    #expect(abs(last.coordinate.latitude - referenceLast[0]) < coordinateTolerance)
    #expect(abs(last.coordinate.longitude - referenceLast[1]) < coordinateTolerance)
    let bbox = try #require(reference.bbox)
    #expect(abs(fixes.map(\.coordinate.longitude).min()! - bbox[0]) < coordinateTolerance)
    #expect(abs(fixes.map(\.coordinate.latitude).min()! - bbox[1]) < coordinateTolerance)
    #expect(abs(fixes.map(\.coordinate.longitude).max()! - bbox[2]) < coordinateTolerance)
    #expect(abs(fixes.map(\.coordinate.latitude).max()! - bbox[3]) < coordinateTolerance)
    #expect(abs(length(content.tracks) - reference.length) <= max(reference.length * lengthTolerance, 0.01))
}

@Test func garminConnectActivityKeepsTimesAltitudesAndSpeeds() throws {
    let content = try TCXDecoder.read(atPath: fixtures.appendingPathComponent("togeojson-garmin_connect.tcx").path)
    let track = try #require(content.tracks.first)
    #expect(track.name == "Biking 2020-03-06T00:23:46.000Z")
    let first = try #require(track.first)
    #expect(first.timestamp == ISO8601Timestamp.date(from: "2020-03-06T00:23:46Z"))
    #expect(abs(first.altitude - 71.5999984741211) < 1e-9)
    #expect(first.verticalAccuracy == 0)
    #expect(first.horizontalAccuracy == 0)
    // ns3:TPX/ns3:Speed, in m/s.
    #expect(track.locations.contains { $0.speed > 0 })
}

@Test func courseNamesTheTrackAndItsPointsBecomePins() throws {
    let content = try TCXDecoder.read(atPath: fixtures.appendingPathComponent("gpsbabel-gtrnctr-readcp.tcx").path)
    #expect(content.places.count == 16)
    #expect(content.places.allSatisfy { !$0.title.isEmpty })
    #expect(content.tracks.count == 1)
}

@Test func unreadablePositionsAreSkippedWithAWarningNamingTheLine() throws {
    let content = try TCXDecoder.read(atPath: fixtures.appendingPathComponent("togeojson-bad.tcx").path)
    let warning = try #require(content.diagnostics.first { $0.severity == .warning })
    #expect(warning.message.contains("togeojson-bad.tcx:47:"))
    #expect(warning.message.contains("2 points skipped"))
}

private func decode(_ body: String, window: TrackTimeWindow = .unbounded) throws(MapError) -> SceneContent {
    let text = """
        <?xml version="1.0"?>
        <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
        \(body)
        </TrainingCenterDatabase>
        """
    return try TCXDecoder.decode(Array(text.utf8), fileName: "t.tcx", window: window)
}

private func trackpoint(_ time: String, _ latitude: Double?, _ longitude: Double = 24.9) -> String {
    let position = latitude.map {
        "<Position><LatitudeDegrees>\($0)</LatitudeDegrees><LongitudeDegrees>\(longitude)</LongitudeDegrees></Position>"
    }
    return "<Trackpoint><Time>\(time)</Time>\(position ?? "")</Trackpoint>"
}

@Test func eachTrackElementIsASegmentAndPositionlessPointsAreCounted() throws {
    let content = try decode(
        """
        <Activities><Activity Sport="Running"><Id>2026-12-01T06:00:00Z</Id>
        <Lap><Track>\(trackpoint("2026-12-01T06:00:00Z", 60.1))\(trackpoint("2026-12-01T06:00:05Z", nil))</Track></Lap>
        <Lap><Track>\(trackpoint("2026-12-01T06:10:00Z", 60.2))\(trackpoint("2026-12-01T06:10:05Z", 60.21))</Track>
        <Track>\(trackpoint("2026-12-01T06:20:00Z", 60.3))</Track></Lap>
        </Activity></Activities>
        """)
    let track = try #require(content.tracks.first)
    #expect(track.segments.map(\.count) == [1, 2, 1])
    #expect(track.name == "Running 2026-12-01T06:00:00Z")
    let note = try #require(content.diagnostics.first)
    #expect(note.severity == .info)
    #expect(note.message == "t.tcx: 1 trackpoint without a position skipped (no GPS fix, or an indoor activity)")
}

@Test func theWindowLeavesOutFixesAsTheyAreRead() throws {
    let window = TrackTimeWindow(
        start: ISO8601Timestamp.date(from: "2026-12-01T06:05:00Z"),
        end: ISO8601Timestamp.date(from: "2026-12-01T06:15:00Z"))
    let content = try decode(
        """
        <Activities><Activity Sport="Biking"><Lap><Track>
        \(trackpoint("2026-12-01T06:00:00Z", 60.1))\(trackpoint("2026-12-01T06:10:00Z", 60.2))
        \(trackpoint("2026-12-01T06:20:00Z", 60.3))<Trackpoint><Position><LatitudeDegrees>60</LatitudeDegrees>
        <LongitudeDegrees>25</LongitudeDegrees></Position></Trackpoint>
        </Track></Lap></Activity></Activities>
        """, window: window)
    #expect(content.tracks.first?.fixCount == 1)
    #expect(content.leftOutOfWindow == TrackWindowCount(outside: 2, untimed: 1))
}

@Test func severalActivitiesAreSeveralTracks() throws {
    let content = try decode(
        """
        <Activities>
        <Activity Sport="Running"><Lap><Track>\(trackpoint("2026-12-01T06:00:00Z", 60.1))</Track></Lap></Activity>
        <Activity Sport="Biking"><Lap><Track>\(trackpoint("2026-12-01T08:00:00Z", 60.2))</Track></Lap></Activity>
        </Activities>
        """)
    #expect(content.tracks.map(\.name) == ["Running", "Biking"])
}

@Test func errorsNameTheFileAndPosition() {
    #expect(throws: MapError.self) { try decode("<Activities>") }
    do {
        _ = try decode("<Activities><Activity><Lap><Track></Lap></Activities>")
        Issue.record("malformed XML was read")
    } catch {
        #expect(error.kind == .invalidData)
        #expect(error.description.hasPrefix("t.tcx:3:"))
    }
    do {
        _ = try TCXDecoder.decode(Array("<gpx></gpx>".utf8), fileName: "x.tcx")
        Issue.record("a GPX root was read as TCX")
    } catch {
        #expect(error.message.contains("not <TrainingCenterDatabase>"))
    }
    do {
        _ = try decode(
            "<Activities><Activity><Lap><Track>\(trackpoint("2026-12-01T06:00:00Z", nil))</Track></Lap></Activity></Activities>"
        )
        Issue.record("a file without positions was read")
    } catch {
        #expect(error.message.contains("no trackpoint has a position"))
    }
}

@Test func sniffingTellsTCXFromGPX() {
    let head =
        "<?xml version=\"1.0\"?>\n<TrainingCenterDatabase xmlns=\"http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2\">"
    #expect(InputFileKind(sniffing: Array(head.utf8)) == .tcx)
    #expect(InputFileKind(pathExtension: "TCX") == .tcx)
}
