public import MapErrors

extension ProtobufReader {
    /// Skips the value of a field the caller does not know, after its key: what a protobuf
    /// parser does with unknown fields, so that newer writers' extensions (vector tiles
    /// reserve field numbers 16 and up for them) do not stop older readers.
    ///
    /// A group is skipped up to its matching end group, nested groups included. The nesting
    /// is tracked in an array rather than by recursion, so deeply nested input cannot
    /// exhaust the stack. An end group without its start group throws.
    public mutating func skipValue(of key: ProtobufFieldKey) throws(MapError) {
        switch key.wireType {
        case .varint: _ = try readVarint()
        case .fixed64: _ = try readFixed64()
        case .fixed32: _ = try readFixed32()
        case .lengthDelimited: _ = try readBytes()
        case .endGroup: throw invalid("end of group \(key.number) without its start, before byte \(offset)")
        case .startGroup: try skipGroup(number: key.number)
        }
    }

    /// Skips the rest of the group `number`, whose start group key has just been read.
    private mutating func skipGroup(number: Int) throws(MapError) {
        var openGroups = [number]
        while let innermost = openGroups.last {
            guard let key = try readFieldKey() else { throw invalid("group \(innermost) is not closed") }
            switch key.wireType {
            case .startGroup:
                openGroups.append(key.number)
            case .endGroup:
                guard key.number == innermost else {
                    throw invalid("end of group \(key.number) inside group \(innermost), before byte \(offset)")
                }
                openGroups.removeLast()
            default:
                try skipValue(of: key)
            }
        }
    }
}
