/// The fish completion script of a program: one `complete` line per option of each
/// command, conditioned on the command the line names.
struct FishCompletion: ShellScriptGenerator {
    /// The program the script completes.
    var program: ProgramSpec
    /// The command line that prints the script: `maprender completions fish`.
    var generatingCommand: String

    /// The prefix of the script's function names: `__maprender`.
    private var function: String { "__" + functionStem }

    /// The script.
    var text: String {
        let contexts = CompletionScript.contexts(of: root)
        let nested = contexts.filter { $0.path.count == 2 }.map { Self.quoted($0.key) }
        let name = program.name
        var lines = [
            "# fish completion for \(name), made by '\(generatingCommand)' from its option tables.",
            "# Install: \(generatingCommand) > ~/.config/fish/completions/\(name).fish",
            "",
            "# The command the line names: \(CompletionScript.pathExamples(of: program))",
            "function \(function)_path",
            "    set -l words (commandline -opc)",
            "    set -e words[1]",
            "    if not set -q words[1]; or not contains -- $words[1] \(root.subcommandNames.joined(separator: " "))",
            "        echo ''",
            "        return",
            "    end",
            "    if set -q words[2]; and contains -- \"$words[1] $words[2]\" \(nested.joined(separator: " "))",
            "        echo \"$words[1] $words[2]\"",
            "    else",
            "        echo $words[1]",
            "    end",
            "end",
            "",
            "# Whether the line names this command.",
            "function \(function)_at",
            "    set -l path (\(function)_path)",
            "    test \"$path\" = \"$argv[1]\"",
            "end",
            "",
            "# Whether the word being completed comes right after the command's name.",
            "function \(function)_first_after",
            "    \(function)_at $argv[1]; and test (count (commandline -opc)) -eq $argv[2]",
            "end",
            "",
            "complete -c \(name) -f",
        ]
        for context in contexts {
            let condition = "\(function)_at \(Self.quoted(context.key))"
            lines.append("")
            lines.append("# " + ([name] + context.path).joined(separator: " "))
            for command in context.subcommands {
                let first = "\(function)_first_after \(Self.quoted(context.key)) \(context.path.count + 1)"
                lines.append(
                    "complete -c \(name) -n \(Self.quoted(first)) -a \(Self.quoted(command.name)) -d \(Self.quoted(command.summary))"
                )
            }
            for option in context.options {
                var line = "complete -c \(name) -n \(Self.quoted(condition))"
                for name in option.longNames { line += " -l \(name.dropFirst(2))" }
                for name in option.shortNames { line += " -s \(name.dropFirst())" }
                if option.takesValue { line += " -r" + arguments(for: option.completion) }
                lines.append(line + " -d \(Self.quoted(option.help))")
            }
            for operand in context.operands {
                let completion = arguments(for: operand.completion)
                if !completion.isEmpty { lines.append("complete -c \(name) -n \(Self.quoted(condition))\(completion)") }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The `complete` arguments that offer what `completion` offers (` -a …`), or nothing.
    private func arguments(for completion: ValueCompletion) -> String {
        let completion = completion.resolved(in: root)
        var sources: [String] = []
        if !completion.choices.isEmpty { sources.append(completion.choices.joined(separator: " ")) }
        if let extensions = completion.fileExtensions {
            if extensions.isEmpty {
                return " -F" + (sources.isEmpty ? "" : " -a \(Self.quoted(sources.joined(separator: " ")))")
            }
            sources += extensions.map { "(__fish_complete_suffix .\($0))" }
        } else if completion.includesDirectories {
            sources.append("(__fish_complete_directories (commandline -ct))")
        }
        return sources.isEmpty ? "" : " -a \(Self.quoted(sources.joined(separator: " ")))"
    }

    /// A word in single quotes, as fish reads them.
    static func quoted(_ word: String) -> String {
        var result = "'"
        for character in word {
            if character == "'" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result + "'"
    }
}
