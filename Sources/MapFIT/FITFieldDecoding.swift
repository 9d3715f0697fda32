/// Decodes one field's bytes by its base type (FIT SDK, "FIT Protocol", section 4.2.1.4.2):
/// invalid values are absent (`nil`), a field holding several values is an array, and a
/// field whose size is not a multiple of its base type's is read as bytes.
enum FITFieldDecoding {
    /// The value of `field` in `bytes` (a data message's field bytes).
    static func value(
        of field: FITFieldDefinition, in bytes: UnsafeRawBufferPointer, bigEndian: Bool
    ) -> FITValue? {
        guard field.size > 0, field.offset >= 0, field.offset + field.size <= bytes.count else { return nil }
        let raw = UnsafeRawBufferPointer(rebasing: bytes[field.offset..<field.offset + field.size])
        guard let type = field.baseType else { return bytesValue(raw) }
        switch type {
        case .string:
            return stringValue(raw)
        case .byte:
            return bytesValue(raw)
        default:
            let size = type.size
            guard raw.count % size == 0 else { return bytesValue(raw) }
            if raw.count == size { return scalar(type, raw, 0, bigEndian: bigEndian) }
            var elements: [FITValue?] = []
            elements.reserveCapacity(raw.count / size)
            var start = 0
            while start < raw.count {
                elements.append(scalar(type, raw, start, bigEndian: bigEndian))
                start += size
            }
            return elements.contains { $0 != nil } ? .array(elements) : nil
        }
    }

    /// The unsigned integer of `size` bytes at `start`, in the message's byte order.
    @inline(__always)
    static func bits(_ raw: UnsafeRawBufferPointer, _ start: Int, size: Int, bigEndian: Bool) -> UInt64 {
        var value: UInt64 = 0
        if bigEndian {
            for index in start..<start + size { value = value << 8 | UInt64(raw[index]) }
        } else {
            var index = start + size - 1
            while index >= start {
                value = value << 8 | UInt64(raw[index])
                index -= 1
            }
        }
        return value
    }

    /// One value of a numeric type, `nil` when it is the type's invalid value.
    @inline(__always)
    static func scalar(_ type: FITBaseType, _ raw: UnsafeRawBufferPointer, _ start: Int, bigEndian: Bool) -> FITValue? {
        let size = type.size
        let value = bits(raw, start, size: size, bigEndian: bigEndian)
        if let invalid = type.invalidBits, value == invalid { return nil }
        switch type {
        case .sint8: return .signed(Int64(Int8(truncatingIfNeeded: value)))
        case .sint16: return .signed(Int64(Int16(truncatingIfNeeded: value)))
        case .sint32: return .signed(Int64(Int32(truncatingIfNeeded: value)))
        case .sint64: return .signed(Int64(bitPattern: value))
        case .float32:
            let number = Double(Float(bitPattern: UInt32(truncatingIfNeeded: value)))
            return number.isNaN ? nil : .float(number)
        case .float64:
            let number = Double(bitPattern: value)
            return number.isNaN ? nil : .float(number)
        default: return .unsigned(value)
        }
    }

    /// A string field: UTF-8 up to the first NUL (invalid sequences replaced); absent when
    /// empty.
    static func stringValue(_ raw: UnsafeRawBufferPointer) -> FITValue? {
        let end = raw.firstIndex(of: 0) ?? raw.count
        guard end > 0 else { return nil }
        return .string(String(decoding: UnsafeRawBufferPointer(rebasing: raw[0..<end]), as: UTF8.self))
    }

    /// A bytes field: absent when every byte is 0xFF.
    static func bytesValue(_ raw: UnsafeRawBufferPointer) -> FITValue? {
        raw.allSatisfy { $0 == 0xFF } ? nil : .bytes(Array(raw))
    }
}
