/// Namespace prefixes in scope (Namespaces in XML 1.0, §3 and §6), for readers that match
/// elements by namespace rather than by the prefix a file happens to use.
///
/// Push each start tag's attributes, pop at each end tag; `resolve` maps a qualified name
/// to its namespace and local name.
package struct XMLNamespaceScope {
    /// Bindings in document order: `""` is the default namespace; a binding to `""` undoes
    /// one (`xmlns=""`).
    private var bindings: [(prefix: Substring, namespace: String)] = []
    /// How many bindings each open element added.
    private var counts: [Int] = []

    /// An empty scope, outside the root element.
    package init() {}

    /// Enters an element, taking in its `xmlns` and `xmlns:prefix` attributes.
    package mutating func push(_ attributes: [XMLAttribute]) {
        var added = 0
        // On the UTF-8 bytes: readers push every start tag of a million-point track, and
        // almost no attribute is a declaration.
        for attribute in attributes where attribute.name.utf8.starts(with: "xmlns".utf8) {
            if attribute.name == "xmlns" {
                bindings.append(("", attribute.value))
            } else if attribute.name.hasPrefix("xmlns:") {
                bindings.append((attribute.name.dropFirst(6), attribute.value))
            } else {
                continue
            }
            added += 1
        }
        counts.append(added)
    }

    /// Leaves the innermost element, dropping its bindings.
    package mutating func pop() {
        guard let added = counts.popLast() else { return }
        bindings.removeLast(added)
    }

    /// The namespace and local name of an element's qualified name: `""` for no namespace,
    /// `nil` for a prefix that is not declared.
    package func resolve(_ qualifiedName: String) -> (namespace: String?, localName: Substring) {
        let prefix: Substring
        let localName: Substring
        if let colon = qualifiedName.firstIndex(of: ":") {
            prefix = qualifiedName[..<colon]
            localName = qualifiedName[qualifiedName.index(after: colon)...]
        } else {
            prefix = ""
            localName = qualifiedName[...]
        }
        if prefix == "xml" { return ("http://www.w3.org/XML/1998/namespace", localName) }
        guard let binding = bindings.last(where: { $0.prefix == prefix }) else {
            return (prefix.isEmpty ? "" : nil, localName)
        }
        return (binding.namespace, localName)
    }
}
