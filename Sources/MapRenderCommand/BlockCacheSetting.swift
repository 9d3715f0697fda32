import Foundation
import MapErrors
import MapRenderCairo

/// The ceiling of `batch`'s painted basemap blocks (`PaintedBlockCache`), from the
/// environment: `MAPRENDER_BLOCK_CACHE_MB` megabytes of pixels, 0 painting every map whole.
enum BlockCacheSetting {
    /// The environment variable.
    static let variable = "MAPRENDER_BLOCK_CACHE_MB"
    /// The largest ceiling accepted, in megabytes.
    static let maximumMegabytes = 65_536

    /// The ceiling in bytes the environment asks for, or the default.
    ///
    /// - Throws: `MapError` `.invalidConfiguration` (as for any bad `MAPRENDER_` variable)
    ///   when the value is not a whole number of megabytes from 0 to `maximumMegabytes`.
    static func bytes(from environment: [String: String]) throws(MapError) -> Int {
        guard let text = environment[variable], !text.isEmpty else {
            return PaintedBlockCache.defaultMegabytes << 20
        }
        guard let megabytes = Int(text.trimmingCharacters(in: .whitespaces)), (0...maximumMegabytes).contains(megabytes)
        else {
            throw MapError(
                .invalidConfiguration,
                "\(variable)=\(text): not a whole number of megabytes from 0 to \(maximumMegabytes)",
                remedy: "e.g. \(variable)=128, or \(variable)=0 to paint every map whole")
        }
        return megabytes << 20
    }
}
