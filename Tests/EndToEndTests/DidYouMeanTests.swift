import Foundation
import Testing

/// Unknown options, commands and words get a usage error (exit 64) that names the closest
/// known one, in every command.
@Suite("did you mean")
struct DidYouMeanTests {
    @Test(
        "a misspelled option suggests the real one",
        arguments: [
            (["--pin", "0,0", "--sise", "64x48", "-o", "-"], "unknown option '--sise'; did you mean '--size'?"),
            (["fit", "--pin", "0,0", "--max-zom", "3"], "unknown option '--max-zom'; did you mean '--max-zoom'?"),
            (
                ["places", "add", "--db", "favs.db", "--latitude", "1"],
                "unknown option '--latitude' for 'places add'; did you mean '--lat'?"
            ),
            (
                ["places", "add", "--db", "favs.db", "--longitude", "1"],
                "unknown option '--longitude' for 'places add'; did you mean '--lon'?"
            ),
            (
                ["places", "export", "--db", "favs.db", "--ouput", "x.csv"],
                "unknown option '--ouput' for 'places export'; did you mean '--output'?"
            ),
            (
                ["track", "events", "--places", "favs.db", "--cushon", "5", "ride.gpx"],
                "unknown option '--cushon' for 'track events'; did you mean '--cushion'?"
            ),
            (
                ["track", "stats", "--jsno", "ride.gpx"],
                "unknown option '--jsno' for 'track stats'; did you mean '--json'?"
            ),
            (["batch", "jobs.jsonl", "--jbos", "2"], "unknown option '--jbos' for 'batch'; did you mean '--jobs'?"),
            (
                ["batch", "jobs.jsonl", "--sise", "64x48"],
                "unknown option '--sise' for 'batch'; did you mean '--size'?"
            ),
            (["help", "--mna"], "unknown option '--mna' for 'help'; did you mean '--man'?"),
            (["completions", "bash", "--hlep"], "unknown option '--hlep' for 'completions'; did you mean '--help'?"),
        ])
    func option(arguments: [String], message: String) throws {
        let folder = try TemporaryDirectory()
        let result = try Maprender.run(arguments, in: folder.url)
        #expect(result.status == 64, "stderr: \(result.errors)")
        #expect(result.errors.hasPrefix("error: " + message), "stderr: \(result.errors)")
        // Nothing was read or written: the hint comes before any work.
        #expect(try folder.listing().isEmpty)
    }

    @Test(
        "a misspelled command or word suggests the real one",
        arguments: [
            (["rendr", "--pin", "0,0"], "unknown command 'rendr'; did you mean 'render'?"),
            (["plces", "list"], "unknown command 'plces'; did you mean 'places'?"),
            (["places", "lsit", "--db", "favs.db"], "unknown places subcommand 'lsit'; did you mean 'list'?"),
            (["track", "evnets"], "unknown track subcommand 'evnets'; did you mean 'events'?"),
            (["help", "bacth"], "unknown command 'bacth'; did you mean 'batch'?"),
            (["help", "places", "ad"], "unknown places subcommand 'ad'; did you mean 'add'?"),
            (["completions", "bsh"], "unknown shell 'bsh'; did you mean 'bash'?"),
        ])
    func command(arguments: [String], message: String) throws {
        let result = try Maprender.run(arguments)
        #expect(result.status == 64, "stderr: \(result.errors)")
        #expect(result.errors.hasPrefix("error: " + message), "stderr: \(result.errors)")
    }

    @Test("no suggestion when nothing is close")
    func nothingClose() throws {
        let result = try Maprender.run(["places", "add", "--db", "favs.db", "--zzzzzzzz", "1"])
        #expect(result.status == 64)
        #expect(
            result.errors == "error: unknown option '--zzzzzzzz' for 'places add'; see 'maprender places add --help'\n")
    }
}
