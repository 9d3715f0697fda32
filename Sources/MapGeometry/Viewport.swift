#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the output canvas shows: a centre, a zoom and a canvas size.
///
/// The zoom follows the XYZ tile convention: at zoom z the world is 256·2^z canvas points
/// wide, so centre, zoom and size alone let anyone recompute every position. The map wraps
/// east-west: a coordinate is drawn in the world copy nearest the centre.
public struct Viewport: Hashable, Sendable, CustomStringConvertible {
    /// The map point at the canvas centre; x within [0, world width).
    public var center: MapPoint
    /// The zoom level, fractional allowed; the world is 256·2^zoom canvas points wide.
    public var zoom: Double
    /// The canvas size, in canvas points.
    public var size: CanvasSize

    /// Creates a viewport centred on a map point.
    public init(center: MapPoint, zoom: Double, size: CanvasSize) {
        let world = MapSize.world.width
        var x = center.x.truncatingRemainder(dividingBy: world)
        if x < 0 { x += world }
        self.center = MapPoint(x: x, y: center.y)
        self.zoom = zoom
        self.size = size
    }

    /// Creates a viewport centred on a coordinate.
    public init(center: Coordinate, zoom: Double, size: CanvasSize) {
        self.init(center: MapPoint(center), zoom: zoom, size: size)
    }

    /// Canvas points per map point at a zoom: 256·2^zoom / 2^28.
    public static func canvasPointsPerMapPoint(atZoom zoom: Double) -> Double {
        256 * pow(2, zoom) / MapSize.world.width
    }

    /// The zoom at which one map point spans `scale` canvas points.
    public static func zoom(forCanvasPointsPerMapPoint scale: Double) -> Double {
        log2(scale * MapSize.world.width / 256)
    }

    /// Canvas points per map point at this viewport's zoom.
    public var canvasPointsPerMapPoint: Double { Viewport.canvasPointsPerMapPoint(atZoom: zoom) }

    /// The coordinate at the canvas centre.
    public var centerCoordinate: Coordinate { center.coordinate.normalized }

    /// The canvas position of a map point, taken in the world copy its x names (no wrapping).
    public func point(for mapPoint: MapPoint) -> CanvasPoint {
        let scale = canvasPointsPerMapPoint
        return CanvasPoint(
            x: size.width / 2 + (mapPoint.x - center.x) * scale,
            y: size.height / 2 + (mapPoint.y - center.y) * scale)
    }

    /// The canvas position of a coordinate in the world copy nearest the centre, like
    /// `MKMapSnapshotter.Snapshot.point(for:)`.
    public func point(for coordinate: Coordinate) -> CanvasPoint {
        var mapPoint = MapPoint(coordinate)
        mapPoint.x += worldCopyOffset(forMapX: mapPoint.x)
        return point(for: mapPoint)
    }

    /// The multiple of the world's width that, added to `x`, brings it nearest the centre, in
    /// map points.
    public func worldCopyOffset(forMapX x: Double) -> Double {
        let world = MapSize.world.width
        return ((center.x - x) / world).rounded() * world
    }

    /// The map point under a canvas position (x may lie outside the world when the canvas
    /// shows another world copy).
    public func mapPoint(for point: CanvasPoint) -> MapPoint {
        let scale = canvasPointsPerMapPoint
        return MapPoint(
            x: center.x + (point.x - size.width / 2) / scale,
            y: center.y + (point.y - size.height / 2) / scale)
    }

    /// The coordinate under a canvas position, longitude normalized into [-180, 180).
    public func coordinate(for point: CanvasPoint) -> Coordinate {
        mapPoint(for: point).coordinate.normalized
    }

    /// The part of the map plane the canvas shows, in map points; its x range may run past
    /// the world's edges.
    public var visibleMapRect: MapRect {
        let scale = canvasPointsPerMapPoint
        let width = size.width / scale
        let height = size.height / scale
        return MapRect(
            origin: MapPoint(x: center.x - width / 2, y: center.y - height / 2),
            size: MapSize(width: width, height: height))
    }

    /// The geographic edges of the canvas; east is less than west when the canvas crosses
    /// the 180th meridian, and both span everything when the canvas shows the whole world.
    public var bounds: CoordinateBounds {
        let rect = visibleMapRect
        let northWest = MapPoint(x: rect.minX, y: max(rect.minY, 0)).coordinate
        let southEast = MapPoint(x: rect.maxX, y: min(rect.maxY, MapSize.world.height)).coordinate
        if rect.size.width >= MapSize.world.width {
            return CoordinateBounds(north: northWest.latitude, south: southEast.latitude, east: 180, west: -180)
        }
        return CoordinateBounds(
            north: northWest.latitude, south: southEast.latitude,
            east: Coordinate.normalizedLongitude(southEast.longitude),
            west: Coordinate.normalizedLongitude(northWest.longitude))
    }

    /// "center LAT,LON zoom Z size WxH".
    public var description: String {
        "center \(centerCoordinate) zoom \(zoom.decimalString(places: 4)) size \(size)"
    }
}

extension Viewport {
    /// The same viewport with its centre moved by less than a device pixel so that map
    /// positions on whole tile boundaries land on whole device pixels: raster tiles then
    /// draw 1:1 without resampling blur.
    public func alignedToDevicePixels(scale: Double) -> Viewport {
        // The canvas position of map x = 0 is width/2 − center.x·s; make it a whole number
        // of device pixels by nudging the centre.
        let s = canvasPointsPerMapPoint
        func aligned(_ centre: Double, _ half: Double) -> Double {
            let origin = (half - centre * s) * scale
            let shift = (origin - origin.rounded()) / scale
            return centre + shift / s
        }
        var copy = self
        copy.center = MapPoint(x: aligned(center.x, size.width / 2), y: aligned(center.y, size.height / 2))
        return copy
    }
}
