import MapGeometry

/// The geometry encoding of the embedded world basemap, format version 1, as written by
/// `make_world_basemap.py` next to this file (its header is the reference).
///
/// A blob holds one polygon (its parts are rings: the outer ring first, then the holes, each
/// closed) or one line (one part):
///
///     varint partCount, partCount × varint pointCount,
///     then every point as zigzag-varint dx, zigzag-varint dy
///
/// Coordinates are map points quantised to a 2^24 grid (map points >> 4: one step is 16 map
/// points, about 2.4 m at the equator), and each point is stored as the difference from the
/// previous one, across parts, the first from (0, 0). Varints are unsigned LEB128 (7 bits a
/// byte, least significant first); zigzag maps n ≥ 0 to 2n and n < 0 to −2n − 1, so small
/// differences of either sign take one byte.
package enum GeometryBlob {
    /// How far map points are shifted right before storage.
    static let quantisationShift = 4
    /// Map points per grid step: 2^`quantisationShift` = 16.
    static let step: Double = 16
    /// The largest error quantisation makes, per axis, in map points: half a step.
    static let maximumError: Double = step / 2

    /// Why a blob could not be decoded.
    package enum DecodingError: Error, Equatable {
        /// The blob ends inside a varint or before all announced points.
        case truncated
        /// A varint runs past 64 bits, or a count or coordinate is impossible.
        case malformed
        /// Bytes follow the last point.
        case trailingBytes
    }

    // MARK: Decoding

    /// The parts of a blob, in map points (multiples of `step`).
    package static func decode(_ bytes: [UInt8]) throws(DecodingError) -> [[MapPoint]] {
        var reader = Reader(bytes: bytes)
        let partCount = try reader.count()
        var pointCounts = [Int]()
        pointCounts.reserveCapacity(partCount)
        var total = 0
        for _ in 0..<partCount {
            let count = try reader.count()
            pointCounts.append(count)
            total += count
        }
        // Every point takes at least two bytes: refuse counts the blob cannot hold before
        // reserving memory for them.
        guard total <= (bytes.count - reader.offset) / 2 else { throw .truncated }

        // The grid spans 0...2^24 (x = 2^24 is the world's east edge, 180°); allow a little
        // slack for rounding but nothing that could overflow.
        let limit: Int64 = 1 << 26
        var x: Int64 = 0
        var y: Int64 = 0
        var parts = [[MapPoint]]()
        parts.reserveCapacity(partCount)
        for count in pointCounts {
            var part = [MapPoint]()
            part.reserveCapacity(count)
            for _ in 0..<count {
                x += try reader.signed()
                y += try reader.signed()
                guard abs(x) <= limit, abs(y) <= limit else { throw .malformed }
                part.append(MapPoint(x: Double(x) * step, y: Double(y) * step))
            }
            parts.append(part)
        }
        guard reader.offset == bytes.count else { throw .trailingBytes }
        return parts
    }

    /// Reads varints from a byte array, checking bounds.
    private struct Reader {
        package let bytes: [UInt8]
        package var offset = 0

        package mutating func unsigned() throws(DecodingError) -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                guard offset < bytes.count else { throw .truncated }
                let byte = bytes[offset]
                offset += 1
                guard shift < 64 else { throw .malformed }
                value |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
        }

        /// A zigzag-encoded signed value; differences on the grid fit in 32 bits.
        package mutating func signed() throws(DecodingError) -> Int64 {
            let raw = try unsigned()
            guard raw <= UInt64(UInt32.max) else { throw .malformed }
            let magnitude = Int64(raw >> 1)
            return raw & 1 == 0 ? magnitude : -magnitude - 1
        }

        /// A part or point count; the file never holds more than a million of either.
        package mutating func count() throws(DecodingError) -> Int {
            let raw = try unsigned()
            guard raw <= 1_000_000 else { throw .malformed }
            return Int(raw)
        }
    }

    // MARK: Encoding (the converter's twin, for tests and test fixtures)

    /// The blob of some parts in map points, quantised to the grid (rounding half up, as the
    /// converter does). Points must lie within a few worlds of the origin.
    static func encode(_ parts: [[MapPoint]]) -> [UInt8] {
        var bytes = [UInt8]()
        appendVarint(UInt64(parts.count), to: &bytes)
        for part in parts { appendVarint(UInt64(part.count), to: &bytes) }
        var previousX: Int64 = 0
        var previousY: Int64 = 0
        for part in parts {
            for point in part {
                let x = quantise(point.x)
                let y = quantise(point.y)
                appendVarint(zigzag(x - previousX), to: &bytes)
                appendVarint(zigzag(y - previousY), to: &bytes)
                previousX = x
                previousY = y
            }
        }
        return bytes
    }

    /// A map-point value on the grid, rounded half up like the converter's `quantise`.
    static func quantise(_ value: Double) -> Int64 {
        Int64((value / step + 0.5).rounded(.down))
    }

    private static func zigzag(_ value: Int64) -> UInt64 {
        value >= 0 ? UInt64(value) << 1 : (UInt64(-(value + 1)) << 1) | 1
    }

    private static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }
}
