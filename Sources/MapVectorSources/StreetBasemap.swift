public import MapDrawing
public import MapErrors
public import MapGeometry
public import MapRenderCore
public import MapVectorLayout
import MapVectorStyle

/// A vector tile basemap as the command line binds it: the style over its sources (a
/// `VectorTileBasemap`, which reports the style's notes and failed tiles itself), with what
/// binding found (a sprite that cannot be read is a warning) added to each drawing.
public struct StreetBasemap: StyledBasemap {
    /// The style and its bound sources.
    public var basemap: VectorTileBasemap
    /// What binding found, reported with every drawing.
    public var diagnostics: [Diagnostic]

    /// Creates a basemap.
    public init(basemap: VectorTileBasemap, diagnostics: [Diagnostic] = []) {
        self.basemap = basemap
        self.diagnostics = diagnostics
    }

    public var attribution: [String] { basemap.attribution }

    public var blockIdentity: String? { basemap.blockIdentity }

    public func blockDrawing(
        for viewport: Viewport, scale: Double, measurer: any TextMeasurer
    ) throws(MapError) -> StyledBasemapDrawing {
        // What binding found is reported with each map's own drawing; a block's warnings are
        // its tiles' alone, so that a sprite that cannot be read does not keep every block
        // from being kept.
        try basemap.blockDrawing(for: viewport, scale: scale, measurer: measurer)
    }

    public func drawing(
        for viewport: Viewport, scale: Double, measurer: any TextMeasurer
    ) throws(MapError) -> StyledBasemapDrawing {
        var drawing = try basemap.drawing(for: viewport, scale: scale, measurer: measurer)
        drawing.diagnostics = diagnostics + drawing.diagnostics
        return drawing
    }
}
