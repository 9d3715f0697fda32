import Foundation
import MapCommandLine
import MapElevationImport
import MapErrors

#if canImport(Glibc)
    import Glibc
#endif

/// `maprender basemap import-dem FILE… -o TERRAIN.pmtiles`: elevation models (GeoTIFF, SRTM
/// `.hgt`, any raster GDAL reads) as a PMTiles archive of terrarium or mapbox elevation tiles.
enum BasemapImportDEMCommand {
    /// What the command line gave.
    struct Arguments {
        var inputs: [String] = []
        var output: String?
        var options = DEMImportOptions()
    }

    /// The options.
    static let table = OptionTable<Arguments>([
        .value(
            "-o", "--output", valueName: "FILE", section: .options, completion: .files("pmtiles"),
            help: "the new archive (.pmtiles)"
        ) { arguments, value in arguments.output = value.text },
        .value(
            "--minzoom", valueName: "Z", section: .options,
            help: "the lowest zoom (default: 5 below the highest)"
        ) { arguments, value throws(MapError) in
            arguments.options.minimumZoom = try zoom(value.text, option: value.option)
        },
        .value(
            "--maxzoom", valueName: "Z", section: .options,
            help: "the highest zoom (default: the first whose pixel is no larger than the model's cell)"
        ) { arguments, value throws(MapError) in
            arguments.options.maximumZoom = try zoom(value.text, option: value.option)
        },
        .value("--tile-size", valueName: "PX", section: .options, help: "pixels on a tile's side: 256 (default) or 512")
        {
            arguments, value throws(MapError) in
            guard let size = Int(value.text), size == 256 || size == 512 else {
                throw MapError(
                    .invalidRequest, "\(value.option): '\(value.text)' is not a tile size", remedy: "give 256 or 512")
            }
            arguments.options.tileSize = size
        },
        .value(
            "--format", valueName: "FORMAT", section: .options,
            help: "the tiles' images: png (default) or webp (lossless)"
        ) { arguments, value throws(MapError) in
            guard let format = ElevationTileFormat(rawValue: value.text.lowercased()) else {
                throw MapError(
                    .invalidRequest, "\(value.option): '\(value.text)' is not a tile format", remedy: "give png or webp"
                )
            }
            arguments.options.format = format
        },
        .value(
            "--encoding", valueName: "ENCODING", section: .options,
            help: "how heights are stored in the colours: terrarium (default) or mapbox"
        ) { arguments, value throws(MapError) in
            guard let encoding = ElevationEncoding(rawValue: value.text.lowercased()) else {
                throw MapError(
                    .invalidRequest, "\(value.option): '\(value.text)' is not an elevation encoding",
                    remedy: "give terrarium or mapbox")
            }
            arguments.options.encoding = encoding
        },
        .value(
            "--nodata-fill", valueName: "METRES", section: .options,
            help: "the height of pixels no model has data for (default 0)"
        ) { arguments, value throws(MapError) in
            guard let height = Double(value.text), height.isFinite, (-10000...30000).contains(height) else {
                throw MapError(
                    .invalidRequest, "\(value.option): '\(value.text)' is not a height",
                    remedy: "give metres, e.g. 0 or -10")
            }
            arguments.options.nodataFill = height
        },
        .value("--name", valueName: "NAME", section: .options, help: "the archive's name (default: the first file's)") {
            arguments, value in arguments.options.name = value.text
        },
        .value("--attribution", valueName: "TEXT", section: .options, help: "the credit the heights need") {
            arguments, value in arguments.options.attribution = value.text
        },
    ])

    /// The operand.
    private static let inputOperand = OperandSpec(
        name: "FILE…", help: "elevation models: GeoTIFF, SRTM .hgt, or any raster GDAL reads, mosaicked",
        completion: .files("tif", "tiff", "hgt", "vrt", "asc", "dem", "img"))

    /// `maprender basemap import-dem`.
    static let command = CommandSpec(
        path: ["basemap", "import-dem"],
        summary: "turn elevation models (GeoTIFF, .hgt) into terrain tiles",
        usage: [
            "basemap import-dem FILE… -o TERRAIN.pmtiles [--minzoom Z] [--maxzoom Z] [--tile-size 256|512]",
            "                   [--format png|webp] [--encoding terrarium|mapbox] [--nodata-fill METRES]",
            "                   [--name NAME] [--attribution TEXT]",
        ],
        description: [
            "Reads the models through GDAL, in any coordinate reference system, and warps each tile's Web Mercator "
                + "grid from them with bilinear resampling, one tile at a time, so memory does not grow with the "
                + "models' size. Several files are mosaicked. Nodata cells are left out of the interpolation; tiles "
                + "with no data are not written, and pixels without data get --nodata-fill.",
            "The highest zoom is the first whose pixel is no larger than the finest model's cell at its latitude "
                + "(one less for 512-pixel tiles), the lowest 5 below. Heights are terrarium-encoded "
                + "(h = R·256 + G + B/256 − 32768) or mapbox-encoded (h = −10000 + (R·65536 + G·256 + B)·0.1).",
            "The archive is a clustered PMTiles v3 archive with the metadata MapLibre's raster-dem sources read "
                + "(encoding, tileSize, zooms, bounds) and the heights' range. It is written to a temporary file and "
                + "renamed: a failed or interrupted run leaves nothing. A progress bar shows on a terminal.",
        ],
        options: table.specs, operands: [inputOperand],
        examples: [
            "basemap import-dem N46E007.hgt N46E008.hgt -o alps.pmtiles",
            "basemap import-dem dem.tif -o terrain.pmtiles --maxzoom 13 --attribution \"© Copernicus DEM\"",
        ])

    /// Runs with the words after `import-dem`.
    static func run(_ words: [String], host: CommandHost) throws(MapError) {
        var cursor = ArgumentCursor(words, programName: host.program.name)
        var arguments = Arguments()
        try table.parse(&cursor, into: &arguments, command: "basemap import-dem") { arguments, word throws(MapError) in
            if word.hasPrefix("-") && word != "-" {
                throw table.unknownOption(word, command: "basemap import-dem", programName: host.program.name)
            }
            arguments.inputs.append(word)
        }
        guard !arguments.inputs.isEmpty else {
            throw MapError(
                .invalidRequest, "basemap import-dem needs an elevation model",
                remedy: "give one or more GeoTIFF or .hgt files")
        }
        guard let output = arguments.output else {
            throw MapError(
                .invalidRequest, "basemap import-dem needs -o TERRAIN.pmtiles", remedy: "name the new archive")
        }
        guard output != "-" else {
            // The header is written last, at the start of the file: a pipe cannot take that.
            throw MapError(
                .invalidRequest, "basemap import-dem cannot write to standard output", remedy: "name the new archive")
        }
        let importer = try DEMImport(inputs: arguments.inputs, options: arguments.options)
        for path in importer.emptyInputs {
            Console.printError("warning: \(path): every cell is nodata; left out")
        }
        let bar = ProgressBar(isShown: isatty(2) == 1) { done, total in "\(done)/\(total) tiles" }
        defer { bar.finish() }  // an error line starts on a line of its own
        let summary = try importer.write(to: output) { done, total in
            bar.update(done: UInt64(done), total: UInt64(total))
        }
        bar.finish()
        let heights = summary.heightRange
        Console.print(
            "\(output): \(summary.tiles) \(arguments.options.tileSize)-px \(arguments.options.format.rawValue) "
                + "\(arguments.options.encoding.rawValue) tiles at zooms \(summary.zoomRange.lowerBound)-"
                + "\(summary.zoomRange.upperBound), heights \(String(format: "%.1f", heights.lowerBound)) to "
                + "\(String(format: "%.1f", heights.upperBound)) m, \(summary.fileBytes) bytes")
    }

    /// A zoom level, 0 to 22.
    private static func zoom(_ text: String, option: String) throws(MapError) -> Int {
        guard let value = Int(text.trimmingCharacters(in: " ")), (0...22).contains(value) else {
            throw MapError(
                .invalidRequest, "\(option): '\(text)' is not a zoom", remedy: "give a whole number from 0 to 22")
        }
        return value
    }
}
