import MapErrors

/// A `Layer` message read field by field, its features and values not yet decoded
/// (MVT 2.1 §4.1).
///
/// Decoding waits until the whole message is read: fields may come in any order (writers
/// usually put features before the keys and values they index, and the version anywhere),
/// and the version decides whether the rest can be decoded at all.
struct LayerMessage {
    /// `name`, when the layer has one.
    var name: String?
    /// `version`, when the layer has one.
    var version: UInt32?
    /// `extent`, or the schema's default.
    var extent = UInt32(VectorTileLayer.defaultExtent)
    /// `keys`, in order.
    var keys: [String] = []
    /// The `values` messages, in order.
    var valueMessages: [ProtobufReader] = []
    /// The `features` messages, in order.
    var featureMessages: [ProtobufReader] = []

    /// Reads a layer's fields. Throws for malformed protobuf and for a known field with the
    /// wrong wire type; unknown fields (extensions, §4.1 reserves 16 and up) are skipped.
    init(reading message: ProtobufReader) throws(MapError) {
        var reader = message
        while let key = try reader.readFieldKey() {
            switch key.number {
            case 1:
                try key.require(.lengthDelimited, for: "layer name")
                name = try reader.readString()
            case 2:
                try key.require(.lengthDelimited, for: "layer features")
                featureMessages.append(try reader.readMessage())
            case 3:
                try key.require(.lengthDelimited, for: "layer keys")
                keys.append(try reader.readString())
            case 4:
                try key.require(.lengthDelimited, for: "layer values")
                valueMessages.append(try reader.readMessage())
            case 5:
                try key.require(.varint, for: "layer extent")
                extent = try reader.readUInt32()
            case 15:
                try key.require(.varint, for: "layer version")
                version = try reader.readUInt32()
            default:
                try reader.skipValue(of: key)
            }
        }
    }
}
