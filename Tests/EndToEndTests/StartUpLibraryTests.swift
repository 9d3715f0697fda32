import Foundation
import Testing

/// Whether `ldd` is here to list what the binary links.
private let hasLdd = Tool.path(of: "ldd") != nil

/// What a process maps and relocates before `main`: GDAL (for `basemap import-dem`) and
/// libcurl (for HTTP tiles) are loaded on first use, not linked. Linked, GDAL brought some
/// 120 shared objects whose relocation and initializers were about 200 M instructions of
/// every start (Benchmarks/README.md, "Issue 28").
@Suite("start-up: the shared objects maprender links")
struct StartUpLibraryTests {
    /// The most shared objects, outside the Swift runtime, the binary may link: Cairo, Pango
    /// and their dependencies (fontconfig, FreeType, HarfBuzz, GLib, X11's), SQLite, the image
    /// codecs and the C library. There were 140 with GDAL linked.
    static let sharedObjectCeiling = 50

    var binary: String { Maprender.productsDirectory.appendingPathComponent("maprender").path }

    @Test("neither GDAL nor libcurl is linked, and the objects linked stay under the ceiling", .enabled(if: hasLdd))
    func lazilyLoaded() throws {
        let objects = try SharedObjects.of(binary).filter { !SharedObjects.isSwiftRuntime($0.name) }
        #expect(!objects.isEmpty, "ldd lists nothing for \(binary)")
        let loadedOnUse = objects.filter { $0.name.hasPrefix("libgdal") || $0.name.hasPrefix("libcurl") }
        #expect(loadedOnUse.isEmpty, "\(loadedOnUse.map(\.name))")
        #expect(
            objects.count <= Self.sharedObjectCeiling,
            "\(objects.count) shared objects: \(objects.map(\.name).joined(separator: " "))")
    }
}
