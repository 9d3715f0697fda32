public import MapErrors
import MapFormats

extension StyleExpression {
    /// What a piece of JSON is parsed as.
    public enum Role: Sendable {
        /// An expression (style spec, "Expressions").
        case expression
        /// A layer filter: an expression or a legacy filter.
        case filter
        /// The value of the named layout or paint property: a constant, an expression or a
        /// legacy function.
        case property(String)
    }

    /// Parses one expression, filter or property value from JSON text.
    ///
    /// - Throws: `MapError` `.invalidData`, positioned, when the text is malformed or uses
    ///   an operator that is not supported (in a whole style that is a note instead).
    public init(json text: String, as role: Role = .expression, fileName: String = "expression") throws(MapError) {
        let document = try JSONDocument(parsing: Array(text.utf8), fileName: fileName)
        let parser = StyleExpressionParser(document: document)
        do throws(StyleExpressionParser.Failure) {
            switch role {
            case .expression: self = try parser.expression(document.root, at: .root)
            case .filter: self = try parser.filter(document.root, at: .root)
            case .property(let name): self = try parser.propertyValue(document.root, property: name, at: .root)
            }
        } catch {
            switch error {
            case .unsupported(let what):
                throw document.error("\(what) is not supported", at: document.root, path: .root)
            case .invalid(let error):
                throw error
            }
        }
    }
}
