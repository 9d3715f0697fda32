public import MapErrors
public import MapFormats

extension EncodedImage {
    /// An image from untrusted bytes (a downloaded tile, an MBTiles blob, a file): the
    /// encoding sniffed, the pixel size read from the header, the file checked to be
    /// complete, and the size checked against `limits`. Nothing is decoded.
    ///
    /// - Throws: `ImageRejection` with a short reason: not PNG or JPEG (WebP is named),
    ///   truncated, a side of 0 or over `limits.maximumSide` pixels, not square when
    ///   `limits.requiresSquare`.
    public init(validating bytes: [UInt8], limits: ImageLimits = .tile) throws(ImageRejection) {
        let header = try ImageHeader(parsing: bytes)
        guard ImageHeader.isComplete(bytes, encoding: header.encoding) else {
            throw ImageRejection("truncated \(header.encoding == .png ? "PNG" : "JPEG") image")
        }
        let (width, height) = (header.pixelWidth, header.pixelHeight)
        guard width > 0, height > 0 else { throw ImageRejection("absurd image size \(width)×\(height) pixels") }
        guard width <= limits.maximumSide, height <= limits.maximumSide else {
            throw ImageRejection(
                "absurd image size \(width)×\(height) pixels (at most \(limits.maximumSide) on a side)")
        }
        guard !limits.requiresSquare || width == height else {
            throw ImageRejection("a \(width)×\(height) pixel tile is not square")
        }
        self.init(data: bytes, encoding: header.encoding, pixelWidth: width, pixelHeight: height)
    }

    /// Like `init(validating:limits:)`, for bytes from a file: the rejection becomes a
    /// `MapError` `.invalidData` whose message starts with `source` (a path, say).
    public init(validating bytes: [UInt8], source: String, limits: ImageLimits = .tile) throws(MapError) {
        do {
            try self.init(validating: bytes, limits: limits)
        } catch {
            throw MapError(
                .invalidData, "\(error.reason)", at: InputLocation(file: source), remedy: "give a PNG or JPEG image")
        }
    }
}
