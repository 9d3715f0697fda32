import Foundation
public import MapErrors
public import MapGeometry
import MapRenderCore

/// The track files of a run: folders expanded, each file's tracks read and named.
public enum TrackFiles {
    /// The extensions read from a folder.
    public static let folderExtensions = ["gpx", "csv", "geojson"]

    /// The files to read: each file as given, and the `.gpx`, `.csv` and `.geojson` files
    /// of each folder, sorted by name (hidden files left out).
    ///
    /// - Throws: `MapError` `.invalidRequest` for no path at all, `.missingInput` for a path
    ///   that does not exist or a folder that cannot be read or holds no track file.
    public static func expand(_ paths: [String]) throws(MapError) -> [String] {
        guard !paths.isEmpty else {
            throw MapError(
                .invalidRequest, "no track file given",
                remedy: "give one or more .gpx, .csv or .geojson files, or a folder")
        }
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw MapError(
                    .missingInput, "no such file or folder", at: InputLocation(file: path), remedy: "check the path")
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: path)
            } catch {
                throw MapError(
                    .missingInput, "the folder cannot be read", at: InputLocation(file: path),
                    remedy: "check its permissions")
            }
            let tracks = names.filter {
                folderExtensions.contains(URL(fileURLWithPath: $0).pathExtension.lowercased()) && !$0.hasPrefix(".")
            }.sorted()
            guard !tracks.isEmpty else {
                throw MapError(
                    .missingInput, "the folder has no .gpx, .csv or .geojson file", at: InputLocation(file: path))
            }
            files += tracks.map { URL(fileURLWithPath: path).appendingPathComponent($0).path }
        }
        return files
    }

    /// The recorded tracks of one file (GPX, location CSV or timed GeoJSON, by extension and
    /// then by content, unless `knownKind` says it already), each named by its own name, else by
    /// the file's.
    ///
    /// - Throws: `MapError` `.invalidData` for a GPX file without a track, and what the
    ///   file's decoder throws.
    public static func tracks(inFile path: String, as knownKind: InputFileKind? = nil) throws(MapError) -> [Track] {
        let kind: InputFileKind
        if let knownKind { kind = knownKind } else { kind = try SceneFile.kind(ofFileAt: path) }
        var tracks = try SceneFile.read(atPath: path, as: kind, geoJSON: .tracks).tracks
        if kind == .gpx && tracks.isEmpty {
            throw MapError(
                .invalidData, "no track (trk) in the file, only routes or waypoints", at: InputLocation(file: path),
                remedy: "give a GPX file with a recorded track")
        }
        let base = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        for index in tracks.indices where tracks[index].name?.isEmpty ?? true {
            tracks[index].name = tracks.count == 1 ? base : "\(base) \(index + 1)"
        }
        return tracks
    }
}
