import Foundation
import MapCommandLine
import MapErrors
import MapFavorites
import MapGeometry
import MapInputs
import MapTiles
import MapVectorSources

#if canImport(Glibc)
    import Glibc
#endif

/// `maprender basemap extract SOURCE -o REGION.pmtiles`: a region of a PMTiles archive (a
/// file, or a URL read with range requests) copied into a clustered archive of its own.
enum BasemapExtractCommand {
    /// What the command line gave.
    struct Arguments {
        var source: String?
        var output: String?
        var box: String?
        var around: [String] = []
        /// Meters kept around what `--around` files hold.
        var padding = 1000.0
        var minimumZoom: Int?
        var maximumZoom: Int?
        var isDryRun = false
    }

    /// The options.
    static let table = OptionTable<Arguments>([
        .value(
            "-o", "--output", valueName: "FILE", section: .options, completion: .files("pmtiles"),
            help: "the new archive (.pmtiles)"
        ) {
            arguments, value in arguments.output = value.text
        },
        .value(
            "--bbox", valueName: "W,S,E,N", section: .options,
            help: "the region: west, south, east, north in degrees (west > east crosses the antimeridian)"
        ) { arguments, value in arguments.box = value.text },
        .repeatable(
            "--around", valueName: "FILE", section: .options,
            completion: .files("db", "sqlite", "sqlite3", "gpx", "geojson", "json", "csv"),
            help: "the region around what a favorites database, GPX, GeoJSON or CSV file holds"
        ) { arguments, value in arguments.around.append(value.text) },
        .value(
            "--padding", valueName: "DISTANCE", section: .options,
            help: "with --around: the distance kept around it (default 1km; m, km, mi, ft, nmi)"
        ) { arguments, value throws(MapError) in
            arguments.padding = try ValueParser.distance(value.text, option: value.option)
        },
        .value("--minzoom", valueName: "Z", section: .options, help: "the lowest zoom copied (default: the source's)") {
            arguments, value throws(MapError) in arguments.minimumZoom = try zoom(value.text, option: value.option)
        },
        .value("--maxzoom", valueName: "Z", section: .options, help: "the highest zoom copied (default: the source's)")
        {
            arguments, value throws(MapError) in arguments.maximumZoom = try zoom(value.text, option: value.option)
        },
        .flag("--dry-run", section: .options, help: "print the tiles and bytes to fetch, and write nothing") {
            $0.isDryRun = true
        },
    ])

    /// The source operand.
    private static let sourceOperand = OperandSpec(
        name: "SOURCE",
        help: "a PMTiles v3 archive (a file, or an http(s) URL of one read with range requests) or an MBTiles file",
        completion: .files("pmtiles", "mbtiles"))

    /// `maprender basemap extract`.
    static let command = CommandSpec(
        path: ["basemap", "extract"], summary: "copy a region of a PMTiles archive into a new archive",
        usage: [
            "basemap extract SOURCE -o REGION.pmtiles (--bbox W,S,E,N | --around FILE… [--padding DISTANCE])",
            "                [--minzoom Z] [--maxzoom Z] [--dry-run]",
        ],
        description: [
            "Reads only what the region needs: the header, the root directory, the leaf directories that hold its "
                + "tiles, then its tiles, neighbouring ranges merged into one request when the bytes between them are "
                + "few (at most a fifth more than the tiles), up to 4 requests at once from a server.",
            "An MBTiles file is read with SQLite queries, the region's tiles only, and gives the same kind of archive: "
                + "its metadata rows as the JSON metadata (the json row's members, such as vector_layers, at the top).",
            "The new archive is a clustered PMTiles v3 archive with the source's metadata, tile type and compression, "
                + "identical tiles stored once, and the region's bounds. It is written to a temporary file and renamed: "
                + "a failed or interrupted run leaves nothing. A server that ignores Range, an archive that changes on "
                + "the server while it is read, or an answer cut short is exit 69. A progress bar shows on a terminal.",
        ],
        options: table.specs, operands: [sourceOperand],
        examples: [
            "basemap extract https://example.com/planet.pmtiles -o denver.pmtiles --bbox -105.1,39.6,-104.8,39.9",
            "basemap extract planet.pmtiles -o trip.pmtiles --around ride.gpx --padding 2km --maxzoom 14",
            "basemap extract city.mbtiles -o centre.pmtiles --bbox 24.9,60.15,25.0,60.2",
        ])

    /// Runs with the words after `extract`.
    static func run(_ words: [String], host: CommandHost) throws(MapError) {
        var cursor = ArgumentCursor(words, programName: host.program.name)
        var arguments = Arguments()
        try table.parse(&cursor, into: &arguments, command: "basemap extract") { arguments, word throws(MapError) in
            if word.hasPrefix("-") && word != "-" {
                throw table.unknownOption(word, command: "basemap extract", programName: host.program.name)
            }
            guard arguments.source == nil else {
                throw MapError(
                    .invalidRequest, "basemap extract takes one SOURCE, not also '\(word)'",
                    remedy: "give more --around files each with its own --around")
            }
            arguments.source = word
        }
        guard let source = arguments.source else {
            throw MapError(
                .invalidRequest, "basemap extract needs a SOURCE archive",
                remedy: "give a PMTiles file or an https:// URL of one")
        }
        guard arguments.isDryRun || arguments.output != nil else {
            throw MapError(.invalidRequest, "basemap extract needs -o REGION.pmtiles", remedy: "name the new archive")
        }
        guard arguments.output != "-" else {
            // The header is written last, at the start of the file: a pipe cannot take that.
            throw MapError(
                .invalidRequest, "basemap extract cannot write to standard output", remedy: "name the new archive")
        }
        let region = try region(arguments)
        let zooms = try zooms(arguments)
        if !source.lowercased().hasPrefix("http"), MBTilesExtract.isSQLite(atPath: source) {
            return try extractMBTiles(
                MBTilesExtract(path: source, region: region, zooms: zooms), to: arguments.output,
                isDryRun: arguments.isDryRun)
        }
        let options = HTTPTileOptions(userAgent: HTTPTileOptions.userAgent(version: host.userAgentVersion))
        let reader = try RegionExtractor.reader(for: source, options: options)
        let plan = try ExtractPlan(reader: reader, region: region, zooms: zooms)
        guard !plan.entries.isEmpty else {
            let b = plan.header.bounds
            throw MapError(
                .invalidRequest,
                "no tile of the archive lies in the region at zooms \(plan.zoomRange.lowerBound)-\(plan.zoomRange.upperBound)"
                    + " (the archive covers \(b.west),\(b.south),\(b.east),\(b.north))",
                at: InputLocation(file: source), remedy: "check the region; --bbox takes W,S,E,N, longitude first")
        }
        if arguments.isDryRun {
            Console.print(
                "\(plan.tileCount) tiles (\(plan.entries.count) entries) at zooms "
                    + "\(plan.zoomRange.lowerBound)-\(plan.zoomRange.upperBound)")
            Console.print("\(plan.bytesToFetch) bytes to fetch in " + requests(plan.requests.count))
            Console.print(
                "\(plan.directoryBytes) bytes of header, directories and metadata read in "
                    + requests(plan.directoryRequests)
            )
            return
        }
        let output = arguments.output!
        let bar = ProgressBar(isShown: isatty(2) == 1)
        defer { bar.finish() }  // an error line starts on a line of its own
        let summary = try RegionExtractor.extract(plan, from: reader, to: output) { progress in
            bar.update(done: progress.fetchedBytes, total: progress.totalBytes)
        }
        bar.finish()
        Console.print(
            "\(output): \(summary.addressedTiles) tiles (\(summary.tileContents) distinct), \(summary.fileBytes) bytes; "
                + "fetched \(plan.bytesToFetch) bytes of tiles in " + requests(plan.requests.count))
    }

    /// The extract of an MBTiles source: its tiles read with SQLite queries, not ranges.
    private static func extractMBTiles(_ extract: MBTilesExtract, to output: String?, isDryRun: Bool) throws(MapError) {
        guard extract.tileCount > 0 else {
            throw MapError(
                .invalidRequest,
                "no tile of the file lies in the region at zooms \(extract.zoomRange.lowerBound)-\(extract.zoomRange.upperBound)",
                at: InputLocation(file: extract.path), remedy: "check the region; --bbox takes W,S,E,N, longitude first"
            )
        }
        if isDryRun {
            Console.print(
                "\(extract.tileCount) tiles at zooms \(extract.zoomRange.lowerBound)-\(extract.zoomRange.upperBound)")
            Console.print("\(extract.tileBytes) bytes to copy from the MBTiles file")
            return
        }
        let bar = ProgressBar(isShown: isatty(2) == 1)
        defer { bar.finish() }
        let summary = try extract.extract(to: output!) { done, total in bar.update(done: done, total: total) }
        bar.finish()
        Console.print(
            "\(output!): \(summary.addressedTiles) tiles (\(summary.tileContents) distinct), \(summary.fileBytes) bytes"
        )
    }

    /// "1 request", "2 requests".
    private static func requests(_ count: Int) -> String { count == 1 ? "1 request" : "\(count) requests" }

    /// The region from `--bbox` or `--around`.
    private static func region(_ arguments: Arguments) throws(MapError) -> ExtractRegion {
        switch (arguments.box, arguments.around.isEmpty) {
        case (let box?, true):
            let fields = box.split(separator: ",", omittingEmptySubsequences: false).map {
                Double(String($0).trimmingCharacters(in: " "))
            }
            guard fields.count == 4, let west = fields[0], let south = fields[1], let east = fields[2],
                let north = fields[3]
            else {
                throw MapError(
                    .invalidRequest, "--bbox: '\(box)' is not W,S,E,N",
                    remedy: "give four numbers in degrees, west, south, east, north: --bbox 24.9,60.15,25.0,60.2")
            }
            do {
                return try ExtractRegion(west: west, south: south, east: east, north: north)
            } catch {
                var error = error
                error.message = "--bbox: " + error.message
                throw error
            }
        case (nil, false):
            var coordinates: [Coordinate] = []
            for path in arguments.around { coordinates += try self.coordinates(inFile: path) }
            return try ExtractRegion(around: coordinates, padding: arguments.padding)
        case (_?, false):
            throw MapError(.invalidRequest, "give --bbox or --around, not both")
        case (nil, true):
            throw MapError(
                .invalidRequest, "basemap extract needs a region",
                remedy: "give --bbox W,S,E,N or --around FILE (a favorites database, GPX, GeoJSON or CSV file)")
        }
    }

    /// Every coordinate a file holds: a favorites database's places, or what render would
    /// draw of a GPX, GeoJSON or CSV file.
    private static func coordinates(inFile path: String) throws(MapError) -> [Coordinate] {
        let name = path.lowercased()
        if [".db", ".sqlite", ".sqlite3"].contains(where: { name.hasSuffix($0) }) {
            return try PlaceStore.readPlaces(atPath: path).map(\.coordinate)
        }
        let content = try SceneFile.read(atPath: path)
        return content.places.map(\.coordinate) + content.polylines.flatMap(\.coordinates)
            + content.polygons.flatMap { $0.rings.flatMap { $0 } }
            + content.tracks.flatMap { $0.segments.flatMap { $0.map(\.coordinate) } }
    }

    /// The zooms from `--minzoom` and `--maxzoom`, or `nil` for the source's.
    private static func zooms(_ arguments: Arguments) throws(MapError) -> ClosedRange<Int>? {
        switch (arguments.minimumZoom, arguments.maximumZoom) {
        case (nil, nil): return nil
        case (let low?, let high?) where low > high:
            throw MapError(
                .invalidRequest, "--minzoom \(low) is above --maxzoom \(high)", remedy: "give --minzoom <= --maxzoom")
        case (let low, let high): return (low ?? 0)...(high ?? 30)
        }
    }

    /// A zoom level, 0 to 30 (PMTiles v3 holds no deeper zoom).
    private static func zoom(_ text: String, option: String) throws(MapError) -> Int {
        guard let value = Int(text.trimmingCharacters(in: " ")), (0...30).contains(value) else {
            throw MapError(
                .invalidRequest, "\(option): '\(text)' is not a zoom", remedy: "give a whole number from 0 to 30")
        }
        return value
    }
}
