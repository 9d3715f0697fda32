import MapCommandLine
import MapErrors
import MapFavorites

/// The option tables of `maprender places list|add|remove|import|export|geocode`.
///
/// Places options are stored by name in `PlacesCommand.Arguments` and read back by the
/// subcommands; a value option given twice is refused, since which one was meant is
/// anyone's guess.
public enum PlacesOptions {
    /// `--db`, which every subcommand takes.
    static let database = stored(
        ["--db"], valueName: "DB", section: .options, completion: .files("db", "sqlite", "sqlite3"),
        help: "the favorites database (add and import create it when it does not exist)")

    /// The fields of a place, for `add`.
    static let fields: [BoundOption<PlacesCommand.Arguments>] = [
        stored(["--name"], valueName: "NAME", section: .place, help: "the place's name: its callout title"),
        stored(["--lat"], valueName: "LAT", section: .place, help: "latitude in degrees, -90 to 90"),
        stored(["--lon"], valueName: "LON", section: .place, help: "longitude in degrees, -180 to 180"),
        stored(
            ["--street"], valueName: "S", section: .place,
            help: "street address (the subtitle is 'street, city, state postal')"),
        stored(["--city"], valueName: "C", section: .place, help: "city"),
        stored(["--state"], valueName: "ST", section: .place, help: "state, province or region"),
        stored(["--postal"], valueName: "P", section: .place, help: "postal code"),
        stored(
            ["--radius"], valueName: "M", section: .place,
            help: "geofence radius: meters, or with a unit (500m, 2km, 1.5mi)"),
        storedFlag(["--proximity"], section: .place, help: "draw the geofence circle"),
        storedFlag(
            ["--going-next"], section: .place,
            help: "the place you are going next (an arrow marker); takes the mark from any other place"),
        stored(
            ["--color"], valueName: "red|green|purple|#rrggbb", section: .place,
            completion: .choices("red", "green", "purple"),
            help: "the pin's colour"),
        stored(
            ["--address"], valueName: "TEXT", section: .geocoding,
            help: "look the address up at --geocoder; the answer fills the coordinate and any address part not given"),
        stored(
            ["--geocoder"], valueName: "URL", section: .geocoding,
            help: "a Nominatim-compatible service: the only time maprender uses the network, and only when you give it"),
        storedFlag(
            ["--reverse-geocode"], section: .geocoding,
            help:
                "fill empty parts offline from Natural Earth: city ← the nearest populated place within 30 km, state ← the state "
                + "or province (or the country where Natural Earth has no regions); street and postal are never guessed"
        ),
    ]

    /// Each subcommand's table, by name.
    static let tables: [String: OptionTable<PlacesCommand.Arguments>] = [
        "list": OptionTable([database, storedFlag(["--json"], section: .options, help: "every column, as JSON")]),
        "add": OptionTable([database] + fields),
        "remove": OptionTable([
            database,
            stored(
                ["--id"], valueName: "N", section: .options,
                help: "remove the place with this id (as 'places list' shows it)"),
            stored(["--name"], valueName: "NAME", section: .options, help: "remove the place with this name"),
        ]),
        "import": OptionTable([database]),
        "export": OptionTable([
            database,
            stored(
                ["--format"], valueName: "geojson|gpx|csv", section: .options,
                completion: .choices(FavoritesFormat.allCases.map(\.rawValue)),
                help: "default: from the output file's extension"),
            stored(
                ["--output", "-o"], valueName: "FILE", section: .options, completion: .files("geojson", "gpx", "csv"),
                help: "default: standard output; the file is written atomically"),
        ]),
        "geocode": OptionTable([
            database,
            stored(
                ["--id"], valueName: "N", section: .options, help: "only the place with this id (default: every place)"),
        ]),
    ]

    /// A value option stored under its first name; given twice, it is refused.
    private static func stored(
        _ names: [String], valueName: String, section: OptionSection, completion: ValueCompletion = .nothing,
        help: String
    ) -> BoundOption<PlacesCommand.Arguments> {
        let key = names[0]
        let spec = OptionSpec(
            names, valueName: valueName, kind: .value, section: section, completion: completion, help: help)
        return BoundOption(spec) { arguments, value throws(MapError) in
            guard arguments.values[key] == nil else {
                throw MapError(.invalidRequest, "\(value.option) is given twice", remedy: "give it once")
            }
            arguments.values[key] = value.text
        }
    }

    /// A flag stored under its first name.
    private static func storedFlag(
        _ names: [String], section: OptionSection, help: String
    ) -> BoundOption<PlacesCommand.Arguments> {
        let key = names[0]
        return BoundOption(OptionSpec(names, kind: .flag, section: section, help: help)) { arguments, _ in
            arguments.flags.insert(key)
        }
    }

    /// The subcommand's spec from its table.
    private static func subcommand(
        _ name: String, summary: String, usage: [String], description: [String], operands: [OperandSpec] = [],
        examples: [String] = []
    ) -> CommandSpec {
        CommandSpec(
            path: ["places", name], summary: summary, usage: usage, description: description,
            options: tables[name]?.specs ?? [],
            operands: operands, examples: examples)
    }

    /// `maprender places`.
    public static let command = CommandSpec(
        path: ["places"], summary: "manage a favorites database",
        usage: ["places list|add|remove|import|export|geocode --db DB …"],
        description: [
            "add and import create DB with the native schema when it does not exist; an older database is migrated, a newer "
                + "one refused. Every change is one transaction: a failed import adds nothing. A Core Data store exported "
                + "from the iOS app can be listed and exported, never changed."
        ],
        subcommands: [
            subcommand(
                "list", summary: "print the places", usage: ["places list --db DB [--json]"],
                description: [
                    "One place per line: id, name, latitude, longitude, radius, flags and colour; --json prints every column."
                ],
                examples: ["places list --db examples/favorites.db"]),
            subcommand(
                "add", summary: "add a place and print its id",
                usage: [
                    "places add --db DB --name NAME (--lat LAT --lon LON | --address TEXT --geocoder URL)",
                    "           [--street S] [--city C] [--state ST] [--postal P] [--radius M]",
                    "           [--proximity] [--going-next] [--color red|green|purple|#rrggbb]",
                    "           [--reverse-geocode]",
                ],
                description: ["Give the coordinate with --lat and --lon, or an address with --address and --geocoder."],
                examples: [
                    "places add --db favs.db --name \"Denver Museum\" --lat 39.7475 --lon -104.9428 --radius 500 --proximity"
                ]),
            subcommand(
                "remove", summary: "remove one place, by id or by name",
                usage: ["places remove --db DB (--id N | --name NAME)"],
                description: ["Prints the id and name of the place removed."],
                examples: ["places remove --db favs.db --name \"Denver Museum\""]),
            subcommand(
                "import", summary: "add the places of GPX, CSV, GeoJSON, KML/KMZ and other files",
                usage: ["places import --db DB FILE…"],
                description: [
                    "Every file is read and checked before one transaction adds them all; prints how many places were added. "
                        + "GPX waypoints and GeoJSON points are read; CSV columns: name, street, city, state, postal, latitude, "
                        + "longitude, display_proximity, display_radius, going_next, pin_color (only name, latitude and longitude "
                        + "required). KML and KMZ placemarks (name, address or description, icon colour), TCX and FIT "
                        + "course points, Google's Saved Places and the visits of its location history are read too."
                ],
                operands: [
                    OperandSpec(
                        name: "FILE…", help: ".gpx waypoints, .csv rows, .geojson points",
                        completion: .files("gpx", "csv", "geojson", "json"))
                ],
                examples: ["places import --db favs.db stops.gpx more.csv"]),
            subcommand(
                "export", summary: "write the places as GeoJSON, GPX or CSV",
                usage: ["places export --db DB [--format geojson|gpx|csv] [-o FILE]"],
                description: [
                    "The format follows the output file's extension unless --format says. Round trips with import: every field is kept."
                ],
                examples: ["places export --db app-export.sqlite -o favs.geojson"]),
            subcommand(
                "geocode", summary: "fill empty city and state offline",
                usage: ["places geocode --db DB [--id N]"],
                description: [
                    "Does what add --reverse-geocode does, for stored places, in one transaction; prints what changed."
                ],
                examples: ["places geocode --db favs.db"]),
        ])
}
