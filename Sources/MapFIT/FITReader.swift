public import MapErrors

/// Reads a FIT stream (FIT SDK, "FIT Protocol" and "FIT File Structure", protocol 1.0 and
/// 2.0) message by message, from any `FITByteSource`, through one small reusable buffer.
///
/// Each call to `next()` yields the next event: a file header, a data message, a file's
/// end with its CRC checked, or damage. Several FIT files chained back to back in one
/// stream (multisport activities, "chained FIT files") are read in turn, each with its own
/// header, definitions and CRC. Definition messages are kept, not yielded; developer
/// fields are skipped by their sizes; compressed-timestamp headers are resolved against
/// the last full timestamp.
///
/// Damage is an event, with the byte offset it was found at, and never a trap: bytes are
/// only ever read into a buffer bounded by the protocol's own message sizes, whatever a
/// size field says.
public struct FITReader<Source: FITByteSource> {
    private enum State {
        case header
        case records(dataEnd: Int)
        case crc
        case finished
    }

    private var input: FITInputBuffer<Source>
    private var state = State.header
    private var crc = FITCRC()
    private var definitions = [FITDefinition?](repeating: nil, count: 16)
    // The last full timestamp (field 253) of the file, for compressed-timestamp headers.
    private var lastTimestamp: UInt32 = 0
    private var pending: FITEvent?
    private var filesStarted = 0
    private var messagesInFile = 0

    /// How many data messages the reader has yielded, in all files.
    public private(set) var messageCount = 0

    /// A reader of the stream `source` hands over.
    public init(source: Source) {
        self.input = FITInputBuffer(source: source)
    }

    /// The stream offset of the next byte to read.
    public var offset: Int { input.offset }

    /// The next event, or `nil` after the stream's end or damage that stops reading.
    ///
    /// - Throws: only what the source throws.
    public mutating func next() throws(MapError) -> FITEvent? {
        if let event = pending {
            pending = nil
            return event
        }
        while true {
            switch state {
            case .finished:
                return nil
            case .header:
                return try readHeader()
            case .records(let dataEnd):
                if input.offset >= dataEnd {
                    state = .crc
                    continue
                }
                // A definition is kept, not yielded: read on (a loop, not recursion, so a
                // run of thousands of definitions does not deepen the stack).
                if let event = try readRecord(dataEnd: dataEnd) { return event }
            case .crc:
                return try readCRC()
            }
        }
    }

    private mutating func damage(_ kind: FITDamage.Kind, _ message: String, at offset: Int) -> FITEvent {
        let report = FITDamage(kind: kind, offset: offset, message: message, messagesBefore: messageCount)
        if report.stopsReading { state = .finished }
        return .damage(report)
    }

    // FIT File Structure, section 3.3.1: size (1), protocol version (1), profile version
    // (2, little-endian), data size (4, little-endian), ".FIT" (4), CRC (2, when 14 bytes).
    private mutating func readHeader() throws(MapError) -> FITEvent? {
        let offset = input.offset
        let first = filesStarted == 0
        guard try input.require(1) else {
            if first { return damage(.notFIT, "the file is empty, not FIT at byte 0", at: offset) }
            state = .finished
            return nil
        }
        let hasTwelve = try input.require(12)
        let signature = hasTwelve && input[8] == 0x2E && input[9] == 0x46 && input[10] == 0x49 && input[11] == 0x54
        guard signature, input[0] >= 12 else {
            if !hasTwelve, first, input.available >= 1, input[0] >= 12 {
                return damage(
                    .truncated, "the file ends inside its header at byte \(offset + input.available)", at: offset)
            }
            let what =
                first ? "not a FIT file: no \".FIT\" header" : "bytes after the last FIT file are not a FIT header"
            return damage(.notFIT, "\(what) at byte \(offset)", at: offset)
        }
        let size = Int(input[0])
        guard try input.require(size) else {
            return damage(
                .truncated, "the file ends inside its \(size)-byte header at byte \(offset + input.available)",
                at: offset)
        }
        let dataSize = Int(input[4]) | Int(input[5]) << 8 | Int(input[6]) << 16 | Int(input[7]) << 24
        var storedCRC: UInt16?
        if size >= 14 {
            let value = UInt16(input[12]) | UInt16(input[13]) << 8
            // A header CRC of 0 means "not computed" (FIT File Structure, section 3.3.1.6).
            if value != 0 { storedCRC = value }
        }
        if let storedCRC {
            var headerCRC = FITCRC()
            input.withBytes(12) { headerCRC.add($0) }
            guard headerCRC.value == storedCRC else {
                return damage(
                    .headerCRC,
                    "the header CRC 0x\(hex(storedCRC)) is not that of the header (0x\(hex(headerCRC.value))) at byte \(offset)",
                    at: offset)
            }
        }
        let header = FITFileHeader(
            offset: offset, size: size, protocolVersion: input[1],
            profileVersion: UInt16(input[2]) | UInt16(input[3]) << 8, dataSize: dataSize, crc: storedCRC)
        crc = FITCRC()
        input.consume(size, into: &crc)
        filesStarted += 1
        messagesInFile = 0
        lastTimestamp = 0
        definitions = [FITDefinition?](repeating: nil, count: 16)
        state = .records(dataEnd: offset + size + dataSize)
        return .fileHeader(header)
    }

    // FIT Protocol, section 4.1 "Record Header": bit 7 compressed timestamp; else bit 6
    // definition (bit 5: with developer fields) or data, local type in bits 0–3. `nil`
    // after a definition, which is kept rather than yielded.
    private mutating func readRecord(dataEnd: Int) throws(MapError) -> FITEvent? {
        let offset = input.offset
        guard try input.require(1) else { return truncated(at: offset, dataEnd: dataEnd) }
        let header = input[0]
        if header & 0x80 != 0 {
            // Section 4.1.2: local type in bits 5–6, a 5-bit time offset in bits 0–4.
            let local = Int(header >> 5 & 0x03)
            guard let definition = definitions[local] else { return undefined(local, at: offset) }
            let timeOffset = UInt32(header & 0x1F)
            var timestamp = (lastTimestamp & ~0x1F) &+ timeOffset
            // The offset rolls over every 32 s: an offset below the last one is in the next
            // period (FIT Protocol, section 4.1.2, "Compressed Timestamp Header").
            if timeOffset < lastTimestamp & 0x1F { timestamp = timestamp &+ 0x20 }
            lastTimestamp = timestamp
            return try readData(definition, local: local, at: offset, dataEnd: dataEnd, timestamp: timestamp)
        }
        let local = Int(header & 0x0F)
        if header & 0x40 != 0 {
            return try readDefinition(local: local, developer: header & 0x20 != 0, at: offset, dataEnd: dataEnd)
        }
        guard let definition = definitions[local] else { return undefined(local, at: offset) }
        return try readData(definition, local: local, at: offset, dataEnd: dataEnd, timestamp: nil)
    }

    private mutating func readData(
        _ definition: FITDefinition, local: Int, at offset: Int, dataEnd: Int, timestamp: UInt32?
    ) throws(MapError) -> FITEvent? {
        let size = 1 + definition.messageSize
        if let damage = try available(size, at: offset, dataEnd: dataEnd, what: "data message") { return damage }
        let fieldBytes = input.withBytes(1 + definition.fieldBytes) { Array($0[1...]) }
        input.consume(size, into: &crc)
        let message = FITMessage(
            localType: UInt8(local), offset: offset, definition: definition, fieldBytes: fieldBytes,
            compressedTimestamp: timestamp)
        // A full timestamp is the reference for the compressed headers that follow.
        if timestamp == nil, definition.field(253) != nil, let full = message.timestamp { lastTimestamp = full }
        messageCount += 1
        messagesInFile += 1
        return .message(message)
    }

    // FIT Protocol, section 4.2.1: reserved (1), architecture (1), global number (2, in the
    // architecture's order), field count (1), 3 bytes a field; with developer data, a count
    // (1) and 3 bytes a developer field.
    private mutating func readDefinition(
        local: Int, developer: Bool, at offset: Int, dataEnd: Int
    ) throws(MapError) -> FITEvent? {
        if let damage = try available(6, at: offset, dataEnd: dataEnd, what: "definition message") { return damage }
        let architecture = input[2]
        let bigEndian = architecture != 0
        let global = bigEndian ? UInt16(input[3]) << 8 | UInt16(input[4]) : UInt16(input[4]) << 8 | UInt16(input[3])
        let fieldCount = Int(input[5])
        var size = 6 + 3 * fieldCount
        if developer {
            if let damage = try available(size + 1, at: offset, dataEnd: dataEnd, what: "definition message") {
                return damage
            }
            size += 1 + 3 * Int(input[size])
        }
        if let damage = try available(size, at: offset, dataEnd: dataEnd, what: "definition message") { return damage }
        var fields: [FITFieldDefinition] = []
        fields.reserveCapacity(fieldCount)
        for index in 0..<fieldCount {
            let at = 6 + 3 * index
            fields.append(
                FITFieldDefinition(number: input[at], size: Int(input[at + 1]), baseTypeByte: input[at + 2], offset: 0))
        }
        var developerSizes: [Int] = []
        if developer {
            let start = 7 + 3 * fieldCount
            for index in 0..<Int(input[6 + 3 * fieldCount]) { developerSizes.append(Int(input[start + 3 * index + 1])) }
        }
        input.consume(size, into: &crc)
        definitions[local] = FITDefinition(
            globalNumber: global, isBigEndian: bigEndian, fields: fields, developerSizes: developerSizes)
        if architecture > 1 {
            return damage(
                .unknownArchitecture,
                "a definition's architecture byte is 0x\(hex(UInt16(architecture), digits: 2)), neither 0 (little-endian) nor 1 (big-endian); read as big-endian, at byte \(offset)",
                at: offset)
        }
        return nil
    }

    // FIT File Structure, section 3.3.3: the 2-byte CRC, little-endian, after the data.
    private mutating func readCRC() throws(MapError) -> FITEvent? {
        let offset = input.offset
        guard try input.require(2) else {
            return damage(.truncated, "the file ends before its 2-byte CRC at byte \(offset)", at: offset)
        }
        let stored = UInt16(input[0]) | UInt16(input[1]) << 8
        input.skip(2)
        state = .header
        let end = FITFileEnd(offset: offset, storedCRC: stored, computedCRC: crc.value, messageCount: messagesInFile)
        guard end.crcMatches else {
            pending = .fileEnd(end)
            return damage(
                .fileCRC,
                "the file CRC 0x\(hex(stored)) is not that of its bytes (0x\(hex(crc.value))) at byte \(offset)",
                at: offset)
        }
        return .fileEnd(end)
    }

    /// `nil` when `count` bytes from `offset` lie within the data and the stream; else the
    /// damage.
    private mutating func available(
        _ count: Int, at offset: Int, dataEnd: Int, what: String
    ) throws(MapError) -> FITEvent? {
        guard offset + count <= dataEnd else {
            return damage(
                .pastDataEnd,
                "a \(count)-byte \(what) runs past the end of the data the header declares (byte \(dataEnd)) at byte \(offset)",
                at: offset)
        }
        guard try input.require(count) else { return truncated(at: offset, dataEnd: dataEnd) }
        return nil
    }

    private mutating func truncated(at offset: Int, dataEnd: Int) -> FITEvent {
        let end = input.offset + input.available
        return damage(
            .truncated,
            "the file ends at byte \(end), before the end of its data (byte \(dataEnd)), in a message at byte \(offset)",
            at: offset)
    }

    private mutating func undefined(_ local: Int, at offset: Int) -> FITEvent {
        damage(
            .undefinedLocalType,
            "a data message of local type \(local), which no definition declared, at byte \(offset)",
            at: offset)
    }
}

/// `value` in upper-case hexadecimal, zero-padded to `digits`.
private func hex(_ value: UInt16, digits: Int = 4) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
}
