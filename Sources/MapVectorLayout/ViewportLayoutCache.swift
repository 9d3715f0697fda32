import MapDrawing
import MapGeometry
import MapRenderCore
import Synchronization

/// The layouts of a basemap's last few views, so that maps of one view — a batch drawing the
/// same city with different pins, tracks or titles — lay the basemap out once.
///
/// What is kept is the basemap's drawing before labels are placed (its shapes and its label
/// candidates): placing them around each map's own pins and callouts is still done per map.
/// Keyed by the view (centre, zoom, size), the device scale and the kind of text measurer;
/// one cache belongs to one resolved basemap (`VectorTileBasemap.viewportLayouts`), so a
/// different style, archive or language is a different cache. A drawing that carries a
/// warning (a tile that could not be read) is not kept, so the next map tries again.
public final class ViewportLayoutCache: Sendable {
    /// How many views a basemap keeps by default: a street map's drawing at 1024×768 is a
    /// few megabytes, and a batch repeating views tends to repeat a few.
    public static let defaultCapacity = 4

    struct Key: Hashable {
        var viewport: Viewport
        var scale: Double
        var measurer: String
    }

    private struct State {
        var drawings = LeastRecentlyUsed<Key, StyledBasemapDrawing>()
        var hits = 0
    }

    /// The most views kept.
    public let capacity: Int
    /// A number no other cache of the process has: it names the resolved basemap this cache
    /// belongs to in the keys of painted blocks (`StyledBasemap.blockIdentity`).
    public let serial: Int
    private let state = Mutex(State())
    private static let serials = Atomic<Int>(0)

    /// A cache keeping the layouts of at most `capacity` views.
    public init(capacity: Int = defaultCapacity) {
        self.capacity = max(1, capacity)
        serial = Self.serials.add(1, ordering: .relaxed).newValue
    }

    /// How many views are kept, and how many drawings were found kept.
    public var statistics: (views: Int, hits: Int) { state.withLock { ($0.drawings.count, $0.hits) } }

    static func key(_ viewport: Viewport, scale: Double, measurer: any TextMeasurer) -> Key {
        Key(viewport: viewport, scale: scale, measurer: String(reflecting: type(of: measurer)))
    }

    func drawing(for key: Key) -> StyledBasemapDrawing? {
        state.withLock { state in
            let kept = state.drawings.value(for: key)
            if kept != nil { state.hits += 1 }
            return kept
        }
    }

    func store(_ drawing: StyledBasemapDrawing, for key: Key) {
        guard !drawing.diagnostics.contains(where: { $0.severity == .warning }) else { return }
        state.withLock { state in
            state.drawings.insert(drawing, for: key)
            state.drawings.evict(downTo: capacity)
        }
    }
}
