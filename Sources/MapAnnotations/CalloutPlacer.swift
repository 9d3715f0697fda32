package import MapGeometry

/// Places callouts so that none overlaps another or leaves the canvas, preferring spots
/// that do not hide other markers.
///
/// Greedy, in priority order (the "going next" place first, then input order). Each callout
/// tries MapKit's spot above its marker, then below, left and right, then the same sides
/// slid along the edge; the first spot that breaks no rule wins. A callout never covers
/// another marker either: a map whose labels hide its pins is worse than one that drops a
/// label. What cannot be placed is dropped and reported.
package struct CalloutPlacer {
    /// The area callouts must stay within.
    package var canvas: CanvasRect
    /// Every marker's drawn rectangle, by place index, then anything else no callout may
    /// cover (the legend, the scale bar, the attribution, the title).
    package var markerRects: [CanvasRect]

    package init(canvas: CanvasRect, markerRects: [CanvasRect]) {
        self.canvas = canvas
        self.markerRects = markerRects
    }

    /// One callout to place.
    package struct Request {
        package var index: Int
        package var content: CalloutContent
        /// The marked point.
        package var point: CanvasPoint
        /// How far the marker reaches from the point on each side.
        package var margins: EdgeInsets
        /// Where the pointer touches the marker's top, relative to the point (negative: above).
        package var anchorOffset: Double

        package init(
            index: Int, content: CalloutContent, point: CanvasPoint, margins: EdgeInsets, anchorOffset: Double
        ) {
            self.index = index
            self.content = content
            self.point = point
            self.margins = margins
            self.anchorOffset = anchorOffset
        }
    }

    /// The placed callouts (in placement order) and the indices of the dropped ones.
    package func place(_ requests: [Request]) -> (placed: [PlacedCallout], dropped: [Int]) {
        var placed: [PlacedCallout] = []
        var dropped: [Int] = []
        for request in requests {
            let candidates = self.candidates(for: request)
            if let choice = candidates.first(where: { fits($0, placed: placed, ownMarker: request.index) }) {
                placed.append(choice)
            } else {
                dropped.append(request.index)
            }
        }
        return (placed, dropped)
    }

    private func fits(_ callout: PlacedCallout, placed: [PlacedCallout], ownMarker: Int) -> Bool {
        let bounds = callout.bounds
        guard canvas.contains(bounds) else { return false }
        if placed.contains(where: { $0.bounds.intersects(bounds) }) { return false }
        for (index, rect) in markerRects.enumerated() where index != ownMarker && rect.intersects(bounds) {
            return false
        }
        return true
    }

    /// Candidate spots in order of preference.
    private func candidates(for request: Request) -> [PlacedCallout] {
        let size = request.content.size
        let point = request.point
        let margins = request.margins
        let headTop = point.y + request.anchorOffset
        let headMiddle = (headTop + point.y) / 2
        let pointer = PlacedCallout.pointerLength
        // How far a bubble may slide along its edge while the pointer stays clear of corners.
        let slideX = max(0, size.width / 2 - 8 - PlacedCallout.pointerWidth / 2)
        let slideY = max(0, size.height / 2 - 8 - PlacedCallout.pointerWidth / 2)

        func above(_ shift: Double) -> PlacedCallout {
            let anchor = CanvasPoint(x: point.x, y: headTop - 1)
            let bubble = CanvasRect(
                x: point.x - size.width / 2 + shift, y: anchor.y - pointer - size.height, width: size.width,
                height: size.height)
            return PlacedCallout(content: request.content, bubble: bubble, anchor: anchor, side: .above)
        }
        func below(_ shift: Double) -> PlacedCallout {
            let anchor = CanvasPoint(x: point.x, y: point.y + margins.bottom)
            let bubble = CanvasRect(
                x: point.x - size.width / 2 + shift, y: anchor.y + pointer, width: size.width, height: size.height)
            return PlacedCallout(content: request.content, bubble: bubble, anchor: anchor, side: .below)
        }
        func left(_ shift: Double) -> PlacedCallout {
            let anchor = CanvasPoint(x: point.x - margins.left, y: headMiddle)
            let bubble = CanvasRect(
                x: anchor.x - pointer - size.width, y: headMiddle - size.height / 2 + shift, width: size.width,
                height: size.height)
            return PlacedCallout(content: request.content, bubble: bubble, anchor: anchor, side: .left)
        }
        func right(_ shift: Double) -> PlacedCallout {
            let anchor = CanvasPoint(x: point.x + margins.right, y: headMiddle)
            let bubble = CanvasRect(
                x: anchor.x + pointer, y: headMiddle - size.height / 2 + shift, width: size.width, height: size.height)
            return PlacedCallout(content: request.content, bubble: bubble, anchor: anchor, side: .right)
        }
        var candidates = [above(0), below(0), left(0), right(0)]
        for fraction in [0.5, 1.0] {
            for sign in [-1.0, 1.0] {
                candidates += [above(sign * fraction * slideX), below(sign * fraction * slideX)]
            }
        }
        for fraction in [0.5, 1.0] {
            for sign in [-1.0, 1.0] {
                candidates += [left(sign * fraction * slideY), right(sign * fraction * slideY)]
            }
        }
        return candidates
    }
}
