#if canImport(Glibc)
    @_exported import Glibc
#elseif canImport(Musl)
    @_exported import Musl
#elseif canImport(Darwin)
    @_exported import Darwin
#endif

/// Degrees to radians.
@inline(__always) func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
/// Radians to degrees.
@inline(__always) func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
