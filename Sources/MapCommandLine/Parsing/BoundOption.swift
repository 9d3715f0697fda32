public import MapErrors

/// An option's description together with what it does to the value its command builds
/// from the words (in maprender, a `RenderRequest` or the arguments of `places add`): one
/// entry of an `OptionTable`.
public struct BoundOption<Target>: Sendable {
    /// Applies one occurrence of the option to the value being built.
    public typealias Action = @Sendable (inout Target, OptionValue) throws(MapError) -> Void

    /// What help, completions and the man page show.
    public var spec: OptionSpec
    /// What an occurrence does.
    var action: Action
    /// For an option whose value may be left out: whether the next word is its value.
    var acceptsValue: (@Sendable (String) -> Bool)?

    /// Pairs a description with its action.
    public init(_ spec: OptionSpec, action: @escaping Action) {
        self.spec = spec
        self.action = action
    }

    /// A flag: `set` runs once per occurrence.
    public static func flag(
        _ names: String..., section: OptionSection, help: String, set: @escaping @Sendable (inout Target) -> Void
    ) -> BoundOption {
        BoundOption(OptionSpec(names, kind: .flag, section: section, help: help)) { target, _ in set(&target) }
    }

    /// An option with one value; `action` runs for each occurrence, so a later one
    /// overrides an earlier one unless the action refuses it.
    public static func value(
        _ names: String..., valueName: String, section: OptionSection, completion: ValueCompletion = .nothing,
        help: String, action: @escaping Action
    ) -> BoundOption {
        BoundOption(
            OptionSpec(names, valueName: valueName, kind: .value, section: section, completion: completion, help: help),
            action: action)
    }

    /// An option whose value may be left out: the next word is its value when `accepts`
    /// says so (a value after `=` always is); without one, `action` gets an empty text.
    public static func optionalValue(
        _ names: String..., valueName: String, section: OptionSection, completion: ValueCompletion = .nothing,
        help: String, accepts: @escaping @Sendable (String) -> Bool, action: @escaping Action
    ) -> BoundOption {
        var option = BoundOption(
            OptionSpec(
                names, valueName: valueName, kind: .optionalValue, section: section, completion: completion, help: help),
            action: action)
        option.acceptsValue = accepts
        return option
    }

    /// An option that may be given any number of times, each occurrence adding one value.
    public static func repeatable(
        _ names: String..., valueName: String, section: OptionSection, completion: ValueCompletion = .nothing,
        help: String, action: @escaping Action
    ) -> BoundOption {
        BoundOption(
            OptionSpec(
                names, valueName: valueName, kind: .repeatable, section: section, completion: completion, help: help),
            action: action)
    }

    /// The same option acting on a part of a larger value (in maprender, the track
    /// cleaning options act on a `TrackInput`, which both `render` and `track` hold).
    public func lifted<Outer>(_ part: WritableKeyPath<Outer, Target> & Sendable) -> BoundOption<Outer> {
        let action = self.action
        var outer = BoundOption<Outer>(spec) { outer, value throws(MapError) in
            try action(&outer[keyPath: part], value)
        }
        outer.acceptsValue = acceptsValue
        return outer
    }
}
