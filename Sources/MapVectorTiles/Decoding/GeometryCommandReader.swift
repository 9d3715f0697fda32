import MapErrors

/// A geometry command (MVT 2.1 §4.3.1): its id in the low 3 bits of a command integer.
enum GeometryCommand: UInt32 {
    case moveTo = 1
    case lineTo = 2
    case closePath = 7

    /// The name the specification uses, for messages.
    var name: String {
        switch self {
        case .moveTo: "MoveTo"
        case .lineTo: "LineTo"
        case .closePath: "ClosePath"
        }
    }
}

/// Walks a feature's geometry integers (MVT 2.1 §4.3): command integers, each followed by
/// its zigzag-encoded parameters, with the cursor the parameters move.
///
/// It checks what every geometry type needs, so the type-specific decoders only check the
/// order of commands: command ids are known, ClosePath has count 1, MoveTo and LineTo have
/// a count above 0 and that many parameter pairs really follow. The last check comes before
/// anything is read or reserved, so a huge count in a short geometry (the conformance
/// suite's 051, 057, 058) is an error at once, not an allocation.
struct GeometryCommandReader {
    /// The geometry integers.
    private let integers: [UInt32]
    /// The index of the next integer to read.
    private var index = 0
    /// The cursor (MVT 2.1 §4.3): (0, 0) before the first command, then the last point.
    private(set) var cursor = VectorTilePoint(x: 0, y: 0)

    init(_ integers: [UInt32]) {
        self.integers = integers
    }

    /// Whether every integer has been read.
    var isAtEnd: Bool { index >= integers.count }

    /// The next command and its count, or `nil` at the end. For MoveTo and LineTo the
    /// caller then reads exactly `count` points with `readPoint()`.
    mutating func readCommand() throws(MapError) -> (command: GeometryCommand, count: Int)? {
        guard index < integers.count else { return nil }
        let position = index
        let integer = integers[index]
        index += 1
        // §4.3.1: the id is the low 3 bits, the count the 29 bits above them.
        let count = Int(integer >> 3)
        guard let command = GeometryCommand(rawValue: integer & 7) else {
            throw MapError(.invalidData, "unknown geometry command id \(integer & 7) at geometry integer \(position)")
        }
        switch command {
        case .closePath:
            // §4.3.3.3: ClosePath MUST have a command count of 1.
            guard count == 1 else {
                throw MapError(
                    .invalidData, "ClosePath with count \(count) at geometry integer \(position) (must be 1)")
            }
        case .moveTo, .lineTo:
            guard count > 0 else {
                throw MapError(.invalidData, "\(command.name) with count 0 at geometry integer \(position)")
            }
            // §4.3.2: a count of n is followed by 2n parameter integers.
            let available = integers.count - index
            guard count <= available / 2 else {
                throw MapError(
                    .invalidData,
                    "\(command.name) with count \(count) at geometry integer \(position) needs \(2 * count) "
                        + "parameters, but only \(available) integers follow")
            }
        }
        return (command, count)
    }

    /// The point the next parameter pair moves the cursor to, and the pair itself. Only
    /// after `readCommand()` vouched for the parameters.
    mutating func readPoint() -> (point: VectorTilePoint, isZeroMove: Bool) {
        // §4.3.2: parameters are zigzag encoded 32-bit values, relative to the cursor.
        let dx = Int(ZigZag.decode(integers[index]))
        let dy = Int(ZigZag.decode(integers[index + 1]))
        index += 2
        // Int, not Int32: parameters beyond ±(2^31 - 1) are "not supported" (§4.3.2), but a
        // sum of in-range deltas can still leave the 32-bit range (the conformance suite's
        // 049 and 050); 64 bits hold any sum a buffer can encode. Wrapping only guards
        // against the impossible.
        cursor = VectorTilePoint(x: cursor.x &+ dx, y: cursor.y &+ dy)
        return (cursor, dx == 0 && dy == 0)
    }
}
