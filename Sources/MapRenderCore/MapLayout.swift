import MapAnnotations
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
    /// What the legend lists and where it goes.
    public var legendMode: LegendMode
    /// Pins closer than this many canvas points merge into a cluster; `nil`: no clustering.
    public var clusterRadius: Double?
    /// Sizes text as the backend will draw it.
    public var measurer: any TextMeasurer

    /// Creates a layout of a scene in a style.
    public init(
        scene: MapScene, style: Style, calloutMode: CalloutMode = .all, legendMode: LegendMode = .auto,
        clusterRadius: Double? = nil, measurer: any TextMeasurer
    ) {
        self.scene = scene
        self.style = style
        self.calloutMode = calloutMode
        self.legendMode = legendMode
        self.clusterRadius = clusterRadius
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
        /// The legend's lines, by number.
        public var legend: [LegendEntry] = []
        /// Pins merged or fanned out by clustering.
        public var clusters: [ClusterPlacement] = []
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
        // With clustering, places at one coordinate fan out: each reaches the fan's radius further.
        var sharing: [Coordinate: Int] = [:]
        if clusterRadius != nil { for place in scene.places { sharing[place.coordinate.wrapped, default: 0] += 1 } }
        for (place, callout) in zip(scene.places, callouts) {
            var margins = MarkerShape.margins(for: place.marker)
            if let count = sharing[place.coordinate.wrapped], count > 1 {
                let r = PinClustering.fan(around: CanvasPoint(x: 0, y: 0), count: count).map { -$0.y }.max() ?? 0
                margins = EdgeInsets(
                    top: margins.top + r, left: margins.left + r, bottom: margins.bottom + r, right: margins.right + r)
            }
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
        var (marks, clusters, spokes) = self.marks(points: points, callouts: callouts, viewport: viewport)
        let tracks = TrackLayout.commands(
            for: scene.tracks, display: scene.trackDisplay, style: style.track, in: viewport)
        let furniture = Furniture.layOut(
            scene: scene, trackRange: tracks.range, viewport: viewport, style: style.furniture, measurer: measurer)
        for index in marks.indices { marks[index].badgeObstacles = furniture.rects }  // as for callouts, below
        // With numbers possible, each marker keeps the spot of its badge clear too.
        let numbers = calloutMode == .auto || legendMode != .auto
        let markerRects = marks.map { mark in
            guard numbers else { return mark.rect }
            let c = mark.badgeCenter
            let badge = CanvasRect(x: c.x - 8, y: c.y - 8, width: 16, height: 16)
            let r = mark.rect
            let minX = min(r.minX, badge.minX), minY = min(r.minY, badge.minY)
            return CanvasRect(
                x: minX, y: minY, width: max(r.maxX, badge.maxX) - minX, height: max(r.maxY, badge.maxY) - minY)
        }
        // Callouts: the "going next" place first, then input order.
        let requests = marks.indices.compactMap { index -> CalloutPlacer.Request? in
            guard let content = marks[index].callout else { return nil }
            return CalloutPlacer.Request(
                index: index, content: content, point: marks[index].point, margins: marks[index].margins,
                anchorOffset: marks[index].anchorOffset)
        }.sorted { (rank($0.index), $0.index) < (rank($1.index), $1.index) }
        func rank(_ index: Int) -> Int { marks[index].marker == .goingNext ? 0 : 1 }
        let canvas = CanvasRect(x: 0, y: 0, width: viewport.size.width, height: viewport.size.height).insetBy(2)
        var droppedCallouts: [Int] = []
        var overlays = DisplayList(size: viewport.size)
        for polygon in scene.polygons {
            draw(
                OverlayProjection.mapPoints(rings: polygon.rings), closed: true,
                style: polygon.resolvedStyle(in: style), in: viewport, into: &overlays)
        }
        for line in scene.polylines {
            draw(
                [OverlayProjection.mapPoints(line.coordinates)], closed: false, style: line.resolvedStyle(in: style),
                in: viewport, into: &overlays)
        }
        for circle in scene.allCircles {
            draw(
                [OverlayProjection.mapPoints(circle.ring)], closed: true, style: circle.style ?? style.circle,
                in: viewport, into: &overlays)
        }
        overlays.commands += tracks.commands
        // Callouts first, then the legend of those without room in the corner where it covers
        // least; callouts placed again clear of it, until the legend stops changing (three rounds at most).
        let visible = CanvasRect(x: 0, y: 0, width: viewport.size.width, height: viewport.size.height)
        var legendRect: CanvasRect?
        var placed: [PlacedCallout] = [], numbered: [Int] = []
        for _ in 0..<3 {
            let previous = numbered
            let obstacles = markerRects + furniture.rects + (legendRect.map { [$0] } ?? [])
            let dropped: [Int]
            (placed, dropped) = CalloutPlacer(canvas: canvas, markerRects: obstacles).place(requests)
            // Numbered marks: every one for a key, else the ones on the map whose bubble found no room.
            numbered =
                legendMode != .auto
                ? Array(marks.indices)
                : calloutMode == .auto
                    ? dropped.sorted().filter {
                        visible.contains(CanvasRect(origin: marks[$0].point, size: CanvasSize(width: 0, height: 0)))
                    } : []
            droppedCallouts = dropped.filter { calloutMode != .auto || !numbered.contains($0) }
            guard !numbered.isEmpty, legendMode != .outside, numbered != previous || legendRect == nil else { break }
            let panel = legendPanel(for: numbered, marks: marks, viewport: viewport)
            legendRect =
                LegendPlacement.bestCorner(
                    size: panel.size, canvas: visible.insetBy(Furniture.inset),
                    obstacles: marks.map(\.rect) + numbered.map { badgeRect(marks[$0]) }, movable: placed.map(\.bounds),
                    furniture: furniture.rects, overlaySamples: LegendPlacement.samples(of: overlays.commands)
                ).rect
        }
        // Basemap names yield to what is drawn: markers, badges, callouts, furniture, the legend.
        let drawn =
            marks.map(\.rect) + numbered.map { badgeRect(marks[$0]) } + placed.map(\.bounds) + furniture.rects
            + (legendMode == .outside || numbered.isEmpty ? [] : legendRect.map { [$0] } ?? [])
        var numberOf: [Int: Int] = [:]
        for (k, index) in numbered.enumerated() { numberOf[index] = k + 1 }

        var list = DisplayList(size: viewport.size)
        list.append(.clear(style.backgroundColor))
        if let tiles = underlay.tiles { list.commands += BasemapLayout.tileCommands(tiles, in: viewport) }
        if let styled = underlay.styled { list.commands += styled.commands }
        if let vector = underlay.vector {
            list.commands += BasemapLayout.geometryCommands(
                vector, in: viewport, style: style.basemap, drawsAreas: underlay.vectorDrawsAreas)
        }
        if let relief = underlay.relief { list.commands += relief.commands }
        list.commands += overlays.commands
        var taken = drawn
        if let basemap = underlay.vector {
            // Basemap names yield to every marker, callout and piece of furniture.
            list.commands += BasemapLayout.labelCommands(
                basemap.labels, in: viewport, style: style.basemap, fontFamily: style.furniture.fontFamily,
                taken: &taken, measurer: measurer)
        }
        if let relief = underlay.relief, !relief.labels.isEmpty {
            // The relief's labels (contour heights) yield to the basemap's names too.
            var placer = LabelPlacer(canvas: canvas, obstacles: taken)
            list.commands += placer.commands(placing: relief.labels)
        }
        if let styled = underlay.styled {
            var placer = LabelPlacer(canvas: canvas, obstacles: drawn)
            list.commands += placer.commands(placing: styled.labels)
        }
        if let user = scene.userLocation {
            list.commands += UserLocationShape.commands(for: user, in: viewport, style: style.userLocation)
        }
        list.commands += spokes
        // Markers north first, so southern ones overlap northern ones as on a paper map;
        // ties keep input order.
        for index in marks.indices.sorted(by: { (marks[$0].point.y, $0) < (marks[$1].point.y, $1) }) {
            list.commands += commands(for: marks[index])
        }
        for index in numbered {
            list.commands +=
                Badge.number(
                    numberOf[index]!, at: marks[index].badgeCenter, color: badgeColor(for: marks[index]),
                    family: style.callout.fontFamily, measurer: measurer
                ).commands
        }
        for callout in placed { list.commands += callout.commands(style: style.callout) }
        list.commands += furniture.commands

        // The legend: the numbered marks in number order.
        let legend = numbered.map { index in
            LegendEntry(
                number: numberOf[index]!, title: marks[index].title.isEmpty ? "(no title)" : marks[index].title,
                subtitle: marks[index].subtitle.flatMap { $0.isEmpty ? nil : $0 }, annotations: marks[index].members,
                cluster: marks[index].cluster)
        }
        var omitted = 0
        if !legend.isEmpty {
            let inset = Furniture.inset
            let panel = legendPanel(for: numbered, marks: marks, viewport: viewport)
            omitted = panel.omitted
            if legendMode == .outside {
                let strip = CanvasRect(
                    x: viewport.size.width, y: 0, width: panel.size.width + 2 * inset, height: viewport.size.height)
                list.size.width += strip.width
                list.commands.append(.fill(Path.roundedRect(strip, radius: 0), style.backgroundColor, evenOdd: false))
                list.commands += panel.commands(at: CanvasPoint(x: strip.minX + inset, y: inset))
            } else if let legendRect {
                list.commands += panel.commands(at: legendRect.origin)
            }
        }

        var diagnostics =
            (underlay.tiles?.diagnostics ?? []) + (underlay.styled?.diagnostics ?? [])
            + (underlay.relief?.diagnostics ?? [])
        do {
            diagnostics += droppedCallouts.sorted().map { index in
                Diagnostic(
                    .warning,
                    "callout for '\(marks[index].title)' dropped: no room on the map without overlapping another callout or leaving the image"
                )
            }
        }
        if omitted > 0 {
            diagnostics.append(
                Diagnostic(
                    .warning,
                    "the legend has no room for \(omitted) of its \(legend.count) entries: give a larger --size or --legend outside"
                ))
        }
        var annotations = zip(scene.places, points).map { place, point in
            AnnotationPlacement(title: place.title, coordinate: place.coordinate.wrapped, point: point)
        }
        for (index, mark) in marks.enumerated() {
            for member in mark.members {
                annotations[member].badge = numberOf[index]
                annotations[member].cluster = mark.cluster
            }
        }
        for (k, cluster) in clusters.enumerated() where cluster.kind == .fan {
            for member in cluster.annotations { annotations[member].cluster = k }
        }
        return Result(
            displayList: list, viewport: viewport, annotations: annotations, diagnostics: diagnostics, legend: legend,
            clusters: clusters)
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
        /// Relief drawn over the raster tiles or the vector world, under the scene.
        public var relief: StyledBasemapDrawing?

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
