import MapGeometry
import Testing

@testable import MapPage

/// The scale-ratio math: zoom for 1:N at a latitude on paper, and back.
@Suite("Scale ratio")
struct ScaleRatioTests {
    /// Round trips are exact up to floating point.
    static let roundTripTolerance = 1e-9
    /// Hand computations below are carried to six significant digits.
    static let handTolerance = 1e-5

    @Test("1:N at the equator: the world's 40,075,017 m over 256·2^z points of 0.0254/72 m")
    func equator() {
        // At zoom 0 the equator (2π · 6,378,137 m = 40,075,016.686 m) is 256 points of
        // 0.35278 mm = 0.0903111 m of paper: 1:443,744,273.
        let ratio = ScaleRatio(zoom: 0, latitude: 0)
        #expect(abs(ratio.denominator / 443_744_273.0 - 1) < Self.handTolerance)
        // Each zoom level halves the denominator.
        #expect(abs(ScaleRatio(zoom: 1, latitude: 0).denominator * 2 / ratio.denominator - 1) < Self.roundTripTolerance)
    }

    @Test("the ratio's zoom at a latitude gives the ratio back; cos φ shrinks ground per point")
    func roundTrip() {
        for (denominator, latitude) in [(10_000.0, 60.17), (25_000, 0), (1_000_000, -45), (500, 85)] {
            let zoom = ScaleRatio(denominator: denominator).zoom(atLatitude: latitude)
            #expect(
                abs(ScaleRatio(zoom: zoom, latitude: latitude).denominator / denominator - 1) < Self.roundTripTolerance)
        }
        // At 60° a point spans half the ground it spans at the equator: one zoom level less.
        let equator = ScaleRatio(denominator: 10_000).zoom(atLatitude: 0)
        let sixty = ScaleRatio(denominator: 10_000).zoom(atLatitude: 60)
        #expect(abs(equator - sixty - 1) < Self.roundTripTolerance)
    }

    @Test("parsing 1:N, N and grouped digits; out of range refused")
    func parsing() throws {
        #expect(try ScaleRatio(parsing: "1:25000").denominator == 25_000)
        #expect(try ScaleRatio(parsing: "25000").denominator == 25_000)
        #expect(try ScaleRatio(parsing: "1:25,000").denominator == 25_000)
        for bad in ["0", "1:0", "-5", "abc", "1:", "1:2e10"] {
            #expect(throws: PageValueError.self, "\(bad)") { try ScaleRatio(parsing: bad) }
        }
    }

    @Test("the printed form and the round ratio that fits")
    func roundAndPrinted() {
        #expect(ScaleRatio(denominator: 25_000).description == "1:25,000")
        #expect(ScaleRatio(denominator: 1_234_567.4).description == "1:1,234,567")
        #expect(ScaleRatio(denominator: 500).description == "1:500")
        #expect(ScaleRatio(denominator: 31_000).roundedUp.denominator == 50_000)
        #expect(ScaleRatio(denominator: 21_000).roundedUp.denominator == 25_000)
        #expect(ScaleRatio(denominator: 20_000).roundedUp.denominator == 20_000)
        #expect(ScaleRatio(denominator: 10_001).roundedUp.denominator == 20_000)
        #expect(ScaleRatio(denominator: 60_000).roundedUp.denominator == 100_000)
    }
}
