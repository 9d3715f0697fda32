/// How an image's bytes are encoded.
public enum ImageEncoding: String, Hashable, Sendable {
    /// PNG (ISO/IEC 15948).
    case png
    /// JPEG (ISO/IEC 10918), as satellite tiles usually are.
    case jpeg

    /// The MIME type, for data URIs.
    public var mimeType: String { self == .png ? "image/png" : "image/jpeg" }

    /// Recognises PNG and JPEG by their first bytes, or `nil` for anything else.
    public init?(sniffing bytes: [UInt8]) {
        if bytes.starts(with: ImageHeader.PNGHeader.signature) {
            self = .png
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else {
            return nil
        }
    }
}
