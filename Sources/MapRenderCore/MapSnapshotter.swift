public import MapGeometry

/// The output file formats.
public enum ImageFormat: String, Hashable, Sendable, CaseIterable {
    /// Raster PNG, 8-bit RGBA.
    case png
    /// Vector SVG with real text.
    case svg
    /// Vector PDF with real, selectable text.
    case pdf
}

/// A backend that turns a display list into the bytes of an image file.
public protocol MapRenderer: Sendable {
    /// Measures text exactly as `render` will draw it.
    var textMeasurer: any TextMeasurer { get }

    /// Renders the list at a pixel density (`scale` device pixels per canvas point) into a
    /// file of the given format.
    func render(_ list: DisplayList, scale: Double, format: ImageFormat) throws(MapError) -> [UInt8]
}

/// Makes a static image of a scene, like MapKit's `MKMapSnapshotter`: the scene and options
/// in; the image, its viewport and where things landed out.
public struct MapSnapshotter: Sendable {
    /// What the snapshot shows and how.
    public struct Options: Hashable, Sendable {
        /// The canvas size, in canvas points.
        public var size: CanvasSize
        /// Device pixels per canvas point (2 for HiDPI).
        public var scale: Double
        /// How the viewport is chosen.
        public var framing: Framing
        /// How the map looks.
        public var style: Style
        /// The output format.
        public var format: ImageFormat
        /// Which callouts to show.
        public var calloutMode: CalloutMode

        /// Creates options; by default an 800×600 PNG at scale 1, fitted, in the default style.
        public init(
            size: CanvasSize = CanvasSize(width: 800, height: 600), scale: Double = 1,
            framing: Framing = .fit(FitOptions()), style: Style = .standard, format: ImageFormat = .png,
            calloutMode: CalloutMode = .all
        ) {
            self.calloutMode = calloutMode
            self.size = size
            self.scale = scale
            self.framing = framing
            self.style = style
            self.format = format
        }
    }

    /// What to draw.
    public var scene: MapScene
    /// How to draw it.
    public var options: Options
    /// What goes under the scene, or `nil` for a plain background.
    public var basemap: (any BasemapSource)?

    /// Creates a snapshotter.
    public init(scene: MapScene, options: Options = Options(), basemap: (any BasemapSource)? = nil) {
        self.scene = scene
        self.options = options
        self.basemap = basemap
    }

    /// The credits of the scene and the basemap, each once, in order.
    private var attribution: [String] {
        var credits: [String] = []
        for credit in (basemap?.attribution ?? []) + scene.attribution where !credits.contains(credit) { credits.append(credit) }
        return credits
    }

    /// The layout of the scene with a backend's text measurements.
    private func layout(measurer: any TextMeasurer) -> MapLayout {
        var scene = self.scene
        scene.attribution = attribution
        return MapLayout(scene: scene, style: options.style, calloutMode: options.calloutMode, measurer: measurer)
    }

    /// The viewport the snapshot will use, without drawing anything.
    public func viewport(measurer: any TextMeasurer) throws(MapError) -> Viewport {
        try layout(measurer: measurer).viewport(for: options.framing, size: options.size)
    }

    /// The laid-out map: display list, viewport, placements and diagnostics.
    public func layOut(measurer: any TextMeasurer) throws(MapError) -> MapLayout.Result {
        try layout(measurer: measurer).layOut(framing: options.framing, size: options.size, basemap: basemap)
    }

    /// Lays out and draws the snapshot with a backend.
    public func makeSnapshot(renderer: some MapRenderer) throws(MapError) -> MapSnapshot {
        let result = try layOut(measurer: renderer.textMeasurer)
        let data = try renderer.render(result.displayList, scale: options.scale, format: options.format)
        return MapSnapshot(
            data: data, format: options.format, scale: options.scale, viewport: result.viewport,
            annotations: result.annotations, attribution: attribution, diagnostics: result.diagnostics)
    }
}

/// A finished map: the encoded image and everything needed to relate it to the ground.
public struct MapSnapshot: Sendable {
    /// The encoded image file.
    public var data: [UInt8]
    /// Its format.
    public var format: ImageFormat
    /// Device pixels per canvas point.
    public var scale: Double
    /// What the canvas shows.
    public var viewport: Viewport
    /// Where each annotation landed.
    public var annotations: [AnnotationPlacement]
    /// Credits for the data drawn.
    public var attribution: [String]
    /// What the user should know about this map.
    public var diagnostics: [Diagnostic]

    /// Creates a snapshot.
    public init(
        data: [UInt8], format: ImageFormat, scale: Double, viewport: Viewport,
        annotations: [AnnotationPlacement], attribution: [String], diagnostics: [Diagnostic]
    ) {
        self.data = data
        self.format = format
        self.scale = scale
        self.viewport = viewport
        self.annotations = annotations
        self.attribution = attribution
        self.diagnostics = diagnostics
    }

    /// The canvas position of a coordinate, in canvas points, like
    /// `MKMapSnapshotter.Snapshot.point(for:)`.
    public func point(for coordinate: Coordinate) -> CanvasPoint { viewport.point(for: coordinate) }
}
