public import MapGeometry

extension WebMercatorGeoTransform {
    /// "WGS 84 / Pseudo-Mercator" (EPSG:3857) in OGC WKT 1, as the EPSG dataset and GDAL
    /// export it: the authority code lets GDAL, PROJ and QGIS recognise Web Mercator, and
    /// the PROJ4 extension keeps older readers on the sphere rather than the ellipsoid.
    public static let wellKnownText =
        #"PROJCS["WGS 84 / Pseudo-Mercator",GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,"#
        + #"298.257223563,AUTHORITY["EPSG","7030"]],AUTHORITY["EPSG","6326"]],PRIMEM["Greenwich",0,"#
        + #"AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],"#
        + #"AUTHORITY["EPSG","4326"]],PROJECTION["Mercator_1SP"],PARAMETER["central_meridian",0],"#
        + #"PARAMETER["scale_factor",1],PARAMETER["false_easting",0],PARAMETER["false_northing",0],"#
        + #"UNIT["metre",1,AUTHORITY["EPSG","9001"]],AXIS["Easting",EAST],AXIS["Northing",NORTH],"#
        + #"EXTENSION["PROJ4","+proj=merc +a=6378137 +b=6378137 +lat_ts=0 +lon_0=0 +x_0=0 +y_0=0 +k=1 "#
        + #"+units=m +nadgrids=@null +wkt +no_defs"],AUTHORITY["EPSG","3857"]]"#
}

extension PDFGeospatialMeasure {
    /// The measure of a PDF page on which `viewport`'s canvas is drawn into `frame`: the
    /// frame's corners are the canvas corners' coordinates, in EPSG:3857.
    ///
    /// - Parameters:
    ///   - viewport: the map drawn; its canvas (0, 0)–(width, height) fills the frame.
    ///   - frame: where the map lies on the page, in points from the page's top-left
    ///     corner (canvas convention, y down); nil is the whole page, the viewport's size.
    ///   - pageHeight: the page's height in points (PDF user space has y up from the
    ///     bottom edge); nil is the frame's bottom edge, a page the frame fills.
    public init(viewport: Viewport, frame: CanvasRect? = nil, pageHeight: Double? = nil) {
        let frame = frame ?? CanvasRect(origin: CanvasPoint(x: 0, y: 0), size: viewport.size)
        let pageHeight = pageHeight ?? frame.origin.y + frame.size.height
        let width = viewport.size.width, height = viewport.size.height
        // Unwrapped coordinates: a frame across 180° has corners past it, as the affine
        // transform GDAL fits to them needs.
        let corners = [(0, 0), (0, height), (width, height), (width, 0)].map { x, y in
            let coordinate = viewport.mapPoint(for: CanvasPoint(x: x, y: y)).coordinate
            return Corner(latitude: coordinate.latitude, longitude: coordinate.longitude)
        }
        self.init(
            frame: Rectangle(
                x: frame.origin.x, y: pageHeight - frame.origin.y - frame.size.height, width: frame.size.width,
                height: frame.size.height),
            corners: corners, wellKnownText: WebMercatorGeoTransform.wellKnownText, epsgCode: 3857)
    }
}
