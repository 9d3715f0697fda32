import Foundation
public import MapErrors
import MapFormats

/// Defaults for a command's options from a JSON configuration file and from environment
/// variables, for the options a program lets users set that way.
///
/// The file is a JSON object whose keys are long option names without their dashes
/// (`"basemap"`, `"basemap-style"`): a flag takes `true` or `false`, a repeatable option an
/// array of strings (or one string), any other option a string or a number. The variable of
/// an option is the program's prefix and its name in capitals, dashes as underscores
/// (`MAPRENDER_BASEMAP_STYLE`). A variable wins over the file; the command line, whose words
/// come after `words`, wins over both.
public struct OptionDefaults: Sendable {
    /// Where a default came from.
    public enum Origin: Sendable, Equatable, CustomStringConvertible {
        /// A key of the configuration file, on this line.
        case file(path: String, line: Int)
        /// An environment variable.
        case environment(String)

        /// `FILE:LINE` or the variable's name.
        public var description: String {
            switch self {
            case .file(let path, let line): "\(path):\(line)"
            case .environment(let name): name
            }
        }
    }

    /// One option's default.
    public struct Entry: Sendable, Equatable {
        /// The option.
        public var option: OptionSpec
        /// One value per occurrence; an empty text for a flag, or an optional value left out.
        public var values: [String]
        /// Where it came from.
        public var origin: Origin

        /// The command-line words it stands for: `--name=value` for each value, `--name` for
        /// a flag.
        public var words: [String] {
            values.map {
                option.kind == .flag || (option.kind == .optionalValue && $0.isEmpty)
                    ? option.name : "\(option.name)=\($0)"
            }
        }

        /// The value as `config` shows it: `true` for a flag, repeated values joined by `, `.
        public var shownValue: String {
            option.kind == .flag || values == [""] ? "true" : values.joined(separator: ", ")
        }
    }

    /// The options that may be set, in the order `entries` lists them.
    public var settable: [OptionSpec]
    /// The configuration file looked at (it may not exist).
    public var filePath: String
    /// Whether that file exists.
    public var fileExists: Bool
    /// The defaults, at most one per option, in the order of `settable`.
    public var entries: [Entry]

    /// The key of an option in the file (`basemap-style`).
    public static func key(of option: OptionSpec) -> String {
        String(option.longNames.first?.dropFirst(2) ?? option.name.dropFirst())
    }

    /// The environment variable of an option (`MAPRENDER_BASEMAP_STYLE`).
    public static func variable(of option: OptionSpec, prefix: String) -> String {
        prefix + "_" + key(of: option).uppercased().replacingOccurrences(of: "-", with: "_")
    }

    /// The configuration file's path: `PREFIX_CONFIG` when set, else
    /// `$XDG_CONFIG_HOME/PROGRAM/config.json`, else `~/.config/PROGRAM/config.json`.
    public static func filePath(program: String, prefix: String, environment: [String: String]) -> String {
        if let path = environment[prefix + "_CONFIG"], !path.isEmpty { return path }
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") { return base + "/\(program)/config.json" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.config/\(program)/config.json"
    }

    /// Reads the file (when there is one) and the variables.
    ///
    /// - Parameters:
    ///   - settable: The options that may be set.
    ///   - known: Every option of the commands concerned: a key or variable that names one of
    ///     them that is not settable is refused as such, rather than as unknown.
    ///   - program: The program's name, the folder under `~/.config`.
    ///   - prefix: The variables' prefix (`MAPRENDER`).
    ///   - environment: The process's environment.
    /// - Throws: `.invalidConfiguration`: the file is not JSON or not an object, a key is
    ///   unknown or not settable, a value has the wrong type, a variable is not `true` or
    ///   `false` for a flag, or the file named by `PREFIX_CONFIG` is missing.
    public init(
        settable: [OptionSpec], known: [OptionSpec], program: String, prefix: String, environment: [String: String]
    ) throws(MapError) {
        self.settable = settable
        let path = Self.filePath(program: program, prefix: prefix, environment: environment)
        filePath = path
        var isFolder: ObjCBool = false
        fileExists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        var chosen: [String: Entry] = [:]
        if fileExists {
            let document: JSONDocument
            do { document = try JSONDocument.read(atPath: path) } catch { throw Self.configurationError(error) }
            for entry in try Self.entries(in: document, settable: settable, known: known) {
                chosen[entry.option.name] = entry
            }
        } else if environment[prefix + "_CONFIG"].map({ !$0.isEmpty }) == true {
            throw MapError(
                .invalidConfiguration, "\(prefix)_CONFIG names \(path), which does not exist",
                remedy: "create it or unset \(prefix)_CONFIG")
        }
        for option in known {
            let name = Self.variable(of: option, prefix: prefix)
            guard let text = environment[name], !text.isEmpty else { continue }
            guard settable.contains(option) else {
                throw MapError(
                    .invalidConfiguration, "\(name): \(option.name) cannot be set from the environment",
                    remedy: "only look and basemap options can; give \(option.name) on the command line")
            }
            let values = try Self.values(fromVariable: text, option: option, name: name)
            chosen[option.name] =
                values.isEmpty ? nil : Entry(option: option, values: values, origin: .environment(name))
        }
        entries = settable.compactMap { chosen[$0.name] }
    }

    /// The words of every default, to put before the command line's.
    public var words: [String] { entries.flatMap(\.words) }

    /// Checks every default with the command's own parsing: `parse` reads the words as the
    /// command line's are read; an error it throws is reported at the default's origin.
    public func validate(_ parse: ([String]) throws(MapError) -> Void) throws(MapError) {
        for entry in entries {
            do throws(MapError) {
                try parse(entry.words)
            } catch {
                let key = Self.key(of: entry.option)
                switch entry.origin {
                case .file(let path, let line):
                    throw MapError(
                        .invalidConfiguration, "\(key): \(error.message)", at: InputLocation(file: path, line: line),
                        remedy: error.remedy)
                case .environment(let name):
                    throw MapError(.invalidConfiguration, "\(name): \(error.message)", remedy: error.remedy)
                }
            }
        }
    }

    /// A file's error as a configuration error, at the same place.
    private static func configurationError(_ error: MapError) -> MapError {
        var copy = error
        copy.kind = .invalidConfiguration
        return copy
    }

    /// The defaults a parsed file sets.
    private static func entries(
        in document: JSONDocument, settable: [OptionSpec], known: [OptionSpec]
    ) throws(MapError) -> [Entry] {
        guard let members = document.root.members else {
            throw configurationError(
                document.error(
                    "expected an object of option names and values, found \(document.root.kindDescription)",
                    at: document.root, path: .root, remedy: "write e.g. {\"basemap\": \"osm\"}"))
        }
        let keys = settable.map(key(of:))
        var entries: [Entry] = []
        for member in members {
            let place = InputLocation(file: document.fileName, line: member.keyPosition.line)
            guard let option = settable.first(where: { key(of: $0) == member.key }) else {
                if let option = known.first(where: { key(of: $0) == member.key }) {
                    throw MapError(
                        .invalidConfiguration, "'\(member.key)': \(option.name) cannot be set in a configuration file",
                        at: place, remedy: "only look and basemap options can: \(keys.joined(separator: ", "))")
                }
                throw MapError(
                    .invalidConfiguration,
                    "unknown key '\(member.key)'" + DidYouMean.hint(Spelling.closestName(to: member.key, among: keys)),
                    at: place, remedy: "the keys are option names without dashes: \(keys.joined(separator: ", "))")
            }
            let values = try values(of: member.value, option: option) { expected throws(MapError) -> Never in
                throw MapError(
                    .invalidConfiguration,
                    "\(member.key): expected \(expected), found \(member.value.kindDescription)",
                    at: InputLocation(file: document.fileName, line: member.value.position.line))
            }
            if !values.isEmpty {
                entries.append(
                    Entry(option: option, values: values, origin: .file(path: document.fileName, line: place.line ?? 0))
                )
            }
        }
        return entries
    }

    /// The values a JSON value gives an option; `refuse` says what was expected instead.
    private static func values(
        of node: JSONNode, option: OptionSpec, refuse: (String) throws(MapError) -> Never
    ) throws(MapError) -> [String] {
        func text(_ node: JSONNode) -> String? {
            if let string = node.string { return string }
            guard let number = node.number else { return nil }
            return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        }
        switch option.kind {
        case .flag:
            guard let on = node.bool else { try refuse("true or false") }
            return on ? [""] : []
        case .optionalValue:
            if let on = node.bool { return on ? [""] : [] }
            guard let value = text(node) else { try refuse("true, false, a string or a number") }
            return [value]
        case .value:
            guard let value = text(node) else { try refuse("a string or a number") }
            return [value]
        case .repeatable:
            if let value = text(node) { return [value] }
            guard let elements = node.elements else { try refuse("an array of strings") }
            var values: [String] = []
            for element in elements {
                guard let value = text(element) else { try refuse("an array of strings") }
                values.append(value)
            }
            return values
        }
    }

    /// The values a variable gives an option: `true`/`1`/`yes` or `false`/`0`/`no` for a flag
    /// (and `true`/`false` for an option whose value may be left out); otherwise the text, one
    /// value. An empty variable is as good as unset.
    private static func values(fromVariable text: String, option: OptionSpec, name: String) throws(MapError) -> [String]
    {
        switch option.kind {
        case .flag:
            switch text.lowercased() {
            case "true", "1", "yes": return [""]
            case "false", "0", "no": return []
            default:
                throw MapError(
                    .invalidConfiguration, "\(name): '\(text)' is not true or false",
                    remedy: "\(option.name) is a flag: set \(name)=true or unset it")
            }
        case .optionalValue:
            switch text.lowercased() {
            case "true": return [""]
            case "false": return []
            default: return [text]
            }
        case .value, .repeatable:
            return [text]
        }
    }
}
