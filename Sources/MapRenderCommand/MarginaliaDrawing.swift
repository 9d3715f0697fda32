import MapDrawing
import MapErrors
import MapFormats
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
        profile: ProfileDrawing? = nil, renderer: any MapRenderer
    ) throws(MapError) -> MapSnapshot {
        let marginalia = request.marginalia.marginalia(title: request.title)
        let snapshotter =
            marginalia.isEmpty
            ? snapshotter
            : fitting(snapshotter, request: request, style: style, page: page, measurer: renderer.textMeasurer)
        var profileMember: (String, JSONValue)?
        var snapshot = try snapshotter.makeSnapshot(renderer: renderer) { (list, viewport) throws(MapError) in
            // Laid out against the map as drawn: what it covers is taken.
            let added =
                marginalia.isEmpty
                ? []
                : try layOut(
                    marginalia, over: list, viewport: viewport, page: page, style: style,
                    measurer: renderer.textMeasurer)
            // The profile's markers go on the map, its panel beside the map (in the frame on a page).
            let chart = profile?.chart(measurer: renderer.textMeasurer)
            if let profile, let chart {
                profile.addMarkers(
                    to: &list, chart: chart, viewport: viewport, plateColor: style.furniture.plateColor,
                    measurer: renderer.textMeasurer)
                profileMember = profile.sidecarMember(chart: chart, extraWidth: profile.extraWidth(of: list))
            }
            if let page {
                list = page.compose(map: list)
                if let chart { list.commands += chart.commands }
            } else if let profile, let chart {
                list = profile.composeCanvas(map: list, chart: chart, background: style.backgroundColor)
            }
            list.commands += added
        }
        if let profileMember { snapshot.sidecarExtras.append(profileMember) }
        return snapshot
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

extension MarginaliaDrawing {
    /// The marginalia's commands around the frame of a map laid out as `list` (in the map's
    /// canvas), in page coordinates when there is a page.
    static func layOut(
        _ marginalia: Marginalia, over list: DisplayList, viewport: Viewport, page: PageLayout?, style: Style,
        measurer: any TextMeasurer
    ) throws(MapError) -> [DrawCommand] {
        // Taken: the furniture's plates, and whatever casts a shadow (the legend panel,
        // callout bubbles, pins), which marginalia must not hide.
        let plate = style.furniture.plateColor
        let origin = page?.frame.origin ?? CanvasPoint(x: 0, y: 0)
        let taken = list.commands.compactMap { command -> CanvasRect? in
            switch command {
            case .fill(let path, plate, _), .shadow(let path, _, _):
                path.boundingRect.map {
                    CanvasRect(x: $0.minX + origin.x, y: $0.minY + origin.y, width: $0.width, height: $0.height)
                }
            default: nil
            }
        }
        do {
            return try marginalia.layOut(
                in: frame(viewport: viewport, page: page, taken: taken), style: marginaliaStyle(for: style),
                measurer: measurer
            ).commands
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
    }
}
