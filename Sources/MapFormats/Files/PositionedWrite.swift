#if canImport(Glibc)
    import Glibc
#endif

/// Writes all of `bytes` to `descriptor` at `offset` with pwrite(2), retrying short writes and
/// interruptions; returns 0, or the errno of the write that failed. Shared by staged files
/// written out of order (an archive whose header goes in last) and scratch files.
public func writeAll(_ bytes: [UInt8], to descriptor: Int32, at offset: UInt64) -> Int32 {
    bytes.withUnsafeBytes { buffer in
        var done = 0
        while done < buffer.count {
            let written = pwrite(
                descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset) + off_t(done))
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            done += written
        }
        return 0
    }
}
