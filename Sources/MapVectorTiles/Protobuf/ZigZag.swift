/// ZigZag decoding, which maps unsigned integers back to signed ones: 0, 1, 2, 3, 4… to
/// 0, -1, 1, -2, 2… Protocol buffers' `sint32`/`sint64` use it
/// (https://protobuf.dev/programming-guides/encoding/#signed-ints), and so do vector tile
/// geometry parameters (MVT 2.1 §4.3.2).
public enum ZigZag {
    /// The signed value of a 64-bit zigzag-encoded integer.
    public static func decode(_ value: UInt64) -> Int64 {
        Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1)))
    }

    /// The signed value of a 32-bit zigzag-encoded integer.
    public static func decode(_ value: UInt32) -> Int32 {
        Int32(bitPattern: (value >> 1) ^ (0 &- (value & 1)))
    }
}
