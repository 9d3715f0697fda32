internal import CSQLite3
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A read-only SQLite VFS that reads a database from a descriptor the caller opened, so the
/// file SQLite reads is the file that was checked (opened beneath a confining folder), not
/// whatever a path names later.
///
/// SQLite's own unix VFS cannot be given a descriptor: it resolves a `/proc/self/fd/N` link
/// to the path it names (`unixFullPathname` follows symbolic links) and opens that with
/// `O_NOFOLLOW`. This one takes the name `descriptor-N`, duplicates descriptor N in `xOpen`
/// and serves reads with `pread`; it declares the file immutable
/// (`SQLITE_IOCAP_IMMUTABLE`, https://www.sqlite.org/c3ref/c_iocap_atomic.html), so SQLite
/// takes no locks and looks for no journal or WAL. Temporary files go to the default VFS.
enum DescriptorFileSystem {
    /// The VFS's registered name.
    static let name = "maprender-descriptor"
    /// The prefix of the file names it opens; the descriptor's number follows.
    static let prefix = "descriptor-"

    /// Registers the VFS once (not as the default); `false` if SQLite refused it.
    static let isRegistered: Bool = register()

    /// `sqlite3_file` followed by the descriptor.
    private struct File {
        var base: sqlite3_file
        var descriptor: Int32
    }

    private static func register() -> Bool {
        guard let fallback = sqlite3_vfs_find(nil) else { return false }
        let vfs = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
        vfs.initialize(to: fallback.pointee)
        vfs.pointee.pNext = nil
        vfs.pointee.zName = UnsafePointer(strdup(name))
        vfs.pointee.pAppData = UnsafeMutableRawPointer(fallback)
        vfs.pointee.szOsFile = max(fallback.pointee.szOsFile, Int32(MemoryLayout<File>.size))
        vfs.pointee.xOpen = { vfs, name, file, flags, outFlags in
            let fallback = vfs!.pointee.pAppData!.assumingMemoryBound(to: sqlite3_vfs.self)
            guard let name, let number = DescriptorFileSystem.descriptor(named: name) else {
                // Temporary files (no name) are the default VFS's.
                guard name == nil else { return SQLITE_CANTOPEN }
                return fallback.pointee.xOpen(fallback, name, file, flags, outFlags)
            }
            let copy = fcntl(number, F_DUPFD_CLOEXEC, 0)
            guard copy >= 0 else { return SQLITE_CANTOPEN }
            let own = UnsafeMutableRawPointer(file!).assumingMemoryBound(to: File.self)
            own.pointee.descriptor = copy
            own.pointee.base.pMethods = UnsafePointer(DescriptorFileSystem.methods)
            outFlags?.pointee = SQLITE_OPEN_READONLY
            return SQLITE_OK
        }
        vfs.pointee.xFullPathname = { vfs, name, count, out in
            let fallback = vfs!.pointee.pAppData!.assumingMemoryBound(to: sqlite3_vfs.self)
            guard let name, let out, DescriptorFileSystem.descriptor(named: name) != nil else {
                return fallback.pointee.xFullPathname(fallback, name, count, out)
            }
            guard strlen(name) < Int(count) else { return SQLITE_CANTOPEN }
            strcpy(out, name)
            return SQLITE_OK
        }
        vfs.pointee.xAccess = { vfs, name, flags, result in
            let fallback = vfs!.pointee.pAppData!.assumingMemoryBound(to: sqlite3_vfs.self)
            // No journal or WAL ever stands beside a descriptor.
            if let name, String(cString: name).hasPrefix(DescriptorFileSystem.prefix) {
                result?.pointee = 0
                return SQLITE_OK
            }
            return fallback.pointee.xAccess(fallback, name, flags, result)
        }
        return sqlite3_vfs_register(vfs, 0) == SQLITE_OK
    }

    /// The descriptor number in a name `descriptor-N`, or `nil`.
    private static func descriptor(named name: UnsafePointer<CChar>) -> Int32? {
        let text = String(cString: name)
        guard text.hasPrefix(prefix) else { return nil }
        return Int32(text.dropFirst(prefix.count))
    }

    private static func descriptor(of file: UnsafeMutablePointer<sqlite3_file>?) -> Int32 {
        UnsafeMutableRawPointer(file!).assumingMemoryBound(to: File.self).pointee.descriptor
    }

    /// The read-only methods (version 1: no shared memory, no memory mapping).
    // Written once, before any use, then only read by SQLite.
    nonisolated(unsafe) private static let methods: UnsafeMutablePointer<sqlite3_io_methods> = {
        let methods = UnsafeMutablePointer<sqlite3_io_methods>.allocate(capacity: 1)
        methods.initialize(to: sqlite3_io_methods())
        methods.pointee.iVersion = 1
        methods.pointee.xClose = { file in
            close(DescriptorFileSystem.descriptor(of: file))
            return SQLITE_OK
        }
        methods.pointee.xRead = { file, buffer, amount, offset in
            let descriptor = DescriptorFileSystem.descriptor(of: file)
            var done = 0
            while done < Int(amount) {
                let count = pread(descriptor, buffer! + done, Int(amount) - done, off_t(offset) + off_t(done))
                if count == 0 { break }
                if count < 0 {
                    if errno == EINTR { continue }
                    return SQLITE_IOERR | (1 << 8)  // SQLITE_IOERR_READ
                }
                done += count
            }
            guard done == Int(amount) else {
                // SQLite requires the rest zeroed on a short read.
                memset(buffer! + done, 0, Int(amount) - done)
                return SQLITE_IOERR | (2 << 8)  // SQLITE_IOERR_SHORT_READ
            }
            return SQLITE_OK
        }
        methods.pointee.xWrite = { _, _, _, _ in SQLITE_READONLY }
        methods.pointee.xTruncate = { _, _ in SQLITE_READONLY }
        methods.pointee.xSync = { _, _ in SQLITE_OK }
        methods.pointee.xFileSize = { file, size in
            var status = stat()
            // SQLITE_IOERR_FSTAT
            guard fstat(DescriptorFileSystem.descriptor(of: file), &status) == 0 else { return SQLITE_IOERR | (7 << 8) }
            size?.pointee = sqlite3_int64(status.st_size)
            return SQLITE_OK
        }
        methods.pointee.xLock = { _, _ in SQLITE_OK }
        methods.pointee.xUnlock = { _, _ in SQLITE_OK }
        methods.pointee.xCheckReservedLock = { _, result in
            result?.pointee = 0
            return SQLITE_OK
        }
        methods.pointee.xFileControl = { _, _, _ in SQLITE_NOTFOUND }
        methods.pointee.xSectorSize = { _ in 4096 }
        methods.pointee.xDeviceCharacteristics = { _ in SQLITE_IOCAP_IMMUTABLE }
        return methods
    }()
}
