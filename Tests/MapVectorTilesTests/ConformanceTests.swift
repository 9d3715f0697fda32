import Foundation
import MapErrors
import Testing

@testable import MapVectorTiles

// The Mapbox Vector Tile conformance suite (mapbox/mvt-fixtures, copied into
// Fixtures/mvt-fixtures): every case, decoded. A valid tile must decode to exactly what its
// tile.json holds (layers, feature ids, properties with their value kinds, geometry
// coordinates) with no diagnostic; an invalid one must be handled as its info.json
// recommends: `recoverable` decodes with at least one diagnostic, `fatal` throws
// MapError(.invalidData). Nothing may crash.

/// The case ids, from the folder names.
private let caseIDs: [String] = {
    let folder = fixturesFolder.appendingPathComponent("mvt-fixtures/fixtures")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.count == 3 && Int($0) != nil }.sorted()
}()

/// Cases where this decoder does not do what the suite says, and why. Each still runs: the
/// test expects its check to fail (Swift Testing's known issues), and fails if it passes.
private let knownIssues: [String: String] = [
    "012": """
    info.json recommends `fatal` for a layer of version 99, but the specification (§4.1) says a \
    decoder MAY skip a layer of an unknown version and SHOULD go on with the next ones; the \
    decoder skips the layer with a diagnostic.
    """,
    "016": """
    byte-for-byte the same tile as 003 (a feature without a type field), which info.json calls \
    invalid; the decoder keeps the feature as UNKNOWN, as 016 expects, but also reports the \
    missing type (§4.2: a feature MUST contain a type) as 003 expects, so 016 is not free of \
    diagnostics.
    """,
    "057": """
    info.json calls it valid, but its geometry is a MoveTo of count 536,870,911 followed by \
    one parameter pair, the same command as 051, which info.json calls fatal; the decoder \
    treats both as a count that runs past the end of the geometry (§4.3.2) and throws.
    """,
    "061": """
    a version 1 tile (valid for version 1, fatal for version 2) whose layer has no version \
    field: tile.json's version 1 is the 1.0.1 schema's default. 024 (a layer without a \
    version) is fatal, and both cannot hold; the decoder follows 024 and §4.1 (a layer MUST \
    contain a version), and throws. Its ClosePath also has count 0, which §4.3.3.3 forbids.
    """,
]

/// What a case's info.json says.
private struct CaseInfo {
    var isValid: Bool
    /// `recoverable`, `fatal`, or `nil` when the suite does not say (045).
    var recommendedHandling: String?
}

private func jsonObject(_ path: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(try fixtureBytes(path)))
}

/// The info of a case. A tile whose layers are all version 1 is judged by version 1's
/// validity (039, 061), any other by version 2's.
private func info(of id: String, expected: [String: Any]) throws -> CaseInfo {
    let info = try #require(try jsonObject("mvt-fixtures/fixtures/\(id)/info.json") as? [String: Any])
    let validity = try #require(info["validity"] as? [String: Any])
    let layers = expected["layers"] as? [[String: Any]] ?? []
    let isVersion1 = !layers.isEmpty && layers.allSatisfy { ($0["version"] as? Int) == 1 }
    let isValid = try #require(validity[isVersion1 ? "v1" : "v2"] as? Bool)
    return CaseInfo(isValid: isValid, recommendedHandling: validity["error"] as? String)
}

@Suite("Conformance: mapbox/mvt-fixtures")
struct ConformanceTests {
    @Test("every case decodes as the suite says", arguments: caseIDs)
    func conformance(id: String) throws {
        let bytes = try fixtureBytes("mvt-fixtures/fixtures/\(id)/tile.mvt")
        let expected = try #require(try jsonObject("mvt-fixtures/fixtures/\(id)/tile.json") as? [String: Any])
        let caseInfo = try info(of: id, expected: expected)
        if let reason = knownIssues[id] {
            withKnownIssue(Comment(rawValue: reason)) { try check(bytes, expected: expected, info: caseInfo) }
        } else {
            try check(bytes, expected: expected, info: caseInfo)
        }
    }

    @Test("the suite is all there: 74 cases, and every known issue names one")
    func caseCount() {
        #expect(caseIDs.count == 74)
        #expect(Set(knownIssues.keys).isSubset(of: caseIDs))
    }

    private func check(_ bytes: [UInt8], expected: [String: Any], info: CaseInfo) throws {
        let decoded: (tile: VectorTile, diagnostics: [VectorTileDiagnostic])
        do {
            decoded = try VectorTileDecoder().decode(bytes)
        } catch {
            #expect(error.kind == .invalidData)
            #expect(!info.isValid, "a valid tile threw: \(error)")
            #expect(
                info.recommendedHandling != "recoverable", "the suite recommends recovering, but it threw: \(error)")
            return
        }
        if info.isValid {
            #expect(decoded.diagnostics.isEmpty, "diagnostics for a valid tile: \(decoded.diagnostics)")
            #expect(decoded.tile == (try expectedTile(expected)))
        } else {
            #expect(info.recommendedHandling != "fatal", "the suite recommends failing, but it decoded")
            #expect(!decoded.diagnostics.isEmpty, "an invalid tile decoded without a diagnostic")
        }
    }
}

// MARK: The expected decoding, from tile.json

/// The tile tile.json describes, decoded independently of the decoder under test: values by
/// their JSON field name, geometry by walking the command integers the simplest way.
private func expectedTile(_ json: [String: Any]) throws -> VectorTile {
    let layers = json["layers"] as? [[String: Any]] ?? []
    return VectorTile(layers: try layers.map(expectedLayer))
}

private func expectedLayer(_ json: [String: Any]) throws -> VectorTileLayer {
    let keys = try #require(json["keys"] as? [String])
    let values = try (try #require(json["values"] as? [[String: Any]])).map(expectedValue)
    let version = try #require(json["version"] as? Int)
    let features = try (try #require(json["features"] as? [[String: Any]])).map { feature in
        let tags = try #require(feature["tags"] as? [Int])
        var properties: [String: VectorTileValue] = [:]
        for pair in stride(from: 0, to: tags.count, by: 2) { properties[keys[tags[pair]]] = values[tags[pair + 1]] }
        let geometry = try #require(feature["geometry"] as? [NSNumber]).map(\.uint32Value)
        return VectorTileFeature(
            id: (feature["id"] as? NSNumber)?.uint64Value, properties: properties,
            geometry: expectedGeometry(geometry, type: feature["type"] as? Int ?? 0, layerVersion: version))
    }
    return VectorTileLayer(
        name: try #require(json["name"] as? String), version: version,
        extent: json["extent"] as? Int ?? 4096, features: features)
}

private func expectedValue(_ json: [String: Any]) throws -> VectorTileValue {
    let (kind, value) = try #require(json.first)
    let number = value as? NSNumber
    switch kind {
    // 076 gives `"string_value": 613`, a number, which its encoder wrote as the text "613".
    case "string_value":
        if let number { return .string(number.stringValue) }
        return .string(try #require(value as? String))
    case "float_value": return .float(Float(try #require(number).doubleValue))
    case "double_value": return .double(try #require(number).doubleValue)
    case "int_value": return .int(try #require(number).int64Value)
    case "uint_value": return .uint(try #require(number).uint64Value)
    case "sint_value": return .sint(try #require(number).int64Value)
    case "bool_value": return .bool(try #require(value as? Bool))
    default: throw MapError(.invalidData, "unknown value kind \(kind) in tile.json")
    }
}

/// One path of a command stream: its points and whether ClosePath ended it.
private struct ReferencePath {
    var points: [VectorTilePoint] = []
    var isClosed = false
}

/// The paths of a command stream read the plain way (MVT 2.1 §4.3): every MoveTo parameter
/// pair starts a path, every LineTo pair extends the last one, ClosePath marks it closed.
private func referencePaths(_ integers: [UInt32]) -> [ReferencePath] {
    var paths: [ReferencePath] = []
    var (x, y, index) = (0, 0, 0)
    while index < integers.count {
        let id = integers[index] & 7
        let count = Int(integers[index] >> 3)
        index += 1
        if id == 7 {
            paths[paths.count - 1].isClosed = true
            continue
        }
        for _ in 0..<count {
            x += Int(Int32(bitPattern: (integers[index] >> 1) ^ (0 &- (integers[index] & 1))))
            y += Int(Int32(bitPattern: (integers[index + 1] >> 1) ^ (0 &- (integers[index + 1] & 1))))
            index += 2
            if id == 1 { paths.append(ReferencePath()) }
            paths[paths.count - 1].points.append(VectorTilePoint(x: x, y: y))
        }
    }
    return paths
}

private func expectedGeometry(_ integers: [UInt32], type: Int, layerVersion: Int) -> VectorTileGeometry {
    let paths = referencePaths(integers)
    switch type {
    case 1:
        return .points(paths.flatMap(\.points))
    case 2:
        // Version 1 allowed ClosePath in a line: it returns to the line's first point.
        return .lineStrings(paths.map { $0.isClosed ? $0.points + [$0.points[0]] : $0.points })
    case 3:
        // §4.3.4.4: a ring of positive area (shoelace, y down) starts a polygon; one of
        // negative area is a hole in the polygon before it.
        var polygons: [VectorTilePolygon] = []
        for ring in paths.map(\.points) {
            var area = 0
            for (index, point) in ring.enumerated() {
                let next = ring[(index + 1) % ring.count]
                area += point.x * next.y - next.x * point.y
            }
            if area > 0 {
                polygons.append(VectorTilePolygon(exteriorRing: ring))
            } else {
                polygons[polygons.count - 1].interiorRings.append(ring)
            }
        }
        return .polygons(polygons)
    default:
        return .unknown(commands: integers)
    }
}
