import Foundation
import MapErrors
import MapFIT
import MapFormats

#if canImport(Glibc)
    import Glibc
#endif

/// An open file's descriptor as a `FITByteSource`: the reader pulls it in chunks, so the
/// file is never read whole.
struct FITFileSource: FITByteSource {
    let file: OpenedFile

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(MapError) -> Int {
        guard let address = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let count = Glibc.read(file.descriptor, address, buffer.count)
            if count >= 0 { return count }
            if errno == EINTR { continue }
            throw MapError(
                .ioFailure, "reading failed: \(String(cString: strerror(errno)))", at: InputLocation(file: file.path))
        }
    }
}
