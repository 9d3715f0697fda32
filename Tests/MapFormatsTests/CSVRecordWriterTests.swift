import Testing

@testable import MapFormats

// CSV records written, and read back by CSVRecordReader field for field.

@Suite("CSV record writer")
struct CSVRecordWriterTests {
    @Test("fields are quoted only when they need it; quotes are doubled; records end in CRLF")
    func quoting() {
        #expect(CSVRecordWriter.field("plain") == "plain")
        #expect(CSVRecordWriter.field("") == "")
        #expect(CSVRecordWriter.field("a,b") == "\"a,b\"")
        #expect(CSVRecordWriter.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSVRecordWriter.field("two\nlines") == "\"two\nlines\"")
        #expect(CSVRecordWriter.field("crlf\r\nline") == "\"crlf\r\nline\"")
        #expect(CSVRecordWriter.field(" padded ") == "\" padded \"")
        #expect(
            CSVRecordWriter.field("\"\u{301}") == "\"\"\"\u{301}\"", "a quote with a combining mark is still doubled")
        #expect(CSVRecordWriter.record(["a", "b,c", ""]) == "a,\"b,c\",\r\n")
    }

    @Test("CSVRecordReader reads back every field")
    func roundTrip() throws {
        let rows = [
            ["name", "note"], ["Café, \"Le Nord\"", "two\nlines"], [" padded ", "crlf\r\nline"], ["", "東京"],
        ]
        let text = rows.map(CSVRecordWriter.record).joined()
        var reader = CSVRecordReader(bytes: Array(text.utf8), fileName: "t.csv")
        var read = [[String]]()
        while let record = try reader.nextRecord() { read.append(record.fields) }
        #expect(read == rows)
    }
}
