import Foundation
import MapCommandLine
import Testing

@testable import MapRenderCommand

/// `maprender help --man`: the maprender(1) man page, made from the table.
@Suite("the man page")
struct ManPageTests {
    func page() throws -> String {
        let result = try Maprender.run(["help", "--man"])
        #expect(result.status == 0 && result.errors.isEmpty, "stderr: \(result.errors)")
        return result.outputText
    }

    @Test("it has the sections of a man page and one per command")
    func sections() throws {
        let text = try page()
        #expect(text.hasPrefix(".\\\""))
        #expect(text.contains(".TH MAPRENDER 1 "))
        let headings = text.split(separator: "\n").filter { $0.hasPrefix(".SH ") }.map {
            $0.dropFirst(4).trimmingCharacters(in: ["\""])
        }
        let commands = CommandTable.root.subcommands.map { $0.name.uppercased() }
        let expected =
            ["NAME", "SYNOPSIS", "DESCRIPTION"] + commands + [
                "GENERAL OPTIONS", "EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES", "SEE ALSO",
            ]
        #expect(headings == expected)
        for command in CommandTable.root.allCommands where command.path.count == 2 {
            // roff writes a hyphen as "\-" (import-dem).
            let name = command.path.joined(separator: " ").replacingOccurrences(of: "-", with: "\\-")
            #expect(text.contains(".SS \"\(name)\""), "\(command.invocation)")
        }
    }

    @Test("it lists every sysexits status the command uses")
    func exitStatus() throws {
        let text = try page()
        let section = try #require(
            text.components(separatedBy: ".SH \"EXIT STATUS\"").last?.components(separatedBy: ".SH ").first)
        for status in [0, 64, 65, 66, 69, 70, 73, 74] {
            #expect(section.contains(".TP\n\\fB\(status)\\fR\n"), "exit status \(status)")
        }
    }

    @Test("it describes every option of the table, with its value")
    func everyOption() throws {
        let text = try page()
        for command in CommandTable.root.allCommands {
            for option in command.options + command.forwardedOptions {
                let names = (option.shortNames + option.longNames).map {
                    "\\fB" + $0.replacingOccurrences(of: "-", with: "\\-") + "\\fR"
                }
                let value = option.valueName.map { " \\fI" + Roff.code($0) + "\\fR" } ?? ""
                #expect(
                    text.contains(".TP\n" + names.joined(separator: ", ") + value + "\n"),
                    "\(command.invocation) \(option.name)")
            }
        }
    }

    @Test("it is plain ASCII roff: every other character is escaped")
    func ascii() throws {
        #expect(try page().unicodeScalars.allSatisfy(\.isASCII))
    }

    @Test(
        "groff formats it without a warning",
        .enabled(if: Tool.path(of: "groff") != nil, "groff is not installed (apt-get install groff-base)"))
    func groff() throws {
        let groff = try #require(Tool.path(of: "groff"))
        let result = try Tool.run(groff, ["-man", "-Tutf8", "-ww", "-z"], input: try page())
        #expect(result.status == 0 && result.errors.isEmpty, "groff: \(result.errors)")
    }

    @Test(
        "mandoc -Tlint finds nothing to warn about",
        .enabled(if: Tool.path(of: "mandoc") != nil, "mandoc is not installed"))
    func mandoc() throws {
        let mandoc = try #require(Tool.path(of: "mandoc"))
        let result = try Tool.run(mandoc, ["-Tlint", "-W", "warning"], input: try page())
        #expect(
            result.status == 0 && result.outputText.isEmpty && result.errors.isEmpty,
            "mandoc: \(result.outputText)\(result.errors)")
    }

    @Test("help --man takes no command")
    func usage() throws {
        let result = try Maprender.run(["help", "places", "--man"])
        #expect(result.status == 64 && result.errors.hasPrefix("error: help --man takes no command"))
    }
}
