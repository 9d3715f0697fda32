/// How a protocol buffers field's value is laid out on the wire: the low three bits of
/// every field key (https://protobuf.dev/programming-guides/encoding/#structure).
public enum ProtobufWireType: UInt8, Hashable, Sendable {
    /// A base-128 varint: `int32`, `int64`, `uint32`, `uint64`, `sint32`, `sint64`, `bool`,
    /// `enum`.
    case varint = 0
    /// Eight little-endian bytes: `fixed64`, `sfixed64`, `double`.
    case fixed64 = 1
    /// A varint length, then that many bytes: `string`, `bytes`, embedded messages, packed
    /// repeated fields.
    case lengthDelimited = 2
    /// The start of a group (deprecated in proto2, still legal on the wire): fields up to the
    /// matching end group.
    case startGroup = 3
    /// The end of the group the matching start group opened.
    case endGroup = 4
    /// Four little-endian bytes: `fixed32`, `sfixed32`, `float`.
    case fixed32 = 5
}

/// A field key: the field number and the wire type of the value that follows it.
public struct ProtobufFieldKey: Hashable, Sendable {
    /// The field number from the `.proto` file, 1 through 2^29 - 1.
    public var number: Int
    /// How the value is laid out.
    public var wireType: ProtobufWireType

    /// Creates a key.
    public init(number: Int, wireType: ProtobufWireType) {
        self.number = number
        self.wireType = wireType
    }
}
