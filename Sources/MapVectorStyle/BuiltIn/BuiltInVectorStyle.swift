import Foundation
public import MapErrors
import MapFormats

/// maprender's own styles for vector tiles in the OpenMapTiles schema, one per `--style`
/// look: used when an archive comes without a style of its own.
public enum BuiltInVectorStyle: String, Hashable, Sendable, CaseIterable {
    /// Light, in maprender's standard colours.
    case standard = "default"
    /// Dark, for night dashboards.
    case dark
    /// Grey and sparing, for printed reports.
    case print

    /// The source layers of the OpenMapTiles schema (https://openmaptiles.org/schema/)
    /// that the built-in styles draw; an archive with none of them needs a style of its
    /// own.
    public static let schemaLayers: Set<String> = [
        "water", "waterway", "landcover", "landuse", "park", "building", "transportation", "transportation_name",
        "boundary", "place", "water_name", "aeroway", "poi", "housenumber", "mountain_peak", "aerodrome_label",
    ]

    /// The resource file's name.
    var fileName: String { "openmaptiles-\(rawValue).json" }

    /// The style, parsed from the package's resources.
    ///
    /// - Throws: `MapError` `.internalFailure` when the resource is missing or does not parse
    ///   (a broken installation).
    public func style() throws(MapError) -> VectorStyle {
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
