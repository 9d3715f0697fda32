internal import CCurl
import Foundation

/// An HTTP answer of any status.
package struct HTTPResponse: Sendable {
    /// The status code of the final response (after redirects).
    package var status: Int
    /// The response's headers, names lowercased; repeated fields joined with ", "
    /// (RFC 9110 §5.3).
    package var headers: [String: String]
    package var body: [UInt8]
}

/// Why a request got no HTTP answer.
package enum HTTPFailure: Error, Equatable, Sendable {
    case timedOut
    case cannotResolveHost
    case cannotConnect
    /// The connection broke before a whole answer came.
    case connectionLost
    case tls(String)
    /// The body was larger than the request's limit, in bytes.
    case bodyTooLarge(limit: Int)
    /// More than 5 redirects, or a redirect to a scheme other than http and https.
    case badRedirect(String)
    /// The host policy refused the host (or every address it resolved to); the reason
    /// names the host and ends in "; refused".
    case refused(String)
    /// libcurl is missing, or failed to start.
    case unavailable(String)
    case other(String)

    /// A few words for messages.
    package var reason: String {
        switch self {
        case .timedOut: "timed out"
        case .cannotResolveHost: "unknown host"
        case .cannotConnect: "connection refused"
        case .connectionLost: "connection lost"
        case .tls(let detail): "TLS failed (\(detail))"
        case .bodyTooLarge(let limit): "answer larger than \(limit / 1_048_576) MiB"
        case .badRedirect(let detail): "bad redirect (\(detail))"
        case .unavailable(let detail): detail
        case .refused(let detail): detail
        case .other(let detail): detail
        }
    }
}

/// A client-side HTTP connection (libcurl's easy interface, loaded on first use): blocking
/// GETs that reuse the connection to a host between requests (keep-alive).
///
/// Not thread-safe: one request at a time; give each thread its own. Follows up to 5
/// redirects, over http and https only; proxies from the usual environment variables
/// (`http_proxy`, `https_proxy`, `no_proxy`); TLS certificates checked against the system's.
package final class HTTPConnection: @unchecked Sendable {
    private let handle: UnsafeMutableRawPointer?

    package init() { handle = ccurl_handle_create() }

    deinit { ccurl_handle_destroy(handle) }

    /// Whether HTTP is available at all, or why not ("libcurl is not installed (…)").
    static func availability() -> Result<Void, HTTPFailure> {
        var reason = [CChar](repeating: 0, count: 256)
        guard ccurl_load(&reason, reason.count) == 0 else {
            return .failure(
                .unavailable(String(decoding: reason.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)))
        }
        return .success(())
    }

    /// GETs `url`.
    ///
    /// - Parameters:
    ///   - headers: request header fields, in order (e.g. `("User-Agent", "…")`).
    ///   - timeout: for the whole exchange, connecting included, in seconds (millisecond
    ///     precision).
    ///   - maxBodyBytes: the largest body accepted.
    ///   - policy: the hosts that may be reached, checked for the URL and every redirect
    ///     (then followed here, up to 5, rather than by libcurl); `nil`: any.
    package func get(
        _ url: String, headers: [(name: String, value: String)], timeout: Double, maxBodyBytes: Int,
        policy: HostPolicy? = nil
    ) -> Result<HTTPResponse, HTTPFailure> {
        guard let policy else {
            return perform(url, headers: headers, timeout: timeout, maxBodyBytes: maxBodyBytes, guard: nil)
        }
        var target = url
        var base: String?
        for _ in 0...HTTPConnection.maxRedirects {
            guard let (resolved, scheme, host) = HTTPConnection.parts(of: target, base: base), !host.isEmpty,
                scheme == "http" || scheme == "https"
            else {
                return .failure(base == nil ? .other("bad URL \(target)") : .badRedirect("to \(target)"))
            }
            let check: AddressCheck?
            switch policy.admission(ofHost: host) {
            case .refused(let reason): return .failure(.refused(reason))
            case .listed: check = nil
            case .byAddress: check = AddressCheck(policy: policy, host: host)
            }
            let answer = perform(
                resolved, headers: headers, timeout: timeout, maxBodyBytes: maxBodyBytes, guard: .some(check))
            guard case .success(let response) = answer, [301, 302, 303, 307, 308].contains(response.status),
                let location = response.headers["location"]
            else { return answer }
            (base, target) = (resolved, location)
        }
        return .failure(.badRedirect("more than \(HTTPConnection.maxRedirects) redirects"))
    }

    /// The URL, lowercased scheme and host of `reference` (resolved against `base`) as
    /// libcurl reads them, or `nil` when it cannot.
    static func parts(of reference: String, base: String?) -> (url: String, scheme: String, host: String)? {
        var url = [CChar](repeating: 0, count: 8192)
        var scheme = [CChar](repeating: 0, count: 64)
        var host = [CChar](repeating: 0, count: 1024)
        guard ccurl_url_parts(base, reference, &url, url.count, &scheme, scheme.count, &host, host.count) == 0 else {
            return nil
        }
        func text(_ chars: [CChar]) -> String {
            String(decoding: chars.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)
        }
        return (text(url), text(scheme).lowercased(), text(host))
    }

    /// The most redirects followed for one request.
    static let maxRedirects = 5

    /// One exchange; `guard`: `nil` lets libcurl follow redirects through any proxy,
    /// `.some` follows none, uses no proxy and asks the check (if any) about every address.
    private func perform(
        _ url: String, headers: [(name: String, value: String)], timeout: Double, maxBodyBytes: Int,
        guard addressGuard: AddressCheck??
    ) -> Result<HTTPResponse, HTTPFailure> {
        let lines = headers.map { "\($0.name): \($0.value)" }
        var response = ccurl_response()
        defer { ccurl_response_release(&response) }
        let milliseconds = Int(min(max(1, (timeout * 1000).rounded(.up)), Double(Int32.max)))
        let check = addressGuard ?? nil
        let context = check.map { Unmanaged.passUnretained($0).toOpaque() }
        let failure = withCStrings(lines) { pointers in
            withExtendedLifetime(check) {
                ccurl_get(
                    handle, url, pointers, lines.count, milliseconds, max(0, maxBodyBytes), addressGuard == nil ? 0 : 1,
                    check == nil ? nil : AddressCheck.callback, context, &response)
            }
        }
        let detail = withUnsafeBytes(of: response.error) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        switch failure {
        case CCURL_OK:
            let body = response.body.map { [UInt8](UnsafeBufferPointer(start: $0, count: response.body_length)) } ?? []
            let head =
                response.headers.map {
                    String(decoding: UnsafeRawBufferPointer(start: $0, count: response.headers_length), as: UTF8.self)
                } ?? ""
            return .success(HTTPResponse(status: response.status, headers: HTTPConnection.fields(of: head), body: body))
        case CCURL_TIMED_OUT: return .failure(.timedOut)
        case CCURL_CANNOT_RESOLVE: return .failure(.cannotResolveHost)
        case CCURL_CANNOT_CONNECT: return .failure(.cannotConnect)
        case CCURL_CONNECTION_LOST: return .failure(.connectionLost)
        case CCURL_TLS: return .failure(.tls(detail))
        case CCURL_BODY_TOO_LARGE: return .failure(.bodyTooLarge(limit: maxBodyBytes))
        case CCURL_REFUSED: return .failure(.refused(check?.refusals.first ?? "host refused"))
        case CCURL_TOO_MANY_REDIRECTS, CCURL_UNSUPPORTED_PROTOCOL: return .failure(.badRedirect(detail))
        default: return .failure(response.code < 0 ? .unavailable(detail) : .other(detail))
        }
    }

    /// The header fields of a response head ("HTTP/1.1 200 OK\r\nName: value\r\n…"):
    /// names lowercased, repeats joined with ", ", obsolete line folding unfolded.
    static func fields(of head: String) -> [String: String] {
        var fields: [String: String] = [:]
        var last: String?
        for line in head.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) {
            if line.hasPrefix("HTTP/") { continue }
            if line.first == " " || line.first == "\t", let name = last {  // RFC 9112 §5.2
                fields[name, default: ""] += " " + line.trimmingWhitespace()
                continue
            }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingWhitespace()
            fields[name] = fields[name].map { "\($0), \(value)" } ?? value
            last = name
        }
        return fields
    }
}

/// The policy's verdict on each address libcurl is about to connect to, with the refusals
/// kept for the message.
private final class AddressCheck {
    let policy: HostPolicy
    let host: String
    var refusals: [String] = []

    init(policy: HostPolicy, host: String) {
        self.policy = policy
        self.host = host
    }

    /// The C callback: `context` is an unretained `AddressCheck`.
    static let callback: ccurl_address_check = { context, bytes, length in
        guard let context, let bytes else { return 1 }
        let check = Unmanaged<AddressCheck>.fromOpaque(context).takeUnretainedValue()
        guard let address = IPAddress(bytes: Array(UnsafeBufferPointer(start: bytes, count: length))) else { return 1 }
        guard let refusal = check.policy.refusal(of: address, host: check.host) else { return 0 }
        check.refusals.append(refusal)
        return 1
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

/// Calls `body` with C strings for `strings`, valid for the call only.
private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
    let copies = strings.map { strdup($0) }
    defer { for copy in copies { free(copy) } }
    let pointers = copies.map { UnsafePointer($0) }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
}
