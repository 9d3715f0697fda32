import Testing

@testable import MapCommandLine

/// The "did you mean" guesses for misspelled options.
@Suite("did you mean")
struct DidYouMeanTests {
    @Test("did-you-mean: edit distance first, then a name the word spells out or cuts short")
    func suggestions() {
        let names = ["--lat", "--lon", "--geojson", "--geofence-events", "--places"]
        #expect(DidYouMean.option(for: "--plces", among: names) == "--places")
        #expect(DidYouMean.option(for: "--latitude", among: names) == "--lat")
        #expect(DidYouMean.option(for: "--geoj", among: names) == "--geojson")
        #expect(DidYouMean.option(for: "--geo", among: names) == nil)
        #expect(DidYouMean.option(for: "--zzzzzz", among: names) == nil)
    }

    @Test("the hint is the tail of a message, or nothing without a guess")
    func hint() {
        #expect(DidYouMean.hint("--name") == "; did you mean '--name'?")
        #expect(DidYouMean.hint(nil) == "")
    }
}
