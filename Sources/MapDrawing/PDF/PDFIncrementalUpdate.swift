public import MapErrors

/// A finished PDF file read just far enough to change its pages' dictionaries by an
/// incremental update (ISO 32000-2 §7.5.6): new versions of the changed objects, a new
/// cross-reference section and a trailer pointing back to the old one (`/Prev`) are
/// appended, so not one byte already written is rewritten.
///
/// Only classic cross-reference tables (§7.5.4) are read: what Cairo writes for PDF 1.4,
/// the version maprender restricts its PDF surfaces to (from 1.17.6 on, Cairo puts a 1.5
/// file's objects in compressed object streams indexed by a cross-reference stream). A file
/// with a cross-reference stream (§7.5.8) is refused with an error.
public struct PDFIncrementalUpdate: Sendable {
    /// Reads `count` bytes (fewer at the end of the file) at an offset of the file.
    public typealias Reader = (_ offset: Int, _ count: Int) throws(MapError) -> [UInt8]

    /// The file's length in bytes, before the update.
    public let size: Int
    /// Whether the file ends with an end of line (the update then needs none before it).
    private let endsWithNewline: Bool
    /// The page objects, in page order: object number, generation and dictionary.
    public let pages: [(number: Int, generation: Int, dictionary: PDFObject)]
    /// The newest trailer dictionary.
    private let trailer: PDFObject
    /// The offset of the newest cross-reference section (the file's `startxref`).
    private let lastSection: Int

    /// Reads the cross-reference sections, the trailer and the page tree of a file held in
    /// memory.
    ///
    /// - Throws: `MapError` (`.invalidData`) naming what was not found where the file
    ///   should have it.
    public init(reading pdf: [UInt8]) throws(MapError) {
        try self.init(size: pdf.count) { offset, count in
            Array(pdf[min(offset, pdf.count)..<min(offset + count, pdf.count)])
        }
    }

    /// Reads the cross-reference sections, the trailer and the page tree of a file of
    /// `size` bytes through `read`, which is asked only for its tail, its cross-reference
    /// sections and the objects of the page tree: a file of any size is updated without
    /// being held in memory.
    ///
    /// - Throws: `MapError` (`.invalidData`) naming what was not found where the file
    ///   should have it, or what `read` throws.
    public init(size: Int, read: Reader) throws(MapError) {
        self.size = size
        // `startxref`, its offset and `%%EOF` are the last lines (§7.5.5); look in the tail.
        let tailStart = max(0, size - 1024)
        let tail = try read(tailStart, size - tailStart)
        endsWithNewline = tail.last == 10 || tail.last == 13
        let keyword = Array("startxref".utf8)
        guard let found = Self.lastIndex(of: keyword, in: tail) else {
            throw Self.unreadable("no startxref at its end")
        }
        var scanner = PDFScanner(tail, at: found + keyword.count)
        guard let start = scanner.word().flatMap({ Int($0) }), start >= 0, start < size else {
            throw Self.unreadable("startxref gives no offset inside the file")
        }
        lastSection = start
        var offsets: [Int: (offset: Int, generation: Int)] = [:]
        var newestTrailer: PDFObject?
        var section: Int? = start
        var visited: Set<Int> = []
        while let at = section {
            guard visited.insert(at).inserted, visited.count <= 64, at >= 0, at < size else {
                throw Self.unreadable("its cross-reference sections loop or lie outside it")
            }
            let trailer = try Self.window(at: at, size: size, read: read) { scanner throws(MapError) in
                try Self.readSection(&scanner, at: at, into: &offsets)
            }
            guard let trailer else { throw Self.unreadable("no trailer dictionary after the table at offset \(at)") }
            if newestTrailer == nil { newestTrailer = trailer }
            section = trailer["Prev"]?.integerValue
        }
        guard let newestTrailer else { throw Self.unreadable("no trailer") }
        trailer = newestTrailer

        func object(_ number: Int) throws(MapError) -> PDFObject {
            guard let entry = offsets[number], entry.offset >= 0, entry.offset < size else {
                throw Self.unreadable("object \(number) is not in the cross-reference table")
            }
            let value = try Self.window(at: entry.offset, size: size, read: read) { scanner -> PDFObject? in
                guard scanner.word() == String(number), scanner.word() != nil, scanner.accept("obj"),
                    let value = scanner.object(), case .dictionary = value
                else { return nil }
                return value
            }
            guard let value else {
                throw Self.unreadable("object \(number) is not a dictionary at offset \(entry.offset)")
            }
            return value
        }

        // The page tree, depth first in /Kids order, is the page order (§7.7.3.2).
        guard case .reference(let root, _) = newestTrailer["Root"],
            case .reference(let tree, _) = try object(root)["Pages"]
        else { throw Self.unreadable("no catalog with a page tree") }
        var pages: [(number: Int, generation: Int, dictionary: PDFObject)] = []
        var pending = [tree]
        var seen: Set<Int> = []
        while let number = pending.popLast() {
            guard seen.insert(number).inserted else { throw Self.unreadable("its page tree loops") }
            let node = try object(number)
            if node["Type"] == .name("Page") {
                pages.append((number, offsets[number]?.generation ?? 0, node))
            } else if case .array(let kids) = node["Kids"] {
                for case .reference(let kid, _) in kids.reversed() { pending.append(kid) }
            } else {
                throw Self.unreadable("object \(number) is neither a page nor a node of the page tree")
            }
        }
        self.pages = pages
    }

    /// The file with the given entries set in the dictionaries of the given pages (by
    /// index in page order), replacing entries of the same keys: `original` (the bytes
    /// this update was read from) with `appendix(settingPages:)` after it.
    public func updating(
        _ original: [UInt8], settingPages entries: [Int: [(key: String, value: PDFObject)]]
    )
        -> [UInt8]
    {
        original + appendix(settingPages: entries)
    }

    /// The incremental update that sets the given entries in the dictionaries of the given
    /// pages (by index in page order), replacing entries of the same keys: the bytes to
    /// append to the file as it is.
    public func appendix(settingPages entries: [Int: [(key: String, value: PDFObject)]]) -> [UInt8] {
        var bytes: [UInt8] = endsWithNewline ? [] : [10]
        var written: [(number: Int, generation: Int, offset: Int)] = []
        for (index, additions) in entries.sorted(by: { $0.key < $1.key }) where pages.indices.contains(index) {
            let page = pages[index]
            guard case .dictionary(var dictionary) = page.dictionary else { continue }
            let keys = Set(additions.map(\.key))
            dictionary.removeAll { keys.contains($0.key) }
            dictionary += additions
            written.append((page.number, page.generation, size + bytes.count))
            let text = "\(page.number) \(page.generation) obj\n\(PDFObject.dictionary(dictionary).serialized)\nendobj\n"
            bytes += Array(text.utf8)
        }
        let section = size + bytes.count
        // One subsection per run of consecutive object numbers; each entry is exactly 20
        // bytes, "nnnnnnnnnn ggggg n" and a two-byte end of line (§7.5.4).
        var text = "xref\n"
        var runStart = 0
        let sorted = written.sorted { $0.number < $1.number }
        while runStart < sorted.count {
            var runEnd = runStart + 1
            while runEnd < sorted.count, sorted[runEnd].number == sorted[runEnd - 1].number + 1 { runEnd += 1 }
            text += "\(sorted[runStart].number) \(runEnd - runStart)\n"
            for entry in sorted[runStart..<runEnd] {
                text += Self.padded(entry.offset, 10) + " " + Self.padded(entry.generation, 5) + " n \n"
            }
            runStart = runEnd
        }
        guard case .dictionary(var trailerEntries) = trailer else { return [] }
        trailerEntries.removeAll { $0.key == "Prev" || $0.key == "XRefStm" }
        trailerEntries.append(("Prev", .number(String(lastSection))))
        text += "trailer\n\(PDFObject.dictionary(trailerEntries).serialized)\nstartxref\n\(section)\n%%EOF\n"
        return bytes + Array(text.utf8)
    }

    /// Parses with `body` from `offset`, reading a window of the file that grows (4 KiB,
    /// then ×4) until `body` succeeds or the window reaches the end of the file. `body`
    /// must end on a closing delimiter (`>>`), so a success never rests on a token the
    /// window cut short.
    private static func window<T>(
        at offset: Int, size: Int, read: Reader, _ body: (inout PDFScanner) throws(MapError) -> T?
    ) throws(MapError) -> T? {
        var length = 4096
        while true {
            let bytes = try read(offset, min(length, size - offset))
            var scanner = PDFScanner(bytes, at: 0)
            if let result = try body(&scanner) { return result }
            if offset + length >= size { return nil }
            length *= 4
        }
    }

    /// Reads the cross-reference table under `scanner` into `offsets` (entries already
    /// there, from newer sections, win) and returns its trailer; nil where the window ends
    /// before the trailer does.
    private static func readSection(
        _ scanner: inout PDFScanner, at offset: Int, into offsets: inout [Int: (offset: Int, generation: Int)]
    ) throws(MapError) -> PDFObject? {
        guard scanner.accept("xref") else {
            throw unreadable(
                "no cross-reference table at offset \(offset) (a cross-reference stream, which is not supported)")
        }
        var found: [Int: (offset: Int, generation: Int)] = [:]
        while !scanner.accept("trailer") {
            guard let first = scanner.word().flatMap({ Int($0) }), let count = scanner.word().flatMap({ Int($0) }),
                first >= 0, count >= 0, count <= 8_388_607
            else { return nil }
            for number in first..<(first + count) {
                guard let position = scanner.word().flatMap({ Int($0) }),
                    let generation = scanner.word().flatMap({ Int($0) }), let kind = scanner.word()
                else { return nil }
                if kind == "n" { found[number] = (position, generation) }
                if kind == "f" { found[number] = (-1, generation) }
            }
        }
        guard let trailer = scanner.object(), case .dictionary = trailer else { return nil }
        offsets.merge(found) { newer, _ in newer }
        return trailer
    }

    private static func lastIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        var index = bytes.count - needle.count
        while index >= 0 {
            if bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            index -= 1
        }
        return nil
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static func unreadable(_ reason: String) -> MapError {
        MapError(.invalidData, "the PDF cannot be updated: \(reason)")
    }
}
