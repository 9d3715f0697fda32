import Foundation
import MapDrawing
import MapErrors
import MapGeometry
import MapRenderCore
import Testing

@testable import MapInputs

// KMLDecoder on small hand-made files, one for each rule of the reader and each error, and
// on KMZ archives written by Python's zipfile and Info-ZIP's zip (Fixtures/kml/kmz).

private let kmzFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/kml/kmz")

private func decode(_ text: String, window: TrackTimeWindow = .unbounded) throws(MapError) -> KMLContent {
    try KMLDecoder.decode(Array(text.utf8), fileName: "test.kml", window: window)
}

/// A document in the KML 2.2 namespace around `body`.
private func kml(_ body: String, namespace: String = "http://www.opengis.net/kml/2.2") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <kml xmlns="\(namespace)" xmlns:gx="http://www.google.com/kml/ext/2.2">
    <Document>
    \(body)
    </Document>
    </kml>
    """
}

private func decodeError(_ text: String) -> MapError? {
    do {
        _ = try decode(text)
        return nil
    } catch {
        return error
    }
}

private func color(_ hex: UInt32, alpha: Double = 1) -> Color { Color(hex: hex, alpha: alpha) }

private func close(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 1e-9 } ?? false }

@Suite("KMLDecoder")
struct KMLDecoderTests {
    @Test(
        "any KML namespace, none, an unknown one, or prefixed elements",
        arguments: [
            "http://earth.google.com/kml/2.0", "http://earth.google.com/kml/2.1", "http://earth.google.com/kml/2.2",
            "http://www.opengis.net/kml/2.2", "", "urn:example:unknown",
        ])
    func namespaces(namespace: String) throws {
        let content = try decode(
            kml(
                "<Placemark><name>A</name><Point><coordinates>1,2</coordinates></Point></Placemark>",
                namespace: namespace))
        #expect(content.places.map(\.title) == ["A"])
        #expect(content.places.first?.coordinate == Coordinate(latitude: 2, longitude: 1))
        let prefixed = try decode(
            """
            <k:kml xmlns:k="http://www.opengis.net/kml/2.2"><k:Placemark><k:name>B</k:name>
            <k:Point><k:coordinates>3,4</k:coordinates></k:Point></k:Placemark></k:kml>
            """)
        #expect(prefixed.places.map(\.title) == ["B"])
    }

    @Test("coordinates as real files write them")
    func coordinates() throws {
        let text = "\t+1.5,+2.5,100 \r\n 3,4,5,6\n\n5,6,\t7,8 9, 10  \r11, 12, 13 14,15,16,\n"
        let content = try decode(
            kml("<Placemark><LineString><coordinates>\(text)</coordinates></LineString></Placemark>"))
        let line = try #require(content.lines.first)
        #expect(line.coordinates.map(\.longitude) == [1.5, 3, 5, 7, 9, 11, 14])
        #expect(line.coordinates.map(\.latitude) == [2.5, 4, 6, 8, 10, 12, 15])
        #expect(content.diagnostics.isEmpty, "\(content.diagnostics)")
    }

    @Test("shared styles, StyleMaps, styles after their use, inline styles overriding part by part")
    func styles() throws {
        let content = try decode(
            kml(
                """
                <Placemark><name>mapped</name><styleUrl>#map</styleUrl><Point><coordinates>1,1</coordinates></Point></Placemark>
                <Placemark><name>inline</name><styleUrl>#red</styleUrl>
                  <Style><LineStyle><width>7</width></LineStyle></Style>
                  <LineString><coordinates>0,0 1,1</coordinates></LineString></Placemark>
                <Placemark><name>pair</name><styleUrl>#inlinePair</styleUrl><Point><coordinates>2,2</coordinates></Point></Placemark>
                <Folder><Folder>
                  <StyleMap id="map"><Pair><key>highlight</key><styleUrl>#blue</styleUrl></Pair>
                    <Pair><key>normal</key><styleUrl>#red</styleUrl></Pair></StyleMap>
                  <StyleMap id="inlinePair"><Pair><key>normal</key><Style><IconStyle><color>ff00ff00</color></IconStyle></Style></Pair></StyleMap>
                </Folder></Folder>
                <Style id="red"><IconStyle><color>ff0000ff</color></IconStyle><LineStyle><color>800000ff</color><width>2</width></LineStyle></Style>
                <Style id="blue"><IconStyle><color>ffff0000</color></IconStyle></Style>
                """))
        #expect(content.places.map(\.marker) == [.pin(color(0xFF0000)), .pin(color(0x00FF00))])
        #expect(content.placeDetails.map(\.colorHex) == ["#ff0000", "#00ff00"])
        let override = try #require(content.lines.first?.styleOverride)
        #expect(override.lineWidth == 7)
        #expect(override.strokeColor?.red == 1 && close(override.strokeColor?.alpha, 128.0 / 255))
    }

    @Test("a styleUrl naming nothing is a warning; one in another file is a note")
    func missingStyles() throws {
        let content = try decode(
            kml(
                """
                <Placemark><styleUrl>#nothing</styleUrl><Point><coordinates>1,1</coordinates></Point></Placemark>
                <Placemark><styleUrl>http://example.com/styles.kml#pin</styleUrl><Point><coordinates>1,1</coordinates></Point></Placemark>
                """))
        #expect(content.places.map(\.marker) == [.pin(nil), .pin(nil)])
        #expect(
            content.diagnostics == [
                Diagnostic(
                    .warning,
                    "test.kml: styleUrl #nothing names no Style or StyleMap in the file; the map's style is used"),
                Diagnostic(
                    .info,
                    "test.kml: styleUrl http://example.com/styles.kml#pin is in another file, which is not fetched"),
            ])
    }

    @Test("names, addresses and descriptions: never inherited, HTML stripped, entities decoded")
    func placeText() throws {
        let content = try decode(
            kml(
                """
                <name>The document</name>
                <Folder><name>A folder</name>
                  <Placemark><Point><coordinates>1,1</coordinates></Point></Placemark>
                  <Placemark><name>Café</name><address>1 Main St, Springfield</address>
                    <description>not this</description><Point><coordinates>1,1</coordinates></Point></Placemark>
                  <Placemark><name>Shop</name><description><![CDATA[<p>Open <b>9&ndash;5</b>&nbsp;&amp; Sundays</p><br/>&#x263A; &lt;ok&gt;]]></description>
                    <Point><coordinates>1,1</coordinates></Point></Placemark>
                </Folder>
                """))
        #expect(content.places.map(\.title) == ["", "Café", "Shop"])
        #expect(content.places.map(\.subtitle) == [nil, "1 Main St, Springfield", "Open 9–5 & Sundays ☺ <ok>"])
        #expect(content.places.map(\.id) == [1, 2, 3])
        #expect(content.placeDetails.map(\.address) == [nil, "1 Main St, Springfield", nil])
        #expect(content.placeDetails[1].description == "not this")
        #expect(content.placeDetails.map(\.line) == [6, 7, 9])
    }

    @Test("MultiGeometry gives each part; Polygons with holes and PolyStyle; LinearRings outside Polygons are lines")
    func geometries() throws {
        let content = try decode(
            kml(
                """
                <Style id="area"><LineStyle><color>ff00ff00</color><width>3</width></LineStyle>
                  <PolyStyle><color>7f0000ff</color><fill>0</fill><outline>false</outline></PolyStyle></Style>
                <Placemark><name>many</name><styleUrl>#area</styleUrl><MultiGeometry>
                  <Point><coordinates>1,1</coordinates></Point>
                  <MultiGeometry><Point><coordinates>2,2</coordinates></Point></MultiGeometry>
                  <LineString><coordinates>0,0 1,0</coordinates></LineString>
                  <LinearRing><coordinates>0,0 1,0 1,1 0,0</coordinates></LinearRing>
                  <Polygon><outerBoundaryIs><LinearRing><coordinates>0,0 4,0 4,4 0,4 0,0</coordinates></LinearRing></outerBoundaryIs>
                    <innerBoundaryIs><LinearRing><coordinates>1,1 2,1 2,2 1,1</coordinates></LinearRing></innerBoundaryIs>
                    <innerBoundaryIs><LinearRing><coordinates>3,3 3.5,3 3.5,3.5 3,3</coordinates></LinearRing></innerBoundaryIs>
                  </Polygon>
                </MultiGeometry></Placemark>
                """))
        #expect(content.places.map(\.title) == ["many", "many"])
        #expect(content.lines.map(\.coordinates.count) == [2, 4])
        #expect(content.lines.allSatisfy { $0.title == "many" })
        let polygon = try #require(content.polygons.first)
        #expect(polygon.rings.map(\.count) == [5, 4, 4])
        let override = try #require(polygon.styleOverride)
        #expect(override.fillColor == color(0xFF0000, alpha: 127.0 / 255) && override.fillOpacity == 0)
        #expect(override.strokeColor == color(0x00FF00) && override.strokeOpacity == 0 && override.lineWidth == 3)
        #expect(content.tracks.isEmpty)
    }

    @Test("gx:Track and KML 2.3 Track: times paired with coordinates; MultiTrack segments; the window")
    func tracks() throws {
        let body = """
            <Placemark><name>ride</name><gx:MultiTrack>
              <gx:Track><when>2024-05-01T10:00:00Z</when><when>2024-05-01T10:00:10Z</when>
                <gx:coord>8.5 47.3 400</gx:coord><gx:coord>8.5001 47.3001 401.5</gx:coord></gx:Track>
              <gx:Track><when>2024-05-01T11:00:00Z</when><gx:coord>8.6 47.4</gx:coord></gx:Track>
            </gx:MultiTrack></Placemark>
            <Placemark><name>plain</name><Track><when>2024-05-02T09:00:00Z</when><coord>9 48 10</coord></Track></Placemark>
            <Placemark><name>line</name><LineString><coordinates>0,0 1,1</coordinates></LineString></Placemark>
            """
        let content = try decode(kml(body))
        #expect(content.tracks.map(\.name) == ["ride", "plain"])
        #expect(content.tracks.map(\.segments.count) == [2, 1])
        let first = try #require(content.tracks.first?.first)
        #expect(first.coordinate == Coordinate(latitude: 47.3, longitude: 8.5))
        #expect(first.altitude == 400 && first.verticalAccuracy == 0 && first.horizontalAccuracy == 0)
        #expect(first.timestamp == Date(timeIntervalSince1970: 1_714_557_600))
        #expect(content.tracks[0].segments[1][0].verticalAccuracy == -1)
        #expect(content.lines.count == 1)
        let window = TrackTimeWindow(
            start: Date(timeIntervalSince1970: 1_714_557_605), end: Date(timeIntervalSince1970: 1_714_600_000))
        let windowed = try decode(kml(body), window: window)
        #expect(windowed.tracks.map(\.fixCount) == [2])
        #expect(windowed.leftOutOfWindow == TrackWindowCount(outside: 2, untimed: 0))
        #expect(windowed.lines.count == 1)
    }

    @Test("a Track whose when and gx:coord counts differ is paired in order, with a warning")
    func mismatchedTrack() throws {
        let content = try decode(
            kml(
                """
                <Placemark><gx:Track><when>2024-05-01T10:00:00Z</when><when>bad</when>
                  <gx:coord>1 1</gx:coord><gx:coord>2 2</gx:coord><gx:coord>3 3</gx:coord><gx:coord>x</gx:coord></gx:Track></Placemark>
                """))
        let fixes = try #require(content.tracks.first?.locations)
        #expect(fixes.map(\.timestamp) == [Date(timeIntervalSince1970: 1_714_557_600), nil, nil])
        #expect(content.diagnostics.map(\.severity) == [.warning, .warning, .warning])
        #expect(content.diagnostics[2].message.contains("a Track has 2 when and 4 gx:coord"))
    }

    @Test("NetworkLinks are not fetched, overlays and Models not drawn: notes")
    func skipped() throws {
        let content = try decode(
            kml(
                """
                <NetworkLink><name>live</name><Link><href>http://example.com/live.kml</href></Link></NetworkLink>
                <GroundOverlay><name>scan</name><Icon><href>scan.png</href></Icon>
                  <LatLonBox><north>1</north></LatLonBox></GroundOverlay>
                <ScreenOverlay><name>logo</name></ScreenOverlay>
                <Placemark><name>house</name><Model><Location><longitude>1</longitude></Location></Model></Placemark>
                """))
        #expect(content.isEmpty)
        #expect(
            content.diagnostics.map(\.message) == [
                "test.kml: line 4: the NetworkLink to http://example.com/live.kml is not fetched",
                "test.kml: line 5: a GroundOverlay (an image over the ground) is not drawn",
                "test.kml: line 7: a ScreenOverlay is not drawn",
                "test.kml: line 8: a 3D Model is not drawn",
            ])
        #expect(content.diagnostics.allSatisfy { $0.severity == .info })
    }

    @Test("diagnostics are capped")
    func cappedDiagnostics() throws {
        let links = (0..<50).map { "<NetworkLink><Link><href>http://example.com/\($0).kml</href></Link></NetworkLink>" }
        let content = try decode(kml(links.joined(separator: "\n")))
        #expect(content.diagnostics.count == KMLDiagnostics.limit + 1)
        #expect(content.diagnostics.last?.message == "test.kml: 30 more notes like these")
    }

    @Test(
        "errors name the file, line and column",
        arguments: [
            ("<gpx/>", "test.kml:1:1: the root element is <gpx>, not <kml>"),
            ("<kml><Placemark><Point><coordinates>1,2</coordinates></Point>", "test.kml:1:62: malformed XML:"),
            (
                "<kml>\n<Placemark><Point>\n  <coordinates>a,b</coordinates></Point></Placemark></kml>",
                "test.kml:3:3: coordinates: 'a,b' is not lon,lat[,alt]"
            ),
            (
                "<kml><Placemark><Point><coordinates>1,95</coordinates></Point></Placemark></kml>",
                "test.kml:1:24: coordinates: 1.0,95.0 is out of range"
            ),
            ("<!DOCTYPE kml [<!ENTITY a \"b\">]><kml/>", "test.kml:1:"),
            ("", "test.kml: the file is empty"),
            ("<kml><Document><name>x</name></Document></kml>", "test.kml: no Placemark with a Point"),
        ])
    func errors(text: String, expected: String) throws {
        let failure = try #require(decodeError(text))
        #expect(failure.kind == .invalidData)
        #expect(failure.locatedMessage.hasPrefix(expected), "\(failure)")
    }

    @Test("a missing file is .missingInput")
    func missingFile() {
        #expect(throws: MapError.self) { try KMLDecoder.read(atPath: "/nonexistent/places.kml") }
        do {
            _ = try KMLDecoder.read(atPath: "/nonexistent/places.kml")
        } catch {
            #expect(error.kind == .missingInput)
        }
    }

    @Test(
        "KMZ from Python's zipfile and Info-ZIP's zip, stored and deflated: PNG icons, JPEG icons as pins",
        arguments: ["python-deflate.kmz", "zip-stored.kmz", "zip-deflate.kmz"])
    func kmz(name: String) throws {
        let path = kmzFixtures.appendingPathComponent(name).path
        let content = try KMLDecoder.read(atPath: path)
        #expect(content.places.map(\.title) == ["PNG icon", "JPEG icon", "Remote icon"])
        guard case .image(let image) = content.places[0].marker else {
            Issue.record("not an image marker: \(content.places[0].marker)")
            return
        }
        #expect(image.image.pixelWidth == 16 && image.image.pixelHeight == 16 && image.image.encoding == .png)
        // hotSpot x 4, y 2 pixels (y from the bottom) of 16 × 16.
        #expect(image.anchorX == 0.25 && image.anchorY == 0.875)
        #expect(content.places[1].marker == .pin(nil))
        #expect(content.places[2].marker == .pin(color(0x00FF00)))
        #expect(
            content.diagnostics == [
                Diagnostic(.info, "\(path):doc.kml: icon files/photo.jpg is a JPEG, not a PNG; drawn as a pin")
            ])
        // Told by its signature, whatever its name, from bytes too.
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(try KMLDecoder.decode(bytes, fileName: "renamed.kml").places == content.places)
    }

    @Test("a KMZ's root document is its first .kml at the archive's root")
    func kmzRoot() throws {
        let path = kmzFixtures.appendingPathComponent("three-documents.kmz").path
        #expect(try KMLDecoder.read(atPath: path).places.map(\.title) == ["root"])
    }

    @Test("a corrupt KMZ names the file and the entry; one without a .kml says so")
    func corruptKMZ() throws {
        var bytes = Array(try Data(contentsOf: kmzFixtures.appendingPathComponent("zip-stored.kmz")))
        let doc = try #require(bytes.firstRange(of: Array("<Document>".utf8)))
        bytes[doc.lowerBound + 1] = UInt8(ascii: "X")
        do {
            _ = try KMLDecoder.decode(bytes, fileName: "places.kmz")
            Issue.record("no error")
        } catch {
            #expect(error.location?.file == "places.kmz")
            #expect(error.message.hasPrefix("entry doc.kml (local header at byte 0): CRC-32 mismatch"), "\(error)")
        }
        let iconsOnly = Array(try Data(contentsOf: kmzFixtures.appendingPathComponent("earth-gc.kmz")))
        var renamed = iconsOnly
        for range in renamed.ranges(of: Array("doc.kml".utf8)) { renamed[range.upperBound - 1] = UInt8(ascii: "x") }
        do {
            _ = try KMLDecoder.decode(renamed, fileName: "empty.kmz")
            Issue.record("no error")
        } catch {
            #expect(error.description.hasPrefix("empty.kmz: the KMZ archive holds no .kml file"), "\(error)")
        }
    }
}
