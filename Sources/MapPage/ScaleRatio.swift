public import MapGeometry

/// A representative fraction, 1:N: one unit on paper is N of the same units on the ground.
///
/// On a page, a canvas point is 1/72 inch = 0.0254/72 m of paper. At Web Mercator zoom z the
/// world is 256·2^z points wide, so one point spans 2πR·cos φ / (256·2^z) metres of ground at
/// latitude φ, with R = 6,378,137 m, the sphere Web Mercator is defined on (EPSG:3857;
/// Snyder, USGS PP 1395, eq. 7-2 and its scale factor sec φ). The ratio holds at that
/// latitude: Mercator's scale grows with sec φ away from it, and on the WGS84 ellipsoid true
/// ground distances differ from the sphere's by up to 0.34 % (Snyder, eq. 4-20, 4-18).
public struct ScaleRatio: Hashable, Sendable, CustomStringConvertible {
    /// N of 1:N: ground length per length on paper.
    public var denominator: Double

    /// Creates a ratio 1:`denominator`.
    public init(denominator: Double) { self.denominator = denominator }

    /// The denominators accepted: from 1:1 to 1:1,000,000,000 (the whole Earth is about
    /// 1:300,000,000 on A4).
    public static let denominatorRange = 1.0...1_000_000_000.0

    /// A ratio written `1:25000`, `1:25,000` or `25000`.
    ///
    /// - Throws: `PageValueError` when it is not a number in `denominatorRange`.
    public init(parsing text: String) throws(PageValueError) {
        var body = text.trimmingCharacters(in: " ")
        if body.hasPrefix("1:") { body.removeFirst(2) }
        body.removeAll { $0 == "," || $0 == "_" || $0 == " " }
        let range = Self.denominatorRange
        guard let value = Double(body), value.isFinite, range.contains(value) else {
            throw PageValueError(
                "'\(text)' is not a scale ratio",
                allowed: "1:N or N with N from 1 to 1,000,000,000, e.g. 1:25000")
        }
        self.init(denominator: value)
    }

    /// Ground metres spanned by one canvas point at a zoom and latitude (degrees):
    /// 2πR·cos φ / (256·2^zoom), through MapGeometry's map-point scales.
    public static func groundMetersPerPoint(zoom: Double, latitude: Double) -> Double {
        MapPoint.metersPerMapPoint(atLatitude: latitude) / Viewport.canvasPointsPerMapPoint(atZoom: zoom)
    }

    /// The ratio a map at a zoom has on paper at a latitude (degrees), a canvas point being
    /// 1/`pointsPerInch` inch: 72 on a page, 96 for a screen image printed at its recorded
    /// resolution (96 × scale pixels per inch).
    public init(zoom: Double, latitude: Double, pointsPerInch: Double = 72) {
        self.init(
            denominator: Self.groundMetersPerPoint(zoom: zoom, latitude: latitude)
                / Self.paperMetersPerPoint(pointsPerInch: pointsPerInch))
    }

    /// The ratio at the centre of a viewport, its canvas points 1/`pointsPerInch` inch.
    public init(at viewport: Viewport, pointsPerInch: Double = 72) {
        self.init(zoom: viewport.zoom, latitude: viewport.centerCoordinate.latitude, pointsPerInch: pointsPerInch)
    }

    /// The fractional Web Mercator zoom at which this ratio holds at a latitude (degrees),
    /// a canvas point being 1/`pointsPerInch` inch: the zoom whose canvas points per map
    /// point make one point N × its paper length of ground.
    public func zoom(atLatitude latitude: Double, pointsPerInch: Double = 72) -> Double {
        let groundMetersPerPoint = denominator * Self.paperMetersPerPoint(pointsPerInch: pointsPerInch)
        return Viewport.zoom(
            forCanvasPointsPerMapPoint: MapPoint.metersPerMapPoint(atLatitude: latitude) / groundMetersPerPoint)
    }

    /// Metres of paper in a canvas point of 1/`pointsPerInch` inch.
    static func paperMetersPerPoint(pointsPerInch: Double) -> Double { 0.0254 / pointsPerInch }

    /// The smallest round ratio no larger in scale than this one (denominator at least as
    /// large): 1, 2, 2.5 or 5 times a power of ten, the steps map series use (1:10,000,
    /// 1:20,000, 1:25,000, 1:50,000).
    public var roundedUp: ScaleRatio {
        var power = 1.0
        while power * 10 <= denominator { power *= 10 }
        for step in [1.0, 2, 2.5, 5, 10] where step * power >= denominator * (1 - 1e-12) {
            return ScaleRatio(denominator: step * power)
        }
        return ScaleRatio(denominator: 10 * power)
    }

    /// The ratio as printed on a map: `1:25,000`, the denominator rounded to a whole number
    /// with thousands separated by commas.
    public var description: String {
        let digits = String(Int(denominator.rounded()))
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return "1:" + grouped
    }
}
