import Foundation

/// An IPv4 or IPv6 address, as the bytes of its network form.
public struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    /// 4 bytes for IPv4, 16 for IPv6, in network order.
    public let bytes: [UInt8]

    /// The address of `bytes` (4 or 16 of them); `nil` for any other count.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// Parses the textual forms of RFC 4291 §2.2 and dotted-quad IPv4, with or without the
    /// brackets of a URL's host (RFC 3986 §3.2.2); `nil` for anything else, host names
    /// included. A zone (`fe80::1%eth0`) is dropped: the address is classified the same.
    public init?(_ text: String) {
        var literal = Substring(text)
        if literal.hasPrefix("["), literal.hasSuffix("]") { literal = literal.dropFirst().dropLast() }
        if let zone = literal.firstIndex(of: "%") { literal = literal[..<zone] }
        var v4 = in_addr()
        if inet_pton(AF_INET, String(literal), &v4) == 1 {
            self.bytes = withUnsafeBytes(of: &v4) { Array($0) }
            return
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, String(literal), &v6) == 1 else { return nil }
        self.bytes = withUnsafeBytes(of: &v6) { Array($0) }
    }

    /// Whether this is an IPv4 address.
    public var isIPv4: Bool { bytes.count == 4 }

    /// The IPv4 address an IPv6 one carries in a form that reaches it (IPv4-mapped
    /// `::ffff:0:0/96`, RFC 4291 §2.5.5.2; the deprecated IPv4-compatible `::/96`; NAT64's
    /// `64:ff9b::/96`, RFC 6052; 6to4's `2002::/16`, RFC 3056), or `nil`.
    public var embeddedIPv4: IPAddress? {
        guard bytes.count == 16 else { return nil }
        let head = bytes[0..<12]
        if head.elementsEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff])
            || head.elementsEqual([0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0])
        {
            return IPAddress(bytes: Array(bytes[12..<16]))
        }
        // ::/96 minus :: and ::1, which are addresses of their own.
        if head.allSatisfy({ $0 == 0 }), bytes[12] != 0 || bytes[13] != 0 || bytes[14] != 0 || bytes[15] > 1 {
            return IPAddress(bytes: Array(bytes[12..<16]))
        }
        if bytes[0] == 0x20, bytes[1] == 0x02 { return IPAddress(bytes: Array(bytes[2..<6])) }
        return nil
    }

    /// The first `length` bits of the address, the rest zero.
    func masked(to length: Int) -> [UInt8] {
        bytes.enumerated().map { index, byte in
            let kept = min(8, max(0, length - index * 8))
            return kept == 8 ? byte : byte & ~(UInt8(0xff) >> kept)
        }
    }

    /// The usual text: `192.0.2.1`, `2001:db8::1`.
    public var description: String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = isIPv4 ? AF_INET : AF_INET6
        _ = bytes.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &text, socklen_t(text.count)) }
        return String(decoding: text.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)
    }
}
