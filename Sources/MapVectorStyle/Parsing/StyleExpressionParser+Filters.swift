import MapFormats

extension StyleExpressionParser {
    /// A layer filter: an expression, or a legacy filter (style spec, "Other: Filter
    /// (deprecated)"), told apart the way the spec's `isExpressionFilter` does.
    func filter(_ node: JSONNode, at path: JSONPath) throws(Failure) -> StyleExpression {
        if node.bool != nil || isExpressionFilter(node) { return try expression(node, at: path) }
        guard let elements = node.elements, let name = elements.first?.string else {
            throw invalid("expected a filter, found \(node.kindDescription)", node, path)
        }
        func key() throws(Failure) -> StyleExpression {
            guard elements.count >= 2, let key = elements[1].string else {
                throw invalid("\"\(name)\" expects a property name", node, path)
            }
            return key == "$type" ? .geometryType : key == "$id" ? .id : .get(.literal(.string(key)))
        }
        switch name {
        case "all", "any", "none":
            var operands: [StyleExpression] = []
            for index in 1..<elements.count { operands.append(try filter(elements[index], at: path.appending(index))) }
            return name == "all" ? .all(operands) : name == "any" ? .any(operands) : .not(.any(operands))
        case "has", "!has":
            // `$type` always exists; `$id` exists when the feature has an id.
            let test: StyleExpression =
                switch try key() {
                case .geometryType: .literal(.bool(true))
                case .id: .compare(.notEqual, .id, .literal(.null))
                default: .has(.literal(.string(elements[1].string ?? "")))
                }
            return name == "has" ? test : .not(test)
        case "in", "!in":
            let values = elements.dropFirst(2).map(constant)
            let test = StyleExpression.legacyIn(try key(), values)
            return name == "in" ? test : .not(test)
        case "==", "!=", "<", "<=", ">", ">=":
            guard elements.count == 3 else {
                throw invalid("\"\(name)\" expects a property name and a value", node, path)
            }
            let comparison = StyleComparison(rawValue: name)!
            let value = constant(elements[2])
            if comparison == .equal || comparison == .notEqual {
                return .compare(comparison, try key(), .literal(value))
            }
            return .legacyCompare(comparison, try key(), value)
        default:
            throw invalid("unknown filter \"\(name)\"", node, path)
        }
    }

    /// The spec's `isExpressionFilter` (style-spec `feature_filter`).
    private func isExpressionFilter(_ node: JSONNode) -> Bool {
        guard let elements = node.elements, let name = elements.first?.string else { return node.bool != nil }
        switch name {
        case "has":
            return elements.count >= 2 && elements[1].string != "$id" && elements[1].string != "$type"
        case "in":
            return elements.count >= 3 && (elements[1].string == nil || elements[2].elements != nil)
        case "!in", "!has", "none":
            return false
        case "==", "!=", ">", ">=", "<", "<=":
            return elements.count != 3 || elements[1].elements != nil || elements[2].elements != nil
        case "any", "all":
            return elements.dropFirst().allSatisfy { $0.bool != nil || isExpressionFilter($0) }
        default:
            return true
        }
    }
}
