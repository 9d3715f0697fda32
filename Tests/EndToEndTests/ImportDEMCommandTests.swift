import Foundation
import MapPMTiles
import MapTestSupport
import Testing

/// `maprender basemap import-dem` as a user runs it: the archive, its summary line, the exit
/// statuses and messages of bad inputs, nothing left behind by a failed or interrupted run,
/// and the archive installed as terrain with `basemap add`.
@Suite("basemap import-dem, end to end", .serialized)
struct ImportDEMCommandTests {
    static let fixtures = Maprender.packageRoot.appendingPathComponent("Tests/MapElevationImportTests/Fixtures")
    let santiago = fixtures.appendingPathComponent("santiago-glo30.tif").path
    let olinda = fixtures.appendingPathComponent("olinda-utm25s.tif").path

    @Test("a GeoTIFF in EPSG:9518 and a UTM model mosaicked into one terrarium archive")
    func mosaic() throws {
        let folder = try TemporaryDirectory()
        let output = folder.path("terrain.pmtiles")
        let run = try Maprender.run(
            ["basemap", "import-dem", santiago, olinda, "-o", output, "--attribution", "© Copernicus DEM"])
        #expect(run.status == 0, "stderr: \(run.errors)")
        // The finer model (GLO-30, 1″) sets the highest zoom, 13, and the lowest is 5 below.
        #expect(run.outputText.hasPrefix("\(output): "))
        #expect(run.outputText.contains("256-px png terrarium tiles at zooms 8-13"))
        #expect(run.errors.isEmpty)
        let archive = try PMTilesArchive(reader: try FileByteRangeReader.archive(at: output))
        #expect(archive.header.tileType == .png && archive.header.zoomRange == 8...13)
        // Olinda (−34.9°) to Santiago (−70.6°).
        #expect(archive.header.bounds.west < -70.6 && archive.header.bounds.east > -34.83)
        let metadata = try #require(
            try JSONSerialization.jsonObject(with: Data(archive.metadata())) as? [String: Any])
        #expect(metadata["attribution"] as? String == "© Copernicus DEM")
        #expect(metadata["source"] as? String == "santiago-glo30.tif, olinda-utm25s.tif")
        let range = try #require(metadata["elevation_range"] as? [Double])
        #expect(range[0] < 0 && range[1] > 690)  // Olinda's −1 m, Santiago's 703 m
        #expect(try folder.listing() == ["terrain.pmtiles"])
    }

    @Test("bad inputs: exit 66 for a missing file, 65 for a non-raster or an all-nodata model, 64 for options")
    func badInputs() throws {
        let folder = try TemporaryDirectory()
        let output = folder.path("out.pmtiles")
        let missing = try Maprender.run(["basemap", "import-dem", folder.path("none.tif"), "-o", output])
        #expect(missing.status == 66)
        #expect(missing.errors.hasPrefix("error: \(folder.path("none.tif")): no such file"))

        let text = folder.path("notes.txt")
        try "just words\n".write(toFile: text, atomically: true, encoding: .utf8)
        let notRaster = try Maprender.run(["basemap", "import-dem", text, "-o", output])
        #expect(notRaster.status == 65)
        #expect(notRaster.errors.hasPrefix("error: \(text): not a raster GDAL reads"))

        let empty = folder.path("empty.asc")
        try "ncols 2\nnrows 2\nxllcorner 0\nyllcorner 0\ncellsize 0.01\nNODATA_value -9999\n-9999 -9999\n-9999 -9999\n"
            .write(toFile: empty, atomically: true, encoding: .utf8)
        try
            "GEOGCS[\"WGS 84\",DATUM[\"WGS_1984\",SPHEROID[\"WGS 84\",6378137,298.257223563]],PRIMEM[\"Greenwich\",0],UNIT[\"degree\",0.0174532925199433]]"
            .write(toFile: folder.path("empty.prj"), atomically: true, encoding: .utf8)
        let allNodata = try Maprender.run(["basemap", "import-dem", empty, "-o", output])
        #expect(allNodata.status == 65)
        #expect(allNodata.errors.hasPrefix("error: \(empty): holds no elevation: every cell is nodata"))

        // One empty model among others: left out with a warning.
        let mixed = try Maprender.run(["basemap", "import-dem", empty, santiago, "-o", output])
        #expect(mixed.status == 0)
        #expect(mixed.errors == "warning: \(empty): every cell is nodata; left out\n")
        try FileManager.default.removeItem(atPath: output)

        for (arguments, message) in [
            ([santiago], "error: basemap import-dem needs -o TERRAIN.pmtiles"),
            (["-o", output], "error: basemap import-dem needs an elevation model"),
            ([santiago, "-o", output, "--tile-size", "300"], "error: --tile-size: '300' is not a tile size"),
            ([santiago, "-o", output, "--encoding", "rgb"], "error: --encoding: 'rgb' is not an elevation encoding"),
            (
                [santiago, "-o", output, "--minzoom", "12", "--maxzoom", "10"],
                "error: --minzoom 12 is above --maxzoom 10"
            ),
        ] {
            let run = try Maprender.run(["basemap", "import-dem"] + arguments)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.errors.hasPrefix(message), "\(arguments): \(run.errors)")
        }
        #expect(try folder.listing() == ["empty.asc", "empty.prj", "notes.txt"])
    }

    @Test("interrupted with SIGINT while warping: nothing is left in the folder")
    func interrupted() async throws {
        let folder = try TemporaryDirectory()
        let output = folder.path("deep.pmtiles")
        // Zoom 19 over the 3 × 3 km clip: thousands of tiles, seconds of work.
        let process = try ChildProcess(
            Maprender.productsDirectory.appendingPathComponent("maprender").path,
            ["basemap", "import-dem", santiago, "-o", output, "--minzoom", "18", "--maxzoom", "19"],
            environment: Maprender.hermetic(nil), output: .null, error: .null)
        try await Task.sleep(nanoseconds: 500_000_000)
        process.send(SIGINT)
        let ended = try process.wait()
        #expect(ended.signalled && ended.status == SIGINT)
        // The tiles were spooled to a file unlinked at creation; the archive's staged file
        // exists only while it is written at the end.
        #expect(try folder.listing().isEmpty)
    }

    @Test("the archive installed with basemap add is listed as terrarium elevation")
    func installed() throws {
        let folder = try TemporaryDirectory()
        let environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("MAPRENDER_") }
            .merging(["XDG_DATA_HOME": folder.path("data")]) { _, new in new }
        let output = folder.path("santiago.pmtiles")
        #expect(try Maprender.run(["basemap", "import-dem", santiago, "-o", output]).status == 0)
        let added = try Maprender.run(["basemap", "add", output], environment: environment)
        #expect(added.status == 0, "stderr: \(added.errors)")
        #expect(added.outputText.hasPrefix("installed santiago: terrarium elevation, zooms 8–13, -70.6001,-33.4201"))
        let listed = try Maprender.run(["basemap", "list"], environment: environment)
        let lines = listed.outputText.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("name      kind       schema") == true)
        #expect(
            lines.last?.hasPrefix("santiago  elevation  terrarium elevation  -70.6001,-33.4201,-70.5721,-33.3921  8–13")
                == true, "\(lines)")
        let json = try #require(
            try JSONSerialization.jsonObject(
                with: try Maprender.run(["basemap", "list", "--json"], environment: environment).output)
                as? [String: Any])
        let entry = try #require((json["basemaps"] as? [[String: Any]])?.first)
        #expect(entry["kind"] as? String == "elevation")
        #expect(entry["encoding"] as? String == "terrarium" && entry["tileSize"] as? Int == 256)
    }
}
