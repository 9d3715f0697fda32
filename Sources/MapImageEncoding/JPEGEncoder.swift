internal import CTurboJPEG
import MapErrors

/// Writes rows of premultiplied ARGB pixels (a Cairo image surface's) as a baseline JPEG
/// through libjpeg-turbo's TurboJPEG API, which reports errors by return code (no
/// setjmp/longjmp, which Swift cannot cross).
package enum JPEGEncoder {
    /// The JPEG bytes of `height` rows of `width` premultiplied ARGB words, `stride` bytes
    /// apart, at a quality of 1–100 (libjpeg's scale), the pixels composited over white; with
    /// a JFIF density when `pixelsPerInch` is given.
    ///
    /// Chroma is kept at full resolution (4:4:4) from quality 90 up: maps are thin coloured
    /// lines and small text, whose colour 4:2:0 subsampling smears over two pixels; below 90
    /// the smaller 4:2:0 file is what a low quality asks for.
    package static func encode(
        pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int, quality: Int, pixelsPerInch: Double? = nil
    ) throws(MapError) -> [UInt8] {
        let rgb = PixelConversion.rgbOverWhite(pixels, width: width, height: height, stride: stride)
        guard let handle = tjInitCompress() else { throw MapError(.internalFailure, "cannot start the JPEG encoder") }
        defer { tjDestroy(handle) }
        let subsampling = quality >= 90 ? TJSAMP_444 : TJSAMP_420
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let status = rgb.withUnsafeBufferPointer { pixels in
            tjCompress2(
                handle, pixels.baseAddress, Int32(width), Int32(width * 3), Int32(height), Int32(TJPF_RGB.rawValue),
                &output, &size, Int32(subsampling.rawValue), Int32(quality), 0)
        }
        defer { if let output { tjFree(output) } }
        guard status == 0, let output else {
            throw MapError(
                .internalFailure, "libjpeg-turbo failed encoding the JPEG: \(String(cString: tjGetErrorStr2(handle)))")
        }
        var jpeg = Array(UnsafeBufferPointer(start: output, count: Int(size)))
        if let pixelsPerInch { setDensity(&jpeg, pixelsPerInch: pixelsPerInch) }
        return jpeg
    }

    /// JFIF's density of a resolution: whole dots per inch, 1–65,535.
    static func density(_ pixelsPerInch: Double) -> UInt16 {
        UInt16(min(max(pixelsPerInch.rounded(), 1), Double(UInt16.max)))
    }

    /// Records a resolution in the JFIF APP0 segment libjpeg-turbo writes first (units 1: dots
    /// per inch, then X and Y density, big-endian; JFIF 1.02, ITU-T T.871 §10.1). TurboJPEG's
    /// version-2 API has no parameter for it, so the bytes are set after encoding.
    static func setDensity(_ jpeg: inout [UInt8], pixelsPerInch: Double) {
        // SOI (2), APP0 marker (2), length (2), "JFIF\0" (5), version (2), units, densities.
        guard jpeg.count >= 18, jpeg[2] == 0xFF, jpeg[3] == 0xE0, Array(jpeg[6..<11]) == Array("JFIF\0".utf8) else {
            return
        }
        let density = density(pixelsPerInch)
        jpeg[13] = 1
        for offset in [14, 16] {
            jpeg[offset] = UInt8(density >> 8)
            jpeg[offset + 1] = UInt8(density & 0xFF)
        }
    }
}
