import MapErrors
import Testing

@testable import MapRenderCommand

/// The command words errors from their fields: location, message, remedy.
@Suite("Error wording")
struct ErrorWordingTests {
    @Test("a file position, a JSON path and a remedy")
    func jsonPosition() {
        let error = MapError(
            .invalidData, "expected a number, found a string",
            at: InputLocation(
                file: "map.geojson", line: 3, column: 17, jsonPath: "features[0].properties.stroke-width"),
            remedy: "write the width in points")
        #expect(
            ErrorWording.full(error)
                == "map.geojson:3:17: features[0].properties.stroke-width: expected a number, found a string;"
                + " write the width in points")
        #expect(ErrorWording.located(error).hasSuffix("found a string"))
        #expect(ExitStatus(error) == .dataError)
    }

    @Test("a configuration error is exit 78, EX_CONFIG")
    func configuration() {
        let error = MapError(
            .invalidConfiguration, "unknown key 'basemapp'", at: InputLocation(file: "config.json", line: 3))
        #expect(ErrorWording.full(error) == "config.json:3: unknown key 'basemapp'")
        #expect(ExitStatus(error) == .configuration && ExitStatus.configuration.rawValue == 78)
    }

    @Test("a database row, a file alone, no location")
    func otherPlaces() {
        let row = MapError(
            .invalidData, "display_radius -5 is not a radius",
            at: InputLocation(file: "favs.db", row: "places row id 2"))
        #expect(ErrorWording.full(row) == "favs.db: places row id 2: display_radius -5 is not a radius")
        let file = MapError(.missingInput, "no such file", at: InputLocation(file: "ride.gpx", line: 12))
        #expect(ErrorWording.full(file) == "ride.gpx:12: no such file")
        #expect(ExitStatus(file) == .noInput)
        let bare = MapError(.invalidRequest, "nothing to draw", remedy: "give --pin")
        #expect(ErrorWording.full(bare) == "nothing to draw; give --pin")
        #expect(ExitStatus(bare) == .usage)
    }

    @Test("the wording is the library's description, so messages read the same everywhere")
    func sameAsDescription() {
        let error = MapError(
            .unavailable, "no answer", at: InputLocation(file: "https://t.example/1/2/3.png"), remedy: "retry")
        #expect(ErrorWording.full(error) == error.description)
    }
}
