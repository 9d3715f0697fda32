public import MapDrawing
public import MapGeometry

/// What `--grid` asks for: the interval (or auto) and the label notation.
public struct GridRequest: Hashable, Sendable {
    /// The spacing of the lines, or `nil` to choose one from the frame (`GridInterval.automatic`,
    /// from `GridInterval.decimalLadder` for decimal labels).
    public var interval: GridInterval?
    /// How labels write coordinates.
    public var format: GridLabelFormat

    /// Creates a grid request; by default auto spacing and `dms` labels.
    public init(interval: GridInterval? = nil, format: GridLabelFormat = .dms) {
        self.interval = interval
        self.format = format
    }
}

/// Why a grid cannot be drawn.
public enum GraticuleError: Error, Hashable, Sendable {
    /// The interval would draw `lines` lines across the frame, more than
    /// `GridInterval.maximumLineCount`; `suggested` is the (coarser) auto interval for the
    /// frame.
    case tooManyLines(interval: GridInterval, lines: Int, suggested: GridInterval)
}

/// A graticule over a map frame: meridians and parallels at a round interval, straight in Web
/// Mercator (meridians vertical, parallels horizontal), with their coordinates on the
/// neatline's edges — longitudes top and bottom, latitudes left and right.
public struct Graticule: Sendable {
    /// The meridians' interval.
    public var longitudeInterval: GridInterval
    /// The parallels' interval: the meridians' one, or finer at high latitudes when auto
    /// (see `GridInterval.automatic`).
    public var latitudeInterval: GridInterval
    /// The meridians drawn, in degrees, in the longitude continuing the frame's world copy
    /// (east of 180° across the antimeridian); their labels wrap into −180…180.
    public var longitudes: [Double]
    /// The parallels drawn, in degrees, north to south.
    public var latitudes: [Double]
    /// The lines, the neatline and the labels, in drawing order.
    public var commands: [DrawCommand]
    /// The rectangles of the labels placed, in canvas points.
    public var labelRects: [CanvasRect]
    /// The labels placed, with their edge.
    public var labels: [GridLabel]

    /// The longitudes (continuing past ±180°) and latitudes a frame shows, in degrees.
    public static func extent(of frame: MapFrame) -> (longitudes: ClosedRange<Double>, latitudes: ClosedRange<Double>) {
        let visible = frame.viewport.visibleMapRect
        let world = MapSize.world.height
        let west = MapPoint(x: visible.minX, y: 0).coordinate.longitude
        let east = MapPoint(x: visible.maxX, y: 0).coordinate.longitude
        let north = MapPoint(x: 0, y: min(max(visible.minY, 0), world)).coordinate.latitude
        let south = MapPoint(x: 0, y: min(max(visible.maxY, 0), world)).coordinate.latitude
        return (west...max(west, east), min(south, north)...north)
    }

    /// Lays out a grid over `frame`, its labels clear of each other, of the frame's taken
    /// rectangles and of `avoiding`.
    ///
    /// Each edge's labels go outside the frame when that edge's margin has room for the
    /// tallest (top, bottom) or widest (left, right) of them, else inside along the edge on
    /// a halo. A label that would overlap another, a taken rectangle, or run off its band is
    /// left out; its line is still drawn.
    ///
    /// - Throws: `GraticuleError.tooManyLines` when an explicit interval would draw more than
    ///   `GridInterval.maximumLineCount` lines.
    public static func layOut(
        _ request: GridRequest, in frame: MapFrame, avoiding: [CanvasRect] = [], style: MarginaliaStyle,
        measurer: any TextMeasurer
    ) throws(GraticuleError) -> Graticule {
        let extent = extent(of: frame)
        let automatic = GridInterval.automatic(
            longitudes: extent.longitudes, latitudes: extent.latitudes,
            ladder: request.format == .decimal ? GridInterval.decimalLadder : GridInterval.ladder)
        let longitudeInterval = request.interval ?? automatic.longitude
        let latitudeInterval = request.interval ?? automatic.latitude
        let lineCount =
            longitudeInterval.count(from: extent.longitudes.lowerBound, through: extent.longitudes.upperBound)
            + latitudeInterval.count(from: extent.latitudes.lowerBound, through: extent.latitudes.upperBound)
        if lineCount > GridInterval.maximumLineCount, let interval = request.interval {
            throw .tooManyLines(interval: interval, lines: lineCount, suggested: automatic.longitude)
        }
        let longitudes = longitudeInterval.multiples(
            from: extent.longitudes.lowerBound, through: extent.longitudes.upperBound)
        let latitudes = Array(
            latitudeInterval.multiples(from: extent.latitudes.lowerBound, through: extent.latitudes.upperBound)
                .reversed())

        let rect = frame.rect
        // The map ends at ±85.05°: over a world view, lines stop where the world does.
        let top = max(rect.minY, frame.point(for: MapPoint(x: 0, y: 0)).y)
        let bottom = min(rect.maxY, frame.point(for: MapPoint(x: 0, y: MapSize.world.height)).y)
        var lines = Path()
        var meridians: [(x: Double, longitude: Double)] = []
        for longitude in longitudes {
            let x = frame.point(for: MapPoint(Coordinate(latitude: 0, longitude: longitude))).x
            guard x >= rect.minX - 1e-6, x <= rect.maxX + 1e-6 else { continue }
            meridians.append((x, longitude))
            lines.append(Path([.move(CanvasPoint(x: x, y: top)), .line(CanvasPoint(x: x, y: bottom))]))
        }
        var parallels: [(y: Double, latitude: Double)] = []
        for latitude in latitudes {
            let y = frame.point(for: MapPoint(Coordinate(latitude: latitude, longitude: 0))).y
            guard y >= rect.minY - 1e-6, y <= rect.maxY + 1e-6 else { continue }
            parallels.append((y, latitude))
            lines.append(Path([.move(CanvasPoint(x: rect.minX, y: y)), .line(CanvasPoint(x: rect.maxX, y: y))]))
        }
        var commands: [DrawCommand] = []
        if !lines.elements.isEmpty {
            commands.append(
                .stroke(lines, StrokeStyle(color: style.gridColor, lineWidth: style.gridLineWidth, lineCap: .butt)))
        }
        if style.neatlineWidth > 0 {
            commands.append(
                .stroke(
                    Path.polyline(
                        [
                            CanvasPoint(x: rect.minX, y: rect.minY), CanvasPoint(x: rect.maxX, y: rect.minY),
                            CanvasPoint(x: rect.maxX, y: rect.maxY), CanvasPoint(x: rect.minX, y: rect.maxY),
                        ], closed: true),
                    StrokeStyle(
                        color: style.paperTextColor, lineWidth: style.neatlineWidth, lineCap: .butt,
                        lineJoin: .miter)))
        }

        let longitudeFormatter = GridLabelFormatter(format: request.format, interval: longitudeInterval)
        let latitudeFormatter = GridLabelFormatter(format: request.format, interval: latitudeInterval)
        var placer = GridLabelPlacer(frame: frame, avoiding: frame.taken + avoiding, style: style, measurer: measurer)
        let longitudeTexts = meridians.map { ($0.x, longitudeFormatter.longitude($0.longitude)) }
        let latitudeTexts = parallels.map { ($0.y, latitudeFormatter.latitude($0.latitude)) }
        for edge in [GridLabel.Edge.top, .bottom] { placer.place(longitudeTexts, on: edge) }
        for edge in [GridLabel.Edge.left, .right] { placer.place(latitudeTexts, on: edge) }
        if !placer.ticks.elements.isEmpty {
            commands.append(
                .stroke(
                    placer.ticks,
                    StrokeStyle(color: style.paperTextColor, lineWidth: style.gridLineWidth, lineCap: .butt)))
        }
        commands += placer.commands
        return Graticule(
            longitudeInterval: longitudeInterval, latitudeInterval: latitudeInterval,
            longitudes: meridians.map(\.longitude), latitudes: parallels.map(\.latitude),
            commands: commands, labelRects: placer.labels.map(\.rect), labels: placer.labels)
    }
}
