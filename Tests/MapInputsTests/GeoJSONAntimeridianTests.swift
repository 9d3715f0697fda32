import MapDrawing
import MapErrors
import MapFormats
import MapGeometry
import MapRenderCore
import MapTestSupport
import Testing

@testable import MapInputs

// GeoJSON past ±180° of longitude (Pacific-centred data, the us-states sample's Alaska):
// decoded as the same meridians within [-180, 180], laid out continuous across the
// antimeridian.

private func decode(_ text: String) throws -> GeoJSONContent {
    try GeoJSONDecoder().decode(Array(text.utf8), fileName: "test.geojson")
}

private func decodeError(_ text: String) -> String? {
    do {
        _ = try GeoJSONDecoder().decode(Array(text.utf8), fileName: "test.geojson")
        return nil
    } catch {
        return error.description
    }
}

/// Degrees: wrapping subtracts whole turns, exact up to the rounding of one subtraction.
private let degreeTolerance = 1e-9

private func expectLongitudes(
    _ coordinates: [Coordinate], _ expected: [Double], sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(coordinates.count == expected.count, sourceLocation: sourceLocation)
    for (coordinate, longitude) in zip(coordinates, expected) {
        #expect(
            abs(coordinate.longitude - longitude) < degreeTolerance, "\(coordinate.longitude) ≠ \(longitude)",
            sourceLocation: sourceLocation)
    }
}

@Suite("GeoJSON past the antimeridian")
struct GeoJSONAntimeridianTests {
    @Test("a LineString to 205.3° decodes, its longitudes wrapped into [-180, 180]")
    func lineString() throws {
        let content = try decode(#"{"type": "LineString", "coordinates": [[179, 10], [205.3, 12], [190, 14]]}"#)
        expectLongitudes(content.polylines[0].coordinates, [179, -154.7, -170])
        #expect(content.polylines[0].coordinates.map(\.latitude) == [10, 12, 14])
    }

    @Test("a Polygon with vertices at 205.3° decodes, its ring still closed")
    func polygon() throws {
        let content = try decode(
            #"{"type": "Polygon", "coordinates": [[[200, 10], [205.3, 10], [205.3, 15], [200, 15], [200, 10]]]}"#)
        let ring = try #require(content.polygons.first?.rings.first)
        expectLongitudes(ring, [-160, -154.7, -154.7, -160, -160])
        #expect(ring.first == ring.last)
    }

    @Test(
        "a longitude past ±180° is the same meridian within [-180, 180]; ±180° and those within stay as written",
        arguments: [
            (205.3, -154.7), (-187.1, 172.9), (180, 180), (-180, -180), (179.5, 179.5), (540.5, -179.5),
            (-900, -180), (1e6, -80),
        ])
    func pointLongitudes(written: Double, decoded: Double) throws {
        let content = try decode(#"{"type": "Point", "coordinates": [\#(written), 52.5]}"#)
        expectLongitudes(content.places.map(\.coordinate), [decoded])
        #expect(content.places.first?.coordinate.latitude == 52.5)
    }

    @Test("latitudes beyond ±90° are still refused, with their path, whatever the longitude")
    func latitudesStillRefused() {
        #expect(
            decodeError(#"{"type": "LineString", "coordinates": [[205.3, 10], [205.4, 90.5]]}"#)
                == "test.geojson:1:61: coordinates[1][1]: latitude 90.5 is out of range [-90, 90]")
        #expect(
            decodeError(#"{"type": "Point", "coordinates": [-187.1, -90.5]}"#)
                == "test.geojson:1:43: coordinates[1]: latitude -90.5 is out of range [-90, 90]")
    }

    @Test("a file with nothing drawable is still an error, longitudes or not")
    func nothingDrawable() throws {
        let empty = try decode(#"{"type": "FeatureCollection", "features": []}"#)
        #expect(empty.isEmpty)
        #expect(
            throws: MapError.self,
            performing: {
                try MapLayout(
                    scene: MapScene(polygons: empty.polygons), style: .standard, measurer: FixedTextMeasurer()
                )
                .layOut(framing: .fit(FitOptions()), size: CanvasSize(width: 800, height: 600))
            })
    }

    @Test("the Alaska-like MultiPolygon decodes every island, longitudes as the same meridians")
    func alaskaDecodes() throws {
        let content = try decode(AntimeridianSamples.alaskaGeoJSON)
        #expect(content.polygons.count == AntimeridianSamples.alaskaRings.count)
        for (polygon, ring) in zip(content.polygons, AntimeridianSamples.alaskaRings) {
            expectLongitudes(polygon.rings[0], ring.map { Coordinate.normalizedLongitude($0[0]) })
            #expect(polygon.title == "Alaska")
        }
    }

    @Test("fitted, the Alaska-like file spans its 57° of longitude across 180°, islands west of the mainland")
    func alaskaLayout() throws {
        let content = try decode(AntimeridianSamples.alaskaGeoJSON)
        let size = CanvasSize(width: 800, height: 600)
        let result = try MapLayout(
            scene: MapScene(polygons: content.polygons), style: .standard, measurer: FixedTextMeasurer()
        ).layOut(framing: .fit(FitOptions()), size: size)

        // The frame holds Alaska and little else: not the whole world.
        let bounds = result.viewport.bounds
        let span = bounds.east - bounds.west + (bounds.east < bounds.west ? 360 : 0)
        #expect(span > 57 && span < 80, "the frame spans \(span)° of longitude")
        #expect(bounds.west > 160 && bounds.west < AntimeridianSamples.alaskaWest + 360)
        #expect(bounds.east > AntimeridianSamples.alaskaEast && bounds.east < -110)

        // One fill per polygon, in file order; each lies on the canvas, not smeared across it,
        // and the islands run west to east across 180° towards the mainland.
        let fillColor = try #require(Style.standard.polygon.fillColor)
        let fills = result.displayList.commands.compactMap { command -> CanvasRect? in
            guard case .fill(let path, let color, _) = command, color == fillColor else { return nil }
            return path.boundingRect
        }
        try #require(fills.count == AntimeridianSamples.alaskaRings.count)
        for rect in fills {
            #expect(rect.minX >= 0 && rect.maxX <= size.width && rect.minY >= 0 && rect.maxY <= size.height, "\(rect)")
        }
        let (mainland, kodiak, unalaska, adak, amchitka, attu) = (
            fills[0], fills[1], fills[2], fills[3], fills[4], fills[5]
        )
        #expect(attu.maxX < amchitka.minX && amchitka.maxX < adak.minX && adak.maxX < unalaska.minX)
        #expect(unalaska.maxX < kodiak.minX && kodiak.maxX < mainland.maxX && attu.maxX < mainland.minX)
        // Amchitka straddles −180°: one small island, not two halves a world apart.
        #expect(amchitka.width < 20)
    }

    @Test("a pin at 205.3° lands where one at −154.7° does; the sidecar reports −154.7°")
    func pins() throws {
        let content = try decode(
            #"{"type": "MultiPoint", "coordinates": [[205.3, 20], [-154.7, 20.5], [179, 21]]}"#)
        let result = try MapLayout(
            scene: MapScene(places: content.places), style: .standard, calloutMode: .none,
            measurer: FixedTextMeasurer()
        ).layOut(framing: .fit(FitOptions()), size: CanvasSize(width: 400, height: 300))
        let points = result.annotations.map(\.point)
        #expect(abs(points[0].x - points[1].x) < 1e-6)
        // East of 179°, on the same canvas: the frame goes across 180°, not round the world.
        #expect(points[2].x < points[0].x && points[0].x - points[2].x < 400)
        expectLongitudes(result.annotations.map(\.coordinate), [-154.7, -154.7, 179])
    }

    @Test("a GeoJSON track past 180° keeps every fix, wrapped")
    func track() throws {
        let document = try JSONDocument(
            parsing: Array(#"{"type": "LineString", "coordinates": [[179.5, 0], [180.5, 0.1], [181.5, 0.2]]}"#.utf8),
            fileName: "t.geojson")
        let tracks = try GeoJSONTrackDecoder.tracks(from: document)
        let fixes = try #require(tracks.first?.segments.first)
        expectLongitudes(fixes.map(\.coordinate), [179.5, -179.5, -178.5])
        #expect(fixes.allSatisfy { $0.hasValidCoordinate })
    }
}
