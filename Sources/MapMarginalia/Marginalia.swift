public import MapDrawing
public import MapGeometry

/// What goes on and around a map's frame: `--grid`, `--north-arrow` and the title block.
public struct Marginalia: Hashable, Sendable {
    /// The graticule, or `nil` for none.
    public var grid: GridRequest?
    /// Whether a north arrow is drawn.
    public var showsNorthArrow: Bool
    /// The title block's text; empty for none.
    public var titleBlock: TitleBlockText

    /// Creates a set of marginalia; by default none.
    public init(grid: GridRequest? = nil, showsNorthArrow: Bool = false, titleBlock: TitleBlockText = TitleBlockText())
    {
        self.grid = grid
        self.showsNorthArrow = showsNorthArrow
        self.titleBlock = titleBlock
    }

    /// Whether anything is to be drawn.
    public var isEmpty: Bool { grid == nil && !showsNorthArrow && titleBlock.isEmpty }

    /// The laid-out marginalia of one frame.
    public struct Layout: Sendable {
        /// Everything to draw, in painting order: grid lines first, so that plates and labels
        /// sit over them.
        public var commands: [DrawCommand]
        /// The rectangles the title block, the arrow and the grid labels cover, in canvas
        /// points.
        public var rects: [CanvasRect]
        /// The grid, when one was asked for.
        public var graticule: Graticule?
        /// The north arrow, when one was asked for.
        public var northArrow: NorthArrow?
        /// The title block, when it had text.
        public var titleBlock: TitleBlock?
    }

    /// Lays everything out for `frame`: first the title block (it has one place), then the
    /// north arrow in a corner clear of it, then the grid's labels clear of both; nothing
    /// covers the frame's taken rectangles.
    ///
    /// - Throws: `GraticuleError` when the grid's explicit interval is too fine for the frame.
    public func layOut(
        in frame: MapFrame, style: MarginaliaStyle, measurer: any TextMeasurer
    ) throws(GraticuleError) -> Layout {
        var covered: [CanvasRect] = []
        var frame = frame
        // Room for the grid's top labels between the block and the frame, when both fit.
        let labelBand =
            grid == nil
            ? 0
            : measurer.measure("0°", font: Font(family: style.fontFamily, size: style.labelSize)).height
                + GridLabelPlacer.gap
        let block = TitleBlock.layOut(
            titleBlock, in: frame, reserving: labelBand, style: style, measurer: measurer)
        if let block {
            covered.append(block.rect)
            // Grid labels above the frame go between the block and the neatline, if at all.
            if block.isInMargin { frame.margins.top = max(0, frame.rect.minY - block.rect.maxY) }
        }
        let arrow =
            showsNorthArrow ? NorthArrow.layOut(in: frame, avoiding: covered, style: style, measurer: measurer) : nil
        if let arrow { covered.append(arrow.rect) }
        let graticule = try grid.map { (request) throws(GraticuleError) in
            try Graticule.layOut(request, in: frame, avoiding: covered, style: style, measurer: measurer)
        }
        var commands: [DrawCommand] = []
        // The grid's lines and neatline under everything; its labels are clear of the rest.
        commands += graticule?.commands ?? []
        commands += block?.commands ?? []
        commands += arrow?.commands ?? []
        return Layout(
            commands: commands, rects: covered + (graticule?.labelRects ?? []), graticule: graticule,
            northArrow: arrow, titleBlock: block)
    }
}
