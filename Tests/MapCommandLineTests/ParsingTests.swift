import MapCommandLine
import MapErrors
import Testing

/// `OptionTable.parse` over an `ArgumentCursor`: flags, values, repeatable options,
/// operands, and the usage errors with their hints.
@Suite("parsing a command's words")
struct ParsingTests {
    @Test("flags, values as the next word or after '=', repeatable options and operands")
    func parses() throws {
        let greeting = try Greet.parseHello(["--loud", "a.txt", "-n", "moon", "--extra=big", "--extra", "-", "b.txt"])
        #expect(greeting.isLoud)
        #expect(greeting.name == "moon")
        #expect(greeting.extras == ["big", "-"])
        #expect(greeting.files == ["a.txt", "b.txt"])
    }

    @Test("a later value overrides an earlier one unless the action refuses it")
    func lastValueWins() throws {
        #expect(try Greet.parseHello(["--name", "world", "--name=moon"]).name == "moon")
    }

    @Test("a negative number is a value, not an option")
    func negativeNumbers() throws {
        #expect(try Greet.parseHello(["--name", "-33.8"]).name == "-33.8")
        #expect(!ArgumentCursor.isOption("-33.8") && !ArgumentCursor.isOption("-"))
        #expect(ArgumentCursor.isOption("-n") && ArgumentCursor.isOption("--name"))
    }

    @Test("an unknown option names the closest known one and the command's help")
    func unknownOption() {
        #expect(
            Greet.helloError(["--nmae", "x"])
                == "unknown option '--nmae' for 'hello'; did you mean '--name'?; see 'greet hello --help'")
        #expect(
            Greet.helloError(["--hepl"])
                == "unknown option '--hepl' for 'hello'; did you mean '--help'?; see 'greet hello --help'")
        #expect(Greet.helloError(["--zzzzzzzz"]) == "unknown option '--zzzzzzzz' for 'hello'; see 'greet hello --help'")
    }

    @Test("a value option needs its value; a flag takes none")
    func values() {
        #expect(Greet.helloError(["--name"]) == "--name needs a value; see 'greet --help'")
        #expect(Greet.helloError(["--name", "--loud"]) == "--name needs a value; see 'greet --help'")
        #expect(Greet.helloError(["--loud=yes"]) == "--loud takes no value (got 'yes')")
    }

    @Test("a subcommand is looked up by its first word, with a hint when misspelled")
    func subcommands() throws {
        #expect(try Greet.program.subcommand(of: Greet.program.root, in: ["bye", "x"]).path == ["bye"])
        let group = CommandSpec(
            path: ["say"], summary: "say something", usage: ["say hello|bye"], subcommands: [Greet.hello, Greet.bye])
        do {
            _ = try Greet.program.subcommand(of: group, in: ["helo"])
            Issue.record("no error")
        } catch {
            #expect("\(error)" == "unknown say subcommand 'helo'; did you mean 'hello'?; see 'greet say --help'")
        }
        do {
            _ = try Greet.program.subcommand(of: group, in: [])
            Issue.record("no error")
        } catch {
            #expect("\(error)" == "say needs a subcommand: hello or bye; see 'greet say --help'")
        }
    }

    @Test("choices are listed with commas and a final 'or'")
    func choiceList() {
        #expect(ChoiceList.text([]) == "")
        #expect(ChoiceList.text(["bash"]) == "bash")
        #expect(ChoiceList.text(["bash", "zsh", "fish"]) == "bash, zsh or fish")
    }
}

/// What a table with an optional value builds.
struct Spacing {
    var gap: Double?
    var files: [String] = []
}

@Suite("options whose value may be left out")
struct OptionalValueTests {
    static let table = OptionTable<Spacing>([
        .optionalValue(
            "--gap", valueName: "[POINTS]", section: .options, help: "leave a gap (default 10 points)",
            accepts: { Double($0) != nil },
            action: { spacing, value in spacing.gap = value.text.isEmpty ? 10 : Double(value.text) })
    ])

    func parse(_ words: [String]) throws(MapError) -> Spacing {
        var spacing = Spacing()
        var cursor = ArgumentCursor(words, programName: "space")
        try Self.table.parse(&cursor, into: &spacing, command: nil) { spacing, word in spacing.files.append(word) }
        return spacing
    }

    @Test("the next word is the value only when the option accepts it; '=' always gives one")
    func optionalValues() throws {
        #expect(try parse(["--gap"]).gap == 10)
        #expect(try parse(["--gap", "25"]).gap == 25)
        #expect(try parse(["--gap=7"]).gap == 7)
        let beforeFile = try parse(["--gap", "a.txt"])
        #expect(beforeFile.gap == 10 && beforeFile.files == ["a.txt"])
        #expect(try parse(["--gap", "--gap", "3"]).gap == 3)
        #expect(Self.table.specs[0].kind == .optionalValue && Self.table.specs[0].takesValue)
    }
}
