import Foundation
public import MapErrors
import MapFormats
public import MapRenderCore
public import MapTiles
import MapVectorLayout
import Synchronization

/// Street basemaps resolved once and shared by the maps of a process: the style parsed and
/// localized, its sprite read, its sources opened (archives with their headers, directories
/// and metadata read). `maprender batch` resolves each job's basemap through it, so jobs
/// drawing the same basemap pay for that once.
///
/// An entry is found by everything `StreetBasemapResolver.basemap` is given, plus what a
/// path is relative to (the current folder) and which folders confine the reads
/// (`PathConfinement.enclosing`, a batch's `--in-dir`). It is used only while every local file
/// it was made from is the file it was: the `--basemap` archive, the style file, the archives
/// and sprite files the style names (`FileIdentity`: a file replaced, rewritten or newly
/// made is read again). At most `capacity` entries are kept, the least recently used
/// dropped first. Errors are not kept: a job whose basemap fails to resolve tries again.
/// What resolving found (a sprite that cannot be read) is in the basemap's diagnostics, so
/// every job that draws it reports it as a job resolving it itself would.
public final class StreetBasemapMemo: Sendable {
    /// The memo `maprender batch` uses.
    public static let shared = StreetBasemapMemo(capacity: defaultCapacity)
    /// How many basemaps `shared` keeps: a batch mixes a handful of looks and archives.
    public static let defaultCapacity = 8

    /// The resolver's arguments and what they are read relative to.
    struct Key: Hashable {
        var argument: String
        var styleFile: String?
        var styleName: String
        var scale: Double
        var mapType: String
        var options: HTTPTileOptions
        var allowsOutsidePaths: Bool
        var languages: [String]
        var terrain: String?
        var imagery: String?
        var contours: ContourOverlay.Unit?
        var currentFolder: String
        var confinedTo: [String]
    }

    private struct Entry {
        var basemap: StreetBasemap
        /// Every local file the basemap was made from, with its identity then (`nil`: none).
        var files: [String: FileIdentity?]
    }

    private struct State {
        var entries = LeastRecentlyUsed<Key, Entry>()
        var resolutions = 0
    }

    /// The most basemaps kept.
    public let capacity: Int
    private let state = Mutex(State())

    /// A memo keeping at most `capacity` basemaps.
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// How many basemaps are kept, and how many times one was resolved (not found kept).
    public var statistics: (entries: Int, resolutions: Int) {
        state.withLock { ($0.entries.count, $0.resolutions) }
    }

    /// What `StreetBasemapResolver.basemap` returns for these arguments: the basemap kept
    /// for them when its files are unchanged, else resolved now (and kept when there is one).
    ///
    /// - Throws: what `StreetBasemapResolver.basemap` throws.
    public func basemap(
        argument: String, styleFile: String?, styleName: String, scale: Double, mapType: MapType,
        options: HTTPTileOptions, allowsOutsidePaths: Bool = false, languages: [String] = [], terrain: String? = nil,
        imagery: String? = nil, contours: ContourOverlay.Unit? = nil
    ) throws(MapError) -> StreetBasemap? {
        let key = Key(
            argument: argument, styleFile: styleFile, styleName: styleName, scale: scale, mapType: mapType.rawValue,
            options: options, allowsOutsidePaths: allowsOutsidePaths, languages: languages, terrain: terrain,
            imagery: imagery, contours: contours, currentFolder: FileManager.default.currentDirectoryPath,
            confinedTo: PathConfinement.enclosing.map(\.root))
        let kept = state.withLock { $0.entries.value(for: key) }
        if let kept, kept.files.allSatisfy({ FileIdentity(path: $0.key) == $0.value }) { return kept.basemap }
        // Taken before resolving: a file changed while it is read is seen as changed next time.
        var files: [String: FileIdentity?] = [:]
        for path in Self.givenFiles(argument: argument, styleFile: styleFile, imagery: imagery) {
            files[path] = FileIdentity(path: path)
        }
        var resolved = try StreetBasemapResolver.basemap(
            argument: argument, styleFile: styleFile, styleName: styleName, scale: scale, mapType: mapType,
            options: options, allowsOutsidePaths: allowsOutsidePaths, languages: languages, terrain: terrain,
            imagery: imagery, contours: contours)
        // Maps of one view share its layout while this basemap is kept.
        resolved?.basemap.viewportLayouts = ViewportLayoutCache()
        state.withLock { state in
            state.resolutions += 1
            guard let resolved else {
                state.entries.removeValue(for: key)
                return
            }
            for (path, identity) in Self.namedFiles(of: resolved, styleFile: styleFile, scale: scale)
            where files[path] == nil {
                files[path] = identity
            }
            state.entries.insert(Entry(basemap: resolved, files: files), for: key)
            state.entries.evict(downTo: capacity)
        }
        return resolved
    }

    /// The local files the arguments name: `--basemap` and `--imagery` when they are paths,
    /// `--basemap-style`.
    static func givenFiles(argument: String, styleFile: String?, imagery: String? = nil) -> [String] {
        var files: [String] = []
        if !["world", "none"].contains(argument), !argument.contains("://") { files.append(argument) }
        if let styleFile { files.append(styleFile) }
        if let imagery, !imagery.contains("://"), !imagery.contains("{"), TilePreset.preset(named: imagery) == nil {
            files.append(imagery)
        }
        return files
    }

    /// The local files a resolved basemap was read from besides those given: the archives
    /// its sources opened, with their identities as opened, and the sprite files its style
    /// names (both pairs, so that one made since is noticed).
    static func namedFiles(
        of street: StreetBasemap, styleFile: String?, scale: Double
    ) -> [(String, FileIdentity?)] {
        var files: [(String, FileIdentity?)] = []
        for provider in street.basemap.sources.values {
            if let archive = provider as? ArchiveVectorTileProvider, let identity = archive.fileIdentity {
                files.append((archive.name, identity))
            }
        }
        if let styleFile, let sprite = street.basemap.style.sprite {
            for path in SpriteLoader.files(sprite, styleFile: styleFile) {
                files.append((path, FileIdentity(path: path)))
            }
        }
        return files
    }
}
