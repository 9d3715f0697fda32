import Foundation
import MapGeometry

// Synthetic tracks for the track tests.

/// The start of every synthetic track: 2024-05-01T14:00:00Z.
package let trackEpoch = Date(timeIntervalSince1970: 1_714_572_000)
/// Where synthetic tracks start: downtown Denver.
package let trackOrigin = Coordinate(latitude: 39.7392, longitude: -104.9903)

/// Fixes `step` meters apart along the geodesic from `start` at `bearing`, `interval`
/// seconds apart from `startTime` (no times when `interval` is nil).
package func syntheticFixes(
    count: Int, step: Double, bearing: Double = 0, from start: Coordinate = trackOrigin, startTime: Date = trackEpoch,
    interval: TimeInterval? = 1, accuracy: Double = 5
) -> [Location] {
    (0..<count).map { index in
        Location(
            coordinate: start.destination(bearing: bearing, distance: step * Double(index)),
            horizontalAccuracy: accuracy,
            timestamp: interval.map { startTime.addingTimeInterval($0 * Double(index)) })
    }
}
