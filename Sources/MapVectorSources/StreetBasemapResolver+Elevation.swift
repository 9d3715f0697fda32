import Foundation
import MapErrors
import MapFormats
import MapPMTiles
import MapTerrain
import MapTiles
import MapVectorLayout
import MapVectorStyle

extension StreetBasemapResolver {
    /// A path a style names (`pmtiles://PATH`, `mbtiles://PATH`, a plain path), relative to
    /// the style's folder; with a `confinement`, it must lie inside it.
    ///
    /// - Throws: `MapError` `.invalidData` for a path leading out of the confinement.
    static func stylePath(
        _ text: String, spec: String, folder: String?, confinement: PathConfinement?, styleFile: String
    ) throws(MapError) -> String {
        if let confinement {
            guard let inside = confinement.resolve(text) else {
                throw MapError(
                    .invalidData, "source '\(spec)' is outside the style's folder; refused",
                    at: InputLocation(file: styleFile),
                    remedy: "name an archive in the style's folder or below it, or give --allow-outside-paths")
            }
            return inside
        }
        guard let folder, !folder.isEmpty, !text.hasPrefix("/") else { return text }
        return folder + "/" + text
    }

    /// The elevation tiles of a `raster-dem` source: its `url` (`pmtiles://` a file or a
    /// server, `mbtiles://`, a PMTiles or TileJSON URL, a path to an archive or a tile
    /// folder) or its `tiles` templates.
    ///
    /// - Throws: `MapError` `.invalidRequest` for an encoding other than terrarium and mapbox
    ///   or a source with neither `url` nor `tiles`; what opening the archive throws.
    static func elevationSource(
        _ source: VectorStyleSource, folder: String, options: HTTPTileOptions, confinement: PathConfinement?,
        styleFile: String
    ) throws(MapError) -> any ElevationTileProvider {
        guard let encoding = DEMEncoding(rawValue: source.encoding) else {
            throw MapError(
                .invalidRequest, "source \"\(source.name)\": encoding \"\(source.encoding)\" is not one this draws",
                at: InputLocation(file: styleFile), remedy: "give \"encoding\": \"terrarium\" or \"mapbox\"")
        }
        let low = min(max(Int(source.minZoom), 0), 30)
        let zooms = low...min(max(Int(source.maxZoom), low), 30)
        func template(_ text: String) throws(MapError) -> any ElevationTileProvider {
            try options.hostPolicy?.requirePermitted(text)
            let tiles = HTTPTileSource(template: try TileTemplate(text), zoomRange: zooms, options: options)
            return ElevationTileSource(raster: tiles, name: text, encoding: encoding)
        }
        func remoteArchive(_ url: String) throws(MapError) -> any ElevationTileProvider {
            try options.hostPolicy?.requirePermitted(url)
            guard !options.offline else {
                throw MapError(
                    .unavailable, "offline: a PMTiles archive on a server cannot be read", at: InputLocation(file: url),
                    remedy: "download the archive and give its path")
            }
            return try ElevationTileSource(
                archive: try archive(CachedRangeReader(url: url, options: options)), encoding: encoding)
        }
        func local(_ text: String) throws(MapError) -> any ElevationTileProvider {
            let file = try stylePath(
                text, spec: source.url ?? text, folder: folder, confinement: confinement, styleFile: styleFile)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), isDirectory.boolValue {
                return ElevationTileSource(raster: try DirectoryTileSource(path: file), name: file, encoding: encoding)
            }
            if file.lowercased().hasSuffix(".mbtiles") {
                return ElevationTileSource(raster: try MBTilesSource(path: file), name: file, encoding: encoding)
            }
            return try ElevationTileSource(
                archive: try archive(try ConfinedArchive.reader(at: file)), encoding: encoding)
        }
        guard let url = source.url else {
            guard let first = source.tiles.first else {
                throw MapError(
                    .invalidRequest, "source \"\(source.name)\" has neither \"url\" nor \"tiles\"",
                    at: InputLocation(file: styleFile), remedy: "give the elevation archive's path as its \"url\"")
            }
            return try template(first)
        }
        let lower = url.lowercased()
        for scheme in ["pmtiles://", "mbtiles://"] where lower.hasPrefix(scheme) {
            let rest = String(url.dropFirst(scheme.count))
            if rest.lowercased().hasPrefix("http://") || rest.lowercased().hasPrefix("https://") {
                return try remoteArchive(rest)
            }
            return try local(rest)
        }
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            if url.contains("{") { return try template(url) }
            if String(lower.prefix { $0 != "?" && $0 != "#" }).hasSuffix(".pmtiles") { return try remoteArchive(url) }
            let document = try TileJSON.fetch(url, options: options)
            guard let first = document.tiles.first else {
                throw MapError(
                    .invalidData, "the TileJSON lists no tiles", at: InputLocation(file: url),
                    remedy: "give a TileJSON with a \"tiles\" template")
            }
            try options.hostPolicy?.requirePermitted(first)
            let tiles = HTTPTileSource(
                template: try TileTemplate(first), zoomRange: document.zoomRange, options: options)
            return ElevationTileSource(raster: tiles, name: url, encoding: encoding)
        }
        return try local(url)
    }

    /// Opens a PMTiles archive, its reading errors as `MapError`s.
    private static func archive(_ reader: any ByteRangeReader) throws(MapError) -> PMTilesArchive {
        do {
            return try PMTilesArchive(reader: reader)
        } catch {
            throw PMTilesSource.mapError(error, at: InputLocation(file: reader.name))
        }
    }
}
