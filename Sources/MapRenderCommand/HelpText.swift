import MapGeometry
import MapRenderCore
/// The text of `--help`.
enum HelpText {
    static func text(for command: String?) -> String {
        switch command {
        case "fit": return fit
        case "batch": return batch
        case "track": return track
        case "places": return PlacesCommand.help
        default: return render
        }
    }

    static let render = """
        maprender — render static maps of places, circles and pins

        USAGE
          maprender [render] [inputs…] [framing] [look] -o FILE
          maprender fit [inputs…] [framing]       print the viewport as JSON
          maprender track stats|events FILE…      measure tracks, list geofence events
          maprender batch MANIFEST.jsonl [--jobs N] [--shard K/N|auto] [--out-dir DIR]
          maprender places list|add|remove|import|export|geocode --db DB …
          maprender --help | COMMAND --help | --version

        INPUTS (repeatable, any mix)
          --places DB               favorites database (opened read-only, never modified)
          --pin LAT,LON[,TITLE[,SUBTITLE]]
          --circle LAT,LON,RADIUS   RADIUS in meters, or with a unit: 500m, 2km, 1.5mi
          --geojson FILE            points, lines and polygons with simplestyle properties
          --gpx FILE|DIR            tracks (cleaned), routes and waypoints
          --csv FILE                location fixes: latitude,longitude[,horizontal_accuracy,…]
          --location LAT,LON[,ACCURACY[,HEADING]]   the blue dot with its accuracy halo

        TRACKS
          --color-by speed|elevation   colour the line, with a legend
          --arrows  --stats  --imperial  --no-track-markers  --geofence-events
          --max-accuracy M|none  --distance-filter M  --gap-time S  --gap-distance M  --keep-stale

        FRAMING (default: fit everything drawn, pins included)
          --padding N               canvas points kept clear at every edge (default 20)
          --center LAT,LON          keep this point in the middle
          --center LAT,LON --zoom Z         Web Mercator zoom, fractional allowed
          --center LAT,LON --span D[xD]     north-south by east-west distance, e.g. 5km
          --max-zoom Z              largest zoom a fit may choose (default 19)

        LOOK
          --size WxH                canvas size in points (default 800x600)
          --scale S                 pixel density: 2 for HiDPI (default 1)
          --style NAME|FILE.json    default, dark, print, or a style file
          --callouts all|titles|none   --title TEXT   --marker-image FILE.png[,AX,AY]
          --basemap B               world (default): the embedded offline Natural Earth map;
                                    none: plain; a preset (osm, opentopomap, esri-imagery);
                                    an http(s) template with {z} {x} {y} {s} {r} {quadkey};
                                    FILE.mbtiles; a folder of {z}/{x}/{y}.png|jpg tiles
          --map-type standard|satellite|hybrid   hybrid: imagery with borders and names
          --attribution TEXT        credit a tile source (presets credit themselves)
          --tile-cache FILE|none    default ~/.cache/maprender/tiles.sqlite (XDG_CACHE_HOME)
          --offline                 tiles from the cache only   --user-agent UA
          --tile-timeout S          per request (default 10)   --no-snap  keep fractional zoom
          --transparent             see-through background, no basemap
          --format png|svg|pdf      default: from the output's extension

        OUTPUT
          -o FILE                   '-' writes to standard output; files are written atomically
          --sidecar FILE.json       where the map is and where every pin landed
          --strict                  warnings (dropped callouts, missing tiles) fail the run (exit 69)

        EXIT STATUS
          0 success, 64 usage, 65 bad input data, 66 missing input, 69 unavailable,
          70 internal error, 73 cannot create output, 74 I/O error

        EXAMPLE
          maprender --places examples/favorites.db -o map.png --sidecar map.json
        """

    static let fit = """
        maprender fit — print the viewport a render would use

        USAGE
          maprender fit [inputs…] [framing] [--size WxH]

        Takes the inputs and framing options of 'maprender render' and prints JSON with
        width, height, scale, center, zoom and bounds, without drawing anything.
        """

    static let track = """
        maprender track — measure recorded tracks and replay them against geofences

        USAGE
          maprender track stats FILE… [cleaning] [--json]
          maprender track events --places DB FILE… [--cushion M] [cleaning] [--json]

        FILE is a .gpx, .csv or .geojson file, or a folder (its .gpx, .csv and .geojson
        files, sorted by name). Several files are measured together, as one journey.

        stats    distance (WGS84 geodesic, altitude ignored), duration, moving time,
                 average, moving and maximum speed, elevation gain and loss (3 m
                 hysteresis), start and end, and what cleaning dropped. Text in km, h:mm:ss,
                 km/h; --json in meters, seconds and m/s, times ISO 8601.
        events   enter and exit events of every place with a geofence radius, in time
                 order: time, enter|exit, place, latitude,longitude.
          --places DB             the favorites database (opened read-only)
          --cushion M             exit only beyond radius + M meters (default 20; 0 for none),
                                  so GPS jitter along the boundary does not flap

        CLEANING (as Core Location's guides advise; each rule can be turned off)
          --max-accuracy M|none   drop fixes less accurate than M meters (default 100);
                                  fixes with a negative accuracy are always dropped
          --distance-filter M     drop fixes closer than M meters to the last kept one
          --keep-stale            keep fixes whose time does not advance (dropped by default)
          --gap-time S|none       a pause longer than S seconds starts a new segment (300)
          --gap-distance M|none   a jump longer than M meters starts a new segment (1000)

        EXAMPLES
          maprender track stats examples/denver-ride.gpx
          maprender track stats --json ~/tracks/2026-11/
          maprender track events --places examples/favorites.db examples/denver-ride.gpx
        """

    static let batch = """
        maprender batch — many maps in one run, in parallel, sharded across machines

        USAGE
          maprender batch MANIFEST.jsonl [batch options] [render options for every job]
          maprender batch --places DB --each place -o 'out/{id}.png' [render options]

        MANIFEST is JSON Lines ('-' reads standard input): one job per line, an object whose
        keys are the long options of 'render' without the dashes, plus "id" and "output":
          {"id": "denver", "output": "denver.png", "places": "favs.db", "style": "dark"}
        A string or number is the option's value, true a flag, an array repeats the option.
        Empty lines and lines starting with # are skipped. A bad line is reported with its
        line number and counts as a failed job; it never stops the others.

        BATCH OPTIONS
          --jobs N               jobs rendered at once (default: the number of cores)
          --shard K/N            only the jobs whose id hashes to shard K of N (0 ≤ K < N)
          --shard auto           K and N from Kubernetes Indexed Jobs (JOB_COMPLETION_INDEX
                                 with MAPRENDER_SHARD_COUNT or JOB_COMPLETIONS) or Slurm arrays
                                 (SLURM_ARRAY_TASK_ID, _MIN, _COUNT)
          --out-dir DIR          outputs are paths inside DIR: absolute paths, '..' and links
                                 leading out are refused
          --skip-existing        jobs whose output exists are skipped
          --summary FILE.json    per job: status, output, seconds, exit code, error, diagnostics
          --progress auto|always|never   a progress bar on a terminal (auto) or not
          --verbose              a line for every job, not only failures
          --dry-run              list the jobs (id, output) this shard would render
          --each place           one map per favorite of --places; -o takes {id} and {name}

        EXIT STATUS
          0 when every job succeeded or was skipped; otherwise the status of the first failed
          job in manifest order (e.g. 65 for bad input data).
        """
}
