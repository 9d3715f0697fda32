import Foundation
import MapErrors
import MapGeometry
import MapPMTiles
import MapRenderCore
import MapTestSupport
import MapTiles
import MapVectorLayout
import MapVectorTiles
import Testing

@testable import MapVectorSources

/// Resolves through `memo` with the command line's defaults.
private func memoized(
    _ memo: StreetBasemapMemo, _ argument: String = "world", style: String? = nil, styleName: String = "default",
    scale: Double = 1, languages: [String] = []
) throws(MapError) -> StreetBasemap? {
    try memo.basemap(
        argument: argument, styleFile: style, styleName: styleName, scale: scale, mapType: .standard,
        options: testOptions(), languages: languages)
}

/// The archive provider of a basemap's only source.
private func archive(of street: StreetBasemap?) -> ArchiveVectorTileProvider? {
    street?.basemap.sources.values.first as? ArchiveVectorTileProvider
}

/// A tile of one layer of `features` equal lines of `points` points named `name`.
private func syntheticTile(features: Int, points: Int, name: String) -> VectorTile {
    let feature = VectorTileFeature(
        id: 1, properties: ["name": .string(name), "rank": .int(3)],
        geometry: .lineStrings([(0..<points).map { VectorTilePoint(x: $0, y: $0) }]))
    return VectorTile(layers: [
        VectorTileLayer(name: "roads", extent: 4096, features: Array(repeating: feature, count: features))
    ])
}

/// Rewrites a file with new contents; the modification time is moved on a second so the
/// change shows whatever the file system's timestamp granularity.
private func rewrite(_ path: String, _ text: String) throws {
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    let later = Date().addingTimeInterval(1)
    try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: path)
}

@Suite("Street basemaps shared by the maps of a process")
struct StreetBasemapMemoTests {
    @Test("the same arguments give the basemap kept, with its archive still open; the resolver runs once")
    func hits() throws {
        let memo = StreetBasemapMemo(capacity: 8)
        let first = try #require(try memoized(memo, fixture("helsinki.pmtiles")))
        let second = try #require(try memoized(memo, fixture("helsinki.pmtiles")))
        #expect(archive(of: first) === archive(of: second))
        #expect(first.basemap.style == second.basemap.style)
        #expect(memo.statistics.resolutions == 1 && memo.statistics.entries == 1)
        // What the memo gives is what the resolver gives.
        let direct = try #require(try resolve(fixture("helsinki.pmtiles")))
        #expect(direct.basemap.style == first.basemap.style)
        #expect(direct.basemap.attribution == first.basemap.attribution && direct.diagnostics == first.diagnostics)
    }

    @Test("the look, the languages, the scale and the archive each make another basemap")
    func keysThatDiffer() throws {
        let memo = StreetBasemapMemo(capacity: 8)
        let path = fixture("helsinki.pmtiles")
        let plain = try #require(try memoized(memo, path))
        let dark = try #require(try memoized(memo, path, styleName: "dark"))
        let swedish = try #require(try memoized(memo, path, languages: ["sv"]))
        let double = try #require(try memoized(memo, path, scale: 2))
        let mbtiles = try #require(try memoized(memo, fixture("helsinki.mbtiles")))
        #expect(memo.statistics.resolutions == 5 && memo.statistics.entries == 5)
        #expect(plain.basemap.style != dark.basemap.style)
        #expect(plain.basemap.style != swedish.basemap.style)
        #expect(archive(of: plain) !== archive(of: double))
        #expect(archive(of: mbtiles)?.name == fixture("helsinki.mbtiles"))
    }

    @Test("a style file rewritten, or a sprite made beside it, is read again")
    func changedFiles() throws {
        let folder = try StyleFolder()
        let memo = StreetBasemapMemo(capacity: 8)
        let style = try folder.style(sources: #"{"a": {"type": "vector", "url": "pmtiles://tiles/helsinki.pmtiles"}}"#)
        let archive = folder.path + "/tiles/helsinki.pmtiles"
        let first = try #require(try memoized(memo, archive, style: style))
        #expect(first.basemap.style.layers.map(\.id) == ["a-water"])
        _ = try memoized(memo, archive, style: style)
        #expect(memo.statistics.resolutions == 1)
        let text = try String(contentsOfFile: style, encoding: .utf8).replacingOccurrences(
            of: "a-water", with: "a-water-renamed")
        try rewrite(style, text)
        let second = try #require(try memoized(memo, archive, style: style))
        #expect(second.basemap.style.layers.map(\.id) == ["a-water-renamed"])
        #expect(memo.statistics.resolutions == 2)
        // A style naming a sprite that is not there: a warning, until the sprite is made.
        let sprited = try folder.style(
            sources: #"{"a": {"type": "vector", "url": "pmtiles://tiles/helsinki.pmtiles"}}"#, sprite: "icons")
        try rewrite(sprited, try String(contentsOfFile: sprited, encoding: .utf8))
        let missing = try #require(try memoized(memo, archive, style: sprited))
        #expect(missing.basemap.sprite == nil && missing.diagnostics.contains { $0.severity == .warning })
        let again = try #require(try memoized(memo, archive, style: sprited))
        #expect(again.diagnostics == missing.diagnostics, "every job reports the sprite's warning")
        let resolutions = memo.statistics.resolutions
        let sprites = packageRoot + "/Tests/MapVectorSourcesTests/Fixtures/osm-liberty-sprites/"
        let spriteFiles = try FileManager.default.contentsOfDirectory(atPath: sprites)
        let json = try #require(spriteFiles.first { $0.hasSuffix(".json") && !$0.contains("@2x") })
        try FileManager.default.copyItem(atPath: sprites + json, toPath: folder.path + "/icons.json")
        try FileManager.default.copyItem(
            atPath: sprites + json.replacingOccurrences(of: ".json", with: ".png"), toPath: folder.path + "/icons.png")
        let found = try #require(try memoized(memo, archive, style: sprited))
        #expect(memo.statistics.resolutions == resolutions + 1)
        #expect(found.basemap.sprite != nil && !found.diagnostics.contains { $0.severity == .warning })
    }

    @Test("an archive replaced by another file is opened again")
    func replacedArchive() throws {
        let folder = try StyleFolder()
        let memo = StreetBasemapMemo(capacity: 8)
        let path = folder.path + "/tiles/city.pmtiles"
        try FileManager.default.copyItem(atPath: fixture("helsinki.pmtiles"), toPath: path)
        let first = try #require(try memoized(memo, path))
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(
            atPath: packageRoot + "/examples/helsinki/helsinki-shortbread.pmtiles", toPath: path)
        let second = try #require(try memoized(memo, path))
        #expect(archive(of: first) !== archive(of: second))
        #expect(archive(of: first)?.fileIdentity != archive(of: second)?.fileIdentity)
        #expect(memo.statistics.resolutions == 2)
    }

    @Test("errors are not kept: a missing style fails, then resolves once it is there")
    func errorsAreNotKept() throws {
        let folder = try StyleFolder()
        let memo = StreetBasemapMemo(capacity: 8)
        let style = folder.path + "/later.json"
        #expect(throws: MapError.self) { try memoized(memo, fixture("helsinki.pmtiles"), style: style) }
        #expect(memo.statistics.entries == 0)
        try FileManager.default.copyItem(
            atPath: try folder.style(sources: #"{"a": {"type": "vector"}}"#), toPath: style)
        #expect(try memoized(memo, fixture("helsinki.pmtiles"), style: style) != nil)
        #expect(memo.statistics.entries == 1)
    }

    @Test("at most `capacity` basemaps are kept, the least recently used dropped")
    func capacity() throws {
        let memo = StreetBasemapMemo(capacity: 2)
        let path = fixture("helsinki.pmtiles")
        _ = try memoized(memo, path, styleName: "default")
        _ = try memoized(memo, path, styleName: "dark")
        _ = try memoized(memo, path, styleName: "default")  // used again: dark is now the oldest
        _ = try memoized(memo, path, styleName: "print")
        #expect(memo.statistics.entries == 2 && memo.statistics.resolutions == 3)
        _ = try memoized(memo, path, styleName: "default")
        #expect(memo.statistics.resolutions == 3)
        _ = try memoized(memo, path, styleName: "dark")
        #expect(memo.statistics.resolutions == 4 && memo.statistics.entries == 2)
    }

    @Test("two threads resolving at once get equal basemaps")
    func concurrentUse() async throws {
        let memo = StreetBasemapMemo(capacity: 2)
        let path = fixture("helsinki.pmtiles")
        let styles = try await withThrowingTaskGroup(of: [String].self) { group in
            for worker in 0..<2 {
                group.addTask {
                    var ids: [String] = []
                    for round in 0..<12 {
                        let name = ["default", "dark", "print"][(round + worker) % 3]
                        let street = try #require(try memoized(memo, path, styleName: name))
                        ids.append(name + ":" + street.basemap.style.layers.map(\.id).joined(separator: ","))
                    }
                    return ids
                }
            }
            var all: [String] = []
            for try await ids in group { all += ids }
            return all
        }
        #expect(styles.count == 24)
        let byName = Dictionary(grouping: styles) { String($0.prefix { $0 != ":" }) }
        #expect(byName.count == 3 && byName.values.allSatisfy { Set($0).count == 1 })
        #expect(memo.statistics.entries <= 2)
    }
}

@Suite("Decoded vector tiles shared by the maps of a process")
struct DecodedTileCacheTests {
    /// A provider of the Helsinki archive keeping its tiles in `cache`.
    func provider(
        _ path: String = fixture("helsinki.pmtiles"), cache: DecodedTileCache?
    ) throws
        -> ArchiveVectorTileProvider
    {
        let plain = try #require(try ArchiveVectorTileProvider.pmtiles(path: path))
        let reader = try #require(FileByteRangeReader(path: path))
        return try #require(
            try ArchiveVectorTileProvider.pmtiles(
                reader: reader, parallelReads: 1, fileIdentity: plain.fileIdentity, cache: cache))
    }

    @Test("a hit gives the tile decoding gives; another set of layers is another tile")
    func hits() throws {
        let cache = DecodedTileCache(byteLimit: 8 << 20)
        let cached = try provider(cache: cache)
        let uncached = try provider(cache: nil)
        let paths = [helsinkiStreet, world]
        let decoded = uncached.vectorTiles(paths, layerNames: ["water", "transportation"])
        let first = cached.vectorTiles(paths, layerNames: ["water", "transportation"])
        #expect(cache.statistics.tiles == 2 && cache.statistics.hits == 0)
        let second = cached.vectorTiles(paths, layerNames: ["transportation", "water"])
        #expect(cache.statistics.hits == 2)
        for path in paths {
            guard case .tile(let expected, _) = decoded[path], case .tile(let a, _) = first[path],
                case .tile(let b, _) = second[path]
            else {
                Issue.record("no tile \(path)")
                continue
            }
            #expect(a == expected && b == expected)
        }
        let water = cached.vectorTiles([helsinkiStreet], layerNames: ["water"])
        #expect(layers(water[helsinkiStreet]) == ["water"])
        let all = cached.vectorTiles([helsinkiStreet], layerNames: nil)
        #expect((layers(all[helsinkiStreet])?.count ?? 0) > 2)
        #expect(cache.statistics.tiles == 4 && cache.statistics.hits == 2)
    }

    @Test("keys tell archives, tiles and layer sets apart; a rewritten file is another archive")
    func keys() throws {
        let folder = try StyleFolder()
        let path = folder.path + "/tiles/helsinki.pmtiles"
        let identity = try #require(FileIdentity(path: path))
        #expect(FileIdentity(path: path) == identity)
        #expect(FileIdentity(path: folder.path + "/tiles/none.pmtiles") == nil)
        #expect(FileIdentity(path: folder.path + "/tiles/helsinki.mbtiles") != identity)
        let key = DecodedTileCache.Key(archive: identity, tile: world, layerNames: ["a", "b"])
        #expect(key == DecodedTileCache.Key(archive: identity, tile: world, layerNames: ["b", "a"]))
        #expect(key != DecodedTileCache.Key(archive: identity, tile: world, layerNames: ["a"]))
        #expect(key != DecodedTileCache.Key(archive: identity, tile: world, layerNames: nil))
        #expect(key != DecodedTileCache.Key(archive: identity, tile: helsinkiStreet, layerNames: ["a", "b"]))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try (bytes + Data([0])).write(to: URL(fileURLWithPath: path))
        #expect(FileIdentity(path: path) != identity)
        // Replaced by a copy of the same bytes: another inode.
        try FileManager.default.removeItem(atPath: path)
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect(FileIdentity(path: path)?.inode != nil && FileIdentity(path: path) != identity)
    }

    @Test("eviction keeps the estimated bytes within the limit, dropping the least recently used")
    func eviction() throws {
        // Ten tiles of one size, but for the features' names.
        let decoded = (0..<10).map { index in
            DecodedTileCache.Decoded(
                tile: syntheticTile(features: 20, points: 10, name: "road \(index)"), diagnostics: [])
        }
        let size = DecodedTileCache.estimatedBytes(of: decoded[0].tile)
        #expect(decoded.allSatisfy { DecodedTileCache.estimatedBytes(of: $0.tile) == size })
        let limit = 4 * size + size / 2
        let cache = DecodedTileCache(byteLimit: limit)
        let identity = try #require(FileIdentity(path: fixture("helsinki.pmtiles")))
        func key(_ index: Int) -> DecodedTileCache.Key {
            .init(archive: identity, tile: TilePath(z: 14, x: index, y: 0), layerNames: nil)
        }
        // The first tile is used after every store: it is never the one dropped.
        for (index, tile) in decoded.enumerated() {
            cache.store(tile, for: key(index))
            #expect(cache.statistics.bytes <= limit)
            #expect(cache.tile(for: key(0)) == decoded[0])
            #expect(cache.tile(for: key(index)) == tile, "the tile just stored is kept")
        }
        let held = (0..<10).filter { cache.tile(for: key($0)) != nil }
        #expect(held.count == cache.statistics.tiles && held.count < 5 && held.contains(9))
        // The tiles dropped are the oldest: those held are the first and the last ones stored.
        #expect(held == [0] + Array((10 - held.count + 1)..<10))
        #expect(cache.statistics.bytes == held.count * size)
        // A limit lowered drops tiles at once; a tile larger than the limit is not kept.
        cache.byteLimit = size - 1
        #expect(cache.statistics.tiles == 0 && cache.statistics.bytes == 0)
        cache.store(decoded[0], for: key(0))
        #expect(cache.tile(for: key(0)) == nil)
    }

    @Test("the estimate grows with what a tile holds")
    func estimate() {
        let small = DecodedTileCache.estimatedBytes(of: syntheticTile(features: 1, points: 2, name: "a"))
        #expect(small > 0)
        #expect(DecodedTileCache.estimatedBytes(of: syntheticTile(features: 10, points: 2, name: "a")) > small * 5)
        #expect(
            DecodedTileCache.estimatedBytes(of: syntheticTile(features: 1, points: 200, name: "a")) >= small + 198 * 16)
        #expect(
            DecodedTileCache.estimatedBytes(
                of: syntheticTile(features: 1, points: 2, name: String(repeating: "x", count: 100)))
                >= small + 100)
    }

    @Test("two threads reading the same tiles through one cache get the tiles decoding gives")
    func concurrentUse() async throws {
        let cache = DecodedTileCache(byteLimit: 8 << 20)
        let shared = try provider(cache: cache)
        let expected = try provider(cache: nil).vectorTiles([helsinkiStreet, world], layerNames: ["water"])
        let same = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    var same = true
                    for _ in 0..<50 {
                        let tiles = shared.vectorTiles([helsinkiStreet, world], layerNames: ["water"])
                        for path in [helsinkiStreet, world] {
                            guard case .tile(let a, _) = tiles[path], case .tile(let b, _) = expected[path] else {
                                return false
                            }
                            same = same && a == b
                        }
                    }
                    return same
                }
            }
            var all = true
            for try await same in group { all = all && same }
            return all
        }
        #expect(same)
        #expect(cache.statistics.tiles == 2 && cache.statistics.hits >= 196)
    }
}
