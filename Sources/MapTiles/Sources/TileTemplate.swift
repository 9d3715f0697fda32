import Foundation
public import MapErrors
public import MapGeometry
import MapRenderCore

/// A tile URL template in the style of Leaflet and OpenLayers:
/// `https://{s}.tile.example.org/{z}/{x}/{y}{r}.png`.
///
/// Placeholders: `{z}`, `{x}`, `{y}` (XYZ row, counted from the north), `{-y}` (TMS row,
/// counted from the south), `{quadkey}` (Bing Maps), `{s}` (a subdomain, chosen from
/// `subdomains` by (x + y) mod count so a tile always has the same URL and the same cache
/// entry), `{switch:a,b,c}` (JOSM's form: subdomains listed in place), and `{r}` (`@2x` when
/// high-resolution tiles are asked for, empty otherwise).
public struct TileTemplate: Hashable, Sendable, CustomStringConvertible {
    /// One piece of a parsed template.
    enum Part: Hashable, Sendable {
        case literal(String)
        case zoom, column, row, tmsRow, quadkey, subdomain, resolution
    }

    /// The template as given.
    public let template: String
    /// The values `{s}` takes, in order.
    public let subdomains: [String]
    /// The template cut into literals and placeholders.
    let parts: [Part]

    /// Parses a template.
    ///
    /// - Parameters:
    ///   - template: an `http` or `https` URL with placeholders.
    ///   - subdomains: the values of `{s}`; a `{switch:…}` placeholder overrides them.
    /// - Throws: `MapError` `.invalidRequest` naming the template: another scheme, no host, an
    ///   unknown or unclosed placeholder, or neither `{z}`/`{x}`/`{y}` nor `{quadkey}`.
    public init(_ template: String, subdomains: [String] = ["a", "b", "c"]) throws(MapError) {
        func usage(_ problem: String) -> MapError {
            MapError(
                .invalidRequest, "tile URL template '\(template)': \(problem)",
                remedy: "give an http(s) URL with {z}, {x} and {y} (or {quadkey}), e.g."
                    + " https://tile.example.org/{z}/{x}/{y}.png")
        }
        let lowered = template.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
            let scheme = template.range(of: "://").map { String(template[..<$0.lowerBound]) }
            throw usage(
                scheme.map { "the \($0) scheme is not supported, only http and https" }
                    ?? "not an http or https URL")
        }
        var parts: [Part] = []
        var subdomains = subdomains
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            if open > rest.startIndex { parts.append(.literal(String(rest[..<open]))) }
            guard let close = rest[open...].firstIndex(of: "}") else { throw usage("a '{' is never closed") }
            let name = rest[rest.index(after: open)..<close]
            switch name {
            case "z": parts.append(.zoom)
            case "x": parts.append(.column)
            case "y": parts.append(.row)
            case "-y": parts.append(.tmsRow)
            case "quadkey": parts.append(.quadkey)
            case "s": parts.append(.subdomain)
            case "r": parts.append(.resolution)
            default:
                guard name.hasPrefix("switch:") else {
                    throw usage(
                        "unknown placeholder {\(name)} (known: {z} {x} {y} {-y} {s} {r} {quadkey} {switch:a,b})")
                }
                subdomains = name.dropFirst("switch:".count).split(separator: ",").map(String.init)
                parts.append(.subdomain)
            }
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.literal(String(rest))) }
        for case .literal(let text) in parts where text.contains("}") {
            throw usage("a '}' without its '{'")
        }

        let hasXYZ =
            parts.contains(.zoom) && parts.contains(.column)
            && (parts.contains(.row) || parts.contains(.tmsRow))
        guard hasXYZ || parts.contains(.quadkey) else {
            throw usage("it has neither {z}, {x} and {y} nor {quadkey}")
        }
        if parts.contains(.subdomain), subdomains.isEmpty { throw usage("{s} is used but there are no subdomains") }
        self.template = template
        self.subdomains = subdomains
        self.parts = parts
        let sample = url(for: TilePath(z: 1, x: 1, y: 1), highResolution: false)
        guard let parsed = URL(string: sample), let host = parsed.host, !host.isEmpty else {
            throw usage("'\(sample)' is not a valid URL with a host")
        }
    }

    /// Whether the template has `{r}`, so @2x tiles can be asked for.
    public var hasHighResolutionPlaceholder: Bool { parts.contains(.resolution) }

    /// The URL of one tile (x within [0, 2^z)).
    public func url(for tile: TilePath, highResolution: Bool) -> String {
        var url = ""
        for part in parts {
            switch part {
            case .literal(let text): url += text
            case .zoom: url += String(tile.z)
            case .column: url += String(tile.x)
            case .row: url += String(tile.y)
            case .tmsRow: url += String(tile.tmsRow)
            case .quadkey: url += tile.quadkey
            case .subdomain:
                url += subdomains[((tile.x + tile.y) % subdomains.count + subdomains.count) % subdomains.count]
            case .resolution: url += highResolution ? "@2x" : ""
            }
        }
        return url
    }

    public var description: String { template }
}

/// A well-known tile provider: its URL template, its credits and its zoom levels.
///
/// Using a public provider means keeping its usage policy: the OpenStreetMap Foundation's
/// tile usage policy (https://operations.osmfoundation.org/policies/tiles/) asks for an
/// identifying User-Agent, at most 2 connections at once, honouring the caching headers, and
/// the visible credit "© OpenStreetMap contributors". `HTTPTileSource` does all of these;
/// bulk downloading ("scraping") is forbidden, so batch jobs over large areas should use
/// their own tiles (an MBTiles file or a tile server).
public struct TilePreset: Hashable, Sendable {
    /// The name given to `--basemap`.
    public var name: String
    /// The URL template.
    public var template: String
    /// The credits the provider asks for.
    public var attribution: [String]
    /// The zooms the provider serves.
    public var zoomRange: ClosedRange<Int>
    /// Whether the tiles are imagery (satellite or aerial photographs).
    public var isImagery: Bool

    /// OpenStreetMap's standard tile layer.
    public static let openStreetMap = TilePreset(
        name: "osm", template: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
        attribution: ["© OpenStreetMap contributors"], zoomRange: 0...19, isImagery: false)

    /// OpenTopoMap: topographic, from OpenStreetMap and SRTM elevation data.
    public static let openTopoMap = TilePreset(
        name: "opentopomap", template: "https://{s}.tile.opentopomap.org/{z}/{x}/{y}.png",
        attribution: ["Map data: © OpenStreetMap contributors, SRTM | Map style: © OpenTopoMap (CC-BY-SA)"],
        zoomRange: 0...17, isImagery: false)

    /// Esri World Imagery: satellite and aerial imagery (note the row before the column).
    public static let esriImagery = TilePreset(
        name: "esri-imagery",
        template: "https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}",
        attribution: ["Tiles © Esri — Source: Esri, Maxar, Earthstar Geographics, and the GIS User Community"],
        zoomRange: 0...19, isImagery: true)

    /// Every preset, in the order help text lists them.
    public static let all: [TilePreset] = [openStreetMap, openTopoMap, esriImagery]

    /// The preset with this name (case-insensitive), or `nil`.
    public static func preset(named name: String) -> TilePreset? {
        all.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }
}
