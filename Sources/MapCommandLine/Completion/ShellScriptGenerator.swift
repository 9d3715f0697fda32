/// What the bash, zsh and fish script generators share: the program they complete and the
/// command line that prints their script, for the script's comments.
protocol ShellScriptGenerator {
    /// The program the script completes.
    var program: ProgramSpec { get }
    /// The command line that prints the script: `maprender completions bash`.
    var generatingCommand: String { get }
}

extension ShellScriptGenerator {
    /// The root of the program's command tree.
    var root: CommandSpec { program.root }

    /// The program's name as shell function names may hold it: `maprender`, for
    /// `_maprender` (bash, zsh) and `__maprender` (fish).
    var functionStem: String { program.name.replacingDashes() }
}
