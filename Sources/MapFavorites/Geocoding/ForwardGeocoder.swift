import Foundation
public import MapErrors
import MapFormats
public import MapGeometry
import MapRenderCore
import MapTiles

/// The best match a geocoder found for an address.
public struct ForwardGeocodeResult: Hashable, Sendable {
    /// Where the match is.
    public var coordinate: Coordinate
    /// The geocoder's full name of the match (Nominatim's `display_name`).
    public var displayName: String
    /// House number and road, e.g. "2001 Colorado Boulevard", when the geocoder gave them.
    public var street: String?
    /// The city, town, village or hamlet.
    public var city: String?
    /// The state or other first-level region.
    public var state: String?
    /// The postal code.
    public var postal: String?
    /// The country.
    public var country: String?

    /// Creates a result.
    public init(
        coordinate: Coordinate, displayName: String, street: String? = nil, city: String? = nil,
        state: String? = nil, postal: String? = nil, country: String? = nil
    ) {
        self.coordinate = coordinate
        self.displayName = displayName
        self.street = street
        self.city = city
        self.state = state
        self.postal = postal
        self.country = country
    }
}

/// Finds the coordinate of an address through a Nominatim-compatible HTTP search endpoint,
/// only ever one the user named (`--geocoder URL`): maprender makes no network request of
/// its own accord.
///
/// One request per address: `GET {endpoint}/search?q=…&format=jsonv2&limit=1&addressdetails=1`
/// (Nominatim Search API, https://nominatim.org/release-docs/latest/api/Search/), with a
/// `User-Agent` naming maprender, as the OSM Foundation's usage policy requires
/// (https://operations.osmfoundation.org/policies/nominatim/; it also asks for at most one
/// request per second, which one address per run keeps). The answer is a JSON array of
/// matches whose `lat` and `lon` are decimal strings; `display_name` names the match and
/// `address` holds its parts (`house_number`, `road`, `city`/`town`/`village`/`hamlet`,
/// `state`, `postcode`, `country`).
///
/// Errors are `MapError`s: `.unavailable` (exit 69) when the service cannot be reached, does
/// not answer within `timeout`, answers with an HTTP error or with something that is not
/// Nominatim JSON; `.invalidData` when it finds no match for the address.
public struct ForwardGeocoder: Sendable {
    /// The endpoint's base URL, e.g. `https://nominatim.openstreetmap.org`.
    public let endpoint: URL
    /// How long to wait for the answer, in seconds.
    public var timeout: Double = 10
    /// The `User-Agent` header: who is asking.
    public var userAgent: String = "maprender (headless static map renderer)"

    /// Checks and keeps the endpoint.
    ///
    /// - Throws: `MapError` `.invalidRequest` unless `endpoint` is an http or https URL with a host.
    public init(endpoint: String) throws(MapError) {
        guard let url = URL(string: endpoint), let scheme = url.scheme?.lowercased(),
            ["http", "https"].contains(scheme),
            url.host?.isEmpty == false
        else {
            throw MapError(
                .invalidRequest, "--geocoder: '\(endpoint)' is not an http or https URL",
                remedy: "give the base URL of a Nominatim-compatible service, e.g. http://localhost:8080")
        }
        self.endpoint = url
    }

    /// The search URL for an address; an endpoint already ending in `/search` is used as is.
    public func searchURL(for address: String) -> URL {
        var base = endpoint.absoluteString
        if let query = base.firstIndex(of: "?") { base = String(base[..<query]) }
        while base.hasSuffix("/") { base.removeLast() }
        if !base.hasSuffix("/search") { base += "/search" }
        let query = [("q", address), ("format", "jsonv2"), ("limit", "1"), ("addressdetails", "1")]
            .map { "\($0.0)=\(ForwardGeocoder.percentEncoded($0.1))" }.joined(separator: "&")
        return URL(string: base + "?" + query)!
    }

    /// The best match for `address`.
    ///
    /// - Throws: `MapError` as the type's documentation lists.
    public func geocode(_ address: String) throws(MapError) -> ForwardGeocodeResult {
        let url = searchURL(for: address)
        let (bytes, status) = try fetch(url)
        guard (200..<300).contains(status) else {
            throw MapError(
                .unavailable, "the geocoder answered HTTP \(status) for '\(address)'",
                at: InputLocation(file: endpoint.absoluteString),
                remedy: status == 403 || status == 429
                    ? "the service refuses or limits requests; wait, or run your own Nominatim"
                    : "check the --geocoder URL and try again later")
        }
        return try ForwardGeocoder.parse(bytes, address: address, source: endpoint.absoluteString)
    }

    // MARK: - HTTP

    /// The largest answer accepted, in bytes (a search answer is a few KiB).
    static let maxAnswerBytes = 4 << 20

    /// GETs `url`, returning the body and the HTTP status.
    private func fetch(_ url: URL) throws(MapError) -> ([UInt8], Int) {
        let headers = [(name: "User-Agent", value: userAgent), (name: "Accept", value: "application/json")]
        let answer = HTTPConnection().get(
            url.absoluteString, headers: headers, timeout: timeout, maxBodyBytes: ForwardGeocoder.maxAnswerBytes)
        switch answer {
        case .success(let response):
            return (response.body, response.status)
        case .failure(.timedOut):
            throw MapError(
                .unavailable, "the geocoder did not answer within \(timeout.decimalString(places: 0)) s",
                at: InputLocation(file: endpoint.absoluteString),
                remedy: "check the geocoder's URL and the network, and try again")
        case .failure(let failure):
            throw MapError(
                .unavailable, "cannot reach the geocoder (\(failure.reason))",
                at: InputLocation(file: endpoint.absoluteString),
                remedy: "check the geocoder's URL and the network, or give the coordinates instead")
        }
    }

    /// Escapes everything but RFC 3986's unreserved characters, so `&`, `+`, `#` and `=`
    /// in an address stay part of the `q` value.
    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += hex.count == 1 ? "%0\(hex)" : "%\(hex)"
            }
        }
        return out
    }

    // MARK: - The answer

    /// Reads a Nominatim `jsonv2` search answer; its first match wins.
    static func parse(_ bytes: [UInt8], address: String, source: String) throws(MapError) -> ForwardGeocodeResult {
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: bytes, fileName: "the geocoder's answer")
        } catch {
            throw MapError(
                .unavailable, "the geocoder's answer is not JSON (\(error.locatedMessage))",
                at: InputLocation(file: source),
                remedy: "check that the geocoder is a Nominatim-compatible service")
        }
        guard let matches = document.root.elements else {
            throw MapError(
                .unavailable, "the geocoder's answer is \(document.root.kindDescription), not an array of matches",
                at: InputLocation(file: source),
                remedy: "check that the geocoder is a Nominatim-compatible service")
        }
        guard let match = matches.first else {
            throw MapError(
                .invalidData, "no match for '\(address)' at \(source)",
                remedy: "check the address, add the city or country, or give the coordinates")
        }
        // Nominatim writes the numbers as strings; accept plain numbers too.
        func degrees(_ key: String, limit: Double) throws(MapError) -> Double {
            let node = match[key]
            guard let value = node?.number ?? node?.string.flatMap(Double.init), value.isFinite, abs(value) <= limit
            else {
                throw MapError(
                    .unavailable, "the geocoder's match has no valid \"\(key)\"", at: InputLocation(file: source),
                    remedy: "check that the geocoder is a Nominatim-compatible service")
            }
            return value
        }
        let coordinate = Coordinate(latitude: try degrees("lat", limit: 90), longitude: try degrees("lon", limit: 180))
        let parts = match["address"]
        func part(_ keys: String...) -> String? {
            keys.lazy.compactMap { parts?[$0]?.string }.first { !$0.isEmpty }
        }
        // House number before the road, the US and UK order of the addresses the app stores.
        let street = [part("house_number"), part("road", "pedestrian", "footway")].compactMap { $0 }.joined(
            separator: " ")
        return ForwardGeocodeResult(
            coordinate: coordinate, displayName: match["display_name"]?.string ?? address,
            street: street.isEmpty ? nil : street, city: part("city", "town", "village", "hamlet", "municipality"),
            state: part("state", "province", "region"), postal: part("postcode"), country: part("country"))
    }
}
