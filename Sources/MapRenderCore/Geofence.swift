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
/// - **One journey, in the order it happened.** The fixes of a track are replayed in the
///   order they were recorded, whether or not each has a timestamp: a fix without one is
///   reported with no time, never moved. The tracks are replayed as one journey, so the
///   inside/outside state carries over from one track to the next, as a phone's monitoring
///   would carry over from one day to the next. Tracks with timestamps are put in time
///   order among themselves (by their earliest timestamp, ties in the order given); a
///   track without any timestamp keeps its place in the order given, since nothing says
///   when it happened. (Sorting the untimed ones after all timed ones printed the start
///   of a recording whose first track had no times after its end.)
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
    /// fixes (events of the same fix: exits before enters, each in the order of `regions`).
    public func events(for tracks: [Track]) -> [GeofenceEvent] {
        let order = Self.replayOrder(of: tracks)

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

    /// The indices of `tracks` in the order they are replayed: the timed tracks sorted by
    /// their earliest timestamp into the places the timed tracks hold, each untimed track
    /// where it was given.
    static func replayOrder(of tracks: [Track]) -> [Int] {
        let starts = tracks.map { $0.segments.lazy.flatMap { $0 }.compactMap(\.timestamp).min() }
        let timed = tracks.indices.filter { starts[$0] != nil }
        // Sorting indices by (start, index) keeps ties in the order given.
        let sorted = timed.sorted { (starts[$0]!, $0) < (starts[$1]!, $1) }
        var order = Array(tracks.indices)
        for (slot, index) in zip(timed, sorted) { order[slot] = index }
        return order
    }

    private func event(
        _ kind: GeofenceEvent.Kind, _ region: CircularRegion, _ location: Location, _ trackIndex: Int
    ) -> GeofenceEvent {
        GeofenceEvent(
            kind: kind, region: region, timestamp: location.timestamp, coordinate: location.coordinate,
            trackIndex: trackIndex)
    }
}
