// Spherical (great-circle) geodesy: the quick approximation when the ellipsoid's 0.3 %
// effect does not matter, and the convention Core Location users often expect.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The sphere that spherical formulas put in place of the Earth.
public enum Earth {
    /// The IUGG mean radius R₁ = (2a + b)/3 of WGS84, in meters, rounded to 0.1 m (R₁ =
    /// 6,371,008.7714 m for GRS80, whose b differs from WGS84's by 0.1 mm: H. Moritz,
    /// "Geodetic Reference System 1980", J. Geodesy 74, 128–133, 2000). The sphere of this
    /// radius has the least mean-square distance error against the ellipsoid. Not Web
    /// Mercator's sphere (`MapPoint.webMercatorRadius`).
    public static let meanRadius: Double = 6_371_008.8
}

extension Coordinate {
    /// Haversine great-circle distance on the sphere of Earth.meanRadius, meters.
    ///
    /// The haversine form stays accurate for short distances, where the spherical law of
    /// cosines loses everything to cancellation. Its usual weakness, nearly antipodal points
    /// (where hav σ → 1 and 1 − hav σ cancels), is avoided by also computing 1 − hav σ directly:
    /// it is the haversine of the distance from the first point to the antipode of the second.
    public func greatCircleDistance(to other: Coordinate) -> Double {
        let phi1 = latitude * DegreeMath.radiansPerDegree
        let phi2 = other.latitude * DegreeMath.radiansPerDegree
        // Halving and taking sine/cosine make these 360°-periodic in the longitude difference,
        // so no normalization is needed.
        let halfDLambda = (other.longitude - longitude) * DegreeMath.radiansPerDegree / 2
        let cosProduct = cos(phi1) * cos(phi2)
        let sinHalfDPhi = sin((phi2 - phi1) / 2)
        let sinHalfSumPhi = sin((phi1 + phi2) / 2)
        let sinHalfDLambda = sin(halfDLambda)
        let cosHalfDLambda = cos(halfDLambda)
        let h = sinHalfDPhi * sinHalfDPhi + cosProduct * sinHalfDLambda * sinHalfDLambda
        let hComplement = sinHalfSumPhi * sinHalfSumPhi + cosProduct * cosHalfDLambda * cosHalfDLambda
        // σ = 2 atan2(√hav σ, √(1 − hav σ)); both arguments are free of cancellation.
        return 2 * Earth.meanRadius * atan2(max(0, h).squareRoot(), max(0, hComplement).squareRoot())
    }
}
