import MapFormats

/// An extract's JSON metadata: the source's, with its `bounds` and `center` (when it has
/// them, as TileJSON and MBTiles write them) moved to the region, so that a viewer opening
/// the extract starts over it.
enum ExtractMetadata {
    /// `metadata` with `bounds` and `center` replaced, each in the form it had (a string
    /// "W,S,E,N" / "LON,LAT,ZOOM", or an array of numbers); the bytes as they were when the
    /// metadata is not a JSON object or has neither member.
    static func updated(
        _ metadata: [UInt8], bounds: (Double, Double, Double, Double),
        center: (zoom: Int, longitude: Double, latitude: Double)
    ) -> [UInt8] {
        guard let document = try? JSONDocument(parsing: metadata, fileName: "metadata"),
            let members = document.root.members,
            members.contains(where: { $0.key == "bounds" || $0.key == "center" })
        else { return metadata }
        // Degrees to 10^-7, the header's resolution, so 60.164155 is not written 60.164154999999994.
        func rounded(_ degrees: Double) -> Double { (degrees * 1e7).rounded() / 1e7 }
        let boundsValues = [bounds.0, bounds.1, bounds.2, bounds.3].map(rounded)
        let centerValues = [rounded(center.longitude), rounded(center.latitude), Double(center.zoom)]
        func replacement(_ node: JSONNode, _ numbers: [Double]) -> JSONValue {
            if node.string != nil {
                return .string(numbers.map { JSONValue.number($0).serialized() }.joined(separator: ","))
            }
            return .array(numbers.map(JSONValue.number))
        }
        let rewritten: [(String, JSONValue)] = members.map { member in
            switch member.key {
            case "bounds": (member.key, replacement(member.value, boundsValues))
            case "center": (member.key, replacement(member.value, centerValues))
            default: (member.key, value(of: member.value))
            }
        }
        return Array(JSONValue.object(rewritten).serialized().utf8)
    }

    /// A parsed JSON value as a value to write.
    static func value(of node: JSONNode) -> JSONValue {
        switch node.value {
        case .null: .null
        case .bool(let value): .bool(value)
        case .number(let value): .number(value)
        case .string(let value): .string(value)
        case .array(let values): .array(values.map(value(of:)))
        case .object(let members): .object(members.map { ($0.key, value(of: $0.value)) })
        }
    }
}
