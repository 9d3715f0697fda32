internal import CCairo
import Dispatch
import MapDrawing
import MapFormats
import Synchronization

/// Decoded images (raster tiles, marker and callout images) as Cairo surfaces, shared by
/// every render of the process and kept in a small least-recently-used cache.
///
/// A map draws each tile once, but `maprender batch` draws the same tiles over and over
/// (neighbouring maps share most of them), and PNG decoding was the largest cost of a
/// small map after encoding. PNGs are decoded straight into an image surface, already
/// premultiplied: 8-bit non-interlaced ones (nearly every tile) by `PNGDecoder`, the rest by
/// Cairo's reader, instead of going through `RasterImage`'s RGBA array and back (the pixels
/// are the same: premultiplying an unpremultiplied Cairo pixel gives it back exactly).
/// JPEGs still go through `RasterImage(jpeg:)`.
///
/// Thread safety: the cached surfaces are never drawn on. Each caller gets its own surface
/// object over the cached pixels (`cairo_image_surface_create_for_data`), which holds a
/// reference to the cached surface until it is destroyed, so eviction while another thread
/// paints is safe. The cache itself is behind a mutex.
final class ImageSurfaceCache: Sendable {
    /// The process-wide cache.
    static let shared = ImageSurfaceCache(capacity: 64 << 20)

    /// A `cairo_surface_t *` owned by the cache. Cairo reference counts atomically, and the
    /// cached surfaces are only read, so passing them between threads is safe.
    private struct SurfaceReference: @unchecked Sendable {
        var pointer: OpaquePointer
    }

    private struct Entry {
        var surface: SurfaceReference
        var bytes: Int
        var lastUse: UInt64
    }

    /// The encoded bytes as a dictionary key, hashed once and in bulk: `EncodedImage`'s
    /// synthesized hash feeds the hasher byte by byte, a measurable cost for thousands of
    /// tiles, and a key is looked up more than once (`prepare`, then `surface(for:)`).
    private struct Key: Hashable, @unchecked Sendable {
        /// Compared first, so unequal keys rarely compare their bytes.
        let digest: Int
        let bytes: [UInt8]

        init(bytes: [UInt8]) {
            var hasher = Hasher()
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
            digest = hasher.finalize()
            self.bytes = bytes
        }

        func hash(into hasher: inout Hasher) { hasher.combine(digest) }
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    private let state = Mutex(State())
    /// The most decoded bytes kept, in bytes of pixels.
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// How many decoded images are kept.
    var count: Int { state.withLock { $0.entries.count } }

    deinit {
        state.withLock { state in
            for entry in state.entries.values { cairo_surface_destroy(entry.surface.pointer) }
        }
    }

    /// A new surface showing the decoded image, or `nil` when it cannot be decoded; the
    /// caller destroys it.
    func surface(for image: EncodedImage) -> OpaquePointer? {
        let key = Key(bytes: image.data)
        let cached = state.withLock { state -> SurfaceReference? in
            guard var entry = state.entries[key] else { return nil }
            state.clock += 1
            entry.lastUse = state.clock
            state.entries[key] = entry
            return SurfaceReference(pointer: cairo_surface_reference(entry.surface.pointer))
        }
        let owner: OpaquePointer
        if let cached {
            owner = cached.pointer
        } else {
            guard let decoded = Self.decode(image) else { return nil }
            owner = decoded
            insert(SurfaceReference(pointer: cairo_surface_reference(decoded)), for: key)
        }
        defer { cairo_surface_destroy(owner) }
        return Self.view(of: owner)
    }

    /// Decodes the images not cached yet, several at once, so that painting finds them all
    /// ready: a map's tiles are independent, and on a 2-core machine decoding 15 PNG tiles
    /// in parallel halves the few milliseconds they take one after another. Images that fail
    /// to decode are left for `surface(for:)` to report.
    func prepare(_ images: [EncodedImage]) {
        var seen = Set<Key>()
        let missing: [(key: Key, image: EncodedImage)] = state.withLock { state in
            images.compactMap { image in
                let key = Key(bytes: image.data)
                return seen.insert(key).inserted && state.entries[key] == nil ? (key, image) : nil
            }
        }
        guard missing.count > 1 else { return }
        let decoded = Mutex([Int: SurfaceReference]())
        DispatchQueue.concurrentPerform(iterations: missing.count) { index in
            if let surface = Self.decode(missing[index].image) {
                decoded.withLock { $0[index] = SurfaceReference(pointer: surface) }
            }
        }
        for (index, surface) in decoded.withLock({ $0 }) { insert(surface, for: missing[index].key) }
    }

    private func insert(_ surface: SurfaceReference, for key: Key) {
        let bytes =
            Int(cairo_image_surface_get_stride(surface.pointer)) * Int(cairo_image_surface_get_height(surface.pointer))
        let evicted: [SurfaceReference] = state.withLock { state in
            var evicted: [SurfaceReference] = []
            state.clock += 1
            if let old = state.entries.updateValue(
                Entry(surface: surface, bytes: bytes, lastUse: state.clock), forKey: key)
            {
                evicted.append(old.surface)
                state.bytes -= old.bytes
            }
            state.bytes += bytes
            while state.bytes > capacity, state.entries.count > 1,
                let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                state.entries[oldest.key] = nil
                state.bytes -= oldest.value.bytes
                evicted.append(oldest.value.surface)
            }
            return evicted
        }
        for surface in evicted { cairo_surface_destroy(surface.pointer) }
    }

    /// A surface over `owner`'s pixels that keeps `owner` alive until it is destroyed.
    static func view(of owner: OpaquePointer) -> OpaquePointer? {
        let view = cairo_image_surface_create_for_data(
            cairo_image_surface_get_data(owner), cairo_image_surface_get_format(owner),
            cairo_image_surface_get_width(owner), cairo_image_surface_get_height(owner),
            cairo_image_surface_get_stride(owner))!
        guard cairo_surface_status(view) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(view)
            return nil
        }
        cairo_surface_set_user_data(view, &ownerKey, UnsafeMutableRawPointer(cairo_surface_reference(owner))) {
            pointer in
            cairo_surface_destroy(OpaquePointer(pointer))
        }
        return view
    }

    /// Decodes an image into a new image surface, or `nil`.
    static func decode(_ image: EncodedImage) -> OpaquePointer? {
        switch ImageEncoding(sniffing: image.data) {
        case .png:
            // As RasterImage(png:): a header asking for more than maximumDecodedSide is refused
            // before Cairo allocates it.
            let bytes = image.data
            guard (try? RasterImage.checkDecodedSize(ofPNG: bytes)) != nil else { return nil }
            // The common PNGs decode faster without libpng; the rest go on to Cairo's reader.
            do {
                if let surface = try PNGSurfaceDecoder.decode(bytes) { return surface }
            } catch {
                return nil
            }
            let source = ByteSource(bytes: image.data)
            let surface = cairo_image_surface_create_from_png_stream(
                readFromSource, Unmanaged.passUnretained(source).toOpaque())!
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
                cairo_image_surface_get_width(surface) > 0, cairo_image_surface_get_height(surface) > 0
            else {
                cairo_surface_destroy(surface)
                return nil
            }
            let format = cairo_image_surface_get_format(surface)
            guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 else {
                // Grey or 16-bit images Cairo may hand back as another format: fall back.
                cairo_surface_destroy(surface)
                return viaRasterImage(image)
            }
            return surface
        case .jpeg:
            return viaRasterImage(image)
        case nil:
            return nil
        }
    }

    private static func viaRasterImage(_ image: EncodedImage) -> OpaquePointer? {
        guard let decoded = try? RasterImage(encoded: image), decoded.width > 0, decoded.height > 0 else { return nil }
        return decoded.makeSurface()
    }
}

/// The key under which a view surface keeps its owner.
nonisolated(unsafe) private var ownerKey = cairo_user_data_key_t()
