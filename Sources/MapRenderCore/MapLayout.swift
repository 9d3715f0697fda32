public import MapGeometry

/// The pure stage between a scene and a drawing: fit the viewport, project, order layers and
/// produce the display list. No Cairo, no fonts, no I/O.
public struct MapLayout: Sendable {
    /// What to draw.
    public var scene: MapScene
    /// How it looks.
    public var style: Style

    /// Creates a layout of a scene in a style.
    public init(scene: MapScene, style: Style) {
        self.scene = scene
        self.style = style
    }

    /// What fitting must keep whole: every place with its marker's margins and every
    /// circle's ring with half its outline width.
    public var fitItems: [FitItem] {
        var items = scene.places.map { place in
            FitItem(point: MapPoint(place.coordinate), margins: MarkerShape.margins(for: place.marker))
        }
        for circle in scene.allCircles {
            if let rect = MapRect(containing: circle.ring.map(MapPoint.init)) {
                items.append(FitItem(rect: rect, margins: EdgeInsets(all: style.circle.reach)))
            }
        }
        return items
    }

    /// The viewport a framing gives on a canvas size.
    ///
    /// - Throws: `MapError` (`.usage`) when there is nothing to fit and no centre, or the
    ///   canvas is empty.
    public func viewport(for framing: Framing, size: CanvasSize) throws(MapError) -> Viewport {
        do {
            switch framing {
            case .fit(let options): return try Viewport.fitting(fitItems, in: size, options: options)
            case .fitAround(let center, let options):
                return try Viewport.fitting(fitItems, in: size, options: options, around: MapPoint(center))
            case .centerZoom(let center, let zoom): return Viewport(center: center, zoom: zoom, size: size)
            case .region(let region): return try Viewport.fitting(region, in: size)
            }
        } catch .noContent {
            throw MapError(.badData, "nothing to draw", remedy: "give places, pins or circles, or frame the map with --center")
        } catch {
            throw MapError(.usage, "the canvas size \(size) has no area", remedy: "give --size with a positive width and height")
        }
    }

    /// The drawing of the scene in a viewport, and where each annotation landed.
    public func layOut(in viewport: Viewport) -> (DisplayList, [AnnotationPlacement]) {
        var list = DisplayList(size: viewport.size)
        list.append(.clear(style.backgroundColor))
        for circle in scene.allCircles {
            let path = ringPath(circle.ring, anchor: circle.center, in: viewport)
            list.append(.fill(path, style.circle.fillColor!, evenOdd: false))
            list.append(.stroke(path, StrokeStyle(color: style.circle.strokeColor!, lineWidth: style.circle.lineWidth)))
        }
        // North first, so southern markers overlap northern ones as on a paper map; ties
        // keep input order.
        let placed = scene.places.enumerated()
            .map { (index: $0.offset, place: $0.element, point: viewport.point(for: $0.element.coordinate)) }
            .sorted { ($0.point.y, $0.index) < ($1.point.y, $1.index) }
        for entry in placed {
            list.commands += MarkerShape.commands(for: entry.place.marker, at: entry.point, style: style)
        }
        let annotations = scene.places.map { place in
            AnnotationPlacement(title: place.title, coordinate: place.coordinate, point: viewport.point(for: place.coordinate))
        }
        return (list, annotations)
    }

    /// A closed ring projected in the world copy of `anchor` nearest the viewport's centre;
    /// the ring's longitudes are continuous, so it stays whole across ±180°.
    private func ringPath(_ ring: [Coordinate], anchor: Coordinate, in viewport: Viewport) -> Path {
        let offset = viewport.worldCopyOffset(forMapX: MapPoint(anchor).x)
        let points = ring.map { coordinate -> CanvasPoint in
            var mapPoint = MapPoint(coordinate)
            mapPoint.x += offset
            return viewport.point(for: mapPoint)
        }
        return Path.polyline(points, closed: true)
    }
}
