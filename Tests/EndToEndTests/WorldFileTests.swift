import Foundation
import Testing

/// Reads a file the run wrote, as text.
private func text(_ path: String) throws -> String {
    String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
}

/// The six numbers of an ESRI world file.
private func worldFileNumbers(_ path: String) throws -> [Double] {
    try text(path).split(separator: "\n").map { try #require(Double($0)) }
}

/// EPSG:3857 meters back to a coordinate on the sphere of radius 6,378,137 m (the inverse
/// of IOGP Guidance Note 7-2's method 1024), in degrees.
private func inverseMercator(x: Double, y: Double) -> (latitude: Double, longitude: Double) {
    let radius = 6_378_137.0
    return (
        latitude: (2 * atan(exp(y / radius)) - .pi / 2) * 180 / .pi, longitude: x / radius * 180 / .pi
    )
}

@Suite("--world-file, end to end")
struct WorldFileTests {
    /// A 2×-scale map of a pin in Helsinki, with its sidecar; returns the folder.
    func renderPin(
        output: String = "map.png", basemap: String = "world", extra: [String] = []
    ) throws -> (TemporaryDirectory, RunResult) {
        let folder = try TemporaryDirectory()
        let result = try Maprender.run(
            [
                "--pin", "60.1699,24.9384,Senate Square", "--center", "60.17,24.93", "--zoom", "12.5", "--size",
                "300x200", "--scale", "2", "--basemap", basemap, "--world-file", "-o", folder.path(output),
                "--sidecar", folder.path("map.json"),
            ] + extra)
        return (folder, result)
    }

    /// The vector world, and street tiles (whose viewport is nudged onto whole device
    /// pixels: the world file must follow the nudge).
    static let basemaps = [
        "world", Maprender.packageRoot.appendingPathComponent("examples/helsinki/helsinki.pmtiles").path,
    ]

    @Test(
        "the pin's pixel maps through the world file back to the pin's coordinate within one pixel",
        arguments: basemaps)
    func pinRoundTrip(basemap: String) throws {
        let (folder, result) = try renderPin(basemap: basemap)
        #expect(result.status == 0, "stderr: \(result.errors)")
        #expect(try folder.listing() == ["map.json", "map.pgw", "map.png", "map.png.aux.xml", "map.prj"])
        let numbers = try worldFileNumbers(folder.path("map.pgw"))
        try #require(numbers.count == 6)
        let (pixelX, rotationY, rotationX, pixelY, centreX, centreY) =
            (numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5])
        #expect(rotationX == 0 && rotationY == 0 && pixelY == -pixelX)
        // At zoom 12.5 and scale 2: 2π·6378137 / (256 · 2^12.5 · 2) meters per device pixel.
        let expectedPixel = 2 * .pi * 6_378_137 / (256 * pow(2, 12.5) * 2)
        #expect(abs(pixelX - expectedPixel) < 1e-9 * expectedPixel)

        let sidecar = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("map.json"))))
                as? [String: Any])
        let annotation = try #require((sidecar["annotations"] as? [[String: Any]])?.first)
        let x = try #require(annotation["x"] as? Double), y = try #require(annotation["y"] as? Double)
        // The sidecar is in canvas points; the world file speaks of device pixels, whose
        // centres the world file's origin names.
        let (column, row) = (x * 2, y * 2)
        let meters = (x: centreX + (column - 0.5) * pixelX, y: centreY + (row - 0.5) * pixelY)
        let coordinate = inverseMercator(x: meters.x, y: meters.y)
        let onePixelInDegrees = pixelX / 6_378_137 * 180 / .pi  // of longitude; latitude's is smaller here
        #expect(abs(coordinate.longitude - 24.9384) < onePixelInDegrees, "\(coordinate)")
        #expect(abs(coordinate.latitude - 60.1699) < onePixelInDegrees, "\(coordinate)")

        #expect(try text(folder.path("map.prj")).contains(#"AUTHORITY["EPSG","3857"]]"#))
    }

    // Debian's gdal-bin is large; CI does not install it, so this runs where it is.
    @Test(
        "gdalinfo reads EPSG:3857 and the corners the viewport implies",
        .enabled(if: Tool.path(of: "gdalinfo") != nil, "gdalinfo is not installed (Debian: apt-get install gdal-bin)"))
    func gdalinfo() throws {
        let gdalinfo = try #require(Tool.path(of: "gdalinfo"))
        let (folder, result) = try renderPin()
        #expect(result.status == 0, "stderr: \(result.errors)")
        let info = try Tool.run(gdalinfo, ["-json", folder.path("map.png")])
        #expect(info.status == 0, "\(info.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: info.output) as? [String: Any])
        let system = try #require(json["coordinateSystem"] as? [String: Any])
        #expect((system["wkt"] as? String)?.contains(#"ID["EPSG",3857]"#) == true)
        let size = try #require(json["size"] as? [Int])
        #expect(size == [600, 400])
        // The image's corners, in EPSG:3857 meters, from the viewport: centre ± half the
        // image in pixels × the pixel size.
        let pixel = 2 * .pi * 6_378_137 / (256 * pow(2, 12.5) * 2)
        let radius = 6_378_137.0
        let centreX = radius * 24.93 * .pi / 180
        let centreY = radius * log(tan(.pi / 4 + 60.17 * .pi / 180 / 2))
        let corners = try #require(json["cornerCoordinates"] as? [String: [Double]])
        let upperLeft = try #require(corners["upperLeft"]), lowerRight = try #require(corners["lowerRight"])
        // Within a millimetre: the centre passes through map points of ~0.15 m at most once.
        #expect(abs(upperLeft[0] - (centreX - 300 * pixel)) < 0.2 && abs(upperLeft[1] - (centreY + 200 * pixel)) < 0.2)
        #expect(
            abs(lowerRight[0] - (centreX + 300 * pixel)) < 0.2 && abs(lowerRight[1] - (centreY - 200 * pixel)) < 0.2)
        // And the geographic corners GDAL computes: the pin's coordinate inside them.
        let wgs84 = try #require(json["wgs84Extent"] as? [String: Any])
        let ring = try #require((wgs84["coordinates"] as? [[[Double]]])?.first)
        let longitudes = ring.map { $0[0] }, latitudes = ring.map { $0[1] }
        #expect(longitudes.min()! < 24.9384 && longitudes.max()! > 24.9384)
        #expect(latitudes.min()! < 60.1699 && latitudes.max()! > 60.1699)
    }

    @Test(
        "the sidecar extension follows the image's: .pgw for PNG, .jgw for JPEG, .wld for anything else",
        arguments: [
            ("map.png", "map.pgw", "png"), ("map.PNG", "map.pgw", "png"), ("picture", "picture.wld", "png"),
            ("map.jpg", "map.jgw", "jpeg"), ("map.jpeg", "map.jgw", "jpeg"), ("map.webp", "map.wld", "webp"),
        ])
    func names(output: String, worldFile: String, format: String) throws {
        let (folder, result) = try renderPin(output: output, extra: ["--format", format])
        #expect(result.status == 0, "stderr: \(result.errors)")
        let listing = try folder.listing()
        #expect(listing.contains(worldFile), "\(listing)")
        #expect(listing.contains(String(worldFile.dropLast(4)) + ".prj") && listing.contains(output + ".aux.xml"))
    }

    @Test(
        "vector outputs and standard output are refused with exit 64, and nothing is written",
        arguments: [["-o", "map.svg"], ["-o", "map.pdf"], ["-o", "-"], ["--format", "svg", "-o", "map.png"]])
    func refused(output: [String]) throws {
        let folder = try TemporaryDirectory()
        let result = try Maprender.run(
            ["--pin", "60.17,24.94", "--basemap", "none", "--world-file"] + output, in: folder.url)
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("error: --world-file: "), "\(result.errors)")
        #expect(result.output.isEmpty)
        #expect(try folder.listing().isEmpty)
    }

    @Test("a world file that cannot be written leaves no image behind")
    func allOrNothing() throws {
        let folder = try TemporaryDirectory()
        // A folder where the world file should go: staging it fails, so nothing is committed.
        try FileManager.default.createDirectory(atPath: folder.path("map.pgw"), withIntermediateDirectories: false)
        let result = try Maprender.run([
            "--pin", "60.17,24.94", "--basemap", "none", "--world-file", "-o", folder.path("map.png"),
        ])
        #expect(result.status == 73, "\(result.errors)")
        #expect(result.errors.contains("map.pgw"))
        #expect(try folder.listing() == ["map.pgw"])
    }

    @Test("batch jobs take world-file: true")
    func batch() throws {
        let folder = try TemporaryDirectory()
        let manifest = folder.path("jobs.jsonl")
        let lines = [
            #"{"id": "a", "output": "a.png", "pin": "60.17,24.94", "size": "64x48", "basemap": "none", "world-file": true}"#,
            #"{"id": "b", "output": "b.png", "pin": "60.17,24.94", "size": "64x48", "basemap": "none"}"#,
        ]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: manifest))
        let result = try Maprender.run(["batch", manifest, "--out-dir", folder.path("out")])
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path("out")).sorted() == [
                "a.pgw", "a.png", "a.png.aux.xml", "a.prj", "b.png",
            ])
        #expect(try worldFileNumbers(folder.path("out/a.pgw")).count == 6)
    }
}
