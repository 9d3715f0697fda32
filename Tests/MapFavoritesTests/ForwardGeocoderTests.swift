import Foundation
import MapErrors
import MapGeometry
import MapRenderCore
import MapTestSupport
import Testing

@testable import MapFavorites

// Forward geocoding against a real HTTP server on 127.0.0.1: Geocoder/nominatim_stub.py,
// started by each test on a port the kernel picks, and stopped at its end (closing its
// standard input also stops it, so it cannot outlive a crashed test run).

/// The stub Nominatim server, running.
final class NominatimStub {
    /// The script next to this file.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Geocoder/nominatim_stub.py").path
    static var python: String? { TileServer.python }

    private let server: ScriptServer
    /// The base URL to give `--geocoder`.
    let url: String

    init() throws {
        server = try ScriptServer(script: NominatimStub.script)
        // The first line is "PORT <n>", printed once the socket listens.
        let text = server.announcement
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else { throw CocoaError(.fileReadCorruptFile) }
        url = "http://127.0.0.1:\(port)"
    }

    /// Stops the server and waits for it to exit.
    func stop() { server.stop() }
}

@Suite("Forward geocoder", .enabled(if: NominatimStub.python != nil, "python3 is not installed"))
struct ForwardGeocoderTests {
    func geocoder(_ stub: NominatimStub) throws -> ForwardGeocoder {
        var geocoder = try ForwardGeocoder(endpoint: stub.url)
        geocoder.userAgent = "maprender-tests"
        geocoder.timeout = 5
        return geocoder
    }

    @Test("A match gives the coordinate, the display name and the address parts")
    func match() throws {
        let stub = try NominatimStub()
        defer { stub.stop() }
        let result = try geocoder(stub).geocode("2001 Colorado Blvd, Denver")
        #expect(result.coordinate == Coordinate(latitude: 39.7475, longitude: -104.9428))
        #expect(result.displayName.hasPrefix("Denver Museum of Nature & Science, 2001, Colorado Boulevard"))
        #expect(result.street == "2001 Colorado Boulevard" && result.city == "Denver" && result.state == "Colorado")
        #expect(result.postal == "80205" && result.country == "United States")
    }

    @Test("The query is percent-encoded, so & + # = and non-ASCII text arrive intact")
    func encoding() throws {
        let stub = try NominatimStub()
        defer { stub.stop() }
        let text = "A & B + C #1 = Zürich/straße?"
        #expect(try geocoder(stub).geocode("echo:" + text).displayName == text)
        let url = try ForwardGeocoder(endpoint: "https://example.org/nominatim/").searchURL(for: "a b")
        #expect(
            url.absoluteString == "https://example.org/nominatim/search?q=a%20b&format=jsonv2&limit=1&addressdetails=1")
        let given = try ForwardGeocoder(endpoint: "http://h/search?x=1").searchURL(for: "q")
        #expect(given.absoluteString == "http://h/search?q=q&format=jsonv2&limit=1&addressdetails=1")
    }

    @Test(
        "Failures are clear MapErrors",
        arguments: [
            ("nowhere", MapError.Kind.invalidData, "no match for 'nowhere'"),
            ("server error", .unavailable, "answered HTTP 500 for 'server error'"),
            ("bad json", .unavailable, "the geocoder's answer is not JSON"),
        ])
    func failures(query: String, code: MapError.Kind, fragment: String) throws {
        let stub = try NominatimStub()
        defer { stub.stop() }
        let error = mapError { _ = try geocoder(stub).geocode(query) }
        #expect(error?.kind == code)
        #expect(error?.locatedMessage.contains(fragment) == true, "\(String(describing: error))")
    }

    @Test("The User-Agent identifies maprender; a server that refuses anonymous clients is unavailable")
    func userAgent() throws {
        let stub = try NominatimStub()
        defer { stub.stop() }
        var anonymous = try geocoder(stub)
        anonymous.userAgent = "curl/8"
        let error = mapError { _ = try anonymous.geocode("2001 Colorado Blvd") }
        #expect(
            error?.kind == .unavailable && error?.locatedMessage.contains("HTTP 403") == true,
            "\(String(describing: error))")
    }

    @Test("A slow server times out, a closed port is unreachable: both exit 69")
    func network() throws {
        let stub = try NominatimStub()
        var slow = try geocoder(stub)
        slow.timeout = 0.5
        let timeout = mapError { _ = try slow.geocode("slow") }
        #expect(timeout?.kind == .unavailable, "\(String(describing: timeout))")
        let url = stub.url
        stub.stop()
        let closed = mapError { _ = try ForwardGeocoder(endpoint: url).geocode("anything") }
        #expect(
            closed?.kind == .unavailable && closed?.locatedMessage.contains("cannot reach the geocoder") == true,
            "\(String(describing: closed))")
    }

    @Test("Only http and https URLs are accepted")
    func endpoints() {
        for bad in ["ftp://x", "not a url", "file:///etc/passwd", "http://"] {
            #expect(mapError { _ = try ForwardGeocoder(endpoint: bad) }?.kind == .invalidRequest, "\(bad)")
        }
    }

    @Test("Answers are parsed without a server: numbers as strings or numbers, missing fields")
    func parsing() throws {
        let answer = #"[{"lat": 1.25, "lon": "-2.5", "address": {"town": "Smallville", "road": "Main St"}}]"#
        let result = try ForwardGeocoder.parse(Array(answer.utf8), address: "x", source: "s")
        #expect(result.coordinate == Coordinate(latitude: 1.25, longitude: -2.5))
        #expect(result.city == "Smallville" && result.street == "Main St" && result.displayName == "x")
        let noLatitude = mapError {
            _ = try ForwardGeocoder.parse(Array(#"[{"lon": "1"}]"#.utf8), address: "x", source: "s")
        }
        #expect(noLatitude?.kind == .unavailable && noLatitude?.locatedMessage.contains("no valid \"lat\"") == true)
        let object = mapError {
            _ = try ForwardGeocoder.parse(Array(#"{"error": "x"}"#.utf8), address: "x", source: "s")
        }
        #expect(object?.kind == .unavailable)
    }
}
