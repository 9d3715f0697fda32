import MapDrawing
import MapErrors
import MapFormats
import MapRenderCore

/// The properties of one GeoJSON Feature that change how it is drawn or labelled:
/// simplestyle-spec 1.1.0 (`title`, `description`, `marker-color`, `stroke`, `stroke-width`,
/// `stroke-opacity`, `fill`, `fill-opacity`; `marker-size` and `marker-symbol` are accepted
/// and ignored) plus maprender's line extensions `stroke-dasharray`, `stroke-linecap` and
/// `stroke-linejoin`. Any other property is free-form data and ignored.
struct GeoJSONFeatureStyle {
    /// `title`, else `name`.
    var title: String?
    /// `description`.
    var description: String?
    var markerColor: Color?
    var stroke: Color?
    var strokeWidth: Double?
    var strokeOpacity: Double?
    var fill: Color?
    var fillOpacity: Double?
    var dashPattern: [Double]?
    var lineCap: LineCap?
    var lineJoin: LineJoin?
    /// `marker-image`: a PNG path, relative to the GeoJSON file's folder.
    var markerImage: String?
    /// `marker-anchor`: where the image sits on the point, fractions [x, y] of its size.
    var markerAnchor: (x: Double, y: Double)?
    /// `callout-image`: a PNG path for the callout's left accessory, relative like `marker-image`.
    var calloutImage: String?

    /// A feature without properties.
    static let none = GeoJSONFeatureStyle()

    private init() {}

    /// Reads the `properties` member of a Feature (`null` or absent means none).
    ///
    /// A `null` simplestyle value counts as absent (some exporters write every key). Values
    /// of the wrong type or out of range are errors naming the property's path.
    init(properties node: JSONNode?, path: JSONPath, document: JSONDocument) throws(MapError) {
        guard let node, !node.isNull else { return }
        guard let members = node.members else {
            throw document.error("expected an object or null, found \(node.kindDescription)", at: node, path: path)
        }
        var name: String?
        for member in members where !member.value.isNull {
            let value = member.value
            let valuePath = path.appending(member.key)
            switch member.key {
            case "title": title = GeoJSONFeatureStyle.text(value)
            case "name": name = GeoJSONFeatureStyle.text(value)
            case "description": description = GeoJSONFeatureStyle.text(value)
            case "marker-color": markerColor = try GeoJSONFeatureStyle.color(value, path: valuePath, document)
            case "stroke": stroke = try GeoJSONFeatureStyle.color(value, path: valuePath, document)
            case "fill": fill = try GeoJSONFeatureStyle.color(value, path: valuePath, document)
            case "stroke-width":
                strokeWidth = try GeoJSONFeatureStyle.number(value, in: 0...Double.infinity, path: valuePath, document)
            case "stroke-opacity":
                strokeOpacity = try GeoJSONFeatureStyle.number(value, in: 0...1, path: valuePath, document)
            case "fill-opacity":
                fillOpacity = try GeoJSONFeatureStyle.number(value, in: 0...1, path: valuePath, document)
            case "stroke-dasharray": dashPattern = try GeoJSONFeatureStyle.dashes(value, path: valuePath, document)
            case "stroke-linecap": lineCap = try GeoJSONFeatureStyle.keyword(value, path: valuePath, document)
            case "stroke-linejoin": lineJoin = try GeoJSONFeatureStyle.keyword(value, path: valuePath, document)
            case "marker-image": markerImage = try GeoJSONFeatureStyle.path(value, path: valuePath, document)
            case "callout-image": calloutImage = try GeoJSONFeatureStyle.path(value, path: valuePath, document)
            case "marker-anchor":
                guard let values = value.elements, values.count == 2,
                    let x = values[0].number, let y = values[1].number, (0...1).contains(x), (0...1).contains(y)
                else {
                    throw document.error("expected [x, y] with fractions in [0, 1]", at: value, path: valuePath)
                }
                markerAnchor = (x, y)
            default: break  // marker-size, marker-symbol and free-form data
            }
        }
        if title == nil { title = name }
    }

    /// The overlay's look as the feature sets it, or `nil` when it sets nothing, so the
    /// map's style applies unchanged (`ShapeStyleOverride.applied(to:filled:)` at layout).
    var shapeOverride: ShapeStyleOverride? {
        let override = ShapeStyleOverride(
            strokeColor: stroke, strokeOpacity: strokeOpacity, lineWidth: strokeWidth, fillColor: fill,
            fillOpacity: fillOpacity, dashPattern: dashPattern, lineCap: lineCap, lineJoin: lineJoin)
        return override.isEmpty ? nil : override
    }

    // MARK: - Values

    private static func path(_ node: JSONNode, path: JSONPath, _ document: JSONDocument) throws(MapError) -> String {
        guard let text = node.string, !text.isEmpty else {
            throw document.error("expected the path of a PNG file, found \(node.kindDescription)", at: node, path: path)
        }
        return text
    }

    /// A string property; numbers are accepted too (a `name` of `42` is common in exports).
    private static func text(_ node: JSONNode) -> String? {
        switch node.value {
        case .string(let text): return text
        case .number(let number):
            return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : "\(number)"
        default: return nil
        }
    }

    private static func color(_ node: JSONNode, path: JSONPath, _ document: JSONDocument) throws(MapError) -> Color {
        guard let text = node.string else {
            throw document.error("expected a colour string, found \(node.kindDescription)", at: node, path: path)
        }
        guard let color = Color(parsing: text) else {
            throw document.error(
                "\"\(text)\" is not a colour", at: node, path: path,
                remedy: "use #rrggbb, #rgb, #rrggbbaa or red, green, purple, blue, white, black")
        }
        return color
    }

    private static func number(
        _ node: JSONNode, in range: ClosedRange<Double>, path: JSONPath, _ document: JSONDocument
    ) throws(MapError) -> Double {
        guard let number = node.number else {
            throw document.error("expected a number, found \(node.kindDescription)", at: node, path: path)
        }
        guard range.contains(number) else {
            let bounds = range.upperBound.isFinite ? "between 0 and 1" : "≥ 0"
            throw document.error("expected a number \(bounds), found \(number)", at: node, path: path)
        }
        return number
    }

    /// Dash lengths on and off in canvas points, as SVG's `stroke-dasharray` but as an array.
    private static func dashes(
        _ node: JSONNode, path: JSONPath, _ document: JSONDocument
    ) throws(MapError)
        -> [Double]
    {
        guard let elements = node.elements else {
            throw document.error(
                "expected an array of dash lengths, found \(node.kindDescription)", at: node, path: path)
        }
        var dashes: [Double] = []
        for (index, element) in elements.enumerated() {
            dashes.append(try number(element, in: 0...Double.infinity, path: path.appending(index), document))
        }
        if !dashes.isEmpty && dashes.allSatisfy({ $0 == 0 }) {
            // Cairo rejects an all-zero dash pattern; the author meant something else.
            throw document.error("dash lengths are all zero; use [] for a solid line", at: node, path: path)
        }
        return dashes
    }

    private static func keyword<Keyword: RawRepresentable & CaseIterable>(
        _ node: JSONNode, path: JSONPath, _ document: JSONDocument
    ) throws(MapError) -> Keyword where Keyword.RawValue == String {
        let options = Keyword.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        guard let text = node.string, let keyword = Keyword(rawValue: text) else {
            let found = node.string.map { "\"\($0)\"" } ?? node.kindDescription
            throw document.error("expected one of \(options), found \(found)", at: node, path: path)
        }
        return keyword
    }
}
