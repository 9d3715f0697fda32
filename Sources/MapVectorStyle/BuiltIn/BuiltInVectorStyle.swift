import Foundation
public import MapErrors
import MapFormats

/// maprender's own styles for vector tiles, one per `--style` look and tile schema
/// (OpenMapTiles, Protomaps basemap v4, Shortbread): used when an archive comes without a
/// style of its own. The nine files come from one generator (`make_builtin_styles.py`), so
/// the same place looks the same in every schema.
public enum BuiltInVectorStyle: String, Hashable, Sendable, CaseIterable {
    /// Light, in maprender's standard colours.
    case standard = "default"
    /// Dark, for night dashboards.
    case dark
    /// Grey and sparing, for printed reports.
    case print

    /// The source layers of the OpenMapTiles schema (https://openmaptiles.org/schema/)
    /// that the built-in styles draw.
    public static var schemaLayers: Set<String> { VectorTileSchema.openMapTilesLayers }

    /// The resource file's name for `schema`.
    func fileName(for schema: VectorTileSchema) -> String { "\(schema.fileStem)-\(rawValue).json" }

    /// The look for OpenMapTiles archives, parsed from the package's resources.
    ///
    /// - Throws: `MapError` `.internalFailure` when the resource is missing or does not parse
    ///   (a broken installation).
    public func style() throws(MapError) -> VectorStyle { try style(for: .openMapTiles) }

    /// The look for archives in `schema`, parsed from the package's resources.
    ///
    /// - Throws: `MapError` `.internalFailure` when the resource is missing or does not parse
    ///   (a broken installation).
    public func style(for schema: VectorTileSchema) throws(MapError) -> VectorStyle {
        let fileName = fileName(for: schema)
        guard let path = ResourceBundle.vectorStyles.path("styles/\(fileName)") else {
            throw MapError(
                .internalFailure, "the built-in vector style '\(rawValue)' is missing from the installation",
                remedy: "reinstall maprender")
        }
        return try VectorStyle(contentsOfFile: path)
    }
}

extension ResourceBundle {
    /// MapVectorStyle's resources: the built-in vector styles.
    static let vectorStyles = ResourceBundle(name: "maprender_MapVectorStyle.resources") { Bundle.module }
}
