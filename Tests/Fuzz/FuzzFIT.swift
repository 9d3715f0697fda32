// libFuzzer target: the FIT protocol reader (FITReader, every field of every message
// decoded) and FITDecoder (sessions and laps) on arbitrary bytes. Built by run-fuzzers.sh.
// Traps when the reader breaks its promises: messages in increasing offsets inside the
// input, nothing after damage that stops reading, errors of kind .invalidData only.
import MapErrors
import MapFIT
import MapInputs

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var reader = FITReader(source: FITByteArraySource(bytes))
    var lastOffset = -1
    var stopped = false
    while let event = try? reader.next() {
        precondition(!stopped, "an event after damage that stops reading")
        switch event {
        case .message(let message):
            precondition(message.offset > lastOffset && message.offset < size, "message offset \(message.offset)")
            lastOffset = message.offset
            for field in message.fields { _ = field.value.number }
            _ = message.timestamp
        case .damage(let damage):
            precondition(damage.offset <= size, "damage offset \(damage.offset)")
            if damage.stopsReading { stopped = true }
        case .fileHeader(let header):
            precondition(header.offset >= lastOffset && header.offset < size)
        case .fileEnd(let end):
            precondition(end.offset + 2 <= size)
        }
    }
    precondition(reader.offset <= size, "read past the input")
    for segments in [FITSegmentation.sessions, .laps] {
        do {
            let content = try FITDecoder.decode(bytes, fileName: "fuzz.fit", segments: segments)
            for track in content.tracks { precondition(!track.segments.contains { $0.isEmpty }, "an empty segment") }
        } catch {
            precondition(error.kind == .invalidData, "error kind \(error.kind)")
        }
    }
    return 0
}
