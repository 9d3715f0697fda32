/// A feature's geometry type: the `GeomType` enum of the schema (MVT 2.1 §4.3.4).
enum GeometryType: UInt64 {
    case unknown = 0
    case point = 1
    case lineString = 2
    case polygon = 3

    /// The schema's name, for messages.
    var name: String {
        switch self {
        case .unknown: "UNKNOWN"
        case .point: "POINT"
        case .lineString: "LINESTRING"
        case .polygon: "POLYGON"
        }
    }
}
