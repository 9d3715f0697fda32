import MapCommandLine
import Testing

/// The man page of the made-up `greet`, and roff escaping.
@Suite("man page")
struct ManPageTests {
    static let page = ManPage(
        program: Greet.program, date: "2026-01-02", generatingCommand: "greet help --man",
        descriptionParagraphs: ["Without a command, greet says " + Roff.bold("hello") + "."],
        exitStatusNote: "Errors go to standard error.",
        sections: [ManualSection("FILES", entries: [(Roff.italic("~/.greetrc"), "Names to greet.")])],
        seeAlso: Roff.bold("echo") + "(1)")

    @Test("the sections: the standard ones, one per command and the program's own, in order")
    func sections() {
        let text = Self.page.text
        #expect(text.hasPrefix(".\\\" greet(1): made by 'greet help --man' from the command table"))
        #expect(text.contains(".TH GREET 1 2026-01-02 \"greet 1.0\" \"User Commands\"\n"))
        let headings = text.split(separator: "\n").filter { $0.hasPrefix(".SH ") }.map { $0.dropFirst(4) }
        #expect(
            headings == [
                "\"NAME\"", "\"SYNOPSIS\"", "\"DESCRIPTION\"", "\"HELLO\"", "\"BYE\"", "\"GENERAL OPTIONS\"",
                "\"EXIT STATUS\"",
                "\"FILES\"", "\"EXAMPLES\"", "\"SEE ALSO\"",
            ])
        #expect(text.contains(".TP\n\\fB\\-n\\fR, \\fB\\-\\-name\\fR \\fINAME\\fR\nwhom to greet (default: world)\n"))
        let statuses = text.split(separator: "\n").drop { $0 != ".SH \"EXIT STATUS\"" }.prefix(8)
        #expect(
            statuses == [
                ".SH \"EXIT STATUS\"", "Errors go to standard error.", ".TP", "\\fB0\\fR", "success", ".TP",
                "\\fB64\\fR", "usage error",
            ])
        let isASCII = text.unicodeScalars.allSatisfy(\.isASCII)
        #expect(isASCII)
    }

    @Test("roff: options' dashes are minus signs, other characters outside ASCII are escaped")
    func roff() {
        #expect(Roff.code("--name") == "\\-\\-name")
        #expect(Roff.bold("-n") == "\\fB\\-n\\fR")
        #expect(Roff.italic("FILE…") == "\\fIFILE\\[u2026]\\fR")
    }
}
