/// What a `FITReader` reads next from a stream.
public enum FITEvent: Sendable {
    /// The header of a FIT file: the first of the stream, or the next of chained files.
    case fileHeader(FITFileHeader)
    /// A data message. Definition messages are not events: the reader keeps them.
    case message(FITMessage)
    /// The end of a file: its data and its 2-byte CRC read (and checked).
    case fileEnd(FITFileEnd)
    /// Something wrong in the stream, at a byte offset; after a damage that stops reading
    /// (`FITDamage.stopsReading`) the reader yields nothing more.
    case damage(FITDamage)
}

/// A FIT file header (FIT SDK, "FIT File Structure", section 3.3.1 "File Header").
public struct FITFileHeader: Hashable, Sendable {
    /// The byte offset of the header from the start of the stream.
    public var offset: Int
    /// The header's size in bytes: 12, 14, or more (the bytes past 14 are skipped).
    public var size: Int
    /// The protocol version byte (major version in the high nibble).
    public var protocolVersion: UInt8
    /// The profile version, such as 2132 for 21.32.
    public var profileVersion: UInt16
    /// The bytes of records after the header, before the file's CRC.
    public var dataSize: Int
    /// The header's CRC when it has one and it is not 0 ("not computed").
    public var crc: UInt16?

    /// Creates a header.
    public init(offset: Int, size: Int, protocolVersion: UInt8, profileVersion: UInt16, dataSize: Int, crc: UInt16?) {
        self.offset = offset
        self.size = size
        self.protocolVersion = protocolVersion
        self.profileVersion = profileVersion
        self.dataSize = dataSize
        self.crc = crc
    }
}

/// The end of one FIT file of a stream.
public struct FITFileEnd: Hashable, Sendable {
    /// The byte offset of the file's CRC.
    public var offset: Int
    /// The CRC stored in the file.
    public var storedCRC: UInt16
    /// The CRC of the file's bytes before it.
    public var computedCRC: UInt16
    /// The data messages the file held.
    public var messageCount: Int

    /// Creates an end.
    public init(offset: Int, storedCRC: UInt16, computedCRC: UInt16, messageCount: Int) {
        self.offset = offset
        self.storedCRC = storedCRC
        self.computedCRC = computedCRC
        self.messageCount = messageCount
    }

    /// Whether the stored CRC is the computed one.
    public var crcMatches: Bool { storedCRC == computedCRC }
}

/// Damage found while reading a FIT stream.
public struct FITDamage: Hashable, Sendable {
    /// What sort of damage.
    public enum Kind: Hashable, Sendable {
        /// The stream does not start with a FIT header (no ".FIT" at byte 8, a header
        /// size under 12), or after a file more bytes follow that are not one.
        case notFIT
        /// The header's CRC is not that of its bytes.
        case headerCRC
        /// The stream ends inside a header, a message or the CRC.
        case truncated
        /// The file's CRC is not that of its bytes: the messages were read, but some may
        /// be wrong. Reading goes on with the next file of a chain.
        case fileCRC
        /// A data message of a local type no definition has declared.
        case undefinedLocalType
        /// A message that runs past the data size the header declares.
        case pastDataEnd
        /// A definition's architecture byte is neither 0 nor 1; its messages are read as
        /// big-endian, as GPSBabel reads the Lezyne files that write 0xFF there. Reading
        /// goes on.
        case unknownArchitecture
    }

    /// What sort of damage.
    public var kind: Kind
    /// The byte offset from the start of the stream where it was found.
    public var offset: Int
    /// What is wrong, in words, ending with "at byte N".
    public var message: String
    /// How many data messages the reader yielded before it.
    public var messagesBefore: Int

    /// Creates a damage report.
    public init(kind: Kind, offset: Int, message: String, messagesBefore: Int) {
        self.kind = kind
        self.offset = offset
        self.message = message
        self.messagesBefore = messagesBefore
    }

    /// Whether the reader stops here: all damage but a file CRC mismatch and an unknown
    /// architecture byte.
    public var stopsReading: Bool { kind != .fileCRC && kind != .unknownArchitecture }
}
