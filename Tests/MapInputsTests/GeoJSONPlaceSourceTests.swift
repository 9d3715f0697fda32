import MapFormats
import Testing

@testable import MapInputs

// Where GeoJSONDecoder's places come from: the Feature, its properties, the geometry.

@Suite("GeoJSON place sources")
struct GeoJSONPlaceSourceTests {
    @Test("one source per place, in order: the Feature's path and properties; none for a bare geometry")
    func sources() throws {
        let text = """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "properties": {"title": "A", "city": "Denver"},
               "geometry": {"type": "MultiPoint", "coordinates": [[1, 2], [3, 4]]}},
              {"type": "Feature", "properties": null, "geometry": {"type": "LineString", "coordinates": [[0, 0], [1, 1]]}},
              {"type": "Feature", "properties": null, "geometry": {"type": "Point", "coordinates": [5, 6]}}
            ]}
            """
        let content = try GeoJSONDecoder().decode(Array(text.utf8), fileName: "s.geojson")
        #expect(content.placeSources.count == content.places.count)
        #expect(content.placeSources.map(\.featurePath.description) == ["features[0]", "features[0]", "features[2]"])
        #expect(content.placeSources[0].properties?["city"]?.string == "Denver")
        #expect(content.placeSources[0].position == content.placeSources[1].position)
        #expect(content.placeSources[2].properties?.isNull == true)

        let bare = try GeoJSONDecoder().decode(
            Array(#"{"type": "Point", "coordinates": [1, 2]}"#.utf8), fileName: "b.geojson")
        #expect(
            bare.placeSources == [
                GeoJSONPlaceSource(featurePath: .root, position: .init(line: 1, column: 1), properties: nil)
            ])
    }
}
