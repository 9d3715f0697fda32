import Foundation
public import MapErrors
public import MapFormats
public import MapPMTiles

/// Tile archives and databases read through the descriptor `InputFile` opened when their
/// path lies in a confining folder (`PathConfinement.enclosing`: a batch job's `--in-dir`, a
/// style's folder), so a symbolic link swapped in after the path was checked cannot lead
/// out; elsewhere they are opened by path as before.
public enum ConfinedArchive {
    /// The reader of a local PMTiles archive.
    ///
    /// - Throws: `MapError` `.missingInput` for a missing or unreadable file, `.invalidData`
    ///   for one that leads out of its confining folder.
    public static func reader(at path: String) throws(MapError) -> FileByteRangeReader {
        guard InputFile.isConfined(path) else { return try FileByteRangeReader.archive(at: path) }
        let file = try InputFile.open(atPath: path, what: "PMTiles archive")
        guard let handle = file.makeFileHandle() else {
            throw MapError(.ioFailure, "cannot be read (too many open files)", at: InputLocation(file: path))
        }
        return FileByteRangeReader(handle: handle, name: path)
    }

    /// The path SQLite should open for the database at `path`, and the file it names when
    /// the path lies in a confining folder: then the path is the `/proc/self/fd` link to the
    /// descriptor opened beneath the folder, valid while the file is kept. `SQLiteDatabase`
    /// reads such a path through its descriptor file system (`DescriptorFileSystem`), from
    /// the descriptor itself, whatever happens to `path` since.
    ///
    /// - Throws: `MapError` as `reader(at:)`.
    public static func database(at path: String, what: String) throws(MapError) -> (path: String, file: OpenedFile?) {
        guard InputFile.isConfined(path) else { return (path, nil) }
        let file = try InputFile.open(atPath: path, what: what)
        return (file.descriptorPath, file)
    }
}
