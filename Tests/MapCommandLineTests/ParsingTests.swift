import MapCommandLine
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
