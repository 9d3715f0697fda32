public import MapAnnotations
public import MapDrawing
public import MapErrors
public import MapGeometry

/// The pure stage between a scene and a drawing: fit the viewport, project, place callouts,
/// order the layers and produce the display list. No Cairo, no fonts, no I/O: text sizes
/// come from the injected measurer.
public struct MapLayout: Sendable {
    /// What to draw.
    public var scene: MapScene
    /// How it looks.
    public var style: Style
    /// Which callouts to show.
    public var calloutMode: CalloutMode
    /// Sizes text as the backend will draw it.
    public var measurer: any TextMeasurer

    /// Creates a layout of a scene in a style.
    public init(scene: MapScene, style: Style, calloutMode: CalloutMode = .all, measurer: any TextMeasurer) {
        self.scene = scene
        self.style = style
        self.calloutMode = calloutMode
        self.measurer = measurer
    }

    /// The finished layout: the drawing, where annotations landed and what went wrong.
    public struct Result: Sendable {
        /// The drawing.
        public var displayList: DisplayList
        /// The viewport it shows.
        public var viewport: Viewport
        /// Where each place landed, in scene order.
        public var annotations: [AnnotationPlacement]
        /// Dropped callouts and the like.
        public var diagnostics: [Diagnostic]
    }

    // MARK: Fitting

    /// The callout of each place, measured, or `nil` where none shows.
    private var callouts: [CalloutContent?] {
        scene.places.map { CalloutContent.make(for: $0, mode: calloutMode, style: style.callout, measurer: measurer) }
    }

    /// What fitting must keep whole: each place with its marker and its callout above it,
    /// each overlay with half its stroke and casing, the user location with its halo.
    func fitItems(callouts: [CalloutContent?]) -> [FitItem] {
        var items: [FitItem] = []
        for (place, callout) in zip(scene.places, callouts) {
            var margins = MarkerShape.margins(for: place.marker)
            if let callout {
                let above =
                    -MarkerShape.calloutAnchorOffset(for: place.marker) + 1 + PlacedCallout.pointerLength
                    + callout.size.height
                margins = margins.union(
                    EdgeInsets(top: above, left: callout.size.width / 2, bottom: 0, right: callout.size.width / 2))
            }
            items.append(FitItem(point: MapPoint(place.coordinate.wrapped), margins: margins))
        }
        func add(_ lines: [[Coordinate]], reach: Double) {
            if let rect = MapRect(containing: OverlayProjection.mapPoints(rings: lines).joined()) {
                items.append(FitItem(rect: rect, margins: EdgeInsets(all: reach)))
            }
        }
        for circle in scene.allCircles { add([circle.ring], reach: (circle.style ?? style.circle).reach) }
        for line in scene.polylines { add([line.coordinates], reach: line.resolvedStyle(in: style).reach) }
        for polygon in scene.polygons { add(polygon.rings, reach: polygon.resolvedStyle(in: style).reach) }
        for segment in scene.tracks.flatMap(\.segments) { add([segment.map(\.coordinate)], reach: style.track.reach) }
        if let user = scene.userLocation {
            items.append(
                FitItem(
                    point: MapPoint(user.location.coordinate),
                    margins: UserLocationShape.margins(for: user, style: style.userLocation)))
            let accuracy = user.location.horizontalAccuracy
            if accuracy > 0, accuracy.isFinite {
                add(
                    [Coordinate.geodesicCircle(center: user.location.coordinate, radius: accuracy, count: 32)], reach: 1
                )
            }
        }
        return items
    }

    /// The viewport a framing gives on a canvas size.
    ///
    /// - Throws: `MapError` `.invalidData` when there is nothing to fit and no centre, `.invalidRequest`
    ///   when the canvas is empty.
    public func viewport(for framing: Framing, size: CanvasSize) throws(MapError) -> Viewport {
        try viewport(for: framing, size: size, callouts: callouts)
    }

    private func viewport(
        for framing: Framing, size: CanvasSize, callouts: [CalloutContent?]
    ) throws(MapError) -> Viewport {
        func reservingTitle(_ options: FitOptions) -> FitOptions {
            var options = options
            options.padding.top +=
                Furniture.titleHeight(scene.title, style: style.furniture, measurer: measurer)
                + Furniture.trackBoxesHeight(scene: scene, style: style.furniture, measurer: measurer)
            return options
        }
        do {
            switch framing {
            case .fit(let options):
                return try Viewport.fitting(fitItems(callouts: callouts), in: size, options: reservingTitle(options))
            case .fitAround(let center, let options):
                return try Viewport.fitting(
                    fitItems(callouts: callouts), in: size, options: reservingTitle(options), around: MapPoint(center))
            case .centerZoom(let center, let zoom): return Viewport(center: center, zoom: zoom, size: size)
            case .region(let region): return try Viewport.fitting(region, in: size)
            }
        } catch .noContent {
            throw MapError(
                .invalidData, "nothing to draw",
                remedy: "give places, pins, overlays or a location, or frame the map around a center")
        } catch {
            throw MapError(
                .invalidRequest, "the canvas size \(size) has no area",
                remedy: "give a canvas size with a positive width and height")
        }
    }

    // MARK: Drawing

    /// Fits the viewport and lays the scene out in it, on a plain background.
    public func layOut(framing: Framing, size: CanvasSize) throws(MapError) -> Result {
        let callouts = self.callouts
        return layOut(
            in: try viewport(for: framing, size: size, callouts: callouts), callouts: callouts, underlay: Underlay())
    }

    /// Lays the scene out in a given viewport, over a basemap.
    public func layOut(in viewport: Viewport, underlay: Underlay = Underlay()) -> Result {
        layOut(in: viewport, callouts: callouts, underlay: underlay)
    }

    private func layOut(in viewport: Viewport, callouts: [CalloutContent?], underlay: Underlay) -> Result {
        // Place everything first, then paint bottom to top.
        // Wrapped first: a longitude many turns past ±180° would lose its precision in map points.
        let points = scene.places.map { viewport.point(for: $0.coordinate.wrapped) }
        let markerRects = zip(scene.places, points).map { place, point in
            let m = MarkerShape.margins(for: place.marker)
            return CanvasRect(
                x: point.x - m.left, y: point.y - m.top, width: m.left + m.right, height: m.top + m.bottom)
        }
        // Callouts: the "going next" place first, then input order.
        let requests = scene.places.indices.compactMap { index -> CalloutPlacer.Request? in
            guard let content = callouts[index] else { return nil }
            let marker = scene.places[index].marker
            return CalloutPlacer.Request(
                index: index, content: content, point: points[index], margins: MarkerShape.margins(for: marker),
                anchorOffset: MarkerShape.calloutAnchorOffset(for: marker))
        }.sorted { (rank($0.index), $0.index) < (rank($1.index), $1.index) }
        func rank(_ index: Int) -> Int { scene.places[index].marker == .goingNext ? 0 : 1 }
        let canvas = CanvasRect(x: 0, y: 0, width: viewport.size.width, height: viewport.size.height).insetBy(2)
        let (placed, dropped) = CalloutPlacer(canvas: canvas, markerRects: markerRects).place(requests)
        let tracks = TrackLayout.commands(
            for: scene.tracks, display: scene.trackDisplay, style: style.track, in: viewport)
        let furniture = Furniture.layOut(
            scene: scene, trackRange: tracks.range, viewport: viewport, style: style.furniture, measurer: measurer)

        var list = DisplayList(size: viewport.size)
        list.append(.clear(style.backgroundColor))
        if let tiles = underlay.tiles { list.commands += BasemapLayout.tileCommands(tiles, in: viewport) }
        if let styled = underlay.styled { list.commands += styled.commands }
        if let vector = underlay.vector {
            list.commands += BasemapLayout.geometryCommands(
                vector, in: viewport, style: style.basemap, drawsAreas: underlay.vectorDrawsAreas)
        }
        for polygon in scene.polygons {
            draw(
                OverlayProjection.mapPoints(rings: polygon.rings), closed: true,
                style: polygon.resolvedStyle(in: style), in: viewport, into: &list)
        }
        for line in scene.polylines {
            draw(
                [OverlayProjection.mapPoints(line.coordinates)], closed: false, style: line.resolvedStyle(in: style),
                in: viewport, into: &list)
        }
        for circle in scene.allCircles {
            draw(
                [OverlayProjection.mapPoints(circle.ring)], closed: true, style: circle.style ?? style.circle,
                in: viewport, into: &list)
        }
        list.commands += tracks.commands
        if let basemap = underlay.vector {
            // Basemap names yield to every marker, callout and piece of furniture.
            list.commands += BasemapLayout.labelCommands(
                basemap.labels, in: viewport, style: style.basemap, fontFamily: style.furniture.fontFamily,
                obstacles: markerRects + placed.map(\.bounds) + furniture.rects, measurer: measurer)
        }
        if let styled = underlay.styled {
            var placer = LabelPlacer(canvas: canvas, obstacles: markerRects + placed.map(\.bounds) + furniture.rects)
            list.commands += placer.commands(placing: styled.labels)
        }
        if let user = scene.userLocation {
            list.commands += UserLocationShape.commands(for: user, in: viewport, style: style.userLocation)
        }
        // Markers north first, so southern ones overlap northern ones as on a paper map;
        // ties keep input order.
        for index in points.indices.sorted(by: { (points[$0].y, $0) < (points[$1].y, $1) }) {
            list.commands += MarkerShape.commands(for: scene.places[index].marker, at: points[index], style: style)
        }
        for callout in placed { list.commands += callout.commands(style: style.callout) }
        list.commands += furniture.commands

        let diagnostics =
            (underlay.tiles?.diagnostics ?? []) + (underlay.styled?.diagnostics ?? [])
            + dropped.sorted().map { index in
                Diagnostic(
                    .warning,
                    "callout for '\(scene.places[index].title)' dropped: no room on the map without overlapping another callout or leaving the image"
                )
            }
        let annotations = zip(scene.places, points).map { place, point in
            AnnotationPlacement(title: place.title, coordinate: place.coordinate.wrapped, point: point)
        }
        return Result(displayList: list, viewport: viewport, annotations: annotations, diagnostics: diagnostics)
    }

    /// What lies under the scene: raster tiles, a vector basemap, both (hybrid), a styled
    /// basemap or nothing.
    public struct Underlay: Sendable {
        /// Raster tiles, drawn first.
        public var tiles: RasterTileSet?
        /// A styled basemap's shapes and label candidates.
        public var styled: StyledBasemapDrawing?
        /// Vector features and labels.
        public var vector: VectorBasemap?
        /// Whether the vector basemap paints its land and water, or only its lines and
        /// names over imagery (hybrid).
        public var vectorDrawsAreas: Bool

        /// Creates an underlay; by default nothing, a plain background.
        public init(
            tiles: RasterTileSet? = nil, styled: StyledBasemapDrawing? = nil, vector: VectorBasemap? = nil,
            vectorDrawsAreas: Bool = true
        ) {
            self.tiles = tiles
            self.styled = styled
            self.vector = vector
            self.vectorDrawsAreas = vectorDrawsAreas
        }
    }

    /// Draws lines or rings with casing, fill and stroke.
    private func draw(
        _ lines: [[MapPoint]], closed: Bool, style shape: ShapeStyle, in viewport: Viewport,
        into list: inout DisplayList
    ) {
        let path = OverlayProjection.path(lines, closed: closed, in: viewport)
        guard !path.elements.isEmpty else { return }
        if closed, let fill = shape.fillColor { list.append(.fill(path, fill, evenOdd: true)) }
        guard let stroke = shape.strokeColor else { return }
        if let casing = shape.casingColor, shape.casingWidth > 0 {
            list.append(
                .stroke(
                    path,
                    StrokeStyle(
                        color: casing, lineWidth: shape.lineWidth + 2 * shape.casingWidth, lineCap: shape.lineCap,
                        lineJoin: shape.lineJoin)))
        }
        list.append(
            .stroke(
                path,
                StrokeStyle(
                    color: stroke, lineWidth: shape.lineWidth, dashPattern: shape.dashPattern, lineCap: shape.lineCap,
                    lineJoin: shape.lineJoin)))
    }
}
