import MapCommandLine
import Testing

/// `HelpFormatter`: the help of a command, made from the program's tree.
@Suite("help text")
struct HelpFormatterTests {
    @Test("a command's help: usage, description, operands, options by section, example")
    func command() {
        let text = HelpFormatter(program: Greet.program).text(for: Greet.hello)
        #expect(
            text == """
                greet hello — say hello

                USAGE
                  greet hello [--name NAME] [--loud] [FILE…]

                Greets NAME, or everyone listed in the files.

                ARGUMENTS
                  FILE…                     files of names, one a line

                OPTIONS
                  -n, --name NAME           whom to greet (default: world)

                STYLE (how it sounds)
                  --extra WORD              a word to add after the name (repeatable)
                  --loud                    shout

                GENERAL
                  -h, --help                show this help and exit

                EXAMPLE
                  greet hello --name moon --loud
                """)
    }

    @Test("the root's help lists the commands' usage, the commands and the exit statuses")
    func root() {
        let text = HelpFormatter(program: Greet.program).text(for: Greet.program.root)
        #expect(
            text == """
                greet — say hello or goodbye

                USAGE
                  greet hello|bye …
                  greet hello [--name NAME] [--loud] [FILE…]
                  greet bye

                COMMANDS
                  hello    say hello
                  bye      say goodbye

                GENERAL
                  -h, --help                show this help and exit

                EXIT STATUS
                  0     success
                  64    usage error
                """)
    }
}
