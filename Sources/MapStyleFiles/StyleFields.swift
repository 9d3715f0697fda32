import MapDrawing
import MapErrors
import MapFormats
import MapRenderCore

/// One key of a style section and the property it sets, with the rule its value follows.
///
/// The tables below are the single list of style keys: decoding, "unknown key" hints and
/// the test that every `Style` property has a key all read them.
enum StyleField<Root> {
    /// A colour that cannot be `null`.
    case color(WritableKeyPath<Root, Color>)
    /// A colour that may be `null` (none).
    case optionalColor(WritableKeyPath<Root, Color?>)
    /// A length in canvas points, ≥ 0.
    case length(WritableKeyPath<Root, Double>)
    /// A size or factor, > 0.
    case size(WritableKeyPath<Root, Double>)
    /// A non-empty string.
    case text(WritableKeyPath<Root, String>)
    /// `true` or `false`.
    case flag(WritableKeyPath<Root, Bool>)
    /// Dash lengths, each ≥ 0, not all zero.
    case dashes(WritableKeyPath<Root, [Double]>)
    /// A `LineCap` raw value.
    case lineCap(WritableKeyPath<Root, LineCap>)
    /// A `LineJoin` raw value.
    case lineJoin(WritableKeyPath<Root, LineJoin>)

    /// Decodes `node`, an object of the keys in `fields`, into `target`.
    static func decode(
        _ node: JSONNode, path: JSONPath, into target: inout Root, _ fields: [(String, StyleField<Root>)],
        _ document: JSONDocument
    ) throws(MapError) {
        guard let members = node.members else {
            throw document.error("expected an object, found \(node.kindDescription)", at: node, path: path)
        }
        for member in members {
            let valuePath = path.appending(member.key)
            guard let field = fields.first(where: { $0.0 == member.key })?.1 else {
                throw unknownKey(member, path: valuePath, known: fields.map(\.0), document)
            }
            let value = member.value
            switch field {
            case .color(let keyPath):
                target[keyPath: keyPath] = try colorValue(value, path: valuePath, document)
            case .optionalColor(let keyPath):
                target[keyPath: keyPath] = value.isNull ? nil : try colorValue(value, path: valuePath, document)
            case .length(let keyPath):
                target[keyPath: keyPath] = try numberValue(value, positive: false, path: valuePath, document)
            case .size(let keyPath):
                target[keyPath: keyPath] = try numberValue(value, positive: true, path: valuePath, document)
            case .text(let keyPath):
                target[keyPath: keyPath] = try textValue(value, path: valuePath, document)
            case .flag(let keyPath):
                guard let flag = value.bool else { throw mismatch("true or false", value, valuePath, document) }
                target[keyPath: keyPath] = flag
            case .dashes(let keyPath):
                target[keyPath: keyPath] = try dashesValue(value, path: valuePath, document)
            case .lineCap(let keyPath):
                target[keyPath: keyPath] = try keywordValue(value, path: valuePath, document)
            case .lineJoin(let keyPath):
                target[keyPath: keyPath] = try keywordValue(value, path: valuePath, document)
            }
        }
    }

    // MARK: - Values

    static func colorValue(_ node: JSONNode, path: JSONPath, _ document: JSONDocument) throws(MapError) -> Color {
        guard let text = node.string else {
            let remedy = node.isNull ? "only strokeColor, fillColor and casingColor may be null" : nil
            throw document.error(
                "expected a colour, found \(node.kindDescription)", at: node, path: path, remedy: remedy)
        }
        guard let color = StyleDecoder.color(parsing: text) else {
            throw document.error(
                "\"\(text)\" is not a colour", at: node, path: path,
                remedy: "use a name (red, green, purple, blue, white, black), #rgb, #rrggbb, #rrggbbaa, "
                    + "rgb(r, g, b) or rgba(r, g, b, alpha)")
        }
        return color
    }

    static func textValue(_ node: JSONNode, path: JSONPath, _ document: JSONDocument) throws(MapError) -> String {
        guard let text = node.string else { throw mismatch("a string", node, path, document) }
        guard !text.isEmpty else { throw document.error("expected a non-empty string", at: node, path: path) }
        return text
    }

    static func numberValue(
        _ node: JSONNode, positive: Bool, path: JSONPath, _ document: JSONDocument
    ) throws(MapError)
        -> Double
    {
        guard let number = node.number else { throw mismatch("a number", node, path, document) }
        if positive ? number <= 0 : number < 0 {
            throw document.error(
                "expected a number \(positive ? "> 0" : "≥ 0"), found \(number)", at: node, path: path)
        }
        guard number <= maximumNumber else {
            throw document.error(
                "\(number) is too large; style lengths and sizes are at most \(Int(maximumNumber))", at: node,
                path: path)
        }
        return number
    }

    /// The largest length, size or factor a style may give: canvases are at most 20,000
    /// points on a side, and past about 2 million points Pango's font sizes overflow.
    static var maximumNumber: Double { 10_000 }

    static func dashesValue(_ node: JSONNode, path: JSONPath, _ document: JSONDocument) throws(MapError) -> [Double] {
        guard let elements = node.elements else { throw mismatch("an array of numbers", node, path, document) }
        var dashes: [Double] = []
        for (index, element) in elements.enumerated() {
            dashes.append(try numberValue(element, positive: false, path: path.appending(index), document))
        }
        if !dashes.isEmpty && dashes.allSatisfy({ $0 == 0 }) {
            // Cairo rejects a pattern of zeros (CAIRO_STATUS_INVALID_DASH).
            throw document.error("dash lengths are all zero; use [] for a solid line", at: node, path: path)
        }
        return dashes
    }

    static func keywordValue<Keyword: RawRepresentable & CaseIterable>(
        _ node: JSONNode, path: JSONPath, _ document: JSONDocument
    ) throws(MapError) -> Keyword where Keyword.RawValue == String {
        let options = Keyword.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        guard let text = node.string else { throw mismatch("one of \(options)", node, path, document) }
        guard let keyword = Keyword(rawValue: text) else {
            throw document.error("expected one of \(options), found \"\(text)\"", at: node, path: path)
        }
        return keyword
    }

    static func mismatch(
        _ expected: String, _ node: JSONNode, _ path: JSONPath, _ document: JSONDocument
    )
        -> MapError
    {
        document.error("expected \(expected), found \(node.kindDescription)", at: node, path: path)
    }

    /// The error for a key no table lists, at the key, with the closest known key.
    static func unknownKey(
        _ member: JSONNode.Member, path: JSONPath, known: [String], _ document: JSONDocument
    )
        -> MapError
    {
        let remedy =
            Spelling.closestName(to: member.key, among: known).map { "did you mean \"\($0)\"?" }
            ?? "known keys here: \(known.joined(separator: ", "))"
        return document.error("unknown key", at: member.keyPosition, path: path, remedy: remedy)
    }
}

// MARK: - The tables, in the order of the Swift properties

extension StyleField where Root == BasemapStyle {
    static var basemap: [(String, StyleField)] {
        [
            ("landColor", .color(\.landColor)), ("waterColor", .color(\.waterColor)),
            ("borderColor", .color(\.borderColor)), ("adminLineColor", .color(\.adminLineColor)),
            ("labelColor", .color(\.labelColor)), ("labelHaloColor", .color(\.labelHaloColor)),
        ]
    }
}

extension StyleField where Root == MarkerStyle {
    static var marker: [(String, StyleField)] {
        [
            ("defaultPinColor", .color(\.defaultPinColor)), ("needleColor", .color(\.needleColor)),
            ("goingNextColor", .color(\.goingNextColor)), ("scale", .size(\.scale)),
        ]
    }
}

extension StyleField where Root == CalloutStyle {
    static var callout: [(String, StyleField)] {
        [
            ("fillColor", .color(\.fillColor)), ("strokeColor", .color(\.strokeColor)),
            ("titleColor", .color(\.titleColor)), ("subtitleColor", .color(\.subtitleColor)),
            ("fontFamily", .text(\.fontFamily)), ("titleSize", .size(\.titleSize)),
            ("subtitleSize", .size(\.subtitleSize)), ("cornerRadius", .length(\.cornerRadius)),
            ("padding", .length(\.padding)), ("maximumWidth", .size(\.maximumWidth)),
        ]
    }
}

extension StyleField where Root == ShapeStyle {
    static var shape: [(String, StyleField)] {
        [
            ("strokeColor", .optionalColor(\.strokeColor)), ("lineWidth", .length(\.lineWidth)),
            ("fillColor", .optionalColor(\.fillColor)), ("dashPattern", .dashes(\.dashPattern)),
            ("lineCap", .lineCap(\.lineCap)), ("lineJoin", .lineJoin(\.lineJoin)),
            ("casingColor", .optionalColor(\.casingColor)), ("casingWidth", .length(\.casingWidth)),
        ]
    }
}

extension StyleField where Root == UserLocationStyle {
    static var userLocation: [(String, StyleField)] {
        [
            ("dotColor", .color(\.dotColor)), ("ringColor", .color(\.ringColor)),
            ("dotRadius", .size(\.dotRadius)), ("ringWidth", .length(\.ringWidth)),
            ("haloFillColor", .color(\.haloFillColor)), ("haloStrokeColor", .color(\.haloStrokeColor)),
            ("minimumHaloRadius", .length(\.minimumHaloRadius)), ("headingColor", .color(\.headingColor)),
        ]
    }
}

extension StyleField where Root == FurnitureStyle {
    static var furniture: [(String, StyleField)] {
        [
            ("textColor", .color(\.textColor)), ("plateColor", .color(\.plateColor)),
            ("fontFamily", .text(\.fontFamily)), ("attributionSize", .size(\.attributionSize)),
            ("scaleBarSize", .size(\.scaleBarSize)), ("titleSize", .size(\.titleSize)),
            ("showsScaleBar", .flag(\.showsScaleBar)),
        ]
    }
}
