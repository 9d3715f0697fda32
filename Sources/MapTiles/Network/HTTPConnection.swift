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
    package func get(
        _ url: String, headers: [(name: String, value: String)], timeout: Double, maxBodyBytes: Int
    ) -> Result<HTTPResponse, HTTPFailure> {
        let lines = headers.map { "\($0.name): \($0.value)" }
        var response = ccurl_response()
        defer { ccurl_response_release(&response) }
        let milliseconds = Int(min(max(1, (timeout * 1000).rounded(.up)), Double(Int32.max)))
        let failure = withCStrings(lines) { pointers in
            ccurl_get(handle, url, pointers, lines.count, milliseconds, max(0, maxBodyBytes), &response)
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
