import MapCommandLine
import MapErrors
import MapFavorites
import MapFormats
import MapGeometry
import MapRenderCore

/// `maprender places list|add|remove|import|export|geocode --db DB …`: manages a favorites
/// database (DESIGN.md §3). Every change is one transaction; a Core Data store is read
/// (list, export) but never written.
public enum PlacesCommand {
    /// What the command line gave a subcommand.
    struct Arguments {
        var subcommand: String
        var values: [String: String] = [:]
        var flags: Set<String> = []
        var files: [String] = []
        /// The program's version, for the geocoder's User-Agent.
        var version = ""

        /// The value of an option, or `nil` when not given.
        subscript(option: String) -> String? { values[option] }

        /// The favorites database; every subcommand needs one.
        func database() throws(MapError) -> String {
            guard let path = values["--db"] else {
                throw MapError(
                    .invalidRequest, "places \(subcommand) needs --db DB",
                    remedy: "name the favorites database, e.g. --db favs.db")
            }
            return path
        }
    }

    /// Runs with the words after `places`.
    public static func run(_ words: [String], host: CommandHost) throws(MapError) {
        var arguments = try parse(words, program: host.program)
        arguments.version = host.userAgentVersion
        // Rows are read by PlaceStore, the reader rendering uses, so that a row a map refuses
        // is refused here with the same message; the writer only writes.
        let path = try arguments.database()
        let store = PlaceStore(path: path)
        let writer = FavoritesWriter(path: path)
        switch arguments.subcommand {
        case "list": try list(store, json: arguments.flags.contains("--json"))
        case "add": try PlacesAddCommand.add(arguments, writer)
        case "remove": try remove(arguments, writer)
        case "import": try importFiles(arguments.files, writer)
        case "export": try export(arguments, store)
        default: try PlacesAddCommand.geocode(arguments, store, writer)
        }
    }

    /// The subcommand and its arguments (`PlacesOptions` says what each option is).
    static func parse(_ words: [String], program: ProgramSpec) throws(MapError) -> Arguments {
        let command = try program.subcommand(of: PlacesOptions.command, in: words)
        guard let table = PlacesOptions.tables[command.name] else {
            throw MapError(.internalFailure, "places \(command.name) has no option table")
        }
        var arguments = Arguments(subcommand: command.name)
        var cursor = ArgumentCursor(Array(words.dropFirst()), programName: program.name)
        try table.parse(&cursor, into: &arguments, command: "places \(command.name)") {
            arguments, word throws(MapError) in
            guard arguments.subcommand == "import" else {
                throw MapError(
                    .invalidRequest, "places \(arguments.subcommand) takes no argument '\(word)'",
                    remedy: "see 'maprender places \(arguments.subcommand) --help'")
            }
            arguments.files.append(word)
        }
        return arguments
    }

    // MARK: - list

    private static func list(_ store: PlaceStore, json: Bool) throws(MapError) {
        let places = try store.favorites()
        if json {
            Console.print(JSONValue.object([("places", .array(places.map(jsonValue)))]).serialized(indent: 2))
            return
        }
        // The address is the callout subtitle, as a map shows it under the name.
        var rows = [["id", "name", "address", "latitude", "longitude", "radius", "flags", "color"]]
        for place in places {
            var flags = [String]()
            if place.showsProximity { flags.append("proximity") }
            if place.isGoingNext { flags.append("going-next") }
            // A line break in a name or an address must not split the row: shown as \n.
            rows.append(
                [
                    place.id.map(String.init) ?? "", place.name, place.addressLine ?? "-",
                    place.coordinate.latitude.decimalString(places: 6),
                    place.coordinate.longitude.decimalString(places: 6),
                    place.radius.map { $0.decimalString(places: $0 == $0.rounded() ? 0 : 1) + " m" } ?? "-",
                    flags.isEmpty ? "-" : flags.joined(separator: ","), place.pinColor ?? "-",
                ].map(Console.escapingControlCharacters))
        }
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        // Numbers right-aligned, text left-aligned, two spaces between columns.
        let rightAligned: Set<Int> = [0, 3, 4, 5]
        for row in rows {
            let cells = row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return rightAligned.contains(column) ? pad + cell : cell + pad
            }
            var line = cells.joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            Console.print(line)
        }
    }

    /// A place as `list --json` prints it: the native column names and values.
    static func jsonValue(_ place: FavoritePlace) -> JSONValue {
        let columns = FavoritesColumn.allCases.map { ($0.name, $0.jsonValue(of: place)) }
        return .object(columns + [("subtitle", place.addressLine.map(JSONValue.string) ?? .null)])
    }

    // MARK: - remove

    private static func remove(_ arguments: Arguments, _ writer: FavoritesWriter) throws(MapError) {
        let removed: FavoritePlace
        switch (arguments["--id"], arguments["--name"]) {
        case (let id?, nil):
            guard let number = Int64(id.trimmingCharacters(in: " ")) else {
                throw MapError(
                    .invalidRequest, "--id: '\(id)' is not a whole number", remedy: "give the id 'places list' shows")
            }
            removed = try writer.removePlace(id: number)
        case (nil, let name?):
            removed = try writer.removePlace(named: name)
        default:
            throw MapError(
                .invalidRequest, "places remove needs either --id N or --name NAME",
                remedy: "see 'maprender places --help'")
        }
        Console.print("removed \(removed.id.map(String.init) ?? "?") \(removed.name)")
    }

    // MARK: - import

    private static func importFiles(_ files: [String], _ writer: FavoritesWriter) throws(MapError) {
        guard !files.isEmpty else {
            throw MapError(
                .invalidRequest, "places import needs at least one FILE (.gpx, .csv, .geojson, .kml, .kmz, …)",
                remedy: "see 'maprender places --help'")
        }
        // Every file is read and checked before the one transaction that adds them all.
        var places = [FavoritePlace]()
        for file in files { places += try FavoritesImport.read(atPath: file) }
        let ids = try writer.add(contentsOf: places)
        let range = ids.count == 1 ? "id \(ids[0])" : "ids \(ids.first ?? 0)–\(ids.last ?? 0)"
        Console.print("added \(ids.count) place\(ids.count == 1 ? "" : "s") (\(range))")
    }

    // MARK: - export

    private static func export(_ arguments: Arguments, _ store: PlaceStore) throws(MapError) {
        let output = arguments["--output"] ?? "-"
        let format: FavoritesFormat
        if let name = arguments["--format"] {
            guard let named = FavoritesFormat(rawValue: name.lowercased()) else {
                throw MapError(.invalidRequest, "--format: '\(name)' is not geojson, gpx or csv")
            }
            format = named
        } else if output != "-", let fromName = FavoritesFormat(fileName: output) {
            format = fromName
        } else {
            throw MapError(
                .invalidRequest, "places export needs --format geojson|gpx|csv",
                remedy: "or name the -o file .geojson, .gpx or .csv")
        }
        let places = try store.favorites()
        // An export writes what the database holds, or says what it could not.
        for change in FavoritesExport.changes(in: places, as: format) {
            Console.printError("\(change.severity.rawValue): \(change.message)")
        }
        let bytes = FavoritesExport.encode(places, as: format)
        if output == "-" {
            guard Console.writeOutput(bytes) else { throw MapError(.ioFailure, "standard output: writing failed") }
        } else {
            try StagedFile(bytes: bytes, destination: output).commit()
        }
    }
}
