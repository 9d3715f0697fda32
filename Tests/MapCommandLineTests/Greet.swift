import MapCommandLine
import MapErrors
import Testing

// `greet`, a made-up program the tests describe with the generic pieces: a root with two
// subcommands, `hello` (a flag, a value, a repeatable option and files) and `bye`.

/// What `greet hello` builds from its words.
struct Greeting {
    var isLoud = false
    var name: String?
    var extras: [String] = []
    var files: [String] = []
}

enum Greet {
    /// A section of greet's own, between `options` and `general`.
    static let style = OptionSection("STYLE (how it sounds)", order: 1)

    /// The options of `greet hello`.
    static let table = OptionTable<Greeting>([
        .value(
            "--name", "-n", valueName: "NAME", section: .options, completion: .choices("world", "moon"),
            help: "whom to greet (default: world)"
        ) { greeting, value in greeting.name = value.text },
        .repeatable("--extra", valueName: "WORD", section: style, help: "a word to add after the name") {
            greeting, value in
            greeting.extras.append(value.text)
        },
        .flag("--loud", section: style, help: "shout") { $0.isLoud = true },
    ])

    static let hello = CommandSpec(
        path: ["hello"], summary: "say hello", usage: ["hello [--name NAME] [--loud] [FILE…]"],
        description: ["Greets NAME, or everyone listed in the files."], options: table.specs,
        operands: [OperandSpec(name: "FILE…", help: "files of names, one a line", completion: .files("txt"))],
        examples: ["hello --name moon --loud"])

    static let bye = CommandSpec(path: ["bye"], summary: "say goodbye", usage: ["bye"])

    static let program = ProgramSpec(
        name: "greet", version: "1.0",
        root: CommandSpec(
            path: [], summary: "say hello or goodbye", usage: ["hello|bye …"], subcommands: [hello, bye]),
        exitStatuses: [ExitStatusSpec(code: 0, meaning: "success"), ExitStatusSpec(code: 64, meaning: "usage error")])

    /// `greet hello` with these words.
    static func parseHello(_ words: [String]) throws(MapError) -> Greeting {
        var greeting = Greeting()
        var cursor = ArgumentCursor(words, programName: program.name)
        try table.parse(&cursor, into: &greeting, command: "hello") { greeting, word in greeting.files.append(word) }
        return greeting
    }

    /// The message of the usage error `greet hello` fails with, or `nil` when it parses.
    static func helloError(_ words: [String]) -> String? {
        do {
            _ = try parseHello(words)
            return nil
        } catch {
            #expect(error.kind == .invalidRequest)
            return "\(error)"
        }
    }
}
