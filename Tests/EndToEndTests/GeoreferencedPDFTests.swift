import Foundation
import MapDrawing
import Testing

/// EPSG:3857 meters of a coordinate on the sphere of radius 6,378,137 m (IOGP Guidance
/// Note 7-2, method 1024).
private func mercator(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
    let radius = 6_378_137.0
    return (radius * longitude * .pi / 180, radius * log(tan(.pi / 4 + latitude * .pi / 180 / 2)))
}

@Suite("Georeferenced PDF, end to end")
struct GeoreferencedPDFTests {
    /// A map of a pin in Helsinki as a PDF, with its sidecar; returns the folder and the
    /// sidecar's bounds (north, south, east, west).
    func renderPDF(basemap: String = "world") throws -> (TemporaryDirectory, [String: Double]) {
        let folder = try TemporaryDirectory()
        let result = try Maprender.run([
            "--pin", "60.1699,24.9384,Senate Square", "--center", "60.17,24.93", "--zoom", "12.5", "--size",
            "300x200", "--basemap", basemap, "-o", folder.path("map.pdf"), "--sidecar", folder.path("map.json"),
        ])
        #expect(result.status == 0, "stderr: \(result.errors)")
        #expect(result.errors.isEmpty, "no warning: the PDF was georeferenced")
        let sidecar = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("map.json"))))
                as? [String: Any])
        return (folder, try #require(sidecar["bounds"] as? [String: Double]))
    }

    @Test(
        "the page's measure names EPSG:3857, the whole page as frame, and the viewport's corners within 1e-7°",
        arguments: WorldFileTests.basemaps)
    func readBack(basemap: String) throws {
        let (folder, bounds) = try renderPDF(basemap: basemap)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: folder.path("map.pdf"))))
        let measures = try PDFGeospatialMeasure.measures(in: bytes)
        try #require(measures.count == 1)
        let measure = try #require(measures[0])
        #expect(measure.epsgCode == 3857)
        #expect(measure.wellKnownText.hasPrefix(#"PROJCS["WGS 84 / Pseudo-Mercator""#))
        #expect(measure.frame == .init(x: 0, y: 0, width: 300, height: 200))
        let north = try #require(bounds["north"]), south = try #require(bounds["south"])
        let east = try #require(bounds["east"]), west = try #require(bounds["west"])
        let expected = [(north, west), (south, west), (south, east), (north, east)]
        for (corner, (latitude, longitude)) in zip(measure.corners, expected) {
            #expect(abs(corner.latitude - latitude) < 1e-7 && abs(corner.longitude - longitude) < 1e-7, "\(corner)")
        }
        // Cairo's bytes come first, untouched: the update starts after its %%EOF.
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.components(separatedBy: "%%EOF").count == 3)
        #expect(text.contains("/Prev "))
    }

    @Test(
        "pdfinfo reads the updated file without complaint",
        .enabled(
            if: Tool.path(of: "pdfinfo") != nil, "pdfinfo is not installed (Debian: apt-get install poppler-utils)"))
    func pdfinfo() throws {
        let (folder, _) = try renderPDF()
        let info = try Tool.run(try #require(Tool.path(of: "pdfinfo")), [folder.path("map.pdf")])
        #expect(info.status == 0)
        #expect(info.errors.isEmpty, "\(info.errors)")
        let output = String(decoding: info.output, as: UTF8.self)
        #expect(output.contains("Pages:           1"))
        #expect(output.contains("Page size:       300 x 200 pts"))
    }

    // Debian's gdal-bin is large; CI does not install it, so this runs where it is.
    @Test(
        "gdalinfo reads EPSG:3857 and the corners the viewport implies, within one of its pixels",
        .enabled(if: Tool.path(of: "gdalinfo") != nil, "gdalinfo is not installed (Debian: apt-get install gdal-bin)"),
        arguments: WorldFileTests.basemaps)
    func gdalinfo(basemap: String) throws {
        let (folder, bounds) = try renderPDF(basemap: basemap)
        let info = try Tool.run(try #require(Tool.path(of: "gdalinfo")), ["-json", folder.path("map.pdf")])
        #expect(info.status == 0, "\(info.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: info.output) as? [String: Any])
        let system = try #require(json["coordinateSystem"] as? [String: Any])
        #expect((system["wkt"] as? String)?.contains(#"ID["EPSG",3857]"#) == true)
        #expect(json["driverShortName"] as? String == "PDF")
        // GDAL rasterises the page at 150 dpi: its pixel is 72/150 of a point.
        let transform = try #require(json["geoTransform"] as? [Double])
        let pixel = abs(transform[1])
        let upperLeft = mercator(latitude: bounds["north"]!, longitude: bounds["west"]!)
        let lowerRight = mercator(latitude: bounds["south"]!, longitude: bounds["east"]!)
        #expect(abs(pixel - (lowerRight.x - upperLeft.x) / (300 * 150 / 72.0)) < 0.01 * pixel)
        let corners = try #require(json["cornerCoordinates"] as? [String: [Double]])
        let gdalUpperLeft = try #require(corners["upperLeft"]), gdalLowerRight = try #require(corners["lowerRight"])
        #expect(abs(gdalUpperLeft[0] - upperLeft.x) < pixel && abs(gdalUpperLeft[1] - upperLeft.y) < pixel)
        #expect(abs(gdalLowerRight[0] - lowerRight.x) < pixel && abs(gdalLowerRight[1] - lowerRight.y) < pixel)
        // The pin lies inside the geographic extent GDAL derives.
        let wgs84 = try #require(json["wgs84Extent"] as? [String: Any])
        let ring = try #require((wgs84["coordinates"] as? [[[Double]]])?.first)
        #expect(ring.map { $0[0] }.min()! < 24.9384 && ring.map { $0[0] }.max()! > 24.9384)
        #expect(ring.map { $0[1] }.min()! < 60.1699 && ring.map { $0[1] }.max()! > 60.1699)
    }

    @Test(
        "gdallocationinfo finds the pin's coordinate at the pin's place on the page, within one pixel",
        .enabled(
            if: Tool.path(of: "gdallocationinfo") != nil,
            "gdallocationinfo is not installed (Debian: apt-get install gdal-bin)"
        ),
        arguments: WorldFileTests.basemaps)
    func pinLocation(basemap: String) throws {
        let (folder, _) = try renderPDF(basemap: basemap)
        let sidecar = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("map.json"))))
                as? [String: Any])
        let pin = try #require((sidecar["annotations"] as? [[String: Any]])?.first)
        let x = try #require(pin["x"] as? Double), y = try #require(pin["y"] as? Double)
        let report = try Tool.run(
            try #require(Tool.path(of: "gdallocationinfo")),
            ["-wgs84", "-xml", folder.path("map.pdf"), "24.9384", "60.1699"]
        ).outputText
        // <Report pixel="…" line="…">: the pixel GDAL's 150 dpi raster of the page has there.
        func attribute(_ name: String) -> Double? {
            guard let start = report.range(of: name + "=\""),
                let end = report[start.upperBound...].firstIndex(of: "\"")
            else { return nil }
            return Double(report[start.upperBound..<end])
        }
        let pixel = try #require(attribute("pixel"), "\(report)"), line = try #require(attribute("line"))
        #expect(abs(pixel + 0.5 - x * 150 / 72) <= 1, "\(report)")
        #expect(abs(line + 0.5 - y * 150 / 72) <= 1, "\(report)")
    }
}
