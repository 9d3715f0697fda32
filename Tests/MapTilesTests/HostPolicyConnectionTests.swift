import MapErrors
import MapGeometry
import MapRenderCore
import MapTestSupport
import Testing

@testable import MapTiles

// Against tile_server.py on 127.0.0.1: its /to/HOST/… path redirects to another name or
// address of this machine, and its stats tell which requests arrived.
@Suite("Host policy: connections and redirects")
struct HostPolicyConnectionTests {
    let headers = [(name: "User-Agent", value: "maprender-tests")]

    func get(_ url: String, policy: HostPolicy?) -> Result<HTTPResponse, HTTPFailure> {
        HTTPConnection().get(url, headers: headers, timeout: 5, maxBodyBytes: 1 << 20, policy: policy)
    }

    /// The reason of a refusal, or `nil` for any other answer.
    func refusal(_ answer: Result<HTTPResponse, HTTPFailure>) -> String? {
        if case .failure(.refused(let reason)) = answer { reason } else { nil }
    }

    @Test("a name resolving to loopback is refused when connecting, and nothing reaches the server")
    func afterResolution() async throws {
        let server = try await TileServer.start()
        defer { server.stop() }
        let answer = get("http://localhost:\(server.port)/tiles/0/0/0.png", policy: HostPolicy())
        guard case .failure(.refused(let reason)) = answer else {
            Issue.record("expected a refusal, got \(answer)")
            return
        }
        #expect(reason.hasPrefix("host localhost (") && reason.contains("loopback"), "\(reason)")
        // Other spellings of loopback: libcurl's own URL parser reads the host we check.
        for host in ["127.1", "2130706433", "0x7f.0.0.1", "[::ffff:127.0.0.1]", "0"] {
            let other = get("http://\(host):\(server.port)/tiles/0/0/0.png", policy: HostPolicy())
            #expect(refusal(other)?.hasSuffix("; refused") == true, "\(host): \(other)")
        }
        #expect(try await server.stats().total == 0)
        // The same request without a policy reaches the server.
        guard case .success(let response) = get("http://localhost:\(server.port)/tiles/0/0/0.png", policy: nil) else {
            Issue.record("the unrestricted request failed")
            return
        }
        #expect(response.status == 200)
    }

    @Test("listed by name or by address: reached")
    func listed() async throws {
        let server = try await TileServer.start()
        defer { server.stop() }
        for pattern in ["localhost", "127.0.0.0/8", "::ffff:127.0.0.1"] {
            let policy = HostPolicy(allowing: [try HostPattern(parsing: pattern)])
            let answer = get("http://localhost:\(server.port)/tiles/0/0/0.png", policy: policy)
            #expect((try? answer.get().status) == 200, "\(pattern): \(answer)")
        }
    }

    @Test("every redirect is checked: from a listed name to an address not listed is refused")
    func redirects() async throws {
        let server = try await TileServer.start()
        defer { server.stop() }
        let policy = HostPolicy(allowing: [try HostPattern(parsing: "localhost")])
        let refused = get("http://localhost:\(server.port)/to/127.0.0.2/tiles/0/0/0.png", policy: policy)
        #expect(refusal(refused) == "host 127.0.0.2 is not an allowed host; refused", "\(refused)")
        // A redirect to a listed host is followed (by us, not by libcurl), relative ones too.
        let followed = get("http://localhost:\(server.port)/to/localhost/tiles/0/0/0.png", policy: policy)
        #expect((try? followed.get().status) == 200, "\(followed)")
        let relative = get("http://localhost:\(server.port)/moved/0/0/0.png", policy: policy)
        #expect((try? relative.get().status) == 200, "\(relative)")
        let stats = try await server.stats()
        #expect(stats.requests["/to/127.0.0.2/tiles/0/0/0.png"] == 1)
        #expect(stats.requests["/tiles/0/0/0.png"] == 2)
        // A redirect to another scheme stays refused.
        let file = get("http://localhost:\(server.port)/tofile/0/0/0.png", policy: policy)
        guard case .failure(.badRedirect) = file else {
            Issue.record("expected a bad redirect, got \(file)")
            return
        }
    }

    @Test("a tile source refuses its template's host before requesting, and each redirected tile after")
    func tileSource() async throws {
        let server = try await TileServer.start()
        defer { server.stop() }
        var options = testOptions(maxRetries: 0)
        options.usesCache = false
        options.hostPolicy = HostPolicy()
        #expect(throws: MapError.self) {
            try TileSourceFactory.source(for: "http://127.0.0.1:\(server.port)/tiles/{z}/{x}/{y}.png", options: options)
        }
        options.hostPolicy = HostPolicy(allowing: [try HostPattern(parsing: "localhost")])
        let source = try TileSourceFactory.source(
            for: "http://localhost:\(server.port)/to/10.0.0.1/tiles/{z}/{x}/{y}.png", options: options)
        let tile = TilePath(z: 1, x: 0, y: 0)
        let result = source.tiles([tile], highResolution: false)[tile]
        guard case .failure(let failure) = result else {
            Issue.record("expected a failed tile, got \(String(describing: result))")
            return
        }
        #expect(failure.reason == "host 10.0.0.1 is not an allowed host; refused")
        // The refusal rides with the failure as the error that fails the map, at the tile's URL.
        #expect(failure.refusal?.kind == .invalidData)
        #expect(failure.refusal?.message == failure.reason)
        #expect(failure.refusal?.location?.file == "http://localhost:\(server.port)/to/10.0.0.1/tiles/1/0/0.png")
        #expect(failure.refusal?.remedy == HostPolicy.remedy)
        #expect(try await server.stats().requests.keys.allSatisfy { $0.hasPrefix("/to/") })
        // A tile that is merely missing carries none.
        let plain = try TileSourceFactory.source(
            for: "http://localhost:\(server.port)/404/{z}/{x}/{y}.png", options: options)
        guard case .failure(let missing) = plain.tiles([tile], highResolution: false)[tile] else {
            Issue.record("expected a missing tile")
            return
        }
        #expect(missing.reason == "HTTP 404" && missing.refusal == nil)
    }
}
