/// The special-purpose address blocks a renderer fetching for others must not reach on their
/// behalf: the machine itself, its link, and networks behind it (IANA's IPv4 and IPv6
/// Special-Purpose Address Registries, RFC 6890).
public enum IPAddressScope: Hashable, Sendable {
    /// `0.0.0.0/8`, `::` — "this host", which connects to the machine itself on Linux.
    case unspecified
    /// `127.0.0.0/8`, `::1`.
    case loopback
    /// `169.254.0.0/16` (where cloud metadata services answer), `fe80::/10`.
    case linkLocal
    /// `10.0.0.0/8`, `172.16.0.0/12`, `192.168.0.0/16` (RFC 1918), `100.64.0.0/10` (shared
    /// address space, RFC 6598), `198.18.0.0/15` (benchmarking, RFC 2544, used inside
    /// networks), `fec0::/10` (deprecated site-local), `64:ff9b:1::/48` (local-use NAT64,
    /// RFC 8215: it reaches whatever the network's translator maps it to).
    case privateNetwork
    /// `fc00::/7` (RFC 4193).
    case uniqueLocal
    /// `224.0.0.0/4`, `ff00::/8`, `255.255.255.255`, `240.0.0.0/4` and `192.0.0.0/24`: no
    /// server of anyone's lives there.
    case reserved
    /// Everything else: the Internet.
    case global

    /// The scope of `address`; an IPv6 address carrying an IPv4 one (mapped, compatible,
    /// NAT64, 6to4) has the scope of the IPv4 address it reaches.
    public init(_ address: IPAddress) {
        if let inner = address.embeddedIPv4 {
            self = IPAddressScope(inner)
            return
        }
        let b = address.bytes
        if address.isIPv4 {
            switch (b[0], b[1]) {
            case (0, _): self = .unspecified
            case (127, _): self = .loopback
            case (169, 254): self = .linkLocal
            case (10, _), (172, 16...31), (192, 168), (100, 64...127), (198, 18...19): self = .privateNetwork
            case (192, 0) where b[2] == 0: self = .reserved
            case (224...255, _): self = .reserved
            default: self = .global
            }
            return
        }
        if b.allSatisfy({ $0 == 0 }) {
            self = .unspecified
        } else if b[0..<15].allSatisfy({ $0 == 0 }) && b[15] == 1 {
            self = .loopback
        } else if b[0] == 0xfe && b[1] & 0xc0 == 0x80 {
            self = .linkLocal
        } else if b[0] == 0xfe && b[1] & 0xc0 == 0xc0 {
            self = .privateNetwork
        } else if Array(b[0..<6]) == [0x00, 0x64, 0xff, 0x9b, 0x00, 0x01] {
            self = .privateNetwork
        } else if b[0] & 0xfe == 0xfc {
            self = .uniqueLocal
        } else if b[0] == 0xff {
            self = .reserved
        } else {
            self = .global
        }
    }

    /// Whether jobs may reach it without naming it in an allow list.
    public var isGlobal: Bool { self == .global }

    /// "a loopback address", for messages.
    public var phrase: String {
        switch self {
        case .unspecified: "the unspecified address (this machine)"
        case .loopback: "a loopback address"
        case .linkLocal: "a link-local address"
        case .privateNetwork: "a private address"
        case .uniqueLocal: "a unique-local address"
        case .reserved: "a reserved or multicast address"
        case .global: "a public address"
        }
    }
}
