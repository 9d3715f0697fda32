public import MapErrors
public import MapFormats

extension VectorStyle {
    /// Parses a style's JSON.
    ///
    /// - Throws: `MapError` `.invalidData` at `file:line:column` with the JSON path when the
    ///   text is not JSON, is not a version 8 style, has no `layers`, or holds a value of the
    ///   wrong type where one is required. Unsupported operators, layer types and function
    ///   types are not errors: they become `notes`.
    public init(parsing bytes: [UInt8], fileName: String) throws(MapError) {
        try self.init(document: JSONDocument(parsing: bytes, fileName: fileName))
    }

    /// Reads and parses the style file at `path`.
    ///
    /// - Throws: `MapError` `.missingInput` when the file cannot be read; see
    ///   `init(parsing:fileName:)`.
    public init(contentsOfFile path: String) throws(MapError) {
        try self.init(document: JSONDocument.read(atPath: path))
    }

    /// Parses a style from a parsed document.
    public init(document: JSONDocument) throws(MapError) {
        var reader = VectorStyleReader(document: document)
        self = try reader.style()
    }
}

/// Reads the parts of a style document, collecting notes (style spec, "Root").
struct VectorStyleReader {
    let document: JSONDocument
    var notes: [VectorStyleNote] = []

    init(document: JSONDocument) {
        self.document = document
    }

    var expressions: StyleExpressionParser { StyleExpressionParser(document: document) }

    mutating func style() throws(MapError) -> VectorStyle {
        let root = document.root
        guard root.members != nil else {
            throw document.error("expected a style object, found \(root.kindDescription)", at: root, path: .root)
        }
        guard let version = root["version"] else {
            throw document.error("a style needs \"version\": 8", at: root, path: .root)
        }
        guard version.number == 8 else {
            throw document.error(
                "only version 8 styles are supported, found \(JSONValueText.of(version))", at: version,
                path: JSONPath().appending("version"))
        }
        let name = try optionalString(root, "name", .root)
        var sources: [String: VectorStyleSource] = [:]
        if let node = root["sources"] {
            let path = JSONPath().appending("sources")
            guard let members = node.members else { throw typeError("an object", node, path) }
            for member in members {
                sources[member.key] = try source(member.key, member.value, path.appending(member.key))
            }
        }
        guard let layersNode = root["layers"] else {
            throw document.error("a style needs a \"layers\" array", at: root, path: .root)
        }
        let layersPath = JSONPath().appending("layers")
        guard let layerNodes = layersNode.elements else { throw typeError("an array", layersNode, layersPath) }
        var layers: [VectorStyleLayer] = []
        for (index, node) in layerNodes.enumerated() {
            layers.append(try layer(node, layersPath.appending(index)))
        }
        return VectorStyle(
            name: name, sources: sources, sprite: try spriteURL(root),
            glyphs: try optionalString(root, "glyphs", .root),
            layers: layers, notes: notes)
    }

    /// `sprite` is a URL, or (newer specs) an array of `{id, url}`: the first URL is kept.
    private func spriteURL(_ root: JSONNode) throws(MapError) -> String? {
        if let first = root["sprite"]?.elements?.first { return first["url"]?.string }
        return try optionalString(root, "sprite", .root)
    }

    private func source(_ name: String, _ node: JSONNode, _ path: JSONPath) throws(MapError) -> VectorStyleSource {
        guard node.members != nil else { throw typeError("a source object", node, path) }
        guard let type = try optionalString(node, "type", path) else {
            throw document.error("a source needs a \"type\"", at: node, path: path)
        }
        let kind: VectorStyleSource.Kind =
            switch type {
            case "vector": .vector
            case "raster": .raster
            case "raster-dem": .rasterDEM
            default: .other(type)
            }
        var tiles: [String] = []
        if let tilesNode = node["tiles"] {
            guard let elements = tilesNode.elements else {
                throw typeError("an array", tilesNode, path.appending("tiles"))
            }
            for (index, element) in elements.enumerated() {
                guard let text = element.string else {
                    throw typeError("a string", element, path.appending("tiles").appending(index))
                }
                tiles.append(text)
            }
        }
        var source = VectorStyleSource(
            name: name, kind: kind, url: try optionalString(node, "url", path), tiles: tiles,
            minZoom: try optionalNumber(node, "minzoom", path) ?? 0,
            maxZoom: try optionalNumber(node, "maxzoom", path) ?? 22,
            tileSize: try optionalNumber(node, "tileSize", path) ?? 512,
            attribution: try optionalString(node, "attribution", path))
        if let encoding = try optionalString(node, "encoding", path) { source.encoding = encoding }
        return source
    }

    private mutating func layer(_ node: JSONNode, _ path: JSONPath) throws(MapError) -> VectorStyleLayer {
        guard node.members != nil else { throw typeError("a layer object", node, path) }
        guard let id = try optionalString(node, "id", path) else {
            throw document.error("a layer needs an \"id\"", at: node, path: path)
        }
        guard let type = try optionalString(node, "type", path) else {
            throw document.error("layer \"\(id)\" needs a \"type\"", at: node, path: path)
        }
        var layer = VectorStyleLayer(
            id: id, kind: VectorStyleLayer.Kind(name: type), source: try optionalString(node, "source", path),
            sourceLayer: try optionalString(node, "source-layer", path),
            minZoom: try optionalNumber(node, "minzoom", path), maxZoom: try optionalNumber(node, "maxzoom", path))
        if case .unsupported(let name) = layer.kind {
            notes.append(
                VectorStyleNote(layerID: id, property: nil, message: "the layer type \"\(name)\" is not drawn"))
        }
        if let filterNode = node["filter"] {
            layer.filter = try parse(id, "filter", path.appending("filter")) {
                parser throws(StyleExpressionParser.Failure) in
                try parser.filter(filterNode, at: path.appending("filter"))
            }
            if layer.filter == nil { layer.filter = .literal(.bool(false)) }
        }
        layer.layout = try properties(node, "layout", layer.kind, id, path)
        layer.paint = try properties(node, "paint", layer.kind, id, path)
        if let visibility = layer.layout.removeValue(forKey: "visibility") {
            layer.isVisible = (try? visibility.evaluate(in: StyleEvaluationContext(zoom: 0)))?.string != "none"
        }
        return layer
    }

    private mutating func properties(
        _ layer: JSONNode, _ key: String, _ kind: VectorStyleLayer.Kind, _ id: String, _ layerPath: JSONPath
    ) throws(MapError) -> [String: StyleExpression] {
        guard let node = layer[key] else { return [:] }
        let path = layerPath.appending(key)
        guard let members = node.members else { throw typeError("an object", node, path) }
        var result: [String: StyleExpression] = [:]
        for member in members where !member.value.isNull {
            guard kind.hasProperty(named: member.key) else {
                notes.append(
                    VectorStyleNote(
                        layerID: id, property: member.key, message: "not a property of this layer type; ignored"))
                continue
            }
            let memberPath = path.appending(member.key)
            result[member.key] = try parse(id, member.key, memberPath) { parser throws(StyleExpressionParser.Failure) in
                try parser.propertyValue(member.value, property: member.key, at: memberPath)
            }
        }
        return result
    }

    /// Runs `body`; an unsupported feature becomes a note and `nil`, a malformed value an error.
    private mutating func parse(
        _ id: String, _ property: String, _ path: JSONPath,
        _ body: (StyleExpressionParser) throws(StyleExpressionParser.Failure) -> StyleExpression
    ) throws(MapError) -> StyleExpression? {
        do throws(StyleExpressionParser.Failure) {
            return try body(expressions)
        } catch {
            switch error {
            case .unsupported(let what):
                notes.append(
                    VectorStyleNote(
                        layerID: id, property: property,
                        message: "\(what) is not supported; "
                            + (property == "filter" ? "the layer draws nothing" : "the spec default is used")))
                return nil
            case .invalid(let error):
                throw error
            }
        }
    }

    private func typeError(_ expected: String, _ node: JSONNode, _ path: JSONPath) -> MapError {
        document.error("expected \(expected), found \(node.kindDescription)", at: node, path: path)
    }

    private func optionalString(_ node: JSONNode, _ key: String, _ path: JSONPath) throws(MapError) -> String? {
        guard let value = node[key] else { return nil }
        guard let text = value.string else { throw typeError("a string", value, path.appending(key)) }
        return text
    }

    private func optionalNumber(_ node: JSONNode, _ key: String, _ path: JSONPath) throws(MapError) -> Double? {
        guard let value = node[key] else { return nil }
        guard let number = value.number else { throw typeError("a number", value, path.appending(key)) }
        return number
    }
}

/// A short rendering of a JSON value for messages.
enum JSONValueText {
    static func of(_ node: JSONNode) -> String {
        switch node.value {
        case .number(let value): StyleValue.format(value)
        case .string(let text): "\"\(text)\""
        default: node.kindDescription
        }
    }
}
