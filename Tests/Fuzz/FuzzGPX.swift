// libFuzzer target: GPXDecoder.decode on arbitrary bytes. Every input must end in content
// or a MapError; a trap, a sanitizer report or a hang is a bug. Built by run-fuzzers.sh.
import MapFavorites
import MapInputs
import MapRenderCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? GPXDecoder.decode(bytes, fileName: "fuzz.gpx")
    // The favorites importer maps waypoint extensions (by namespace) on top of
    // GPXDecoder, so it gets the same bytes.
    _ = try? FavoritesImport.decode(bytes, format: .gpx, fileName: "fuzz.gpx")
    return 0
}
