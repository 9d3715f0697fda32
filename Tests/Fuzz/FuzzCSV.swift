// libFuzzer target: LocationCSVDecoder (track fixes) and the favorites CSV importer on
// arbitrary bytes. Built by run-fuzzers.sh.
import MapFavorites
import MapInputs
import MapRenderCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? LocationCSVDecoder.decode(bytes, fileName: "fuzz.csv")
    _ = try? FavoritesImport.decode(bytes, format: .csv, fileName: "fuzz.csv")
    return 0
}
