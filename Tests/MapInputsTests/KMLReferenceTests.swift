import Foundation
import MapErrors
import MapGeometry
import MapRenderCore
import Testing

@testable import MapInputs

// KMLDecoder on real files (Fixtures/kml, from togeojson's test data and GPSBabel's
// reference files; see the README there), compared with what an independent reader (lxml
// and geographiclib, make_reference.py) found in them: reference.json.

private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Fixtures/kml")

/// Positions agree to 1e-6 degrees (about 0.1 m).
private let positionTolerance = 1e-6
/// Lengths agree within 0.5 % (both are WGS84 geodesics; the tolerance covers rounding).
private let lengthTolerance = 0.005

/// One file as the independent reader saw it.
private struct Reference: Decodable {
    var places: Int
    var lines: Int
    var polygons: Int
    var tracks: Int
    var fixes: Int
    var firstPlace: [Double]?
    var lastPlace: [Double]?
    var firstFix: [Double]?
    var lastFix: [Double]?
    var bbox: [Double]?
    var lineLength: Double
    var trackLength: Double

    enum CodingKeys: String, CodingKey {
        case places, lines, polygons, tracks, fixes, bbox
        case firstPlace = "first_place"
        case lastPlace = "last_place"
        case firstFix = "first_fix"
        case lastFix = "last_fix"
        case lineLength = "line_length_m"
        case trackLength = "track_length_m"
    }

    var isEmpty: Bool { places + lines + polygons + tracks == 0 }
}

private let references: [String: Reference] = {
    let data = (try? Data(contentsOf: fixtures.appendingPathComponent("reference.json"))) ?? Data()
    return (try? JSONDecoder().decode([String: Reference].self, from: data)) ?? [:]
}()

private func length(_ points: [Coordinate]) -> Double {
    zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
}

private func expectClose(_ coordinate: Coordinate?, _ lonLat: [Double]?, _ what: String, _ file: String) {
    guard let lonLat else {
        #expect(coordinate == nil, "\(file): \(what)")
        return
    }
    guard let coordinate, lonLat.count == 2 else {
        Issue.record("\(file): \(what) missing")
        return
    }
    #expect(abs(coordinate.longitude - lonLat[0]) <= positionTolerance, "\(file): \(what) longitude")
    #expect(abs(coordinate.latitude - lonLat[1]) <= positionTolerance, "\(file): \(what) latitude")
}

private func expectLength(_ measured: Double, _ expected: Double, _ what: String, _ file: String) {
    #expect(
        abs(measured - expected) <= max(1e-6, expected * lengthTolerance), "\(file): \(what) \(measured) vs \(expected)"
    )
}

/// Compares decoded content with its reference.
private func compare(_ content: KMLContent, _ reference: Reference, _ file: String) {
    #expect(content.places.count == reference.places, "\(file): places")
    #expect(content.lines.count == reference.lines, "\(file): lines")
    #expect(content.polygons.count == reference.polygons, "\(file): polygons")
    #expect(content.tracks.count == reference.tracks, "\(file): tracks")
    #expect(content.tracks.reduce(0) { $0 + $1.fixCount } == reference.fixes, "\(file): fixes")
    expectClose(content.places.first?.coordinate, reference.firstPlace, "first place", file)
    expectClose(content.places.last?.coordinate, reference.lastPlace, "last place", file)
    expectClose(content.tracks.first?.first?.coordinate, reference.firstFix, "first fix", file)
    expectClose(content.tracks.last?.last?.coordinate, reference.lastFix, "last fix", file)
    let every =
        content.places.map(\.coordinate) + content.lines.flatMap(\.coordinates)
        + content.polygons.flatMap { $0.rings.flatMap { $0 } }
        + content.tracks.flatMap { $0.locations.map(\.coordinate) }
    if let bbox = reference.bbox, bbox.count == 4 {
        expectClose(
            Coordinate(latitude: every.map(\.latitude).min() ?? .nan, longitude: every.map(\.longitude).min() ?? .nan),
            [bbox[0], bbox[1]], "south-west corner", file)
        expectClose(
            Coordinate(latitude: every.map(\.latitude).max() ?? .nan, longitude: every.map(\.longitude).max() ?? .nan),
            [bbox[2], bbox[3]], "north-east corner", file)
    } else {
        #expect(every.isEmpty, "\(file): coordinates")
    }
    expectLength(content.lines.reduce(0) { $0 + length($1.coordinates) }, reference.lineLength, "line length", file)
    let trackLength = content.tracks.reduce(0) { total, track in
        total + track.segments.reduce(0) { $0 + length($1.map(\.coordinate)) }
    }
    expectLength(trackLength, reference.trackLength, "track length", file)
}

@Suite("KML real files against an independent reader")
struct KMLReferenceTests {
    @Test("the reference covers the fixtures")
    func referenceIsThere() {
        #expect(references.count >= 40)
    }

    @Test("each real file reads as lxml and geographiclib read it", arguments: references.keys.sorted())
    func realFile(name: String) throws {
        let reference = try #require(references[name])
        let path = fixtures.appendingPathComponent(name).path
        do {
            let content = try KMLDecoder.read(atPath: path)
            compare(content, reference, name)
            #expect(content.diagnostics.allSatisfy { $0.message.hasPrefix(path + ": ") }, "\(content.diagnostics)")
        } catch {
            // A file with nothing drawable and nothing skipped says so.
            #expect(reference.isEmpty, "\(name): \(error)")
            #expect(error.message == "no Placemark with a Point, LineString, Polygon or Track", "\(error)")
        }
    }

    @Test("a KMZ of a real file reads as the file itself")
    func kmzOfRealFile() throws {
        let kmz = try KMLDecoder.read(atPath: fixtures.appendingPathComponent("kmz/earth-gc.kmz").path)
        let kml = try KMLDecoder.read(atPath: fixtures.appendingPathComponent("gpsbabel-earth-gc.kml").path)
        #expect(kmz.places == kml.places && kmz.lines == kml.lines && kmz.placeDetails == kml.placeDetails)
        compare(kmz, try #require(references["gpsbabel-earth-gc.kml"]), "earth-gc.kmz")
    }
}
