#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Degrees to radians.
@inline(__always) func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
/// Radians to degrees.
@inline(__always) func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
