import MapDrawing
import MapErrors
import MapGeometry
import MapMarginalia
import MapRenderCore

/// Draws the marginalia of a map without a page: the whole canvas is the frame, with no
/// margins, so grid labels sit inside it. With a page, the page's frame and margins take the
/// canvas's place here.
enum MarginaliaDrawing {
    /// The snapshot of `snapshotter`, with the request's marginalia drawn over the map.
    static func makeSnapshot(
        _ snapshotter: MapSnapshotter, request: RenderRequest, style: Style, renderer: any MapRenderer
    ) throws(MapError) -> MapSnapshot {
        let marginalia = request.marginalia.marginalia(title: request.title)
        guard !marginalia.isEmpty else { return try snapshotter.makeSnapshot(renderer: renderer) }
        let look = marginaliaStyle(for: style)
        let snapshotter = fitting(snapshotter, request: request, style: style, measurer: renderer.textMeasurer)
        // The snapshotter's own layout runs again inside makeSnapshot; the viewport is the same.
        let viewport = try snapshotter.viewport(measurer: renderer.textMeasurer)
        return try snapshotter.makeSnapshot(
            renderer: MarginaliaRenderer(
                base: renderer, marginalia: marginalia, viewport: viewport, style: look,
                furniturePlate: style.furniture.plateColor))
    }

    /// The snapshotter with its fitting keeping what it frames clear of the title block at the
    /// top, as it does of the map's own title (`render` and `fit` both use it, so they agree).
    static func fitting(
        _ snapshotter: MapSnapshotter, request: RenderRequest, style: Style, measurer: any TextMeasurer
    ) -> MapSnapshotter {
        let text = request.marginalia.marginalia(title: request.title).titleBlock
        // The block is as tall on any canvas of this width.
        let probe = MapFrame(canvas: Viewport(center: MapPoint(x: 0, y: 0), zoom: 0, size: snapshotter.options.size))
        guard
            let block = TitleBlock.layOut(text, in: probe, style: marginaliaStyle(for: style), measurer: measurer)
        else { return snapshotter }
        var snapshotter = snapshotter
        snapshotter.options.framing = reservingTop(block.rect.maxY, in: snapshotter.options.framing)
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
    let style: MarginaliaStyle
    /// The colour of the furniture's plates (scale bar, attribution, title, track boxes):
    /// the rectangles they cover are taken.
    let furniturePlate: Color

    var textMeasurer: any TextMeasurer { base.textMeasurer }

    func render(_ list: DisplayList, scale: Double, format: ImageFormat) throws(MapError) -> [UInt8] {
        var list = list
        // Taken: the furniture's plates, and whatever casts a shadow (the legend panel,
        // callout bubbles, pins), which marginalia must not hide.
        let taken = list.commands.compactMap { command -> CanvasRect? in
            switch command {
            case .fill(let path, furniturePlate, _), .shadow(let path, _, _): path.boundingRect
            default: nil
            }
        }
        let layout: Marginalia.Layout
        do {
            layout = try marginalia.layOut(
                in: MapFrame(canvas: viewport, taken: taken), style: style, measurer: textMeasurer)
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
        list.commands += layout.commands
        return try base.render(list, scale: scale, format: format)
    }
}
