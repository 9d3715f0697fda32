import MapDrawing
import MapErrors
import MapGeometry
import MapMarginalia
import MapPage
import MapRenderCore

/// Draws the marginalia of a map. Without a page the whole canvas is the frame, with no
/// margins, so grid labels sit inside it; on a page the map is composed into the page's frame
/// and the marginalia are laid out around that frame, in its margins where they fit.
enum MarginaliaDrawing {
    /// The snapshot of `snapshotter`, with the request's marginalia drawn over the map, on
    /// `page` when there is one.
    static func makeSnapshot(
        _ snapshotter: MapSnapshotter, request: RenderRequest, style: Style, page: PageLayout?,
        renderer: any MapRenderer
    ) throws(MapError) -> MapSnapshot {
        let marginalia = request.marginalia.marginalia(title: request.title)
        guard !marginalia.isEmpty else {
            guard let page else { return try snapshotter.makeSnapshot(renderer: renderer) }
            return try snapshotter.makeSnapshot(renderer: PageRenderer(base: renderer, layout: page))
        }
        let look = marginaliaStyle(for: style)
        let snapshotter = fitting(
            snapshotter, request: request, style: style, page: page, measurer: renderer.textMeasurer)
        // The snapshotter's own layout runs again inside makeSnapshot; the viewport is the same.
        let viewport = try snapshotter.viewport(measurer: renderer.textMeasurer)
        return try snapshotter.makeSnapshot(
            renderer: MarginaliaRenderer(
                base: renderer, marginalia: marginalia, viewport: viewport, page: page, style: look,
                furniturePlate: style.furniture.plateColor))
    }

    /// The frame marginalia are laid out against: the page's frame with the room around it
    /// on the page, else the whole canvas.
    static func frame(viewport: Viewport, page: PageLayout?, taken: [CanvasRect] = []) -> MapFrame {
        guard let page else { return MapFrame(canvas: viewport, taken: taken) }
        let frame = page.frame
        return MapFrame(
            rect: frame, viewport: viewport,
            margins: EdgeInsets(
                top: frame.minY, left: frame.minX, bottom: page.pageSize.height - frame.maxY,
                right: page.pageSize.width - frame.maxX),
            taken: taken)
    }

    /// The snapshotter with its fitting keeping what it frames clear of the title block at the
    /// top, as it does of the map's own title (`render` and `fit` both use it, so they agree);
    /// a block set in the page's top margin takes nothing from the map.
    static func fitting(
        _ snapshotter: MapSnapshotter, request: RenderRequest, style: Style, page: PageLayout?,
        measurer: any TextMeasurer
    ) -> MapSnapshotter {
        let text = request.marginalia.marginalia(title: request.title).titleBlock
        // The block is as tall on any canvas of this width.
        let probe = frame(
            viewport: Viewport(center: MapPoint(x: 0, y: 0), zoom: 0, size: snapshotter.options.size), page: page)
        guard
            let block = TitleBlock.layOut(text, in: probe, style: marginaliaStyle(for: style), measurer: measurer),
            block.rect.maxY > probe.rect.minY
        else { return snapshotter }
        var snapshotter = snapshotter
        snapshotter.options.framing = reservingTop(block.rect.maxY - probe.rect.minY, in: snapshotter.options.framing)
        return snapshotter
    }

    /// A fitting framing with `height` more canvas points of padding at the top; other
    /// framings as they are.
    static func reservingTop(_ height: Double, in framing: Framing) -> Framing {
        switch framing {
        case .fit(var options):
            options.padding.top += height
            return .fit(options)
        case .fitAround(let center, var options):
            options.padding.top += height
            return .fitAround(center, options)
        case .centerZoom, .region: return framing
        }
    }

    /// The marginalia look of a map style: the built-in look of its name, with the text,
    /// plate, font and title size of its furniture so the two match.
    static func marginaliaStyle(for style: Style) -> MarginaliaStyle {
        var look = MarginaliaStyle.named(style.name)
        look.textColor = style.furniture.textColor
        look.plateColor = style.furniture.plateColor
        look.fontFamily = style.furniture.fontFamily
        look.titleSize = style.furniture.titleSize
        return look
    }
}

/// A renderer that adds marginalia to the map's display list, then hands it on.
private struct MarginaliaRenderer: MapRenderer {
    let base: any MapRenderer
    let marginalia: Marginalia
    let viewport: Viewport
    /// The page the map is composed onto, if any.
    let page: PageLayout?
    let style: MarginaliaStyle
    /// The colour of the furniture's plates (scale bar, attribution, title, track boxes):
    /// the rectangles they cover are taken.
    let furniturePlate: Color

    var textMeasurer: any TextMeasurer { base.textMeasurer }

    func render(_ list: DisplayList, scale: Double, format: ImageFormat) throws(MapError) -> [UInt8] {
        var list = list
        // Taken: the furniture's plates, and whatever casts a shadow (the legend panel,
        // callout bubbles, pins), which marginalia must not hide.
        let origin = page?.frame.origin ?? CanvasPoint(x: 0, y: 0)
        let taken = list.commands.compactMap { command -> CanvasRect? in
            switch command {
            case .fill(let path, furniturePlate, _), .shadow(let path, _, _):
                path.boundingRect.map {
                    CanvasRect(x: $0.minX + origin.x, y: $0.minY + origin.y, width: $0.width, height: $0.height)
                }
            default: nil
            }
        }
        let layout: Marginalia.Layout
        do {
            layout = try marginalia.layOut(
                in: MarginaliaDrawing.frame(viewport: viewport, page: page, taken: taken), style: style,
                measurer: textMeasurer)
        } catch {
            switch error {
            case .tooManyLines(let interval, let lines, let suggested):
                throw MapError(
                    .invalidRequest,
                    "--grid: \(interval) draws \(lines) lines across this map, more than"
                        + " \(GridInterval.maximumLineCount)",
                    remedy: "give a coarser interval, e.g. \(suggested) (what --grid auto picks here)")
            }
        }
        if let page { list = page.compose(map: list) }
        list.commands += layout.commands
        return try base.render(list, scale: scale, format: format)
    }
}
