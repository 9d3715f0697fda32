/// One command as a completion script sees it.
struct CompletionContext {
    /// The words after the program's name that name it; empty for the root.
    var path: [String]
    /// Every option it takes.
    var options: [OptionSpec]
    /// What it takes besides options.
    var operands: [OperandSpec]
    /// Its subcommands.
    var subcommands: [CommandSpec]

    /// The path as one string: `places add`; empty for the root.
    var key: String { path.joined(separator: " ") }

    /// A name for shell functions: `places_add`; `root` for the root.
    var identifier: String { path.isEmpty ? "root" : path.joined(separator: "_").replacingDashes() }
}

extension String {
    /// The string with `-` replaced by `_`, for shell function names.
    func replacingDashes() -> String { String(map { $0 == "-" ? "_" : $0 }) }
}
