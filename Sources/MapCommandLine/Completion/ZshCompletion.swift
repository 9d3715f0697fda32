/// The zsh completion script of a program, for the completion system (`compinit`): one
/// `_arguments` call per command.
struct ZshCompletion: ShellScriptGenerator {
    /// The program the script completes.
    var program: ProgramSpec
    /// The command line that prints the script: `maprender completions zsh`.
    var generatingCommand: String

    /// The script's main function, and the prefix of the others: `_maprender`.
    private var function: String { "_" + functionStem }

    /// The script.
    var text: String {
        let contexts = CompletionScript.contexts(of: root)
        var lines = [
            "#compdef \(program.name)",
            "# zsh completion for \(program.name), made by '\(generatingCommand)' from its option tables.",
            "# Install: \(generatingCommand) > \"${fpath[1]}/_\(program.name)\", then start a new shell.",
            "",
        ]
        for context in contexts where context.subcommands.isEmpty || context.path.isEmpty {
            lines.append("\(function)_\(context.identifier)() {")
            lines.append("  _arguments -S \\")
            var specs = context.options.flatMap(optionSpecs)
            for operand in context.operands {
                let repeated = operand.name.hasSuffix("…") ? "*" : "1"
                specs.append(
                    Self.quoted("\(repeated):\(Self.message(operand.name)):\(action(for: operand.completion))"))
            }
            lines += specs.map { "    \($0) \\" }
            lines.append("    && return 0")
            lines += ["}", ""]
        }
        lines += [
            "\(function)() {",
            "  if (( CURRENT == 2 )) && [[ $PREFIX != -* ]]; then",
            "    local -a commands",
            "    commands=(\(root.subcommands.map { Self.quoted("\(Self.describeItem($0.name)):\($0.summary)") }.joined(separator: " ")))",
            "    _describe -t commands '\(program.name) command' commands",
            "    return",
            "  fi",
            "  case $words[2] in",
        ]
        for command in root.subcommands {
            lines.append("    (\(command.name))")
            if command.subcommands.isEmpty {
                lines.append("      shift words; (( CURRENT-- )); \(function)_\(command.name.replacingDashes()) ;;")
                continue
            }
            lines += [
                "      if (( CURRENT == 3 )); then",
                "        local -a subcommands",
                "        subcommands=(\(command.subcommands.map { Self.quoted("\(Self.describeItem($0.name)):\($0.summary)") }.joined(separator: " ")))",
                "        _describe -t commands '\(command.name) command' subcommands",
                "        return",
                "      fi",
                "      case $words[3] in",
            ]
            for subcommand in command.subcommands {
                lines.append(
                    "        (\(subcommand.name)) shift 2 words; (( CURRENT -= 2 )); \(function)_\(command.name)_\(subcommand.name.replacingDashes()) ;;"
                )
            }
            lines += ["      esac", "      ;;"]
        }
        lines += [
            "    (*) \(function)_root ;;",
            "  esac",
            "}",
            "",
            "if [[ $funcstack[1] == \(function) ]]; then",
            "  \(function) \"$@\"",
            "else",
            "  compdef \(function) \(program.name)",
            "fi",
        ]
        return lines.joined(separator: "\n")
    }

    /// The `_arguments` specs of an option, one per name: `'*--pin=[help]:LAT,LON: '`.
    private func optionSpecs(_ option: OptionSpec) -> [String] {
        let exclusion =
            option.names.count > 1 && option.kind != .repeatable ? "(\(option.names.joined(separator: " ")))" : ""
        let repeated = option.kind == .repeatable ? "*" : ""
        return option.names.map { name in
            var spec = exclusion + repeated + name
            if option.takesValue { spec += name.hasPrefix("--") ? "=" : "+" }
            spec += "[\(Self.description(option.help))]"
            if let valueName = option.valueName {
                // A value that may be left out takes two colons.
                spec +=
                    (option.kind == .optionalValue ? "::" : ":")
                    + "\(Self.message(valueName)):\(action(for: option.completion))"
            }
            return Self.quoted(spec)
        }
    }

    /// What completes a value: a list of words, files matching a pattern, folders, or a
    /// mix; a space (nothing to offer) for free text.
    private func action(for completion: ValueCompletion) -> String {
        let completion = completion.resolved(in: root)
        var parts: [String] = []
        if !completion.choices.isEmpty { parts.append("choices:word:(\(completion.choices.joined(separator: " ")))") }
        if let extensions = completion.fileExtensions {
            let pattern =
                extensions.isEmpty
                ? ""
                : extensions.count == 1
                    ? " -g \"*.\(extensions[0])\"" : " -g \"*.(\(extensions.joined(separator: "|")))\""
            parts.append("files:file:_files\(pattern)")
        } else if completion.includesDirectories {
            parts.append("directories:folder:_files -/")
        }
        switch parts.count {
        case 0: return " "
        case 1: return String(parts[0].split(separator: ":", maxSplits: 2)[2])
        default: return "_alternative " + parts.map { "'\($0)'" }.joined(separator: " ")
        }
    }

    /// Help text for the brackets of an `_arguments` spec: `[` and `]` escaped.
    private static func description(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "[" || character == "]" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// A message between colons of a spec: `:` escaped.
    private static func message(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == ":" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// A name for `_describe`, whose items are `name:description`.
    private static func describeItem(_ name: String) -> String { message(name) }

    /// A word in single quotes.
    static func quoted(_ word: String) -> String {
        "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
