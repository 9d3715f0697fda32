import Foundation
import Testing

/// Defaults from `$XDG_CONFIG_HOME/maprender/config.json` and `MAPRENDER_*` variables, run
/// through the built binary.
@Suite("Defaults from a configuration file")
struct ConfigurationTests {
    /// A folder to run in, with `text` as maprender/config.json under it, and the
    /// environment that points XDG_CONFIG_HOME there.
    static func setUp(_ text: String) throws -> (TemporaryDirectory, [String: String]) {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("maprender"), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: folder.url.appendingPathComponent("maprender/config.json"))
        return (folder, ["XDG_CONFIG_HOME": folder.url.path, "HOME": folder.url.path])
    }

    /// The sidecar of a one-pin render in `folder`.
    static func sidecar(
        _ folder: TemporaryDirectory, _ environment: [String: String], _ extra: [String] = []
    ) throws -> [String: Any] {
        let run = try Maprender.run(
            ["--pin", "39.74,-104.99", "-o", folder.path("map.png"), "--sidecar", folder.path("map.json")] + extra,
            environment: environment)
        #expect(run.status == 0, "\(run.errors)")
        let data = try Data(contentsOf: URL(fileURLWithPath: folder.path("map.json")))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("the file's basemap and attribution are used; flag > environment > file")
    func precedence() throws {
        let (folder, environment) = try Self.setUp(
            "{\n  \"basemap\": \"none\",\n  \"size\": \"300x200\",\n  \"attribution\": [\"Config credit\"]\n}\n")
        let fromFile = try Self.sidecar(folder, environment)
        // basemap none: no Natural Earth credit, only the configured one.
        #expect(fromFile["attribution"] as? [String] == ["Config credit"])
        #expect(fromFile["width"] as? Int == 300)
        var withVariable = environment
        withVariable["MAPRENDER_SIZE"] = "400x300"
        withVariable["MAPRENDER_BASEMAP"] = "world"
        let fromEnvironment = try Self.sidecar(folder, withVariable)
        #expect(fromEnvironment["width"] as? Int == 400)
        #expect((fromEnvironment["attribution"] as? [String])?.contains("Made with Natural Earth") == true)
        let fromFlag = try Self.sidecar(folder, withVariable, ["--size", "500x100"])
        #expect(fromFlag["width"] as? Int == 500)
    }

    @Test("MAPRENDER_CONFIG names the file; fit takes its defaults too")
    func explicitPath() throws {
        let folder = try TemporaryDirectory()
        try Data("{\"size\": \"320x240\"}".utf8).write(to: URL(fileURLWithPath: folder.path("mine.json")))
        let run = try Maprender.run(
            ["fit", "--pin", "39.74,-104.99"], environment: ["MAPRENDER_CONFIG": folder.path("mine.json")])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.outputText.contains("\"width\" : 320") || run.outputText.contains("\"width\": 320"))
    }

    @Test("batch jobs take the defaults; a job's own keys win")
    func batch() throws {
        let (folder, environment) = try Self.setUp("{\"size\": \"200x100\"}")
        let manifest =
            "{\"id\": \"a\", \"output\": \"a.png\", \"pin\": \"1,2\", \"sidecar\": \"a.json\"}\n"
            + "{\"id\": \"b\", \"output\": \"b.png\", \"pin\": \"1,2\", \"sidecar\": \"b.json\", \"size\": \"300x300\"}\n"
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: folder.path("jobs.jsonl")))
        let run = try Maprender.run(["batch", "jobs.jsonl"], in: folder.url, environment: environment)
        #expect(run.status == 0, "\(run.errors)")
        for (name, width) in [("a.json", 200), ("b.json", 300)] {
            let data = try Data(contentsOf: URL(fileURLWithPath: folder.path(name)))
            let sidecar = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            #expect(sidecar?["width"] as? Int == width)
        }
    }

    @Test("maprender config prints each setting with where it came from")
    func configCommand() throws {
        let (folder, environment) = try Self.setUp("{\n  \"style\": \"dark\",\n  \"basemap\": \"none\"\n}\n")
        var variables = environment
        variables["MAPRENDER_SCALE"] = "2"
        let run = try Maprender.run(["config"], environment: variables)
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.outputText.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        let file = environment["XDG_CONFIG_HOME"]! + "/maprender/config.json"
        #expect(lines.first == "file: \(file)")
        #expect(lines.contains("style dark (\(file):2)"))
        #expect(lines.contains("basemap none (\(file):3)"))
        #expect(lines.contains("scale 2 (MAPRENDER_SCALE)"))
        #expect(lines.contains("size - (default)"))
        let none = try Maprender.run(["config"])
        #expect(none.status == 0 && none.outputText.contains("(none)"))
        #expect(!none.outputText.contains("(MAPRENDER_"))
        withExtendedLifetime(folder) {}
    }

    @Test(
        "a bad file or variable is exit 78, naming the file and line or the variable",
        arguments: [
            ("{\n  \"size\": tru\n}", [:], "config.json:2:11: "),
            ("{\n  \"basemapp\": \"osm\"\n}", [:], "config.json:2: unknown key 'basemapp'; did you mean 'basemap'?"),
            ("{\n  \"output\": \"x.png\"\n}", [:], "config.json:2: 'output': --output cannot be set"),
            ("{\n\n  \"offline\": \"yes\"\n}", [:], "config.json:3: offline: expected true or false, found a string"),
            ("{\n  \"size\": \"big\"\n}", [:], "config.json:2: size: --size: 'big' is not WIDTHxHEIGHT"),
            ("{}", ["MAPRENDER_SCALE": "9"], "error: MAPRENDER_SCALE: --scale: 9"),
            ("{}", ["MAPRENDER_OFFLINE": "maybe"], "error: MAPRENDER_OFFLINE: 'maybe' is not true or false"),
            ("{}", ["MAPRENDER_PLACES": "x.db"], "error: MAPRENDER_PLACES: --places cannot be set"),
        ] as [(String, [String: String], String)])
    func badInput(file: String, variables: [String: String], message: String) throws {
        let (folder, environment) = try Self.setUp(file)
        let merged = environment.merging(variables) { _, new in new }
        for arguments in [["--pin", "1,2", "-o", folder.path("map.png")], ["config"]] {
            let run = try Maprender.run(arguments, environment: merged)
            #expect(run.status == 78)
            #expect(run.errors.contains(message), "\(run.errors)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("map.png")))
    }
}
