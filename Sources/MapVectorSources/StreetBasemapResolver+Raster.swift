import Foundation
import MapErrors
import MapFormats
import MapRenderCore
import MapTiles
import MapVectorStyle

extension StreetBasemapResolver {
    /// The tiles of a style's `raster` source, through the same tile sources as a raster
    /// `--basemap` (archives, folders, servers with the tile cache and the host policy): its
    /// `url` (`pmtiles://` a file or a server, `mbtiles://`, a PMTiles or TileJSON URL, a
    /// `{z}/{x}/{y}` template, a preset name, a path to an archive or a tile folder) or its
    /// `tiles` templates, at the source's `tileSize` and zooms.
    ///
    /// - Throws: `MapError` `.invalidRequest` for a source with neither `url` nor `tiles`;
    ///   what opening the archive, the TileJSON or the template throws.
    static func rasterSource(
        _ source: VectorStyleSource, folder: String, options: HTTPTileOptions, confinement: PathConfinement?,
        styleFile: String
    ) throws(MapError) -> any RasterTileSource {
        let low = min(max(Int(source.minZoom), 0), 30)
        let zooms = low...min(max(Int(source.maxZoom), low), 30)
        let tileSize = source.tileSize >= 384 ? 512 : 256
        let credits = source.attribution.map(MBTilesSource.plainText(fromHTML:)).flatMap { $0.isEmpty ? nil : [$0] }
        func template(
            _ text: String, zooms: ClosedRange<Int>, attribution: [String] = []
        ) throws(MapError) -> any RasterTileSource {
            try options.hostPolicy?.requirePermitted(text)
            return HTTPTileSource(
                template: try TileTemplate(text), attribution: credits ?? attribution, zoomRange: zooms,
                tileSize: tileSize,
                isImagery: true, options: options)
        }
        func local(_ text: String) throws(MapError) -> any RasterTileSource {
            let file = try stylePath(
                text, spec: source.url ?? text, folder: folder, confinement: confinement, styleFile: styleFile)
            return try TileSourceFactory.source(for: file, options: options)
        }
        guard let url = source.url else {
            guard let first = source.tiles.first else {
                throw MapError(
                    .invalidRequest, "source \"\(source.name)\" has neither \"url\" nor \"tiles\"",
                    at: InputLocation(file: styleFile),
                    remedy: "give the raster archive's path or a TileJSON URL as its \"url\"")
            }
            return try template(first, zooms: zooms)
        }
        let lower = url.lowercased()
        for scheme in ["pmtiles://", "mbtiles://"] where lower.hasPrefix(scheme) {
            let rest = String(url.dropFirst(scheme.count))
            if rest.lowercased().hasPrefix("http://") || rest.lowercased().hasPrefix("https://") {
                try options.hostPolicy?.requirePermitted(rest)
                return try PMTilesSource(url: rest, options: options)
            }
            return try local(rest)
        }
        if TilePreset.preset(named: url) != nil { return try TileSourceFactory.source(for: url, options: options) }
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            if url.contains("{") { return try template(url, zooms: zooms) }
            if String(lower.prefix { $0 != "?" && $0 != "#" }).hasSuffix(".pmtiles") {
                return try TileSourceFactory.source(for: url, options: options)
            }
            let document = try TileJSON.fetch(url, options: options)
            return try template(document.tiles[0], zooms: document.zoomRange, attribution: document.facts.attribution)
        }
        return try local(url)
    }
}
