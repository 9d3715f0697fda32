public import MapDrawing
public import MapGeometry

/// A named point on the map: a favorite, a waypoint, a GeoJSON point or a `--pin`.
///
/// Mirrors the FavoritePlace of the iOS app the favorites database comes from: a title for
/// the callout, an address for its subtitle, and an optional geofence radius.
public struct Place: Hashable, Sendable {
    /// A stable identifier within its source (the favorites row id, or a running number).
    public var id: Int64
    /// The callout title.
    public var title: String
    /// The callout subtitle, or `nil` for none.
    public var subtitle: String?
    /// Where the pin points.
    public var coordinate: Coordinate
    /// How the marker is drawn.
    public var marker: Marker
    /// The geofence radius in meters, drawn as a circle when `showsProximity` is set.
    public var proximityRadius: Double?
    /// Whether to draw the geofence circle around the place.
    public var showsProximity: Bool
    /// A picture shown at the left of the callout (MapKit's left accessory view), or `nil`.
    public var calloutImage: EncodedImage?

    /// Creates a place.
    public init(
        id: Int64 = 0, title: String, subtitle: String? = nil, coordinate: Coordinate,
        marker: Marker = .pin(.red), proximityRadius: Double? = nil, showsProximity: Bool = false,
        calloutImage: EncodedImage? = nil
    ) {
        self.calloutImage = calloutImage
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.coordinate = coordinate
        self.marker = marker
        self.proximityRadius = proximityRadius
        self.showsProximity = showsProximity
    }

    /// Joins the parts of a postal address the way the iOS app shows it under a favorite's
    /// name: "street, city, state postal", skipping empty parts. Returns `nil` when every
    /// part is empty.
    public static func addressLine(
        street: String?, city: String?, state: String?, postal: String?
    ) -> String? {
        func clean(_ part: String?) -> String? {
            guard let trimmed = part?.trimmingWhitespace(), !trimmed.isEmpty else { return nil }
            return trimmed
        }
        let region = [clean(state), clean(postal)].compactMap { $0 }.joined(separator: " ")
        let parts = [clean(street), clean(city), region.isEmpty ? nil : region].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}

/// How a place is marked on the map.
public enum Marker: Hashable, Sendable {
    /// The classic map pin in a colour, or in the style's default pin colour for `nil`.
    case pin(Color?)
    /// The arrow marker of the "where I am going next" favorite.
    case goingNext
    /// A picture from a PNG file.
    case image(MarkerImage)
}

/// A picture used as a marker, with the point of it that sits on the coordinate.
public struct MarkerImage: Hashable, Sendable {
    /// The picture; one pixel is drawn as one canvas point.
    public var image: EncodedImage
    /// The anchor's distance from the left edge, as a fraction of the width (0.5 = centre).
    public var anchorX: Double
    /// The anchor's distance from the top edge, as a fraction of the height (1 = bottom).
    public var anchorY: Double

    /// Creates an image marker; by default its bottom centre marks the coordinate.
    public init(image: EncodedImage, anchorX: Double = 0.5, anchorY: Double = 1) {
        self.image = image
        self.anchorX = anchorX
        self.anchorY = anchorY
    }

    /// The picture's rectangle when its anchor sits on `point`, in canvas points.
    public func rect(at point: CanvasPoint) -> CanvasRect {
        let width = Double(image.pixelWidth), height = Double(image.pixelHeight)
        return CanvasRect(x: point.x - anchorX * width, y: point.y - anchorY * height, width: width, height: height)
    }
}
