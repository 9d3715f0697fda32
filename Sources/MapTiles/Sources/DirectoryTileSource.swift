import Foundation
public import MapDrawing
public import MapErrors
import MapFormats
public import MapGeometry
public import MapRenderCore

/// Raster tiles from a folder laid out `{z}/{x}/{y}.png` (or `.jpg`, `.jpeg`), as tile
/// tools write them (`mb-util`, `gdal2tiles.py --xyz`, Maperitive…), with optional
/// `{z}/{x}/{y}@2x.png` high-resolution variants.
///
/// A `tilemapresource.xml` at the top marks a TMS folder (what `gdal2tiles.py` writes by
/// default): its rows count from the south and are flipped. A `metadata.json` at the top
/// (what `mb-util` writes, holding MBTiles metadata) supplies the attribution.
public struct DirectoryTileSource: RasterTileSource {
    /// The folder, as given.
    public let path: String
    public let attribution: [String]
    public let zoomRange: ClosedRange<Int>
    public let tileSize: Int
    public let hasHighResolutionTiles: Bool
    public let isImagery: Bool
    /// Whether rows count from the south (TMS) rather than the north (XYZ).
    public let isTMS: Bool
    /// The folders confining the task that made the source (a batch job's `--in-dir`): tiles
    /// are read beneath them, on whichever thread asks.
    private let enclosing = PathConfinement.enclosing
    /// The file extension of the first tile found, tried first for every tile.
    let fileExtension: String

    /// The extensions looked for, in order after the first tile's.
    static let extensions = ["png", "jpg", "jpeg"]

    /// Opens a tile folder: the zooms are the names of its numeric subfolders; the first
    /// tile found at the lowest zoom gives the tile size, the format and whether @2x
    /// variants exist.
    ///
    /// - Parameters:
    ///   - path: the folder.
    ///   - attribution: the credits; `nil` takes them from `metadata.json` when there is one.
    ///   - isImagery: whether the tiles are imagery; `nil` guesses JPEG tiles are.
    ///   - isTMS: whether rows count from the south; `nil` decides by `tilemapresource.xml`.
    /// - Throws: `MapError` `.missingInput` when the folder does not exist; `.invalidData` when
    ///   it holds no `{z}/{x}/{y}.png|jpg` tile, or the first tile is not a usable image.
    public init(path: String, attribution: [String]? = nil, isImagery: Bool? = nil, isTMS: Bool? = nil) throws(MapError)
    {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        guard files.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw MapError(
                .missingInput, "no such folder", at: InputLocation(file: path),
                remedy: "check the path of the tile folder")
        }
        let layout = MapError(
            .invalidData, "no tiles found; a tile folder holds {z}/{x}/{y}.png (or .jpg) files, e.g. \(path)/0/0/0.png",
            at: InputLocation(file: path),
            remedy: "give the folder that holds the zoom-level folders")
        let zooms = DirectoryTileSource.numericNames(in: path).filter { (0...30).contains($0) }
        guard let minimum = zooms.min(), let maximum = zooms.max() else { throw layout }
        guard let sample = DirectoryTileSource.firstTile(in: path, zooms: zooms.sorted()) else { throw layout }
        let bytes = try InputFile.read(atPath: sample.file, what: "tile")
        let image = try EncodedImage(validating: bytes, source: sample.file)
        self.path = path
        zoomRange = minimum...maximum
        fileExtension = sample.fileExtension
        let retina = (sample.file as NSString).deletingPathExtension + "@2x." + sample.fileExtension
        hasHighResolutionTiles = files.fileExists(atPath: retina)
        tileSize = image.pixelWidth >= 384 ? 512 : 256
        self.isImagery = isImagery ?? (image.encoding == .jpeg)
        self.isTMS = isTMS ?? files.fileExists(atPath: path + "/tilemapresource.xml")
        self.attribution = attribution ?? DirectoryTileSource.metadataAttribution(in: path)
    }

    /// The names of the subfolders of `folder` that are non-negative integers.
    private static func numericNames(in folder: String) -> [Int] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.compactMap { name in
            guard !name.isEmpty, name.allSatisfy(\.isASCII), name.allSatisfy(\.isNumber), name.count <= 9 else {
                return nil
            }
            return Int(name)
        }
    }

    /// The first `{z}/{x}/{y}.ext` file, looking at each zoom from the lowest and at most a
    /// few columns in each, so a folder of millions of tiles opens quickly.
    private static func firstTile(in folder: String, zooms: [Int]) -> (file: String, fileExtension: String)? {
        for zoom in zooms {
            for column in numericNames(in: "\(folder)/\(zoom)").sorted().prefix(8) {
                let columnFolder = "\(folder)/\(zoom)/\(column)"
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: columnFolder)) ?? []).sorted()
                for name in names {
                    let parts = name.split(separator: ".", maxSplits: 1)
                    guard parts.count == 2, !parts[0].isEmpty, parts[0].allSatisfy(\.isNumber),
                        extensions.contains(parts[1].lowercased())
                    else { continue }
                    return ("\(columnFolder)/\(name)", String(parts[1]))
                }
            }
        }
        return nil
    }

    /// The attribution in an `mb-util` `metadata.json`, or none.
    private static func metadataAttribution(in folder: String) -> [String] {
        guard let bytes = try? InputFile.read(atPath: folder + "/metadata.json", what: "metadata"),
            let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
            let html = object["attribution"] as? String
        else { return [] }
        let text = MBTilesSource.plainText(fromHTML: html)
        return text.isEmpty ? [] : [text]
    }

    // MARK: Tiles

    public func tiles(_ paths: [TilePath], highResolution: Bool) -> [TilePath: Result<EncodedImage, TileFailure>] {
        var results: [TilePath: Result<EncodedImage, TileFailure>] = [:]
        for tile in paths where results[tile] == nil {
            results[tile] = fetch(tile, highResolution: highResolution && hasHighResolutionTiles)
        }
        return results
    }

    private func fetch(_ tile: TilePath, highResolution: Bool) -> Result<EncodedImage, TileFailure> {
        guard tile.z >= 0, tile.z <= 30, (0..<tile.tilesPerSide).contains(tile.x),
            (0..<tile.tilesPerSide).contains(tile.y)
        else {
            return .failure(TileFailure(tile: tile, reason: "not a tile of the world"))
        }
        let row = isTMS ? tile.tmsRow : tile.y
        let stem = "\(path)/\(tile.z)/\(tile.x)/\(row)"
        let suffixes = highResolution ? ["@2x", ""] : [""]
        let order = [fileExtension] + DirectoryTileSource.extensions.filter { $0 != fileExtension.lowercased() }
        for suffix in suffixes {
            for fileExtension in order {
                let file = "\(stem)\(suffix).\(fileExtension)"
                let read = PathConfinement.$enclosing.withValue(enclosing) {
                    try? InputFile.read(atPath: file, what: "tile")
                }
                guard let data = read else { continue }
                do {
                    return .success(try EncodedImage(validating: data))
                } catch {
                    return .failure(TileFailure(tile: tile, reason: error.reason))
                }
            }
        }
        return .failure(TileFailure(tile: tile, reason: "not in the tile folder"))
    }
}
