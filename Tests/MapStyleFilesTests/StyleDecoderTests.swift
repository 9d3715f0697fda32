import Foundation
import MapErrors
import MapRenderCore
import MapTestSupport
import Testing

@testable import MapDrawing
@testable import MapFormats
@testable import MapStyleFiles

// Style JSON: the shipped styles, partial overrides, colours, every error with its file,
// line:column and path, and finding styles by name or path.

private let stylesDirectory = packageRoot + "/styles"

private func decode(_ text: String, fileName: String = "styles/test.json") throws -> Style {
    try StyleDecoder.decode(Array(text.utf8), fileName: fileName)
}

/// The error decoding `text` throws, as "message; remedy", checking it is `.invalidData`.
private func decodeError(_ text: String, fileName: String = "styles/bad.json") -> String? {
    do {
        _ = try StyleDecoder.decode(Array(text.utf8), fileName: fileName)
        return nil
    } catch {
        #expect(error.kind == .invalidData)
        return error.description
    }
}

/// A fresh directory, removed after `body`.
private func withStyleDirectory(_ body: (String) throws -> Void) throws {
    let path = FileManager.default.temporaryDirectory.path + "/maprender-styles-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: path) }
    try body(path)
}

private func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
}

/// Relative luminance in [0, 1] (sRGB weights, ignoring gamma: enough to tell dark from light).
private func lightness(_ color: Color) -> Double {
    0.2126 * color.red + 0.7152 * color.green + 0.0722 * color.blue
}

// MARK: - The shipped styles

@Test func defaultStyleFileMatchesTheBuiltInDefaults() throws {
    let style = try StyleDecoder.load(nameOrPath: "default", stylesDirectory: stylesDirectory)
    #expect(style == Style())
    #expect(
        try StyleDecoder.decode(
            InputFile.read(atPath: stylesDirectory + "/default.json", what: "style"), fileName: "default.json")
            == Style())
}

@Test func everyBuiltInStyleDecodes() throws {
    for name in StyleDecoder.builtInNames {
        let style = try StyleDecoder.load(nameOrPath: name, stylesDirectory: stylesDirectory)
        #expect(style.name == name)
    }
    #expect(StyleDecoder.availableNames(in: stylesDirectory) == StyleDecoder.builtInNames.sorted())
}

@Test func darkStyleIsDarkWithLightText() throws {
    let dark = try StyleDecoder.load(nameOrPath: "dark", stylesDirectory: stylesDirectory)
    #expect(lightness(dark.backgroundColor) < 0.2)
    #expect(lightness(dark.basemap.landColor) < 0.2)
    #expect(lightness(dark.basemap.labelColor) > 0.6)
    #expect(lightness(dark.callout.fillColor) < 0.25)
    #expect(lightness(dark.callout.titleColor) > 0.8)
    #expect(lightness(dark.furniture.textColor) > 0.8)
    // Bright pins stand out on the dark land.
    #expect(lightness(dark.marker.defaultPinColor) - lightness(dark.basemap.landColor) > 0.2)
}

@Test func printStyleIsGreyscaleSafe() throws {
    let print = try StyleDecoder.load(nameOrPath: "print", stylesDirectory: stylesDirectory)
    #expect(print.backgroundColor == .white)
    #expect(!print.polyline.dashPattern.isEmpty)
    // Pins differ in lightness, not only in hue.
    #expect(abs(lightness(print.marker.defaultPinColor) - lightness(print.marker.goingNextColor)) > 0.3)
    // Lines and text are grey.
    for color in [
        print.polyline.strokeColor!, print.polygon.strokeColor!, print.callout.titleColor, print.furniture.textColor,
    ] {
        #expect(color.red == color.green && color.green == color.blue)
    }
}

@Test func everyStylePropertyHasAKey() {
    func labels(_ value: Any) -> [String] { Mirror(reflecting: value).children.compactMap(\.label) }
    #expect(labels(Style()) == StyleDecoder.topLevelKeys)
    #expect(labels(BasemapStyle()) == StyleField<BasemapStyle>.basemap.map(\.0))
    #expect(labels(MarkerStyle()) == StyleField<MarkerStyle>.marker.map(\.0))
    #expect(labels(CalloutStyle()) == StyleField<CalloutStyle>.callout.map(\.0))
    #expect(labels(ShapeStyle()) == StyleField<ShapeStyle>.shape.map(\.0))
    #expect(labels(UserLocationStyle()) == StyleField<UserLocationStyle>.userLocation.map(\.0))
    #expect(labels(FurnitureStyle()) == StyleField<FurnitureStyle>.furniture.map(\.0))
}

// MARK: - Decoding

@Test func missingKeysKeepTheDefaults() throws {
    var expected = Style()
    expected.name = "test"  // named after the file when the file does not say
    #expect(try decode("{}") == expected)

    let style = try decode(
        #"{"name": "mine", "callout": {"titleSize": 15}, "polyline": {"dashPattern": [4, 2], "casingColor": null}}"#)
    expected.name = "mine"
    expected.callout.titleSize = 15
    expected.polyline.dashPattern = [4, 2]
    expected.polyline.casingColor = nil
    #expect(style == expected)
}

@Test func colourForms() throws {
    let style = try decode(
        ##"{"backgroundColor": "#abc", "basemap": {"landColor": "#102030", "waterColor": "#10203080", "borderColor": "purple", "labelColor": "rgb(1, 2, 3)", "labelHaloColor": " RGBA(255, 255, 255, .5) "}}"##
    )
    #expect(style.backgroundColor == Color(hex: 0xAABBCC))
    #expect(style.basemap.landColor == Color(hex: 0x102030))
    #expect(style.basemap.waterColor == Color(hex: 0x102030, alpha: 128.0 / 255))
    #expect(style.basemap.borderColor == .purple)
    #expect(style.basemap.labelColor == Color(hex: 0x010203))
    #expect(style.basemap.labelHaloColor == Color.white.withAlpha(0.5))
    #expect(StyleDecoder.color(parsing: "rgba(255, 59, 48, 0.7)") == Color.red.withAlpha(0.7))
    for bad in [
        "rgba(256, 0, 0, 1)", "rgba(1, 2, 3)", "rgb(1, 2, 3, 0.5)", "rgba(1, 2, 3, 2)", "rgb(1.5, 2, 3)", "rgb(1, 2, 3",
    ] {
        #expect(StyleDecoder.color(parsing: bad) == nil, "\(bad)")
    }
}

// MARK: - Errors

@Test func wrongTypeNamesFileLineColumnAndPath() {
    let text = """
        {
          "name": "bad",
          "callout": {
            "titleSize": "13"
          }
        }
        """
    #expect(decodeError(text) == "styles/bad.json:4:18: callout.titleSize: expected a number, found a string")
}

@Test func unknownKeysSuggestTheClosest() {
    #expect(
        decodeError("{\n  \"callout\": {\"titelSize\": 12}\n}")
            == "styles/bad.json:2:15: callout.titelSize: unknown key; did you mean \"titleSize\"?")
    #expect(
        decodeError(##"{"backgroundColour": "#fff"}"##)
            == "styles/bad.json:1:2: backgroundColour: unknown key; did you mean \"backgroundColor\"?")
    #expect(
        decodeError(#"{"marker": {"zzz": 1}}"#)
            == "styles/bad.json:1:13: marker.zzz: unknown key; known keys here: defaultPinColor, needleColor, goingNextColor, scale"
    )
}

@Test func valueErrors() {
    let cases: [(String, String)] = [
        (
            #"{"polyline": {"lineWidth": -1}}"#,
            "styles/bad.json:1:28: polyline.lineWidth: expected a number ≥ 0, found -1.0"
        ),
        (#"{"callout": {"titleSize": 0}}"#, "callout.titleSize: expected a number > 0, found 0.0"),
        (#"{"marker": {"scale": -2}}"#, "marker.scale: expected a number > 0, found -2.0"),
        (
            ##"{"backgroundColor": "#12345"}"##,
            ##"backgroundColor: "#12345" is not a colour; use a name (red, green, purple, blue, white, black), #rgb, #rrggbb, #rrggbbaa, rgb(r, g, b) or rgba(r, g, b, alpha)"##
        ),
        (
            #"{"backgroundColor": null}"#,
            "backgroundColor: expected a colour, found null; only strokeColor, fillColor and casingColor may be null"
        ),
        (#"{"circle": {"fillColor": 3}}"#, "circle.fillColor: expected a colour, found a number"),
        (
            #"{"polygon": {"lineCap": "flat"}}"#,
            #"polygon.lineCap: expected one of "butt", "round", "square", found "flat""#
        ),
        (
            #"{"polygon": {"lineJoin": null}}"#,
            #"polygon.lineJoin: expected one of "miter", "round", "bevel", found null"#
        ),
        (#"{"circle": {"dashPattern": [4, "2"]}}"#, "circle.dashPattern[1]: expected a number, found a string"),
        (#"{"circle": {"dashPattern": 4}}"#, "circle.dashPattern: expected an array of numbers, found a number"),
        (
            #"{"circle": {"dashPattern": [0]}}"#,
            "circle.dashPattern: dash lengths are all zero; use [] for a solid line"
        ),
        (
            #"{"furniture": {"showsScaleBar": "yes"}}"#,
            "furniture.showsScaleBar: expected true or false, found a string"
        ),
        (#"{"furniture": {"fontFamily": ""}}"#, "furniture.fontFamily: expected a non-empty string"),
        (#"{"name": 3}"#, "name: expected a string, found a number"),
        (#"{"userLocation": []}"#, "styles/bad.json:1:18: userLocation: expected an object, found an array"),
        ("[]", "styles/bad.json:1:1: expected a style object, found an array"),
        (
            ##"{"basemap": {"landColor": "#fff",}}"##,
            "styles/bad.json:1:34: expected a key after ',', found '}'; JSON allows no trailing comma"
        ),
    ]
    for (text, expected) in cases {
        let message = decodeError(text)
        #expect(message?.hasSuffix(expected) == true, "\(text) → \(message ?? "no error")")
        #expect(message?.hasPrefix("styles/bad.json:1:") == true)
    }
}

// MARK: - Finding styles

@Test func loadsByNameOrPath() throws {
    try withStyleDirectory { directory in
        try write(##"{"backgroundColor": "#000000"}"##, to: directory + "/night.json")
        try write("{}", to: directory + "/plain.json")
        let night = try StyleDecoder.load(nameOrPath: "night", stylesDirectory: directory)
        #expect(night.name == "night")
        #expect(night.backgroundColor == .black)
        #expect(try StyleDecoder.load(nameOrPath: directory + "/night.json", stylesDirectory: "/nowhere") == night)
        // A missing "default" falls back to the built-in style.
        #expect(try StyleDecoder.load(nameOrPath: "default", stylesDirectory: directory) == Style())

        #expect {
            _ = try StyleDecoder.load(nameOrPath: "nigth", stylesDirectory: directory)
        } throws: { error in
            let error = error as? MapError
            return error?.kind == .invalidRequest
                && error?.description
                    == "unknown style \"nigth\"; available styles: night, plain; did you mean \"night\"? give a style name or the path of a style .json file"
        }
        #expect {
            _ = try StyleDecoder.load(nameOrPath: directory + "/missing.json", stylesDirectory: directory)
        } throws: { error in
            let error = error as? MapError
            return error?.kind == .missingInput && error?.locatedMessage == "\(directory)/missing.json: no such file"
        }
        #expect {
            _ = try StyleDecoder.load(nameOrPath: "sub/x", stylesDirectory: directory)
        } throws: { error in (error as? MapError)?.kind == .missingInput }
    }
}

@Test func badStyleFilesFailWithTheirPath() throws {
    try withStyleDirectory { directory in
        try write("{\n  \"marker\": {\"scale\": \"big\"}\n}", to: directory + "/broken.json")
        #expect {
            _ = try StyleDecoder.load(nameOrPath: "broken", stylesDirectory: directory)
        } throws: { error in
            (error as? MapError)?.locatedMessage
                == "\(directory)/broken.json:2:23: marker.scale: expected a number, found a string"
        }
    }
}

@Test func unknownNamesListTheBuiltInsWhenTheDirectoryIsMissing() {
    #expect {
        _ = try StyleDecoder.load(nameOrPath: "sepia", stylesDirectory: "/nonexistent/styles")
    } throws: { error in
        (error as? MapError)?.locatedMessage == "unknown style \"sepia\"; available styles: dark, default, print"
    }
}
