import Foundation
import MapErrors
import MapTestSupport
import Testing

@testable import MapFormats

// JSONArrayStream: elements cut out of the byte stream at any chunk size agree with the
// whole-document parser, positions included; the preamble, skipping and every error.

private func elements(
    _ text: String, keys: Set<String>, chunkSize: Int
) throws(MapError) -> (
    [JSONArrayStream.Element], JSONArrayStream
) {
    var stream = JSONArrayStream(bytes: Array(text.utf8), fileName: "t.json", arrayKeys: keys, chunkSize: chunkSize)
    var result: [JSONArrayStream.Element] = []
    while let element = try stream.next() { result.append(element) }
    return (result, stream)
}

private func streamError(
    _ text: String, keys: Set<String> = ["a"], chunkSize: Int = 3, maximum: Int? = nil
) -> MapError? {
    var stream = JSONArrayStream(
        bytes: Array(text.utf8), fileName: "t.json", arrayKeys: keys, chunkSize: chunkSize,
        maximumElementSize: maximum ?? JSONArrayStream.defaultMaximumElementSize)
    do {
        while try stream.next() != nil {}
        return nil
    } catch {
        return error
    }
}

private let tricky = """
    {"skip": {"s": "a ] } [ { \\" quote", "n": [1, [2, {"x": "\\\\"}]]},
     "a": [ {"k": "é—ü", "v": [1, 2.5e3, -0.0, true, null]},
      "str]ing\\u00e9" , 42 ,
    {"deep": [[[{"e": "\\"}"}]]]} ],
     "b": [1, 2], "after": "x" ,
     "a2": []
    }
    """

@Test(arguments: [1, 2, 3, 5, 7, 64, 1 << 20])
func elementsMatchTheWholeDocumentParserAtAnyChunkSize(chunkSize: Int) throws {
    let (found, stream) = try elements(tricky, keys: ["a", "a2"], chunkSize: chunkSize)
    let whole = try JSONDocument(parsing: Array(tricky.utf8), fileName: "t.json")
    let expected = try #require(whole.root["a"]?.elements)
    #expect(found.map(\.node) == expected)  // values and positions alike
    #expect(found.map(\.index) == [0, 1, 2, 3] && found.allSatisfy { $0.key == "a" })
    #expect(stream.topLevelKeys == ["skip", "a", "b", "after", "a2"])
    #expect(found[3].path.description == "a[3]")
}

@Test func topLevelArrayStreamsWithLineAndColumn() throws {
    let text = "\u{FEFF}\n  [\n {\"x\": 1},\r\n\t{\"y\": \"ü\"}, {\"z\": 2}]\n"
    let (found, _) = try elements(text, keys: [], chunkSize: 2)
    #expect(found.map(\.node.position.description) == ["3:2", "4:2", "4:14"])
    #expect(found.allSatisfy { $0.key == nil })
}

@Test func commentLinesBeforeTheValueAreSkippedWithAWarning() throws {
    let text = "// exported by Takeout\n// second\n{\"a\": [1]}"
    for chunkSize in 1...5 {
        let (found, _) = try elements("\u{FEFF}" + text, keys: ["a"], chunkSize: chunkSize)
        #expect(found.map(\.node.position) == [JSONNode.Position(line: 3, column: 8)], "chunks of \(chunkSize)")
    }
    let (found, stream) = try elements(text, keys: ["a"], chunkSize: 4)
    #expect(found.map(\.node.number) == [1])
    #expect(found[0].node.position == JSONNode.Position(line: 3, column: 8))
    #expect(
        stream.warnings == [
            "t.json:1: a '//' comment line before the JSON value, skipped",
            "t.json:2: a '//' comment line before the JSON value, skipped",
        ])
}

@Test func emptyAndMissingArraysYieldNothing() throws {
    #expect(try elements("{\"a\": []}", keys: ["a"], chunkSize: 1).0.isEmpty)
    #expect(try elements("{}", keys: ["a"], chunkSize: 1).0.isEmpty)
    #expect(try elements("[]", keys: [], chunkSize: 1).0.isEmpty)
    // A wanted key whose value is not an array is skipped.
    #expect(try elements("{\"a\": {\"b\": [1]}}", keys: ["a"], chunkSize: 1).0.isEmpty)
}

@Test(arguments: [
    ("", "t.json:1:1: the file holds no JSON value (it is empty or only whitespace)"),
    ("garbage", "t.json:1:1: expected a JSON object or array, found 'g'"),
    ("\n\n  # comment\n{}", "t.json:3:3: expected a JSON object or array, found '#'"),
    ("/ x\n{}", "t.json:1:1: unexpected '/' before the JSON value (only whole '//' comment lines are skipped)"),
    ("{\"a\": [1,]}", "t.json:1:10: expected a value after ',', found ']'; JSON allows no trailing comma"),
    ("{\"a\": [1 2]}", "t.json:1:10: expected ',' or ']' after an array element, found '2'"),
    (
        "{\"a\": [{\"k\": tru}]}",
        "t.json:1:14: a[0]: unexpected word 'tru'; expected a value (strings need double quotes)"
    ),
    ("{\"a\": [1]} x", "t.json:1:12: unexpected 'x' after the JSON value; a JSON file holds exactly one value"),
    ("{\"a\": [1], }", "t.json:1:12: expected a key after ',', found '}'; JSON allows no trailing comma"),
    ("{\"a\": [,1]}", "t.json:1:8: expected a value, found ','"),
    ("{a: []}", "t.json:1:2: expected a double-quoted key, found 'a'"),
    ("{\"a\" []}", "t.json:1:6: expected ':' after the key \"a\", found '['"),
    ("{\"a\": [{\"k\": [1, 2}]}", "t.json:1:19: a[0]: expected ',' or ']' after an array element, found '}'"),
])
func syntaxErrorsNameLineAndColumn(text: String, message: String) throws {
    let error = try #require(streamError(text))
    #expect(error.kind == .invalidData)
    #expect(error.locatedMessage == message)
}

@Test func truncatedFileNamesWhereTheValueStarted() throws {
    let error = try #require(streamError("{\"a\": [1,\n  {\"k\": [1, {\"x\": \"y"))
    #expect(
        error.locatedMessage == "t.json:2:3: the file ends inside the value that starts here (an unterminated string)")
    #expect(error.remedy?.contains("truncated") == true)
    let skipped = try #require(streamError("{\"skip\": [[[", keys: []))
    #expect(skipped.locatedMessage.hasPrefix("t.json:1:10: the file ends inside the value that starts here"))
}

@Test func elementsOverTheLimitAreRefused() throws {
    let big = "{\"a\": [1, \"" + String(repeating: "x", count: 5000) + "\"]}"
    let error = try #require(streamError(big, chunkSize: 256, maximum: 1000))
    #expect(error.locatedMessage.hasPrefix("t.json:1:11: an array element larger than"))
    // Skipped members have no limit: they are never held.
    let skipped = "{\"s\": \"" + String(repeating: "x", count: 5000) + "\", \"a\": [7]}"
    var stream = JSONArrayStream(
        bytes: Array(skipped.utf8), fileName: "t.json", arrayKeys: ["a"], chunkSize: 256, maximumElementSize: 1000)
    #expect(try stream.next()?.node.number == 7)
}

@Test func damagedFilesFailCleanlyAtEveryCut() throws {
    // Every prefix of a real-shaped file, and the file with single bytes replaced, either
    // reads or throws a located MapError: never a crash, never an error without a place.
    let original = try InputFile.read(atPath: historyFixture("Timeline-android.json"), what: "test")
    var cases: [[UInt8]] = stride(from: 0, to: original.count, by: 97).map { Array(original[..<$0]) }
    var random = SplitMix64(seed: 7)
    for _ in 0..<200 {
        var damaged = original
        let index = Int(random.next() % UInt64(original.count))
        damaged[index] =
            [UInt8(ascii: "{"), UInt8(ascii: "]"), UInt8(ascii: "\""), 0x5C, 0xFF, 0x0A][
                Int(random.next() % 6)]
        cases.append(damaged)
    }
    var failures = 0
    for bytes in cases {
        var stream = JSONArrayStream(
            bytes: bytes, fileName: "t.json", arrayKeys: ["semanticSegments", "rawSignals"], chunkSize: 61)
        do {
            while try stream.next() != nil {}
        } catch {
            failures += 1
            #expect(error.kind == .invalidData && error.location?.line != nil, "\(error)")
        }
    }
    #expect(failures >= cases.count / 2)  // nearly every cut and most replacements are errors
}
