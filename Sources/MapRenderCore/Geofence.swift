public import FoundationEssentials
public import MapGeometry

/// A circle on the ground monitored for entries and exits, like Core Location's
/// `CLCircularRegion`.
public struct CircularRegion: Hashable, Sendable {
    /// The largest radius monitored, in meters: larger regions are clamped to it.
    ///
    /// Core Location exposes this limit as `CLLocationManager.maximumRegionMonitoringDistance`
    /// ("the largest boundary distance that can be assigned to a region"); Apple documents no
    /// fixed value, since it depends on the device. We use 400 km, the value commonly
    /// reported by iPhones, so a region behaves as the app it came from would treat it; apps
    /// clamp with `min(radius, manager.maximumRegionMonitoringDistance)`, as we do.
    public static let maximumRadius: Double = 400_000

    /// A stable identifier (for places from the favorites database, the row id).
    public var identifier: String
    /// The name shown in events: the place's title.
    public var title: String
    /// The centre.
    public var center: Coordinate
    /// The radius, in meters.
    public var radius: Double

    /// Creates a region of `radius` meters around `center`.
    public init(identifier: String, title: String, center: Coordinate, radius: Double) {
        self.identifier = identifier
        self.title = title
        self.center = center
        self.radius = radius
    }

    /// Whether `coordinate` lies inside (at most `radius` meters from the centre on the
    /// WGS84 ellipsoid).
    public func contains(_ coordinate: Coordinate) -> Bool {
        center.distance(to: coordinate) <= radius
    }

    /// The region of every place with a positive geofence radius (`Place.proximityRadius`,
    /// the favorites database's `display_radius`), whether or not its circle is drawn, in
    /// the places' order. Radii above `maximumRadius` are clamped, each with a warning.
    public static func regions(for places: [Place]) -> (regions: [CircularRegion], diagnostics: [Diagnostic]) {
        var regions: [CircularRegion] = []
        var diagnostics: [Diagnostic] = []
        for place in places {
            guard let radius = place.proximityRadius, radius > 0, radius.isFinite, place.coordinate.isValid else {
                continue
            }
            var clamped = radius
            if radius > maximumRadius {
                clamped = maximumRadius
                diagnostics.append(
                    Diagnostic(
                        .warning,
                        "geofence '\(place.title)': radius \(radius.decimalString(places: 0)) m is larger than the maximum"
                            + " monitoring distance; clamped to \(maximumRadius.decimalString(places: 0)) m"))
            }
            regions.append(
                CircularRegion(
                    identifier: String(place.id), title: place.title, center: place.coordinate, radius: clamped))
        }
        return (regions, diagnostics)
    }
}

/// A crossing of a region's boundary by a track, like Core Location's
/// `locationManager(_:didEnterRegion:)` and `didExitRegion` callbacks.
public struct GeofenceEvent: Hashable, Sendable {
    /// Which way the boundary was crossed.
    public enum Kind: String, Hashable, Sendable {
        /// From outside to inside.
        case enter
        /// From inside to outside.
        case exit
    }

    /// Which way the boundary was crossed.
    public var kind: Kind
    /// The region crossed.
    public var region: CircularRegion
    /// The time of the first fix on the new side, or `nil` when the fix has none.
    public var timestamp: Date?
    /// Where that fix was.
    public var coordinate: Coordinate
    /// Which of the tracks given to `GeofenceMonitor.events(for:)` the fix belongs to
    /// (an index into that array).
    public var trackIndex: Int

    /// Creates an event.
    public init(kind: Kind, region: CircularRegion, timestamp: Date?, coordinate: Coordinate, trackIndex: Int) {
        self.kind = kind
        self.region = region
        self.timestamp = timestamp
        self.coordinate = coordinate
        self.trackIndex = trackIndex
    }
}

/// Replays tracks against circular regions and reports where they entered and left them.
///
/// - **Hysteresis.** A fix enters a region when it is less than `radius` meters from the
///   centre, but the track exits only once a fix is more than `radius + cushion` meters
///   away. GPS fixes wander by several meters while standing still; without the cushion a
///   person waiting at the edge of a region would enter and exit over and over. Core
///   Location guards against the same thing: "the user's location must cross the region
///   boundary, move away from the boundary by a minimum distance, and remain at that minimum
///   distance for at least 20 seconds before the notifications are reported" (Location and
///   Maps Programming Guide, "Region Monitoring"). We keep the distance, not the 20 s wait.
/// - **Initial state.** Monitoring starts with every region "outside", so a journey whose
///   first fix is inside a region gets an enter event at that first fix (as Core Location's
///   `requestState(for:)` would report `.inside` when monitoring begins). Nothing is
///   reported at the end: a journey ending inside a region simply has no exit.
/// - **One journey.** The tracks are replayed as one journey in time order (by their
///   earliest timestamp; tracks without any timestamp keep their order after the timed
///   ones), so the inside/outside state carries over from one track to the next, as a
///   phone's monitoring would carry over from one day to the next.
///
/// Fixes with an invalid coordinate or horizontal accuracy are skipped; clean the tracks
/// first (`Track.cleaned(_:)`) to drop inaccurate fixes that could cause false crossings.
public struct GeofenceMonitor: Sendable {
    /// The default cushion, in meters: a few times the accuracy of a good GPS fix.
    public static let defaultCushion: Double = 20

    /// The regions monitored.
    public var regions: [CircularRegion]
    /// How far beyond its radius a track must go to exit a region, in meters (0 or more).
    public var cushion: Double

    /// Creates a monitor.
    public init(regions: [CircularRegion], cushion: Double = GeofenceMonitor.defaultCushion) {
        self.regions = regions
        self.cushion = max(0, cushion.isFinite ? cushion : 0)
    }

    /// The enter and exit events of the journey the tracks make up, in the order of its
    /// fixes, which is time order for cleaned tracks (events of the same fix: exits before
    /// enters, each in the order of `regions`).
    public func events(for tracks: [Track]) -> [GeofenceEvent] {
        // Tracks ordered by their start; the sort is stable so ties keep the input order.
        let order = tracks.indices.map { ($0, tracks[$0].segments.lazy.flatMap { $0 }.compactMap(\.timestamp).min()) }
            .enumerated()
            .sorted { lhs, rhs in
                switch (lhs.element.1, rhs.element.1) {
                case (let l?, let r?): return l < r || (l == r && lhs.offset < rhs.offset)
                case (.some, .none): return true
                case (.none, .some): return false
                case (.none, .none): return lhs.offset < rhs.offset
                }
            }
            .map(\.element.0)

        var inside = Array(repeating: false, count: regions.count)
        // Degrees of latitude cover at least 110 574 m each (the meridian is shortest per
        // degree at the equator), and no path between two parallels is shorter than the
        // meridian arc between them: a fix farther than this in latitude is surely outside,
        // which skips the geodesic computation for most fixes.
        let metersPerDegreeLatitude = 110_000.0
        var events: [GeofenceEvent] = []
        for trackIndex in order {
            for segment in tracks[trackIndex].segments {
                for location in segment where location.hasValidCoordinate {
                    var exits: [GeofenceEvent] = [], enters: [GeofenceEvent] = []
                    for (index, region) in regions.enumerated() {
                        let far = abs(location.coordinate.latitude - region.center.latitude) * metersPerDegreeLatitude
                        let distance: Double
                        if far > region.radius + cushion + 1 {
                            distance = far
                        } else {
                            distance = region.center.distance(to: location.coordinate)
                        }
                        if !inside[index] && distance < region.radius {
                            inside[index] = true
                            enters.append(event(.enter, region, location, trackIndex))
                        } else if inside[index] && distance > region.radius + cushion {
                            inside[index] = false
                            exits.append(event(.exit, region, location, trackIndex))
                        }
                    }
                    events += exits + enters
                }
            }
        }
        return events
    }

    private func event(
        _ kind: GeofenceEvent.Kind, _ region: CircularRegion, _ location: Location, _ trackIndex: Int
    ) -> GeofenceEvent {
        GeofenceEvent(
            kind: kind, region: region, timestamp: location.timestamp, coordinate: location.coordinate,
            trackIndex: trackIndex)
    }
}
