import Foundation
import MapErrors
import MapZip
import Testing

// ZipArchive on archives written by Python's zipfile and Info-ZIP's zip (Fixtures/,
// made by make_archives.sh), and on copies of them damaged in memory.

private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

private func path(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

private func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path(name)))) }

/// What the fixtures were made from: 2,000 lines of "line of a track".
private let lines = Array(String(repeating: "line of a track\n", count: 2000).utf8)
private let hello = Array("Hello, ZIP.\n".utf8)

/// The error `body` throws.
private func error(_ body: () throws -> Void) -> MapError? {
    do {
        try body()
        return nil
    } catch let error as MapError {
        return error
    } catch {
        Issue.record("not a MapError: \(error)")
        return nil
    }
}

/// A little-endian field written into `bytes` at `offset`.
private func patch(_ bytes: inout [UInt8], at offset: Int, _ value: UInt32, width: Int = 4) {
    for index in 0..<width { bytes[offset + index] = UInt8((value >> (8 * UInt32(index))) & 0xFF) }
}

/// Where the end of central directory record starts: the last `PK\5\6`.
private func endRecord(_ bytes: [UInt8]) -> Int {
    (0...(bytes.count - 22)).last { bytes[$0..<($0 + 4)] == [0x50, 0x4B, 0x05, 0x06] } ?? 0
}

/// Where the central directory starts (the end record's offset field), for patching it.
private func directoryOffset(_ bytes: [UInt8]) -> Int {
    let end = endRecord(bytes)
    return Int(bytes[end + 16]) | Int(bytes[end + 17]) << 8 | Int(bytes[end + 18]) << 16 | Int(bytes[end + 19]) << 24
}

@Suite("ZipArchive")
struct ZipArchiveTests {
    @Test(
        "stored and deflated archives from two writers, comments, folders, empty files",
        arguments: ["python-stored.zip", "python-deflate.zip", "zip-stored.zip", "zip-deflate.zip"])
    func readsEntries(name: String) throws {
        for archive in [
            try ZipArchive.open(atPath: path(name)), try ZipArchive(source: .bytes(try bytes(name)), name: name),
        ] {
            let first = try #require(archive.entries.first)
            #expect(first.name == "hello.txt")
            #expect(try archive.contents(of: first) == hello)
            let long = try #require(archive.entries.first { $0.name.hasSuffix("lines.txt") })
            #expect(long.uncompressedSize == 32000)
            #expect(try archive.contents(of: long) == lines)
        }
        if name.hasPrefix("python") {
            let archive = try ZipArchive.open(atPath: path(name))
            #expect(archive.entries.map(\.name) == ["hello.txt", "folder/lines.txt", "empty.txt", "café.txt"])
            #expect(try archive.contents(of: archive.entries[2]).isEmpty)
            #expect(try archive.contents(of: archive.entries[3]) == Array("UTF-8 name\n".utf8))
        }
    }

    @Test(
        "entries with data descriptors (flag bit 3), from a stream that cannot seek",
        arguments: ["python-descriptor.zip", "zip-stdin.zip"])
    func dataDescriptors(name: String) throws {
        let archive = try ZipArchive.open(atPath: path(name))
        #expect(archive.entries.allSatisfy { $0.hasDataDescriptor })
        let entry = try #require(archive.entries.last)
        #expect(try archive.contents(of: entry) == lines)
    }

    @Test("a name without flag bit 11 is code page 437")
    func cp437Names() throws {
        let archive = try ZipArchive.open(atPath: path("python-cp437.zip"))
        #expect(archive.entries.map(\.name) == ["café.txt"])
        #expect(try archive.contents(of: archive.entries[0]) == Array("CP437 name\n".utf8))
    }

    @Test("a byte range source is asked only for the end, the directory and the entry's own bytes")
    func readsOnlyWhatItNeeds() throws {
        let data = try bytes("python-stored.zip")
        final class Counter: @unchecked Sendable { var read = 0 }
        let counter = Counter()
        let source = ZipByteSource(size: UInt64(data.count)) { offset, count in
            counter.read += count
            return Array(data[Int(offset)..<min(data.count, Int(offset) + count)])
        }
        let archive = try ZipArchive(source: source, name: "counted.zip")
        let opened = counter.read
        #expect(try archive.contents(of: archive.entries[0]) == hello)
        // 30 bytes of local header and the 12 stored bytes; never the 32,000-byte entry.
        #expect(counter.read - opened == 30 + 12)
        // The last 4 KiB and the central directory, not the 32 KB archive.
        #expect(opened < 4096 + 22 + 300, "\(opened)")
    }

    @Test("a damaged CRC-32 is an error naming the entry and its offset")
    func crcDamage() throws {
        var data = try bytes("python-stored.zip")
        let at = try #require(data.firstRange(of: hello)).lowerBound
        data[at] ^= 0x20
        let archive = try ZipArchive(source: .bytes(data), name: "damaged.zip")
        let failure = try #require(error { _ = try archive.contents(of: archive.entries[0]) })
        #expect(failure.kind == .invalidData)
        #expect(failure.location?.file == "damaged.zip")
        #expect(failure.message.hasPrefix("entry hello.txt (local header at byte 0): CRC-32 mismatch"), "\(failure)")
    }

    @Test("damaged deflate data is an error")
    func deflateDamage() throws {
        var data = try bytes("python-deflate.zip")
        let archive = try ZipArchive(source: .bytes(data), name: "x.zip")
        let entry = archive.entries[1]
        // The middle of the deflate stream of folder/lines.txt.
        let start = Int(entry.localHeaderOffset) + 30 + entry.name.utf8.count
        for index in start..<(start + Int(entry.compressedSize) / 2) { data[index] = 0xFF }
        let damaged = try ZipArchive(source: .bytes(data), name: "x.zip")
        let failure = try #require(error { _ = try damaged.contents(of: damaged.entries[1]) })
        #expect(failure.message.contains("entry folder/lines.txt"), "\(failure)")
        #expect(failure.message.contains("at byte \(start)"), "\(failure)")
    }

    @Test("truncated archives: no end record, or entries past the end", arguments: [0.5, 0.99])
    func truncated(fraction: Double) throws {
        let data = try bytes("zip-stored.zip")
        let cut = Array(data.prefix(Int(Double(data.count) * fraction)))
        let failure = try #require(error { _ = try ZipArchive(source: .bytes(cut), name: "cut.zip") })
        #expect(failure.kind == .invalidData)
        #expect(failure.message.contains("no end of central directory record"), "\(failure)")
        #expect(
            error { _ = try ZipArchive(source: .bytes([]), name: "empty.zip") }?.message.contains("too short") == true)
    }

    @Test("an entry whose data runs past the end of the archive")
    func truncatedData() throws {
        var data = try bytes("zip-stored.zip")
        let directory = directoryOffset(data)
        // hello.txt, stored: declare 1 MiB stored and uncompressed.
        patch(&data, at: directory + 20, 1 << 20)
        patch(&data, at: directory + 24, 1 << 20)
        let archive = try ZipArchive(source: .bytes(data), name: "cut.zip")
        let failure = try #require(error { _ = try archive.contents(of: archive.entries[0]) })
        #expect(
            failure.message
                == "entry hello.txt (local header at byte 0): its 1048576 bytes of data at byte 39 run past the end"
                + " of the archive", "\(failure)")
    }

    @Test("a zip bomb: 10 MiB of zeros in 10 KB is refused by ratio; a raised limit reads it")
    func bombByRatio() throws {
        let archive = try ZipArchive.open(atPath: path("python-zeros.zip"))
        let entry = archive.entries[0]
        #expect(entry.uncompressedSize == 10 << 20)
        let failure = try #require(error { _ = try archive.contents(of: entry) })
        #expect(failure.message.contains("over 1000:1 (a zip bomb?)"), "\(failure)")
        var limits = ZipLimits.standard
        limits.maximumRatio = 2000
        let lenient = try ZipArchive.open(atPath: path("python-zeros.zip"), limits: limits)
        let zeros = try lenient.contents(of: lenient.entries[0])
        #expect(zeros.count == 10 << 20 && zeros.allSatisfy { $0 == 0 })
    }

    @Test("a zip bomb declaring a huge size, or declaring less than it inflates to")
    func bombByDeclaredSize() throws {
        var data = try bytes("python-zeros.zip")
        let directory = directoryOffset(data)
        patch(&data, at: directory + 24, 300 << 20)
        let huge = try ZipArchive(source: .bytes(data), name: "huge.zip")
        let failure = try #require(error { _ = try huge.contents(of: huge.entries[0]) })
        #expect(failure.message.contains("over the 256 MiB limit (a zip bomb?)"), "\(failure)")
        // Declares 1,000 bytes: inflating stops there instead of writing 10 MiB.
        patch(&data, at: directory + 24, 1000)
        let small = try ZipArchive(source: .bytes(data), name: "small.zip")
        let past = try #require(error { _ = try small.contents(of: small.entries[0]) })
        #expect(past.message.contains("inflates past its declared 1000 bytes"), "\(past)")
        // A compressed size past the limit is refused before anything is read.
        var compressed = try bytes("python-zeros.zip")
        patch(&compressed, at: directory + 20, 300 << 20)
        let long = try ZipArchive(source: .bytes(compressed), name: "long.zip")
        let longFailure = try #require(error { _ = try long.contents(of: long.entries[0]) })
        #expect(longFailure.message.contains("declares 314572800 bytes compressed, over the 256 MiB limit"))
        // The total of the declared sizes is bounded too.
        var limits = ZipLimits.standard
        limits.maximumTotalSize = 1 << 20
        let total = try #require(error { _ = try ZipArchive.open(atPath: path("python-zeros.zip"), limits: limits) })
        #expect(total.message.contains("more than 1 MiB in all"), "\(total)")
    }

    @Test("an encrypted entry is refused")
    func encrypted() throws {
        let archive = try ZipArchive.open(atPath: path("zip-encrypted.zip"))
        #expect(archive.entries[0].isEncrypted)
        let failure = try #require(error { _ = try archive.contents(of: archive.entries[0]) })
        #expect(failure.message == "entry hello.txt (local header at byte 0): is encrypted, which is not supported")
    }

    @Test("a bad local header offset, a directory past the end, an unknown method, ZIP64 and disks")
    func badOffsets() throws {
        let data = try bytes("zip-stored.zip")
        let directory = directoryOffset(data)
        var moved = data
        patch(&moved, at: directory + 42, 5)
        let archive = try ZipArchive(source: .bytes(moved), name: "moved.zip")
        let failure = try #require(error { _ = try archive.contents(of: archive.entries[0]) })
        #expect(
            failure.message
                == "entry hello.txt (local header at byte 5): no local header signature there (a bad offset)")

        var far = data
        patch(&far, at: directory + 42, 0x7FFF_0000)
        let farArchive = try ZipArchive(source: .bytes(far), name: "far.zip")
        #expect(
            error { _ = try farArchive.contents(of: farArchive.entries[0]) }?.message.contains("at byte 2147418112")
                == true)

        var method = data
        patch(&method, at: directory + 10, 14, width: 2)
        let lzma = try ZipArchive(source: .bytes(method), name: "lzma.zip")
        #expect(error { _ = try lzma.contents(of: lzma.entries[0]) }?.message.contains("compression method 14") == true)

        let end = endRecord(data)
        var past = data
        patch(&past, at: end + 16, UInt32(end))
        let pastFailure = try #require(error { _ = try ZipArchive(source: .bytes(past), name: "past.zip") })
        #expect(pastFailure.message.contains("runs past the end record at byte \(end)"), "\(pastFailure)")

        var zip64 = data
        patch(&zip64, at: end + 16, 0xFFFF_FFFF)
        #expect(error { _ = try ZipArchive(source: .bytes(zip64), name: "z.zip") }?.message.contains("ZIP64") == true)

        var disks = data
        patch(&disks, at: end + 4, 1, width: 2)
        #expect(
            error { _ = try ZipArchive(source: .bytes(disks), name: "d.zip") }?.message.contains("several disks")
                == true)

        var signature = data
        signature[directory] = 0
        let broken = try #require(error { _ = try ZipArchive(source: .bytes(signature), name: "s.zip") })
        #expect(broken.message == "central directory entry 1 at byte \(directory) is damaged (no signature)")
    }

    @Test("bytes before the archive (a self-extractor) shift every offset")
    func prefixedArchive() throws {
        let data = Array(repeating: 0x90, count: 777) + (try bytes("python-deflate.zip"))
        let archive = try ZipArchive(source: .bytes(data), name: "sfx.zip")
        #expect(archive.entries[0].localHeaderOffset == 777)
        #expect(try archive.contents(of: archive.entries[1]) == lines)
    }

    @Test("a missing file is .missingInput; a file that is no archive is .invalidData")
    func notArchives() throws {
        #expect(error { _ = try ZipArchive.open(atPath: path("nothing.zip")) }?.kind == .missingInput)
        let text = Array(String(repeating: "not a zip ", count: 100).utf8)
        let failure = try #require(error { _ = try ZipArchive(source: .bytes(text), name: "t.zip") })
        #expect(failure.description.hasPrefix("t.zip: is not a ZIP archive"))
    }
}
