import Foundation
import MapErrors
import MapGeometry
import MapTestSupport
import MapTiles
import Testing

@testable import MapVectorSources

/// An entry covering `bounds` (W, S, E, N) at `zooms`, for the choice alone.
private func entry(
    _ name: String, _ west: Double, _ south: Double, _ east: Double, _ north: Double, zooms: ClosedRange<Int> = 0...14
)
    -> InstalledBasemap
{
    InstalledBasemap(
        name: name, location: "/basemaps/\(name).pmtiles", origin: name, isRemote: false,
        layerNames: ["transportation"], schema: "OpenMapTiles",
        bounds: CoordinateBounds(north: north, south: south, east: east, west: west), zoomRange: zooms, byteCount: 1)
}

/// A 800×600 map of central Helsinki at zoom 15 (about 3.4 × 1.3 km).
private let helsinkiView = Viewport(
    center: Coordinate(latitude: 60.1702, longitude: 24.9450), zoom: 15, size: CanvasSize(width: 800, height: 600))

@Suite("Choosing an installed basemap for a map (--basemap auto)")
struct BasemapChoiceTests {
    let city = entry("helsinki-city", 24.90, 60.15, 25.00, 60.19)
    let country = entry("finland", 19.0, 59.5, 31.6, 70.1)
    let planet = entry("planet", -180, -85.05, 180, 85.05, zooms: 0...15)

    @Test("of the archives covering the whole map the smallest wins, whatever the order they are listed in")
    func smallestCovering() {
        for basemaps in [[planet, country, city], [city, planet, country]] {
            let choice = BasemapChoice.choose(among: basemaps, for: helsinkiView)
            #expect(choice.basemap?.name == "helsinki-city")
            #expect(choice.reason == "helsinki-city covers the whole map at zoom 15.0 (the smallest of 3 that do)")
        }
    }

    @Test("an archive elsewhere is not chosen: the world is, and the reason says so")
    func elsewhere() {
        let denver = entry("denver", -105.1, 39.6, -104.8, 39.8)
        let choice = BasemapChoice.choose(among: [denver], for: helsinkiView)
        #expect(choice.basemap == nil)
        #expect(choice.reason == "no installed basemap (denver) covers any of the map")
        #expect(BasemapChoice.choose(among: [], for: helsinkiView).reason == "no basemap is installed")
    }

    @Test(
        "partly covered: the archive covering most of the map, if at least half; ties go to the smaller, then the name")
    func partial() throws {
        // The map spans 24.9278…24.9622 east-west; these cover its western 75 % and eastern 25 %.
        let west = entry("west", 24.90, 60.15, 24.9536, 60.19)
        let sliver = entry("sliver", 24.9536, 60.15, 25.00, 60.19)
        let choice = BasemapChoice.choose(among: [sliver, west], for: helsinkiView)
        #expect(choice.basemap?.name == "west")
        #expect(choice.reason.hasPrefix("west covers 75% of the map at zoom 15.0"))
        let left = BasemapChoice.choose(among: [sliver], for: helsinkiView)
        #expect(left.basemap == nil)
        #expect(left.reason.contains("no installed basemap covers half of the map"))
        // Same coverage, same area: by name.
        let twin = entry("a-twin", 24.90, 60.15, 24.9536, 60.19)
        #expect(BasemapChoice.choose(among: [west, twin], for: helsinkiView).basemap?.name == "a-twin")
        // Whole cover beats a larger share of a smaller archive.
        #expect(BasemapChoice.choose(among: [west, country], for: helsinkiView).basemap?.name == "finland")
    }

    @Test("zooms: an archive starting above the map's zoom is not drawn; one ending below it is, past 14 (over-zoomed)")
    func zooms() {
        let detailOnly = entry("detail", 24.90, 60.15, 25.00, 60.19, zooms: 16...16)
        let overview = entry("overview", 19.0, 59.5, 31.6, 70.1, zooms: 0...8)
        let deep = Viewport(center: helsinkiView.center, zoom: 18.5, size: helsinkiView.size)
        #expect(BasemapChoice.choose(among: [detailOnly], for: helsinkiView).basemap == nil)
        #expect(
            BasemapChoice.choose(among: [detailOnly], for: helsinkiView).reason.contains("holds tiles for zoom 15.0"))
        #expect(BasemapChoice.choose(among: [overview], for: helsinkiView).basemap == nil)
        #expect(BasemapChoice.choose(among: [city], for: deep).basemap?.name == "helsinki-city")
    }

    @Test("across the 180th meridian: an archive over Fiji covers a map centred on the meridian")
    func antimeridian() {
        let fiji = entry("fiji", 176.0, -20.0, -178.0, -15.0)
        let view = Viewport(
            center: Coordinate(latitude: -17.5, longitude: 180), zoom: 8, size: CanvasSize(width: 400, height: 300))
        let choice = BasemapChoice.choose(among: [fiji], for: view)
        #expect(choice.basemap?.name == "fiji")
        #expect(abs(BasemapChoice.coverage(of: view.visibleMapRect, by: fiji.mapRect) - 1) < 1e-9)
    }
}

@Suite("The store of installed basemaps")
struct BasemapStoreTests {
    let options = HTTPTileOptions(userAgent: "maprender-tests")
    let helsinki = packageRoot + "/examples/helsinki/helsinki.pmtiles"

    private func makeStore() -> BasemapStore {
        BasemapStore(directory: temporaryPath("basemaps") + "/nested/basemaps")
    }

    @Test("add copies the archive with its facts, list reads them back, remove deletes entry and copy")
    func roundTrip() throws {
        let store = makeStore()
        #expect(store.installed().basemaps.isEmpty)
        let added = try store.add(helsinki, name: nil, options: options)
        #expect(added.name == "helsinki")
        #expect(added.location == store.directory + "/helsinki.pmtiles")
        #expect(added.zoomRange == 0...14)
        #expect(abs(added.bounds.west - 24.9351766) < 1e-6 && abs(added.bounds.north - 60.1791074) < 1e-6)
        #expect(added.layerNames.contains("transportation") && added.schema == "OpenMapTiles")
        #expect(added.byteCount == Int64(try Data(contentsOf: URL(fileURLWithPath: helsinki)).count))
        #expect(FileManager.default.contentsEqual(atPath: helsinki, andPath: added.location))
        #expect(store.installed().basemaps == [added])

        let named = try store.add(helsinki, name: "centre", options: options)
        #expect(store.installed().basemaps.map(\.name) == ["centre", "helsinki"])
        let protomaps = try store.add(
            packageRoot + "/examples/helsinki/helsinki-protomaps.pmtiles", name: nil, options: options)
        let shortbread = try store.add(
            packageRoot + "/examples/helsinki/helsinki-shortbread.pmtiles", name: nil, options: options)
        #expect(protomaps.schema == "Protomaps basemap v4" && shortbread.schema == "Shortbread 1.0")
        try store.remove(named: protomaps.name)
        try store.remove(named: shortbread.name)
        try store.remove(named: "helsinki")
        #expect(store.installed().basemaps == [named])
        #expect(!FileManager.default.fileExists(atPath: added.location))
        #expect(FileManager.default.fileExists(atPath: named.location))
        // MBTiles: bounds from its metadata.
        let mbtiles = try store.add(fixture("helsinki.mbtiles"), name: "mb", options: options)
        #expect(mbtiles.location == store.directory + "/mb.mbtiles")
        #expect(mbtiles.layerNames.contains("transportation"))
        #expect(abs(mbtiles.bounds.south - 60.164) < 0.01 && mbtiles.zoomRange.upperBound == 14)
        // No staging file is left behind.
        let files = try FileManager.default.contentsOfDirectory(atPath: store.directory).sorted()
        #expect(files == ["centre.json", "centre.pmtiles", "mb.json", "mb.mbtiles"])
    }

    @Test("refusals: a taken or bad name, a missing file, raster tiles, an unknown name to remove")
    func refusals() throws {
        let store = makeStore()
        try store.add(helsinki, name: nil, options: options)
        func kind(_ body: () throws -> Void) -> (MapError.Kind, String)? {
            do {
                try body()
                return nil
            } catch {
                return (error as? MapError).map { ($0.kind, $0.message) }
            }
        }
        let taken = kind { _ = try store.add(helsinki, name: nil, options: options) }
        #expect(taken?.0 == .invalidRequest)
        #expect(taken?.1 == "a basemap named 'helsinki' is already installed")
        #expect(kind { _ = try store.add(helsinki, name: "../up", options: options) }?.0 == .invalidRequest)
        #expect(
            kind { _ = try store.add(helsinki + ".missing.pmtiles", name: "x", options: options) }?.0 == .missingInput)
        let refused = kind { _ = try store.add(fixture("raster.pmtiles"), name: "raster", options: options) }
        #expect(refused?.0 == .invalidData)
        #expect(refused?.1.contains("raster tiles that are not elevation tiles") == true)
        let foreign = kind { _ = try store.add(fixture("test_fixture_1.pmtiles"), name: "foreign", options: options) }
        #expect(foreign?.0 == .invalidRequest)
        #expect(foreign?.1.contains("are in none of the tile schemas the built-in styles draw") == true)
        let unknown = kind { try store.remove(named: "nowhere") }
        #expect(unknown?.0 == .invalidRequest)
        #expect(unknown?.1 == "no basemap named 'nowhere' is installed (installed: helsinki)")
        #expect(store.installed().basemaps.map(\.name) == ["helsinki"])
    }

    @Test("an entry file that is not one is left out and named, the others still listed")
    func damagedEntry() throws {
        let store = makeStore()
        try store.add(helsinki, name: nil, options: options)
        try Data("{\"name\": 3}".utf8).write(to: URL(fileURLWithPath: store.directory + "/broken.json"))
        let (basemaps, skipped) = store.installed()
        #expect(basemaps.map(\.name) == ["helsinki"])
        #expect(skipped == [store.directory + "/broken.json"])
    }

    @Test("an entry pointing outside the store is not followed: local copies are found by name in the store")
    func entriesStayInTheStore() throws {
        let store = makeStore()
        try store.add(helsinki, name: nil, options: options)
        // A hand-written (or hostile) entry naming a file elsewhere, and one whose name is not its file's.
        let entry = try String(contentsOfFile: store.directory + "/helsinki.json", encoding: .utf8)
        try entry.replacingOccurrences(of: "\"name\": \"helsinki\"", with: "\"name\": \"elsewhere\"")
            .replacingOccurrences(of: store.directory + "/helsinki.pmtiles", with: "/etc/passwd.pmtiles")
            .write(toFile: store.directory + "/elsewhere.json", atomically: true, encoding: .utf8)
        try entry.write(toFile: store.directory + "/renamed.json", atomically: true, encoding: .utf8)
        let (basemaps, skipped) = store.installed()
        #expect(basemaps.map(\.name) == ["helsinki"])
        #expect(basemaps.first?.location == store.directory + "/helsinki.pmtiles")
        #expect(Set(skipped) == [store.directory + "/elsewhere.json", store.directory + "/renamed.json"])
    }

    @Test("the folder is kept in one spelling; a symbolic link is copied as the file it names")
    func folderSpellingAndLinks() throws {
        let folder = temporaryPath("spelling")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let link = folder + "/link.pmtiles"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: helsinki)
        let store = BasemapStore(directory: folder + "/sub/../store/")
        #expect(store.directory == URL(fileURLWithPath: folder).standardizedFileURL.path + "/store")
        #expect(BasemapStore(directory: "relative").directory.hasPrefix("/"))
        let added = try store.add(link, name: nil, options: options)
        let attributes = try FileManager.default.attributesOfItem(atPath: added.location)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        #expect(FileManager.default.contentsEqual(atPath: helsinki, andPath: added.location))
        try store.remove(named: "link")
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory).isEmpty)
    }

    @Test("the default folder follows XDG_DATA_HOME, else ~/.local/share")
    func defaultFolder() {
        #expect(
            BasemapStore.defaultDirectory(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/a"])
                == "/data/maprender/basemaps")
        #expect(
            BasemapStore.defaultDirectory(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/a"])
                == "/home/a/.local/share/maprender/basemaps")
        #expect(
            BasemapStore.defaultDirectory(environment: ["HOME": "/home/a"]) == "/home/a/.local/share/maprender/basemaps"
        )
    }
}
