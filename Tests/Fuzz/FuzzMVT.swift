// libFuzzer target: VectorTileDecoder and ProtobufReader on arbitrary bytes. Built by
// run-fuzzers.sh.
//
// Beyond "no trap", it checks what the decoder promises of every tile it accepts, so that
// a broken promise traps too: only .invalidData errors; no two layers of one name; every
// line has two points or more, every ring three or more and a non-zero area; a filtered
// decoding gives the same layers as a full one.
import MapErrors
import MapVectorTiles

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    skipEveryField(bytes)
    let tile: VectorTile
    do {
        tile = try VectorTileDecoder().decode(bytes).tile
    } catch {
        precondition(error.kind == .invalidData, "unexpected error kind: \(error)")
        return 0
    }
    check(tile)
    // Filtering may only drop layers (and skip checks of the dropped ones), never change the kept ones.
    if let first = tile.layers.first {
        let filtered = try? VectorTileDecoder(layerNames: [first.name]).decode(bytes).tile
        precondition(filtered?.layers == [first], "the filtered decoding differs")
    }
    return 0
}

/// Reads the bytes as an unknown message, skipping every field, as far as they are valid.
private func skipEveryField(_ bytes: [UInt8]) {
    var reader = ProtobufReader(bytes)
    do {
        while let key = try reader.readFieldKey() {
            let before = reader.offset
            try reader.skipValue(of: key)
            precondition(reader.offset >= before && reader.offset <= reader.endOffset, "the reader left its bounds")
        }
    } catch {
        precondition(error.kind == .invalidData, "unexpected error kind: \(error)")
    }
}

private func check(_ tile: VectorTile) {
    precondition(Set(tile.layers.map(\.name)).count == tile.layers.count, "two layers of one name")
    for layer in tile.layers {
        precondition(layer.extent > 0 && (layer.version == 1 || layer.version == 2), "an unsupported layer")
        for feature in layer.features {
            switch feature.geometry {
            case .points(let points):
                precondition(!points.isEmpty, "a POINT feature without points")
            case .lineStrings(let lines):
                precondition(!lines.isEmpty && lines.allSatisfy { $0.count >= 2 }, "a line of fewer than 2 points")
            case .polygons(let polygons):
                precondition(!polygons.isEmpty, "a POLYGON feature without polygons")
                for ring in polygons.flatMap(\.rings) {
                    precondition(ring.count >= 3 && twiceArea(ring) != 0, "a degenerate ring")
                }
            case .unknown:
                break
            }
        }
    }
}

/// Twice the ring's signed area, in Double as the decoder computes it.
private func twiceArea(_ ring: [VectorTilePoint]) -> Double {
    var sum = 0.0
    for (index, point) in ring.enumerated() {
        let next = ring[(index + 1) % ring.count]
        sum +=
            Double(point.x &- ring[0].x) * Double(next.y &- ring[0].y)
            - Double(next.x &- ring[0].x) * Double(point.y &- ring[0].y)
    }
    return sum
}
