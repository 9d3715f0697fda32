// Spherical (great-circle) geodesy: the quick approximation when the ellipsoid's 0.3 %
// effect does not matter, and the convention Core Location users often expect.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Mean Earth radius for spherical formulas (IUGG R1 = 6,371,008.8 m).
public enum Earth {
    /// The IUGG mean radius R₁ = (2a + b)/3 of WGS84, in meters. The sphere of this radius
    /// has the least mean-square distance error against the ellipsoid.
    public static let meanRadius: Double = 6_371_008.8
}

extension Coordinate {
    /// Haversine great-circle distance on the sphere of Earth.meanRadius, meters.
    ///
    /// The haversine form stays accurate for short distances, where the spherical law of
    /// cosines loses everything to cancellation; the final angle is taken with atan2 rather
    /// than asin so that nearly antipodal points are accurate too.
    public func greatCircleDistance(to other: Coordinate) -> Double {
        let phi1 = latitude * DegreeMath.radiansPerDegree
        let phi2 = other.latitude * DegreeMath.radiansPerDegree
        let sinHalfDPhi = sin((phi2 - phi1) / 2)
        // sin² is 360°-periodic in the longitude difference, so no normalization is needed.
        let sinHalfDLambda = sin((other.longitude - longitude) * DegreeMath.radiansPerDegree / 2)
        let h = min(
            1, sinHalfDPhi * sinHalfDPhi + cos(phi1) * cos(phi2) * sinHalfDLambda * sinHalfDLambda)
        return 2 * Earth.meanRadius * atan2(h.squareRoot(), (1 - h).squareRoot())
    }
}
