public import MapGeometry
import MapVectorLayout
public import MapVectorTiles
import Synchronization

/// Decoded vector tiles kept for the whole process, so that the maps of a batch that show
/// the same tiles read and decode each of them once.
///
/// Keyed by the archive's `FileIdentity` (a file replaced or rewritten is another archive),
/// the tile and the source layers decoded (a style drawing fewer layers decodes fewer).
/// Bounded by an estimate of the decoded tiles' memory (`estimatedBytes(of:)`): past
/// `byteLimit` the tiles used least recently are dropped. Safe to use from several threads;
/// two threads missing the same tile at once both decode it, and the one stored is equal to
/// the other, so no result depends on which was first.
public final class DecodedTileCache: Sendable {
    /// The memory the process-wide cache may hold, in bytes (64 MiB): about 40 times what the
    /// tiles of one 1024×768 street map at zoom 16 take decoded, so a batch of maps in one
    /// city decodes each tile once, while a batch over a whole country stays within it.
    public static let defaultByteLimit = 64 << 20

    /// The cache every archive provider of the process uses. It holds nothing until a caller
    /// that draws several maps sets its limit (`maprender batch` sets `defaultByteLimit`): a
    /// single map decodes each tile once anyway, and keeping them would only add to its peak.
    public static let shared = DecodedTileCache(byteLimit: 0)

    /// What a decoded tile is looked up by.
    public struct Key: Hashable, Sendable {
        /// The archive file.
        public var archive: FileIdentity
        /// The tile.
        public var tile: TilePath
        /// The source layers decoded, sorted; `nil` for all of them.
        public var layerNames: [String]?

        /// Creates a key.
        public init(archive: FileIdentity, tile: TilePath, layerNames: Set<String>?) {
            self.archive = archive
            self.tile = tile
            self.layerNames = layerNames?.sorted()
        }
    }

    /// A decoded tile with what the decoder repaired or skipped in it.
    public struct Decoded: Hashable, Sendable {
        /// The tile.
        public var tile: VectorTile
        /// The decoder's notes.
        public var diagnostics: [VectorTileDiagnostic]

        /// Creates a decoded tile.
        public init(tile: VectorTile, diagnostics: [VectorTileDiagnostic]) {
            self.tile = tile
            self.diagnostics = diagnostics
        }
    }

    private struct State {
        var tiles = LeastRecentlyUsed<Key, Decoded>()
        var limit: Int
        var hits = 0
        var misses = 0
    }

    private let state: Mutex<State>

    /// A cache holding at most `byteLimit` bytes of decoded tiles, as `estimatedBytes(of:)`
    /// counts them.
    public init(byteLimit: Int) {
        state = Mutex(State(limit: max(0, byteLimit)))
    }

    /// The most bytes (estimated) the cache holds; 0 keeps nothing. Lowering it drops the
    /// least recently used tiles at once.
    public var byteLimit: Int {
        get { state.withLock { $0.limit } }
        set {
            state.withLock { state in
                state.limit = max(0, newValue)
                state.tiles.evict(downTo: state.limit)
            }
        }
    }

    /// The tile stored under `key`, or `nil`; a hit makes it the most recently used.
    public func tile(for key: Key) -> Decoded? {
        state.withLock { state in
            let found = state.tiles.value(for: key)
            if found == nil { state.misses += 1 } else { state.hits += 1 }
            return found
        }
    }

    /// Stores a tile, dropping the least recently used ones while the total is over the
    /// limit. A tile larger than the whole limit is not stored.
    public func store(_ decoded: Decoded, for key: Key) {
        guard byteLimit > 0 else { return }
        let bytes = Self.estimatedBytes(of: decoded.tile)
        state.withLock { state in
            guard bytes <= state.limit else { return }
            state.tiles.insert(decoded, weight: bytes, for: key)
            // Past the limit, drop down to 7/8 of it at once: one sort pays for the next
            // eighth of the limit's insertions instead of a scan for each.
            if state.tiles.totalWeight > state.limit { state.tiles.evict(downTo: state.limit - state.limit / 8) }
        }
    }

    /// How many tiles and estimated bytes the cache holds, and its hits and misses so far.
    public var statistics: (tiles: Int, bytes: Int, hits: Int, misses: Int) {
        state.withLock { ($0.tiles.count, $0.tiles.totalWeight, $0.hits, $0.misses) }
    }

    /// Drops every tile.
    public func removeAll() {
        state.withLock { $0.tiles.removeAll() }
    }

    /// An estimate of the memory a decoded tile takes, in bytes: each array's header and
    /// elements (features, points, rings), each property's key and value with the hash
    /// table's slack, and each string's characters. Swift stores strings of up to 15 UTF-8
    /// bytes inline; longer ones are counted with a header of their own.
    public static func estimatedBytes(of tile: VectorTile) -> Int {
        let arrayHeader = 32
        func string(_ text: String) -> Int { text.utf8.count > 15 ? arrayHeader + text.utf8.count : 0 }
        func points(_ count: Int) -> Int { arrayHeader + count * MemoryLayout<VectorTilePoint>.stride }
        var total = arrayHeader + tile.layers.count * MemoryLayout<VectorTileLayer>.stride
        for layer in tile.layers {
            total += string(layer.name) + arrayHeader + layer.features.count * MemoryLayout<VectorTileFeature>.stride
            for feature in layer.features {
                // A dictionary's storage: a header, and about 4/3 of a slot per entry.
                let entry = MemoryLayout<String>.stride + MemoryLayout<VectorTileValue>.stride
                total += arrayHeader + feature.properties.count * entry * 4 / 3
                for (key, value) in feature.properties {
                    total += string(key)
                    if case .string(let text) = value { total += string(text) }
                }
                switch feature.geometry {
                case .points(let list):
                    total += points(list.count)
                case .lineStrings(let lines):
                    total += arrayHeader + lines.reduce(0) { $0 + points($1.count) }
                case .polygons(let polygons):
                    total += arrayHeader + polygons.count * MemoryLayout<VectorTilePolygon>.stride
                    for polygon in polygons {
                        total += points(polygon.exteriorRing.count) + arrayHeader
                        total += polygon.interiorRings.reduce(0) { $0 + points($1.count) }
                    }
                case .unknown(let commands):
                    total += arrayHeader + commands.count * MemoryLayout<UInt32>.stride
                }
            }
        }
        return total
    }
}
