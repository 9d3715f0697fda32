import Foundation
import MapGeometry
import MapTestSupport
import Testing

// Tests of the WGS84 geodesic (Karney) and great-circle code. The reference values in
// Resources/geodesic_reference.csv come from GeographicLib; see geodesic_reference.py for how
// to regenerate them.

/// Largest accepted distance error against GeographicLib, meters. Karney's method is good to
/// ~15 nm, so any genuine disagreement shows up far above this.
private let distanceTolerance = 1e-3
/// Largest accepted angle error (azimuths, latitudes, longitudes) against GeographicLib, degrees.
private let angleTolerance = 1e-9
/// Largest accepted error when our own functions are checked against each other, meters.
private let roundTripTolerance = 1e-6

/// |a − b| for angles in degrees, modulo 360° (so 180° and −180° agree).
private func angleError(_ a: Double, _ b: Double) -> Double {
    abs((a - b).remainder(dividingBy: 360))
}

// MARK: - Reference data

private struct ReferenceCase: Sendable {
    var line: Int  // 1-based line in the CSV file
    var kind: String
    var group: String
    var lat1, lon1, lat2, lon2, s12, azi1, azi2: Double

    var label: String { "geodesic_reference.csv line \(line) (\(kind), \(group))" }
}

private enum ReferenceData {
    static let cases: [ReferenceCase] = load()

    static func load() -> [ReferenceCase] {
        let url =
            Bundle.module.url(forResource: "Resources/geodesic_reference", withExtension: "csv")
            ?? Bundle.module.url(
                forResource: "geodesic_reference", withExtension: "csv", subdirectory: "Resources")
        guard let url, let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let header = lines.first?.split(separator: ",").map(String.init) else { return [] }
        var cases: [ReferenceCase] = []
        for (index, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            let fields = line.split(separator: ",").map(String.init)
            var row: [String: String] = [:]
            for (name, value) in zip(header, fields) { row[name] = value }
            func number(_ name: String) -> Double { row[name].flatMap(Double.init) ?? .nan }
            cases.append(
                ReferenceCase(
                    line: index + 1, kind: row["kind"] ?? "", group: row["group"] ?? "",
                    lat1: number("lat1"), lon1: number("lon1"), lat2: number("lat2"),
                    lon2: number("lon2"), s12: number("s12"), azi1: number("azi1"),
                    azi2: number("azi2")))
        }
        return cases
    }
}

// MARK: - Tests

@Suite("Geodesic")
struct GeodesicTests {
    let wgs84 = Ellipsoid.wgs84

    @Test("the reference file loads with all its cases")
    func referenceFileLoads() {
        let cases = ReferenceData.cases
        #expect(cases.count >= 290)
        #expect(cases.filter { $0.kind == "inverse" && $0.group == "antipodal" }.count >= 30)
        #expect(cases.allSatisfy { [$0.lat1, $0.lon1, $0.lat2, $0.lon2, $0.s12].allSatisfy(\.isFinite) })
    }

    @Test("inverse problem matches GeographicLib on every reference case")
    func inverseMatchesReference() {
        var maxDistanceError = 0.0
        var maxAzimuthError = 0.0
        for c in ReferenceData.cases where c.kind == "inverse" {
            let r = wgs84.inverse(
                from: Coordinate(latitude: c.lat1, longitude: c.lon1),
                to: Coordinate(latitude: c.lat2, longitude: c.lon2))
            let ds = abs(r.distance - c.s12)
            let da1 = angleError(r.initialAzimuth, c.azi1)
            let da2 = angleError(r.finalAzimuth, c.azi2)
            #expect(ds <= distanceTolerance, "\(c.label): distance off by \(ds) m")
            #expect(da1 <= angleTolerance, "\(c.label): initial azimuth off by \(da1)°")
            #expect(da2 <= angleTolerance, "\(c.label): final azimuth off by \(da2)°")
            #expect(r.initialAzimuth > -180 && r.initialAzimuth <= 180, "\(c.label): azimuth range")
            #expect(r.finalAzimuth > -180 && r.finalAzimuth <= 180, "\(c.label): azimuth range")
            maxDistanceError = max(maxDistanceError, ds)
            maxAzimuthError = max(maxAzimuthError, da1, da2)
        }
        print("inverse: largest distance error \(maxDistanceError) m, azimuth \(maxAzimuthError)°")
    }

    @Test("direct problem matches GeographicLib on every reference case")
    func directMatchesReference() {
        var maxPositionError = 0.0
        var maxAzimuthError = 0.0
        for c in ReferenceData.cases where c.kind == "direct" {
            let r = wgs84.direct(
                from: Coordinate(latitude: c.lat1, longitude: c.lon1), azimuth: c.azi1,
                distance: c.s12)
            let dlat = abs(r.coordinate.latitude - c.lat2)
            let dlon = angleError(r.coordinate.longitude, c.lon2)
            let dazi = angleError(r.finalAzimuth, c.azi2)
            #expect(dlat <= angleTolerance, "\(c.label): latitude off by \(dlat)°")
            #expect(dlon <= angleTolerance, "\(c.label): longitude off by \(dlon)°")
            #expect(dazi <= angleTolerance, "\(c.label): final azimuth off by \(dazi)°")
            #expect(
                r.coordinate.longitude >= -180 && r.coordinate.longitude < 180,
                "\(c.label): longitude \(r.coordinate.longitude) outside [-180, 180)")
            maxPositionError = max(maxPositionError, dlat, dlon)
            maxAzimuthError = max(maxAzimuthError, dazi)
        }
        print("direct: largest position error \(maxPositionError)°, azimuth \(maxAzimuthError)°")
    }

    @Test("inverse is symmetric: swapping the ends keeps the distance and swaps the azimuths")
    func inverseSymmetry() {
        for c in ReferenceData.cases where c.kind == "inverse" {
            let p1 = Coordinate(latitude: c.lat1, longitude: c.lon1)
            let p2 = Coordinate(latitude: c.lat2, longitude: c.lon2)
            let forward = wgs84.inverse(from: p1, to: p2)
            let backward = wgs84.inverse(from: p2, to: p1)
            let ds = abs(forward.distance - backward.distance)
            #expect(ds <= roundTripTolerance, "\(c.label): asymmetric by \(ds) m")
            // Skip the cases whose shortest geodesic is not unique, where the two directions may
            // legitimately pick different ones: coincident points, points on a pole, and
            // pairs mirrored across the equator near the antipode (exactly antipodal points
            // have a whole family; the others two mirror-image geodesics of equal length).
            let degenerate =
                c.s12 == 0 || abs(c.lat1) == 90 || abs(c.lat2) == 90
                || (c.lat1 == -c.lat2 && (c.group == "antipodal" || c.group == "equator"))
            if !degenerate {
                let da = angleError(backward.finalAzimuth, forward.initialAzimuth + 180)
                #expect(da <= angleTolerance, "\(c.label): reversed azimuth off by \(da)°")
            }
        }
    }

    // MARK: Nearly antipodal regressions (Vincenty fails or converges slowly on these)

    private func expectInverse(
        _ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double,
        distance: Double, azi1: Double, azi2: Double
    ) {
        let r = wgs84.inverse(
            from: Coordinate(latitude: lat1, longitude: lon1),
            to: Coordinate(latitude: lat2, longitude: lon2))
        #expect(abs(r.distance - distance) <= distanceTolerance, "distance \(r.distance)")
        #expect(angleError(r.initialAzimuth, azi1) <= angleTolerance, "azi1 \(r.initialAzimuth)")
        #expect(angleError(r.finalAzimuth, azi2) <= angleTolerance, "azi2 \(r.finalAzimuth)")
    }

    @Test("nearly antipodal: (0, 0) to (0.5, 179.5)")
    func nearlyAntipodalEquatorHalfDegree() {
        expectInverse(
            0, 0, 0.5, 179.5, distance: 19_936_288.578965314, azi1: 25.67187286829188,
            azi2: 154.3270854699416)
    }

    @Test("nearly antipodal: (-30, 0) to (29.9, 179.8)")
    func nearlyAntipodalMidLatitude() {
        expectInverse(
            -30, 0, 29.9, 179.8, distance: 19_989_832.82760953, azi1: 161.89052473632697,
            azi2: 18.0907372457395)
    }

    @Test("nearly antipodal: (0, 0) to (0, 179.9999), equatorial but over the pole")
    func nearlyAntipodalOnEquator() {
        expectInverse(
            0, 0, 0, 179.9999, distance: 20_003_931.457702395, azi1: 0.009501793445007163,
            azi2: 179.990498206555)
    }

    @Test("nearly antipodal: (0, 0) to (0, 179.5), just past the equatorial limit 180°(1 − f)")
    func nearlyAntipodalPastEquatorialLimit() {
        expectInverse(
            0, 0, 0, 179.5, distance: 19_980_861.908890963, azi1: 55.966495140158635,
            azi2: 124.03350485984137)
    }

    @Test("nearly antipodal: (30, 0) to (-30.0001, 179.9999)")
    func nearlyAntipodalTenthMillidegree() {
        expectInverse(
            30, 0, -30.0001, 179.9999, distance: 20_003_920.372458264, azi1: 179.9890398681991,
            azi2: 0.010960142789563853)
    }

    @Test("nearly antipodal: (45, 10) to (-44.7, -170.2)")
    func nearlyAntipodalAcrossAntimeridian() {
        expectInverse(
            45, 10, -44.7, -170.2, distance: 19_968_745.421057012, azi1: 13.454837741354705,
            azi2: 166.61612542641126)
    }

    @Test("exactly antipodal points are half a meridian apart")
    func exactlyAntipodal() {
        let halfMeridian = 20_003_931.458625447
        for (lat, lon) in [(0.0, 0.0), (30.0, 0.0), (-60.0, 45.0), (89.5, -120.0)] {
            let d = Coordinate(latitude: lat, longitude: lon)
                .distance(to: Coordinate(latitude: -lat, longitude: lon + 180))
            #expect(abs(d - halfMeridian) <= distanceTolerance, "(\(lat), \(lon)): \(d) m")
        }
    }

    // MARK: Other ellipsoids

    @Test("on a sphere the geodesic is the great circle")
    func sphereMatchesHaversine() {
        let sphere = Ellipsoid(equatorialRadius: Earth.meanRadius, flattening: 0)
        for c in ReferenceData.cases where c.kind == "inverse" {
            let p1 = Coordinate(latitude: c.lat1, longitude: c.lon1)
            let p2 = Coordinate(latitude: c.lat2, longitude: c.lon2)
            let geodesic = sphere.inverse(from: p1, to: p2).distance
            let haversine = p1.greatCircleDistance(to: p2)
            #expect(abs(geodesic - haversine) <= roundTripTolerance, "\(c.label)")
        }
    }

    @Test("the earth constants: WGS84's defining values, Web Mercator's sphere from them, the mean radius apart")
    func earthConstants() {
        // NIMA TR8350.2 Table 3.1; EPSG:3857 takes WGS84's a; IUGG R₁ rounded to 0.1 m.
        #expect(Ellipsoid.wgs84 == Ellipsoid(equatorialRadius: 6_378_137, flattening: 1 / 298.257223563))
        #expect(MapPoint.webMercatorRadius == 6_378_137)
        #expect(Earth.meanRadius == 6_371_008.8)
        // R₁ = (2a + b)/3 with b = a(1 − f).
        let a = Ellipsoid.wgs84.equatorialRadius, b = a * (1 - Ellipsoid.wgs84.flattening)
        #expect(abs((2 * a + b) / 3 - Earth.meanRadius) < 0.05)
    }

    // MARK: Great circle

    @Test("haversine: hand-checkable distances on the sphere of the mean radius")
    func haversine() {
        let oneDegree = 2 * Double.pi * Earth.meanRadius / 360
        let origin = Coordinate(latitude: 0, longitude: 0)
        #expect(Earth.meanRadius == 6_371_008.8)
        #expect(abs(origin.greatCircleDistance(to: Coordinate(latitude: 0, longitude: 1)) - oneDegree) <= 1e-6)
        #expect(abs(origin.greatCircleDistance(to: Coordinate(latitude: 1, longitude: 0)) - oneDegree) <= 1e-6)
        #expect(abs(origin.greatCircleDistance(to: Coordinate(latitude: 90, longitude: 0)) - 90 * oneDegree) <= 1e-6)
        #expect(abs(origin.greatCircleDistance(to: Coordinate(latitude: 0, longitude: 180)) - 180 * oneDegree) <= 1e-6)
        // Across the antimeridian: 179.5° E to 179.5° W is one degree.
        let east = Coordinate(latitude: 0, longitude: 179.5)
        let west = Coordinate(latitude: 0, longitude: -179.5)
        #expect(abs(east.greatCircleDistance(to: west) - oneDegree) <= 1e-6)
        // At 60° a degree of longitude is cos 60° = ½ as long, to first order; the exact
        // great-circle chord is 2R asin(cos 60° sin 0.5°).
        let a = Coordinate(latitude: 60, longitude: 10)
        let b = Coordinate(latitude: 60, longitude: 11)
        let expected = 2 * Earth.meanRadius * asin(0.5 * sin(0.5 * Double.pi / 180))
        #expect(abs(a.greatCircleDistance(to: b) - expected) <= 1e-6)
        #expect(origin.greatCircleDistance(to: origin) == 0)
    }

    // MARK: Coordinate conveniences

    @Test("distance(to:) is the WGS84 geodesic distance")
    func coordinateDistance() {
        // One degree of longitude on the WGS84 equator is 2πa/360.
        let d = Coordinate(latitude: 0, longitude: 0).distance(to: Coordinate(latitude: 0, longitude: 1))
        #expect(abs(d - 2 * Double.pi * 6_378_137 / 360) <= 1e-6)
        #expect(Coordinate(latitude: 12, longitude: 34).distance(to: Coordinate(latitude: 12, longitude: 34)) == 0)
    }

    @Test("bearings: north 0, east 90, south 180, west 270, always in [0, 360)")
    func bearings() {
        let origin = Coordinate(latitude: 0, longitude: 0)
        #expect(origin.initialBearing(to: Coordinate(latitude: 1, longitude: 0)) == 0)
        #expect(origin.initialBearing(to: Coordinate(latitude: 0, longitude: 1)) == 90)
        #expect(origin.initialBearing(to: Coordinate(latitude: -1, longitude: 0)) == 180)
        #expect(origin.initialBearing(to: Coordinate(latitude: 0, longitude: -1)) == 270)
        #expect(origin.initialBearing(to: origin) == 0)
        for c in ReferenceData.cases where c.kind == "inverse" {
            let bearing = Coordinate(latitude: c.lat1, longitude: c.lon1)
                .initialBearing(to: Coordinate(latitude: c.lat2, longitude: c.lon2))
            #expect(bearing >= 0 && bearing < 360, "\(c.label): bearing \(bearing)")
            let expected = c.s12 == 0 ? 0 : c.azi1  // coincident points: north
            #expect(angleError(bearing, expected) <= angleTolerance, "\(c.label)")
        }
    }

    @Test("destination round-trips with the inverse problem")
    func destinationRoundTrip() {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<200 {
            let start = Coordinate(
                latitude: generator.uniform(-89, 89), longitude: generator.uniform(-180, 180))
            let bearing = generator.uniform(0, 360)
            let distance = generator.uniform(1, 19_000_000)
            let end = start.destination(bearing: bearing, distance: distance)
            #expect(end.longitude >= -180 && end.longitude < 180)
            let back = wgs84.inverse(from: start, to: end)
            let ds = abs(back.distance - distance)
            #expect(ds <= roundTripTolerance, "\(start) \(bearing)° \(distance) m: \(ds) m")
            let da = angleError(back.initialAzimuth, bearing)
            #expect(da <= angleTolerance, "\(start) \(bearing)° \(distance) m: \(da)°")
        }
        // Crossing the antimeridian eastwards lands in the western hemisphere.
        let east = Coordinate(latitude: 0, longitude: 179.99).destination(bearing: 90, distance: 10_000)
        #expect(east.longitude < -179.9 && east.longitude >= -180)
    }

    // MARK: Geodesic circle

    @Test("geodesic circle: every point at the radius, starts north, goes clockwise")
    func circleRadius() {
        for (center, radius) in [
            (Coordinate(latitude: 48.8566, longitude: 2.3522), 250.0),
            (Coordinate(latitude: -33.9, longitude: 151.2), 1_500_000.0),
            (Coordinate(latitude: 10, longitude: 179.99), 5_000.0),
            (Coordinate(latitude: 89.9, longitude: 0), 5_000.0),
        ] {
            let ring = Coordinate.geodesicCircle(center: center, radius: radius, count: 64)
            #expect(ring.count == 64)
            for (i, p) in ring.enumerated() {
                let d = center.distance(to: p)
                #expect(abs(d - radius) <= roundTripTolerance, "\(center) r=\(radius) #\(i): \(d) m")
                let bearing = center.initialBearing(to: p)
                #expect(
                    angleError(bearing, 360 * Double(i) / 64) <= 1e-6,
                    "\(center) r=\(radius) #\(i): bearing \(bearing)")
            }
            #expect(ring[0].latitude > center.latitude)
            for (p, q) in zip(ring, ring.dropFirst()) {
                #expect(abs(q.longitude - p.longitude) < 180)
            }
        }
        #expect(Coordinate.geodesicCircle(center: Coordinate(latitude: 0, longitude: 0), radius: 1).count == 128)
        #expect(Coordinate.geodesicCircle(center: Coordinate(latitude: 0, longitude: 0), radius: 1, count: 0).isEmpty)
    }

    @Test("geodesic circle enclosing a pole: on the radius, successive longitudes continuous")
    func circleAroundPole() {
        let center = Coordinate(latitude: 89.9, longitude: 170)
        let ring = Coordinate.geodesicCircle(center: center, radius: 50_000, count: 90)
        for (i, p) in ring.enumerated() {
            let d = center.distance(to: p)
            #expect(abs(d - 50_000) <= roundTripTolerance, "#\(i): \(d) m")
        }
        for (p, q) in zip(ring, ring.dropFirst()) {
            #expect(abs(q.longitude - p.longitude) < 180, "jump from \(p) to \(q)")
        }
        #expect(abs(ring[0].longitude - center.longitude) <= 180)
    }

    @Test("geodesic circle across the antimeridian stays continuous")
    func circleAcrossAntimeridian() {
        let center = Coordinate(latitude: 0, longitude: 179.99)
        let ring = Coordinate.geodesicCircle(center: center, radius: 5_000)
        #expect(ring.count == 128)
        #expect(ring.allSatisfy { abs($0.longitude - 179.99) < 1 })
        #expect(ring.contains { $0.longitude > 180 })
        let westCenter = Coordinate(latitude: -45, longitude: -179.999)
        let westRing = Coordinate.geodesicCircle(center: westCenter, radius: 5_000)
        #expect(westRing.allSatisfy { abs($0.longitude - -179.999) < 1 })
    }

    // MARK: Densified geodesic

    @Test("geodesic points: spacing within the maximum, exact ends, continuous over ±180°")
    func geodesicPoints() {
        let start = Coordinate(latitude: 35.7, longitude: 139.7)  // Tokyo
        let end = Coordinate(latitude: 37.6, longitude: -122.4)  // San Francisco
        let maximum = 100_000.0
        let points = start.geodesicPoints(to: end, maximumSegmentLength: maximum)
        let total = start.distance(to: end)
        #expect(points.count == Int((total / maximum).rounded(.up)) + 1)
        #expect(points.first == start)
        #expect(points.last?.latitude == end.latitude)
        #expect(points.last?.longitude == end.longitude + 360)
        var length = 0.0
        for (p, q) in zip(points, points.dropFirst()) {
            #expect(abs(q.longitude - p.longitude) < 180, "jump from \(p) to \(q)")
            let step = p.distance(to: q)
            #expect(step <= maximum + roundTripTolerance, "step \(step) m")
            length += step
        }
        #expect(abs(length - total) <= 1e-3)
        #expect(points.contains { $0.longitude > 180 })
        // Every point lies on the geodesic: its distance from the start is a multiple of the step.
        for (i, p) in points.enumerated() {
            let d = start.distance(to: p)
            #expect(abs(d - total * Double(i) / Double(points.count - 1)) <= roundTripTolerance)
        }
    }

    @Test("geodesic points: westward across ±180°, short segments and degenerate input")
    func geodesicPointsEdgeCases() {
        let a = Coordinate(latitude: -17.5, longitude: -179.5)
        let b = Coordinate(latitude: -18.5, longitude: 178.0)
        let west = a.geodesicPoints(to: b, maximumSegmentLength: 10_000)
        #expect(west.first == a)
        #expect(west.last?.longitude == 178.0 - 360)
        for (p, q) in zip(west, west.dropFirst()) {
            #expect(abs(q.longitude - p.longitude) < 180)
            #expect(p.distance(to: q) <= 10_000 + roundTripTolerance)
        }
        let unwrappedB = Coordinate(latitude: b.latitude, longitude: b.longitude - 360)
        #expect(a.geodesicPoints(to: b, maximumSegmentLength: 1e9) == [a, unwrappedB])
        #expect(a.geodesicPoints(to: a, maximumSegmentLength: 10) == [a, a])
        #expect(a.geodesicPoints(to: b, maximumSegmentLength: 0) == [a, unwrappedB])
        #expect(a.geodesicPoints(to: b, maximumSegmentLength: .nan).count == 2)
    }
}
