import Foundation
public import MapErrors
import MapFormats
import MapGeometry
import MapPMTiles
public import MapTiles

/// The folder of installed basemaps (`maprender basemap add|list|remove`): for each, a file
/// `NAME.json` saying what it is and where its tiles are, beside the archive's copy
/// `NAME.pmtiles` or `NAME.mbtiles` (none for an archive remembered by URL).
///
/// The default folder is `$XDG_DATA_HOME/maprender/basemaps` (XDG Base Directory
/// Specification 0.8: `~/.local/share` when the variable is unset or not absolute).
public struct BasemapStore: Sendable {
    /// The folder.
    public let directory: String

    /// A store in `directory` (created by the first `add`), made absolute against the
    /// current folder, so the paths it records hold from any folder.
    public init(directory: String) {
        var absolute = URL(fileURLWithPath: directory).standardizedFileURL.path
        while absolute.count > 1 && absolute.hasSuffix("/") { absolute.removeLast() }
        self.directory = absolute
    }

    /// Where the copy of a local basemap is: in the store, by its name. A local entry's
    /// recorded location is never followed elsewhere, so an entry file written by hand (or
    /// by a manifest's author, in a folder a batch job names) cannot point a map at a file
    /// outside the store.
    func copyPath(name: String, location: String) -> String? {
        let ext = (location as NSString).pathExtension.lowercased()
        guard ext == "pmtiles" || ext == "mbtiles" else { return nil }
        return directory + "/" + name + "." + ext
    }

    /// The default folder for an environment.
    public static func defaultDirectory(environment: [String: String]) -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return data + "/maprender/basemaps"
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.local/share/maprender/basemaps"
    }

    /// The installed basemaps, by name; an entry file that cannot be read is left out and
    /// named in `skipped`.
    public func installed() -> (basemaps: [InstalledBasemap], skipped: [String]) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return ([], []) }
        var basemaps: [InstalledBasemap] = [], skipped: [String] = []
        for file in names.sorted() where file.hasSuffix(".json") && !file.hasPrefix(".") {
            let path = directory + "/" + file
            if let document = try? JSONDocument.read(atPath: path), var entry = InstalledBasemap(json: document.root),
                file == entry.name + ".json"
            {
                if !entry.isRemote {
                    guard let copy = copyPath(name: entry.name, location: entry.location),
                        FileManager.default.fileExists(atPath: copy)
                    else {
                        skipped.append(path)
                        continue
                    }
                    entry.location = copy
                }
                basemaps.append(entry)
            } else {
                skipped.append(path)
            }
        }
        return (basemaps, skipped)
    }

    /// Installs the vector or elevation archive at `source` (a PMTiles or MBTiles file, copied
    /// into the store; or the URL of a PMTiles archive, remembered).
    ///
    /// - Parameter name: the name to list it by (default: the file name without extension).
    /// - Throws: `MapError` `.invalidRequest` for a bad or taken name; `.missingInput` for a
    ///   missing file; `.invalidData` for a file that is neither a vector nor an elevation archive; `.unavailable`
    ///   for a server that cannot be read; `.cannotCreate` when the store cannot be written.
    @discardableResult
    public func add(_ source: String, name: String?, options: HTTPTileOptions) throws(MapError) -> InstalledBasemap {
        let isRemote = ["http://", "https://"].contains { source.lowercased().hasPrefix($0) }
        let name = try Self.checkedName(name ?? Self.defaultName(for: source), source: source)
        if installed().basemaps.contains(where: { $0.name == name })
            || FileManager.default.fileExists(atPath: entryPath(name))
        {
            throw MapError(
                .invalidRequest, "a basemap named '\(name)' is already installed",
                remedy: "remove it first ('maprender basemap remove \(name)'), or give another --name")
        }
        var entry = try Self.describe(source, isRemote: isRemote, options: options)
        entry.name = name
        try createDirectory()
        if isRemote {
            try writeEntry(entry)
            return entry
        }
        let copy = directory + "/" + name + (source.lowercased().hasSuffix(".mbtiles") ? ".mbtiles" : ".pmtiles")
        try copyFile(source, to: copy)
        entry.location = copy
        entry.origin = URL(fileURLWithPath: source).standardizedFileURL.path
        do {
            try writeEntry(entry)
        } catch {
            try? FileManager.default.removeItem(atPath: copy)
            throw error
        }
        return entry
    }

    /// Removes an installed basemap: its entry and its copy.
    ///
    /// - Throws: `MapError` `.invalidRequest` when none has that name (the message lists
    ///   those that are installed); `.ioFailure` when a file cannot be removed.
    @discardableResult
    public func remove(named name: String) throws(MapError) -> InstalledBasemap {
        let all = installed().basemaps
        guard let entry = all.first(where: { $0.name == name }) else {
            let names = all.map(\.name)
            throw MapError(
                .invalidRequest,
                "no basemap named '\(name)' is installed"
                    + (names.isEmpty ? "" : " (installed: \(names.joined(separator: ", ")))"),
                remedy: "see 'maprender basemap list'")
        }
        do {
            // The entry first: a copy without an entry is never listed or chosen. The copy is
            // found by name in the store (`installed()` put it there), never elsewhere.
            try FileManager.default.removeItem(atPath: entryPath(name))
            if !entry.isRemote, FileManager.default.fileExists(atPath: entry.location) {
                try FileManager.default.removeItem(atPath: entry.location)
            }
        } catch {
            throw MapError(
                .ioFailure, "cannot remove: \(error.localizedDescription)", at: InputLocation(file: directory))
        }
        return entry
    }

    // MARK: - Files

    private func entryPath(_ name: String) -> String { directory + "/" + name + ".json" }

    private func createDirectory() throws(MapError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw MapError(
                .cannotCreate, "cannot create the basemap folder", at: InputLocation(file: directory),
                remedy: "give a writable folder with --basemaps-dir (or the basemaps-dir configuration key)")
        }
    }

    private func writeEntry(_ entry: InstalledBasemap) throws(MapError) {
        let file = try StagedFile(
            bytes: Array((entry.json.serialized(indent: 2) + "\n").utf8), destination: entryPath(entry.name))
        try file.commit()
    }

    /// Copies under a temporary name in the store and renames, so an interrupted copy leaves
    /// no archive that looks whole.
    private func copyFile(_ source: String, to destination: String) throws(MapError) {
        let staging = directory + "/." + (destination as NSString).lastPathComponent + "." + UUID().uuidString
        do {
            // copyItem copies a symbolic link as a link: copy what it points at.
            let resolved = URL(fileURLWithPath: source).resolvingSymlinksInPath().path
            try FileManager.default.copyItem(atPath: resolved, toPath: staging)
            guard rename(staging, destination) == 0 else {
                throw MapError(.cannotCreate, "cannot rename the copy", at: InputLocation(file: destination))
            }
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            if let error = error as? MapError { throw error }
            throw MapError(
                .cannotCreate, "cannot copy \(source): \(error.localizedDescription)",
                at: InputLocation(file: destination), remedy: "check the free space and permissions of the folder")
        }
    }

    // MARK: - Names and facts

    /// The file name without folder and extension (a URL's path likewise, without query).
    static func defaultName(for source: String) -> String {
        let path = String(source.prefix { $0 != "?" && $0 != "#" })
        let last = (path as NSString).lastPathComponent
        return (last as NSString).deletingPathExtension
    }

    static func checkedName(_ name: String, source: String) throws(MapError) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
        guard let first = name.first, first.isLetter || first.isNumber, name.allSatisfy(allowed.contains),
            name.count <= 100
        else {
            throw MapError(
                .invalidRequest, "'\(name)' cannot name a basemap (from \(source))",
                remedy: "give --name NAME: letters, digits, '-', '_' and '.', starting with a letter or digit")
        }
        return name
    }

    /// The schema of an archive the built-in looks draw (auto draws with them).
    ///
    /// - Throws: `MapError` `.invalidRequest` for a schema they do not draw.
    private static func drawnSchema(_ provider: ArchiveVectorTileProvider, source: String) throws(MapError) -> String {
        let opened = StreetBasemapResolver.Opened(
            provider: provider, layerNames: provider.layerNames, evidence: provider.schemaEvidence)
        do {
            return try StreetBasemapResolver.builtInSchema(of: opened, subject: source).displayName
        } catch {
            throw MapError(
                error.kind, error.message,
                remedy: "installed basemaps are drawn in the built-in looks; draw this archive with --basemap FILE"
                    + " --basemap-style STYLE.json instead")
        }
    }

    /// The elevation facts of a PMTiles archive of PNG or WebP tiles, or `nil` when it holds
    /// other tiles (or its metadata cannot be read).
    private static func elevationFacts(_ archive: PMTilesArchive) -> ElevationArchiveFacts? {
        let format: String
        switch archive.header.tileType {
        case .png: format = "png"
        case .webp: format = "webp"
        default: return nil
        }
        guard let bytes = try? archive.metadata(),
            let document = try? JSONDocument(parsing: bytes, fileName: "metadata")
        else { return nil }
        var members: [String: JSONNode] = [:]
        for member in document.root.members ?? [] { members[member.key] = member.value }
        return ElevationArchiveFacts(format: format, metadata: members)
    }

    /// The entry of an elevation archive.
    private static func elevationEntry(
        _ facts: ElevationArchiveFacts, source: String, isRemote: Bool, bounds: CoordinateBounds,
        zoomRange: ClosedRange<Int>, byteCount: Int64?
    ) -> InstalledBasemap {
        var entry = InstalledBasemap(
            name: "", location: source, origin: source, isRemote: isRemote, layerNames: [],
            schema: "\(facts.encoding) elevation", bounds: bounds, zoomRange: zoomRange, byteCount: byteCount)
        entry.elevationEncoding = facts.encoding
        entry.tileSize = facts.tileSize
        return entry
    }

    /// What the archive at `source` holds: its layers, schema, bounds and zooms.
    static func describe(
        _ source: String, isRemote: Bool, options: HTTPTileOptions
    ) throws(MapError) -> InstalledBasemap {
        let location = InputLocation(file: source)
        func notVector() -> MapError {
            MapError(
                .invalidData,
                "holds raster tiles that are not elevation tiles; vector tile archives (street maps) and "
                    + "terrarium or mapbox elevation archives are installed as basemaps",
                at: location,
                remedy: "give a PMTiles or MBTiles archive of vector tiles (MVT), or of elevation tiles with an "
                    + "'encoding' in its metadata ('maprender basemap import-dem' writes them)")
        }
        if isRemote || !source.lowercased().hasSuffix(".mbtiles") {
            let reader: any ByteRangeReader =
                isRemote
                ? CachedRangeReader(url: source, options: options) : try FileByteRangeReader.archive(at: source)
            let archive: PMTilesArchive
            do {
                archive = try PMTilesArchive(reader: reader)
            } catch {
                throw PMTilesSource.mapError(error, at: location)
            }
            let size = isRemote ? nil : (try? FileManager.default.attributesOfItem(atPath: source)[.size] as? Int64)
            if let elevation = elevationFacts(archive) {
                let bounds = archive.header.bounds
                return elevationEntry(
                    elevation, source: source, isRemote: isRemote,
                    bounds: CoordinateBounds(
                        north: bounds.north, south: bounds.south, east: bounds.east, west: bounds.west),
                    zoomRange: archive.header.zoomRange, byteCount: size ?? nil)
            }
            guard let provider = try ArchiveVectorTileProvider.pmtiles(reader: reader, parallelReads: 1) else {
                throw notVector()
            }
            let schema = try drawnSchema(provider, source: source)
            let bounds = archive.header.bounds
            return InstalledBasemap(
                name: "", location: source, origin: source, isRemote: isRemote, layerNames: provider.layerNames,
                schema: schema,
                bounds: CoordinateBounds(
                    north: bounds.north, south: bounds.south, east: bounds.east, west: bounds.west),
                zoomRange: archive.header.zoomRange, byteCount: size ?? nil)
        }
        guard let facts = MBTilesFacts(path: source) else {
            _ = try MBTilesVectorArchive(path: source)  // its own refusal: missing, not MBTiles
            throw MapError(.invalidData, "not an MBTiles file", at: location)
        }
        let edges = (facts.metadata["bounds"] ?? "").split(separator: ",").compactMap {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        let bounds =
            edges.count == 4
            ? CoordinateBounds(north: edges[3], south: edges[1], east: edges[2], west: edges[0])
            : CoordinateBounds(north: 85.0511, south: -85.0511, east: 180, west: -180)
        let size = try? FileManager.default.attributesOfItem(atPath: source)[.size] as? Int64
        if !facts.isVector, let elevation = ElevationArchiveFacts(mbtilesMetadata: facts.metadata) {
            let low = facts.metadata["minzoom"].flatMap { Int($0) } ?? facts.firstTile?.z ?? 0
            let high = max(low, facts.metadata["maxzoom"].flatMap { Int($0) } ?? low)
            return elevationEntry(
                elevation, source: source, isRemote: false, bounds: bounds, zoomRange: low...high,
                byteCount: size ?? nil)
        }
        guard facts.isVector, let provider = try ArchiveVectorTileProvider.mbtiles(path: source) else {
            throw notVector()
        }
        let schema = try drawnSchema(provider, source: source)
        return InstalledBasemap(
            name: "", location: source, origin: source, isRemote: false, layerNames: provider.layerNames,
            schema: schema, bounds: bounds, zoomRange: provider.zoomRange, byteCount: size ?? nil)
    }
}
