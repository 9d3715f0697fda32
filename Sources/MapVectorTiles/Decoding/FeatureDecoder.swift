import MapErrors

/// Decodes the features of one layer, with the layer's version and dictionaries
/// (MVT 2.1 §4.2, §4.4).
struct FeatureDecoder {
    /// What decoding one feature gave.
    enum Outcome {
        /// The feature, and what was repaired in it (empty when nothing was).
        case kept(VectorTileFeature, repairs: [String])
        /// The feature is left out, for this reason.
        case skipped(reason: String)
    }

    /// The layer's version (see `GeometryDecoder.layerVersion`).
    let layerVersion: Int
    /// The layer's keys, which tags index.
    let keys: [String]
    /// The layer's values, which tags index.
    let values: [VectorTileValue]

    /// Decodes a `Feature` message.
    ///
    /// Follows the error handling the conformance suite recommends: a feature without
    /// geometry (004), with an odd number of tags (005), an unknown geometry type (006) or
    /// two geometry fields (030) is skipped; a tag that indexes past the layer's keys or
    /// values (040, 041, 042) and a malformed command sequence throw.
    func decode(_ message: ProtobufReader) throws(MapError) -> Outcome {
        var reader = message
        var id: UInt64?
        var tags: [UInt32] = []
        var typeNumber: UInt64?
        var geometry: [UInt32] = []
        var packedGeometryFields = 0
        while let key = try reader.readFieldKey() {
            switch key.number {
            case 1:
                try key.require(.varint, for: "feature id")
                id = try reader.readVarint()
            case 2:
                try key.requireRepeatedVarint(for: "feature tags")
                try reader.readRepeatedUInt32(key, into: &tags)
            case 3:
                try key.require(.varint, for: "feature type")
                typeNumber = try reader.readVarint()
            case 4:
                try key.requireRepeatedVarint(for: "feature geometry")
                if key.wireType == .lengthDelimited { packedGeometryFields += 1 }
                try reader.readRepeatedUInt32(key, into: &geometry)
            default:
                try reader.skipValue(of: key)
            }
        }

        var repairs: [String] = []
        // §4.4: tags are pairs of key and value indices.
        guard tags.count.isMultiple(of: 2) else {
            return .skipped(reason: "an odd number of tags (\(tags.count)); they must pair keys with values (§4.4)")
        }
        let properties = try resolveProperties(tags, repairs: &repairs)

        // §4.2: a feature MUST have a type; the schema's default is UNKNOWN, which proto2
        // parsers read a missing type as.
        let type: GeometryType
        if let typeNumber {
            guard let known = GeometryType(rawValue: typeNumber) else {
                return .skipped(reason: "unknown geometry type \(typeNumber) (§4.3.4)")
            }
            type = known
        } else {
            type = .unknown
            repairs.append("no geometry type; read as UNKNOWN, the schema's default (§4.2)")
        }

        // §4.2: a feature MUST contain a geometry field, and only one.
        guard !geometry.isEmpty else { return .skipped(reason: "no geometry (§4.2)") }
        guard packedGeometryFields <= 1 else {
            return .skipped(reason: "\(packedGeometryFields) geometry fields; a feature has one (§4.2)")
        }
        var geometryDecoder = GeometryDecoder(layerVersion: layerVersion)
        let decoded = try geometryDecoder.decode(geometry, as: type)
        repairs += geometryDecoder.repairs
        guard let decoded else {
            return .skipped(reason: "nothing of the \(type.name) geometry is left: " + repairs.joined(separator: "; "))
        }
        return .kept(VectorTileFeature(id: id, properties: properties, geometry: decoded), repairs: repairs)
    }

    /// The properties the tag pairs name. §4.4: indices MUST lie within the layer's keys and
    /// values (else this throws), and a key MUST NOT appear twice (the first value is kept).
    private func resolveProperties(
        _ tags: [UInt32], repairs: inout [String]
    ) throws(MapError) -> [String: VectorTileValue] {
        var properties: [String: VectorTileValue] = [:]
        properties.reserveCapacity(tags.count / 2)
        var repeatedKeys: [String] = []
        for pair in stride(from: 0, to: tags.count, by: 2) {
            let keyIndex = Int(tags[pair])
            let valueIndex = Int(tags[pair + 1])
            guard keyIndex < keys.count else {
                throw MapError(.invalidData, "tag key index \(keyIndex) is past the layer's \(keys.count) keys (§4.4)")
            }
            guard valueIndex < values.count else {
                throw MapError(
                    .invalidData, "tag value index \(valueIndex) is past the layer's \(values.count) values (§4.4)")
            }
            let key = keys[keyIndex]
            if properties[key] == nil {
                properties[key] = values[valueIndex]
            } else {
                repeatedKeys.append(key)
            }
        }
        if !repeatedKeys.isEmpty {
            let names = repeatedKeys.map { "\"\($0)\"" }.joined(separator: ", ")
            repairs.append("key \(names) given more than once; the first value kept (§4.4)")
        }
        return properties
    }
}
