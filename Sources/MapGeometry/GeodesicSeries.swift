// Series expansions, exact angle arithmetic and the astroid solver that support the geodesic
// solver in Geodesic.swift.
//
// Source: C. F. F. Karney, "Algorithms for geodesics", J. Geodesy 87, 43–55 (2013),
// doi:10.1007/s00190-012-0578-z, and its addenda
// (https://geographiclib.sourceforge.io/geod-addenda.html). Equation numbers below refer to
// that paper. All series are carried to sixth order in the third flattening n and in ε, as
// GeographicLib does by default, which keeps the truncation error well below a nanometre on
// the Earth's ellipsoid (|n| ≈ 0.0017).

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: - Exact angle arithmetic in degrees

/// Helpers that work in degrees and reduce angles exactly, so that the common special values
/// (multiples of 90°, small angles next to large ones) do not pick up rounding errors on their
/// way into radians. The geodesic solver depends on these for its special cases: a longitude
/// difference of exactly 180° must give sin = 0, a latitude of exactly 90° must give cos = 0.
enum DegreeMath {
    static let radiansPerDegree = Double.pi / 180
    static let degreesPerRadian = 180 / Double.pi

    /// Rounds tiny angles (below 1/16°) to a grid of 2⁻⁵⁷°, about 0.7 picometres on the Earth,
    /// so that inputs such as 1e-300° do not produce nearly singular configurations.
    static func rounded(_ x: Double) -> Double {
        let z = 1.0 / 16
        var y = abs(x)
        // IEEE arithmetic is not reassociated by the compiler, so z − (z − y) really rounds.
        if y < z { y = z - (z - y) }
        return Double(signOf: x, magnitudeOf: y)
    }

    /// Reduces an angle to [−180°, 180°], keeping the sign of the input at exactly ±180°.
    static func normalized(_ x: Double) -> Double {
        guard x.isFinite else { return .nan }
        let y = x.remainder(dividingBy: 360)  // exact IEEE remainder, in [−180, 180]
        return abs(y) == 180 ? Double(signOf: x, magnitudeOf: 180) : y
    }

    /// Reduces an angle to [−180°, 180°), the convention of `Coordinate.normalized`.
    static func normalizedHalfOpen(_ x: Double) -> Double {
        guard x.isFinite else { return .nan }
        let y = x.remainder(dividingBy: 360)
        return y == 180 ? -180 : y
    }

    /// A latitude, or NaN when it lies outside [−90°, 90°].
    static func checkedLatitude(_ x: Double) -> Double { abs(x) > 90 ? .nan : x }

    /// u + v as a rounded sum and its exact rounding error (Knuth's two-sum).
    static func twoSum(_ u: Double, _ v: Double) -> (sum: Double, error: Double) {
        let s = u + v
        var up = s - v
        var vpp = s - up
        up -= u
        vpp -= v
        return (s, s == 0 ? 0 : 0 - (up + vpp))
    }

    /// y − x reduced to [−180°, 180°] as an unevaluated sum d + e with |e| tiny. Doing the
    /// subtraction on the reduced values with an error term keeps, for example, the difference
    /// between 179.9999999° and −179.9999999° exact.
    static func difference(_ x: Double, _ y: Double) -> (d: Double, e: Double) {
        var (d, t) = twoSum((-x).remainder(dividingBy: 360), y.remainder(dividingBy: 360))
        let second = twoSum(d.remainder(dividingBy: 360), t)
        d = second.sum
        t = second.error
        if d == 0 || abs(d) == 180 {
            // Choose the sign of a zero or half-turn difference from the unreduced inputs.
            d = Double(signOf: t == 0 ? y - x : -t, magnitudeOf: d)
        }
        return (d, t)
    }

    /// Sine and cosine of an angle in degrees, exact at multiples of 90°.
    static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
        guard x.isFinite else { return (.nan, .nan) }
        var r = x.truncatingRemainder(dividingBy: 360)
        let quadrant = (r / 90).rounded(.toNearestOrEven)
        r -= 90 * quadrant
        return rotated(r * radiansPerDegree, quadrant: Int(quadrant), signSource: x)
    }

    /// Sine and cosine of x + t degrees, for x in [−180°, 180°] and a small correction t (the
    /// error term of `difference`), again exact at multiples of 90°.
    static func sinCos(_ x: Double, plus t: Double) -> (sin: Double, cos: Double) {
        let quadrant = x.isFinite ? (x / 90).rounded(.toNearestOrEven) : 0
        let r = rounded((x - 90 * quadrant) + t)
        return rotated(r * radiansPerDegree, quadrant: Int(quadrant), signSource: x)
    }

    /// Turns sin/cos of the reduced angle r (|r| ≤ 45°) into those of r + 90°·quadrant.
    private static func rotated(
        _ r: Double, quadrant: Int, signSource x: Double
    ) -> (sin: Double, cos: Double) {
        let s0 = sin(r)
        let c0 = cos(r)
        var s: Double
        var c: Double
        switch quadrant & 3 {
        case 0: (s, c) = (s0, c0)
        case 1: (s, c) = (c0, -s0)
        case 2: (s, c) = (-s0, -c0)
        default: (s, c) = (-c0, s0)
        }
        c += 0  // turn −0 into +0
        if s == 0 { s = Double(signOf: x, magnitudeOf: 0) }
        return (s, c)
    }

    /// atan2(y, x) in degrees, in [−180°, 180°]; exact at multiples of 45° because the
    /// arguments are first folded into the octant where atan2 is well conditioned.
    static func atan2Degrees(_ y: Double, _ x: Double) -> Double {
        var x = x
        var y = y
        var quadrant = 0
        if abs(y) > abs(x) {
            swap(&x, &y)
            quadrant = 2
        }
        if x < 0 {
            x = -x
            quadrant += 1
        }
        let angle = atan2(y, x) * degreesPerRadian
        switch quadrant {
        case 1: return Double(signOf: y, magnitudeOf: 180) - angle
        case 2: return 90 - angle
        case 3: return -90 + angle
        default: return angle
        }
    }

    /// (x, y) scaled to unit length.
    static func unit(_ x: Double, _ y: Double) -> (Double, Double) {
        let r = hypot(x, y)
        return (x / r, y / r)
    }
}

// MARK: - Trigonometric series

/// The six coefficients c₁…c₆ of a series Σ cₗ sin 2lσ (eq. 15 and its relatives).
struct SineSeries {
    var c1 = 0.0, c2 = 0.0, c3 = 0.0, c4 = 0.0, c5 = 0.0, c6 = 0.0

    /// Σ cₗ sin 2lσ given sin σ and cos σ, by Clenshaw summation: one stable recurrence in
    /// 2 cos 2σ instead of six separate sines (eq. 58 of the paper).
    func sum(sin s: Double, cos c: Double) -> Double {
        // 2 cos 2σ written as a product so it keeps full relative accuracy near σ = ±45°.
        let twoCos2 = 2 * (c - s) * (c + s)
        var b1 = c6
        var b2 = 0.0
        (b1, b2) = (twoCos2 * b1 - b2 + c5, b1)
        (b1, b2) = (twoCos2 * b1 - b2 + c4, b1)
        (b1, b2) = (twoCos2 * b1 - b2 + c3, b1)
        (b1, b2) = (twoCos2 * b1 - b2 + c2, b1)
        b1 = twoCos2 * b1 - b2 + c1
        return 2 * s * c * b1  // sin 2σ · b₁
    }
}

/// Series in ε = (√(1+k²) − 1)/(√(1+k²) + 1), the expansion parameter of the distance and
/// reduced-length integrals. Coefficients are written with integer numerators over a common
/// denominator, exactly as they come out of the expansion, so none of them is rounded.
enum GeodesicSeries {
    /// ε from k² = e′² cos² α₀ (eq. 16), written without the cancellation of √(1+k²) − 1.
    static func epsilon(k2: Double) -> Double {
        k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
    }

    /// A₁ − 1, the scale of the distance integral I₁ (eq. 17). Returned minus one so that
    /// small corrections are not swamped by the leading 1.
    static func a1MinusOne(_ eps: Double) -> Double {
        let e2 = eps * eps
        let t = e2 * (64 + e2 * (4 + e2)) / 256
        return (t + eps) / (1 - eps)
    }

    /// C₁ₗ, the Fourier coefficients of I₁ (eq. 18).
    static func c1(_ eps: Double) -> SineSeries {
        let e2 = eps * eps
        let e3 = e2 * eps, e4 = e2 * e2, e5 = e4 * eps, e6 = e4 * e2
        return SineSeries(
            c1: eps * (-16 + e2 * (6 - e2)) / 32,
            c2: e2 * (-128 + e2 * (64 - 9 * e2)) / 2048,
            c3: e3 * (-16 + 9 * e2) / 768,
            c4: e4 * (-5 + 3 * e2) / 512,
            c5: -7 * e5 / 1280,
            c6: -7 * e6 / 2048)
    }

    /// C′₁ₗ, the coefficients of the reverted series that turns a distance back into an arc
    /// length σ (eqs. 20–21); used by the direct problem to avoid iterating.
    static func c1Reverted(_ eps: Double) -> SineSeries {
        let e2 = eps * eps
        let e3 = e2 * eps, e4 = e2 * e2, e5 = e4 * eps, e6 = e4 * e2
        return SineSeries(
            c1: eps * (768 + e2 * (-432 + 205 * e2)) / 1536,
            c2: e2 * (3840 + e2 * (-4736 + 4005 * e2)) / 12288,
            c3: e3 * (116 - 225 * e2) / 384,
            c4: e4 * (2695 - 7173 * e2) / 7680,
            c5: 3467 * e5 / 7680,
            c6: 38081 * e6 / 61440)
    }

    /// A₂ − 1, the scale of the integral I₂ needed for the reduced length (eq. 42).
    static func a2MinusOne(_ eps: Double) -> Double {
        let e2 = eps * eps
        let t = e2 * (-192 + e2 * (-28 - 11 * e2)) / 256
        return (t - eps) / (1 + eps)
    }

    /// C₂ₗ, the Fourier coefficients of I₂ (eq. 43).
    static func c2(_ eps: Double) -> SineSeries {
        let e2 = eps * eps
        let e3 = e2 * eps, e4 = e2 * e2, e5 = e4 * eps, e6 = e4 * e2
        return SineSeries(
            c1: eps * (16 + e2 * (2 + e2)) / 32,
            c2: e2 * (384 + e2 * (64 + 35 * e2)) / 2048,
            c3: e3 * (80 + 15 * e2) / 768,
            c4: e4 * (35 + 7 * e2) / 512,
            c5: 63 * e5 / 1280,
            c6: 77 * e6 / 2048)
    }
}

/// The series of the longitude integral I₃ (eqs. 23–25), whose coefficients are polynomials in
/// both n and ε. The n-dependence is fixed per ellipsoid, so it is evaluated once here and only
/// the ε-polynomials are evaluated per geodesic.
struct LongitudeSeries {
    /// Coefficients of ε¹…ε⁵ in A₃ (its ε⁰ coefficient is 1).
    private let a: (Double, Double, Double, Double, Double)
    /// Coefficients of C₃ₗ, l = 1…5, by power of ε: c3[l] holds the factors of εˡ…ε⁵.
    private let c31: (Double, Double, Double, Double, Double)
    private let c32: (Double, Double, Double, Double)
    private let c33: (Double, Double, Double)
    private let c34: (Double, Double)
    private let c35: Double

    init(thirdFlattening n: Double) {
        let n2 = n * n
        a = (
            (n - 1) / 2, (-2 - n + 3 * n2) / 8, (-1 - 3 * n - n2) / 16, (-3 - 2 * n) / 64,
            -3.0 / 128
        )
        c31 = ((1 - n) / 4, (1 - n2) / 8, (3 + 3 * n - n2) / 64, (5 + 2 * n) / 128, 3.0 / 128)
        c32 = ((2 - 3 * n + n2) / 32, (3 - 2 * n - 3 * n2) / 64, (3 + n) / 128, 5.0 / 256)
        c33 = ((5 - 9 * n + 5 * n2) / 192, (9 - 10 * n) / 384, 7.0 / 512)
        c34 = ((7 - 14 * n) / 512, 7.0 / 512)
        c35 = 21.0 / 2560
    }

    /// A₃(ε) (eq. 24).
    func a3(_ eps: Double) -> Double {
        1 + eps * (a.0 + eps * (a.1 + eps * (a.2 + eps * (a.3 + eps * a.4))))
    }

    /// C₃ₗ(ε), l = 1…5 (eq. 25); the sixth coefficient is zero at this order.
    func c3(_ eps: Double) -> SineSeries {
        let e2 = eps * eps
        let e3 = e2 * eps, e4 = e2 * e2, e5 = e4 * eps
        return SineSeries(
            c1: eps * (c31.0 + eps * (c31.1 + eps * (c31.2 + eps * (c31.3 + eps * c31.4)))),
            c2: e2 * (c32.0 + eps * (c32.1 + eps * (c32.2 + eps * c32.3))),
            c3: e3 * (c33.0 + eps * (c33.1 + eps * c33.2)),
            c4: e4 * (c34.0 + eps * c34.1),
            c5: e5 * c35,
            c6: 0)
    }
}

// MARK: - Astroid

/// The positive root k of k⁴ + 2k³ − (x² + y² − 1)k² − 2y²k − y² = 0 (eq. 55), which gives the
/// starting azimuth for nearly antipodal points, where the spherical guess fails because the
/// shortest geodesic no longer resembles a great circle. Zero when y = 0 and x² ≤ 1.
///
/// The quartic is reduced to a cubic in u (the paper's eqs. 56–57) and each intermediate is
/// formed in the order that avoids subtracting nearly equal positive numbers.
func astroidRoot(_ x: Double, _ y: Double) -> Double {
    let p = x * x
    let q = y * y
    let r = (p + q - 1) / 6
    if q == 0 && r <= 0 { return 0 }
    let s = p * q / 4
    let r2 = r * r
    let r3 = r * r2
    let discriminant = s * (s + 2 * r3)
    var u = r
    if discriminant >= 0 {
        // One real root of the cubic: Cardano, adding the square root with the sign that
        // avoids cancellation.
        var t3 = s + r3
        t3 += t3 < 0 ? -discriminant.squareRoot() : discriminant.squareRoot()
        let t = cbrt(t3)
        u += t + (t != 0 ? r2 / t : 0)
    } else {
        // Three real roots: the trigonometric form picks the one we need.
        let angle = atan2((-discriminant).squareRoot(), -(s + r3))
        u += 2 * r * cos(angle / 3)
    }
    let v = (u * u + q).squareRoot()  // > 0
    let uv = u < 0 ? q / (v - u) : u + v  // u + v without cancellation, > 0
    let w = (uv - q) / (2 * v)
    return uv / ((uv + w * w).squareRoot() + w)
}
