@testable import MapVectorTiles

// Helpers of the vector tile tests: a protobuf writer to build messages by hand.

/// Writes protocol buffers messages field by field, for building tiles in tests.
struct ProtobufWriter {
    private(set) var bytes: [UInt8] = []

    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func key(_ number: Int, _ wireType: ProtobufWireType) {
        varint(UInt64(number) << 3 | UInt64(wireType.rawValue))
    }

    mutating func varintField(_ number: Int, _ value: UInt64) {
        key(number, .varint)
        varint(value)
    }

    mutating func bytesField(_ number: Int, _ value: [UInt8]) {
        key(number, .lengthDelimited)
        varint(UInt64(value.count))
        bytes += value
    }

    mutating func stringField(_ number: Int, _ value: String) { bytesField(number, Array(value.utf8)) }

    mutating func messageField(_ number: Int, _ build: (inout ProtobufWriter) -> Void) {
        var message = ProtobufWriter()
        build(&message)
        bytesField(number, message.bytes)
    }

    mutating func packedField(_ number: Int, _ values: [UInt32]) {
        var packed = ProtobufWriter()
        for value in values { packed.varint(UInt64(value)) }
        bytesField(number, packed.bytes)
    }

    mutating func fixed32Field(_ number: Int, _ value: UInt32) {
        key(number, .fixed32)
        for index in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }

    mutating func fixed64Field(_ number: Int, _ value: UInt64) {
        key(number, .fixed64)
        for index in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }

    mutating func raw(_ more: [UInt8]) { bytes += more }
}
