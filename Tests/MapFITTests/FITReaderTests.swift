import Foundation
import MapErrors
import MapTestSupport
import Testing

@testable import MapFIT

// The FIT protocol (FIT SDK, "FIT Protocol" and "FIT File Structure") on files built byte by
// byte (`FITTestFile`, whose CRC is computed bit by bit), then on real files against
// fitdecode's reading (Tests/MapInputsTests/Fixtures/fit/reference.json).

/// Every event of a stream, read `chunk` bytes at a time.
private func events(_ bytes: [UInt8], chunk: Int? = nil) throws -> [FITEvent] {
    var result: [FITEvent] = []
    if let chunk {
        var reader = FITReader(source: ChunkedSource(bytes: bytes, chunk: chunk))
        while let event = try reader.next() { result.append(event) }
    } else {
        var reader = FITReader(source: FITByteArraySource(bytes))
        while let event = try reader.next() { result.append(event) }
    }
    return result
}

private func messages(_ events: [FITEvent]) -> [FITMessage] {
    events.compactMap { if case .message(let message) = $0 { message } else { nil } }
}

private func damages(_ events: [FITEvent]) -> [FITDamage] {
    events.compactMap { if case .damage(let damage) = $0 { damage } else { nil } }
}

private func fileEnds(_ events: [FITEvent]) -> [FITFileEnd] {
    events.compactMap { if case .fileEnd(let end) = $0 { end } else { nil } }
}

/// A source that hands over at most `chunk` bytes a call, to exercise the buffer's refills.
private struct ChunkedSource: FITByteSource {
    let bytes: [UInt8]
    let chunk: Int
    var position = 0

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(MapError) -> Int {
        let count = min(chunk, buffer.count, bytes.count - position)
        for index in 0..<count { buffer[index] = bytes[position + index] }
        position += count
        return count
    }
}

/// A short ride of `count` records, one a second from FIT time 1,000,000,000.
private func ride(_ count: Int, bigEndian: Bool = false) -> FITTestFile {
    var file = FITTestFile()
    file.define(local: 0, global: 0, bigEndian: bigEndian, fields: [(0, 1, 0x00)])
    file.data(local: 0, [4])
    file.define(local: 1, global: 20, bigEndian: bigEndian, fields: FITTestFile.recordFields)
    for index in 0..<count {
        file.data(
            local: 1,
            [
                1_000_000_000 + Int64(index), Int64(477_218_588 + index * 1000), Int64(-1_249_475_627 - index * 1000),
                Int64((100 + 500) * 5), 5000, 4,
            ])
    }
    return file
}

@Suite("FIT protocol")
struct FITReaderTests {
    @Test("the CRC is CRC-16/ARC: the check value, and the bitwise CRC of other bytes")
    func crc() {
        var check = FITCRC()
        check.add(Array("123456789".utf8))
        #expect(check.value == 0xBB3D)
        var generator = SplitMix64(seed: 7)
        let bytes = (0..<5000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        var table = FITCRC()
        table.add(bytes)
        #expect(table.value == FITTestFile.crc(bytes))
    }

    @Test("a file: header, messages with their offsets, end with the CRC checked")
    func wholeFile() throws {
        let bytes = ride(3).file()
        let all = try events(bytes)
        guard case .fileHeader(let header) = all.first else {
            Issue.record("no header first")
            return
        }
        #expect(header.size == 14 && header.dataSize == bytes.count - 16 && header.crc != nil)
        let read = messages(all)
        #expect(read.map(\.globalNumber) == [0, 20, 20, 20])
        // Header 14, file_id definition 9 and data 2, record definition 24: the first
        // record's header byte.
        #expect(read[1].offset == 14 + 9 + 2 + 24)
        // A record: its header byte and 21 bytes of fields.
        #expect(read[1].offset + 1 + 21 == read[2].offset)
        #expect(read[3].timestamp == 1_000_000_002)
        #expect(read[3].number(0) == 477_220_588)
        #expect(read[3].number(1) == -1_249_477_627)
        #expect(fileEnds(all).map(\.crcMatches) == [true])
        #expect(damages(all).isEmpty)
        // The same, one byte at a time and in odd chunks.
        for chunk in [1, 7, 4096] {
            #expect(messages(try events(bytes, chunk: chunk)).map(\.offset) == read.map(\.offset))
        }
    }

    @Test("a 12-byte header without a CRC, and one whose CRC is 0 (not computed)")
    func headers() throws {
        let twelve = ride(2).file(headerSize: 12)
        #expect(messages(try events(twelve)).count == 3)
        var zeroCRC = ride(2).file()
        zeroCRC[12] = 0
        zeroCRC[13] = 0
        let all = try events(zeroCRC)
        #expect(messages(all).count == 3)
        // The file CRC covered the header's CRC bytes as written: now it differs.
        #expect(damages(all).map(\.kind) == [.fileCRC])
    }

    @Test("big-endian definitions: global number and fields in network order")
    func bigEndian() throws {
        let all = try events(ride(2, bigEndian: true).file())
        let read = messages(all)
        #expect(read.map(\.globalNumber) == [0, 20, 20])
        #expect(read[2].number(0) == 477_219_588)
        #expect(read[2].number(1) == -1_249_476_627)
        #expect(read[2].timestamp == 1_000_000_001)
        #expect(read[2].definition.isBigEndian)
    }

    @Test("compressed timestamps roll over against the last full timestamp")
    func compressedTimestamps() throws {
        var file = FITTestFile()
        file.define(local: 0, global: 20, fields: FITTestFile.recordFields)
        file.define(local: 1, global: 20, fields: [(0, 4, 0x85), (1, 4, 0x85)])
        // A full timestamp 1000 (1000 mod 32 = 8).
        file.record(local: 0, time: 1000, latitude: 1, longitude: 2)
        for offset: UInt8 in [10, 31, 2, 2, 1] { file.data(local: 1, [0, 0], compressedTimeOffset: offset) }
        // A full timestamp resets the reference.
        file.record(local: 0, time: 5000, latitude: 1, longitude: 2)
        file.data(local: 1, [0, 0], compressedTimeOffset: 7)
        let times = messages(try events(file.file())).map(\.timestamp)
        // 5000 mod 32 = 8, so offset 7 is in the next 32 s: 4992 + 32 + 7.
        let expected: [UInt32?] = [1000, 1002, 1023, 1026, 1026, 1057, 5000, 5031]
        #expect(times == expected)
        #expect(messages(try events(file.file()))[1].compressedTimestamp == 1002)
    }

    @Test("invalid values of every base type are absent; valid ones decode")
    func baseTypes() throws {
        let types: [(UInt8, UInt8, Int64, Int64, FITValue)] = [
            (0x00, 1, 0xFF, 3, .unsigned(3)), (0x01, 1, 0x7F, -3, .signed(-3)), (0x02, 1, 0xFF, 200, .unsigned(200)),
            (0x83, 2, 0x7FFF, -300, .signed(-300)), (0x84, 2, 0xFFFF, 65000, .unsigned(65000)),
            (0x85, 4, 0x7FFF_FFFF, -70000, .signed(-70000)),
            (0x86, 4, 0xFFFF_FFFF, 4_000_000_000, .unsigned(4_000_000_000)),
            (0x88, 4, 0xFFFF_FFFF, Int64(Float(1.5).bitPattern), .float(1.5)),
            (0x89, 8, -1, Int64(bitPattern: (-2.25).bitPattern), .float(-2.25)), (0x0A, 1, 0, 9, .unsigned(9)),
            (0x8B, 2, 0, 9, .unsigned(9)), (0x8C, 4, 0, 9, .unsigned(9)),
            (0x8E, 8, 0x7FFF_FFFF_FFFF_FFFF, -5, .signed(-5)), (0x8F, 8, -1, 5, .unsigned(5)),
            (0x90, 8, 0, 5, .unsigned(5)),
        ]
        var file = FITTestFile()
        file.define(
            local: 0, global: 999, fields: types.enumerated().map { (UInt8($0.offset), $0.element.1, $0.element.0) })
        file.data(local: 0, types.map { $0.2 })
        file.data(local: 0, types.map { $0.3 })
        let read = messages(try events(file.file()))
        #expect(read[0].fields.isEmpty)
        for (index, type) in types.enumerated() {
            #expect(read[0].value(UInt8(index)) == nil, "invalid \(type.0)")
            #expect(read[1].value(UInt8(index)) == type.4, "valid \(type.0)")
        }
    }

    @Test("strings, bytes, arrays, and sizes that are not a multiple of the base type's")
    func fieldShapes() throws {
        var file = FITTestFile()
        // A 3-byte uint32 (read as bytes), an 8-byte uint32 (an array of two), a string of 8,
        // a byte field of 3, a field of an undefined base type.
        file.define(
            local: 0, global: 31, fields: [(1, 3, 0x86), (2, 8, 0x86), (5, 8, 0x07), (6, 3, 0x0D), (7, 2, 0x1F)])
        file.records.append(0)
        file.records += [1, 2, 3]
        file.records += [5, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF]
        file.records += Array("Ride\u{0}xyz".utf8)
        file.records += [0xFF, 0xFF, 0xFF]
        file.records += [0xAB, 0xCD]
        let message = try #require(messages(try events(file.file())).first)
        #expect(message.value(1) == .bytes([1, 2, 3]))
        #expect(message.value(2) == .array([.unsigned(5), nil]))
        #expect(message.number(2) == 5)
        #expect(message.string(5) == "Ride")
        #expect(message.value(6) == nil)
        #expect(message.value(7) == .bytes([0xAB, 0xCD]))
    }

    @Test("developer fields are skipped by their sizes; local types can be redefined")
    func developerFieldsAndRedefinition() throws {
        var file = FITTestFile()
        file.define(local: 0, global: 20, fields: [(253, 4, 0x86)], developerFields: [(0, 5, 0), (1, 2, 1)])
        file.data(local: 0, [77])
        file.data(local: 0, [78])
        file.define(local: 0, global: 18, fields: [(2, 4, 0x86), (5, 1, 0x00)])
        file.data(local: 0, [70, 2])
        let all = try events(file.file())
        let read = messages(all)
        #expect(read.map(\.globalNumber) == [20, 20, 18])
        #expect(read.map(\.timestamp) == [77, 78, nil])
        #expect(read[0].definition.developerBytes == 7)
        #expect(read[2].number(5) == 2)
        #expect(damages(all).isEmpty)
    }

    @Test("chained files are read in turn, each with its header, definitions and CRC")
    func chained() throws {
        let first = ride(2).file()
        let second = ride(3, bigEndian: true).file()
        let all = try events(first + second + ride(1).file(damageCRC: true))
        let headers = all.compactMap { if case .fileHeader(let header) = $0 { header.offset } else { nil } }
        #expect(headers == [0, first.count, first.count + second.count])
        #expect(fileEnds(all).map(\.messageCount) == [3, 4, 2])
        #expect(fileEnds(all).map(\.crcMatches) == [true, true, false])
        #expect(damages(all).map(\.kind) == [.fileCRC])
        // Definitions do not carry over: a data message of the first file's type in the
        // second is undefined.
        var bare = FITTestFile()
        bare.data(local: 1, [])
        let undefined = damages(try events(first + bare.file()))
        #expect(undefined.map(\.kind) == [.undefinedLocalType])
        #expect(undefined.first?.offset == first.count + 14)
    }

    @Test("damage is reported with its byte offset")
    func damage() throws {
        let good = ride(3).file()
        // A data size beyond the file: the stream ends inside the data (the CRC left off,
        // or its two bytes would be read as a record header).
        let long = Array(ride(3).file(extraDataSize: 1_000_000).dropLast(2))
        let cut = damages(try events(long))
        #expect(cut.map(\.kind) == [.truncated])
        #expect(cut.first?.message.contains("before the end of its data (byte 1000") == true)
        // Cut inside the last message.
        let short = Array(good.prefix(good.count - 10))
        let truncated = try events(short)
        #expect(messages(truncated).count == 3)
        #expect(damages(truncated).first?.kind == .truncated)
        #expect(damages(truncated).first?.offset == good.count - 2 - 22)
        #expect(damages(truncated).first?.messagesBefore == 3)
        // The header's CRC.
        var badHeader = good
        badHeader[13] ^= 0x55
        #expect(damages(try events(badHeader)).map(\.kind) == [.headerCRC])
        #expect(messages(try events(badHeader)).isEmpty)
        // Not FIT at all, empty, a header cut short.
        #expect(damages(try events(Array("<gpx></gpx> and more text".utf8))).map(\.kind) == [.notFIT])
        #expect(damages(try events([])).map(\.message) == ["the file is empty, not FIT at byte 0"])
        #expect(damages(try events(Array(good.prefix(13)))).map(\.kind) == [.truncated])
        // Garbage after a good file.
        let garbage = damages(try events(good + [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]))
        #expect(garbage.map(\.offset) == [good.count])
        #expect(garbage.map(\.kind) == [.notFIT])
    }

    @Test("a message past the declared data size, and a definition whose size field says more than the file has")
    func sizes() throws {
        var file = ride(1)
        let dataSize = file.records.count
        file.define(local: 2, global: 20, fields: FITTestFile.recordFields)
        var bytes = file.file()
        // Declare only the first records as data: the definition after them runs past it.
        bytes[4] = UInt8(dataSize & 0xFF)
        bytes[5] = UInt8(dataSize >> 8)
        bytes[12] = 0
        bytes[13] = 0
        let all = try events(bytes)
        #expect(messages(all).count == 2)
        // The definition is read as data past the declared size's end: the stored CRC is
        // then some other two bytes, and what follows is not a header.
        #expect(!damages(all).isEmpty)
        // 255 fields of 255 bytes: the largest message; in a file far smaller, only the
        // bytes there are read, and the reader stops at the end.
        var huge = FITTestFile()
        huge.define(local: 0, global: 20, fields: (0..<255).map { (UInt8($0), 255, 0x0D) })
        huge.records.append(0)
        let hugeBytes = huge.file(extraDataSize: 255 * 255)
        let hugeEvents = try events(hugeBytes)
        #expect(damages(hugeEvents).map(\.kind) == [.truncated])
    }

    @Test("an architecture byte other than 0 or 1 is read as big-endian, with a report")
    func unusualArchitecture() throws {
        var file = FITTestFile()
        file.define(local: 0, global: 20, bigEndian: true, architecture: 0xFF, fields: [(253, 4, 0x86)])
        file.data(local: 0, [1234])
        let all = try events(file.file())
        #expect(damages(all).map(\.kind) == [.unknownArchitecture])
        #expect(messages(all).first?.timestamp == 1234)
    }
}
