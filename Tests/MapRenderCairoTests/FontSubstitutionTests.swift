import MapDrawing
import Testing

@testable import MapRenderCairo

/// Which family fontconfig draws when a style names one that is not installed.
@Suite("Font substitutes")
struct FontSubstitutionTests {
    let measurer = PangoTextMeasurer()

    @Test("an installed family is drawn as asked, whatever its case")
    func installed() {
        #expect(measurer.substituteFamily(for: "DejaVu Sans") == nil)
        #expect(measurer.substituteFamily(for: "dejavu sans") == nil)
    }

    @Test("a missing family names the family fontconfig draws instead, and a stack takes its first installed one")
    func missing() throws {
        let substitute = try #require(measurer.substituteFamily(for: "Maprender Missing Sans"))
        #expect(!substitute.isEmpty && substitute != "Maprender Missing Sans")
        // Asked again, the same answer (kept per process).
        #expect(measurer.substituteFamily(for: "Maprender Missing Sans") == substitute)
        #expect(measurer.substituteFamily(for: "Maprender Missing Sans, DejaVu Sans") == "DejaVu Sans")
    }
}
