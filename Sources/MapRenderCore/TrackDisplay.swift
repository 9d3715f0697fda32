import MapGeometry

/// How tracks are shown on a map.
public struct TrackDisplay: Hashable, Sendable {
    /// What colours the line.
    public enum Coloring: String, Hashable, Sendable, CaseIterable {
        /// One colour, the style's track colour.
        case plain
        /// Slow red through yellow to fast green.
        case speed
        /// Low to high along a perceptually even ramp (viridis).
        case elevation
    }

    /// What colours the line.
    public var coloring: Coloring
    /// Whether chevrons show the direction of travel along the line.
    public var showsArrows: Bool
    /// Whether a box in the top-left corner gives distance, duration and speed.
    public var showsStatistics: Bool
    /// Units of the statistics box and legend.
    public var usesImperialUnits: Bool

    /// Creates track display options; by default a plain line without arrows or box.
    public init(
        coloring: Coloring = .plain, showsArrows: Bool = false, showsStatistics: Bool = false,
        usesImperialUnits: Bool = false
    ) {
        self.coloring = coloring
        self.showsArrows = showsArrows
        self.showsStatistics = showsStatistics
        self.usesImperialUnits = usesImperialUnits
    }
}

extension MapScene {
    /// Adds what a track map shows besides the line: a green "Start" pin at the first fix,
    /// a red "End" pin at the last, and the last fix as the user location (its accuracy
    /// halo and course), as a nightly snapshot of the day's recording wants.
    public mutating func addTrackMarkers() {
        let nonEmpty = tracks.filter { !$0.isEmpty }
        guard let first = nonEmpty.first?.first, let last = nonEmpty.last?.last else { return }
        places.append(
            Place(id: Int64(places.count + 1), title: "Start", coordinate: first.coordinate, marker: .pin(.green)))
        places.append(Place(id: Int64(places.count + 1), title: "End", coordinate: last.coordinate, marker: .pin(.red)))
        if userLocation == nil { userLocation = UserLocation(location: last) }
    }
}
