public import MapAnnotations
import MapDrawing
public import MapGeometry

/// What the legend lists and where it goes (`--legend`).
public enum LegendMode: String, Hashable, Sendable, CaseIterable {
    /// No key of its own: with `CalloutMode.auto`, the pins whose bubble found no room, in
    /// the corner where it covers least.
    case auto
    /// A key for every pin (its number badge, title and subtitle), in the corner where it
    /// covers least.
    case corner
    /// The same key beside the map: the image grows by the panel's width, the map keeps its size.
    case outside
}

/// One line of the legend, as the sidecar reports it.
public struct LegendEntry: Hashable, Sendable {
    /// The number on the badge beside the pin or cluster.
    public var number: Int
    /// The place's title, or "N places" for a cluster.
    public var title: String
    /// The place's subtitle, or the members' titles for a cluster.
    public var subtitle: String?
    /// The annotations it stands for, by index in scene order.
    public var annotations: [Int]
    /// The cluster it stands for, by index in `MapLayout.Result.clusters`, if any.
    public var cluster: Int?
}

/// Pins drawn as one: merged into a count, or fanned out around one coordinate.
public struct ClusterPlacement: Hashable, Sendable {
    /// Merged into a badge, or fanned out.
    public var kind: PinCluster.Kind
    /// The members, by index in scene order.
    public var annotations: [Int]
    /// The members' titles, in that order.
    public var titles: [String]
    /// Where the badge or the fan's centre is drawn, in canvas points.
    public var point: CanvasPoint
    /// The coordinate under it.
    public var coordinate: Coordinate
}

/// A pin, a fanned-out pin or a cluster badge, as layout places and draws it.
struct Mark {
    /// The marked point: a pin's tip, a cluster badge's centre.
    var point: CanvasPoint
    /// The places it stands for, in scene order.
    var members: [Int]
    /// The merged cluster it draws, by index in the result's clusters, if any.
    var cluster: Int?
    var marker: Marker
    var callout: CalloutContent?
    var title: String
    var subtitle: String?
    var margins: EdgeInsets
    var anchorOffset: Double

    /// The drawn extent of the marker.
    var rect: CanvasRect {
        CanvasRect(
            x: point.x - margins.left, y: point.y - margins.top, width: margins.left + margins.right,
            height: margins.top + margins.bottom)
    }

    /// Where its number badge goes: over the top-right of the head or badge, off `badgeObstacles`.
    var badgeCenter: CanvasPoint { Badge.numberCenter(on: rect, y: point.y + anchorOffset + 2, off: badgeObstacles) }
    var badgeObstacles: [CanvasRect] = []
}

extension MapLayout {
    /// The marks of the scene's places at `points`: one per place, or per cluster when
    /// clustering, with the merged and fanned clusters and the spokes of the fans.
    func marks(
        points: [CanvasPoint], callouts: [CalloutContent?], viewport: Viewport
    ) -> (marks: [Mark], clusters: [ClusterPlacement], spokes: [DrawCommand]) {
        let places = scene.places
        func single(_ index: Int, at point: CanvasPoint) -> Mark {
            let place = places[index]
            return Mark(
                point: point, members: [index], marker: place.marker, callout: callouts[index], title: place.title,
                subtitle: place.subtitle, margins: MarkerShape.margins(for: place.marker),
                anchorOffset: MarkerShape.calloutAnchorOffset(for: place.marker))
        }
        guard let radius = clusterRadius else { return (places.indices.map { single($0, at: points[$0]) }, [], []) }
        var marks: [Mark] = [], clusters: [ClusterPlacement] = [], spokes: [DrawCommand] = []
        let groups = PinClustering.clusters(
            points: points, coordinates: places.map(\.coordinate.wrapped), radius: radius)
        for group in groups {
            switch group.kind {
            case .single: marks.append(single(group.members[0], at: group.center))
            case .fan:
                clusters.append(placement(of: group, viewport: viewport))
                for (member, point) in zip(group.members, group.memberPoints) {
                    spokes.append(
                        .stroke(
                            Path([.move(group.center), .line(point)]),
                            StrokeStyle(color: style.marker.needleColor.withAlpha(0.7), lineWidth: 1)))
                    marks.append(single(member, at: point))
                }
                spokes.append(
                    .fill(Path.circle(center: group.center, radius: 2.5), style.marker.needleColor, evenOdd: false))
            case .merged:
                let titles = group.members.map { places[$0].title }.filter { !$0.isEmpty }
                let title = "\(group.members.count) places", subtitle = titles.joined(separator: ", ")
                let r = Badge.clusterRadius(group.members.count) + 1
                var callout: CalloutContent?
                if calloutMode != .none {
                    callout = CalloutContent.make(
                        title: title, subtitle: calloutMode == .titles ? nil : subtitle, image: nil,
                        look: style.callout.look, measurer: measurer)
                }
                marks.append(
                    Mark(
                        point: group.center, members: group.members, cluster: clusters.count, marker: .pin(nil),
                        callout: callout, title: title, subtitle: subtitle, margins: EdgeInsets(all: r),
                        anchorOffset: -r))
                clusters.append(placement(of: group, viewport: viewport))
            }
        }
        return (marks, clusters, spokes)
    }

    private func placement(of group: PinCluster, viewport: Viewport) -> ClusterPlacement {
        ClusterPlacement(
            kind: group.kind, annotations: group.members, titles: group.members.map { scene.places[$0].title },
            point: group.center,
            coordinate: group.kind == .fan
                ? scene.places[group.members[0]].coordinate.wrapped : viewport.coordinate(for: group.center).normalized)
    }

    /// The commands that draw a mark: its pin or marker, or its cluster badge.
    func commands(for mark: Mark) -> [DrawCommand] {
        guard mark.cluster != nil else { return MarkerShape.commands(for: mark.marker, at: mark.point, style: style) }
        return Badge.cluster(
            count: mark.members.count, at: mark.point, color: style.marker.defaultPinColor,
            family: style.callout.fontFamily, measurer: measurer)
    }

    /// The colour of a mark's number badge: its pin's colour, else the callout text colour.
    func badgeColor(for mark: Mark) -> Color {
        if mark.cluster == nil, case .pin(let color) = mark.marker { return color ?? style.marker.defaultPinColor }
        return style.callout.titleColor
    }

    /// A number badge's extent, for a mark's number (two digits' width, whatever its number).
    func badgeRect(_ mark: Mark) -> CanvasRect {
        let c = mark.badgeCenter
        let r = Badge.numberRadius("00", family: style.callout.fontFamily, measurer: measurer)
        return CanvasRect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)
    }

    /// The legend panel of the numbered marks, sized to the map.
    func legendPanel(for numbered: [Int], marks: [Mark], viewport: Viewport) -> LegendPanel {
        let rows = numbered.enumerated().map { k, index in
            LegendRow(
                key: .number(k + 1, badgeColor(for: marks[index])),
                title: marks[index].title.isEmpty ? "(no title)" : marks[index].title,
                subtitle: marks[index].subtitle)
        }
        return LegendPanel(
            rows: rows, look: legendLook, maximumHeight: viewport.size.height - 2 * Furniture.inset,
            // Inside, at most half the map wide (else at most 200 points), so the map still shows.
            maximumWidth: legendMode == .outside
                ? viewport.size.width : max(200, (viewport.size.width - 2 * Furniture.inset) / 2), measurer: measurer)
    }

    /// The legend's look in this style.
    var legendLook: LegendLook {
        LegendLook(
            fontFamily: style.callout.fontFamily, textColor: style.callout.titleColor,
            subtitleColor: style.callout.subtitleColor, plateColor: style.callout.fillColor)
    }
}
