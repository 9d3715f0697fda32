import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Which file a path names right now, and which version of it: the resolved path, the
/// device and inode, the size and the modification time (to the nanosecond the file system
/// keeps). Two identities differ when the file was replaced (a new inode, as an atomic
/// rename makes), rewritten in place (a new size or modification time) or the path now leads
/// elsewhere (a symbolic link changed).
///
/// What is kept across the jobs of a batch (`StreetBasemapMemo`, `DecodedTileCache`) is
/// keyed by identities, so a file changed between two jobs is read again by the second.
/// A change that keeps the inode, the size and the modification time (a rewrite within the
/// file system's timestamp granularity, or a clock set back) goes unnoticed; `stat(2)`
/// offers nothing finer without reading the file.
public struct FileIdentity: Hashable, Sendable {
    /// The path with its symbolic links resolved.
    public var path: String
    /// The device holding the file (`st_dev`).
    public var device: UInt64
    /// The file's inode number (`st_ino`).
    public var inode: UInt64
    /// The file's size, in bytes.
    public var size: Int64
    /// The last modification time, in seconds since 1970 (`st_mtim.tv_sec`).
    public var modifiedSeconds: Int64
    /// The nanoseconds of the last modification time (`st_mtim.tv_nsec`).
    public var modifiedNanoseconds: Int64

    /// The identity of the file `path` names now (relative to the current folder unless
    /// absolute, symbolic links followed), or `nil` when there is none (missing, unreadable
    /// folder on the way).
    public init?(path: String) {
        var info = stat()
        guard !path.isEmpty, stat(path, &info) == 0 else { return nil }
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        self.path = URL(fileURLWithPath: absolute).standardizedFileURL.resolvingSymlinksInPath().path
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modifiedSeconds = Int64(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int64(info.st_mtim.tv_nsec)
    }
}
