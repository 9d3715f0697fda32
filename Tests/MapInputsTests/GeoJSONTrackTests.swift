import Foundation
import MapErrors
import MapGeometry
import MapRenderCore
import Testing

@testable import MapFormats
@testable import MapInputs

// GeoJSON lines as tracks, with togeojson's per-point times.

private func tracks(_ text: String) throws(MapError) -> [Track] {
    try GeoJSONTrackDecoder.tracks(from: JSONDocument(parsing: Array(text.utf8), fileName: "t.geojson"))
}

private func trackError(_ text: String) -> String? {
    do {
        _ = try tracks(text)
        return nil
    } catch {
        return error.description
    }
}

@Test func lineStringWithCoordTimes() throws {
    let result = try tracks(
        """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "properties": {"name": "Ride", "coordTimes": ["2024-05-01T14:00:00Z", "2024-05-01T14:00:10Z"]},
           "geometry": {"type": "LineString", "coordinates": [[-105, 39, 1600], [-105.001, 39.001]]}},
          {"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [1, 2]}}
        ]}
        """)
    #expect(result.count == 1 && result[0].name == "Ride")
    let fixes = result[0].locations
    #expect(fixes[0].coordinate == Coordinate(latitude: 39, longitude: -105))
    #expect(fixes[0].hasValidAltitude && fixes[0].altitude == 1600 && !fixes[1].hasValidAltitude)
    #expect(fixes[1].timestamp == ISO8601Timestamp.date(from: "2024-05-01T14:00:10Z"))
}

@Test func multiLineStringWithCoordinatePropertiesTimes() throws {
    let result = try tracks(
        """
        {"type": "Feature", "properties": {"coordinateProperties": {"times": [["2024-05-01T14:00:00Z"], ["2024-05-01T15:00:00Z", "2024-05-01T15:00:01Z"]]}},
         "geometry": {"type": "MultiLineString", "coordinates": [[[1, 2]], [[1, 3], [1, 4]]]}}
        """)
    #expect(result[0].segments.map(\.count) == [1, 2])
    #expect(result[0].segments[1][1].timestamp == ISO8601Timestamp.date(from: "2024-05-01T15:00:01Z"))
}

@Test func geoJSONTrackErrors() {
    #expect(trackError(#"{"type": "Point", "coordinates": [1, 2]}"#)?.contains("no usable point") == true)
    #expect(
        trackError(#"{"type": "LineString", "coordinates": [[1, 2], [1, 95]]}"#)
            == "t.geojson:1:48: coordinates[1]: position [1.0, 95.0] is out of range; GeoJSON positions are [longitude, latitude], latitude in [-90, 90]"
    )
    let badTimes =
        #"{"type": "Feature", "properties": {"coordTimes": ["2024-05-01T14:00:00Z"]}, "geometry": {"type": "LineString", "coordinates": [[1, 2], [1, 3]]}}"#
    #expect(trackError(badTimes)?.contains("properties.coordTimes: 1 times for 2 positions") == true)
    let badTime =
        #"{"type": "Feature", "properties": {"coordTimes": ["noon"]}, "geometry": {"type": "LineString", "coordinates": [[1, 2]]}}"#
    #expect(trackError(badTime)?.contains("properties.coordTimes[0]: expected an ISO 8601 time") == true)
}
