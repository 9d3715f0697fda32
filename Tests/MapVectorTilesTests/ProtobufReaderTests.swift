import MapErrors
import Testing

@testable import MapVectorTiles

// The protobuf wire format reader: varints to their limits, zigzag, fixed-width values,
// length-delimited values and their bounds, skipping every wire type, and errors (never
// traps) for anything truncated or malformed.

/// The error reading `bytes` with `read` throws, or `nil` when it succeeds.
private func readError(_ bytes: [UInt8], _ read: (inout ProtobufReader) throws(MapError) -> Void) -> MapError? {
    var reader = ProtobufReader(bytes)
    do {
        try read(&reader)
        return nil
    } catch {
        return error
    }
}

@Suite("Protobuf reader")
struct ProtobufReaderTests {
    @Test(
        "varints of 1 to 10 bytes",
        arguments: [
            ([0x00], 0),
            ([0x01], 1),
            ([0x7F], 127),
            ([0x80, 0x01], 128),
            ([0xAC, 0x02], 300),
            ([0xFF, 0xFF, 0xFF, 0xFF, 0x0F], UInt64(UInt32.max)),
            // A non-minimal encoding is still valid: 1 in 3 bytes.
            ([0x81, 0x80, 0x00], 1),
            ([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01], UInt64.max),
            ([0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01], 1 << 63),
        ] as [([UInt8], UInt64)])
    func varints(bytes: [UInt8], value: UInt64) throws {
        var reader = ProtobufReader(bytes)
        #expect(try reader.readVarint() == value)
        #expect(reader.isAtEnd)
    }

    @Test(
        "varints that are truncated, too long or wider than 64 bits throw",
        arguments: [
            ([], "truncated varint at byte 0"),
            ([0x80], "truncated varint at byte 0"),
            ([0xFF, 0xFF, 0xFF], "truncated varint at byte 0"),
            ([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02], "varint at byte 0 overflows 64 bits"),
            ([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F], "varint at byte 0 overflows 64 bits"),
            (
                [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x81, 0x00],
                "varint at byte 0 is longer than 10 bytes"
            ),
        ] as [([UInt8], String)])
    func badVarints(bytes: [UInt8], message: String) {
        let error = readError(bytes) { reader throws(MapError) in _ = try reader.readVarint() }
        #expect(error?.kind == .invalidData)
        #expect(error?.message == "protobuf: \(message)")
    }

    @Test("a uint32 field refuses a value wider than 32 bits")
    func uint32Range() throws {
        var reader = ProtobufReader([0xFF, 0xFF, 0xFF, 0xFF, 0x0F])
        #expect(try reader.readUInt32() == UInt32.max)
        let error = readError([0x80, 0x80, 0x80, 0x80, 0x10]) { reader throws(MapError) in _ = try reader.readUInt32() }
        #expect(error?.message == "protobuf: value 4294967296 at byte 0 does not fit in 32 bits")
    }

    @Test("zigzag decoding, 32 and 64 bits, to the extremes")
    func zigzag() {
        #expect(ZigZag.decode(UInt32(0)) == 0)
        #expect(ZigZag.decode(UInt32(1)) == -1)
        #expect(ZigZag.decode(UInt32(2)) == 1)
        #expect(ZigZag.decode(UInt32(3)) == -2)
        #expect(ZigZag.decode(UInt32(50)) == 25)
        #expect(ZigZag.decode(UInt32(0xFFFF_FFFE)) == Int32.max)
        #expect(ZigZag.decode(UInt32(0xFFFF_FFFF)) == Int32.min)
        #expect(ZigZag.decode(UInt64(0)) == 0)
        #expect(ZigZag.decode(UInt64(175_895)) == -87_948)
        #expect(ZigZag.decode(UInt64(175_896)) == 87_948)
        #expect(ZigZag.decode(UInt64.max - 1) == Int64.max)
        #expect(ZigZag.decode(UInt64.max) == Int64.min)
    }

    @Test("fixed-width values are little-endian and checked for truncation")
    func fixedWidth() throws {
        var reader = ProtobufReader([0x78, 0x56, 0x34, 0x12, 1, 2, 3, 4, 5, 6, 7, 0x80])
        #expect(try reader.readFixed32() == 0x1234_5678)
        #expect(try reader.readFixed64() == 0x8007_0605_0403_0201)
        #expect(reader.isAtEnd)
        #expect(readError([1, 2, 3]) { reader throws(MapError) in _ = try reader.readFixed32() } != nil)
        #expect(readError([1, 2, 3, 4, 5, 6, 7]) { reader throws(MapError) in _ = try reader.readFixed64() } != nil)
    }

    @Test("length-delimited values: strings, bytes, embedded messages within their bounds")
    func lengthDelimited() throws {
        var writer = ProtobufWriter()
        writer.stringField(1, "Töölö")
        writer.messageField(2) { message in
            message.varintField(1, 150)
            message.stringField(2, "inner")
        }
        writer.varintField(3, 7)
        var reader = ProtobufReader(writer.bytes)

        #expect(try reader.readFieldKey() == ProtobufFieldKey(number: 1, wireType: .lengthDelimited))
        #expect(try reader.readString() == "Töölö")
        #expect(try reader.readFieldKey() == ProtobufFieldKey(number: 2, wireType: .lengthDelimited))
        var message = try reader.readMessage()
        #expect(try message.readFieldKey() == ProtobufFieldKey(number: 1, wireType: .varint))
        #expect(try message.readVarint() == 150)
        #expect(try message.readFieldKey() == ProtobufFieldKey(number: 2, wireType: .lengthDelimited))
        #expect(try message.readString() == "inner")
        // The embedded message ends where its length says, not at the end of the buffer.
        #expect(try message.readFieldKey() == nil)
        #expect(try reader.readFieldKey() == ProtobufFieldKey(number: 3, wireType: .varint))
        #expect(try reader.readVarint() == 7)
        #expect(try reader.readFieldKey() == nil)
    }

    @Test("an embedded message cannot read past its own end")
    func embeddedBounds() throws {
        // Message of 2 bytes: a key and a varint that claims to continue into the next field.
        var reader = ProtobufReader([0x12, 0x02, 0x08, 0x96, 0x01, 0x00])
        _ = try reader.readFieldKey()
        var message = try reader.readMessage()
        _ = try message.readFieldKey()
        #expect(throws: MapError.self) { try message.readVarint() }
    }

    @Test("invalid UTF-8 in a string becomes U+FFFD")
    func invalidUTF8() throws {
        var reader = ProtobufReader([0x03, 0x61, 0xFF, 0x62])
        #expect(try reader.readString() == "a\u{FFFD}b")
    }

    @Test(
        "lengths past the end throw, however large",
        arguments: [
            [0x05, 1, 2, 3],
            [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01],
            [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F, 0x00],
        ] as [[UInt8]])
    func lengthPastEnd(bytes: [UInt8]) {
        let error = readError(bytes) { reader throws(MapError) in _ = try reader.readBytes() }
        #expect(error?.message.contains("runs past the end of its message") == true)
    }

    @Test("packed uint32 fields")
    func packed() throws {
        var writer = ProtobufWriter()
        writer.packedField(4, [9, 50, 34, 4_294_967_289])
        var reader = ProtobufReader(writer.bytes)
        _ = try reader.readFieldKey()
        var values: [UInt32] = [1]
        try reader.readPackedUInt32(into: &values)
        #expect(values == [1, 9, 50, 34, 4_294_967_289])
    }

    @Test("keys: field numbers and wire types; 0, wire types 6 and 7 and wide keys throw")
    func keys() throws {
        var reader = ProtobufReader([0x78, 0x0D, 0xFA, 0xFF, 0xFF, 0xFF, 0x0F])
        #expect(try reader.readFieldKey() == ProtobufFieldKey(number: 15, wireType: .varint))
        #expect(try reader.readFieldKey() == ProtobufFieldKey(number: 1, wireType: .fixed32))
        #expect(try reader.readFieldKey() == ProtobufFieldKey(number: (1 << 29) - 1, wireType: .lengthDelimited))
        for bad: [UInt8] in [[0x00], [0x02], [0x0E], [0x0F], [0x80, 0x80, 0x80, 0x80, 0x10]] {
            #expect(readError(bad) { reader throws(MapError) in _ = try reader.readFieldKey() } != nil, "\(bad)")
        }
    }

    @Test("skipping a value of every wire type, groups nested")
    func skipping() throws {
        var writer = ProtobufWriter()
        writer.varintField(1, 300)
        writer.fixed64Field(2, 1)
        writer.stringField(3, "skipped")
        writer.fixed32Field(4, 1)
        // Group 5 holding a varint, a nested group 6 with a string, and a fixed32.
        writer.key(5, .startGroup)
        writer.varintField(1, 1)
        writer.key(6, .startGroup)
        writer.stringField(1, "deep")
        writer.key(6, .endGroup)
        writer.fixed32Field(2, 9)
        writer.key(5, .endGroup)
        writer.varintField(9, 42)
        var reader = ProtobufReader(writer.bytes)
        var kept: [UInt64] = []
        while let key = try reader.readFieldKey() {
            if key.number == 9 { kept.append(try reader.readVarint()) } else { try reader.skipValue(of: key) }
        }
        #expect(kept == [42])
    }

    @Test(
        "malformed groups throw",
        arguments: [
            // An end group without its start.
            [0x0C],
            // A group never closed.
            [0x0B, 0x08, 0x01],
            // Closed by the end of another group.
            [0x0B, 0x14],
            // Nested groups that do not close.
            [0x0B, 0x13, 0x1B, 0x1C],
        ] as [[UInt8]])
    func badGroups(bytes: [UInt8]) {
        let error = readError(bytes) { reader throws(MapError) in
            while let key = try reader.readFieldKey() { try reader.skipValue(of: key) }
        }
        #expect(error?.kind == .invalidData)
    }

    @Test("deeply nested groups are skipped without recursion")
    func deepGroups() throws {
        let depth = 100_000
        var bytes = [UInt8](repeating: 0x0B, count: depth)
        bytes += [UInt8](repeating: 0x0C, count: depth)
        bytes += [0x10, 0x05]
        var reader = ProtobufReader(bytes)
        let group = try #require(try reader.readFieldKey())
        try reader.skipValue(of: group)
        #expect(try reader.readFieldKey() == ProtobufFieldKey(number: 2, wireType: .varint))
        #expect(try reader.readVarint() == 5)
    }
}
