import MapErrors
import Testing

@testable import MapTiles

/// Addresses, patterns and the policy's verdicts, without a network.
@Suite("Host policy: addresses and patterns")
struct HostPolicyTests {
    func scope(_ text: String) throws -> IPAddressScope {
        IPAddressScope(try #require(IPAddress(text), "\(text) should parse"))
    }

    @Test(
        "IPv4 special-purpose blocks",
        arguments: [
            ("127.0.0.1", IPAddressScope.loopback), ("127.255.255.254", .loopback), ("0.0.0.0", .unspecified),
            ("0.1.2.3", .unspecified), ("169.254.169.254", .linkLocal), ("10.0.0.1", .privateNetwork),
            ("172.16.0.1", .privateNetwork), ("172.31.255.255", .privateNetwork), ("192.168.1.1", .privateNetwork),
            ("100.64.0.1", .privateNetwork), ("198.18.0.1", .privateNetwork), ("198.19.255.255", .privateNetwork),
            ("198.20.0.1", .global), ("224.0.0.1", .reserved), ("255.255.255.255", .reserved),
            ("192.0.0.8", .reserved),
            // Just outside the blocks.
            ("172.15.255.255", .global), ("172.32.0.0", .global), ("169.253.0.1", .global), ("100.128.0.1", .global),
            ("11.0.0.1", .global), ("8.8.8.8", .global), ("192.0.2.1", .global),
        ])
    func ipv4(text: String, expected: IPAddressScope) throws {
        #expect(try scope(text) == expected)
    }

    @Test(
        "IPv6 blocks, and IPv4 addresses carried in IPv6 forms",
        arguments: [
            ("::1", IPAddressScope.loopback), ("::", .unspecified), ("[::1]", .loopback), ("fe80::1", .linkLocal),
            ("fe80::1%eth0", .linkLocal), ("febf::1", .linkLocal), ("fec0::1", .privateNetwork),
            ("fc00::1", .uniqueLocal), ("fd12:3456::1", .uniqueLocal), ("ff02::1", .reserved),
            ("::ffff:127.0.0.1", .loopback), ("::ffff:7f00:1", .loopback), ("::ffff:169.254.169.254", .linkLocal),
            ("::ffff:10.1.2.3", .privateNetwork), ("::127.0.0.1", .loopback), ("64:ff9b::a00:1", .privateNetwork),
            ("64:ff9b:1::808:808", .privateNetwork),
            ("2002:c0a8:101::1", .privateNetwork), ("::ffff:8.8.8.8", .global), ("2001:4860:4860::8888", .global),
            ("2606:4700::1111", .global), ("fbff::1", .global),
        ])
    func ipv6(text: String, expected: IPAddressScope) throws {
        #expect(try scope(text) == expected)
    }

    @Test("names and malformed addresses are not addresses; addresses print as usual")
    func parsing() throws {
        for text in ["localhost", "example.com", "1.2.3", "1.2.3.4.5", "256.1.1.1", ":::1", "[127.0.0.1", ""] {
            #expect(IPAddress(text) == nil, "\(text)")
        }
        #expect(try #require(IPAddress("::FFFF:7F00:1")).description == "::ffff:127.0.0.1")
        #expect(try #require(IPAddress("[2001:DB8:0::1]")).description == "2001:db8::1")
        #expect(IPAddress(bytes: [1, 2, 3]) == nil)
    }

    @Test("patterns: names, wildcards, addresses and blocks")
    func patterns() throws {
        #expect(try HostPattern(parsing: "Tiles.Example.COM.") == .name("tiles.example.com"))
        #expect(try HostPattern(parsing: "*.example.com") == .subdomains(of: "example.com"))
        let loopback = try HostPattern(parsing: "127.0.0.1")
        #expect(loopback == .network(try #require(IPAddress("127.0.0.1")), prefixLength: 32))
        #expect(loopback.description == "127.0.0.1")
        #expect(try HostPattern(parsing: "10.0.0.0/8").description == "10.0.0.0/8")
        #expect(try HostPattern(parsing: "fd00::/8").description == "fd00::/8")
        for bad in [
            "", "*", "*.", "a b", "10.0.0.0/33", "::/129", "10.0.0.0/x", "host/8", "a..b", "tiles.example.com:80",
        ] {
            #expect(throws: HostPattern.ParseError.self, "\(bad)") { try HostPattern(parsing: bad) }
        }
    }

    @Test("matching by name and by address")
    func matching() throws {
        let wildcard = try HostPattern(parsing: "*.example.com")
        #expect(wildcard.matches(host: "a.example.com") && wildcard.matches(host: "A.B.Example.com."))
        #expect(!wildcard.matches(host: "example.com") && !wildcard.matches(host: "badexample.com"))
        let exact = try HostPattern(parsing: "example.com")
        #expect(exact.matches(host: "EXAMPLE.com") && !exact.matches(host: "a.example.com"))
        let block = try HostPattern(parsing: "10.0.0.0/8")
        #expect(block.matches(address: try #require(IPAddress("10.200.1.1"))))
        #expect(block.matches(address: try #require(IPAddress("::ffff:10.200.1.1"))))
        #expect(!block.matches(address: try #require(IPAddress("11.0.0.1"))))
        #expect(!block.matches(address: try #require(IPAddress("fd00::1"))))
        #expect(!block.matches(host: "10.0.0.1"))
        let odd = try HostPattern(parsing: "172.16.0.0/12")
        #expect(odd.matches(address: try #require(IPAddress("172.31.0.1"))))
        #expect(!odd.matches(address: try #require(IPAddress("172.32.0.1"))))
        let v6 = try HostPattern(parsing: "fd00::/8")
        #expect(v6.matches(address: try #require(IPAddress("fd12::1"))))
        #expect(!v6.matches(address: try #require(IPAddress("fc00::1"))))
        let everything = try HostPattern(parsing: "0.0.0.0/0")
        #expect(everything.matches(address: try #require(IPAddress("127.0.0.1"))))
    }

    @Test("without a list: public addresses pass, the machine and its networks are refused")
    func denyPrivate() throws {
        let policy = HostPolicy()
        #expect(policy.admission(ofHost: "example.com") == .byAddress)
        #expect(policy.admission(ofHost: "8.8.8.8") == .listed)
        #expect(
            policy.admission(ofHost: "127.0.0.1") == .refused("host 127.0.0.1 is a loopback address; refused"))
        #expect(policy.admission(ofHost: "[::ffff:169.254.169.254]") != .listed)
        let loopback = try #require(IPAddress("127.0.0.1"))
        #expect(
            policy.refusal(of: loopback, host: "localhost")
                == "host localhost (127.0.0.1) is a loopback address; refused")
        #expect(policy.refusal(of: try #require(IPAddress("fd00::5")), host: "x")?.contains("unique-local") == true)
        #expect(policy.refusal(of: try #require(IPAddress("93.184.215.14")), host: "example.com") == nil)
    }

    @Test("with a list: only what it names, whatever the address; names listed are not resolved")
    func allowList() throws {
        let policy = HostPolicy(allowing: [
            try HostPattern(parsing: "tiles.internal"), try HostPattern(parsing: "127.0.0.1"),
        ])
        #expect(policy.admission(ofHost: "tiles.internal") == .listed)
        #expect(policy.admission(ofHost: "127.0.0.1") == .listed)
        #expect(policy.admission(ofHost: "localhost") == .byAddress)  // may resolve to 127.0.0.1
        #expect(policy.refusal(of: try #require(IPAddress("127.0.0.1")), host: "localhost") == nil)
        #expect(policy.refusal(of: try #require(IPAddress("::1")), host: "localhost") != nil)
        #expect(
            policy.refusal(of: try #require(IPAddress("8.8.8.8")), host: "dns.google")?.contains("not an allowed host")
                == true)
        let byName = HostPolicy(allowing: [try HostPattern(parsing: "*.example.com")])
        // No address blocks: a name not on the list is refused before any look-up.
        #expect(byName.admission(ofHost: "example.org") == .refused("host example.org is not an allowed host; refused"))
        #expect(byName.admission(ofHost: "127.0.0.1") != .listed)
    }

    @Test("URLs are refused before any request: by name, by literal, and after resolving the name")
    func requirePermitted() throws {
        let policy = HostPolicy()
        #expect(throws: MapError.self) { try policy.requirePermitted("http://127.0.0.1:8080/{z}/{x}/{y}.png") }
        #expect(throws: MapError.self) { try policy.requirePermitted("http://user@[::1]:8080/a.pmtiles") }
        // localhost resolves to loopback addresses only (RFC 6761 §6.3).
        let refusal = try #require(throws: MapError.self) { try policy.requirePermitted("http://localhost:1/x.json") }
        #expect(refusal.kind == .invalidData)
        #expect(refusal.message.contains("host localhost (") && refusal.message.hasSuffix("; refused"))
        // A placeholder in the host is left to the checks made when connecting.
        try policy.requirePermitted("http://{s}.tile.example/{z}/{x}/{y}.png")
        try HostPolicy(allowing: [try HostPattern(parsing: "localhost")]).requirePermitted("http://localhost:1/x")
    }
}
