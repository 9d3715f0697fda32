import MapDrawing
import MapVectorStyle
import Testing

/// Colour strings with their components as 0–255 values and alpha.
private let colorCases: [(String, [Double])] = [
    ("#f80", [255, 136, 0, 1]),
    ("#F80C", [255, 136, 0, 0.8]),
    ("#ff8800", [255, 136, 0, 1]),
    ("#ff880080", [255, 136, 0, 128.0 / 255]),
    ("rgb(255, 136, 0)", [255, 136, 0, 1]),
    ("rgb(100%, 0%, 50%)", [255, 0, 127.5, 1]),
    ("rgba(255,255,255,0.8)", [255, 255, 255, 0.8]),
    ("hsl(0, 100%, 50%)", [255, 0, 0, 1]),
    ("hsl(120, 100%, 25%)", [0, 127.5, 0, 1]),
    ("hsla(240, 100%, 50%, 0.5)", [0, 0, 255, 0.5]),
    ("hsl(210, 67%, 85%)", [0.7495 * 255, 0.85 * 255, 0.9505 * 255, 1]),
    ("black", [0, 0, 0, 1]),
    ("White", [255, 255, 255, 1]),
    ("transparent", [0, 0, 0, 0]),
    (" #000 ", [0, 0, 0, 1]),
]

@Suite("Colours")
struct ColorTests {
    @Test("CSS colour strings", arguments: colorCases)
    func parse(_ text: String, _ components: [Double]) throws {
        let color = try #require(StyleColor.parse(text), "\(text) did not parse")
        let actual = [color.red * 255, color.green * 255, color.blue * 255, color.alpha]
        for (a, e) in zip(actual, components) {
            #expect(abs(a - e) <= 1e-6, "\(text): \(actual) vs \(components)")
        }
    }

    @Test(
        "strings that are not colours", arguments: ["", "#12", "#12345", "#ggg", "rgb(1,2)", "hsl(x,1%,1%)", "nocolor"])
    func reject(_ text: String) {
        #expect(StyleColor.parse(text) == nil)
    }

    @Test("to-string writes a colour as rgba()")
    func colorText() {
        #expect(StyleValue.color(Color(red: 1, green: 0.5, blue: 0, alpha: 0.5)).text == "rgba(255,128,0,0.5)")
    }

    @Test("colour properties hold parsed colours, other properties keep strings")
    func colorPropertiesParseOnce() throws {
        let orange = try #require(StyleColor.parse("#fc8"))
        #expect(try StyleExpression(json: ##""#fc8""##, as: .property("line-color")) == .literal(.color(orange)))
        #expect(try StyleExpression(json: ##""#fc8""##, as: .property("text-field")) == .literal(.string("#fc8")))
        let ramp = try StyleExpression(json: ##"{"stops": [[5, "#fc8"], [6, "white"]]}"##, as: .property("fill-color"))
        guard case .interpolate(_, _, let stops) = ramp else {
            Issue.record("\(ramp) is not a ramp")
            return
        }
        #expect(stops.map(\.output) == [.literal(.color(orange)), .literal(.color(Color(red: 1, green: 1, blue: 1)))])
    }
}
