public import MapErrors
public import MapGeometry

/// A polygon in map points: the outer ring first, then any holes.
public typealias MapPolygon = [[MapPoint]]

/// A named point on the basemap: a country or a populated place.
public struct BasemapLabel: Hashable, Sendable {
    /// What kind of place it names.
    public enum Kind: String, Hashable, Sendable {
        /// A country, labelled at its representative point.
        case country
        /// A national capital.
        case capital
        /// Another populated place.
        case city
    }

    /// The name shown.
    public var name: String
    /// Where the label goes (a place's position, a country's label point).
    public var point: MapPoint
    /// What it names.
    public var kind: Kind
    /// Importance, lower first: Natural Earth's scale rank (0–10); labels are placed in this
    /// order so the important ones win collisions.
    public var rank: Int

    /// Creates a label.
    public init(name: String, point: MapPoint, kind: Kind, rank: Int) {
        self.name = name
        self.point = point
        self.kind = kind
        self.rank = rank
    }
}

/// The vector features of a basemap inside some rectangle, in map points within the world
/// (x in [0, 2^28)); layout repeats them per world copy.
public struct VectorBasemap: Hashable, Sendable {
    /// Land areas.
    public var land: [MapPolygon]
    /// Lakes.
    public var lakes: [MapPolygon]
    /// Rivers, as lines.
    public var rivers: [[MapPoint]]
    /// Land borders between countries.
    public var borders: [[MapPoint]]
    /// First-level administrative lines (states, provinces).
    public var adminLines: [[MapPoint]]
    /// Country and place names.
    public var labels: [BasemapLabel]

    /// Creates a basemap extract.
    public init(
        land: [MapPolygon] = [], lakes: [MapPolygon] = [], rivers: [[MapPoint]] = [], borders: [[MapPoint]] = [],
        adminLines: [[MapPoint]] = [], labels: [BasemapLabel] = []
    ) {
        self.land = land
        self.lakes = lakes
        self.rivers = rivers
        self.borders = borders
        self.adminLines = adminLines
        self.labels = labels
    }
}

/// Where the basemap comes from: the embedded world, tiles, or nothing. Implemented in the
/// data layer; layout only asks it for what a viewport shows.
public protocol BasemapSource: Sendable {
    /// Credits to show for this source.
    var attribution: [String] { get }
    /// The vector features that show in `rect` (which may run past the world's edges) at
    /// `zoom`, generalised for that zoom.
    func vectorFeatures(in rect: MapRect, zoom: Double) throws(MapError) -> VectorBasemap
}
