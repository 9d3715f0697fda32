import Foundation
import MapDrawing
import MapRenderCore
import MapZip

/// The icons of a KMZ: entries named by an IconStyle's relative `href` (relative to the
/// root document's folder), each read once.
struct KMZIcons {
    /// The largest icon entry read, in bytes; a marker needs far less.
    static let maximumBytes: UInt64 = 4 << 20

    let archive: ZipArchive
    /// The root document's folder inside the archive, `""` or ending in `/`.
    let folder: String
    private var cache: [String: MarkerImage?] = [:]

    init(archive: ZipArchive, folder: String) {
        self.archive = archive
        self.folder = folder
    }

    /// The PNG marker `href` names in the archive, or `nil` (a remote or missing icon, or
    /// one that is not a PNG, which is drawn as a pin: noted in `diagnostics`).
    mutating func marker(for href: String, diagnostics: inout KMLDiagnostics) -> MarkerImage? {
        if let known = cache[href] { return known }
        let image = load(href, diagnostics: &diagnostics)
        cache[href] = image
        return image
    }

    private func load(_ href: String, diagnostics: inout KMLDiagnostics) -> MarkerImage? {
        guard !href.contains("://") else { return nil }
        var path = href.hasPrefix("./") ? String(href.dropFirst(2)) : href
        path = path.removingPercentEncoding ?? path
        guard let entry = archive.entry(named: folder + path) ?? archive.entry(named: path) else {
            diagnostics.add(.warning, "icon \(href) is not in the archive; drawn as a pin")
            return nil
        }
        guard entry.uncompressedSize <= Self.maximumBytes else {
            diagnostics.add(.warning, "icon \(href) is \(entry.uncompressedSize) bytes, too large; drawn as a pin")
            return nil
        }
        let bytes: [UInt8]
        do {
            bytes = try archive.contents(of: entry)
        } catch {
            diagnostics.add(.warning, "icon \(href) cannot be read (\(error.message)); drawn as a pin")
            return nil
        }
        if bytes.starts(with: [0xFF, 0xD8]) || bytes.starts(with: Array("GIF8".utf8)) {
            diagnostics.add(
                .info, "icon \(href) is a \(bytes.first == 0xFF ? "JPEG" : "GIF"), not a PNG; drawn as a pin")
            return nil
        }
        do {
            return MarkerImage(image: try PNGFile.image(from: bytes, fileName: "\(archive.name):\(entry.name)"))
        } catch {
            diagnostics.add(.warning, "icon \(href): \(error.message); drawn as a pin")
            return nil
        }
    }
}
