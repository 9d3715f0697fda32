public import MapErrors

/// Where a rectangle of a PDF page lies on the Earth: the ISO 32000-2 geospatial measure
/// (§12.10 "Geospatial features": a viewport, `/VP`, whose `/Measure` has `/Subtype /GEO`),
/// in the form GDAL's PDF driver writes and reads ("ISO32000" encoding).
///
/// The four corners of the frame are given as latitude and longitude in the order GDAL
/// writes them (upper-left, lower-left, lower-right, upper-right), matched to the frame's
/// unit square by `/LPTS` and `/Bounds` `[0 1 0 0 1 0 1 1]`; `/GCS` names the projected
/// system the map is drawn in, by WKT and EPSG code, so a reader fits the page to it.
public struct PDFGeospatialMeasure: Hashable, Sendable {
    /// A rectangle in PDF user space: points (1/72 in), origin at the page's lower-left
    /// corner, y up.
    public struct Rectangle: Hashable, Sendable {
        /// The left edge, in points.
        public var x: Double
        /// The bottom edge, in points.
        public var y: Double
        /// The width, in points.
        public var width: Double
        /// The height, in points.
        public var height: Double

        /// Creates a rectangle from its lower-left corner and size, in points.
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// A corner's place, in WGS84 degrees.
    public struct Corner: Hashable, Sendable {
        /// Degrees north.
        public var latitude: Double
        /// Degrees east (not wrapped: a frame across 180° keeps going past it).
        public var longitude: Double

        /// Creates a corner, latitude first, in degrees.
        public init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    /// The map's frame on the page (the viewport's `/BBox`).
    public var frame: Rectangle
    /// The frame's upper-left, lower-left, lower-right and upper-right corners.
    public var corners: [Corner]
    /// The projected coordinate system in OGC WKT 1.
    public var wellKnownText: String
    /// The EPSG code of that system (3857 for Web Mercator).
    public var epsgCode: Int

    /// Creates a measure from the frame, its four corners (upper-left, lower-left,
    /// lower-right, upper-right) and the system the map is drawn in.
    public init(frame: Rectangle, corners: [Corner], wellKnownText: String, epsgCode: Int) {
        precondition(corners.count == 4, "a frame has four corners")
        self.frame = frame
        self.corners = corners
        self.wellKnownText = wellKnownText
        self.epsgCode = epsgCode
    }

    /// The unit-square positions of the corners, as `/Bounds` and `/LPTS` give them.
    private static let unitCorners: [PDFObject] = [0, 1, 0, 0, 1, 0, 1, 1].map { .number(String($0)) }

    /// The page's `/VP` entry: an array of one viewport dictionary.
    ///
    /// Corners are written with ten decimals (about 10 µm on the ground); the frame with
    /// four (1/720,000 in).
    public var viewportArray: PDFObject {
        let gpts = corners.flatMap {
            [PDFObject.number($0.latitude, decimals: 10), .number($0.longitude, decimals: 10)]
        }
        let bbox = [frame.x, frame.y, frame.x + frame.width, frame.y + frame.height].map {
            PDFObject.number($0, decimals: 4)
        }
        var text: [UInt8] = Array("(".utf8)
        for byte in wellKnownText.utf8 {
            // Parentheses and backslashes are escaped inside a literal string (§7.3.4.2).
            if byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "\\") {
                text.append(UInt8(ascii: "\\"))
            }
            text.append(byte)
        }
        text.append(UInt8(ascii: ")"))
        let system = PDFObject.dictionary([
            ("Type", .name("PROJCS")), ("WKT", .string(text)), ("EPSG", .number(String(epsgCode))),
        ])
        let measure = PDFObject.dictionary([
            ("Type", .name("Measure")), ("Subtype", .name("GEO")), ("Bounds", .array(Self.unitCorners)),
            ("GPTS", .array(gpts)), ("LPTS", .array(Self.unitCorners)), ("GCS", system),
        ])
        return .array([
            .dictionary([
                ("Type", .name("Viewport")), ("Name", .string(Array("(Map)".utf8))), ("BBox", .array(bbox)),
                ("Measure", measure),
            ])
        ])
    }

    /// Reads a measure back from a page's `/VP` array, the first viewport with a
    /// geospatial measure whose corners are at the unit square's corners in GDAL's order;
    /// nil when there is none.
    public init?(viewportArray: PDFObject) {
        guard case .array(let viewports) = viewportArray else { return nil }
        for viewport in viewports {
            guard case .array(let box) = viewport["BBox"], box.count == 4,
                let measure = viewport["Measure"], measure["Subtype"] == .name("GEO"),
                case .array(let gpts) = measure["GPTS"], gpts.count == 8,
                case .array(let lpts) = measure["LPTS"], lpts.map(\.doubleValue) == Self.unitCorners.map(\.doubleValue)
            else { continue }
            let numbers = box.compactMap(\.doubleValue), degrees = gpts.compactMap(\.doubleValue)
            guard numbers.count == 4, degrees.count == 8 else { continue }
            frame = Rectangle(
                x: numbers[0], y: numbers[1], width: numbers[2] - numbers[0], height: numbers[3] - numbers[1])
            corners = stride(from: 0, to: 8, by: 2).map { Corner(latitude: degrees[$0], longitude: degrees[$0 + 1]) }
            let system = measure["GCS"]
            wellKnownText = system?["WKT"]?.literalStringBytes.map { String(decoding: $0, as: UTF8.self) } ?? ""
            epsgCode = system?["EPSG"]?.integerValue ?? 0
            return
        }
        return nil
    }

    /// `pdf` with the measures set on its pages (by index in page order) as an incremental
    /// update: Cairo's bytes are kept as they are, a new version of each page dictionary
    /// with its `/VP` is appended.
    ///
    /// - Throws: `MapError` (`.invalidData`) when the file's structure is not one this
    ///   reader follows (see `PDFIncrementalUpdate`).
    public static func georeference(
        _ pdf: [UInt8], pages measures: [Int: PDFGeospatialMeasure]
    ) throws(MapError)
        -> [UInt8]
    {
        let update = try PDFIncrementalUpdate(reading: pdf)
        return pdf + (try appendix(to: update, pages: measures))
    }

    /// The incremental update that sets the measures on the pages of a file read by
    /// `update` (by index in page order): the bytes to append to it.
    ///
    /// - Throws: `MapError` (`.invalidData`) for a measure of a page the file lacks.
    public static func appendix(
        to update: PDFIncrementalUpdate, pages measures: [Int: PDFGeospatialMeasure]
    )
        throws(MapError) -> [UInt8]
    {
        guard measures.keys.allSatisfy(update.pages.indices.contains) else {
            throw MapError(.invalidData, "the PDF has \(update.pages.count) pages; a measure is for a page it lacks")
        }
        return update.appendix(settingPages: measures.mapValues { [("VP", $0.viewportArray)] })
    }

    /// The measures on the pages of `pdf`, in page order (nil for a page without one).
    public static func measures(in pdf: [UInt8]) throws(MapError) -> [PDFGeospatialMeasure?] {
        try PDFIncrementalUpdate(reading: pdf).pages.map { page in
            page.dictionary["VP"].flatMap { PDFGeospatialMeasure(viewportArray: $0) }
        }
    }
}
