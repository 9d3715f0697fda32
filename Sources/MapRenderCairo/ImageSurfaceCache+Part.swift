internal import CCairo
import MapDrawing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension ImageSurfaceCache {
    /// A new surface holding a copy of the pixels of `part` (cut to the image's bounds), or
    /// `nil` when the image cannot be decoded or the part lies outside it; the caller
    /// destroys it.
    ///
    /// A copy rather than a view (`cairo_surface_create_for_rectangle`): drawn with
    /// `CAIRO_EXTEND_PAD`, a copy's edge pixels are its own, so a scaled icon never shows a
    /// fringe of its neighbours in the sheet. Icons are small; the copy costs next to nothing.
    func surface(for image: EncodedImage, part: PixelRect) -> OpaquePointer? {
        guard let whole = surface(for: image) else { return nil }
        defer { cairo_surface_destroy(whole) }
        let width = Int(cairo_image_surface_get_width(whole)), height = Int(cairo_image_surface_get_height(whole))
        func end(_ start: Int, _ length: Int) -> Int {
            let (sum, overflow) = start.addingReportingOverflow(length)
            return overflow ? (length > 0 ? Int.max : Int.min) : sum
        }
        let minX = max(part.x, 0), minY = max(part.y, 0)
        let maxX = min(end(part.x, part.width), width), maxY = min(end(part.y, part.height), height)
        guard minX < maxX, minY < maxY else { return nil }
        let copy = cairo_image_surface_create(
            cairo_image_surface_get_format(whole), Int32(maxX - minX), Int32(maxY - minY))!
        guard cairo_surface_status(copy) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(copy)
            return nil
        }
        let context = cairo_create(copy)!
        defer { cairo_destroy(context) }
        // A whole-pixel offset with the SOURCE operator copies the pixels exactly.
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(context, whole, Double(-minX), Double(-minY))
        cairo_paint(context)
        cairo_surface_flush(copy)
        Self.identify(copy, as: image, part: (minX, minY, maxX - minX, maxY - minY))
        return copy
    }

    /// Gives a copied part an id from its sheet's bytes and its place in the sheet, so that a
    /// PDF embeds each icon once however often it is drawn ("All surfaces with the same
    /// unique identifier will only be embedded once", `CAIRO_MIME_TYPE_UNIQUE_ID`).
    private static func identify(_ surface: OpaquePointer, as image: EncodedImage, part: (Int, Int, Int, Int)) {
        var hasher = Hasher()
        image.data.withUnsafeBytes { hasher.combine(bytes: $0) }
        let id = Array("maprender-part-\(hasher.finalize())-\(image.data.count)-\(part)".utf8)
        guard let buffer = malloc(id.count) else { return }
        id.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress!, byteCount: id.count) }
        let status = cairo_surface_set_mime_data(
            surface, CAIRO_MIME_TYPE_UNIQUE_ID, buffer.assumingMemoryBound(to: UInt8.self), UInt(id.count), free,
            buffer)
        if status != CAIRO_STATUS_SUCCESS { free(buffer) }
    }
}
