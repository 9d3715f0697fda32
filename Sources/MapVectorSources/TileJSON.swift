import Foundation
public import MapErrors
import MapFormats
public import MapTiles

/// A TileJSON document (https://github.com/mapbox/tilejson-spec): where a vector source's
/// tiles are, their zooms and credits. Fetched once through the tile cache.
public struct TileJSON: Hashable, Sendable {
    /// The tile URL templates, made absolute against the document's URL.
    public var tiles: [String]
    /// The zooms with tiles (defaults 0 and 22).
    public var zoomRange: ClosedRange<Int>
    /// Credits and layers.
    public var facts: VectorArchiveFacts

    /// Parses a document fetched from `url`.
    ///
    /// - Throws: `MapError` `.invalidData` for bad JSON or a document without `tiles`.
    public init(parsing bytes: [UInt8], url: String) throws(MapError) {
        let document = try JSONDocument(parsing: bytes, fileName: url)
        let base = URL(string: url)
        tiles = (document.root["tiles"]?.elements ?? []).compactMap(\.string).map { template in
            // Relative templates are resolved; braces are kept as they are.
            guard !template.contains("://"), let base,
                let absolute = URL(
                    string: template.replacingOccurrences(of: "{", with: "%7B").replacingOccurrences(
                        of: "}", with: "%7D"), relativeTo: base)?.absoluteString
            else { return template }
            return absolute.replacingOccurrences(of: "%7B", with: "{").replacingOccurrences(of: "%7D", with: "}")
        }
        guard !tiles.isEmpty else {
            throw MapError(
                .invalidData, "a TileJSON document without \"tiles\"", at: InputLocation(file: url),
                remedy: "give a TileJSON URL whose document lists tile URL templates")
        }
        let low = Int(document.root["minzoom"]?.number ?? 0)
        let high = Int(document.root["maxzoom"]?.number ?? 22)
        zoomRange = max(0, min(low, high))...min(30, max(low, high))
        facts = VectorArchiveFacts(json: bytes)
    }

    /// Fetches and parses the document at `url`, from the cache while it is fresh (offline:
    /// whenever it is there).
    ///
    /// - Throws: `MapError` `.unavailable` when it cannot be fetched; `.invalidData` as
    ///   `init(parsing:url:)`, or for a host the options' host policy refuses.
    public static func fetch(_ url: String, options: HTTPTileOptions) throws(MapError) -> TileJSON {
        // Before the cache: a document cached for another run is no way around the policy.
        try options.hostPolicy?.requirePermitted(url)
        let cache =
            options.usesCache
            ? TileCache(path: options.cachePath ?? TileCache.defaultPath(), sizeLimit: options.cacheSizeLimit) : nil
        let key = "tilejson:" + url
        if let entry = cache?.entries(for: [key])[key], options.offline || entry.expires > (cache?.now() ?? 0) {
            return try TileJSON(parsing: entry.data, url: url)
        }
        guard !options.offline else {
            throw MapError(
                .unavailable, "offline, and the TileJSON document is not in the tile cache",
                at: InputLocation(file: url))
        }
        let result = HTTPConnection().get(
            url, headers: [("User-Agent", options.userAgent), ("Accept", "application/json")],
            timeout: options.timeout, maxBodyBytes: 8 << 20, policy: options.hostPolicy)
        let response: HTTPResponse
        switch result {
        case .success(let answer) where answer.status == 200: response = answer
        case .success(let answer):
            throw MapError(.unavailable, "the server answered HTTP \(answer.status)", at: InputLocation(file: url))
        case .failure(.refused(let reason)):
            throw MapError(.invalidData, reason, at: InputLocation(file: url), remedy: HostPolicy.remedy)
        case .failure(let failure): throw MapError(.unavailable, failure.reason, at: InputLocation(file: url))
        }
        let document = try TileJSON(parsing: response.body, url: url)
        if let cache, let freshness = Freshness.of(headers: response.headers, now: cache.now()) {
            let entry = TileCache.Entry(
                data: response.body, expires: freshness.expires, mustRevalidate: freshness.mustRevalidate,
                etag: freshness.etag, lastModified: freshness.lastModified)
            cache.record(stored: [key: entry], revalidated: [:], used: [])
        }
        return document
    }

    /// The provider of the document's first template.
    public func provider(options: HTTPTileOptions) throws(MapError) -> TemplateVectorTileProvider {
        try TemplateVectorTileProvider(
            template: tiles[0], zoomRange: zoomRange, attribution: facts.credits(layers: facts.layerNames),
            options: options)
    }
}
