import Foundation
import MapDrawing
public import MapErrors
import MapFormats
import MapPMTiles
public import MapTiles
public import MapVectorStyle

/// `--terrain ARCHIVE`: a hillshade of an elevation archive slipped into a built-in look,
/// over the land and water fills and under buildings, roads and labels, in colours chosen
/// for each look (default, dark, print).
public enum TerrainOverlay {
    /// The id of the layer and the name of the source added to the style.
    static let name = "terrain"

    /// The style with a `raster-dem` source for `archive` and a hillshade layer in `look`'s
    /// colours before the first building, tunnel, road or label layer.
    ///
    /// - Throws: `MapError` `.missingInput` for an archive that does not exist.
    public static func shaded(
        _ style: VectorStyle, archive: String, look: BuiltInVectorStyle
    ) throws(MapError)
        -> VectorStyle
    {
        guard FileManager.default.fileExists(atPath: archive) else {
            throw MapError(
                .missingInput, "no such elevation archive", at: InputLocation(file: archive),
                remedy: "give --terrain a PMTiles or MBTiles file of terrarium or mapbox tiles, or none")
        }
        return underlay(archive: archive, look: look).inserted(into: style)
    }

    /// The hillshade of `archive` in `look`'s colours, as an underlay of the look.
    static func underlay(archive: String, look: BuiltInVectorStyle) -> Underlay {
        let (encoding, tileSize) = facts(of: archive)
        var source = VectorStyleSource(
            name: name, kind: .rasterDEM, url: archive, tileSize: tileSize, attribution: nil)
        source.encoding = encoding
        return Underlay(kind: .hillshade, source: source, layer: layer(for: look))
    }

    /// A basemap of the archive's hillshade alone (with its contour lines in `contours`), in
    /// the colours of the look `styleName` names (`default`, `dark`, `print`; a style file
    /// takes the default's): relief over the embedded world, raster tiles or nothing.
    ///
    /// - Throws: `MapError` `.missingInput` for an archive that does not exist; what opening it throws.
    public static func relief(
        archive: String, styleName: String, options: HTTPTileOptions, contours: ContourOverlay.Unit? = nil
    ) throws(MapError) -> StreetBasemap {
        let look = BuiltInVectorStyle(rawValue: styleName) ?? .standard
        var style = try shaded(VectorStyle(name: "relief", layers: []), archive: archive, look: look)
        if let contours { style = ContourOverlay.added(to: style, look: look, unit: contours) }
        return try StreetBasemapResolver.bind(style, label: "--terrain \(archive)", to: nil, options)
    }

    /// The hillshade of a look: subtle, warm shadows on the light looks, deeper ones with a
    /// faint highlight on the dark one, grey on paper.
    static func layer(for look: BuiltInVectorStyle) -> VectorStyleLayer {
        let (shadow, highlight, accent, exaggeration): (Color, Color, Color, Double) =
            switch look {
            case .standard:
                (
                    Color(red: 0.35, green: 0.30, blue: 0.25, alpha: 0.42),
                    Color(red: 1, green: 1, blue: 0.96, alpha: 0.3),
                    Color(red: 0.35, green: 0.30, blue: 0.25, alpha: 0.15), 0.4
                )
            case .dark:
                (
                    Color(red: 0, green: 0, blue: 0, alpha: 0.55), Color(red: 0.8, green: 0.85, blue: 1, alpha: 0.1),
                    Color(red: 0, green: 0, blue: 0, alpha: 0.2), 0.45
                )
            case .print:
                (
                    Color(red: 0.2, green: 0.2, blue: 0.2, alpha: 0.3), Color(red: 1, green: 1, blue: 1, alpha: 0.35),
                    Color(red: 0.2, green: 0.2, blue: 0.2, alpha: 0.1), 0.35
                )
            }
        return VectorStyleLayer(
            id: name, kind: .hillshade, source: name,
            paint: [
                "hillshade-method": .literal(.string("standard")),
                "hillshade-shadow-color": .literal(.color(shadow)),
                "hillshade-highlight-color": .literal(.color(highlight)),
                "hillshade-accent-color": .literal(.color(accent)),
                "hillshade-exaggeration": .literal(.number(exaggeration)),
            ])
    }

    /// The encoding and tile size an archive's metadata gives (`encoding`, `tileSize`, as
    /// terrain tools write them), else terrarium and 256 pixels.
    static func facts(of archive: String) -> (encoding: String, tileSize: Double) {
        var encoding: String?
        var tileSize: Double?
        if archive.lowercased().hasSuffix(".mbtiles") {
            if let metadata = try? MBTilesSource(path: archive).metadata {
                encoding = metadata["encoding"]
                tileSize = metadata["tileSize"].flatMap(Double.init)
            }
        } else if let reader = try? ConfinedArchive.reader(at: archive),
            let metadata = try? PMTilesArchive(reader: reader).metadata(),
            let document = try? JSONDocument(parsing: metadata, fileName: "metadata")
        {
            encoding = document.root["encoding"]?.string
            tileSize = document.root["tileSize"]?.number ?? document.root["tileSize"]?.string.flatMap(Double.init)
        }
        return (encoding ?? "terrarium", tileSize == 512 ? 512 : 256)
    }
}
