// libFuzzer target: KMLDecoder.decode on arbitrary bytes, as KML text or, when they start
// with the ZIP signature, as a KMZ. Built by run-fuzzers.sh.
//
// Every input must end in content or a MapError of kind `.invalidData`; a trap, a
// sanitizer report or a hang is a bug. Traps too when content breaks the reader's
// promises: one detail per place, ids 1, 2, 3…, coordinates in range, no empty track.
import Foundation
import MapErrors
import MapGeometry
import MapInputs
import MapRenderCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let window = TrackTimeWindow(start: Date(timeIntervalSince1970: 1_262_304_000))
    for window in [TrackTimeWindow.unbounded, window] {
        do {
            let content = try KMLDecoder.decode(bytes, fileName: "fuzz.kml", window: window)
            precondition(content.places.count == content.placeDetails.count)
            precondition(content.places.enumerated().allSatisfy { $0.element.id == Int64($0.offset + 1) })
            precondition(content.places.allSatisfy { $0.coordinate.isValid })
            precondition(content.lines.allSatisfy { $0.coordinates.count >= 2 && $0.coordinates.allSatisfy(\.isValid) })
            precondition(content.tracks.allSatisfy { !$0.isEmpty && $0.segments.allSatisfy { !$0.isEmpty } })
        } catch {
            precondition(error.kind == .invalidData, "unexpected error kind: \(error)")
        }
    }
    return 0
}
