public import MapErrors

/// The options of one command, each declared once with what it does: the table parsing,
/// help, "did you mean", completion scripts and the man page are all made from.
public struct OptionTable<Target>: Sendable {
    /// The options in the order help lists them (within their sections).
    let options: [BoundOption<Target>]
    /// Each name's option, by its position in `options`.
    private let positions: [String: Int]

    /// A table of these options. Every name should be unique; where one is not, the first
    /// option with it wins (a program's tests should keep its tables free of that).
    public init(_ options: [BoundOption<Target>]) {
        self.options = options
        var positions: [String: Int] = [:]
        for (position, option) in options.enumerated() {
            for name in option.spec.names where positions[name] == nil { positions[name] = position }
        }
        self.positions = positions
    }

    /// The descriptions of the options, for help and the generators.
    public var specs: [OptionSpec] { options.map(\.spec) }

    /// Every name of every option.
    var names: [String] { options.flatMap(\.spec.names) }

    /// The option with this name, or `nil`.
    func option(named name: String) -> BoundOption<Target>? {
        positions[name].map { options[$0] }
    }

    /// The same options acting on a part of a larger value (see `BoundOption.lifted(_:)`).
    public func lifted<Outer>(_ part: WritableKeyPath<Outer, Target> & Sendable) -> [BoundOption<Outer>] {
        options.map { $0.lifted(part) }
    }

    /// Reads the rest of the words: applies each option to `target` in order and hands
    /// every word that is not an option to `operand`.
    ///
    /// - Parameters:
    ///   - command: The command's name in messages (`places add`), or `nil` for messages
    ///     that name none (those of a program's default command).
    ///   - operand: What to do with a word that is not an option (a file to read); it may
    ///     throw to refuse it.
    /// - Throws: A usage error (`.invalidRequest`) for an unknown option, with the closest
    ///   known name as a hint; for a value option without its value; for a flag given a
    ///   value with `=`; and whatever an action or `operand` throws.
    public func parse(
        _ cursor: inout ArgumentCursor, into target: inout Target, command: String?,
        operand: (inout Target, String) throws(MapError) -> Void
    ) throws(MapError) {
        while let word = cursor.next() {
            guard let option = option(named: word) else {
                guard ArgumentCursor.isOption(word) else {
                    try operand(&target, word)
                    continue
                }
                throw unknownOption(word, command: command, programName: cursor.programName)
            }
            let text: String
            if let accepts = option.acceptsValue {
                text = cursor.optionalValue(accepting: accepts) ?? ""
            } else if option.spec.takesValue {
                text = try cursor.value(for: word)
            } else {
                try cursor.expectNoValue(for: word)
                text = ""
            }
            try option.action(&target, OptionValue(text: text, option: word))
        }
    }

    /// The usage error for an option this table does not know: `unknown option '--plces';
    /// did you mean '--places'?`. The hint may also be `--help`, which every command takes.
    ///
    /// - Parameters:
    ///   - word: The option as the user wrote it.
    ///   - command: The command's name in the message, as `parse` takes it.
    ///   - programName: The program's name, for the remedy (`see 'maprender --help'`).
    public func unknownOption(_ word: String, command: String?, programName: String) -> MapError {
        let context = command.map { " for '\($0)'" } ?? ""
        let help = [programName, command, "--help"].compactMap { $0 }.joined(separator: " ")
        return MapError(
            .invalidRequest,
            "unknown option '\(word)'\(context)"
                + DidYouMean.hint(DidYouMean.option(for: word, among: names + OptionSpec.help.names)),
            remedy: "see '\(help)'")
    }
}
