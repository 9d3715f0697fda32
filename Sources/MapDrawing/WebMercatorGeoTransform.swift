public import MapGeometry

/// The affine transform from an image's device pixels to EPSG:3857 ("WGS 84 /
/// Pseudo-Mercator") meters: what a world file or a georeferenced PDF tells a GIS.
///
/// Pixel (column, row) — measured from the image's top-left corner, so (0.5, 0.5) is the
/// centre of the upper-left pixel — lands at
/// x = `upperLeftCorner.x` + column · `pixelSize`,
/// y = `upperLeftCorner.y` − row · `pixelSize`,
/// the north-up, unrotated case of GDAL's geotransform (GDAL Data Model, "Affine
/// GeoTransform"). It lives beside `ImageFormat` because every writer of an image file
/// (world files, a georeferenced PDF) takes its numbers from here.
public struct WebMercatorGeoTransform: Hashable, Sendable {
    /// The ground size of one device pixel on the projection plane, in EPSG:3857 meters
    /// (the same in x and y: Web Mercator is conformal and pixels are square).
    public var pixelSize: Double
    /// The upper-left corner of the upper-left pixel, in EPSG:3857 meters (x east, y north
    /// of the origin at 0° N, 0° E).
    public var upperLeftCorner: Meters

    /// A point on the EPSG:3857 plane, in meters east (x) and north (y) of 0° N, 0° E.
    public struct Meters: Hashable, Sendable {
        /// Meters east of the prime meridian.
        public var x: Double
        /// Meters north of the equator.
        public var y: Double

        /// Creates a point from its two values, in meters.
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// EPSG:3857 meters per map point: the equator's length on the projection's sphere,
    /// 2π · 6,378,137 m, over the world's 2^28 map points.
    public static let metersPerMapPoint = 2 * Double.pi * MapPoint.webMercatorRadius / MapSize.world.width

    /// The transform of an image that draws `viewport` at `scale` device pixels per canvas
    /// point.
    ///
    /// The viewport's map points (origin north-west, y south) become meters with the origin
    /// at the world's centre and y north. A canvas that shows a world copy east or west of
    /// the main one keeps going past ±20,037,508.34 m, as the affine transform must.
    public init(viewport: Viewport, scale: Double) {
        let canvasPointsPerMapPoint = viewport.canvasPointsPerMapPoint
        pixelSize = Self.metersPerMapPoint / (canvasPointsPerMapPoint * scale)
        let topLeft = viewport.mapPoint(for: CanvasPoint(x: 0, y: 0))
        let half = MapSize.world.width / 2
        upperLeftCorner = Meters(
            x: (topLeft.x - half) * Self.metersPerMapPoint, y: (half - topLeft.y) * Self.metersPerMapPoint)
    }

    /// The centre of the upper-left pixel, in EPSG:3857 meters: lines 5 and 6 of a world
    /// file.
    public var upperLeftPixelCenter: Meters {
        meters(column: 0.5, row: 0.5)
    }

    /// Where a device-pixel position (from the image's top-left corner, in pixels) lies, in
    /// EPSG:3857 meters.
    public func meters(column: Double, row: Double) -> Meters {
        Meters(x: upperLeftCorner.x + column * pixelSize, y: upperLeftCorner.y - row * pixelSize)
    }

    /// The device-pixel position (from the image's top-left corner, in pixels) of a point in
    /// EPSG:3857 meters: the inverse of `meters(column:row:)`.
    public func pixel(for meters: Meters) -> (column: Double, row: Double) {
        (column: (meters.x - upperLeftCorner.x) / pixelSize, row: (upperLeftCorner.y - meters.y) / pixelSize)
    }
}
