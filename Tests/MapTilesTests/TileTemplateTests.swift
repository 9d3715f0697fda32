import MapErrors
import MapGeometry
import MapRenderCore
import MapTestSupport
import Testing

@testable import MapTiles

@Suite struct TileTemplateTests {
    @Test func expandsZXY() throws {
        let template = try TileTemplate("https://tiles.example.org/{z}/{x}/{y}.png")
        #expect(
            template.url(for: TilePath(z: 12, x: 853, y: 1554), highResolution: false)
                == "https://tiles.example.org/12/853/1554.png")
        #expect(!template.hasHighResolutionPlaceholder)
    }

    @Test func picksSubdomainsDeterministically() throws {
        let template = try TileTemplate("https://{s}.tile.example.org/{z}/{x}/{y}.png")
        #expect(
            template.url(for: TilePath(z: 2, x: 0, y: 0), highResolution: false)
                == "https://a.tile.example.org/2/0/0.png")
        #expect(
            template.url(for: TilePath(z: 2, x: 1, y: 0), highResolution: false)
                == "https://b.tile.example.org/2/1/0.png")
        #expect(
            template.url(for: TilePath(z: 2, x: 1, y: 1), highResolution: false)
                == "https://c.tile.example.org/2/1/1.png")
        #expect(
            template.url(for: TilePath(z: 2, x: 3, y: 3), highResolution: false)
                == "https://a.tile.example.org/2/3/3.png")
        let custom = try TileTemplate("https://{s}.example.org/{z}/{x}/{y}", subdomains: ["t0", "t1"])
        #expect(custom.url(for: TilePath(z: 1, x: 1, y: 0), highResolution: false) == "https://t1.example.org/1/1/0")
        let switched = try TileTemplate("https://{switch:m1,m2,m3}.example.org/{z}/{x}/{y}")
        #expect(switched.subdomains == ["m1", "m2", "m3"])
        #expect(switched.url(for: TilePath(z: 3, x: 1, y: 1), highResolution: false) == "https://m3.example.org/3/1/1")
    }

    @Test func retinaPlaceholder() throws {
        let template = try TileTemplate("https://tiles.example.org/{z}/{x}/{y}{r}.png")
        #expect(template.hasHighResolutionPlaceholder)
        #expect(
            template.url(for: TilePath(z: 1, x: 0, y: 1), highResolution: true)
                == "https://tiles.example.org/1/0/1@2x.png")
        #expect(
            template.url(for: TilePath(z: 1, x: 0, y: 1), highResolution: false)
                == "https://tiles.example.org/1/0/1.png")
    }

    @Test func quadkeyAndTMSRow() throws {
        // The example of "Bing Maps Tile System": tile (3, 5) at level 3 is quadkey 213.
        let bing = try TileTemplate("http://ecn.t0.example.net/tiles/a{quadkey}.jpeg?g=1")
        #expect(
            bing.url(for: TilePath(z: 3, x: 3, y: 5), highResolution: false)
                == "http://ecn.t0.example.net/tiles/a213.jpeg?g=1")
        let tms = try TileTemplate("https://tms.example.org/{z}/{x}/{-y}.png")
        #expect(tms.url(for: TilePath(z: 3, x: 2, y: 1), highResolution: false) == "https://tms.example.org/3/2/6.png")
    }

    @Test(arguments: [
        ("ftp://tiles.example.org/{z}/{x}/{y}.png", "the ftp scheme is not supported, only http and https"),
        ("file:///srv/tiles/{z}/{x}/{y}.png", "the file scheme is not supported, only http and https"),
        ("tiles.example.org/{z}/{x}/{y}.png", "not an http or https URL"),
        ("https://tiles.example.org/{z}/{x}.png", "it has neither {z}, {x} and {y} nor {quadkey}"),
        (
            "https://tiles.example.org/{z}/{x}/{y}/{style}.png",
            "unknown placeholder {style} (known: {z} {x} {y} {-y} {s} {r} {quadkey} {switch:a,b})"
        ),
        ("https://tiles.example.org/{z}/{x}/{y.png", "a '{' is never closed"),
        ("https://tiles.example.org/{z}}/{x}/{y}.png", "a '}' without its '{'"),
        ("https:///{z}/{x}/{y}.png", "'https:///1/1/1.png' is not a valid URL with a host"),
    ])
    func rejectsBadTemplates(template: String, problem: String) {
        #expect {
            try TileTemplate(template)
        } throws: { error in
            let error = error as? MapError
            return error?.kind == .invalidRequest
                && error?.locatedMessage == "tile URL template '\(template)': \(problem)"
        }
    }

    @Test func presets() throws {
        let osm = try #require(TilePreset.preset(named: "OSM"))
        #expect(osm.template == "https://tile.openstreetmap.org/{z}/{x}/{y}.png")
        #expect(osm.attribution == ["© OpenStreetMap contributors"])
        #expect(osm.zoomRange == 0...19 && !osm.isImagery)
        #expect(TilePreset.preset(named: "opentopomap")?.zoomRange.upperBound == 17)
        let esri = try #require(HTTPTileSource.preset(named: "esri-imagery", options: testOptions()))
        #expect(esri.isImagery && esri.zoomRange == 0...19)
        #expect(
            esri.template.url(for: TilePath(z: 5, x: 7, y: 11), highResolution: false)
                == "https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/5/11/7")
        #expect(
            esri.attribution == [
                "Tiles © Esri — Source: Esri, Maxar, Earthstar Geographics, and the GIS User Community"
            ])
        #expect(TilePreset.preset(named: "google") == nil)
        for preset in TilePreset.all { #expect(throws: Never.self) { try TileTemplate(preset.template) } }
    }
}
