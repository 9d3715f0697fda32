public import MapErrors

/// A finished PDF file read just far enough to change its pages' dictionaries by an
/// incremental update (ISO 32000-2 §7.5.6): new versions of the changed objects, a new
/// cross-reference section and a trailer pointing back to the old one (`/Prev`) are
/// appended, so not one byte already written is rewritten.
///
/// Only classic cross-reference tables (§7.5.4) are read, which is what Cairo 1.16 and
/// 1.18 write; a file with cross-reference streams (§7.5.8) is refused with an error.
public struct PDFIncrementalUpdate: Sendable {
    /// The file as it was read.
    public let original: [UInt8]
    /// The page objects, in page order: object number, generation and dictionary.
    public let pages: [(number: Int, generation: Int, dictionary: PDFObject)]
    /// Where each object starts (in use, newest version), by object number.
    private let offsets: [Int: (offset: Int, generation: Int)]
    /// The newest trailer dictionary.
    private let trailer: PDFObject
    /// The offset of the newest cross-reference section (the file's `startxref`).
    private let lastSection: Int

    /// Reads the cross-reference sections, the trailer and the page tree of `pdf`.
    ///
    /// - Throws: `MapError` (`.invalidData`) naming what was not found where the file
    ///   should have it.
    public init(reading pdf: [UInt8]) throws(MapError) {
        original = pdf
        // `startxref`, its offset and `%%EOF` are the last lines (§7.5.5); look in the tail.
        let tail = Array("startxref".utf8)
        let searchStart = max(0, pdf.count - 1024)
        guard let keyword = Self.lastIndex(of: tail, in: pdf, from: searchStart) else {
            throw Self.unreadable("no startxref at its end")
        }
        var scanner = PDFScanner(pdf, at: keyword + tail.count)
        guard let start = scanner.word().flatMap({ Int($0) }), start >= 0, start < pdf.count else {
            throw Self.unreadable("startxref gives no offset inside the file")
        }
        lastSection = start
        var offsets: [Int: (offset: Int, generation: Int)] = [:]
        var newestTrailer: PDFObject?
        var section: Int? = start
        var visited: Set<Int> = []
        while let at = section {
            guard visited.insert(at).inserted, visited.count <= 64 else {
                throw Self.unreadable("its cross-reference sections loop")
            }
            let trailer = try Self.readSection(pdf, at: at, into: &offsets)
            if newestTrailer == nil { newestTrailer = trailer }
            section = trailer["Prev"]?.integerValue
        }
        guard let newestTrailer else { throw Self.unreadable("no trailer") }
        trailer = newestTrailer
        self.offsets = offsets

        // The page tree, depth first in /Kids order, is the page order (§7.7.3.2).
        guard case .reference(let root, _) = newestTrailer["Root"],
            case .reference(let tree, _) = try Self.object(root, in: pdf, offsets: offsets)["Pages"]
        else { throw Self.unreadable("no catalog with a page tree") }
        var pages: [(number: Int, generation: Int, dictionary: PDFObject)] = []
        var pending = [tree]
        var seen: Set<Int> = []
        while let number = pending.popLast() {
            guard seen.insert(number).inserted else { throw Self.unreadable("its page tree loops") }
            let node = try Self.object(number, in: pdf, offsets: offsets)
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
    /// index in page order), replacing entries of the same keys, as an incremental update
    /// appended to the original bytes.
    public func updatingPages(_ entries: [Int: [(key: String, value: PDFObject)]]) -> [UInt8] {
        var bytes = original
        if let last = bytes.last, last != 10, last != 13 { bytes.append(10) }
        var written: [(number: Int, generation: Int, offset: Int)] = []
        for (index, additions) in entries.sorted(by: { $0.key < $1.key }) where pages.indices.contains(index) {
            let page = pages[index]
            guard case .dictionary(var dictionary) = page.dictionary else { continue }
            let keys = Set(additions.map(\.key))
            dictionary.removeAll { keys.contains($0.key) }
            dictionary += additions
            written.append((page.number, page.generation, bytes.count))
            let text = "\(page.number) \(page.generation) obj\n\(PDFObject.dictionary(dictionary).serialized)\nendobj\n"
            bytes += Array(text.utf8)
        }
        let section = bytes.count
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
        guard case .dictionary(var trailerEntries) = trailer else { return original }
        trailerEntries.removeAll { $0.key == "Prev" || $0.key == "XRefStm" }
        trailerEntries.append(("Prev", .number(String(lastSection))))
        text += "trailer\n\(PDFObject.dictionary(trailerEntries).serialized)\nstartxref\n\(section)\n%%EOF\n"
        return bytes + Array(text.utf8)
    }

    /// Reads the cross-reference table at `offset` into `offsets` (entries already there,
    /// from newer sections, win) and returns its trailer.
    private static func readSection(
        _ pdf: [UInt8], at offset: Int, into offsets: inout [Int: (offset: Int, generation: Int)]
    ) throws(MapError) -> PDFObject {
        var scanner = PDFScanner(pdf, at: offset)
        guard scanner.accept("xref") else {
            throw unreadable(
                "no cross-reference table at offset \(offset) (a cross-reference stream, which is not supported)")
        }
        while !scanner.accept("trailer") {
            guard let first = scanner.word().flatMap({ Int($0) }), let count = scanner.word().flatMap({ Int($0) }),
                first >= 0, count >= 0, count <= pdf.count / 20
            else { throw unreadable("a broken cross-reference table at offset \(offset)") }
            for number in first..<(first + count) {
                guard let position = scanner.word().flatMap({ Int($0) }),
                    let generation = scanner.word().flatMap({ Int($0) }), let kind = scanner.word()
                else { throw unreadable("a broken cross-reference entry for object \(number)") }
                if kind == "n", offsets[number] == nil { offsets[number] = (position, generation) }
                if kind == "f", offsets[number] == nil { offsets[number] = (-1, generation) }
            }
        }
        guard let trailer = scanner.object(), case .dictionary = trailer else {
            throw unreadable("no trailer dictionary after the table at offset \(offset)")
        }
        return trailer
    }

    /// The value of object `number`, read at its offset (`N G obj … endobj`).
    private static func object(
        _ number: Int, in pdf: [UInt8], offsets: [Int: (offset: Int, generation: Int)]
    ) throws(MapError) -> PDFObject {
        guard let entry = offsets[number], entry.offset >= 0, entry.offset < pdf.count else {
            throw unreadable("object \(number) is not in the cross-reference table")
        }
        var scanner = PDFScanner(pdf, at: entry.offset)
        guard scanner.word() == String(number), scanner.word() != nil, scanner.accept("obj"),
            let value = scanner.object()
        else { throw unreadable("object \(number) is not at offset \(entry.offset)") }
        return value
    }

    private static func lastIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        var index = bytes.count - needle.count
        while index >= start {
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
