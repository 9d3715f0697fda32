import Foundation

/// One entry of an allow list of hosts (`--allow-host`): a host name, every name under a
/// domain, or a block of addresses.
public enum HostPattern: Hashable, Sendable, CustomStringConvertible {
    /// Exactly this host name (lowercased, without a trailing dot).
    case name(String)
    /// Every name under this domain (`*.example.com` keeps `example.com`), not the domain
    /// itself.
    case subdomains(of: String)
    /// The addresses whose first `prefixLength` bits are those of `address` (a CIDR block;
    /// a single address is a block of 32 or 128 bits).
    case network(IPAddress, prefixLength: Int)

    /// Why a pattern cannot be read, in a few words.
    public struct ParseError: Error, Hashable, Sendable {
        /// The reason, e.g. "the prefix length of an IPv4 block is 0 to 32".
        public var reason: String
    }

    /// Parses `tiles.example.com`, `*.example.com`, `127.0.0.1`, `::1`, `10.0.0.0/8` or
    /// `fd00::/8`.
    public init(parsing text: String) throws(ParseError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let slash = trimmed.firstIndex(of: "/") {
            guard let address = IPAddress(String(trimmed[..<slash])) else {
                throw ParseError(reason: "'\(trimmed)' is not an address block like 10.0.0.0/8 or fd00::/8")
            }
            let bits = address.isIPv4 ? 32 : 128
            guard let length = Int(trimmed[trimmed.index(after: slash)...]), (0...bits).contains(length) else {
                throw ParseError(reason: "the prefix length of an IPv\(address.isIPv4 ? 4 : 6) block is 0 to \(bits)")
            }
            self = HostPattern.block(address, length)
        } else if let address = IPAddress(trimmed) {
            self = HostPattern.block(address, address.isIPv4 ? 32 : 128)
        } else {
            var name = trimmed.lowercased()
            if name.hasSuffix(".") { name.removeLast() }
            let wildcard = name.hasPrefix("*.")
            if wildcard { name.removeFirst(2) }
            let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-._")
            guard !name.isEmpty, name.allSatisfy(allowed.contains),
                !name.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty)
            else {
                throw ParseError(
                    reason: "'\(trimmed)' is not a host name, *.domain, address or address block")
            }
            self = wildcard ? .subdomains(of: name) : .name(name)
        }
    }

    /// The block, an IPv4-mapped IPv6 one (`::ffff:127.0.0.1`) as the IPv4 block it is, since
    /// connections are made to the IPv4 address.
    private static func block(_ address: IPAddress, _ length: Int) -> HostPattern {
        let mapped =
            address.bytes.count == 16
            && address.bytes[0..<12].elementsEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff])
        guard mapped, length >= 96 else { return .network(address, prefixLength: length) }
        return .network(IPAddress(bytes: Array(address.bytes[12...]))!, prefixLength: length - 96)
    }

    /// Whether the host name `host` (as a URL gives it) is this pattern's.
    public func matches(host: String) -> Bool {
        var name = host.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        switch self {
        case .name(let wanted): return name == wanted
        case .subdomains(let domain): return name.hasSuffix("." + domain)
        case .network: return false
        }
    }

    /// Whether `address` lies in this block; an IPv4-mapped IPv6 address counts as the IPv4
    /// address it carries.
    public func matches(address: IPAddress) -> Bool {
        guard case .network(let block, let length) = self else { return false }
        let candidate =
            address.isIPv4 == block.isIPv4 ? address : (block.isIPv4 ? address.embeddedIPv4 : nil) ?? address
        guard candidate.isIPv4 == block.isIPv4 else { return false }
        return candidate.masked(to: length) == block.masked(to: length)
    }

    /// The pattern as the user would write it.
    public var description: String {
        switch self {
        case .name(let name): name
        case .subdomains(let domain): "*." + domain
        case .network(let address, let length):
            length == (address.isIPv4 ? 32 : 128) ? "\(address)" : "\(address)/\(length)"
        }
    }
}
