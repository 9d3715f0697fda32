import Testing

@testable import MapMarginalia

@Suite("Grid labels: dms and decimal texts")
struct GridLabelFormatTests {
    func dms(_ degrees: Double) -> GridLabelFormatter {
        GridLabelFormatter(format: .dms, interval: GridInterval(degrees: degrees))
    }
    func decimal(_ degrees: Double) -> GridLabelFormatter {
        GridLabelFormatter(format: .decimal, interval: GridInterval(degrees: degrees))
    }

    @Test("whole-degree grids drop minutes and seconds")
    func degrees() {
        #expect(dms(1).latitude(60) == "60°N")
        #expect(dms(5).longitude(-120) == "120°W")
        #expect(dms(10).latitude(0) == "0°")
        #expect(dms(10).longitude(0) == "0°")
    }

    @Test("minute grids always show minutes, two digits")
    func minutes() {
        #expect(dms(10.0 / 60).latitude(60 + 10.0 / 60) == "60°10′N")
        #expect(dms(0.5).latitude(60) == "60°00′N")
        #expect(dms(5.0 / 60).longitude(24 + 5.0 / 60) == "24°05′E")
        #expect(dms(0.5).latitude(-33.5) == "33°30′S")
    }

    @Test("second grids show seconds")
    func seconds() {
        #expect(dms(30.0 / 3600).longitude(24 + 56.0 / 60 + 30.0 / 3600) == "24°56′30″E")
        #expect(dms(0.01).latitude(60.17) == "60°10′12″N")
        // 0.001° = 3.6″: one decimal of a second tells the lines apart.
        #expect(dms(0.001).latitude(60.001) == "60°00′03.6″N")
    }

    @Test("rounding carries: 59°59′60″ never appears")
    func carry() {
        let almost = 60 - 1e-9
        #expect(dms(1.0 / 3600).latitude(almost) == "60°00′00″N")
        #expect(dms(1.0 / 60).longitude(-almost) == "60°00′W")
        #expect(dms(1).latitude(almost) == "60°N")
        #expect(!dms(1.0 / 3600).latitude(59.999_999_9).contains("60″"))
        #expect(decimal(0.01).latitude(59.999_999) == "60.00°N")
    }

    @Test("values within rounding of zero carry no hemisphere")
    func nearZero() {
        #expect(dms(1.0 / 60).latitude(-1e-12) == "0°00′")
        #expect(decimal(0.5).longitude(-1e-12) == "0.0°")
    }

    @Test("southern and western hemispheres")
    func hemispheres() {
        #expect(dms(1).latitude(-54) == "54°S")
        #expect(decimal(0.05).longitude(-122.45) == "122.45°W")
        #expect(decimal(0.25).latitude(-33.75) == "33.75°S")
    }

    @Test("across the antimeridian labels wrap into W/E and 180° has no letter")
    func antimeridian() {
        #expect(dms(5).longitude(185) == "175°W")
        #expect(dms(5).longitude(180) == "180°")
        #expect(dms(5).longitude(-180) == "180°")
        #expect(dms(5).longitude(175) == "175°E")
        #expect(decimal(0.5).longitude(190.5) == "169.5°W")
        #expect(dms(5).longitude(-185) == "175°E")
    }

    @Test("decimal places follow the interval")
    func decimalPlaces() {
        #expect(decimal(0.01).longitude(24.94) == "24.94°E")
        #expect(decimal(1).latitude(60) == "60°N")
        #expect(decimal(0.5).latitude(60) == "60.0°N")
        // 20′ has no short decimal form: two places tell 60.33 from 60.67 apart.
        #expect(decimal(20.0 / 60).latitude(60 + 20.0 / 60) == "60.33°N")
        #expect(decimal(0.0001).longitude(0.0001) == "0.0001°E")
    }
}
