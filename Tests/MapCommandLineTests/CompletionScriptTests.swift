import Foundation
import MapCommandLine
import Testing

/// The completion scripts of the made-up `greet`.
@Suite("completion scripts")
struct CompletionScriptTests {
    func script(_ shell: CompletionScript.Shell) -> String {
        CompletionScript(program: Greet.program, shell: shell, generatingCommand: "greet completions").text
    }

    @Test("every script names the commands and every option", arguments: CompletionScript.Shell.allCases)
    func names(shell: CompletionScript.Shell) {
        let text = script(shell)
        #expect(text.contains("greet completions \(shell.rawValue)"))
        for word in ["hello", "bye", "world moon"] { #expect(text.contains(word), "\(shell): \(word)") }
        for name in Greet.hello.options.flatMap(\.names) {
            let spelled =
                shell != .fish ? name : name.hasPrefix("--") ? "-l \(name.dropFirst(2))" : "-s \(name.dropFirst())"
            #expect(text.contains(spelled), "\(shell): \(name)")
        }
    }

    @Test("the bash script passes bash -n", .enabled(if: Self.bash != nil, "bash is not installed"))
    func bashSyntax() throws {
        let bash = try #require(Self.bash)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: bash)
        process.arguments = ["-n"]
        let input = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(script(.bash).utf8))
        try input.fileHandleForWriting.close()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && message.isEmpty, "bash -n: \(message)")
    }

    /// Where bash is, if it is installed.
    static let bash = ["/bin/bash", "/usr/bin/bash"].first { FileManager.default.isExecutableFile(atPath: $0) }
}
