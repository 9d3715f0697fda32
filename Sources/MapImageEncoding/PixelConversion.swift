/// Rows of premultiplied ARGB pixels as the byte layouts JPEG and WebP encoders take.
///
/// The rows are Cairo's ARGB32 layout, one native-endian 32-bit word a pixel with
/// premultiplied alpha (cairo.h, `cairo_format_t`), `stride` bytes apart; encoders want
/// straight bytes in R, G, B (, A) order.
enum PixelConversion {
    /// Rows of premultiplied ARGB words (`stride` bytes apart) converted pixel by pixel:
    /// `channels` bytes each, written by `convert` from the word into the output at the
    /// pixel's index.
    private static func converted(
        _ data: UnsafeRawPointer, width: Int, height: Int, stride: Int, channels: Int,
        _ convert: (UInt32, inout UnsafeMutableBufferPointer<UInt8>, Int) -> Void
    ) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width * height * channels)
        bytes.withUnsafeMutableBufferPointer { out in
            var index = 0
            for y in 0..<height {
                let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    convert(row[x], &out, index)
                    index += channels
                }
            }
        }
        return bytes
    }

    /// RGB bytes, `width × height × 3`, of `height` rows of premultiplied ARGB words `stride`
    /// bytes apart (a whole image or one band of it), composited over white: JPEG has no
    /// alpha, and a see-through map (`--transparent`) reads best on paper colour. Over white,
    /// a premultiplied channel `c` with alpha `a` becomes `c + 255 − a` (Porter–Duff "over").
    static func rgbOverWhite(_ data: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> [UInt8] {
        converted(data, width: width, height: height, stride: stride, channels: 3, overWhite)
    }

    /// One pixel over white: the rule of `rgbOverWhite`.
    private static func overWhite(_ word: UInt32, _ out: inout UnsafeMutableBufferPointer<UInt8>, _ index: Int) {
        let white = 255 - (word >> 24)
        out[index] = UInt8(truncatingIfNeeded: (word >> 16 & 0xFF) + white)
        out[index + 1] = UInt8(truncatingIfNeeded: (word >> 8 & 0xFF) + white)
        out[index + 2] = UInt8(truncatingIfNeeded: (word & 0xFF) + white)
    }

    /// Straight-alpha RGBA bytes, `width × height × 4`, premultiplication undone as Cairo's
    /// PNG writer does it (`(c · 255 + a / 2) / a`); a fully transparent pixel is 0, 0, 0, 0.
    static func straightRGBA(_ data: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> [UInt8] {
        converted(data, width: width, height: height, stride: stride, channels: 4) { word, out, index in
            let alpha = word >> 24
            if alpha == 255 {
                out[index] = UInt8(truncatingIfNeeded: word >> 16)
                out[index + 1] = UInt8(truncatingIfNeeded: word >> 8)
                out[index + 2] = UInt8(truncatingIfNeeded: word)
                out[index + 3] = 255
            } else if alpha > 0 {
                let unpremultiply = { (c: UInt32) in UInt8(truncatingIfNeeded: (c * 255 + alpha / 2) / alpha) }
                out[index] = unpremultiply(word >> 16 & 0xFF)
                out[index + 1] = unpremultiply(word >> 8 & 0xFF)
                out[index + 2] = unpremultiply(word & 0xFF)
                out[index + 3] = UInt8(alpha)
            }
        }
    }
}
