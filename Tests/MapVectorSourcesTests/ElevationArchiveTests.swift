import Foundation
import MapErrors
import MapGeometry
import MapPMTiles
import MapTestSupport
import MapTiles
import Testing

@testable import MapVectorSources

/// A PMTiles archive of one PNG (or WebP) tile at `zoom` over Santiago, with `metadata`.
private func elevationArchive(
    _ name: String, metadata: String, tileType: PMTilesHeader.TileType = .png, zooms: ClosedRange<Int> = 8...13,
    bounds: (west: Double, south: Double, east: Double, north: Double) = (-70.6, -33.42, -70.57, -33.39)
) throws -> String {
    let path = temporaryPath(name)
    let writer = try PMTilesWriter(destination: path)
    try writer.add(tileID: TilePath(z: zooms.lowerBound, x: 0, y: 0).pmtilesID, contents: TestImages.png())
    try writer.finish(
        PMTilesWriter.Description(
            tileType: tileType, tileCompression: .none, metadata: Array(metadata.utf8), zoomRange: zooms,
            bounds: bounds,
            center: (zooms.upperBound, (bounds.west + bounds.east) / 2, (bounds.south + bounds.north) / 2)
        ))
    return path
}

/// An entry of an elevation archive covering `bounds`, for the choice alone.
private func elevation(
    _ name: String, _ west: Double, _ south: Double, _ east: Double, _ north: Double, zooms: ClosedRange<Int>
) -> InstalledBasemap {
    var entry = InstalledBasemap(
        name: name, location: "/basemaps/\(name).pmtiles", origin: name, isRemote: false, layerNames: [],
        schema: "terrarium elevation", bounds: CoordinateBounds(north: north, south: south, east: east, west: west),
        zoomRange: zooms, byteCount: 1)
    entry.elevationEncoding = "terrarium"
    entry.tileSize = 256
    return entry
}

@Suite("Elevation archives in the basemap store")
struct ElevationArchiveTests {
    let options = HTTPTileOptions(userAgent: "maprender-tests")

    @Test("add recognises a terrarium PMTiles archive by its metadata's encoding; list reads its kind back")
    func terrariumPMTiles() throws {
        let store = BasemapStore(directory: temporaryPath("elevation-store"))
        let source = try elevationArchive(
            "santiago.pmtiles", metadata: #"{"name":"santiago","encoding":"terrarium","tileSize":256,"format":"png"}"#)
        let added = try store.add(source, name: nil, options: options)
        #expect(added.isElevation && added.kind == "elevation")
        #expect(added.elevationEncoding == "terrarium" && added.tileSize == 256)
        #expect(added.schema == "terrarium elevation")
        #expect(added.zoomRange == 8...13)
        #expect(abs(added.bounds.west - -70.6) < 1e-6 && abs(added.bounds.north - -33.39) < 1e-6)
        let listed = store.installed().basemaps
        #expect(listed == [added])
        // A street basemap beside it stays a street basemap.
        let streets = try store.add(packageRoot + "/examples/helsinki/helsinki.pmtiles", name: nil, options: options)
        #expect(!streets.isElevation && streets.kind == "street")
        #expect(store.installed().basemaps.map(\.kind) == ["street", "elevation"])
    }

    @Test("mapbox MBTiles, 512-pixel WebP, and Mapterhorn's archives (attribution only) are elevation too")
    func otherLayouts() throws {
        let store = BasemapStore(directory: temporaryPath("elevation-store"))
        let mbtiles = temporaryPath("mapbox.mbtiles")
        try makeMBTiles(
            at: mbtiles,
            metadata: [
                "name": "rgb", "format": "png", "encoding": "mapbox", "minzoom": "12", "maxzoom": "15",
                "bounds": "-70.6,-33.42,-70.57,-33.39",
            ], tiles: [TilePath(z: 12, x: 1248, y: 2451): TestImages.png()])
        let mapbox = try store.add(mbtiles, name: "mapbox", options: options)
        #expect(mapbox.elevationEncoding == "mapbox" && mapbox.tileSize == 256 && mapbox.zoomRange == 12...15)
        #expect(mapbox.location.hasSuffix("/mapbox.mbtiles"))

        let webp = try elevationArchive(
            "webp512.pmtiles", metadata: #"{"encoding":"terrarium","tileSize":512}"#, tileType: .webp)
        #expect(try store.add(webp, name: nil, options: options).tileSize == 512)

        let mapterhorn = try elevationArchive(
            "planet.pmtiles",
            metadata: #"{"attribution":"<a href=\"https://mapterhorn.com/attribution\">© Mapterhorn</a>"}"#,
            tileType: .webp, zooms: 0...12, bounds: (-180, -85.05, 180, 85.05))
        let planet = try store.add(mapterhorn, name: nil, options: options)
        #expect(planet.elevationEncoding == "terrarium" && planet.tileSize == 512)
        #expect(store.installed().basemaps.allSatisfy { $0.isElevation })
    }

    @Test("raster tiles without an encoding are refused, naming what is installed")
    func plainRaster() throws {
        let store = BasemapStore(directory: temporaryPath("elevation-store"))
        let imagery = try elevationArchive("imagery.pmtiles", metadata: #"{"name":"imagery"}"#)
        do {
            try store.add(imagery, name: nil, options: options)
            Issue.record("raster tiles without an encoding were installed")
        } catch {
            #expect(error.kind == .invalidData && error.message.contains("not elevation tiles"))
        }
        #expect(store.installed().basemaps.isEmpty)
    }

    @Test("an entry file says its kind; one claiming an unknown encoding is left out")
    func entryFiles() throws {
        let store = BasemapStore(directory: temporaryPath("elevation-store"))
        let source = try elevationArchive("clip.pmtiles", metadata: #"{"encoding":"terrarium"}"#)
        let added = try store.add(source, name: "clip", options: options)
        let entryPath = store.directory + "/clip.json"
        let text = try String(contentsOfFile: entryPath, encoding: .utf8)
        #expect(text.contains(#""kind": "elevation""#) && text.contains(#""encoding": "terrarium""#))
        #expect(store.installed().basemaps == [added])
        try text.replacingOccurrences(of: "terrarium", with: "greyscale").write(
            toFile: entryPath, atomically: true, encoding: .utf8)
        let (basemaps, skipped) = store.installed()
        #expect(basemaps.isEmpty && skipped == [entryPath])
    }
}

/// A 800×600 map of Santiago's north-east at zoom 14 (about 5 × 3.6 km).
private let santiagoView = Viewport(
    center: Coordinate(latitude: -33.405, longitude: -70.585), zoom: 14, size: CanvasSize(width: 800, height: 600))

@Suite("Choosing the elevation archive for a map (--terrain auto)")
struct ElevationChoiceTests {
    let clip = elevation("santiago-30m", -70.65, -33.45, -70.52, -33.36, zooms: 8...13)
    let region = elevation("chile-90m", -76, -56, -66, -17, zooms: 6...11)
    let planet = elevation("planet", -180, -85.05, 180, 85.05, zooms: 0...12)

    @Test("of the archives covering the map the one with the highest zoom wins, whatever the order")
    func finest() {
        for archives in [[planet, region, clip], [clip, planet, region]] {
            let choice = ElevationChoice.choose(among: archives, for: santiagoView)
            #expect(choice.archive?.name == "santiago-30m")
            #expect(choice.reason == "santiago-30m covers the whole map at zoom 14.0 (the finest of 3 that do)")
        }
        // Equal zooms: the smaller area.
        let other = elevation("andes", -75, -40, -65, -30, zooms: 0...12)
        #expect(ElevationChoice.choose(among: [planet, other], for: santiagoView).archive?.name == "andes")
    }

    @Test("street basemaps are never terrain, and elevation archives never street maps")
    func kindsApart() {
        let streets = InstalledBasemap(
            name: "santiago-streets", location: "/basemaps/s.pmtiles", origin: "s", isRemote: false,
            layerNames: ["transportation"], schema: "OpenMapTiles",
            bounds: CoordinateBounds(north: -33.3, south: -33.5, east: -70.5, west: -70.7), zoomRange: 0...14,
            byteCount: 1)
        let terrain = ElevationChoice.choose(among: [streets], for: santiagoView)
        #expect(terrain.archive == nil && terrain.reason == "no elevation archive is installed")
        #expect(ElevationChoice.choose(among: [streets, clip], for: santiagoView).archive?.name == "santiago-30m")
        let street = BasemapChoice.choose(among: [clip, region, planet], for: santiagoView)
        #expect(street.basemap == nil && street.reason == "no basemap is installed")
        #expect(BasemapChoice.choose(among: [clip, streets], for: santiagoView).basemap?.name == "santiago-streets")
    }

    @Test("a map zoomed out past an archive's lowest zoom, or elsewhere, gets no terrain, and the reason says so")
    func noTerrain() {
        let wide = Viewport(
            center: Coordinate(latitude: -33.4, longitude: -70.6), zoom: 5, size: CanvasSize(width: 800, height: 600))
        let zoomedOut = ElevationChoice.choose(among: [clip], for: wide)
        #expect(zoomedOut.archive == nil)
        #expect(zoomedOut.reason == "no installed elevation archive (santiago-30m) holds tiles for zoom 5.0")
        let helsinki = Viewport(
            center: Coordinate(latitude: 60.17, longitude: 24.94), zoom: 12, size: CanvasSize(width: 800, height: 600))
        let elsewhere = ElevationChoice.choose(among: [clip, region], for: helsinki)
        #expect(elsewhere.archive == nil)
        #expect(elsewhere.reason == "no installed elevation archive (chile-90m, santiago-30m) covers any of the map")
        // Over-zoomed: a zoom-16 map still takes the zoom-13 clip.
        let close = Viewport(
            center: Coordinate(latitude: -33.405, longitude: -70.585), zoom: 16,
            size: CanvasSize(width: 800, height: 600))
        #expect(ElevationChoice.choose(among: [clip], for: close).archive?.name == "santiago-30m")
    }

    @Test("partly covered: the one covering the most of the map if at least half")
    func partial() {
        // The clip's eastern edge at −70.585 cuts the map in half.
        let half = elevation("west-half", -70.7, -33.5, -70.585, -33.3, zooms: 8...13)
        let choice = ElevationChoice.choose(among: [half], for: santiagoView)
        #expect(choice.archive?.name == "west-half")
        #expect(choice.reason.hasPrefix("west-half covers 50% of the map at zoom 14.0"))
        let sliver = elevation("sliver", -70.7, -33.5, -70.6, -33.3, zooms: 8...13)
        let none = ElevationChoice.choose(among: [sliver], for: santiagoView)
        #expect(none.archive == nil && none.reason.hasPrefix("no installed elevation archive covers half of the map"))
    }
}
