import MapErrors
import MapRenderCore
import Testing

@testable import MapFormats

// The strict RFC 8259 parser: values, positions, and every syntax error with its
// file:line:column message.

/// Parses `text` as a document named `test.json`.
private func parse(_ text: String, maximumDepth: Int = JSONDocument.defaultMaximumDepth) throws -> JSONNode {
    try JSONDocument(parsing: Array(text.utf8), fileName: "test.json", maximumDepth: maximumDepth).root
}

/// The message of the error that parsing `bytes` throws, checking it is `.invalidData`.
private func parseError(_ bytes: [UInt8], fileName: String = "test.json") -> String? {
    do {
        _ = try JSONDocument(parsing: bytes, fileName: fileName)
        return nil
    } catch {
        #expect(error.kind == .invalidData)
        return error.locatedMessage
    }
}

private func parseError(_ text: String, fileName: String = "test.json") -> String? {
    parseError(Array(text.utf8), fileName: fileName)
}

// MARK: - Values

@Test func parsesEveryKindOfValue() throws {
    let root = try parse(#"{"n": null, "t": true, "f": false, "x": -12.5e1, "s": "hi", "a": [1, [], {}], "o": {}}"#)
    #expect(root["n"]?.isNull == true)
    #expect(root["t"]?.bool == true)
    #expect(root["f"]?.bool == false)
    #expect(root["x"]?.number == -125)
    #expect(root["s"]?.string == "hi")
    #expect(root["a"]?.elements?.count == 3)
    #expect(root["a"]?.elements?[1].elements?.isEmpty == true)
    #expect(root["o"]?.members?.isEmpty == true)
    #expect(root["missing"] == nil)
    #expect(try parse("  42 \n").number == 42)
    #expect(try parse(#""alone""#).string == "alone")
}

@Test func objectsKeepKeyOrder() throws {
    let root = try parse(#"{"z": 1, "a": 2, "m": 3}"#)
    #expect(root.members?.map(\.key) == ["z", "a", "m"])
}

@Test func nodesRememberLineAndColumn() throws {
    let text = "{\n  \"a\": [1,\n    true],\r\n\t\"b\": \"x\"\r  , \"c\": null\n}"
    let root = try parse(text)
    #expect(root.position == JSONNode.Position(line: 1, column: 1))
    let members = try #require(root.members)
    #expect(members[0].keyPosition == JSONNode.Position(line: 2, column: 3))
    #expect(members[0].value.position == JSONNode.Position(line: 2, column: 8))
    #expect(members[0].value.elements?[1].position == JSONNode.Position(line: 3, column: 5))
    // CRLF counts once; a tab is one column.
    #expect(members[1].keyPosition == JSONNode.Position(line: 4, column: 2))
    // A lone CR ends a line too.
    #expect(members[2].keyPosition == JSONNode.Position(line: 5, column: 5))
    #expect(members[2].value.position.description == "5:10")
}

@Test func columnsCountScalarsNotBytes() throws {
    let root = try parse(#"{"café ☕️": "naïve 𝄞", "x": 1}"#)
    let members = try #require(root.members)
    #expect(members[0].key == "café ☕️")
    #expect(members[0].value.string == "naïve 𝄞")
    // `{"café ☕️": "naïve 𝄞", ` is 23 scalars (☕️ is two: U+2615 U+FE0F), 40 bytes.
    #expect(members[1].keyPosition.column == 24)
}

@Test func byteOrderMarkIsSkipped() throws {
    let document = try JSONDocument(parsing: [0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8), fileName: "bom.json")
    #expect(document.root["a"]?.number == 1)
    #expect(document.root.position == JSONNode.Position(line: 1, column: 1))
    #expect(
        parseError([0xEF, 0xBB, 0xBF] + Array("[1 2]".utf8))
            == "test.json:1:4: expected ',' or ']' after an array element, found '2'")
}

@Test func unescapesStrings() throws {
    let root = try parse(#"["a\"b\\c\/d", "\b\f\n\r\t", "\u00e9\u4E2D", "\ud83d\ude00", "\u0000", "tab\tend"]"#)
    let strings = try #require(root.elements).map(\.string)
    #expect(strings == ["a\"b\\c/d", "\u{8}\u{C}\n\r\t", "é中", "😀", "\u{0}", "tab\tend"])
}

@Test func numbersAreCorrectlyRounded() throws {
    let texts = [
        "0", "-0", "1", "-1", "0.1", "0.3", "39.7549", "-105.0076", "1e22", "1e23", "1E-7", "2.5e+3",
        "123456789012345678901234567890", "0.000000000000000000000000000001", "1.7976931348623157e308",
        "5e-324", "9007199254740993", "-104.98765432101234567", "1e-400",
    ]
    for text in texts {
        let parsed = try #require(try parse(text).number)
        let expected = try #require(Double(text))
        #expect(parsed == expected, "\(text)")
        #expect(parsed.sign == expected.sign, "\(text)")
    }
}

// MARK: - Syntax errors

@Test func reportsMissingCommaWithPosition() {
    let text = """
        {
          "type": "Feature",
          "properties": {} ]
        }
        """
    #expect(
        parseError(text, fileName: "map.geojson")
            == "map.geojson:3:20: expected ',' or '}' after an object member, found ']'")
}

@Test func reportsEmptyAndTrailingContent() {
    #expect(parseError("") == "test.json:1:1: the file holds no JSON value (it is empty or only whitespace)")
    #expect(parseError("  \n  ") == "test.json:2:3: the file holds no JSON value (it is empty or only whitespace)")
    #expect(
        parseError("{}\n{}")
            == "test.json:2:1: unexpected '{' after the JSON value; a JSON file holds exactly one value")
}

@Test func rejectsTrailingCommas() {
    #expect(
        parseError("[1, 2,]") == "test.json:1:7: expected a value after ',', found ']'; JSON allows no trailing comma")
    #expect(
        parseError(#"{"a": 1,}"#) == "test.json:1:9: expected a key after ',', found '}'; JSON allows no trailing comma"
    )
}

@Test func rejectsDuplicateKeys() {
    #expect(parseError("{\"a\": 1,\n \"a\": 2}") == "test.json:2:2: duplicate key \"a\" (first at 1:2)")
    // Large objects go through a set.
    let members = (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
    #expect(parseError("{\(members), \"k7\": 0}")?.contains("duplicate key \"k7\"") == true)
    #expect((try? parse("{\(members)}"))?.members?.count == 40)
}

@Test func rejectsNonJSONNumbers() {
    #expect(parseError("[NaN]") == "test.json:1:2: NaN is not a JSON number; JSON has no NaN or Infinity (RFC 8259 §6)")
    #expect(parseError("Infinity")?.contains("Infinity is not a JSON number") == true)
    #expect(
        parseError("[1, -Infinity]")
            == "test.json:1:5: -Infinity is not a JSON number; JSON has no NaN or Infinity (RFC 8259 §6)")
    #expect(parseError("[nan]")?.contains("nan is not a JSON number") == true)
    #expect(parseError("[01]") == "test.json:1:2: leading zeros are not allowed in JSON numbers")
    #expect(parseError("[1.]") == "test.json:1:4: expected a digit after '.', found ']'")
    #expect(parseError("[.5]") == "test.json:1:2: expected a value, found '.'")
    #expect(parseError("[1e]") == "test.json:1:4: expected a digit in the exponent, found ']'")
    #expect(parseError("[-]") == "test.json:1:3: expected a digit after '-', found ']'")
    #expect(parseError("[+1]") == "test.json:1:2: expected a value, found '+'")
    #expect(
        parseError("[0x10]")
            == "test.json:1:3: expected ',' or ']' after an array element, found 'x' (keys and strings need double quotes)"
    )
    #expect(parseError("[1e400]") == "test.json:1:2: the number 1e400 is too large for a 64-bit float")
}

@Test func rejectsBadStrings() {
    #expect(parseError("[\"abc") == "test.json:1:2: unterminated string (no closing '\"')")
    #expect(parseError("[\"a\\nb") == "test.json:1:2: unterminated string (no closing '\"')")
    #expect(parseError("[\"a\nb\"]") == "test.json:1:4: control character U+000A in a string must be escaped")
    #expect(parseError(#"["a\x"]"#) == "test.json:1:4: invalid escape '\\x' in a string")
    #expect(parseError(#"["\u12G4"]"#) == "test.json:1:3: '\\u' must be followed by four hex digits")
    #expect(parseError(#"["\ud83d"]"#) == "test.json:1:3: unpaired UTF-16 surrogate \\uD83D in a string")
    #expect(parseError(#"["x\ude00"]"#) == "test.json:1:4: unpaired UTF-16 surrogate \\uDE00 in a string")
    #expect(parseError(#"["\ud83d\u0041"]"#)?.contains("unpaired UTF-16 surrogate") == true)
    #expect(parseError("['single']") == "test.json:1:2: expected a value, found \"'\" (JSON strings use double quotes)")
}

@Test func rejectsInvalidUTF8() {
    #expect(parseError([0x5B, 0x22, 0x61, 0xFF, 0x22, 0x5D]) == "test.json:1:4: invalid UTF-8 byte 0xFF")
    // An overlong encoding of '/', and a truncated sequence.
    #expect(parseError([0x22, 0xC0, 0xAF, 0x22]) == "test.json:1:2: invalid UTF-8 byte 0xC0")
    #expect(parseError([0x22, 0xE2, 0x82, 0x22])?.contains("invalid UTF-8 sequence starting with byte 0xE2") == true)
    // An encoded surrogate (ED A0 80) is not UTF-8.
    #expect(parseError([0x22, 0xED, 0xA0, 0x80, 0x22])?.contains("invalid UTF-8 sequence") == true)
    // Outside strings too.
    #expect(parseError([0x5B, 0xC3, 0xA9, 0x5D]) == "test.json:1:2: expected a value, found byte 0xC3")
}

@Test func rejectsWhatHandWrittenJSONGetsWrong() {
    #expect(
        parseError("{a: 1}")
            == "test.json:1:2: expected a double-quoted key or '}', found 'a' (keys and strings need double quotes)")
    #expect(parseError("[1, // one\n 2]") == "test.json:1:5: expected a value, found '/' (JSON has no comments)")
    #expect(parseError(#"{"a" 1}"#) == "test.json:1:6: expected ':' after the key \"a\", found '1'")
    #expect(
        parseError("[True]") == "test.json:1:2: unexpected word 'True'; expected a value (strings need double quotes)")
    #expect(parseError("[tru]")?.contains("unexpected word 'tru'") == true)
    #expect(
        parseError("[1, 2") == "test.json:1:6: expected ',' or ']' after an array element, found the end of the file")
    #expect(parseError(#"{"a": "#) == "test.json:1:7: expected a value, found the end of the file")
}

// MARK: - Depth

@Test func deepNestingIsAnErrorNotACrash() {
    let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    #expect(parseError(deep) == "test.json:1:257: arrays and objects nest deeper than 256 levels")
    let deepObjects = String(repeating: #"{"a":"#, count: 10_000) + "1" + String(repeating: "}", count: 10_000)
    #expect(parseError(deepObjects)?.hasSuffix("arrays and objects nest deeper than 256 levels") == true)
}

@Test func nestingUpToTheLimitIsFine() throws {
    let limit = JSONDocument.defaultMaximumDepth
    let text = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
    var node = try parse(text)
    var depth = 1
    while let inner = node.elements?.first {
        node = inner
        depth += 1
    }
    #expect(depth == limit)
    #expect(throws: MapError.self) { try parse("[[[1]]]", maximumDepth: 2) }
}

// MARK: - Paths and helpers

@Test func pathsReadLikeCode() {
    let path = JSONPath.root.appending("features").appending(3).appending("geometry").appending("coordinates")
        .appending(0).appending(2)
    #expect(path.description == "features[3].geometry.coordinates[0][2]")
    #expect(JSONPath.root.description == "")
    #expect(JSONPath.root.appending(0).appending("marker-color").description == "[0].marker-color")
    #expect(JSONPath.root.appending("a b").appending("c\"d").description == #"["a b"]["c\"d"]"#)
}

@Test func errorsNameFilePositionAndPath() throws {
    let document = try JSONDocument(parsing: Array("{\n  \"a\": [true]\n}".utf8), fileName: "x.json")
    let node = try #require(document.root["a"]?.elements?.first)
    let error = document.error(
        "expected a number, found a boolean", at: node, path: JSONPath.root.appending("a").appending(0))
    #expect(error.kind == .invalidData)
    #expect(error.locatedMessage == "x.json:2:9: a[0]: expected a number, found a boolean")
    #expect(document.error("bad", at: document.root, path: .root).locatedMessage == "x.json:1:1: bad")
}

@Test func suggestsCloseNames() {
    let names = ["titleSize", "subtitleSize", "fillColor", "strokeColor"]
    #expect(Spelling.closestName(to: "titelSize", among: names) == "titleSize")
    #expect(Spelling.closestName(to: "FillColour", among: names) == "fillColor")
    #expect(Spelling.closestName(to: "background", among: names) == nil)
}

@Test func readsJSONFilesAndReportsMissingOnes() throws {
    #expect {
        _ = try JSONDocument.read(atPath: "/nonexistent/map.json")
    } throws: { error in
        (error as? MapError)?.kind == .missingInput
            && (error as? MapError)?.locatedMessage == "/nonexistent/map.json: no such file"
    }
    #expect {
        _ = try JSONDocument.read(atPath: "/tmp")
    } throws: { error in
        (error as? MapError)?.kind == .missingInput
    }
}
