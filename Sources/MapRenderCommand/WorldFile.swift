import Foundation
import MapDrawing
import MapErrors
import MapFormats
import MapGeometry
import MapPage
import MapRenderCore

/// `--world-file`: the ESRI world file and `.prj` written beside a raster map, so GDAL and
/// QGIS place the image in EPSG:3857.
///
/// A world file is six lines of text: the pixel size in x, two rotation terms, the pixel
/// size in y (negative: rows run south), then x and y of the centre of the upper-left pixel
/// (ESRI, "World files for raster datasets"; GDAL's `GDALReadWorldFile`).
enum WorldFile {
    /// The paths of the files beside `output`: the world file (the extension's first and
    /// last letters with a `w`: `.png` → `.pgw`, `.jpg`/`.jpeg` → `.jgw`, `.wld` for any
    /// other), the `.prj`, and GDAL's `.aux.xml`.
    static func paths(beside output: String) -> (worldFile: String, projection: String, auxiliary: String) {
        let slash = output.lastIndex(of: "/")
        let nameStart = slash.map { output.index(after: $0) } ?? output.startIndex
        let dot = output[nameStart...].lastIndex(of: ".")
        // A leading dot (".map") names a hidden file, not an extension.
        let stem = dot.flatMap { $0 > nameStart ? String(output[..<$0]) : nil } ?? output
        let ext = dot.flatMap { $0 > nameStart ? output[output.index(after: $0)...].lowercased() : nil } ?? ""
        let worldExtension =
            switch ext {
            case "png": "pgw"
            case "jpg", "jpeg": "jgw"
            default: "wld"
            }
        return ("\(stem).\(worldExtension)", "\(stem).prj", output + ".aux.xml")
    }

    /// Refuses `--world-file` where there is no raster file to put it beside.
    static func check(format: ImageFormat, output: String) throws(MapError) {
        if format == .pdf {
            throw MapError(
                .invalidRequest, "--world-file: a PDF is georeferenced inside the file, with no world file beside it",
                remedy: "leave out --world-file (gdalinfo and QGIS read the PDF's own georeference)")
        }
        if format == .svg {
            throw MapError(
                .invalidRequest,
                "--world-file: \(format.rawValue.uppercased()) output has no pixel grid to georeference",
                remedy: "write a PNG (-o map.png), or leave out --world-file")
        }
        if output == "-" {
            throw MapError(
                .invalidRequest, "--world-file: standard output (-o -) has no file name to put it beside",
                remedy: "give -o FILE.png")
        }
    }

    /// The world file's six lines for a snapshot's viewport and scale; on a page, for the
    /// whole page's pixels (the map's frame lies inside the margins).
    static func text(for snapshot: MapSnapshot, page: PageLayout? = nil) -> String {
        let viewport = page?.pageViewport(mapViewport: snapshot.viewport) ?? snapshot.viewport
        let transform = WebMercatorGeoTransform(viewport: viewport, scale: snapshot.scale)
        let centre = transform.upperLeftPixelCenter
        // Swift's shortest round-trip form keeps every digit GDAL reads back (it parses with
        // strtod, so an exponent would do as well).
        return [transform.pixelSize, 0, 0, -transform.pixelSize, centre.x, centre.y]
            .map { $0 == 0 ? "0" : "\($0)" }.joined(separator: "\n") + "\n"
    }

    /// "WGS 84 / Pseudo-Mercator" (EPSG:3857) in OGC WKT 1, the `.prj` beside the world file.
    static let projection = WebMercatorGeoTransform.wellKnownText

    /// GDAL's auxiliary metadata file (PAM) with the projection: GDAL, and QGIS through it,
    /// read the world file beside a PNG or JPEG but not the `.prj` (OSGeo/gdal#9360), so
    /// without it they place the image at the right numbers in an unknown system.
    static var auxiliaryMetadata: String {
        let escaped = projection.replacingOccurrences(of: "\"", with: "&quot;")
        return "<PAMDataset>\n  <SRS dataAxisToSRSAxisMapping=\"1,2\">\(escaped)</SRS>\n</PAMDataset>\n"
    }

    /// The files staged beside `output` (world file, `.prj`, `.aux.xml`), ready to commit
    /// with the image.
    static func stage(
        for snapshot: MapSnapshot, page: PageLayout? = nil, beside output: String
    ) throws(MapError) -> [StagedFile] {
        let (worldFile, projection, auxiliary) = paths(beside: output)
        return [
            try StagedFile(bytes: Array(text(for: snapshot, page: page).utf8), destination: worldFile),
            try StagedFile(bytes: Array((Self.projection + "\n").utf8), destination: projection),
            try StagedFile(bytes: Array(auxiliaryMetadata.utf8), destination: auxiliary),
        ]
    }
}
