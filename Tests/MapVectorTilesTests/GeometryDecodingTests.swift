import MapErrors
import Testing

@testable import MapVectorTiles

// Geometry decoding (MVT 2.1 §4.3): the specification's own examples, polygons grouped by
// ring winding, repairs of flaws that leave the shape clear, and errors for command
// sequences no geometry type allows.

/// The one feature of a one-layer tile, with the diagnostics.
private func decodeFeature(
    _ geometry: [UInt32], type: UInt64, version: UInt64 = 2
) throws(MapError) -> (feature: VectorTileFeature?, diagnostics: [VectorTileDiagnostic]) {
    let (tile, diagnostics) = try VectorTileDecoder().decode(
        tile(version: version, TestFeature(type: type, geometry: geometry)))
    return (tile.layers.first?.features.first, diagnostics)
}

/// The geometry of the one feature, which must decode without diagnostics.
private func geometry(_ integers: [UInt32], type: UInt64, version: UInt64 = 2) throws -> VectorTileGeometry {
    let (feature, diagnostics) = try decodeFeature(integers, type: type, version: version)
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    return try #require(feature).geometry
}

@Suite("Geometry decoding")
struct GeometryDecodingTests {
    // MARK: The specification's examples, §4.3.5

    @Test("§4.3.5.1 point and §4.3.5.2 multipoint")
    func specPoints() throws {
        #expect(try geometry([9, 50, 34], type: 1) == .points(points([(25, 17)])))
        #expect(try geometry([17, 10, 14, 3, 9], type: 1) == .points(points([(5, 7), (3, 2)])))
    }

    @Test("§4.3.5.3 linestring and §4.3.5.4 multilinestring")
    func specLines() throws {
        #expect(
            try geometry([9, 4, 4, 18, 0, 16, 16, 0], type: 2) == .lineStrings([points([(2, 2), (2, 10), (10, 10)])]))
        #expect(
            try geometry([9, 4, 4, 18, 0, 16, 16, 0, 9, 17, 17, 10, 4, 8], type: 2)
                == .lineStrings([points([(2, 2), (2, 10), (10, 10)]), points([(1, 1), (3, 5)])]))
    }

    @Test("§4.3.5.5 polygon and §4.3.5.6 multipolygon with a hole")
    func specPolygons() throws {
        #expect(
            try geometry([9, 6, 12, 18, 10, 12, 24, 44, 15], type: 3)
                == .polygons([VectorTilePolygon(exteriorRing: points([(3, 6), (8, 12), (20, 34)]))]))
        let multipolygon: [UInt32] = [
            9, 0, 0, 26, 20, 0, 0, 20, 19, 0, 15, 9, 22, 2, 26, 18, 0, 0, 18, 17, 0, 15, 9, 4, 13, 26, 0, 8, 8, 0, 0, 7,
            15,
        ]
        #expect(
            try geometry(multipolygon, type: 3)
                == .polygons([
                    VectorTilePolygon(exteriorRing: points([(0, 0), (10, 0), (10, 10), (0, 10)])),
                    VectorTilePolygon(
                        exteriorRing: points([(11, 11), (20, 11), (20, 20), (11, 20)]),
                        interiorRings: [points([(13, 13), (13, 17), (17, 17), (17, 13)])]),
                ]))
    }

    // MARK: Polygons by winding, §4.3.4.4

    private let square = [(0, 0), (100, 0), (100, 100), (0, 100)] as [(Int32, Int32)]
    private let hole = [(10, 10), (10, 20), (20, 20), (20, 10)] as [(Int32, Int32)]
    private let secondHole = [(50, 50), (50, 60), (60, 60), (60, 50)] as [(Int32, Int32)]
    private let farSquare = [(200, 0), (300, 0), (300, 100), (200, 100)] as [(Int32, Int32)]

    @Test("holes follow their exterior ring; each positive ring starts a polygon")
    func polygonGrouping() throws {
        let decoded = try geometry(polygonGeometry([square, hole, secondHole, farSquare]), type: 3)
        guard case .polygons(let polygons) = decoded else {
            Issue.record("not polygons: \(decoded)")
            return
        }
        #expect(polygons.count == 2)
        #expect(polygons[0].interiorRings.count == 2)
        #expect(polygons[0].rings.count == 3)
        #expect(polygons[1].interiorRings.isEmpty)
        #expect(polygons[1].exteriorRing == points([(200, 0), (300, 0), (300, 100), (200, 100)]))
    }

    @Test("a version 1 layer takes the first ring's winding as the exterior one")
    func version1Winding() throws {
        let reversed = [square.reversed(), hole.reversed(), farSquare.reversed()].map { Array($0) }
        let decoded = try geometry(polygonGeometry(reversed), type: 3, version: 1)
        guard case .polygons(let polygons) = decoded else {
            Issue.record("not polygons: \(decoded)")
            return
        }
        #expect(polygons.map(\.interiorRings.count) == [1, 0])
    }

    @Test("in a version 2 layer, interior rings before any exterior ring are dropped")
    func orphanHoles() throws {
        let (feature, diagnostics) = try decodeFeature(polygonGeometry([hole, square]), type: 3)
        #expect(
            feature?.geometry
                == .polygons([VectorTilePolygon(exteriorRing: points(square.map { (Int($0.0), Int($0.1)) }))]))
        #expect(diagnostics.map(\.consequence) == [.featureRepaired])
        #expect(diagnostics.first?.message == "dropped 1 interior ring before any exterior ring (§4.3.4.4)")

        // Only holes: nothing is left, and the feature is skipped.
        let (none, skipped) = try decodeFeature(polygonGeometry([hole]), type: 3)
        #expect(none == nil)
        #expect(skipped.map(\.consequence) == [.featureSkipped])
    }

    // MARK: Repairs

    @Test("a LineTo that does not move is dropped (§4.3.3.2), with a diagnostic")
    func zeroLengthSegments() throws {
        // The conformance suite's 046: (2,2) → (2,10) → (2,10).
        let (feature, diagnostics) = try decodeFeature([9, 4, 4, 18, 0, 16, 0, 0], type: 2)
        #expect(feature?.geometry == .lineStrings([points([(2, 2), (2, 10)])]))
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.consequence == .featureRepaired)
        #expect(diagnostics.first?.featureIndex == 0)
        #expect(diagnostics.first?.message.hasPrefix("dropped 1 repeated point") == true)
    }

    @Test("a line left with one point is dropped; a feature left with no line is skipped")
    func shortLines() throws {
        let (feature, diagnostics) = try decodeFeature([9, 4, 4, 10, 0, 0, 9, 2, 2, 10, 2, 2], type: 2)
        #expect(feature?.geometry == .lineStrings([points([(3, 3), (4, 4)])]))
        #expect(diagnostics.first?.message.contains("dropped 1 line left with a single point") == true)

        let (none, skipped) = try decodeFeature([9, 4, 4, 10, 0, 0], type: 2)
        #expect(none == nil)
        #expect(skipped.map(\.consequence) == [.featureSkipped])
    }

    @Test("a ring that repeats its first point before ClosePath loses the repeat (§4.3.4.4)")
    func repeatedClosingPoint() throws {
        let closed = square + [square[0]]
        let (feature, diagnostics) = try decodeFeature(polygonGeometry([closed]), type: 3)
        #expect(
            feature?.geometry
                == .polygons([VectorTilePolygon(exteriorRing: points(square.map { (Int($0.0), Int($0.1)) }))]))
        #expect(diagnostics.map(\.consequence) == [.featureRepaired])
    }

    @Test("a ring of zero area is dropped (§4.3.4.4)")
    func zeroAreaRing() throws {
        let flat: [(Int32, Int32)] = [(0, 0), (10, 0), (20, 0)]
        let (feature, diagnostics) = try decodeFeature(polygonGeometry([square, flat]), type: 3)
        #expect(
            feature?.geometry
                == .polygons([VectorTilePolygon(exteriorRing: points(square.map { (Int($0.0), Int($0.1)) }))]))
        #expect(diagnostics.first?.message == "dropped 1 ring with zero area (§4.3.4.4)")
    }

    @Test("version 1 lines may end with ClosePath, which returns to the first point")
    func version1ClosedLine() throws {
        #expect(
            try geometry([9, 4, 4, 18, 0, 16, 16, 0, 15], type: 2, version: 1)
                == .lineStrings([points([(2, 2), (2, 10), (10, 10), (2, 2)])]))
    }

    @Test("coordinates that leave the 32-bit range are kept exactly")
    func largeCoordinates() throws {
        // The conformance suite's 049: x = 2^31 - 1, then one more.
        #expect(
            try geometry([9, 4_294_967_294, 0, 10, 2, 2], type: 2)
                == .lineStrings([points([(2_147_483_647, 0), (2_147_483_648, 1)])]))
        #expect(
            try geometry([9, 4_294_967_295, 4_294_967_295], type: 1)
                == .points(points([(-2_147_483_648, -2_147_483_648)])))
    }

    @Test("UNKNOWN geometry is kept as its raw integers (§4.3.4.1)")
    func unknownGeometry() throws {
        #expect(try geometry([9, 50, 34, 123], type: 0) == .unknown(commands: [9, 50, 34, 123]))
    }

    // MARK: Fatal command sequences

    @Test(
        "command sequences the geometry type does not allow throw, naming layer and feature",
        arguments: [
            (1, [15, 50, 34], "a POINT geometry must start with MoveTo (§4.3.4.2)"),
            (1, [9, 50], "MoveTo with count 1 at geometry integer 0 needs 2 parameters, but only 1 integers follow"),
            (
                1, [4_294_967_289, 10, 10],
                "MoveTo with count 536870911 at geometry integer 0 needs 1073741822 parameters"
            ),
            (1, [9, 50, 34, 9, 2, 2], "a POINT geometry must be a single MoveTo, but more commands follow (§4.3.4.2)"),
            (1, [9, 50, 34, 10, 2, 2], "a POINT geometry must be a single MoveTo"),
            (1, [1, 9, 2, 2], "MoveTo with count 0 at geometry integer 0"),
            (1, [12, 2, 2], "unknown geometry command id 4 at geometry integer 0"),
            (2, [10, 2, 2], "LineTo before any MoveTo (§4.3.4.3)"),
            (2, [17, 2, 2, 4, 4], "MoveTo with count 2 in a LINESTRING geometry (§4.3.4.3)"),
            (2, [9, 2, 2], "a line with a MoveTo but no LineTo (§4.3.4.3)"),
            (2, [9, 2, 2, 9, 4, 4, 10, 2, 2], "a line with a MoveTo but no LineTo (§4.3.4.3)"),
            (2, [9, 4, 4, 18, 0, 16, 16, 0, 15], "ClosePath in a LINESTRING geometry (§4.3.3.3)"),
            (2, [9, 0, 0, 4_294_967_290, 6, 10, 6, 18], "LineTo with count 536870911 at geometry integer 3"),
            (3, [9, 6, 12, 18, 10, 12, 24, 44, 23], "ClosePath with count 2 at geometry integer 8 (must be 1)"),
            (3, [9, 6, 12, 18, 10, 12, 24, 44, 7], "ClosePath with count 0 at geometry integer 8 (must be 1)"),
            (3, [9, 6, 12, 18, 10, 12, 24, 44], "the last ring is not closed with ClosePath (§4.3.4.4)"),
            (3, [9, 6, 12, 18, 10, 12, 24, 44, 9, 2, 2], "a ring not closed with ClosePath before the next MoveTo"),
            (3, [9, 6, 12, 15], "ClosePath right after MoveTo: a ring needs LineTo (§4.3.4.4)"),
            (3, [15], "ClosePath without a ring to close (§4.3.4.4)"),
            (3, [9, 6, 12, 18, 10, 12, 24, 44, 15, 10, 2, 2], "LineTo after ClosePath; a ring must start with MoveTo"),
            (3, [17, 6, 12, 2, 2], "MoveTo with count 2 in a POLYGON geometry (§4.3.4.4)"),
        ] as [(UInt64, [UInt32], String)])
    func fatalSequences(type: UInt64, integers: [UInt32], message: String) {
        let error = #expect(throws: MapError.self) { try decodeFeature(integers, type: type) }
        #expect(error?.kind == .invalidData)
        #expect(error?.message.hasPrefix("layer 0 (\"layer\"), feature 0: ") == true)
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
    }
}
