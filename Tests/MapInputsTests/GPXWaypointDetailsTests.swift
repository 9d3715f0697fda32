import Testing

@testable import MapInputs

// What GPXDecoder reports about waypoints beyond their places: their lines and the leaf
// elements of their extensions, with the namespaces the file binds their prefixes to.

@Suite("GPX waypoint details")
struct GPXWaypointDetailsTests {
    @Test("extension leaves come with their namespace, whatever the prefix; nested elements give their leaves")
    func extensionNamespaces() throws {
        let text = """
            <?xml version="1.0"?>
            <gpx xmlns="http://www.topografix.com/GPX/1/1" xmlns:a="urn:one" xmlns:gpxx="urn:garmin">
              <wpt lat="1" lon="2"><name>A</name>
                <extensions>
                  <a:street> 1 Main St </a:street>
                  <gpxx:Address><gpxx:City>Boulder</gpxx:City></gpxx:Address>
                  <b:x xmlns:b="urn:one">same namespace, other prefix</b:x>
                  <plain>default namespace</plain>
                  <c:y>undeclared</c:y>
                  <a:empty/>
                </extensions>
              </wpt>
              <wpt lat="3" lon="4"/>
            </gpx>
            """
        let content = try GPXDecoder.decode(Array(text.utf8), fileName: "w.gpx")
        #expect(content.waypointDetails.count == content.waypoints.count)
        #expect(content.waypointDetails.map(\.line) == [3, 13])
        #expect(
            content.waypointDetails[0].extensions == [
                .init(namespace: "urn:one", name: "street", value: "1 Main St"),
                .init(namespace: "urn:garmin", name: "City", value: "Boulder"),
                .init(namespace: "urn:one", name: "x", value: "same namespace, other prefix"),
                .init(namespace: "http://www.topografix.com/GPX/1/1", name: "plain", value: "default namespace"),
                .init(namespace: nil, name: "y", value: "undeclared"),
                .init(namespace: "urn:one", name: "empty", value: ""),
            ])
        #expect(content.waypointDetails[1].extensions.isEmpty)
    }

    @Test("GPX elements are matched by local name: a gpx: prefix or a default namespace reads the same")
    func prefixedAndDefault() throws {
        let prefixed = """
            <gpx:gpx xmlns:gpx="http://www.topografix.com/GPX/1/1" version="1.1">
              <gpx:wpt lat="1" lon="2"><gpx:name>A</gpx:name><gpx:desc>d</gpx:desc></gpx:wpt>
            </gpx:gpx>
            """
        let unprefixed = """
            <gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1">
              <wpt lat="1" lon="2"><name>A</name><desc>d</desc></wpt>
            </gpx>
            """
        let first = try GPXDecoder.decode(Array(prefixed.utf8), fileName: "p.gpx")
        let second = try GPXDecoder.decode(Array(unprefixed.utf8), fileName: "d.gpx")
        #expect(first == second)
        #expect(first.waypoints.map(\.title) == ["A"] && first.waypoints[0].subtitle == "d")
    }

    @Test("content(of:) gives a file without points as empty content; decode refuses it")
    func emptyContent() throws {
        let text = Array("<gpx><trk/></gpx>".utf8)
        #expect(try GPXDecoder.content(of: text, fileName: "e.gpx").isEmpty)
        #expect(throws: (any Error).self) { try GPXDecoder.decode(text, fileName: "e.gpx") }
    }
}
