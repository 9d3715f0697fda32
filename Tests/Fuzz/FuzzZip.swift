// libFuzzer target: ZipArchive on arbitrary bytes, read from memory. Built by
// run-fuzzers.sh.
//
// Every entry the central directory lists is read with limits small enough for the fuzzer
// (1 MiB an entry), so bombs are refused rather than inflated. Traps when an accepted
// archive breaks its promises: an entry's contents as long as its declared size, at most
// `maximumEntries` entries, errors of kind `.invalidData` only.
import MapErrors
import MapZip

private let limits = ZipLimits(maximumEntrySize: 1 << 20, ratioThreshold: 64 << 10, maximumTotalSize: 64 << 20)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let archive: ZipArchive
    do {
        archive = try ZipArchive(source: .bytes(bytes), name: "fuzz.zip", limits: limits)
    } catch {
        precondition(error.kind == .invalidData, "unexpected error kind: \(error)")
        return 0
    }
    precondition(archive.entries.count <= limits.maximumEntries)
    for entry in archive.entries.prefix(64) {
        do {
            let contents = try archive.contents(of: entry)
            precondition(UInt64(contents.count) == entry.uncompressedSize, "\(entry.name): wrong length")
        } catch {
            precondition(error.kind == .invalidData, "unexpected error kind: \(error)")
        }
    }
    return 0
}
