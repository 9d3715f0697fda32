import Foundation
public import MapErrors
public import MapRenderCore

/// How an `HTTPTileSource` talks to tile servers and caches their tiles.
public struct HTTPTileOptions: Hashable, Sendable {
    /// The User-Agent without a version, for when the caller has none to give.
    public static let defaultUserAgent = "maprender (+https://example.invalid/maprender)"

    /// The User-Agent naming a maprender version: `maprender/0.1.0 (+https://example.invalid/maprender)`.
    /// Tile servers ask for an identifying one (OSM tile usage policy).
    public static func userAgent(version: String) -> String {
        "maprender/\(version) (+https://example.invalid/maprender)"
    }

    /// The User-Agent header sent with every request.
    public var userAgent: String
    /// How long one request may wait for an answer, in seconds.
    public var timeout: Double
    /// How many times a request is repeated after a 5xx answer or a timeout (never after 4xx).
    public var maxRetries: Int
    /// The wait before the first retry, in seconds; it doubles for each further one.
    public var retryBaseDelay: Double
    /// The longest one `tiles(_:highResolution:)` call may take, in seconds; tiles without an
    /// answer by then fail.
    public var deadline: Double
    /// Whether tiles are cached on disk.
    public var usesCache: Bool
    /// The cache file, or `nil` for `TileCache.defaultPath()` (in the XDG cache folder).
    public var cachePath: String?
    /// The most bytes of tiles the cache keeps.
    public var cacheSizeLimit: Int
    /// Whether to use the cache only and never the network: a tile not in the cache fails.
    public var offline: Bool
    /// The hosts requests may reach (checked after name resolution and at every redirect),
    /// or `nil` for any: set when the sources were named by someone other than the user.
    public var hostPolicy: HostPolicy?

    /// Creates options; the defaults suit public tile servers.
    public init(
        userAgent: String = HTTPTileOptions.defaultUserAgent, timeout: Double = 10, maxRetries: Int = 2,
        retryBaseDelay: Double = 0.5, deadline: Double = 60, usesCache: Bool = true, cachePath: String? = nil,
        cacheSizeLimit: Int = TileCache.defaultSizeLimit, offline: Bool = false
    ) {
        self.userAgent = userAgent
        self.timeout = timeout
        self.maxRetries = max(0, maxRetries)
        self.retryBaseDelay = max(0, retryBaseDelay)
        self.deadline = deadline
        self.usesCache = usesCache
        self.cachePath = cachePath
        self.cacheSizeLimit = cacheSizeLimit
        self.offline = offline
        self.hostPolicy = nil
    }
}

/// Turns a `--basemap` argument into a raster tile source. (`world` and `none` are the
/// command's to handle before asking.)
public enum TileSourceFactory {
    /// The forms `source(for:options:)` accepts, for help and error text.
    public static let acceptedForms =
        "a preset (\(TilePreset.all.map(\.name).joined(separator: ", "))), an http(s) URL template with"
        + " {z}/{x}/{y} or {quadkey}, an .mbtiles or .pmtiles file, or a folder of {z}/{x}/{y}.png tiles"

    /// The source an argument names, decided in this order: a preset name (case-insensitive);
    /// a URL (anything with `://`: only http and https templates are accepted); an existing
    /// folder; an existing file or a path ending in `.mbtiles` (an MBTiles file).
    ///
    /// - Throws: `MapError`: `.invalidRequest` for a bad template or an argument that is none of these;
    ///   `.missingInput` for a path that does not exist; `.invalidData` for a damaged or foreign
    ///   MBTiles file or a folder without tiles.
    public static func source(for argument: String, options: HTTPTileOptions) throws(MapError) -> any RasterTileSource {
        if let preset = TilePreset.preset(named: argument) {
            try options.hostPolicy?.requirePermitted(preset.template)
            return HTTPTileSource(preset: preset, options: options)
        }
        let isRemote = argument.lowercased().hasPrefix("http://") || argument.lowercased().hasPrefix("https://")
        if isRemote { try options.hostPolicy?.requirePermitted(argument) }
        if isRemote, argument.lowercased().hasSuffix(".pmtiles"), !argument.contains("{") {
            return try PMTilesSource(url: argument, options: options)
        }
        if argument.contains("://") || argument.contains("{z}") || argument.contains("{quadkey}") {
            let template = try TileTemplate(argument)
            return HTTPTileSource(template: template, options: options)
        }
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory)
        if exists, isDirectory.boolValue {
            return try DirectoryTileSource(path: argument)
        }
        if argument.lowercased().hasSuffix(".pmtiles") {
            return try PMTilesSource(path: argument)
        }
        if exists || argument.lowercased().hasSuffix(".mbtiles") {
            return try MBTilesSource(path: argument)
        }
        if argument.contains("/") {
            throw MapError(
                .missingInput, "no such file or folder", at: InputLocation(file: argument),
                remedy: "give \(acceptedForms)")
        }
        throw MapError(
            .invalidRequest, "--basemap \(argument): not a basemap", remedy: "give world, none, \(acceptedForms)")
    }
}

extension TileSourceFactory {
    /// What a basemap argument names for a kind of map: the embedded vector world
    /// (`world`), nothing (`none`), or raster tiles (`source(for:options:)`) — with the
    /// world's borders and names on top for `hybrid`.
    ///
    /// - Throws: `MapError` `.invalidRequest` for a satellite or hybrid map over the vector
    ///   world (they need imagery), and what `source(for:options:)` and
    ///   `WorldBasemap.embedded()` throw.
    public static func basemap(
        for argument: String, mapType: MapType, options: HTTPTileOptions
    ) throws(MapError) -> (
        vector: (any BasemapSource)?, tiles: (any RasterTileSource)?
    ) {
        switch argument {
        case "none": return (nil, nil)
        case "world":
            guard mapType == .standard else {
                throw MapError(
                    .invalidRequest, "a \(mapType.rawValue) map needs imagery tiles, not the vector world",
                    remedy: "give an imagery source as the basemap, e.g. esri-imagery")
            }
            return (try WorldBasemap.embedded(), nil)
        default:
            let tiles = try source(for: argument, options: options)
            return (mapType == .hybrid ? try WorldBasemap.embedded() : nil, tiles)
        }
    }
}
