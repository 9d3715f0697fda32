/// The text of `--help`.
enum HelpText {
    static func text(for command: String?) -> String {
        switch command {
        case "fit": return fit
        default: return render
        }
    }

    static let render = """
        maprender — render static maps of places, circles and pins

        USAGE
          maprender [render] [inputs…] [framing] [look] -o FILE
          maprender fit [inputs…] [framing]       print the viewport as JSON
          maprender --help | COMMAND --help | --version

        INPUTS (repeatable, any mix)
          --places DB               favorites database (opened read-only, never modified)
          --pin LAT,LON[,TITLE[,SUBTITLE]]
          --circle LAT,LON,RADIUS   RADIUS in meters, or with a unit: 500m, 2km, 1.5mi

        FRAMING (default: fit everything drawn, pins included)
          --padding N               canvas points kept clear at every edge (default 20)
          --center LAT,LON          keep this point in the middle
          --center LAT,LON --zoom Z         Web Mercator zoom, fractional allowed
          --center LAT,LON --span D[xD]     north-south by east-west distance, e.g. 5km
          --max-zoom Z              largest zoom a fit may choose (default 19)

        LOOK
          --size WxH                canvas size in points (default 800x600)
          --scale S                 pixel density: 2 for HiDPI (default 1)
          --basemap world|none      world: the embedded offline Natural Earth map (default); none: plain
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
}
