/// FIT files built byte by byte for tests (FIT SDK, "FIT Protocol"): definitions, data
/// messages with normal or compressed-timestamp headers, the header and the CRCs. The CRC
/// here is computed bit by bit (CRC-16/ARC, reflected polynomial 0xA001), independently of
/// the reader's nibble table.
package struct FITTestFile {
    /// A field of a definition: number, size in bytes, base type byte.
    package typealias Field = (number: UInt8, size: UInt8, baseType: UInt8)

    /// The record bytes so far (definitions and data messages).
    package var records: [UInt8] = []
    private var layouts: [UInt8: (fields: [Field], bigEndian: Bool, developerBytes: Int)] = [:]

    /// An empty file.
    package init() {}

    /// The `record` fields `record(local:…)` writes: timestamp, position_lat,
    /// position_long, enhanced_altitude, enhanced_speed, gps_accuracy.
    package static let recordFields: [Field] = [
        (253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85), (78, 4, 0x86), (73, 4, 0x86), (31, 1, 0x02),
    ]

    /// Appends a definition message for local type `local` (0–15).
    package mutating func define(
        local: UInt8, global: UInt16, bigEndian: Bool = false, architecture: UInt8? = nil, fields: [Field],
        developerFields: [Field] = []
    ) {
        records.append(0x40 | (developerFields.isEmpty ? 0 : 0x20) | local)
        records.append(0)
        records.append(architecture ?? (bigEndian ? 1 : 0))
        records += bigEndian ? [UInt8(global >> 8), UInt8(global & 0xFF)] : [UInt8(global & 0xFF), UInt8(global >> 8)]
        records.append(UInt8(fields.count))
        for field in fields { records += [field.number, field.size, field.baseType] }
        if !developerFields.isEmpty {
            records.append(UInt8(developerFields.count))
            for field in developerFields { records += [field.number, field.size, field.baseType] }
        }
        layouts[local] = (fields, bigEndian, developerFields.reduce(0) { $0 + Int($1.size) })
    }

    /// Appends a data message of local type `local`: one integer per field of its definition,
    /// written in the field's size and the definition's byte order (strings: see
    /// `string(_:size:)`), then 0xEE for every developer byte.
    package mutating func data(local: UInt8, _ values: [Int64], compressedTimeOffset: UInt8? = nil) {
        if let compressedTimeOffset {
            records.append(0x80 | (local & 0x03) << 5 | (compressedTimeOffset & 0x1F))
        } else {
            records.append(local)
        }
        guard let layout = layouts[local] else { return }
        for (field, value) in zip(layout.fields, values) {
            records += Self.integer(value, size: Int(field.size), bigEndian: layout.bigEndian)
        }
        records += [UInt8](repeating: 0xEE, count: layout.developerBytes)
    }

    /// Appends a `record` (global 20) with the fields of `recordFields`, defined on `local`
    /// when `define` is true; `nil` writes the field's invalid value.
    package mutating func record(
        local: UInt8 = 0, define: Bool = false, time: UInt32, latitude: Double?, longitude: Double?,
        altitude: Double? = nil, speed: Double? = nil, accuracy: UInt8? = nil, compressedTimeOffset: UInt8? = nil
    ) {
        if define { self.define(local: local, global: 20, fields: Self.recordFields) }
        let semicircles = { (degrees: Double?) -> Int64 in
            degrees.map { Int64(($0 * 2_147_483_648.0 / 180).rounded()) } ?? 0x7FFF_FFFF
        }
        data(
            local: local,
            [
                Int64(time), semicircles(latitude), semicircles(longitude),
                altitude.map { Int64((($0 + 500) * 5).rounded()) } ?? 0xFFFF_FFFF,
                speed.map { Int64(($0 * 1000).rounded()) } ?? 0xFFFF_FFFF, accuracy.map(Int64.init) ?? 0xFF,
            ], compressedTimeOffset: compressedTimeOffset)
    }

    /// `value` as `size` bytes, two's complement, in the given order.
    package static func integer(_ value: Int64, size: Int, bigEndian: Bool) -> [UInt8] {
        let bits = UInt64(bitPattern: value)
        let little = (0..<size).map { UInt8(truncatingIfNeeded: bits >> (8 * UInt64($0))) }
        return bigEndian ? little.reversed() : little
    }

    /// The whole file: a 14-byte header (or 12) with the data size (plus `extraDataSize`)
    /// and its CRC, the records, the file CRC (its bits flipped when `damageCRC`).
    package func file(headerSize: Int = 14, extraDataSize: Int = 0, damageCRC: Bool = false) -> [UInt8] {
        let size = UInt32(records.count + extraDataSize)
        var header: [UInt8] = [UInt8(headerSize), 0x20, 0x54, 0x08]
        header += (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * UInt32($0))) }
        header += Array(".FIT".utf8)
        if headerSize >= 14 {
            let crc = Self.crc(header)
            header += [UInt8(crc & 0xFF), UInt8(crc >> 8)]
            header += [UInt8](repeating: 0, count: headerSize - 14)
        }
        var bytes = header + records
        var crc = Self.crc(bytes)
        if damageCRC { crc ^= 0xFFFF }
        bytes += [UInt8(crc & 0xFF), UInt8(crc >> 8)]
        return bytes
    }

    /// CRC-16/ARC bit by bit: the FIT CRC by its definition rather than its table.
    package static func crc(_ bytes: [UInt8]) -> UInt16 {
        var crc: UInt16 = 0
        for byte in bytes {
            crc ^= UInt16(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? crc >> 1 ^ 0xA001 : crc >> 1 }
        }
        return crc
    }
}
