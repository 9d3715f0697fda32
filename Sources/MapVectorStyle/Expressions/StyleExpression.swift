/// An expression parsed once into a typed tree (style spec, "Expressions"), evaluated per
/// zoom and feature with `evaluate(in:)`.
///
/// Legacy filters and `{stops}` functions are parsed into the same tree, so everything a
/// layer holds is one of these; a constant property is a `.literal`.
public indirect enum StyleExpression: Hashable, Sendable {
    /// A constant, from a bare JSON value or `["literal", …]`.
    case literal(StyleValue)
    /// `["get", key]`: a feature property, `null` when missing.
    case get(StyleExpression)
    /// `["has", key]`: whether the feature has the property.
    case has(StyleExpression)
    /// `["zoom"]`.
    case zoom
    /// `["geometry-type"]`: `"Point"`, `"LineString"` or `"Polygon"`.
    case geometryType
    /// `["id"]`: the feature id, `null` when it has none.
    case id
    /// `==`, `!=`, `<`, `<=`, `>`, `>=` ("Decision").
    case compare(StyleComparison, StyleExpression, StyleExpression)
    /// A legacy comparison filter (`["<", key, value]`): `false`, not an error, when the
    /// property is missing or of another type ("Other: Filter (deprecated)").
    case legacyCompare(StyleComparison, StyleExpression, StyleValue)
    /// `["all", …]`, `true` when empty.
    case all([StyleExpression])
    /// `["any", …]`, `false` when empty.
    case any([StyleExpression])
    /// `["!", value]`.
    case not(StyleExpression)
    /// `["in", needle, haystack]`: in an array, or a substring.
    case contains(needle: StyleExpression, haystack: StyleExpression)
    /// The legacy `["in", key, v1, v2, …]`: whether the value is one of these.
    case legacyIn(StyleExpression, [StyleValue])
    /// `["match", input, labels, output, …, fallback]`.
    case match(StyleExpression, [StyleMatchBranch], fallback: StyleExpression)
    /// `["case", condition, output, …, fallback]`.
    case condition([StyleConditionBranch], fallback: StyleExpression)
    /// `["coalesce", …]`: the first value that is not null.
    case coalesce([StyleExpression])
    /// `["step", input, output0, stop1, output1, …]` ("Ramps, scales, curves").
    case step(StyleExpression, base: StyleExpression, stops: [StyleStop])
    /// `["interpolate", type, input, stop1, output1, …]`.
    case interpolate(StyleInterpolation, StyleExpression, stops: [StyleStop])
    /// `["concat", …]`.
    case concat([StyleExpression])
    /// `["to-string", value]`.
    case toString(StyleExpression)
    /// `["to-number", value, fallback…]`.
    case toNumber([StyleExpression])
    /// `["to-boolean", value]`.
    case toBoolean(StyleExpression)
    /// `["string" | "number" | "boolean", value, fallback…]`: the first value of that type.
    case assert(StyleAssertion, [StyleExpression])
    /// `+`, `-`, `*`, `/`, `%`, `^`, `min`, `max` ("Math").
    case arithmetic(StyleArithmetic, [StyleExpression])
    /// `["upcase", s]`, `["downcase", s]` ("String").
    case changeCase(uppercase: Bool, StyleExpression)
    /// `["let", name, value, …, body]` ("Variable binding").
    case binding([StyleVariable], body: StyleExpression)
    /// `["var", name]`.
    case variable(String)
    /// `["format", content, options, …]` ("Types: format"): formatted text. Its sections are
    /// drawn as one string, their contents concatenated; the per-section options are kept
    /// for transforms but not drawn (a label has one font, size and colour here).
    case format([StyleFormatSection])
    /// `["is-supported-script", s]` ("String"): always `true` here, since Pango shapes
    /// every script that an installed font covers (MapLibre GL JS answers `false` for
    /// complex scripts before its RTL text plugin has loaded).
    case isSupportedScript(StyleExpression)
    /// `["length", s]` ("Lookup"): the length of a string or an array.
    case length(StyleExpression)
    /// `["elevation"]`: the elevation in metres of the point a `color-relief` layer colours.
    case elevation
}

/// One section of `format`: its content and the options that style it.
public struct StyleFormatSection: Hashable, Sendable {
    /// The text of the section, any value (drawn as by `to-string`).
    public var content: StyleExpression
    /// The section's options (`font-scale`, `text-font`, `text-color`, `vertical-align`),
    /// by name, as parsed.
    public var options: [String: StyleExpression]

    /// Creates a section.
    public init(content: StyleExpression, options: [String: StyleExpression] = [:]) {
        self.content = content
        self.options = options
    }
}

/// A comparison operator.
public enum StyleComparison: String, Hashable, Sendable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
}

/// How `interpolate` blends between stops ("Ramps, scales, curves: interpolate").
public enum StyleInterpolation: Hashable, Sendable {
    /// Straight-line blending.
    case linear
    /// Exponential blending; `base` 1 is linear, larger bases weigh the upper stop later.
    case exponential(base: Double)
}

/// A type assertion operator ("Types").
public enum StyleAssertion: String, Hashable, Sendable {
    case string, number, boolean
}

/// A math operator ("Math").
public enum StyleArithmetic: String, Hashable, Sendable {
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case remainder = "%"
    case power = "^"
    case minimum = "min"
    case maximum = "max"
}

/// One stop of `step` or `interpolate`: from `input` on, `output`.
public struct StyleStop: Hashable, Sendable {
    /// Where the stop is on the input scale.
    public var input: Double
    /// The output at and after the stop.
    public var output: StyleExpression

    /// Creates a stop.
    public init(input: Double, output: StyleExpression) {
        self.input = input
        self.output = output
    }
}

/// One branch of `match`: the labels it matches and its output.
public struct StyleMatchBranch: Hashable, Sendable {
    /// The literal labels, strings or numbers.
    public var labels: [StyleValue]
    /// The output when the input equals one of the labels.
    public var output: StyleExpression

    /// Creates a branch.
    public init(labels: [StyleValue], output: StyleExpression) {
        self.labels = labels
        self.output = output
    }
}

/// One branch of `case`.
public struct StyleConditionBranch: Hashable, Sendable {
    /// The boolean test.
    public var test: StyleExpression
    /// The output when the test holds.
    public var output: StyleExpression

    /// Creates a branch.
    public init(test: StyleExpression, output: StyleExpression) {
        self.test = test
        self.output = output
    }
}

/// One variable of `let`.
public struct StyleVariable: Hashable, Sendable {
    /// The name `var` uses.
    public var name: String
    /// Its value.
    public var value: StyleExpression

    /// Creates a variable.
    public init(name: String, value: StyleExpression) {
        self.name = name
        self.value = value
    }
}
