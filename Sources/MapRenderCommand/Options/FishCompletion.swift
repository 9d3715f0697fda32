/// The fish completion script (`maprender completions fish`): one `complete` line per
/// option of each command, conditioned on the command the line names.
struct FishCompletion {
    /// The root of the command table.
    var root: CommandSpec

    /// The script.
    var text: String {
        let contexts = CompletionScript.contexts(of: root)
        let nested = contexts.filter { $0.path.count == 2 }.map { Self.quoted($0.key) }
        var lines = [
            "# fish completion for maprender, made by 'maprender completions fish' from its option tables.",
            "# Install: maprender completions fish > ~/.config/fish/completions/maprender.fish",
            "",
            "# The command the line names: \"\" (render), \"fit\", \"places add\", …",
            "function __maprender_path",
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
            "function __maprender_at",
            "    set -l path (__maprender_path)",
            "    test \"$path\" = \"$argv[1]\"",
            "end",
            "",
            "# Whether the word being completed comes right after the command's name.",
            "function __maprender_first_after",
            "    __maprender_at $argv[1]; and test (count (commandline -opc)) -eq $argv[2]",
            "end",
            "",
            "complete -c maprender -f",
        ]
        for context in contexts {
            let condition = "__maprender_at \(Self.quoted(context.key))"
            lines.append("")
            lines.append("# maprender \(context.key.isEmpty ? "(render)" : context.key)")
            for command in context.subcommands {
                let first = "__maprender_first_after \(Self.quoted(context.key)) \(context.path.count + 1)"
                lines.append("complete -c maprender -n \(Self.quoted(first)) -a \(Self.quoted(command.name)) -d \(Self.quoted(command.summary))")
            }
            for option in context.options {
                var line = "complete -c maprender -n \(Self.quoted(condition))"
                for name in option.longNames { line += " -l \(name.dropFirst(2))" }
                for name in option.shortNames { line += " -s \(name.dropFirst())" }
                if option.takesValue { line += " -r" + arguments(for: option.completion) }
                lines.append(line + " -d \(Self.quoted(option.help))")
            }
            for operand in context.operands {
                let completion = arguments(for: operand.completion)
                if !completion.isEmpty { lines.append("complete -c maprender -n \(Self.quoted(condition))\(completion)") }
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
            if extensions.isEmpty { return " -F" + (sources.isEmpty ? "" : " -a \(Self.quoted(sources.joined(separator: " ")))") }
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
