import MapErrors

extension VectorTileValue {
    /// Decodes a layer's `Value` message (MVT 2.1 §4.1): exactly one of the seven fields.
    ///
    /// Unknown fields are skipped as protobuf does, but a value must still hold exactly one
    /// known kind: a value of an unknown kind only (the conformance suite's 011 and 026) or
    /// of two kinds throws, as does a known field with the wrong wire type (010). The suite
    /// calls these fatal: the layer's value indices would no longer line up.
    init(decoding message: ProtobufReader) throws(MapError) {
        var reader = message
        var value: VectorTileValue?
        var kinds = 0
        while let key = try reader.readFieldKey() {
            switch key.number {
            case 1:
                try key.require(.lengthDelimited, for: "string_value")
                value = .string(try reader.readString())
            case 2:
                try key.require(.fixed32, for: "float_value")
                value = .float(Float(bitPattern: try reader.readFixed32()))
            case 3:
                try key.require(.fixed64, for: "double_value")
                value = .double(Double(bitPattern: try reader.readFixed64()))
            case 4:
                try key.require(.varint, for: "int_value")
                value = .int(Int64(bitPattern: try reader.readVarint()))
            case 5:
                try key.require(.varint, for: "uint_value")
                value = .uint(try reader.readVarint())
            case 6:
                try key.require(.varint, for: "sint_value")
                value = .sint(ZigZag.decode(try reader.readVarint()))
            case 7:
                try key.require(.varint, for: "bool_value")
                // protobuf reads any non-zero varint as true.
                value = .bool(try reader.readVarint() != 0)
            default:
                try reader.skipValue(of: key)
                continue
            }
            kinds += 1
        }
        guard let value, kinds == 1 else {
            throw MapError(
                .invalidData,
                kinds == 0
                    ? "a value of none of the seven known kinds (§4.1)"
                    : "a value with \(kinds) fields; it must have exactly one (§4.1)")
        }
        self = value
    }
}
