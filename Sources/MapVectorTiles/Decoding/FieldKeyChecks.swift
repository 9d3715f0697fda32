import MapErrors

extension ProtobufFieldKey {
    /// Throws unless the field has `wireType`: a known field of the wrong type means the
    /// tile was written with another schema (the conformance suite's 007, 008, 010 and 013),
    /// and the suite calls that fatal.
    func require(_ wireType: ProtobufWireType, for name: String) throws(MapError) {
        guard self.wireType == wireType else {
            throw MapError(
                .invalidData, "field \(name) has wire type \(self.wireType.rawValue), not \(wireType.rawValue)")
        }
    }

    /// Throws unless the field is a repeated scalar: packed (length-delimited), as MVT
    /// writers encode it, or a single unpacked varint, which protobuf parsers must also accept.
    func requireRepeatedVarint(for name: String) throws(MapError) {
        guard wireType == .lengthDelimited || wireType == .varint else {
            throw MapError(.invalidData, "field \(name) has wire type \(wireType.rawValue), not 2 (packed) or 0")
        }
    }
}

extension ProtobufReader {
    /// Appends the values of a repeated `uint32` field to `values`, whether packed or not
    /// (see `ProtobufFieldKey.requireRepeatedVarint(for:)`).
    mutating func readRepeatedUInt32(_ key: ProtobufFieldKey, into values: inout [UInt32]) throws(MapError) {
        if key.wireType == .lengthDelimited {
            try readPackedUInt32(into: &values)
        } else {
            values.append(try readUInt32())
        }
    }
}
