/// What a shell offers when completing an option's value or an operand: a fixed list of
/// words, files with some extensions, folders, or a mix (maprender's `--basemap` takes a
/// name, an `.mbtiles` file or a folder).
public struct ValueCompletion: Sendable, Equatable {
    /// Words offered as they are (`png`, `svg`, `pdf`).
    var choices: [String] = []
    /// The extensions of files offered, without the dot; empty for any file. `nil` when no
    /// file is offered.
    var fileExtensions: [String]?
    /// Whether folders are offered.
    var includesDirectories = false
    /// Whether the names of the program's commands are offered (`help COMMAND`); the
    /// generators take them from the command tree.
    var includesCommandNames = false

    /// Nothing to offer: free text or numbers.
    public static let nothing = ValueCompletion()

    /// Folders.
    public static let directories = ValueCompletion(includesDirectories: true)

    /// The names of the program's commands.
    public static let commandNames = ValueCompletion(includesCommandNames: true)

    /// Files with one of these extensions (no dot), and the folders that may hold them.
    public static func files(_ extensions: String...) -> ValueCompletion {
        files(extensions)
    }

    /// Files with one of these extensions (no dot), and the folders that may hold them.
    public static func files(_ extensions: [String]) -> ValueCompletion {
        ValueCompletion(fileExtensions: extensions)
    }

    /// These words.
    public static func choices(_ words: [String]) -> ValueCompletion {
        ValueCompletion(choices: words)
    }

    /// These words.
    public static func choices(_ words: String...) -> ValueCompletion {
        ValueCompletion(choices: words)
    }

    /// This completion, and folders too.
    public var orDirectories: ValueCompletion {
        var copy = self
        copy.includesDirectories = true
        return copy
    }

    /// This completion, and files with these extensions too.
    public func orFiles(_ extensions: String...) -> ValueCompletion {
        var copy = self
        copy.fileExtensions = extensions
        return copy
    }

    /// Whether there is nothing to offer.
    public var isEmpty: Bool {
        choices.isEmpty && fileExtensions == nil && !includesDirectories && !includesCommandNames
    }

    /// The same completion with the command names (`help COMMAND`) written out as
    /// choices, taken from `root`.
    func resolved(in root: CommandSpec) -> ValueCompletion {
        var copy = self
        if includesCommandNames { copy.choices += root.subcommandNames }
        copy.includesCommandNames = false
        return copy
    }
}
