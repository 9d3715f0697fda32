/// One command-line option as its command's table declares it: everything help, "did you
/// mean", completion scripts and the man page need to know about it.
///
/// Each option is declared once, in the `OptionTable` of its command; what it does lives
/// next to it, in the `BoundOption` that carries this description.
public struct OptionSpec: Sendable, Equatable {
    /// Whether an option takes a value, and how often it may be given.
    public enum Kind: Sendable, Equatable {
        /// Takes no value: `--strict`. `--strict=yes` is a usage error.
        case flag
        /// Takes one value, as the next word or after `=`. What a second occurrence does is
        /// the command's business: `render` keeps the last (so a batch job can override a
        /// default), `places` refuses it.
        case value
        /// Takes one value and may be given any number of times; each occurrence adds one
        /// (`--pin A --pin B`).
        case repeatable
        /// Takes a value when one follows that the option accepts (after `=`, or as the next
        /// word), and works without one too: `--cluster`, `--cluster 60`, `--cluster=60`.
        case optionalValue
    }

    /// Every name the option answers to, the preferred one first (`--output`, `-o`): long
    /// names start with `--`, short ones are `-` and one letter.
    public var names: [String]
    /// What the value is called in help and the man page (`FILE`, `LAT,LON`, `png|svg|pdf`);
    /// `nil` for a flag.
    public var valueName: String?
    /// One line that says what the option does (help wraps it when it is long).
    public var help: String
    /// Whether it takes a value, and how often.
    public var kind: Kind
    /// Where help and the man page list it.
    public var section: OptionSection
    /// What a shell offers for its value.
    public var completion: ValueCompletion

    /// Declares an option.
    ///
    /// - Parameters:
    ///   - names: The names, the preferred one first.
    ///   - valueName: The value's name in help; `nil` exactly when `kind` is `.flag`.
    ///   - kind: Whether it takes a value, and how often.
    ///   - section: Where help lists it.
    ///   - completion: What a shell offers for the value (`.nothing` for a flag).
    ///   - help: What the option does, in one line.
    public init(
        _ names: [String], valueName: String? = nil, kind: Kind, section: OptionSection,
        completion: ValueCompletion = .nothing, help: String
    ) {
        self.names = names
        self.valueName = valueName
        self.help = help
        self.kind = kind
        self.section = section
        self.completion = completion
    }

    /// The preferred name, the one messages and help lead with.
    public var name: String { names.first ?? "" }

    /// The long names (`--output`), without the short ones.
    public var longNames: [String] { names.filter { $0.hasPrefix("--") } }

    /// The short names (`-o`), without the long ones.
    public var shortNames: [String] { names.filter { !$0.hasPrefix("--") } }

    /// Whether the option takes a value.
    public var takesValue: Bool { kind != .flag }

    /// How help shows the option: its names and value, e.g. `-o, --output FILE`, short
    /// names first as is customary.
    var synopsis: String {
        let shown = (shortNames + longNames).joined(separator: ", ")
        return valueName.map { "\(shown) \($0)" } ?? shown
    }

    /// `--help`, which every command takes; the command dispatcher answers it before any
    /// table parses the words.
    static let help = OptionSpec(["--help", "-h"], kind: .flag, section: .general, help: "show this help and exit")
}
