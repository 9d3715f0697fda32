// libFuzzer target: StyleDecoder.decode on arbitrary bytes. Built by run-fuzzers.sh.
import MapRenderCore
import MapStyleFiles

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    _ = try? StyleDecoder.decode(Array(UnsafeBufferPointer(start: data, count: size)), fileName: "fuzz.json")
    return 0
}
