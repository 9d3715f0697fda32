import Testing

@testable import MapVectorTiles

// A real tile: OpenMapTiles-schema layers made by tilemaker from OpenStreetMap data of
// central Helsinki (Fixtures/openmaptiles, © OpenStreetMap contributors, ODbL).

private let helsinkiTilePath = "openmaptiles/helsinki-14-9326-4741.mvt"

@Suite("A real tile: Helsinki, OpenMapTiles schema")
struct HelsinkiTileTests {
    @Test("decodes every layer with its features, cleanly")
    func layers() throws {
        let (tile, diagnostics) = try VectorTileDecoder().decode(try fixtureBytes(helsinkiTilePath))
        // tilemaker repeats one ring's first point before ClosePath, which §4.3.4.4 forbids;
        // the point is dropped, and nothing else is wrong.
        #expect(
            diagnostics == [
                VectorTileDiagnostic(
                    layerIndex: 8, layerName: "landcover", featureIndex: 40,
                    message: "dropped 1 repeated point (a zero-length segment, §4.3.3.2 and §4.3.4.4)",
                    consequence: .featureRepaired)
            ])
        let counts = Dictionary(uniqueKeysWithValues: tile.layers.map { ($0.name, $0.features.count) })
        #expect(
            counts == [
                "poi": 17, "housenumber": 10, "transportation": 82, "transportation_name": 82, "building": 12,
                "water": 1, "water_name": 1, "landuse": 7, "landcover": 47,
            ])
        #expect(tile.layers.allSatisfy { $0.version == 2 && $0.extent == 4096 })
    }

    @Test("geometry types fit the layers, and coordinates lie within the tile and its buffer")
    func geometry() throws {
        let tile = try VectorTile(decoding: try fixtureBytes(helsinkiTilePath))
        for layer in tile.layers {
            for feature in layer.features {
                let allPoints: [VectorTilePoint]
                switch feature.geometry {
                case .points(let points):
                    #expect(["poi", "housenumber", "water_name"].contains(layer.name))
                    allPoints = points
                case .lineStrings(let lines):
                    #expect(["transportation", "transportation_name"].contains(layer.name))
                    #expect(lines.allSatisfy { $0.count >= 2 })
                    allPoints = lines.flatMap { $0 }
                case .polygons(let polygons):
                    #expect(["building", "water", "landuse", "landcover"].contains(layer.name))
                    #expect(polygons.allSatisfy { $0.exteriorRing.count >= 3 })
                    allPoints = polygons.flatMap { $0.rings.flatMap { $0 } }
                case .unknown:
                    Issue.record("UNKNOWN geometry in \(layer.name)")
                    allPoints = []
                }
                // tilemaker clips with a buffer around the 4096-unit tile.
                let bounds = -1_024...(4_096 + 1_024)
                #expect(allPoints.allSatisfy { bounds.contains($0.x) && bounds.contains($0.y) }, "\(layer.name)")
            }
        }
    }

    @Test("names are in name:latin, with their letters intact")
    func names() throws {
        let tile = try VectorTile(decoding: try fixtureBytes(helsinkiTilePath))
        func names(in layer: String) -> Set<String> {
            Set(tile.layer(named: layer)?.features.compactMap { $0.properties["name:latin"]?.stringValue } ?? [])
        }
        #expect(names(in: "water_name") == ["Töölönlahti"])
        #expect(names(in: "transportation_name").isSuperset(of: ["Töölönlahdenkatu", "Alvar Aallon katu"]))
        #expect(names(in: "poi").contains("Helsingin keskustakirjasto Oodi"))
        #expect(tile.layer(named: "water")?.features.first?.properties["class"] == .string("lake"))
        let classes = Set(
            tile.layer(named: "transportation")?.features.compactMap { $0.properties["class"]?.stringValue } ?? [])
        #expect(!classes.isEmpty)
    }

    @Test("the layer filter returns the same layers as a full decoding")
    func filtered() throws {
        let bytes = try fixtureBytes(helsinkiTilePath)
        let full = try VectorTile(decoding: bytes)
        let (filtered, _) = try VectorTileDecoder(layerNames: ["building", "water"]).decode(bytes)
        #expect(filtered.layers == full.layers.filter { ["building", "water"].contains($0.name) })
    }
}
