import Foundation
import MapCommandLine
import MapErrors
import MapFormats
import MapTiles
import MapVectorSources

/// `maprender basemap add|list|remove`: the installed basemaps that `--basemap auto` (the
/// default) chooses from.
public enum BasemapStoreCommand {
    /// What the command line gave a subcommand.
    struct Arguments {
        var subcommand: String
        var name: String?
        var directory: String?
        var json = false
        var operands: [String] = []
    }

    private static let directoryOption = BoundOption<Arguments>(
        OptionSpec(
            ["--basemaps-dir"], valueName: "DIR", kind: .value, section: .options, completion: .directories,
            help: "the folder of installed basemaps (default: the basemaps-dir configuration key, else"
                + " $XDG_DATA_HOME/maprender/basemaps, else ~/.local/share/maprender/basemaps)")
    ) { arguments, value in arguments.directory = value.text }

    /// Each subcommand's table, by name.
    static let tables: [String: OptionTable<Arguments>] = [
        "add": OptionTable([
            directoryOption,
            BoundOption(
                OptionSpec(
                    ["--name"], valueName: "NAME", kind: .value, section: .options,
                    help: "the name to list it by (default: the file name without its extension)")
            ) { arguments, value in arguments.name = value.text },
        ]),
        "list": OptionTable([
            directoryOption,
            BoundOption(OptionSpec(["--json"], kind: .flag, section: .options, help: "every field, as JSON")) {
                arguments, _ in arguments.json = true
            },
        ]),
        "remove": OptionTable([directoryOption]),
    ]

    /// The subcommands' specs, for the `basemap` command group.
    static let subcommands: [CommandSpec] = [
        spec(
            "add", summary: "install a street map or terrain archive (a copy, or a URL)",
            usage: ["basemap add FILE.pmtiles|FILE.mbtiles|URL.pmtiles [--name NAME]"],
            description: [
                "A file is copied into the basemaps folder; a URL is remembered, and its tiles are read by range "
                    + "requests when a map needs them. Its layers, bounds and zooms are read once, now.",
                "render, fit and batch draw on the installed basemap that covers the map (--basemap auto, the default).",
                "An elevation archive (PNG or WebP tiles with a terrarium or mapbox 'encoding' in its metadata, as "
                    + "'basemap import-dem' writes them, or Mapterhorn's terrarium WebP archives) is installed as "
                    + "terrain: it is never drawn as a street map, and terrain is taken from the one that covers the map.",
            ],
            operand: OperandSpec(
                name: "SOURCE",
                help: "a PMTiles or MBTiles archive of vector or elevation tiles, or the URL of a PMTiles archive",
                completion: .files("pmtiles", "mbtiles")),
            examples: ["basemap add examples/helsinki/helsinki.pmtiles"]),
        spec(
            "list", summary: "print the installed basemaps", usage: ["basemap list [--json]"],
            description: [
                "One line each: name, kind (street or elevation), schema (or elevation encoding), bounds (W,S,E,N), "
                    + "zooms, size and where its tiles are read."
            ],
            examples: ["basemap list"]),
        spec(
            "remove", summary: "remove an installed basemap and its copy", usage: ["basemap remove NAME"],
            description: ["The copy in the basemaps folder is deleted; a remote archive is only forgotten."],
            operand: OperandSpec(name: "NAME", help: "the name 'basemap list' shows", completion: .nothing),
            examples: ["basemap remove helsinki"]),
    ]

    private static func spec(
        _ name: String, summary: String, usage: [String], description: [String], operand: OperandSpec? = nil,
        examples: [String]
    ) -> CommandSpec {
        CommandSpec(
            path: ["basemap", name], summary: summary, usage: usage, description: description,
            options: tables[name]?.specs ?? [], operands: operand.map { [$0] } ?? [], examples: examples)
    }

    /// Runs `basemap add|list|remove` with the words after the subcommand's name.
    static func run(_ name: String, _ words: [String], host: CommandHost) throws(MapError) {
        guard let table = tables[name] else { throw MapError(.internalFailure, "basemap \(name) has no option table") }
        var arguments = Arguments(subcommand: name)
        var cursor = ArgumentCursor(words, programName: host.program.name)
        try table.parse(&cursor, into: &arguments, command: "basemap \(name)") { arguments, word throws(MapError) in
            arguments.operands.append(word)
        }
        var directory = arguments.directory
        if directory == nil { directory = try host.configuredBasemapsDirectory() }
        let store = store(directory: directory)
        switch name {
        case "add": try add(arguments, store, version: host.userAgentVersion)
        case "list": list(store, json: arguments.json)
        default: try remove(arguments, store)
        }
    }

    /// The store `directory` names (`--basemaps-dir` or its configuration key), else the XDG
    /// data folder of this process's environment.
    public static func store(directory: String?) -> BasemapStore {
        BasemapStore(
            directory: directory ?? BasemapStore.defaultDirectory(environment: ProcessInfo.processInfo.environment))
    }

    private static func operand(_ arguments: Arguments, _ what: String) throws(MapError) -> String {
        guard arguments.operands.count == 1 else {
            throw MapError(
                .invalidRequest,
                arguments.operands.isEmpty
                    ? "basemap \(arguments.subcommand) needs \(what)"
                    : "basemap \(arguments.subcommand) takes one \(what), got \(arguments.operands.count)",
                remedy: "see 'maprender basemap \(arguments.subcommand) --help'")
        }
        return arguments.operands[0]
    }

    private static func add(_ arguments: Arguments, _ store: BasemapStore, version: String) throws(MapError) {
        let source = try operand(arguments, "a file or URL")
        let options = HTTPTileOptions(userAgent: HTTPTileOptions.userAgent(version: version))
        let entry = try store.add(source, name: arguments.name, options: options)
        Console.print(
            "installed \(entry.name): \(entry.schema), zooms \(entry.zoomRange.lowerBound)–"
                + "\(entry.zoomRange.upperBound), \(boundsText(entry)) (\(entry.location))")
    }

    private static func remove(_ arguments: Arguments, _ store: BasemapStore) throws(MapError) {
        let entry = try store.remove(named: try operand(arguments, "NAME"))
        Console.print("removed \(entry.name)")
    }

    private static func list(_ store: BasemapStore, json: Bool) {
        let (basemaps, skipped) = store.installed()
        for path in skipped {
            Console.printError("warning: \(path): not a basemap entry; left out (remove it, or add the archive again)")
        }
        if json {
            let entries = basemaps.map { entry in
                JSONValue.object([
                    ("name", .string(entry.name)), ("schema", .string(entry.schema)),
                    (
                        "bounds",
                        .array(
                            [entry.bounds.west, entry.bounds.south, entry.bounds.east, entry.bounds.north].map(
                                JSONValue.number))
                    ),
                    ("minzoom", .number(Double(entry.zoomRange.lowerBound))),
                    ("maxzoom", .number(Double(entry.zoomRange.upperBound))),
                    ("bytes", entry.byteCount.map { .number(Double($0)) } ?? .null),
                    ("location", .string(entry.location)), ("remote", .bool(entry.isRemote)),
                    ("origin", .string(entry.origin)), ("kind", .string(entry.kind)),
                    ("encoding", entry.elevationEncoding.map(JSONValue.string) ?? .null),
                    ("tileSize", entry.tileSize.map { .number(Double($0)) } ?? .null),
                ])
            }
            Console.print(
                JSONValue.object([("directory", .string(store.directory)), ("basemaps", .array(entries))]).serialized(
                    indent: 2))
            return
        }
        guard !basemaps.isEmpty else {
            Console.print("no basemap installed in \(store.directory) (add one with 'maprender basemap add FILE')")
            return
        }
        var rows = [["name", "kind", "schema", "bounds (W,S,E,N)", "zooms", "size", "where"]]
        for entry in basemaps {
            rows.append([
                entry.name, entry.kind, entry.schema, boundsText(entry),
                "\(entry.zoomRange.lowerBound)–\(entry.zoomRange.upperBound)",
                entry.byteCount.map(sizeText) ?? "-", entry.location,
            ])
        }
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max()! + 2 }
        for row in rows {
            Console.print(
                zip(row, widths).map { $0 + String(repeating: " ", count: max(0, $1 - $0.count)) }.joined()
                    .trimmingCharacters(in: .whitespaces))
        }
    }

    private static func boundsText(_ entry: InstalledBasemap) -> String {
        [entry.bounds.west, entry.bounds.south, entry.bounds.east, entry.bounds.north]
            .map { String(format: "%.4f", $0) }.joined(separator: ",")
    }

    private static func sizeText(_ bytes: Int64) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(bytes), unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(bytes) B" : String(format: "%.1f %@", value, units[unit])
    }
}
