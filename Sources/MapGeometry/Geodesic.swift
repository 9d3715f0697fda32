// Geodesics on an ellipsoid of revolution: the inverse problem (distance and azimuths between
// two points) and the direct problem (where a geodesic of given start and length ends).
//
// Method: C. F. F. Karney, "Algorithms for geodesics", J. Geodesy 87, 43–55 (2013),
// doi:10.1007/s00190-012-0578-z — the method of GeographicLib. The geodesic is mapped onto a
// great circle on an auxiliary sphere; distance and longitude follow from integrals expanded
// to sixth order in the third flattening (GeodesicSeries.swift). The inverse problem is solved
// by Newton's method on the starting azimuth, seeded by a spherical approximation or, for
// nearly antipodal points, by the astroid approximation, with bisection as a safety net. The
// result is accurate to about 15 nm for the Earth and converges for every pair of points,
// including exactly and nearly antipodal ones where Vincenty's method fails.
//
// Notation follows the paper: β reduced latitude, α azimuth, σ arc length on the auxiliary
// sphere, ω longitude on the auxiliary sphere, λ longitude on the ellipsoid; s/c prefixes are
// sines and cosines (sbet1 = sin β₁); subscript 0 refers to the equator crossing.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An ellipsoid of revolution.
public struct Ellipsoid: Hashable, Sendable {
    /// The equatorial radius (semi-major axis) a, in meters.
    public var equatorialRadius: Double
    /// The flattening f = (a − b)/a, dimensionless; positive for an oblate ellipsoid, zero for a
    /// sphere, negative for a prolate one.
    public var flattening: Double

    /// Creates an ellipsoid from its equatorial radius in meters and its flattening.
    public init(equatorialRadius: Double, flattening: Double) {
        self.equatorialRadius = equatorialRadius
        self.flattening = flattening
    }

    /// The WGS84 ellipsoid: a = 6,378,137 m, f = 1/298.257223563, its defining parameters
    /// (NIMA TR8350.2, 3rd ed., Table 3.1). The package's one definition of both: the region,
    /// projection and distance code take them from here.
    public static let wgs84 = Ellipsoid(equatorialRadius: 6_378_137, flattening: 1 / 298.257223563)

    /// Inverse problem: shortest geodesic between two points.
    ///
    /// Returns the length in meters and the azimuths at both ends, in degrees clockwise from
    /// north in (−180°, 180°]. The final azimuth is the direction of travel on arrival. At a
    /// pole the azimuths are those of the limit approaching the pole along the given
    /// longitude. Degenerate cases follow GeographicLib's conventions, which this reproduces:
    /// coincident points have distance 0 and azimuths of 180° (0° south of the equator);
    /// exactly antipodal points, joined by a whole family of shortest geodesics, get the one
    /// leaving due north or south. Latitudes outside [−90°, 90°] give NaN.
    public func inverse(from start: Coordinate, to end: Coordinate) -> GeodesicInverse {
        let r = GeodesicSolver(self).inverse(
            start.latitude, start.longitude, end.latitude, end.longitude)
        return GeodesicInverse(
            distance: r.distance,
            initialAzimuth: azimuthDegrees(r.salp1, r.calp1),
            finalAzimuth: azimuthDegrees(r.salp2, r.calp2))
    }

    /// Direct problem: where a geodesic of given start azimuth and length ends.
    ///
    /// `azimuth` is in degrees clockwise from north, `distance` in meters (negative values go
    /// backwards; values beyond half the circumference continue around the ellipsoid). The
    /// result's longitude is normalized into [−180°, 180°); its final azimuth is in
    /// (−180°, 180°].
    public func direct(from start: Coordinate, azimuth: Double, distance: Double) -> GeodesicDirect {
        let line = GeodesicLine(
            GeodesicSolver(self), latitude: start.latitude, azimuth: azimuth)
        let p = line.position(distance: distance)
        let longitude = DegreeMath.normalizedHalfOpen(
            DegreeMath.normalized(start.longitude) + DegreeMath.normalized(p.longitudeChange))
        return GeodesicDirect(
            coordinate: Coordinate(latitude: p.latitude, longitude: longitude),
            finalAzimuth: p.azimuth)
    }
}

/// The solution of the inverse geodesic problem.
public struct GeodesicInverse: Hashable, Sendable {
    /// Length of the shortest geodesic, in meters.
    public var distance: Double
    /// Azimuth at the start, degrees clockwise from north in (−180°, 180°].
    public var initialAzimuth: Double
    /// Azimuth at the end (the direction of travel on arrival), degrees clockwise from north in
    /// (−180°, 180°].
    public var finalAzimuth: Double

    /// Creates a solution from a distance in meters and two azimuths in degrees.
    public init(distance: Double, initialAzimuth: Double, finalAzimuth: Double) {
        self.distance = distance
        self.initialAzimuth = initialAzimuth
        self.finalAzimuth = finalAzimuth
    }
}

/// The solution of the direct geodesic problem.
public struct GeodesicDirect: Hashable, Sendable {
    /// The end point, in degrees; longitude in [−180°, 180°).
    public var coordinate: Coordinate
    /// Azimuth at the end point (the direction of travel there), degrees clockwise from north
    /// in (−180°, 180°].
    public var finalAzimuth: Double

    /// Creates a solution from an end point and a final azimuth in degrees.
    public init(coordinate: Coordinate, finalAzimuth: Double) {
        self.coordinate = coordinate
        self.finalAzimuth = finalAzimuth
    }
}

/// An azimuth in degrees in (−180°, 180°] from its sine and cosine; −180° (from a −0 sine)
/// is reported as 180°.
func azimuthDegrees(_ s: Double, _ c: Double) -> Double {
    let azimuth = DegreeMath.atan2Degrees(s, c)
    return azimuth == -180 ? 180 : azimuth
}

// MARK: - Direct problem

/// A geodesic fixed by its starting latitude and azimuth, from which the point at any
/// distance follows without iteration (section 3 of the paper). Everything that depends only
/// on the start is computed once, so many points along one geodesic (a densified segment, a
/// circle's spokes) cost little more than the series evaluations at each end.
struct GeodesicLine {
    private let b: Double, f: Double, f1: Double
    private let salp0: Double, calp0: Double  // azimuth at the equator crossing
    private let ssig1: Double, csig1: Double  // arc length σ₁ from the equator crossing
    private let somg1: Double, comg1: Double  // auxiliary longitude ω₁ (not normalized)
    private let k2: Double  // e′² cos² α₀
    private let a1m1: Double
    private let c1: SineSeries, c1Reverted: SineSeries, c3: SineSeries
    private let b11: Double, b31: Double
    private let stau1: Double, ctau1: Double  // τ₁ = σ₁ + B₁₁, the start in "distance" units
    private let a3c: Double  // −f sin α₀ A₃, the scale of λ − ω

    /// A geodesic starting at `latitude` with `azimuth` (both degrees).
    init(_ solver: GeodesicSolver, latitude: Double, azimuth: Double) {
        // Rounding tiny azimuths keeps, e.g., 1e-300° from producing a nearly singular α₀.
        let (s, c) = DegreeMath.sinCos(DegreeMath.rounded(DegreeMath.normalized(azimuth)))
        self.init(solver, latitude: latitude, salp1: s, calp1: c)
    }

    /// A geodesic starting at `latitude` (degrees) with azimuth given by its sine and cosine,
    /// as the inverse problem produces them (no round trip through degrees).
    init(_ solver: GeodesicSolver, latitude: Double, salp1: Double, calp1: Double) {
        b = solver.b
        f = solver.f
        f1 = solver.f1
        let (sbet1, cbet1) = solver.reducedLatitude(
            DegreeMath.rounded(DegreeMath.checkedLatitude(latitude)))
        salp0 = salp1 * cbet1  // Clairaut's constant
        calp0 = hypot(calp1, salp1 * sbet1)
        // σ₁ and ω₁ are measured from the northward equator crossing (eq. 11). Starting on the
        // equator due west/east would leave the quadrant undefined; take σ₁ = 0 there.
        somg1 = salp0 * sbet1
        comg1 = sbet1 != 0 || calp1 != 0 ? cbet1 * calp1 : 1
        (ssig1, csig1) = DegreeMath.unit(sbet1, comg1)

        k2 = calp0 * calp0 * solver.ep2
        let eps = GeodesicSeries.epsilon(k2: k2)
        a1m1 = GeodesicSeries.a1MinusOne(eps)
        c1 = GeodesicSeries.c1(eps)
        c1Reverted = GeodesicSeries.c1Reverted(eps)
        b11 = c1.sum(sin: ssig1, cos: csig1)
        // τ₁ = σ₁ + B₁(σ₁), by the angle-sum formula rather than through atan2.
        let (sb, cb) = (sin(b11), cos(b11))
        stau1 = ssig1 * cb + csig1 * sb
        ctau1 = csig1 * cb - ssig1 * sb
        c3 = solver.longitudeSeries.c3(eps)
        a3c = -f * salp0 * solver.longitudeSeries.a3(eps)
        b31 = c3.sum(sin: ssig1, cos: csig1)
    }

    /// The point at `distance` meters along the geodesic: its latitude (degrees), its
    /// longitude minus the start's, unrolled — it keeps growing as the geodesic circles the
    /// ellipsoid, so successive points stay continuous (degrees) — and the azimuth there
    /// (degrees, (−180°, 180°]).
    func position(distance: Double) -> (latitude: Double, longitudeChange: Double, azimuth: Double) {
        // Distance → arc length σ₁₂ through the reverted series (eqs. 7, 20): τ₁₂ is the
        // distance in units of b·A₁, and σ = τ − B′₁(τ).
        var tau12 = distance / (b * (1 + a1m1))
        if !tau12.isFinite { tau12 = .nan }
        let (st, ct) = (sin(tau12), cos(tau12))
        let b12Reverted = -c1Reverted.sum(sin: stau1 * ct + ctau1 * st, cos: ctau1 * ct - stau1 * st)
        var sig12 = tau12 - (b12Reverted - b11)
        var ssig12 = sin(sig12)
        var csig12 = cos(sig12)
        if abs(f) > 0.01 {
            // The reverted series is only accurate for small |f|; polish σ₁₂ with one Newton
            // step on the forward series for strongly flattened ellipsoids.
            let ssig2 = ssig1 * csig12 + csig1 * ssig12
            let csig2 = csig1 * csig12 - ssig1 * ssig12
            let b12 = c1.sum(sin: ssig2, cos: csig2)
            let error = (1 + a1m1) * (sig12 + (b12 - b11)) - distance / b
            sig12 -= error / (1 + k2 * ssig2 * ssig2).squareRoot()
            ssig12 = sin(sig12)
            csig12 = cos(sig12)
        }

        // The end on the auxiliary sphere (eqs. 5–6, 13–14).
        let ssig2 = ssig1 * csig12 + csig1 * ssig12
        var csig2 = csig1 * csig12 - ssig1 * ssig12
        let sbet2 = calp0 * ssig2
        var cbet2 = hypot(salp0, calp0 * csig2)
        if cbet2 == 0 {
            // Exactly at a pole: keep cos β off zero so the azimuth is the meridian's.
            cbet2 = GeodesicSolver.tiny
            csig2 = GeodesicSolver.tiny
        }
        let salp2 = salp0
        let calp2 = calp0 * csig2

        // ω₁₂ unrolled: σ₁₂ minus the wrapped change in σ plus the wrapped change in ω counts
        // whole turns correctly, so the longitude does not jump back by 360° after a lap.
        let e = Double(signOf: salp0, magnitudeOf: 1)  // eastward (+1) or westward (−1)
        let somg2 = salp0 * ssig2
        let comg2 = csig2
        let omg12 =
            e
            * (sig12 - (atan2(ssig2, csig2) - atan2(ssig1, csig1))
                + (atan2(e * somg2, comg2) - atan2(e * somg1, comg1)))
        // λ₁₂ = ω₁₂ + (f sin α₀ A₃)(σ₁₂ + B₃ difference) (eq. 8 with eq. 23).
        let lam12 = omg12 + a3c * (sig12 + (c3.sum(sin: ssig2, cos: csig2) - b31))

        return (
            DegreeMath.atan2Degrees(sbet2, f1 * cbet2),
            lam12 * DegreeMath.degreesPerRadian,
            azimuthDegrees(salp2, calp2)
        )
    }
}
