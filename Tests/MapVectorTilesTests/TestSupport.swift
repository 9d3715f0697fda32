import Foundation

@testable import MapVectorTiles

// Helpers of the vector tile tests: the fixtures folder and a protobuf writer to build
// tiles by hand.

/// `Tests/MapVectorTilesTests/Fixtures/`, found from this file (the folder is not a resource).
let fixturesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// The bytes of the file at `path` under the fixtures folder.
func fixtureBytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: fixturesFolder.appendingPathComponent(path)))
}

/// Writes protocol buffers messages field by field, for building tiles in tests.
struct ProtobufWriter {
    private(set) var bytes: [UInt8] = []

    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func key(_ number: Int, _ wireType: ProtobufWireType) {
        varint(UInt64(number) << 3 | UInt64(wireType.rawValue))
    }

    mutating func varintField(_ number: Int, _ value: UInt64) {
        key(number, .varint)
        varint(value)
    }

    mutating func bytesField(_ number: Int, _ value: [UInt8]) {
        key(number, .lengthDelimited)
        varint(UInt64(value.count))
        bytes += value
    }

    mutating func stringField(_ number: Int, _ value: String) { bytesField(number, Array(value.utf8)) }

    mutating func messageField(_ number: Int, _ build: (inout ProtobufWriter) -> Void) {
        var message = ProtobufWriter()
        build(&message)
        bytesField(number, message.bytes)
    }

    mutating func packedField(_ number: Int, _ values: [UInt32]) {
        var packed = ProtobufWriter()
        for value in values { packed.varint(UInt64(value)) }
        bytesField(number, packed.bytes)
    }

    mutating func fixed32Field(_ number: Int, _ value: UInt32) {
        key(number, .fixed32)
        for index in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }

    mutating func fixed64Field(_ number: Int, _ value: UInt64) {
        key(number, .fixed64)
        for index in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }

    mutating func raw(_ more: [UInt8]) { bytes += more }
}

/// A feature message for `tile(layer:)`.
struct TestFeature {
    var id: UInt64? = nil
    var tags: [UInt32] = []
    var type: UInt64? = 1
    var geometry: [UInt32]? = [9, 50, 34]
}

/// A value message: which field and how it is written.
enum TestValue {
    case string(String)
    case float(Float)
    case double(Double)
    case int(Int64)
    case uint(UInt64)
    case sint(Int64)
    case bool(Bool)

    func write(_ writer: inout ProtobufWriter) {
        switch self {
        case .string(let text): writer.stringField(1, text)
        case .float(let value): writer.fixed32Field(2, value.bitPattern)
        case .double(let value): writer.fixed64Field(3, value.bitPattern)
        case .int(let value): writer.varintField(4, UInt64(bitPattern: value))
        case .uint(let value): writer.varintField(5, value)
        case .sint(let value): writer.varintField(6, UInt64(bitPattern: (value << 1) ^ (value >> 63)))
        case .bool(let value): writer.varintField(7, value ? 1 : 0)
        }
    }
}

/// The bytes of a layer message.
func layerMessage(
    name: String? = "layer", version: UInt64? = 2, extent: UInt64? = nil, keys: [String] = [],
    values: [TestValue] = [], features: [TestFeature]
) -> [UInt8] {
    var layer = ProtobufWriter()
    if let version { layer.varintField(15, version) }
    if let name { layer.stringField(1, name) }
    for feature in features {
        layer.messageField(2) { message in
            if let id = feature.id { message.varintField(1, id) }
            if !feature.tags.isEmpty { message.packedField(2, feature.tags) }
            if let type = feature.type { message.varintField(3, type) }
            if let geometry = feature.geometry { message.packedField(4, geometry) }
        }
    }
    for key in keys { layer.stringField(3, key) }
    for value in values { layer.messageField(4) { value.write(&$0) } }
    if let extent { layer.varintField(5, extent) }
    return layer.bytes
}

/// A tile of the given layer messages.
func tile(_ layers: [UInt8]...) -> [UInt8] {
    var tile = ProtobufWriter()
    for layer in layers { tile.bytesField(3, layer) }
    return tile.bytes
}

/// A tile of one layer of the given features.
func tile(version: UInt64 = 2, _ features: TestFeature...) -> [UInt8] {
    tile(layerMessage(version: version, features: features))
}

/// The command integer for `id` repeated `count` times (MVT 2.1 §4.3.1).
func command(_ id: UInt32, _ count: UInt32) -> UInt32 { (id & 7) | (count << 3) }

/// The zigzag-encoded parameter of `value` (MVT 2.1 §4.3.2).
func zigzag(_ value: Int32) -> UInt32 { UInt32(bitPattern: (value << 1) ^ (value >> 31)) }

/// The geometry integers of rings given as absolute points: MoveTo, LineTo, ClosePath each.
func polygonGeometry(_ rings: [[(Int32, Int32)]]) -> [UInt32] {
    var integers: [UInt32] = []
    var cursor: (x: Int32, y: Int32) = (0, 0)
    func move(to point: (Int32, Int32)) {
        integers += [zigzag(point.0 - cursor.x), zigzag(point.1 - cursor.y)]
        cursor = point
    }
    for ring in rings {
        integers.append(command(1, 1))
        move(to: ring[0])
        integers.append(command(2, UInt32(ring.count - 1)))
        for point in ring.dropFirst() { move(to: point) }
        integers.append(command(7, 1))
    }
    return integers
}

/// Points from (x, y) pairs.
func points(_ pairs: [(Int, Int)]) -> [VectorTilePoint] { pairs.map { VectorTilePoint(x: $0.0, y: $0.1) } }
