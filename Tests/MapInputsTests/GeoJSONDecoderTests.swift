import Foundation
import MapErrors
import MapGeometry
import MapRenderCore
import MapTestSupport
import Testing

@testable import MapDrawing
@testable import MapInputs

// GeoJSON (RFC 7946) with simplestyle-spec 1.1.0 properties: every geometry type, the
// style overrides, and every validation error with its file, position and JSON path.

/// The content of `text`, each styled overlay's look resolved in `style` as layout
/// resolves it (`resolvedStyle(in:)`), so tests read the look that is drawn.
private func decode(_ text: String, style: Style = .standard) throws -> GeoJSONContent {
    var content = try GeoJSONDecoder().decode(Array(text.utf8), fileName: "test.geojson")
    for index in content.polylines.indices where content.polylines[index].styleOverride != nil {
        content.polylines[index].style = content.polylines[index].resolvedStyle(in: style)
    }
    for index in content.polygons.indices where content.polygons[index].styleOverride != nil {
        content.polygons[index].style = content.polygons[index].resolvedStyle(in: style)
    }
    return content
}

/// The message of the `.invalidData` error decoding `text` throws, with the remedy after "; ".
private func decodeError(_ text: String, fileName: String = "test.geojson") -> String? {
    do {
        _ = try GeoJSONDecoder().decode(Array(text.utf8), fileName: fileName)
        return nil
    } catch {
        #expect(error.kind == .invalidData)
        return error.description
    }
}

/// A FeatureCollection of one feature with `geometry` and `properties`.
private func feature(_ geometry: String, properties: String = "{}") -> String {
    #"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": \#(properties), "geometry": \#(geometry)}]}"#
}

private func coordinate(_ latitude: Double, _ longitude: Double) -> Coordinate {
    Coordinate(latitude: latitude, longitude: longitude)
}

// MARK: - Geometry types

@Test func decodesEveryGeometryType() throws {
    let text = """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "properties": {"title": "A", "description": "first"},
           "geometry": {"type": "Point", "coordinates": [-104.99, 39.74]}},
          {"type": "Feature", "properties": {"name": "B"},
           "geometry": {"type": "MultiPoint", "coordinates": [[-105, 39.7], [-105.1, 39.8, 1600]]}},
          {"type": "Feature", "properties": {"name": "line"},
           "geometry": {"type": "LineString", "coordinates": [[-105, 39], [-104, 40]]}},
          {"type": "Feature", "properties": null,
           "geometry": {"type": "MultiLineString", "coordinates": [[[0, 0], [1, 1]], [[2, 2], [3, 3], [4, 4]]]}},
          {"type": "Feature", "properties": {"title": "park"},
           "geometry": {"type": "Polygon", "coordinates": [
              [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]],
              [[2, 2], [2, 4], [4, 4], [4, 2], [2, 2]]]}},
          {"type": "Feature", "properties": {},
           "geometry": {"type": "MultiPolygon", "coordinates": [
              [[[0, 0], [1, 0], [1, 1], [0, 0]]],
              [[[5, 5], [6, 5], [6, 6], [5, 5]]]]}}
        ]}
        """
    let content = try decode(text)
    #expect(content.places.map(\.title) == ["A", "B", "B"])
    #expect(content.places.map(\.id) == [1, 2, 3])
    #expect(content.places[0].subtitle == "first")
    #expect(content.places[1].subtitle == nil)
    #expect(content.places[0].coordinate == coordinate(39.74, -104.99))
    #expect(content.places[2].coordinate == coordinate(39.8, -105.1))
    #expect(content.places.allSatisfy { $0.marker == .pin(nil) })

    #expect(content.polylines.count == 3)
    #expect(content.polylines[0].coordinates == [coordinate(39, -105), coordinate(40, -104)])
    #expect(content.polylines[0].title == "line")
    #expect(content.polylines[1].title == nil)
    #expect(content.polylines[2].coordinates.count == 3)
    #expect(content.polylines.allSatisfy { $0.style == nil })

    #expect(content.polygons.count == 3)
    let park = content.polygons[0]
    #expect(park.title == "park")
    #expect(park.rings.count == 2)
    // Rings stay closed, as given.
    #expect(park.rings[0].count == 5)
    #expect(park.rings[0].first == park.rings[0].last)
    #expect(park.rings[1][1] == coordinate(4, 2))
    #expect(content.polygons[1].rings == [[coordinate(0, 0), coordinate(0, 1), coordinate(1, 1), coordinate(0, 0)]])
    #expect(content.polygons[2].rings[0][0] == coordinate(5, 5))
}

@Test func acceptsFeatureAndBareGeometriesAtTheTop() throws {
    let single = try decode(
        #"{"type": "Feature", "properties": {"title": "x"}, "geometry": {"type": "Point", "coordinates": [1, 2]}}"#)
    #expect(single.places.map(\.title) == ["x"])
    #expect(single.places[0].coordinate == coordinate(2, 1))

    let bare = try decode(#"{"type": "LineString", "coordinates": [[1, 2], [3, 4]]}"#)
    #expect(bare.polylines.count == 1)
    #expect(bare.polylines[0].title == nil)
    let point = try decode(#"{"type": "Point", "coordinates": [1, 2]}"#)
    #expect(point.places.map(\.title) == [""])
}

@Test func flattensNestedGeometryCollections() throws {
    let text = feature(
        """
        {"type": "GeometryCollection", "geometries": [
          {"type": "Point", "coordinates": [1, 1]},
          {"type": "GeometryCollection", "geometries": [
            {"type": "LineString", "coordinates": [[0, 0], [1, 1]]},
            {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}]}]}
        """, properties: ##"{"title": "all", "stroke": "#ff0000"}"##)
    let content = try decode(text)
    #expect(content.places.map(\.title) == ["all"])
    #expect(content.polylines.map(\.title) == ["all"])
    #expect(content.polygons.map(\.title) == ["all"])
    #expect(content.polylines[0].style?.strokeColor == Color(hex: 0xFF0000))
}

@Test func emptyAndNullContentIsFine() throws {
    #expect(try decode(#"{"type": "FeatureCollection", "features": []}"#).isEmpty)
    #expect(try decode(feature("null")).isEmpty)
    #expect(try decode(feature(#"{"type": "LineString", "coordinates": []}"#)).isEmpty)
    #expect(try decode(#"{"type": "GeometryCollection", "geometries": []}"#).isEmpty)
    // Foreign members, bbox and id are ignored.
    let content = try decode(
        #"{"type": "Feature", "id": 7, "bbox": [0, 0, 1, 1], "extra": {"a": [1]}, "geometry": {"type": "Point", "coordinates": [0.5, 0.5]}}"#
    )
    #expect(content.places.count == 1)
}

@Test func byteOrderMarkIsAccepted() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"type": "Point", "coordinates": [1, 2]}"#.utf8)
    #expect(try GeoJSONDecoder().decode(bytes, fileName: "bom.geojson").places.count == 1)
}

// MARK: - Properties and simplestyle

@Test func titlesPreferTitleThenName() throws {
    let text = """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "properties": {"name": "n", "title": "t"}, "geometry": {"type": "Point", "coordinates": [0, 0]}},
          {"type": "Feature", "properties": {"name": 42}, "geometry": {"type": "Point", "coordinates": [0, 0]}},
          {"type": "Feature", "properties": {"title": null, "name": "fallback"}, "geometry": {"type": "Point", "coordinates": [0, 0]}},
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [0, 0]}}
        ]}
        """
    #expect(try decode(text).places.map(\.title) == ["t", "42", "fallback", ""])
}

@Test func markerColorsComeFromPropertiesOrAreLeftToTheStyle() throws {
    let text = """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "properties": {"marker-color": "#0a0", "marker-size": "large", "marker-symbol": "rocket"},
           "geometry": {"type": "Point", "coordinates": [0, 0]}},
          {"type": "Feature", "properties": {"marker-color": "green"}, "geometry": {"type": "Point", "coordinates": [0, 0]}},
          {"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [0, 0]}}
        ]}
        """
    let markers = try decode(text).places.map(\.marker)
    // No marker-color: no colour of its own; layout draws the style's default pin colour.
    #expect(markers == [.pin(Color(hex: 0x00AA00)), .pin(.green), .pin(nil)])
}

@Test func simplestyleOverridesTheStyleDefaults() throws {
    let properties =
        ##"{"stroke": "#ff0000", "stroke-width": 6, "stroke-opacity": 0.5, "fill": "#00ff00", "fill-opacity": 0.4}"##
    let line = try decode(feature(#"{"type": "LineString", "coordinates": [[0, 0], [1, 1]]}"#, properties: properties))
    var expectedLine = Style.standard.polyline
    expectedLine.strokeColor = Color(hex: 0xFF0000, alpha: 0.5)
    expectedLine.lineWidth = 6
    #expect(line.polylines[0].style == expectedLine)  // fill does not apply to lines

    let area = try decode(
        feature(#"{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}"#, properties: properties))
    var expectedArea = Style.standard.polygon
    expectedArea.strokeColor = Color(hex: 0xFF0000, alpha: 0.5)
    expectedArea.lineWidth = 6
    expectedArea.fillColor = Color(hex: 0x00FF00, alpha: 0.4)
    #expect(area.polygons[0].style == expectedArea)
}

@Test func opacityRules() throws {
    let polygon = #"{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}"#
    func style(_ properties: String) throws -> ShapeStyle? {
        try decode(feature(polygon, properties: properties)).polygons[0].style
    }
    let base = Style.standard.polygon
    // A colour without alpha or opacity keeps the style's opacity for it.
    #expect(try style(##"{"fill": "#ff0000"}"##)?.fillColor == Color(hex: 0xFF0000, alpha: base.fillColor!.alpha))
    // Opacity alone recolours nothing and sets the opacity.
    #expect(try style(#"{"fill-opacity": 0.5}"#)?.fillColor == base.fillColor!.withAlpha(0.5))
    // Opacity multiplies into an alpha written in the colour.
    #expect(try style(##"{"stroke": "#ff000080", "stroke-opacity": 0.5}"##)?.strokeColor?.alpha == 128.0 / 255 * 0.5)
    #expect(try style(##"{"stroke": "#ff000080"}"##)?.strokeColor == Color(hex: 0xFF0000, alpha: 128.0 / 255))
    // Without a style fill to inherit from, simplestyle's default fill-opacity 0.6 applies.
    var noFill = Style()
    noFill.polygon.fillColor = nil
    let content = try decode(feature(polygon, properties: ##"{"fill": "#ff0000"}"##), style: noFill)
    #expect(content.polygons[0].style?.fillColor == Color(hex: 0xFF0000, alpha: 0.6))
    // Nothing styled, nothing overridden.
    #expect(try style(##"{"title": "x", "marker-color": "#fff"}"##) == nil)
    let plain = try GeoJSONDecoder().decode(Array(feature(polygon).utf8), fileName: "x.geojson")
    #expect(plain.polygons[0].styleOverride == nil && plain.polygons[0].style == nil)
}

@Test func theSameFileDrawsInEachStyle() throws {
    // Decoded once, resolved in two styles: the override keeps each style's own opacity.
    let text = feature(
        #"{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}"#,
        properties: ##"{"fill": "#ff0000"}"##)
    let polygon = try GeoJSONDecoder().decode(Array(text.utf8), fileName: "x.geojson").polygons[0]
    var translucent = Style()
    translucent.polygon.fillColor = Color(hex: 0x0000FF, alpha: 0.25)
    #expect(polygon.resolvedStyle(in: translucent).fillColor == Color(hex: 0xFF0000, alpha: 0.25))
    #expect(
        polygon.resolvedStyle(in: .standard).fillColor
            == Color(hex: 0xFF0000, alpha: Style.standard.polygon.fillColor!.alpha))
}

@Test func lineExtensions() throws {
    let properties = #"{"stroke-dasharray": [6, 4.5], "stroke-linecap": "butt", "stroke-linejoin": "bevel"}"#
    let content = try decode(
        feature(#"{"type": "LineString", "coordinates": [[0, 0], [1, 1]]}"#, properties: properties))
    var expected = Style.standard.polyline
    expected.dashPattern = [6, 4.5]
    expected.lineCap = .butt
    expected.lineJoin = .bevel
    #expect(content.polylines[0].style == expected)
}

// MARK: - Validation errors

@Test func latitudeOutOfRangeNamesThePath() {
    let text = """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "properties": {}, "geometry": null},
          {"type": "Feature", "properties": {}, "geometry": null},
          {"type": "Feature", "properties": {}, "geometry": null},
          {"type": "Feature", "properties": {}, "geometry": {"type": "LineString",
            "coordinates": [[-105.0, 91.0], [-105.1, 39.0]]}}
        ]}
        """
    #expect(
        decodeError(text, fileName: "trail.geojson")
            == "trail.geojson:6:30: features[3].geometry.coordinates[0][1]: latitude 91.0 is out of range [-90, 90]")
}

@Test func coordinateErrors() {
    let point = { (coordinates: String) in feature(#"{"type": "Point", "coordinates": \#(coordinates)}"#) }
    // Longitudes past ±180° continue across the antimeridian (GeoJSONAntimeridianTests);
    // latitudes past ±90° do not.
    #expect(
        decodeError(point("[200, 90.5]"))?.contains(
            "features[0].geometry.coordinates[1]: latitude 90.5 is out of range [-90, 90]") == true)
    #expect(
        decodeError(point("[39.7, -104.9]"))?.hasSuffix(
            "features[0].geometry.coordinates[1]: latitude -104.9 is out of range [-90, 90]; GeoJSON positions are [longitude, latitude]; are the two swapped?"
        ) == true)
    #expect(
        decodeError(point("[1]"))?.hasSuffix(
            "features[0].geometry.coordinates: a position needs at least 2 numbers [longitude, latitude], found 1")
            == true)
    #expect(
        decodeError(point(#"[1, "2"]"#))?.hasSuffix(
            "features[0].geometry.coordinates[1]: expected a number, found a string") == true)
    #expect(
        decodeError(point("[[1, 2]]"))?.hasSuffix(
            "features[0].geometry.coordinates[0]: expected a number, found an array: the coordinates of a Point are nested too deeply"
        ) == true)
    #expect(
        decodeError(point("5"))?.hasSuffix(
            "features[0].geometry.coordinates: expected a position [longitude, latitude], found a number: the coordinates of a Point are nested too shallowly"
        ) == true)
    let line = { (coordinates: String) in feature(#"{"type": "LineString", "coordinates": \#(coordinates)}"#) }
    #expect(
        decodeError(line("[1, 2]"))?.hasSuffix(
            "features[0].geometry.coordinates[0]: expected a position [longitude, latitude], found a number: the coordinates of a LineString are nested too shallowly"
        ) == true)
    #expect(
        decodeError(line("[[1, 2]]"))?.hasSuffix(
            "features[0].geometry.coordinates: a line needs at least 2 positions (RFC 7946 §3.1.4), found 1") == true)
    #expect(
        decodeError(line("[[[1, 2], [3, 4]]]"))?.contains(
            "coordinates[0][0]: expected a number, found an array: the coordinates of a LineString are nested too deeply"
        ) == true)
    let multiLine = feature(#"{"type": "MultiLineString", "coordinates": [[[0, 0], [1, 1]], [[0, 0]]]}"#)
    #expect(decodeError(multiLine)?.contains("coordinates[1]: a line needs at least 2 positions") == true)
    // Non-finite numbers never get past the parser.
    #expect(decodeError(point("[1e999, 0]"))?.contains("the number 1e999 is too large for a 64-bit float") == true)
}

@Test func ringErrors() {
    let polygon = { (coordinates: String) in feature(#"{"type": "Polygon", "coordinates": \#(coordinates)}"#) }
    #expect(
        decodeError(polygon("[[[0, 0], [1, 0], [0, 0]]]"))?.hasSuffix(
            "features[0].geometry.coordinates[0]: a linear ring needs at least 4 positions, the last repeating the first (RFC 7946 §3.1.6), found 3"
        ) == true)
    #expect(
        decodeError(polygon("[[[0, 0], [1, 0], [1, 1], [0, 1]]]"))
            == "test.geojson:1:130: features[0].geometry.coordinates[0]: a linear ring must end where it starts (RFC 7946 §3.1.6): first position [0.0, 0.0], last [0.0, 1.0]; repeat the first position at the end of the ring"
    )
    let hole = "[[[0, 0], [9, 0], [9, 9], [0, 0]], [[1, 1], [2, 1], [2, 2], [1, 2]]]"
    #expect(decodeError(polygon(hole))?.contains("coordinates[1]: a linear ring must end where it starts") == true)
    #expect(
        decodeError(polygon("[[0, 0], [1, 0], [1, 1], [0, 0]]"))?.contains(
            "coordinates[0][0]: expected a position [longitude, latitude], found a number: the coordinates of a Polygon are nested too shallowly"
        ) == true)
    let multi = feature(#"{"type": "MultiPolygon", "coordinates": [[[[0, 0], [1, 0], [1, 1], [0, 0]]], []]}"#)
    #expect(decodeError(multi)?.contains("coordinates[1]: a polygon needs at least its outer ring, found none") == true)
}

@Test func structureErrors() {
    #expect(
        decodeError("[1, 2]")
            == "test.geojson:1:1: expected a GeoJSON object (FeatureCollection, Feature or geometry), found an array")
    #expect(
        decodeError(#"{"coordinates": [1, 2]}"#)
            == "test.geojson:1:1: missing \"type\"; every GeoJSON object has one (RFC 7946 §3)")
    #expect(
        decodeError(#"{"type": "Pointt", "coordinates": [1, 2]}"#)
            == "test.geojson:1:10: type: unknown GeoJSON type \"Pointt\"; did you mean \"Point\"?")
    #expect(
        decodeError(#"{"type": 5}"#) == "test.geojson:1:10: type: expected the type name as a string, found a number")
    #expect(
        decodeError(feature(#"{"type": "Circle", "coordinates": [1, 2]}"#))?.contains(
            "features[0].geometry.type: unknown GeoJSON type \"Circle\"; use one of FeatureCollection, Feature, Point,")
            == true)
    #expect(
        decodeError(feature(#"{"type": "Point"}"#))?.hasSuffix(
            "features[0].geometry: missing \"coordinates\" in a Point (RFC 7946 §3)") == true)
    #expect(
        decodeError(#"{"type": "FeatureCollection"}"#)
            == "test.geojson:1:1: missing \"features\" in a FeatureCollection (RFC 7946 §3)")
    #expect(
        decodeError(#"{"type": "FeatureCollection", "features": {}}"#)
            == "test.geojson:1:43: features: expected an array of Features, found an object")
    #expect(
        decodeError(#"{"type": "FeatureCollection", "features": [{"type": "Point", "coordinates": [0, 0]}]}"#)?
            .hasPrefix("test.geojson:1:53: features[0].type: expected a Feature, found a Point; wrap geometries in")
            == true)
    #expect(
        decodeError(#"{"type": "FeatureCollection", "features": [7]}"#)
            == "test.geojson:1:44: features[0]: expected a Feature object, found a number")
    #expect(
        decodeError(#"{"type": "Feature", "properties": {}}"#)
            == "test.geojson:1:1: missing \"geometry\"; a Feature needs one, null when it has no location (RFC 7946 §3.2)"
    )
    #expect(
        decodeError(feature(#"{"type": "Feature", "geometry": null}"#))?.contains(
            "features[0].geometry.type: expected a geometry, found a Feature") == true)
    #expect(
        decodeError(feature("[]"))?.contains("features[0].geometry: expected a geometry object, found an array") == true
    )
    #expect(
        decodeError(#"{"type": "GeometryCollection"}"#)
            == "test.geojson:1:1: missing \"geometries\" in a GeometryCollection (RFC 7946 §3)")
    #expect(
        decodeError(feature(#"{"type": "Point", "coordinates": [0, 0]}"#, properties: "[]"))?.contains(
            "features[0].properties: expected an object or null, found an array") == true)
    // Syntax errors come through with their position.
    #expect(
        decodeError("{\"type\": \"Point\",\n \"coordinates\": [1, 2],}")
            == "test.geojson:2:24: expected a key after ',', found '}'; JSON allows no trailing comma")
}

@Test func simplestyleErrorsNameTheProperty() {
    let line = #"{"type": "LineString", "coordinates": [[0, 0], [1, 1]]}"#
    func error(_ properties: String) -> String? { decodeError(feature(line, properties: properties)) }
    #expect(
        error(#"{"stroke": "bleu"}"#)?.contains("features[0].properties.stroke: \"bleu\" is not a colour; use #rrggbb")
            == true)
    #expect(
        error(#"{"marker-color": 12}"#)?.contains(
            "features[0].properties.marker-color: expected a colour string, found a number") == true)
    #expect(error(##"{"fill": "#12"}"##)?.contains("properties.fill: \"#12\" is not a colour") == true)
    #expect(
        error(#"{"stroke-width": -1}"#)?.contains("properties.stroke-width: expected a number ≥ 0, found -1.0") == true)
    #expect(
        error(#"{"stroke-width": "3"}"#)?.contains("properties.stroke-width: expected a number, found a string") == true
    )
    #expect(
        error(#"{"stroke-opacity": 1.5}"#)?.contains(
            "properties.stroke-opacity: expected a number between 0 and 1, found 1.5") == true)
    #expect(
        error(#"{"fill-opacity": -0.1}"#)?.contains("properties.fill-opacity: expected a number between 0 and 1")
            == true)
    #expect(
        error(#"{"stroke-dasharray": "4 2"}"#)?.contains(
            "properties.stroke-dasharray: expected an array of dash lengths, found a string") == true)
    #expect(
        error(#"{"stroke-dasharray": [4, -2]}"#)?.contains(
            "properties.stroke-dasharray[1]: expected a number ≥ 0, found -2.0") == true)
    #expect(error(#"{"stroke-dasharray": [0, 0]}"#)?.contains("dash lengths are all zero") == true)
    #expect(
        error(#"{"stroke-linecap": "flat"}"#)?.contains(
            #"properties.stroke-linecap: expected one of "butt", "round", "square", found "flat""#) == true)
    #expect(
        error(#"{"stroke-linejoin": 1}"#)?.contains(
            #"properties.stroke-linejoin: expected one of "miter", "round", "bevel", found a number"#) == true)
    // Position of the offending value: column of "bleu".
    #expect(error(#"{"stroke": "bleu"}"#)?.hasPrefix("test.geojson:1:89: ") == true)
}

// MARK: - Files

@Test func readsGeoJSONFilesAndReportsMissingOnes() throws {
    let directory = FileManager.default.temporaryDirectory.path + "/maprender-geojson-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/pins.geojson"
    try Data(feature(#"{"type": "Point", "coordinates": [-104.99, 39.74]}"#, properties: #"{"title": "Here"}"#).utf8)
        .write(to: URL(fileURLWithPath: path))
    #expect(try GeoJSONDecoder.read(atPath: path).places.map(\.title) == ["Here"])

    let bad = directory + "/bad.geojson"
    try Data(#"{"type": "Point", "coordinates": [0, 95]}"#.utf8).write(to: URL(fileURLWithPath: bad))
    #expect {
        _ = try GeoJSONDecoder.read(atPath: bad)
    } throws: { error in
        (error as? MapError)?.locatedMessage == "\(bad):1:38: coordinates[1]: latitude 95.0 is out of range [-90, 90]"
    }
    #expect {
        _ = try GeoJSONDecoder.read(atPath: directory + "/missing.geojson")
    } throws: { error in
        let error = error as? MapError
        return error?.kind == .missingInput && error?.locatedMessage == "\(directory)/missing.geojson: no such file"
    }
}

@Test func theShippedExampleDecodes() throws {
    let content = try GeoJSONDecoder.read(atPath: packageRoot + "/examples/overlays.geojson")
    #expect(content.places.map(\.title) == ["Confluence Park", "Union Station", "Denver Museum of Nature & Science"])
    // marker-image and callout-image resolve relative to the GeoJSON file.
    guard case .image(let star) = content.places[0].marker else {
        Issue.record("Confluence Park should use the star image marker")
        return
    }
    #expect(star.image.pixelWidth == 32 && star.anchorX == 0.5 && star.anchorY == 0.5)
    #expect(content.places[2].calloutImage?.pixelHeight == 32)
    #expect(content.places[1].marker == .pin(nil))
    #expect(content.polylines.map(\.title) == ["Cherry Creek Trail", "Walk: Union Station to Larimer Square"])
    #expect((15...30).contains(content.polylines[0].coordinates.count))
    #expect(content.polylines[1].styleOverride?.dashPattern == [6, 4])
    #expect(content.polygons.count == 1)
    #expect(content.polygons[0].rings.count == 2)
    // Everything lies in Denver.
    let all =
        content.places.map(\.coordinate) + content.polylines.flatMap(\.coordinates)
        + content.polygons.flatMap { $0.rings.flatMap { $0 } }
    #expect(all.allSatisfy { (39.6...39.8).contains($0.latitude) && (-105.1...(-104.9)).contains($0.longitude) })
}
