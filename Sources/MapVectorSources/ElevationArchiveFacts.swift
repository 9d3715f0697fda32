import MapFormats

/// What tells an archive of raster tiles apart as elevation tiles: its metadata's `encoding`
/// (`terrarium` or `mapbox`, as MapLibre's `raster-dem` source names them, written by
/// `maprender basemap import-dem`, rio-rgbify's and most tilers' TileJSON) with PNG or WebP
/// tiles, or the layout of Mapterhorn's archives, whose metadata holds only an attribution
/// naming Mapterhorn over 512-pixel terrarium WebP tiles (mapterhorn/mapterhorn,
/// pipelines/bundle.py).
struct ElevationArchiveFacts: Hashable, Sendable {
    /// `terrarium` or `mapbox`.
    var encoding: String
    /// Pixels on a tile's side.
    var tileSize: Int

    /// The facts of an archive whose tiles are `format` (`png`, `webp`) with JSON `metadata`
    /// (PMTiles) or `nil` when it is not an elevation archive.
    init?(format: String, metadata: [String: JSONNode]) {
        guard format == "png" || format == "webp" else { return nil }
        let size = metadata["tileSize"]?.number ?? metadata["tileSize"]?.string.flatMap(Double.init)
        if let encoding = metadata["encoding"]?.string?.lowercased(), encoding == "terrarium" || encoding == "mapbox" {
            self.encoding = encoding
            // MapLibre's raster-dem default is 512; PNG elevation archives are mostly 256 px.
            tileSize = size.map { Int($0) } ?? (format == "png" ? 256 : 512)
            return
        }
        guard format == "webp", let credit = metadata["attribution"]?.string, credit.contains("Mapterhorn") else {
            return nil
        }
        encoding = "terrarium"
        tileSize = size.map { Int($0) } ?? 512
    }

    /// The facts of an MBTiles `metadata` table (its values are text).
    init?(mbtilesMetadata metadata: [String: String]) {
        guard let format = metadata["format"]?.lowercased() else { return nil }
        var members: [String: JSONNode] = [:]
        for key in ["encoding", "tileSize", "attribution"] {
            guard let value = metadata[key] else { continue }
            let quoted = JSONValue.string(value).serialized()
            if let document = try? JSONDocument(parsing: Array(quoted.utf8), fileName: "metadata") {
                members[key] = document.root
            }
        }
        self.init(format: format, metadata: members)
    }
}
