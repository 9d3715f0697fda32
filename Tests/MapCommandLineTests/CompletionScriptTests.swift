import Foundation
import MapCommandLine
import MapTestSupport
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
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("maprender-\(UUID().uuidString).bash")
        try Data(script(.bash).utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try ChildProcess.run(bash, ["-n"], input: .file(file.path))
        #expect(run.status == 0 && run.errors.isEmpty, "bash -n: \(run.errors)")
    }

    /// Where bash is, if it is installed.
    static let bash = ["/bin/bash", "/usr/bin/bash"].first { FileManager.default.isExecutableFile(atPath: $0) }
}
