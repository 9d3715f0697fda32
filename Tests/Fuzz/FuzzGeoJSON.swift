// libFuzzer target: the JSON parser and GeoJSONDecoder on arbitrary bytes, plus the
// favorites importer's GeoJSON reading. Built by run-fuzzers.sh.
import MapFavorites
import MapInputs
import MapRenderCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? GeoJSONDecoder().decode(bytes, fileName: "fuzz.geojson")
    _ = try? FavoritesImport.decode(bytes, format: .geojson, fileName: "fuzz.geojson")
    return 0
}
