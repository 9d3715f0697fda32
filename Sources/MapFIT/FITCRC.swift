/// The CRC-16 of the FIT protocol (FIT SDK, "FIT File Structure", section 3.3.2 "CRC"):
/// the ANSI CRC-16 (polynomial 0x8005, reflected), computed four bits at a time with the
/// SDK's 16-entry table. It covers the 14-byte header's first 12 bytes (the header CRC)
/// and the whole file before its last two bytes (the file CRC).
public struct FITCRC: Hashable, Sendable {
    /// The CRC of the bytes added so far; 0 before any.
    public private(set) var value: UInt16 = 0

    /// A CRC of no bytes.
    public init() {}

    // The SDK's table, indexed by a nibble (FIT SDK `FitCRC_Get16`).
    private static let table: [UInt16] = [
        0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
        0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400,
    ]

    /// Adds one byte: the low nibble first, then the high one.
    @inline(__always)
    public mutating func add(_ byte: UInt8) {
        var crc = value
        var low = Self.table[Int(crc & 0xF)]
        crc = (crc >> 4) & 0x0FFF
        crc = crc ^ low ^ Self.table[Int(byte & 0xF)]
        low = Self.table[Int(crc & 0xF)]
        crc = (crc >> 4) & 0x0FFF
        value = crc ^ low ^ Self.table[Int(byte >> 4)]
    }

    /// Adds bytes in order.
    public mutating func add(_ bytes: UnsafeRawBufferPointer) {
        for byte in bytes { add(byte) }
    }

    /// Adds bytes in order.
    public mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { add(byte) }
    }
}
