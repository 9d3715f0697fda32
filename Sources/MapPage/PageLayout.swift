public import MapGeometry

/// Where a map goes on a page: the page's size, its margins, the frame the map fills and the
/// resolution raster output is made at.
///
/// Canvas points of a page are points on paper (1/72 inch), so text, strokes and pins sized
/// in points come out at their size when printed. This is the value marginalia (grid labels,
/// north arrow, title block) lay out around: the frame is where the map is, the margins are
/// paper.
public struct PageLayout: Hashable, Sendable {
    /// The page, in points.
    public var pageSize: CanvasSize
    /// The margins, in points, as asked for.
    public var margins: EdgeInsets
    /// The map's frame on the page, in points: the page inside the margins, or less of it when
    /// the map keeps an aspect of its own (`fitted(toAspect:)`), centred in the space.
    public var frame: CanvasRect
    /// Raster pixels per inch on paper.
    public var dpi: Double
    /// Canvas points per inch: 72 on paper (PDF's point); 96 for a screen canvas given in
    /// CSS pixels, which a picture framed on it (`--size` with `--bbox`) uses.
    public var pointsPerInch: Double

    /// The default margin on paper: 10 mm, within what office printers leave unprinted
    /// (about 4–6 mm) with room to spare.
    public static let defaultMargin = PageLength.points(millimeters: 10)
    /// The default resolution of print output, in pixels per inch.
    public static let defaultPrintDPI = 300.0
    /// The resolution of a screen canvas point (CSS's reference pixel is 1/96 inch).
    public static let screenDPI = 96.0
    /// The resolutions accepted, in pixels per inch.
    public static let dpiRange = 1.0...2_400.0

    /// Lays out a page with margins; `page` and `margins` are in canvas points of
    /// 1/`pointsPerInch` inch.
    ///
    /// - Throws: `PageValueError` when the margins leave no room for a map.
    public init(
        page: Paper, margins: EdgeInsets, dpi: Double, pointsPerInch: Double = PageLength.pointsPerInch
    ) throws(PageValueError) {
        let width = page.width - margins.left - margins.right
        let height = page.height - margins.top - margins.bottom
        guard width >= 1, height >= 1 else {
            let mm = { (points: Double) in (points * PageLength.millimetersPerInch / pointsPerInch).formatted(places: 1)
            }
            throw PageValueError(
                "the margins leave no room on a page of \(mm(page.width)) × \(mm(page.height)) mm",
                allowed: "margins that add up to less than the page's width and height")
        }
        self.pageSize = page.size
        self.margins = margins
        self.frame = CanvasRect(x: margins.left, y: margins.top, width: width, height: height)
        self.dpi = dpi
        self.pointsPerInch = pointsPerInch
    }

    /// Device pixels per canvas point at this resolution: dpi / 72 on paper.
    public var deviceScale: Double { dpi / pointsPerInch }

    /// Millimetres for a length in this layout's canvas points.
    public func millimeters(_ points: Double) -> Double { points * PageLength.millimetersPerInch / pointsPerInch }

    /// The page's size in whole pixels at this resolution: paper inches × dpi, rounded.
    public var pixelSize: (width: Int, height: Int) {
        (Int((pageSize.width * deviceScale).rounded()), Int((pageSize.height * deviceScale).rounded()))
    }

    /// The layout with the page trimmed (by under half a pixel a side) to whole pixels, so
    /// that a raster image of it is `pixelSize` exactly, and the frame's edges moved (by under
    /// half a pixel) onto pixel boundaries, so that the map's own pixels, tiles included, meet
    /// the page's one to one.
    public var pixelAligned: PageLayout {
        var layout = self
        let pixels = pixelSize
        layout.pageSize = CanvasSize(
            width: Double(pixels.width) / deviceScale, height: Double(pixels.height) / deviceScale)
        let snap = { (points: Double) in (points * self.deviceScale).rounded() / self.deviceScale }
        let (left, top) = (snap(frame.minX), snap(frame.minY))
        layout.frame = CanvasRect(x: left, y: top, width: snap(frame.maxX) - left, height: snap(frame.maxY) - top)
        return layout
    }

    /// The layout with the frame shrunk to a width-to-height aspect, centred in the space it
    /// had: a conformal map is never stretched to fill a frame of another shape.
    public func fitted(toAspect aspect: Double) -> PageLayout {
        var layout = self
        layout.frame = frame.fitted(toAspect: aspect)
        return layout
    }
}

extension CanvasRect {
    /// The largest rectangle of a width-to-height aspect inside this one, centred.
    public func fitted(toAspect aspect: Double) -> CanvasRect {
        guard aspect.isFinite, aspect > 0 else { return self }
        var width = self.width, height = self.height
        if width / height > aspect { width = height * aspect } else { height = width / aspect }
        return CanvasRect(
            x: minX + (self.width - width) / 2, y: minY + (self.height - height) / 2, width: width, height: height)
    }
}

extension Double {
    /// The number with at most `places` decimals, trailing zeros dropped (`10`, `297.5`).
    func formatted(places: Int) -> String {
        var factor = 1.0
        for _ in 0..<places { factor *= 10 }
        let rounded = (self * factor).rounded() / factor
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(rounded)
    }
}

extension PageLayout {
    /// The viewport of the whole page given the map's viewport in the frame: the same zoom,
    /// the page's size, centred where the page's centre falls on the map continued into the
    /// margins. What positions the page's pixels on the ground (world files) and what
    /// marginalia use to place grid ticks along the frame in page coordinates.
    public func pageViewport(mapViewport: Viewport) -> Viewport {
        let pageCenter = CanvasPoint(
            x: pageSize.width / 2 - frame.minX, y: pageSize.height / 2 - frame.minY)
        return Viewport(center: mapViewport.mapPoint(for: pageCenter), zoom: mapViewport.zoom, size: pageSize)
    }
}
