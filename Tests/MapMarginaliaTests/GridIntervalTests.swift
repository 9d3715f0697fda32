import MapDrawing
import MapGeometry
import Testing

@testable import MapMarginalia

@Suite("Grid interval: auto choice, parsing, line limits")
struct GridIntervalTests {
    /// Frames from a continent down to a street, at the equator, mid and high latitudes.
    static let frames: [(latitude: Double, zoom: Double)] = [
        (0, 3), (0, 8), (0, 14), (35, 5), (35, 11), (47.5, 9), (60.17, 6), (60.17, 12), (60.17, 16),
        (-33.9, 10), (-54.8, 13), (70, 7), (70, 17),
    ]

    @Test("auto puts 3…8 lines across each direction", arguments: frames)
    func automaticCounts(latitude: Double, zoom: Double) throws {
        let frame = makeFrame(
            center: Coordinate(latitude: latitude, longitude: 24.94), zoom: zoom, width: 500, height: 400)
        let grid = try Graticule.layOut(GridRequest(), in: frame, style: .standard, measurer: FixedTextMeasurer())
        #expect(GridInterval.ladder.contains(grid.longitudeInterval))
        #expect(GridInterval.ladder.contains(grid.latitudeInterval))
        #expect(grid.latitudeInterval.degrees <= grid.longitudeInterval.degrees)
        #expect(
            GridInterval.preferredLineCount.contains(grid.longitudes.count),
            "\(grid.longitudeInterval): \(grid.longitudes.count) meridians")
        #expect(
            GridInterval.preferredLineCount.contains(grid.latitudes.count),
            "\(grid.latitudeInterval): \(grid.latitudes.count) parallels")
    }

    @Test("one step serves both directions where it can; from 60° the parallels step finer")
    func sharedAndSplit() throws {
        let middle = makeFrame(center: Coordinate(latitude: 35, longitude: 24.94), zoom: 11, width: 500, height: 400)
        let shared = try Graticule.layOut(GridRequest(), in: middle, style: .standard, measurer: FixedTextMeasurer())
        #expect(shared.longitudeInterval == shared.latitudeInterval)
        let north = makeFrame(center: Coordinate(latitude: 70, longitude: 24.94), zoom: 11, width: 500, height: 400)
        let split = try Graticule.layOut(GridRequest(), in: north, style: .standard, measurer: FixedTextMeasurer())
        #expect(split.latitudeInterval.degrees < split.longitudeInterval.degrees)
        // Each direction's labels have the parts of its own interval.
        for label in split.labels {
            let interval =
                label.edge == .top || label.edge == .bottom ? split.longitudeInterval : split.latitudeInterval
            let formatter = GridLabelFormatter(format: .dms, interval: interval)
            #expect(label.text.contains("″") == (formatter.precision != .degrees && formatter.precision != .minutes))
        }
    }

    @Test("decimal labels get decimal steps", arguments: frames)
    func automaticDecimal(latitude: Double, zoom: Double) throws {
        let frame = makeFrame(
            center: Coordinate(latitude: latitude, longitude: 24.94), zoom: zoom, width: 500, height: 400)
        let grid = try Graticule.layOut(
            GridRequest(format: .decimal), in: frame, style: .standard, measurer: FixedTextMeasurer())
        #expect(GridInterval.decimalLadder.contains(grid.longitudeInterval))
        #expect(GridInterval.decimalLadder.contains(grid.latitudeInterval))
        #expect(grid.latitudes.count >= 2 && grid.longitudes.count >= 3)
        // Every label ends in a round decimal: no more places than the interval has.
        for label in grid.labels {
            let digits = label.text.split(separator: ".").dropFirst().first?.prefix { $0.isNumber }.count ?? 0
            let interval = label.edge == .top || label.edge == .bottom ? grid.longitudeInterval : grid.latitudeInterval
            #expect(digits <= GridLabelFormatter(format: .decimal, interval: interval).decimalPlaces)
            #expect(digits <= 4)
        }
    }

    @Test("auto picks coarser steps for larger spans")
    func automaticMonotonic() {
        let wide = GridInterval.automatic(longitudes: 0...40, latitudes: 40...60)
        let narrow = GridInterval.automatic(longitudes: 24.9...24.95, latitudes: 60.15...60.18)
        // 10° draws 5 meridians and 3 parallels here: the coarsest step in range.
        #expect(wide.longitude == GridInterval(degrees: 10) && wide.latitude == wide.longitude)
        #expect(narrow.longitude.seconds < 60)
        #expect(narrow.latitude.seconds >= 1)
    }

    static let explicitTexts: [(String, Double)] = [
        ("2", 2), ("0.25", 0.25), ("0.01", 0.01), ("5°", 5), ("5d", 5), ("30'", 0.5), ("30′", 0.5),
        ("30m", 0.5), ("15\"", 15.0 / 3600), ("15s", 15.0 / 3600), ("15″", 15.0 / 3600),
    ]

    @Test("explicit intervals: degrees, minutes, seconds", arguments: explicitTexts)
    func parsing(text: String, degrees: Double) throws {
        let interval = try #require(GridInterval(parsing: text))
        #expect(abs(interval.degrees - degrees) < 1e-12)
    }

    static let refused: [String] = ["", "0", "-1", "abc", "1e3", "inf", "nan", "'"]

    @Test("nonsense and non-positive intervals are refused", arguments: refused)
    func refusals(text: String) {
        #expect(GridInterval(parsing: text) == nil)
    }

    @Test("descriptions read as written")
    func descriptions() {
        #expect(GridInterval(degrees: 10).description == "10°")
        #expect(GridInterval(degrees: 0.5).description == "30′")
        #expect(GridInterval(degrees: 15.0 / 3600).description == "15″")
        #expect(GridInterval(degrees: 0.01).description == "36″")
        #expect(GridInterval(degrees: 0.001).description == "0.001°")
    }

    @Test("an explicit interval drawing over 200 lines is refused, naming the auto one")
    func tooFine() throws {
        let frame = makeFrame(center: Coordinate(latitude: 60, longitude: 25), zoom: 6)
        let request = GridRequest(interval: GridInterval(degrees: 0.01))
        #expect(throws: GraticuleError.self) {
            try Graticule.layOut(request, in: frame, style: .standard, measurer: FixedTextMeasurer())
        }
        do {
            _ = try Graticule.layOut(request, in: frame, style: .standard, measurer: FixedTextMeasurer())
        } catch {
            guard case .tooManyLines(interval: _, lines: let lines, suggested: let suggested) = error else { return }
            #expect(lines > GridInterval.maximumLineCount)
            #expect(GridInterval.ladder.contains(suggested))
        }
    }

    @Test("multiples are index × interval: no drift over many steps")
    func multiples() {
        let values = GridInterval(degrees: 0.1).multiples(from: 0, through: 100)
        #expect(values.count == 1001)
        #expect(values[999] == 999 * 0.1)
        #expect(GridInterval(degrees: 1).multiples(from: 2, through: 1) == [])
    }
}
