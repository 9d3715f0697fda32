import Foundation
import MapCommandLine
import MapErrors
import Testing

@Suite("Option defaults from a configuration file and the environment")
struct OptionDefaultsTests {
    static let look = OptionSection("LOOK", order: 1)
    static let size = OptionSpec(["--size"], valueName: "WxH", kind: .value, section: look, help: "size")
    static let basemap = OptionSpec(["--basemap-style"], valueName: "S", kind: .value, section: look, help: "style")
    static let offline = OptionSpec(["--offline"], kind: .flag, section: look, help: "offline")
    static let credit = OptionSpec(["--credit"], valueName: "T", kind: .repeatable, section: look, help: "credit")
    static let output = OptionSpec(["--output", "-o"], valueName: "FILE", kind: .value, section: look, help: "out")
    static let settable = [size, basemap, offline, credit]

    /// A configuration folder holding `text` as greet/config.json, and the environment that
    /// points at it.
    static func folder(_ text: String?) throws -> [String: String] {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("defaults-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: base.appendingPathComponent("greet"), withIntermediateDirectories: true)
        if let text { try Data(text.utf8).write(to: base.appendingPathComponent("greet/config.json")) }
        return ["XDG_CONFIG_HOME": base.path]
    }

    static func load(_ file: String?, _ variables: [String: String] = [:]) throws(MapError) -> OptionDefaults {
        let environment = (try? folder(file)) ?? [:]
        return try OptionDefaults(
            settable: settable, known: settable + [output], program: "greet", prefix: "GREET",
            environment: environment.merging(variables) { _, new in new })
    }

    static func error(_ file: String?, _ variables: [String: String] = [:]) -> MapError? {
        do {
            _ = try load(file, variables)
            return nil
        } catch { return error }
    }

    @Test("the file's path: GREET_CONFIG, else XDG_CONFIG_HOME, else ~/.config")
    func path() {
        let p = { (environment: [String: String]) in
            OptionDefaults.filePath(program: "greet", prefix: "GREET", environment: environment)
        }
        #expect(p(["GREET_CONFIG": "/a/b.json", "XDG_CONFIG_HOME": "/x"]) == "/a/b.json")
        #expect(p(["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/greet/config.json")
        #expect(p(["HOME": "/h"]) == "/h/.config/greet/config.json")
        #expect(OptionDefaults.variable(of: Self.basemap, prefix: "GREET") == "GREET_BASEMAP_STYLE")
        #expect(OptionDefaults.key(of: Self.basemap) == "basemap-style")
    }

    @Test("keys of the file become words, with their lines; flags, numbers and arrays")
    func file() throws {
        let defaults = try Self.load(
            "{\n  \"size\": 640,\n  \"offline\": true,\n  \"credit\": [\"a\", \"b\"],\n  \"basemap-style\": \"s.json\"\n}"
        )
        #expect(defaults.fileExists)
        #expect(defaults.words == ["--size=640", "--basemap-style=s.json", "--offline", "--credit=a", "--credit=b"])
        #expect(defaults.entries[0].origin == .file(path: defaults.filePath, line: 2))
        #expect(defaults.entries[3].shownValue == "a, b")
    }

    @Test("the environment wins over the file; false and empty set nothing")
    func precedence() throws {
        let defaults = try Self.load(
            "{\"size\": \"1x1\", \"offline\": false, \"credit\": \"c\"}", ["GREET_SIZE": "2x2", "GREET_CREDIT": ""])
        #expect(defaults.words == ["--size=2x2", "--credit=c"])
        #expect(defaults.entries[0].origin == .environment("GREET_SIZE"))
        #expect(try Self.load(nil, ["GREET_OFFLINE": "yes"]).words == ["--offline"])
        #expect(try Self.load(nil).entries.isEmpty)
    }

    @Test("bad files and variables are configuration errors that say where")
    func errors() throws {
        let syntax = try #require(Self.error("{\n  \"size\": tru\n}"))
        #expect(syntax.kind == .invalidConfiguration)
        #expect(syntax.location?.line == 2 && syntax.location?.column != nil)
        let unknown = try #require(Self.error("{\n\n  \"sise\": \"1x1\"\n}"))
        #expect(unknown.kind == .invalidConfiguration && unknown.location?.line == 3)
        #expect(unknown.message.contains("unknown key 'sise'; did you mean 'size'?"))
        let output = try #require(Self.error("{\"output\": \"x.png\"}"))
        #expect(output.message.contains("--output cannot be set"))
        let type = try #require(Self.error("{\n  \"offline\": \"yes\"\n}"))
        #expect(type.message == "offline: expected true or false, found a string" && type.location?.line == 2)
        let notObject = try #require(Self.error("[1]"))
        #expect(notObject.kind == .invalidConfiguration)
        let variable = try #require(Self.error(nil, ["GREET_OFFLINE": "maybe"]))
        #expect(variable.kind == .invalidConfiguration && variable.message.hasPrefix("GREET_OFFLINE:"))
        #expect(Self.error(nil, ["GREET_OUTPUT": "x"])?.message.contains("cannot be set from the environment") == true)
        #expect(Self.error(nil, ["GREET_CONFIG": "/no/such/file.json"])?.kind == .invalidConfiguration)
        #expect(Self.error(nil, ["GREET_SHARD": "3"]) == nil)
    }

    @Test("validation reports the command's own parsing error at the default's origin")
    func validation() throws {
        let defaults = try Self.load("{\n  \"size\": \"big\"\n}", ["GREET_CREDIT": "x"])
        var seen: [[String]] = []
        var thrown: MapError?
        do throws(MapError) {
            try defaults.validate { words throws(MapError) in
                seen.append(words)
                if words.first?.hasPrefix("--size") == true { throw MapError(.invalidRequest, "--size: bad") }
            }
        } catch { thrown = error }
        let error = try #require(thrown)
        #expect(seen == [["--size=big"]])
        #expect(error.kind == .invalidConfiguration && error.message == "size: --size: bad")
        #expect(error.location?.line == 2)
    }
}
