import MapDataCommands
import MapDrawing
import MapFormats
import MapGeometry
import MapPage
import MapProfile
import MapRenderCore

/// The elevation profile of a render (`--profile`): the map given less room, the panel in
/// the rest (under the map, or beside it on a wide canvas; inside the frame on a page), and
/// distance markers on the track at the panel's distance ticks.
struct ProfileDrawing {
    /// The whole canvas (or the page's frame before it was shared), in the list's space.
    var whole: CanvasRect
    /// The map's and the panel's rectangles in it.
    var placement: ProfilePanelPlacement
    var profile: ElevationProfile
    var waypoints: [ProfileChart.Waypoint]
    var options: ProfileChart.Options
    /// Where the tracks' heights came from (`--elevation`), for the sidecar.
    var heights: TrackHeights.Outcome?

    /// The gap between a page's map and its panel, in points: the neatline and a row of grid
    /// labels outside it (`--grid`) fit in it.
    static let pageGap = 14.0

    /// The drawing a request asks for, with the map's size (and a page's frame) made room
    /// for the panel; `nil` without `--profile`, or when the scene has no track (a warning
    /// in `scene`'s diagnostics then: a configured `profile` must not fail maps of places).
    static func prepare(
        _ request: RenderRequest, scene: inout MapScene, style: Style, options: inout MapSnapshotter.Options,
        page: inout PageLayout?
    ) -> ProfileDrawing? {
        guard request.showsProfile else { return nil }
        guard scene.tracks.contains(where: { !$0.isEmpty }) else {
            scene.diagnostics.append(
                Diagnostic(.warning, "--profile: the map has no track, so no elevation profile is drawn"))
            return nil
        }
        let whole =
            page?.frame ?? CanvasRect(x: 0, y: 0, width: options.size.width, height: options.size.height)
        let placement = ProfilePanelPlacement(in: whole, gap: page == nil ? 0 : pageGap)
        options.size = placement.map.size
        page?.frame = placement.map
        let tracks = scene.tracks.filter { !$0.isEmpty }
        // The Start and End pins a track map adds sit at 0 and at the end: not waypoints.
        let ends = [tracks.first?.first?.coordinate, tracks.last?.last?.coordinate]
        let waypoints = scene.places.filter { !(["Start", "End"].contains($0.title) && ends.contains($0.coordinate)) }
            .map { ProfileChart.Waypoint(name: $0.title, coordinate: $0.coordinate) }
        var chart = ProfileChart.Options()
        chart.units = request.trackDisplay.usesImperialUnits ? .imperial : .metric
        chart.coloring = request.profileColoring
        chart.lineColors = [style.track.strokeColor ?? Color(hex: 0x007AFF)].map { $0.withAlpha(1) }
        chart.textColor = style.furniture.textColor
        chart.plateColor = style.furniture.plateColor.withAlpha(max(style.furniture.plateColor.alpha, 0.92))
        chart.fontFamily = style.furniture.fontFamily
        // A column per output pixel (a page at its resolution, as its PDF is rastered).
        chart.columnsPerPoint = max(options.scale, (page?.dpi ?? 72) / 72)
        return ProfileDrawing(
            whole: whole, placement: placement, profile: ElevationProfile(tracks: tracks), waypoints: waypoints,
            options: chart)
    }

    /// The chart laid out in its panel.
    func chart(measurer: any TextMeasurer) -> ProfileChart {
        ProfileChart(profile, waypoints: waypoints, in: placement.panel, options: options, measurer: measurer)
    }

    /// Adds the distance markers to the map's own list (in the map's canvas, `viewport`),
    /// clear of what casts a shadow (callout bubbles, pins, the legend) and of the
    /// furniture's plates, which are drawn before them but belong on top.
    func addMarkers(
        to map: inout DisplayList, chart: ProfileChart, viewport: Viewport, plateColor: Color,
        measurer: any TextMeasurer
    ) {
        let taken = map.commands.compactMap { command -> CanvasRect? in
            switch command {
            case .fill(let path, plateColor, _), .shadow(let path, _, _): path.boundingRect
            default: nil
            }
        }
        let markers = DistanceMarkers.markers(of: profile, ticks: chart.distanceTicks) { viewport.point(for: $0) }
        map.commands += DistanceMarkers.commands(
            markers, color: options.lineColors.first ?? Color(hex: 0x007AFF),
            font: Font(family: options.fontFamily, size: 9, isBold: true), textColor: options.textColor,
            haloColor: plateColor.withAlpha(1), avoiding: taken, measurer: measurer)
    }

    /// How much wider than its rectangle the map's list is: `--legend outside` widens the
    /// map by the legend's column, and the canvas widens with it.
    func extraWidth(of map: DisplayList) -> Double { max(0, map.size.width - placement.map.width) }

    /// A canvas without a page: the map in its rectangle (with the legend's column when it
    /// widened the map) and the panel beside it, moved right past the legend when it is
    /// beside the map, on the map's background colour.
    func composeCanvas(map: DisplayList, chart: ProfileChart, background: Color) -> DisplayList {
        let extra = extraWidth(of: map)
        var list = DisplayList(size: CanvasSize(width: whole.width + extra, height: whole.height))
        list.append(.clear(background))
        list.append(
            .group(
                DrawGroup(
                    map,
                    in: CanvasRect(
                        x: placement.map.minX, y: placement.map.minY, width: map.size.width,
                        height: placement.map.height))))
        if placement.isBeside && extra > 0 {
            list.append(.group(DrawGroup(chart.commands, offset: CanvasPoint(x: extra, y: 0))))
        } else {
            list.commands += chart.commands
        }
        return list
    }

    /// The sidecar's `profile` member: the whole image's size, where the panel is, the
    /// ascent and descent with their method, and the distances (meters) of the ticks the
    /// map's markers stand at.
    func sidecarMember(chart: ProfileChart, extraWidth extra: Double = 0) -> (String, JSONValue) {
        var panel = placement.panel
        if placement.isBeside { panel.origin.x += extra }
        func number(_ value: Double?) -> JSONValue { value.map { .number(($0 * 10).rounded() / 10) } ?? .null }
        let method = profile.ascentMethod
        return (
            "profile",
            .object(
                [
                    ("width", .number(whole.width + extra)), ("height", .number(whole.height)),
                    (
                        "panel",
                        .object([
                            ("x", .number(panel.minX)), ("y", .number(panel.minY)), ("width", .number(panel.width)),
                            ("height", .number(panel.height)),
                        ])
                    ),
                    ("elevation", .bool(profile.hasElevation)),
                    ("ascent", number(profile.ascent)), ("descent", number(profile.descent)),
                    (
                        "ascent_method",
                        .object([
                            ("name", .string(method.name)), ("threshold_meters", .number(method.threshold)),
                            ("smoothing", .string(method.smoothing)),
                        ])
                    ),
                    ("distance_ticks", .array(chart.distanceTicks.map { .number(($0.meters * 10).rounded() / 10) })),
                ] + (heights?.jsonMembers ?? []))
        )
    }
}
