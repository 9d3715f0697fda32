import Foundation
public import MapErrors

/// Which hosts a render may fetch from when the sources it names are not the user's own
/// (a batch manifest written by someone else).
///
/// Without an allow list, any public host may be reached, and no loopback, link-local,
/// private, unique-local or reserved address (`IPAddressScope`). With one, only the hosts it
/// lists, whatever their addresses. Addresses are checked as connections are opened, after
/// name resolution (a name that resolves to 127.0.0.1 is refused like 127.0.0.1 itself, and a
/// name that changes its answer between look-ups gains nothing), and at every redirect.
public struct HostPolicy: Hashable, Sendable {
    /// What jobs may reach; empty: every public address.
    public var allowedHosts: [HostPattern]

    /// A policy allowing `allowedHosts` (empty: every public address and nothing else).
    public init(allowing allowedHosts: [HostPattern] = []) {
        self.allowedHosts = allowedHosts
    }

    /// How every refusal ends, so the reason of an error that went through another error
    /// type is known for one.
    public static let refusalSuffix = "; refused"

    /// What to tell the user whose source was refused.
    public static let remedy =
        "if the host may be reached, list it with --allow-host (a name, *.domain, address or block); in a batch,"
        + " on its command line or in the configuration, as a job cannot allow hosts itself"

    /// Throws the refusal when `url`'s host is refused: not listed, or an address literal or
    /// a name whose every address is outside the policy. Sources call it when they are
    /// made, so a refused one fails before any request; connections are checked again as
    /// they open (a name may resolve differently by then) and at every redirect. A template
    /// whose host has a placeholder (`{s}.tile.example.com`) is left to those checks; a name
    /// that does not resolve passes (the request will fail and say so).
    ///
    /// - Throws: `MapError` `.invalidData` naming the host.
    public func requirePermitted(_ url: String) throws(MapError) {
        guard let start = url.range(of: "://") else { return }
        var authority = url[start.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var host = String(authority)
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
            host = String(host[...close])
        } else if let colon = host.lastIndex(of: ":") {
            host = String(host[..<colon])
        }
        guard !host.isEmpty, !host.contains("{") else { return }
        let reason: String?
        switch admission(ofHost: host) {
        case .listed: reason = nil
        case .refused(let refusal): reason = refusal
        case .byAddress:
            // Refused when every address is: a connection goes to one that is not otherwise.
            let addresses = HostPolicy.addresses(of: host)
            let refusals = addresses.compactMap { refusal(of: $0, host: host) }
            reason = !addresses.isEmpty && refusals.count == addresses.count ? refusals.first : nil
        }
        if let reason { throw MapError(.invalidData, reason, at: InputLocation(file: url), remedy: HostPolicy.remedy) }
    }

    /// Every address `host` resolves to (getaddrinfo), or none when it does not resolve.
    static func addresses(of host: String) -> [IPAddress] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0 else { return [] }
        defer { freeaddrinfo(list) }
        var found: [IPAddress] = []
        var entry = list
        while let info = entry?.pointee {
            entry = info.ai_next
            guard let raw = info.ai_addr else { continue }
            if info.ai_family == AF_INET {
                var v4 = raw.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                if let address = IPAddress(bytes: withUnsafeBytes(of: &v4) { Array($0) }) { found.append(address) }
            } else if info.ai_family == AF_INET6 {
                var v6 = raw.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
                if let address = IPAddress(bytes: withUnsafeBytes(of: &v6) { Array($0) }) { found.append(address) }
            }
        }
        return found
    }

    /// What the policy says of a URL's host before any look-up.
    enum Admission: Equatable {
        /// Listed by name: reached whatever it resolves to.
        case listed
        /// To be decided address by address, as connections open.
        case byAddress
        /// Refused; the reason ends in "; refused".
        case refused(String)
    }

    /// What the policy says of `host`, a URL's host (a name or an address literal).
    func admission(ofHost host: String) -> Admission {
        if let address = IPAddress(host) {
            return refusal(of: address, host: host).map(Admission.refused) ?? .listed
        }
        if allowedHosts.contains(where: { $0.matches(host: host) }) { return .listed }
        // A list without address blocks can only be met by name.
        let hasBlocks = allowedHosts.contains { if case .network = $0 { true } else { false } }
        if !allowedHosts.isEmpty && !hasBlocks { return .refused("host \(host) is not an allowed host; refused") }
        return .byAddress
    }

    /// Why a connection to `address` (which `host` named or resolved to) is refused, or
    /// `nil` when it is allowed.
    public func refusal(of address: IPAddress, host: String) -> String? {
        if allowedHosts.contains(where: { $0.matches(address: address) }) { return nil }
        let named = IPAddress(host) == address ? "host \(host)" : "host \(host) (\(address))"
        if !allowedHosts.isEmpty { return "\(named) is not an allowed host; refused" }
        let scope = IPAddressScope(address)
        return scope.isGlobal ? nil : "\(named) is \(scope.phrase); refused"
    }
}
