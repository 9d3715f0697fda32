/// Something the fitted viewport must show whole: a map rect (a point when empty) and the
/// canvas points its drawing reaches beyond that rect (a pin's head above its tip, a
/// callout, half a stroke width).
public struct FitItem: Hashable, Sendable {
    /// The geographic extent, in map points; x may run past the world's edge for content
    /// that crosses the 180th meridian.
    public var rect: MapRect
    /// How far the drawing reaches beyond `rect` on each side, in canvas points.
    public var margins: EdgeInsets

    /// Creates an item from a rect and its margins.
    public init(rect: MapRect, margins: EdgeInsets = .zero) {
        self.rect = rect
        self.margins = margins
    }

    /// An item for a single point, such as a pin's tip.
    public init(point: MapPoint, margins: EdgeInsets = .zero) {
        self.init(rect: MapRect(origin: point, size: MapSize(width: 0, height: 0)), margins: margins)
    }
}

/// How `Viewport.fitting` chooses the zoom.
public struct FitOptions: Hashable, Sendable {
    /// Canvas points kept clear at each edge.
    public var padding: EdgeInsets
    /// The smallest zoom allowed.
    public var minimumZoom: Double
    /// The largest zoom allowed (`--max-zoom`).
    public var maximumZoom: Double
    /// The zoom used when the content has no extent (a single place): 15 shows a few
    /// streets around it.
    public var singlePointZoom: Double
    /// Whether to round the zoom down to a whole number (for raster tiles drawn 1:1).
    public var snapsToWholeZoom: Bool
    /// A step the fitted zoom is rounded down to a multiple of (0.25: quarter zooms, so maps
    /// of nearby extents share a zoom and their painted blocks), or 0 for none.
    public var zoomStep: Double = 0

    /// Creates fitting options.
    public init(
        padding: EdgeInsets = EdgeInsets(all: 20), minimumZoom: Double = 0, maximumZoom: Double = 19,
        singlePointZoom: Double = 15, snapsToWholeZoom: Bool = false
    ) {
        self.padding = padding
        self.minimumZoom = minimumZoom
        self.maximumZoom = maximumZoom
        self.singlePointZoom = singlePointZoom
        self.snapsToWholeZoom = snapsToWholeZoom
    }
}

/// Why a viewport could not be fitted.
public enum FitError: Error, Hashable, Sendable {
    /// There is nothing to fit and no centre was given.
    case noContent
    /// The canvas has no area.
    case emptyCanvas
}

extension Viewport {
    /// The viewport that shows every item whole at the largest zoom allowed, centred on the
    /// drawn extent (pixel margins included), within the padding.
    ///
    /// Content on both sides of the 180th meridian is framed across it: the items are
    /// shifted by whole worlds so the largest empty stretch of longitude falls outside the
    /// frame. When even the smallest zoom cannot hold the margins, the smallest zoom is used
    /// and the content is centred.
    ///
    /// After go-staticmaps' extra pixel margins and Leaflet's `getBoundsZoom`: the drawn
    /// width at scale s is max(xᵢ·s + rightᵢ) − min(xⱼ·s − leftⱼ), a maximum of linear
    /// functions of s with non-negative slopes, so it grows monotonically with the zoom and
    /// a bisection finds the largest zoom that fits exactly.
    ///
    /// - Complexity: O(n log n) for n items.
    public static func fitting(
        _ items: [FitItem], in size: CanvasSize, options: FitOptions = FitOptions()
    ) throws(FitError) -> Viewport {
        guard size.width > 0, size.height > 0 else { throw .emptyCanvas }
        guard !items.isEmpty else { throw .noContent }
        let shifted = FitItem.unwrappedAcross180thMeridian(items)
        let padding = options.padding
        let available = CanvasSize(
            width: size.width - padding.left - padding.right,
            height: size.height - padding.top - padding.bottom)

        func extents(atZoom zoom: Double) -> (x: ClosedRange<Double>, y: ClosedRange<Double>) {
            let scale = canvasPointsPerMapPoint(atZoom: zoom)
            var minX = Double.infinity, maxX = -Double.infinity
            var minY = Double.infinity, maxY = -Double.infinity
            for item in shifted {
                minX = min(minX, item.rect.minX * scale - item.margins.left)
                maxX = max(maxX, item.rect.maxX * scale + item.margins.right)
                minY = min(minY, item.rect.minY * scale - item.margins.top)
                maxY = max(maxY, item.rect.maxY * scale + item.margins.bottom)
            }
            return (minX...maxX, minY...maxY)
        }
        func fits(_ zoom: Double) -> Bool {
            let (x, y) = extents(atZoom: zoom)
            return x.upperBound - x.lowerBound <= available.width
                && y.upperBound - y.lowerBound <= available.height
        }

        let low = options.minimumZoom, high = max(options.minimumZoom, options.maximumZoom)
        var zoom: Double
        let anchor = shifted[0].rect.origin
        let hasExtent = shifted.contains {
            $0.rect.size.width > 0 || $0.rect.size.height > 0 || $0.rect.origin != anchor
        }
        if !hasExtent {
            zoom = min(max(options.singlePointZoom, low), high)
        } else if fits(high) {
            zoom = high
        } else if !fits(low) {
            zoom = low
        } else {
            var lower = low, upper = high
            for _ in 0..<64 {
                let middle = (lower + upper) / 2
                if fits(middle) { lower = middle } else { upper = middle }
            }
            zoom = lower
        }
        if options.snapsToWholeZoom { zoom = max(low, zoom.rounded(.down)) }
        if options.zoomStep > 0, hasExtent {
            // The small nudge keeps a zoom already on the grid there despite rounding.
            zoom = max(low, ((zoom + 1e-9) / options.zoomStep).rounded(.down) * options.zoomStep)
        }

        // Centre the drawn extent in the padded area: its left edge lands at
        // padding.left + (available − drawn) / 2.
        let scale = canvasPointsPerMapPoint(atZoom: zoom)
        let (x, y) = extents(atZoom: zoom)
        let leftEdge = padding.left + (available.width - (x.upperBound - x.lowerBound)) / 2
        let topEdge = padding.top + (available.height - (y.upperBound - y.lowerBound)) / 2
        let center = MapPoint(
            x: (x.lowerBound + size.width / 2 - leftEdge) / scale,
            y: (y.lowerBound + size.height / 2 - topEdge) / scale)
        return Viewport(center: center, zoom: zoom, size: size)
    }

    /// The viewport that shows every item whole with `center` in the middle of the canvas.
    ///
    /// Each item is fitted together with its mirror image through `center` (margins swapped
    /// side for side), which makes the drawn extent symmetric about it; with no items, the
    /// centre alone is shown at the single-point zoom.
    public static func fitting(
        _ items: [FitItem], in size: CanvasSize, options: FitOptions = FitOptions(), around center: MapPoint
    ) throws(FitError) -> Viewport {
        let world = MapSize.world.width
        var symmetric = [FitItem(point: center)]
        for item in FitItem.unwrappedAcross180thMeridian(items) {
            // Take the world copy of the item nearest the centre before mirroring.
            let shift = ((center.x - item.rect.center.x) / world).rounded() * world
            let rect = item.rect.offsetBy(dx: shift, dy: 0)
            let margins = item.margins
            symmetric.append(FitItem(rect: rect, margins: margins))
            symmetric.append(
                FitItem(
                    rect: MapRect(
                        minX: 2 * center.x - rect.maxX, minY: 2 * center.y - rect.maxY, maxX: 2 * center.x - rect.minX,
                        maxY: 2 * center.y - rect.minY),
                    margins: EdgeInsets(
                        top: margins.bottom, left: margins.right, bottom: margins.top, right: margins.left)))
        }
        let zoom = try fitting(symmetric, in: size, options: options).zoom
        return Viewport(center: center, zoom: zoom, size: size)
    }

    /// The viewport showing a region whole, centred on it, like `MKMapView.regionThatFits`.
    public static func fitting(_ region: CoordinateRegion, in size: CanvasSize) throws(FitError) -> Viewport {
        guard size.width > 0, size.height > 0 else { throw .emptyCanvas }
        let rect = region.mapRect
        // Mercator stretches latitudes unevenly, so the centre is not the middle of the rect:
        // size the frame by the larger half on each axis to keep the centre in the middle.
        let center = MapPoint(region.center)
        let halfHeight = max(center.y - rect.minY, rect.maxY - center.y, 1e-9)
        let halfWidth = max(rect.size.width / 2, 1e-9)
        let scale = min(size.width / (2 * halfWidth), size.height / (2 * halfHeight))
        let zoom = min(max(Viewport.zoom(forCanvasPointsPerMapPoint: scale), 0), 24)
        return Viewport(center: center, zoom: zoom, size: size)
    }
}

extension FitItem {
    /// The items shifted by whole worlds so that together they take the shortest stretch of
    /// longitude: the widest gap between them on the circle becomes the outside of the frame.
    static func unwrappedAcross180thMeridian(_ items: [FitItem]) -> [FitItem] {
        let shifts = MapRect.worldShifts(joining: items.map(\.rect))
        return zip(items, shifts).map { item, shift in
            FitItem(rect: item.rect.offsetBy(dx: shift, dy: 0), margins: item.margins)
        }
    }
}
