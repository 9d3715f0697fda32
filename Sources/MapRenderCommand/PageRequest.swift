import MapDrawing
import MapErrors
import MapFormats
import MapGeometry
import MapPage
import MapRenderCore

/// What `--paper`, `--page`, `--dpi`, `--margin`, `--bbox` and `--scale-ratio` ask for.
struct PageRequest {
    /// The sheet (`--paper` or `--page`), or `nil` for a screen canvas (`--size`).
    var paper: Paper?
    /// Raster pixels per inch (`--dpi`); `nil`: 300 on paper, 96 × `--scale` on screen.
    var dpi: Double?
    /// Margins on paper (`--margin`); `nil`: `PageLayout.defaultMargin`.
    var margins: EdgeInsets?
    /// The box shown exactly (`--bbox`).
    var bbox: BoundingBox?
    /// The scale on paper at the map's centre (`--scale-ratio`).
    var scaleRatio: ScaleRatio?
    /// Whether `--size` or `--scale` were given (after any `--paper`, `--page` or `--dpi`).
    var setsSize = false, setsScale = false

    /// Wraps a page value's error in the option's words: exit 64 with the value and what is
    /// allowed.
    static func error(_ error: PageValueError, option: String) -> MapError {
        MapError(.invalidRequest, "\(option): \(error.reason)", remedy: "give \(error.allowed)")
    }

    /// Refuses options that ask for the same thing twice; a screen `--dpi` becomes the scale.
    ///
    /// Of `--size` and `--paper`/`--page`, and of `--dpi` and `--scale`, the later one given
    /// wins (the option actions clear the other), so a configuration file's default gives way
    /// to the command line. On paper the density is `--dpi`: a `--scale` after `--paper` or
    /// `--page` is refused.
    static func check(_ request: inout RenderRequest) throws(MapError) {
        let (paper, dpi, margins, bbox, scaleRatio) = (
            request.page.paper, request.page.dpi, request.page.margins, request.page.bbox, request.page.scaleRatio
        )
        if paper != nil && request.page.setsScale {
            throw MapError(
                .invalidRequest, "--scale on paper: a page's pixel density is its --dpi",
                remedy: "give --dpi N (default 300) instead of --scale")
        }
        if margins != nil && paper == nil {
            throw MapError(
                .invalidRequest, "--margin needs --paper or --page", remedy: "give --paper A4 or --page WxHmm")
        }
        if bbox != nil, request.center != nil || request.zoom != nil || request.span != nil || scaleRatio != nil {
            throw MapError(
                .invalidRequest, "--bbox sets what the map shows; --center, --zoom, --span and --scale-ratio do too",
                remedy: "give --bbox alone, or leave it out")
        }
        if scaleRatio != nil, request.zoom != nil || request.span != nil {
            throw MapError(
                .invalidRequest, "--scale-ratio sets the scale; --zoom and --span do too", remedy: "give one of them")
        }
        if let dpi, paper == nil { request.scale = dpi / PageLayout.screenDPI }
    }

    /// Canvas points per inch: 72 on paper, 96 on a screen canvas (CSS's reference pixel).
    var pointsPerInch: Double { paper == nil ? PageLayout.screenDPI : PageLength.pointsPerInch }

    /// The page a render draws, or `nil` without `--paper`/`--page`: the page's size trimmed
    /// to whole pixels for raster output, its frame shrunk to the aspect of `--bbox`.
    func layout(format: ImageFormat, size: CanvasSize, scale: Double) throws(MapError) -> PageLayout? {
        guard let paper else {
            // A box on a --size canvas of another shape: the map framed in the middle of it.
            guard let bbox, setsSize else { return nil }
            do throws(PageValueError) {
                return try PageLayout(
                    page: Paper(width: size.width, height: size.height), margins: .zero,
                    dpi: PageLayout.screenDPI * scale, pointsPerInch: PageLayout.screenDPI
                ).fitted(toAspect: bbox.aspect)
            } catch {
                throw Self.error(error, option: "--size")
            }
        }
        var layout: PageLayout
        do throws(PageValueError) {
            layout = try PageLayout(
                page: paper, margins: margins ?? EdgeInsets(all: PageLayout.defaultMargin),
                dpi: dpi ?? PageLayout.defaultPrintDPI)
        } catch {
            throw Self.error(error, option: "--margin")
        }
        if let bbox { layout = layout.fitted(toAspect: bbox.aspect) }
        if format.isRaster { layout = layout.pixelAligned }
        return layout
    }

    /// Sets the canvas, density and framing of the snapshot for the page: the map laid out for
    /// the frame at the page's density; `--bbox` shown exactly; `--scale-ratio` at its zoom,
    /// centred on `--center` or on what fitting chooses, refused (exit 64) when the inputs do
    /// not fit at it, with the round ratio that would; the ratio printed by the scale bar.
    func apply(
        to options: inout MapSnapshotter.Options, layout: PageLayout?, request: RenderRequest, scene: inout MapScene,
        measurer: any TextMeasurer
    ) throws(MapError) {
        if let layout {
            options.size = layout.frame.size
            options.scale = layout.deviceScale
        }
        if request.isTransparent, layout != nil, paper != nil {
            throw MapError(
                .invalidRequest, "--transparent: a page on paper has paper-white margins",
                remedy: "leave out --transparent, or give --size instead of --paper or --page for a see-through map")
        }
        if request.legendMode == .outside, layout != nil {
            throw MapError(
                .invalidRequest, "--legend outside widens the image, which a page or a framed --bbox cannot",
                remedy: "give --legend corner")
        }
        if let bbox {
            if layout == nil {
                // A screen canvas without --size takes the box's aspect.
                let size = options.size
                options.size =
                    CanvasRect(x: 0, y: 0, width: size.width, height: size.height).fitted(
                        toAspect: bbox.aspect
                    ).size
            }
            let viewport = bbox.viewport(size: options.size)
            options.framing = .centerZoom(viewport.center.coordinate, zoom: viewport.zoom)
        }
        guard let scaleRatio else { return }
        let center: Coordinate
        if let given = request.center {
            center = given
        } else {
            var fitting = options
            fitting.snapsZoomToTiles = false
            // What must fit is what is drawn, not the bubbles: a page too small for every
            // callout still shows the places at a ratio, with badges and a legend for the rest.
            fitting.calloutMode = .none
            // The fit's limits on zoom would hide how far in the inputs allow; a ratio is the limit.
            fitting.framing = .fit(
                FitOptions(padding: EdgeInsets(all: request.padding), maximumZoom: 30, singlePointZoom: 30))
            let fitted = try MapSnapshotter(scene: scene, options: fitting).viewport(measurer: measurer)
            let largest = ScaleRatio(at: fitted, pointsPerInch: pointsPerInch)
            if scaleRatio.denominator < largest.denominator * (1 - 1e-9) {
                throw MapError(
                    .invalidRequest,
                    "--scale-ratio \(scaleRatio): what is drawn does not fit the map's frame at that scale;"
                        + " \(largest.roundedUp) would",
                    remedy: "give --scale-ratio \(largest.roundedUp) (or a larger N), a larger --paper, smaller"
                        + " --margin, or --center to show part of it")
            }
            center = fitted.centerCoordinate
        }
        // The map's centre stays within Web Mercator's latitudes, so the ratio is true where
        // the map is centred (at ±90° it would need an infinite zoom).
        let limit = MapPoint.maximumLatitude
        let centerLatitude = min(max(center.latitude, -limit), limit)
        options.framing = .centerZoom(
            Coordinate(latitude: centerLatitude, longitude: center.longitude),
            zoom: scaleRatio.zoom(atLatitude: centerLatitude, pointsPerInch: pointsPerInch))
        scene.scaleRatioText = scaleRatio.description
    }

    /// The sidecar's page members: `page` (size and frame in points and millimetres, margins,
    /// dpi), `bbox` (west, south, east, north of the map drawn) and `scaleRatio` (the
    /// denominator at the map's centre), when a page, a box or a ratio was asked for.
    func sidecarMembers(layout: PageLayout?, viewport: Viewport) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        if let layout {
            let frame = layout.frame
            members.append(
                (
                    "page",
                    .object([
                        ("width", .number(layout.pageSize.width)), ("height", .number(layout.pageSize.height)),
                        ("widthMillimeters", .number(layout.millimeters(layout.pageSize.width))),
                        ("heightMillimeters", .number(layout.millimeters(layout.pageSize.height))),
                        ("dpi", .number(layout.dpi)),
                        (
                            "frame",
                            .object([
                                ("x", .number(frame.minX)), ("y", .number(frame.minY)),
                                ("width", .number(frame.width)), ("height", .number(frame.height)),
                            ])
                        ),
                        (
                            "margins",
                            .object([
                                ("top", .number(layout.margins.top)), ("right", .number(layout.margins.right)),
                                ("bottom", .number(layout.margins.bottom)), ("left", .number(layout.margins.left)),
                            ])
                        ),
                    ])
                ))
        }
        if layout != nil || bbox != nil {
            let bounds = viewport.bounds
            members.append(
                ("bbox", .array([bounds.west, bounds.south, bounds.east, bounds.north].map(JSONValue.number))))
        }
        if layout != nil || scaleRatio != nil {
            members.append(
                ("scaleRatio", .number(ScaleRatio(at: viewport, pointsPerInch: pointsPerInch).denominator)))
        }
        return members
    }
}
