public import MapDrawing
public import MapGeometry

/// The elevation profile laid out in a panel, pure: the plot's scales, round ticks, the
/// filled line of each track broken at its gaps, the lowest and highest points, the
/// waypoints near the tracks, ascent and descent, as display-list commands.
///
/// Distance runs left to right from 0 to the longest track's length; elevation bottom to
/// top over the round ticks around the lowest and highest altitude.
public struct ProfileChart: Sendable {
    /// How the chart looks.
    public struct Options: Hashable, Sendable {
        /// How the line and area are coloured.
        public enum Coloring: String, Hashable, Sendable, CaseIterable {
            /// In the tracks' colours.
            case track
            /// By grade (`ProfileGrade`).
            case grade
        }

        /// Kilometers and meters, or miles and feet.
        public var units: ProfileUnits = .metric
        /// How the line and area are coloured.
        public var coloring: Coloring = .track
        /// The colour of each track's line, in order (repeated when there are more tracks).
        public var lineColors: [Color] = [Color(hex: 0x007AFF)]
        /// Text, axes and markers.
        public var textColor = Color(hex: 0x333333)
        /// The panel's background.
        public var plateColor = Color.white.withAlpha(0.92)
        /// The font family of every label.
        public var fontFamily = "DejaVu Sans"
        /// The font size of tick labels, in canvas points (headline and markers scale from it).
        public var fontSize = 10.0
        /// How far off a track a waypoint may be and still be marked, in meters.
        public var waypointReach = 200.0
        /// How many columns a canvas point of the plot's width is divided into when a long
        /// line is reduced (`decimated`): the output's pixels per point.
        public var columnsPerPoint = 1.0

        /// Creates options with the defaults.
        public init() {}
    }

    /// A tick on an axis.
    public struct Tick: Hashable, Sendable {
        /// The value in meters (distance along, or elevation).
        public var meters: Double
        /// The label drawn at it.
        public var label: String
        /// Where it is on its axis, in canvas points (x for distance, y for elevation).
        public var position: Double
    }

    /// A waypoint to mark where it lies along a track.
    public struct Waypoint: Hashable, Sendable {
        /// Its name, drawn where there is room; `nil` for none.
        public var name: String?
        /// Where it is.
        public var coordinate: Coordinate

        /// Creates a waypoint.
        public init(name: String?, coordinate: Coordinate) {
            self.name = name
            self.coordinate = coordinate
        }
    }

    /// A waypoint marked on the chart: its distance along the track nearest to it and its
    /// place on the line.
    public struct WaypointMark: Hashable, Sendable {
        /// The waypoint's name.
        public var name: String?
        /// The meters along the line it is marked on.
        public var distance: Double
        /// The point on that line, in canvas points.
        public var point: CanvasPoint
        /// Whether its name is drawn (there was room).
        public var isNamed: Bool
    }

    /// The panel.
    public var rect: CanvasRect
    /// The plot area inside it, between the axes.
    public var plot: CanvasRect
    /// The distance ticks, left to right.
    public var distanceTicks: [Tick]
    /// The elevation ticks, bottom to top.
    public var elevationTicks: [Tick]
    /// The lowest and highest points, in canvas points, with their labels.
    public var lowest: (point: CanvasPoint, label: String)?, highest: (point: CanvasPoint, label: String)?
    /// The waypoints marked.
    public var waypoints: [WaypointMark]
    /// The headline: ascent and descent, or why there is no profile.
    public var headline: String
    /// Everything, in drawing order.
    public var commands: [DrawCommand]

    /// The smallest elevation range the axis shows, in its units (meters or feet).
    public static let minimumSpan = 20.0

    /// The canvas x of a distance along the tracks, in meters.
    public let x: @Sendable (Double) -> Double
    /// The canvas y of an elevation, in meters.
    public let y: @Sendable (Double) -> Double

    /// Lays out `profile` in `rect`, with `waypoints` marked where they lie within
    /// `options.waypointReach` of a track, text sized by `measurer`.
    public init(
        _ profile: ElevationProfile, waypoints: [Waypoint] = [], in rect: CanvasRect, options: Options = Options(),
        measurer: any TextMeasurer
    ) {
        self.rect = rect
        let units = options.units
        let font = Font(family: options.fontFamily, size: options.fontSize)
        let bold = Font(family: options.fontFamily, size: options.fontSize * 1.1, isBold: true)
        var commands: [DrawCommand] = [.fill(Path.roundedRect(rect, radius: 4), options.plateColor, evenOdd: false)]
        let pad = 8.0
        let headMetrics = measurer.measure("Ag", font: bold)
        let tickMetrics = measurer.measure("0", font: font)

        guard profile.hasElevation, let extremes = profile.extremes else {
            // No altitude anywhere: say so rather than draw a flat line that would lie.
            headline =
                profile.lines.isEmpty ? "Elevation profile: no track" : "Elevation profile: the track has no elevation"
            let metrics = measurer.measure(headline, font: bold)
            commands.append(
                .text(
                    TextRun(
                        headline,
                        origin: CanvasPoint(
                            x: rect.minX + (rect.width - metrics.width) / 2,
                            y: rect.minY + rect.height / 2 + (metrics.ascent - metrics.descent) / 2),
                        font: bold, color: options.textColor)))
            plot = rect
            (distanceTicks, elevationTicks, self.waypoints) = ([], [], [])
            (lowest, highest) = (nil, nil)
            self.commands = commands
            (x, y) = ({ _ in rect.minX }, { _ in rect.maxY })
            return
        }

        // The waypoints near a track, measured first: a row for their names goes above the plot.
        var matches: [(name: String?, line: Int, distance: Double, elevation: Double)] = []
        for waypoint in waypoints {
            var best: (line: Int, distance: Double, offset: Double)?
            for (index, line) in profile.lines.enumerated() {
                guard let near = line.nearest(to: waypoint.coordinate), near.offset <= options.waypointReach else {
                    continue
                }
                if near.offset < best?.offset ?? .infinity { best = (index, near.distance, near.offset) }
            }
            guard let best, let elevation = Self.elevation(of: profile.lines[best.line], at: best.distance) else {
                continue
            }
            matches.append((waypoint.name, best.line, best.distance, elevation))
        }
        let small = Font(family: options.fontFamily, size: options.fontSize * 0.9)
        let namesRow =
            matches.contains { !($0.name ?? "").isEmpty } ? measurer.measure("Ag", font: small).height + 4 : 0

        // Elevation ticks first: their labels' width sets the plot's left edge.
        let low = extremes.lowest.sample.elevation, high = extremes.highest.sample.elevation
        // The axis spans at least `minimumSpan` units around the middle, so that a flat
        // track's few meters of jitter do not fill the panel like a mountain range (GPXSee
        // keeps 50 m for the same reason).
        let middle = (low + high) / 2 / units.metersPerElevationUnit
        let halfSpan = max((high - low) / units.metersPerElevationUnit, Self.minimumSpan) / 2
        let (lowUnits, highUnits) = (middle - halfSpan, middle + halfSpan)
        let top = rect.minY + pad + headMetrics.height + 6 + namesRow
        let bottom = rect.maxY - pad - tickMetrics.height - 4
        let rows = max(2, Int((bottom - top) / (tickMetrics.height * 2.5)))
        let elevationSteps = NiceTicks(covering: lowUnits, highUnits, maximumCount: rows)
        // The axis runs from the round value at or below the lowest point to the one at or above the highest.
        let axisLow = (lowUnits / elevationSteps.step).rounded(.down) * elevationSteps.step
        let axisHigh = max(
            (highUnits / elevationSteps.step).rounded(.up) * elevationSteps.step, axisLow + elevationSteps.step)
        let count = Int(((axisHigh - axisLow) / elevationSteps.step).rounded())
        let elevationValues = (0...count).map { axisLow + Double($0) * elevationSteps.step }
        let elevationLabels = elevationValues.map {
            $0.decimalString(places: elevationSteps.decimals) + " " + units.elevationSymbol
        }
        let labelWidth = elevationLabels.map { measurer.measure($0, font: font).width }.max() ?? 0
        let plot = CanvasRect(
            x: rect.minX + pad + labelWidth + 6, y: top, width: max(rect.width - 2 * pad - labelWidth - 6 - 10, 1),
            height: max(bottom - top, 1))
        self.plot = plot

        let length = max(profile.length, 1)
        let metersPerUnit = units.metersPerDistanceUnit
        let (plotX, plotY) = (plot.minX, plot.maxY)
        let (xScale, yScale) = (plot.width / length, plot.height / (axisHigh - axisLow))
        let elevationUnit = units.metersPerElevationUnit
        let x: @Sendable (Double) -> Double = { plotX + $0 * xScale }
        let y: @Sendable (Double) -> Double = { plotY - ($0 / elevationUnit - axisLow) * yScale }
        (self.x, self.y) = (x, y)

        // Distance ticks: as many as their labels leave room for.
        let widest = measurer.measure(
            (length / metersPerUnit).decimalString(places: 1) + " " + units.distanceSymbol, font: font
        ).width
        // At least 80 points apart: more would read as a ruler, not a chart.
        let columns = max(2, Int(plot.width / max(widest + 24, 80)))
        let distanceSteps = NiceTicks(covering: 0, length / metersPerUnit, maximumCount: columns)
        distanceTicks = distanceSteps.values.map { value in
            Tick(
                meters: value * metersPerUnit,
                label: value.decimalString(places: distanceSteps.decimals) + " " + units.distanceSymbol,
                position: x(value * metersPerUnit))
        }
        elevationTicks = zip(elevationValues, elevationLabels).map { value, label in
            Tick(meters: value * elevationUnit, label: label, position: y(value * elevationUnit))
        }

        // Grid and axes.
        let grid = StrokeStyle(color: options.textColor.withAlpha(0.15), lineWidth: 0.5)
        let axis = StrokeStyle(color: options.textColor.withAlpha(0.7), lineWidth: 1, lineCap: .butt)
        var gridPath = Path()
        for tick in elevationTicks {
            gridPath.append(
                Path.polyline([
                    CanvasPoint(x: plot.minX, y: tick.position), CanvasPoint(x: plot.maxX, y: tick.position),
                ]))
        }
        for tick in distanceTicks {
            gridPath.append(
                Path.polyline([
                    CanvasPoint(x: tick.position, y: plot.minY), CanvasPoint(x: tick.position, y: plot.maxY),
                ]))
        }
        commands.append(.stroke(gridPath, grid))

        // Each line: the area under it, then the line, piece by piece so gaps stay gaps.
        for (index, line) in profile.lines.enumerated() {
            let color =
                options.lineColors.isEmpty ? Color(hex: 0x007AFF) : options.lineColors[index % options.lineColors.count]
            for fullPiece in line.pieces where !fullPiece.isEmpty {
                let piece = Self.decimated(fullPiece, x: x, columnsPerPoint: options.columnsPerPoint)
                let points = piece.map { CanvasPoint(x: x($0.distance), y: y($0.elevation)) }
                // Simplified in canvas space as the map's track is (a quarter point): a
                // 100,000-fix ride has a few thousand points that show on a 700-point plot.
                let drawn = Self.simplified(points)
                if options.coloring == .grade && piece.count > 1 {
                    let percents = ProfileGrade.percents(of: piece)
                    // Runs of steps in the same class become one area, and the areas of a
                    // class one fill (a noisy track has hundreds of runs, but seven classes).
                    var areas: [Color: Path] = [:]
                    var order: [Color] = []
                    var start = 0
                    for step in 0..<percents.count {
                        let color = ProfileGrade.color(forPercent: percents[step])
                        if step + 1 < percents.count, ProfileGrade.color(forPercent: percents[step + 1]) == color {
                            continue
                        }
                        // Half a point past its end, under the next run: areas drawn edge to
                        // edge would show a hairline seam of background when antialiased.
                        var run = Self.simplified(Array(points[start...(step + 1)]))
                        if step + 1 < points.count - 1 {
                            run.append(CanvasPoint(x: run[run.count - 1].x + 0.5, y: run[run.count - 1].y))
                        }
                        if areas[color] == nil { order.append(color) }
                        areas[color, default: Path()].append(Self.area(run, floor: plot.maxY))
                        start = step + 1
                    }
                    for color in order { commands.append(.fill(areas[color]!, color, evenOdd: false)) }
                } else {
                    commands.append(.fill(Self.area(drawn, floor: plot.maxY), color.withAlpha(0.25), evenOdd: false))
                }
                let lineColor = options.coloring == .grade ? options.textColor : color
                if points.count == 1 {
                    commands.append(.fill(Path.circle(center: points[0], radius: 1.5), lineColor, evenOdd: false))
                } else {
                    commands.append(
                        .stroke(
                            Path.polyline(drawn),
                            StrokeStyle(color: lineColor, lineWidth: 1.5, lineCap: .round, lineJoin: .round)))
                }
            }
        }

        var axes = Path.polyline([
            CanvasPoint(x: plot.minX, y: plot.minY), CanvasPoint(x: plot.minX, y: plot.maxY),
            CanvasPoint(x: plot.maxX, y: plot.maxY),
        ])
        for tick in distanceTicks {
            axes.append(
                Path.polyline([
                    CanvasPoint(x: tick.position, y: plot.maxY), CanvasPoint(x: tick.position, y: plot.maxY + 3),
                ]))
        }
        commands.append(.stroke(axes, axis))

        // Tick labels: elevations right-aligned left of the axis, distances centred under
        // their ticks (the last pulled in so it stays on the panel).
        for tick in elevationTicks {
            let metrics = measurer.measure(tick.label, font: font)
            commands.append(
                .text(
                    TextRun(
                        tick.label,
                        origin: CanvasPoint(
                            x: plot.minX - 6 - metrics.width, y: tick.position + (metrics.ascent - metrics.descent) / 2),
                        font: font, color: options.textColor)))
        }
        var labelRight = -Double.infinity
        for tick in distanceTicks {
            let metrics = measurer.measure(tick.label, font: font)
            let left = min(max(tick.position - metrics.width / 2, rect.minX + 2), rect.maxX - 2 - metrics.width)
            guard left > labelRight + 4 else { continue }
            commands.append(
                .text(
                    TextRun(
                        tick.label, origin: CanvasPoint(x: left, y: plot.maxY + 4 + metrics.ascent), font: font,
                        color: options.textColor)))
            labelRight = left + metrics.width
        }

        // Lowest and highest points, marked with their values.
        let lowPoint = CanvasPoint(x: x(extremes.lowest.sample.distance), y: y(extremes.lowest.sample.elevation))
        let highPoint = CanvasPoint(x: x(extremes.highest.sample.distance), y: y(extremes.highest.sample.elevation))
        lowest = (lowPoint, "▼ " + units.elevationLabel(extremes.lowest.sample.elevation))
        highest = (highPoint, "▲ " + units.elevationLabel(extremes.highest.sample.elevation))
        for (point, label, above) in [(highPoint, highest!.label, true), (lowPoint, lowest!.label, false)] {
            commands.append(.fill(Path.circle(center: point, radius: 3), options.textColor, evenOdd: false))
            let metrics = measurer.measure(label, font: font)
            var left = min(max(point.x - metrics.width / 2, plot.minX + 4), plot.maxX - metrics.width)
            var baseline = above ? point.y - 5 : point.y + 5 + metrics.ascent
            // No room above the highest point (or below the lowest) inside the plot: beside it,
            // on the side with more room.
            if (above && baseline - metrics.ascent < plot.minY) || (!above && baseline + metrics.descent > plot.maxY) {
                left = point.x + 6 + metrics.width <= plot.maxX ? point.x + 6 : point.x - 6 - metrics.width
                baseline = point.y + (metrics.ascent - metrics.descent) / 2
            }
            commands.append(
                .text(
                    TextRun(
                        label, origin: CanvasPoint(x: left, y: baseline), font: font, color: options.textColor,
                        haloColor: options.plateColor.withAlpha(1), haloWidth: 2)))
        }

        // Waypoints near a track: a dashed stem from the axis to the line, a dot, the name
        // above the plot where it does not run into the one before.
        var marks = matches.map { match in
            WaypointMark(
                name: match.name, distance: match.distance,
                point: CanvasPoint(x: x(match.distance), y: y(match.elevation)),
                isNamed: false)
        }
        marks.sort { $0.point.x < $1.point.x }
        var nameRight = -Double.infinity
        for index in marks.indices {
            let mark = marks[index]
            commands.append(
                .stroke(
                    Path.polyline([
                        CanvasPoint(x: mark.point.x, y: plot.minY), CanvasPoint(x: mark.point.x, y: plot.maxY),
                    ]),
                    StrokeStyle(color: options.textColor.withAlpha(0.6), lineWidth: 0.75, dashPattern: [2, 2])))
            commands.append(.fill(Path.circle(center: mark.point, radius: 2.5), Color(hex: 0xFF3B30), evenOdd: false))
            guard let name = mark.name, !name.isEmpty else { continue }
            let metrics = measurer.measure(name, font: small)
            let left = min(max(mark.point.x - metrics.width / 2, plot.minX), plot.maxX - metrics.width)
            let baseline = plot.minY - 3 - metrics.descent
            guard left > nameRight + 4, metrics.width <= plot.width else { continue }
            commands.append(
                .text(
                    TextRun(
                        name, origin: CanvasPoint(x: left, y: baseline), font: small, color: options.textColor,
                        haloColor: options.plateColor.withAlpha(1), haloWidth: 2)))
            nameRight = left + metrics.width
            marks[index].isNamed = true
        }
        self.waypoints = marks

        // The headline: ascent and descent as `track stats` counts them.
        let ascent = profile.ascent.map(units.elevationLabel) ?? "?"
        let descent = profile.descent.map(units.elevationLabel) ?? "?"
        headline = "Ascent \(ascent)  ·  Descent \(descent)"
        commands.append(
            .text(
                TextRun(
                    headline, origin: CanvasPoint(x: rect.minX + pad, y: rect.minY + pad + headMetrics.ascent),
                    font: bold,
                    color: options.textColor)))
        self.commands = commands
    }

    /// The altitude of `line` at a distance along it, interpolated within the piece holding
    /// it, or that of the nearest sample when the distance falls in a gap.
    static func elevation(of line: ElevationProfile.Line, at distance: Double) -> Double? {
        var nearest: (gap: Double, elevation: Double)?
        for piece in line.pieces {
            for (a, b) in zip(piece, piece.dropFirst()) where a.distance <= distance && distance <= b.distance {
                let span = b.distance - a.distance
                return span > 0
                    ? a.elevation + (b.elevation - a.elevation) * (distance - a.distance) / span : b.elevation
            }
            for sample in piece where abs(sample.distance - distance) < nearest?.gap ?? .infinity {
                nearest = (abs(sample.distance - distance), sample.elevation)
            }
        }
        return nearest?.elevation
    }

    /// `piece` with at most four samples in each column of `1 / columnsPerPoint` points of
    /// the plot: its first, lowest, highest and last, in their order (M4, Jugel et al.,
    /// "M4: A Visualization-Oriented Time Series Data Aggregation", VLDB 2014: a line through
    /// these four per pixel column rasterizes as the whole line does). The extremes are kept
    /// exactly (the lowest and highest points stay on the line), and a 100,000-fix track is
    /// laid out from a few thousand samples however long it is.
    static func decimated(
        _ piece: [ElevationProfile.Sample], x: (Double) -> Double, columnsPerPoint: Double
    ) -> [ElevationProfile.Sample] {
        guard piece.count > 4 else { return piece }
        var result: [ElevationProfile.Sample] = []
        var column = Int.min
        var first = 0, lowest = 0, highest = 0, last = 0
        func flush() {
            var previous = -1
            for index in [first, lowest, highest, last].sorted() where index != previous {
                result.append(piece[index])
                previous = index
            }
        }
        for index in piece.indices {
            let value = (x(piece[index].distance) * columnsPerPoint).rounded(.down)
            let here = value.isFinite ? Int(max(min(value, 1e15), -1e15)) : column
            if here != column {
                if column != Int.min { flush() }
                (column, first, lowest, highest) = (here, index, index, index)
            }
            if piece[index].elevation < piece[lowest].elevation { lowest = index }
            if piece[index].elevation > piece[highest].elevation { highest = index }
            last = index
        }
        flush()
        return result
    }

    /// `points` without those within a quarter point of the line through the others.
    static func simplified(_ points: [CanvasPoint]) -> [CanvasPoint] {
        points.count > 2 ? Simplification.douglasPeucker(points, tolerance: 0.25) : points
    }

    /// The closed outline under a line, down to `floor`.
    static func area(_ points: [CanvasPoint], floor: Double) -> Path {
        guard let first = points.first, let last = points.last else { return Path() }
        return Path.polyline(
            points + [CanvasPoint(x: last.x, y: floor), CanvasPoint(x: first.x, y: floor)], closed: true)
    }
}
