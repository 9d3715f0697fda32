public import MapErrors

/// Decodes Mapbox Vector Tiles, version 2.1 of the specification
/// (https://github.com/mapbox/vector-tile-spec/tree/master/2.1), and version 1 layers.
///
/// ```swift
/// let (tile, diagnostics) = try VectorTileDecoder().decode(bytes)
/// for feature in tile.layer(named: "water")?.features ?? [] { … }
/// ```
///
/// The bytes are the tile itself: decompress a gzip-compressed tile (as MBTiles and
/// PMTiles archives usually store them) first; a compressed tile throws, saying so.
///
/// Errors follow the recommendations of the conformance suite (mapbox/mvt-fixtures):
///
/// - **Recoverable** problems are worked around and reported as `VectorTileDiagnostic`s:
///   a layer whose name repeats an earlier layer's (§4.1; the first is kept), of an unknown
///   version (§4.1 lets decoders skip it and go on), or with extent 0, is skipped; so is a
///   feature without geometry, with an odd number of tags, of an unknown geometry type or
///   with two geometry fields. Features with flaws that leave their shape clear are
///   repaired: a point repeated by a zero-length segment (§4.3.3.2) or before a ClosePath
///   (§4.3.4.4) is dropped, and so is a ring of zero area, a line left with one point or an
///   interior ring before any exterior ring; a feature without a type is read as UNKNOWN.
/// - **Fatal** problems throw `MapError(.invalidData, …)`, naming the layer and feature:
///   malformed protobuf (a truncated tile), a known field of the wrong wire type, a layer
///   without name or version, a value of no known kind, a tag indexing past the layer's keys
///   or values, a malformed geometry command sequence.
///
/// The decoder never traps on any input: every length, index and command count is checked
/// before it is used, and nothing is reserved beyond what the input's size justifies.
public struct VectorTileDecoder: Sendable {
    /// The names of the layers to decode, or `nil` for all. Other layers are passed over
    /// without decoding their features, which saves time when a style draws only a few, and
    /// without checking them beyond their name and version.
    public var layerNames: Set<String>?

    /// Creates a decoder of the layers named `layerNames`, or of all layers.
    public init(layerNames: Set<String>? = nil) {
        self.layerNames = layerNames
    }

    /// Decodes a tile, with a diagnostic for each layer or feature skipped or repaired.
    public func decode(_ bytes: [UInt8]) throws(MapError) -> (tile: VectorTile, diagnostics: [VectorTileDiagnostic]) {
        // The gzip magic number. As a protobuf key, 0x1F is field 3 with wire type 7, which
        // does not exist, so no tile starts with it; a compressed tile gets a message that says so.
        if bytes.starts(with: [0x1F, 0x8B]) {
            throw MapError(
                .invalidData, "the tile is gzip-compressed",
                remedy: "decompress it first, as MBTiles and PMTiles readers must")
        }
        var reader = ProtobufReader(bytes)
        var layers: [VectorTileLayer] = []
        var diagnostics: [VectorTileDiagnostic] = []
        var names: Set<String> = []
        var layerIndex = 0
        while let key = try reader.readFieldKey() {
            // §4.1 and the schema: a tile is a list of layers, field 3; other fields are
            // extensions (16 to 8191) or unknown, and are skipped.
            guard key.number == 3 else {
                try reader.skipValue(of: key)
                continue
            }
            try key.require(.lengthDelimited, for: "tile layers")
            let message = try reader.readMessage()
            if let layer = try decodeLayer(message, index: layerIndex, names: &names, diagnostics: &diagnostics) {
                layers.append(layer)
            }
            layerIndex += 1
        }
        return (VectorTile(layers: layers), diagnostics)
    }

    /// The layer, or `nil` when it is skipped (with a diagnostic) or not wanted.
    private func decodeLayer(
        _ message: ProtobufReader, index: Int, names: inout Set<String>, diagnostics: inout [VectorTileDiagnostic]
    ) throws(MapError) -> VectorTileLayer? {
        let fields: LayerMessage
        do {
            fields = try LayerMessage(reading: message)
        } catch {
            throw MapError(.invalidData, "layer \(index): \(error.message)")
        }
        // §4.1: a layer MUST contain a name and a version (the conformance suite's 014, 023,
        // 024: fatal).
        guard let name = fields.name else {
            throw MapError(.invalidData, "layer \(index) has no name (§4.1)")
        }
        guard let version = fields.version else {
            throw MapError(.invalidData, "layer \(index) (\"\(name)\") has no version (§4.1)")
        }
        if let layerNames, !layerNames.contains(name) { return nil }

        func skip(_ message: String) -> VectorTileLayer? {
            diagnostics.append(
                VectorTileDiagnostic(layerIndex: index, layerName: name, message: message, consequence: .layerSkipped))
            return nil
        }
        // §4.1: layer names MUST be unique; decoders may keep the first or fail (015).
        guard names.insert(name).inserted else { return skip("a second layer of this name (§4.1)") }
        // §4.1: a layer of an unknown version MAY be skipped; decoding SHOULD go on.
        guard version == 1 || version == 2 else { return skip("unknown version \(version) (§4.1)") }
        // §4.1: the extent is the tile's size in coordinate units; 0 would scale by infinity.
        guard fields.extent > 0 else { return skip("extent 0 (§4.1)") }

        do throws(MapError) {
            var values: [VectorTileValue] = []
            values.reserveCapacity(fields.valueMessages.count)
            for (valueIndex, valueMessage) in fields.valueMessages.enumerated() {
                do {
                    values.append(try VectorTileValue(decoding: valueMessage))
                } catch {
                    throw MapError(.invalidData, "value \(valueIndex): \(error.message)")
                }
            }
            let decoder = FeatureDecoder(layerVersion: Int(version), keys: fields.keys, values: values)
            var features: [VectorTileFeature] = []
            features.reserveCapacity(fields.featureMessages.count)
            for (featureIndex, featureMessage) in fields.featureMessages.enumerated() {
                let outcome: FeatureDecoder.Outcome
                do {
                    outcome = try decoder.decode(featureMessage)
                } catch {
                    throw MapError(.invalidData, "feature \(featureIndex): \(error.message)")
                }
                switch outcome {
                case .kept(let feature, let repairs):
                    features.append(feature)
                    if !repairs.isEmpty {
                        diagnostics.append(
                            VectorTileDiagnostic(
                                layerIndex: index, layerName: name, featureIndex: featureIndex,
                                message: repairs.joined(separator: "; "), consequence: .featureRepaired))
                    }
                case .skipped(let reason):
                    diagnostics.append(
                        VectorTileDiagnostic(
                            layerIndex: index, layerName: name, featureIndex: featureIndex, message: reason,
                            consequence: .featureSkipped))
                }
            }
            return VectorTileLayer(name: name, version: Int(version), extent: Int(fields.extent), features: features)
        } catch {
            throw MapError(.invalidData, "layer \(index) (\"\(name)\"), \(error.message)")
        }
    }
}

extension VectorTile {
    /// Decodes every layer of a tile, dropping the diagnostics; see `VectorTileDecoder`.
    public init(decoding bytes: [UInt8]) throws(MapError) {
        self = try VectorTileDecoder().decode(bytes).tile
    }
}
