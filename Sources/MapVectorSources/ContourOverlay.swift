import Foundation
import MapDrawing
import MapErrors
import MapFormats
import MapTerrain
import MapTiles
import MapVectorLayout
public import MapVectorStyle

/// Contour lines in a style: a vector source of maprender's own, `"url": "contours://DEM"`
/// (DEM naming the style's `raster-dem` source; `contours://DEM?unit=feet` for lines in
/// feet), whose tiles `ContourTileProvider` traces from that source's elevation tiles; and,
/// with `--terrain`, the built-in look's contour layers over its hillshade.
public enum ContourOverlay {
    /// The URL scheme of contour sources.
    static let scheme = "contours://"
    /// The name of the source added to a built-in look.
    static let sourceName = "contours"

    /// The unit of the built-in look's contours: metres, or feet (`--imperial`).
    public enum Unit: String, Hashable, Sendable {
        /// Metres.
        case metres
        /// Feet, at a feet interval.
        case feet

        var contourUnit: ContourUnit { self == .feet ? .feet : .metres }
    }

    /// Whether `source` is a contour source.
    static func isContourSource(_ source: VectorStyleSource?) -> Bool {
        source?.kind == .vector && source?.url?.lowercased().hasPrefix(scheme) == true
    }

    /// The `raster-dem` source a contour source names, and its unit; `nil` for any other
    /// source.
    ///
    /// - Throws: `MapError` `.invalidRequest` for a unit other than metres and feet.
    static func reference(
        of source: VectorStyleSource, styleFile: String
    ) throws(MapError) -> (
        dem: String, unit: ContourUnit
    )? {
        guard isContourSource(source), let url = source.url else { return nil }
        let rest = url.dropFirst(scheme.count)
        let parts = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var unit = ContourUnit.metres
        if parts.count == 2 {
            for pair in parts[1].split(separator: "&") {
                let keyValue = pair.split(separator: "=", maxSplits: 1).map(String.init)
                guard keyValue.count == 2, keyValue[0] == "unit", let named = Self.unit(named: keyValue[1]) else {
                    throw MapError(
                        .invalidRequest, "source \"\(source.name)\": '\(pair)' in \(url) is not a contour option",
                        at: InputLocation(file: styleFile), remedy: "give contours://DEM or contours://DEM?unit=feet")
                }
                unit = named
            }
        }
        return (String(parts[0]), unit)
    }

    private static func unit(named name: String) -> ContourUnit? {
        switch name {
        case "m", "metres", "meters": .metres
        case "ft", "feet": .feet
        default: nil
        }
    }

    /// The `raster-dem` sources the style's contour sources trace.
    static func elevationSourceNames(of style: VectorStyle) -> [String] {
        style.sources.values.compactMap { source in
            guard isContourSource(source), let url = source.url else { return nil }
            return String(url.dropFirst(scheme.count).prefix { $0 != "?" })
        }.sorted()
    }

    /// The tiles of a contour source, traced from the elevation provider bound to the
    /// `raster-dem` source it names; `nil` for another source.
    ///
    /// - Throws: `MapError` `.invalidRequest` for a contour source naming no `raster-dem`
    ///   source of the style, or with an option this does not know.
    static func provider(
        for source: VectorStyleSource, in style: VectorStyle, elevation: [String: any ElevationTileProvider],
        styleFile: String
    ) throws(MapError) -> (any VectorTileProvider)? {
        guard let (name, unit) = try reference(of: source, styleFile: styleFile) else { return nil }
        guard let dem = style.sources[name], dem.kind == .rasterDEM, let provider = elevation[name] else {
            throw MapError(
                .invalidRequest,
                "source \"\(source.name)\": \(source.url ?? "") names no raster-dem source of the style",
                at: InputLocation(file: styleFile),
                remedy: "name a source of type raster-dem after contours://, e.g. contours://terrain")
        }
        return ContourTileProvider(elevation: provider, demTileSize: Int(dem.tileSize), unit: unit)
    }

    /// `look` with contour lines traced from the elevation source `TerrainOverlay` added (its
    /// hillshade must be in the style): thin lines and thicker index contours just over the
    /// hillshade, under buildings, roads and labels, from map zoom 12 (style zoom 11), and the
    /// index contours labelled along the line in `unit`, placed after every other label.
    public static func added(to style: VectorStyle, look: BuiltInVectorStyle, unit: Unit) -> VectorStyle {
        guard let hillshade = style.layers.firstIndex(where: { $0.id == TerrainOverlay.name }),
            let parsed = try? VectorStyle(
                parsing: Array(definition(look: look, unit: unit.contourUnit).utf8), fileName: "contours"),
            let source = parsed.sources[sourceName]
        else { return style }
        var contoured = style
        contoured.sources[sourceName] = source
        let lines = parsed.layers.filter { $0.kind == .line }
        contoured.layers.insert(contentsOf: lines, at: hillshade + 1)
        let firstLabel = contoured.layers.firstIndex { $0.kind == .symbol } ?? contoured.layers.count
        contoured.layers.insert(contentsOf: parsed.layers.filter { $0.kind == .symbol }, at: firstLabel)
        return contoured
    }

    /// The source and layers, as a style: brown lines on the light look, a pale warm grey on
    /// the dark one, a darker brown on paper (topographic maps' contour colour).
    static func definition(look: BuiltInVectorStyle, unit: ContourUnit) -> String {
        let (line, text, halo): (String, String, String) =
            switch look {
            case .standard: ("rgba(140, 100, 60, 0.45)", "rgba(120, 85, 50, 0.9)", "rgba(250, 248, 240, 0.85)")
            case .dark: ("rgba(200, 180, 150, 0.28)", "rgba(200, 185, 160, 0.85)", "rgba(30, 32, 36, 0.85)")
            case .print: ("rgba(120, 85, 55, 0.55)", "rgba(100, 70, 45, 1)", "rgba(255, 255, 255, 0.9)")
            }
        let url = scheme + TerrainOverlay.name + (unit == .feet ? "?unit=feet" : "")
        let source = "\"\(sourceName)\", \"source-layer\": \"\(ContourTileProvider.layerName)\""
        let minimum = ContourInterval.minimumZoom - 1
        return """
            {"version": 8, "sources": {"\(sourceName)": {"type": "vector", "url": "\(url)"}}, "layers": [
              {"id": "contour", "type": "line", "source": \(source), "minzoom": \(minimum),
               "filter": ["==", ["get", "level"], 0], "layout": {"line-join": "round", "line-cap": "round"},
               "paint": {"line-color": "\(line)", "line-width": ["interpolate", ["linear"], ["zoom"], 11, 0.5, 15, 0.8]}},
              {"id": "contour-index", "type": "line", "source": \(source), "minzoom": \(minimum),
               "filter": ["==", ["get", "level"], 1], "layout": {"line-join": "round", "line-cap": "round"},
               "paint": {"line-color": "\(line)", "line-width": ["interpolate", ["linear"], ["zoom"], 11, 1, 15, 1.5]}},
              {"id": "contour-label", "type": "symbol", "source": \(source), "minzoom": \(minimum),
               "filter": ["==", ["get", "level"], 1],
               "layout": {"symbol-placement": "line", "text-field": ["concat", ["to-string", ["get", "ele"]], " \(unit.symbol)"],
                          "text-font": ["DejaVu Sans"], "text-size": 10, "symbol-spacing": 300, "text-max-angle": 25},
               "paint": {"text-color": "\(text)", "text-halo-color": "\(halo)", "text-halo-width": 1.5}}
            ]}
            """
    }
}
