/// The bash completion script of a program: one function that finds the command the words
/// name, then completes an option's value, an option, a subcommand or an operand.
struct BashCompletion: ShellScriptGenerator {
    /// The program the script completes.
    var program: ProgramSpec
    /// The command line that prints the script: `maprender completions bash`.
    var generatingCommand: String

    /// The prefix of the script's function names: `_maprender`.
    private var function: String { "_" + functionStem }

    /// The script.
    var text: String {
        let contexts = CompletionScript.contexts(of: root)
        var lines = [
            "# bash completion for \(program.name), made by '\(generatingCommand)' from its option tables.",
            "# Install: \(generatingCommand) > ~/.local/share/bash-completion/completions/\(program.name)",
            "# (or add 'source <(\(generatingCommand))' to ~/.bashrc).",
            "",
            "# The words of the list that start with the word being completed.",
            "\(function)_words() {",
            "    COMPREPLY+=($(compgen -W \"$1\" -- \"$cur\"))",
            "}",
            "",
            "# Files with one of the given extensions, and folders; any file without one.",
            "\(function)_files() {",
            "    local IFS=$'\\n' extension",
            "    compopt -o filenames 2>/dev/null",
            "    if (($# == 0)); then",
            "        COMPREPLY+=($(compgen -f -- \"$cur\"))",
            "        return",
            "    fi",
            "    COMPREPLY+=($(compgen -d -- \"$cur\"))",
            "    for extension in \"$@\"; do",
            "        COMPREPLY+=($(compgen -f -X \"!*.$extension\" -- \"$cur\"))",
            "    done",
            "}",
            "",
            "\(function)_directories() {",
            "    local IFS=$'\\n'",
            "    compopt -o filenames 2>/dev/null",
            "    COMPREPLY+=($(compgen -d -- \"$cur\"))",
            "}",
            "",
            "\(function)() {",
            "    local cur=${COMP_WORDS[COMP_CWORD]} option=${COMP_WORDS[COMP_CWORD-1]}",
            "    COMPREPLY=()",
            "    # --option=value: bash splits the word at '='.",
            "    if [[ $cur == = ]]; then",
            "        cur=\"\"",
            "    elif [[ $option == = ]] && ((COMP_CWORD > 1)); then",
            "        option=${COMP_WORDS[COMP_CWORD-2]}",
            "    fi",
            "",
            "    # The command the words name: \(CompletionScript.pathExamples(of: program))",
            "    local path=\"\"",
            "    if ((COMP_CWORD > 1)); then",
            "        case ${COMP_WORDS[1]} in",
            "            \(root.subcommandNames.joined(separator: "|"))) path=${COMP_WORDS[1]} ;;",
            "        esac",
            "    fi",
        ]
        let nested = contexts.filter { $0.path.count == 2 }.map(\.key)
        if !nested.isEmpty {
            lines += [
                "    if ((COMP_CWORD > 2)); then",
                "        case \"$path ${COMP_WORDS[2]}\" in",
                "            \(nested.map(Self.quoted).joined(separator: "|"))) path=\"$path ${COMP_WORDS[2]}\" ;;",
                "        esac",
                "    fi",
            ]
        }
        lines += ["", "    # The value of an option.", "    case $option in"]
        for (names, completions) in valueCases(contexts) {
            let pattern = names.joined(separator: "|")
            guard completions.count > 1 else {
                lines.append("        \(pattern)) \(command(for: completions[0].completion)); return ;;")
                continue
            }
            // The same name completes differently in different commands.
            lines += ["        \(pattern))", "            case $path in"]
            for (index, entry) in completions.enumerated() {
                let paths = index == completions.count - 1 ? "*" : entry.paths.map(Self.quoted).joined(separator: "|")
                lines.append("                \(paths)) \(command(for: entry.completion)) ;;")
            }
            lines += ["            esac", "            return ;;"]
        }
        lines += ["    esac", "", "    # An option, a subcommand or an operand.", "    case $path in"]
        for context in contexts {
            var actions: [String] = []
            let names = context.options.flatMap(\.names)
            actions.append(
                "if [[ $cur == -* ]]; then \(function)_words \(Self.quoted(names.joined(separator: " "))); return; fi")
            if !context.subcommands.isEmpty {
                // The root's commands are offered only as the first word.
                let condition =
                    context.path.isEmpty ? "((COMP_CWORD == 1)) && " : "((COMP_CWORD == \(context.path.count + 1))) && "
                actions.append(
                    "\(condition)\(function)_words \(Self.quoted(context.subcommands.map(\.name).joined(separator: " ")))"
                )
            }
            for operand in context.operands {
                actions.append(command(for: operand.completion.resolved(in: root)))
            }
            lines.append("        \(Self.quoted(context.key))) \(actions.joined(separator: "; ")) ;;")
        }
        lines += ["    esac", "}", "", "complete -F \(function) \(program.name)"]
        return lines.joined(separator: "\n")
    }

    /// The names of options that take a value, with what completes them in which
    /// commands: names that complete alike everywhere share an entry.
    private func valueCases(
        _ contexts: [CompletionContext]
    ) -> [(names: [String], completions: [(completion: ValueCompletion, paths: [String])])] {
        var byName: [(name: String, completions: [(completion: ValueCompletion, paths: [String])])] = []
        for context in contexts {
            for option in context.options where option.takesValue {
                let completion = option.completion.resolved(in: root)
                for name in option.names {
                    guard let index = byName.firstIndex(where: { $0.name == name }) else {
                        byName.append((name, [(completion, [context.key])]))
                        continue
                    }
                    if let entry = byName[index].completions.firstIndex(where: { $0.completion == completion }) {
                        byName[index].completions[entry].paths.append(context.key)
                    } else {
                        byName[index].completions.append((completion, [context.key]))
                    }
                }
            }
        }
        var cases: [(names: [String], completions: [(completion: ValueCompletion, paths: [String])])] = []
        for (name, completions) in byName {
            let sameAs = { (other: [(completion: ValueCompletion, paths: [String])]) in
                // Alike everywhere, or alike command by command.
                other.map(\.completion) == completions.map(\.completion)
                    && (completions.count == 1 || other.map(\.paths) == completions.map(\.paths))
            }
            if let index = cases.firstIndex(where: { sameAs($0.completions) }) {
                cases[index].names.append(name)
            } else {
                cases.append(([name], completions))
            }
        }
        return cases
    }

    /// The commands that offer what `completion` offers, separated by `;`.
    private func command(for completion: ValueCompletion) -> String {
        var commands: [String] = []
        if !completion.choices.isEmpty {
            commands.append("\(function)_words \(Self.quoted(completion.choices.joined(separator: " ")))")
        }
        if let extensions = completion.fileExtensions {
            commands.append(([function + "_files"] + extensions.map(Self.quoted)).joined(separator: " "))
        } else if completion.includesDirectories {
            commands.append(function + "_directories")
        }
        return commands.isEmpty ? ":" : commands.joined(separator: "; ")
    }

    /// A word in double quotes, with what double quotes would expand escaped.
    static func quoted(_ word: String) -> String {
        var result = "\""
        for character in word {
            if "\"$`\\".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result + "\""
    }
}
