/// The kinds of input file a map is drawn from, recognised by extension and then by content.
public enum InputFileKind: String, Hashable, Sendable, CaseIterable {
    /// GPX 1.0 or 1.1: tracks, routes and waypoints.
    case gpx
    /// GeoJSON (RFC 7946).
    case geoJSON
    /// Location fixes as CSV with a header row (latitude, longitude, …).
    case locationCSV
    /// Garmin's Training Center XML: activities and courses.
    case tcx
    /// Garmin's FIT protocol (binary): activities and courses of watches and bike computers.
    case fit
    /// KML 2.0–2.2 (Google Earth, My Maps, GPS loggers): placemarks, lines, areas, tracks.
    case kml
    /// KML zipped with its pictures.
    case kmz
    /// A phone's location log: Google's location history and Saved Places, OwnTracks
    /// recordings (`.rec`) and exports, Overland batches (`LocationHistoryFormat` tells
    /// which, by content).
    case locationHistory

    /// The extensions that name each kind, lower case.
    public var extensions: [String] {
        switch self {
        case .gpx: ["gpx"]
        case .geoJSON: ["geojson", "json"]
        case .locationCSV: ["csv"]
        case .tcx: ["tcx"]
        case .fit: ["fit"]
        case .kml: ["kml"]
        case .kmz: ["kmz"]
        case .locationHistory: ["rec"]
        }
    }

    /// The kind an extension names (`gpx`, `geojson`, `json`, `csv`, any case), or `nil`.
    public init?(pathExtension: String) {
        let lowercased = pathExtension.lowercased()
        guard let kind = Self.allCases.first(where: { $0.extensions.contains(lowercased) }) else { return nil }
        self = kind
    }

    /// The kind the first bytes of a file show, or `nil` when they show none of them.
    ///
    /// After a byte-order mark (UTF-8 or UTF-16, which GPX allows) and white space: XML
    /// (`<`) whose first element is `gpx` — a prefixed `<x:gpx` too — is GPX, one whose first
    /// element is `TrainingCenterDatabase` is TCX, one whose first element is `kml` is KML; a
    /// ZIP archive is KMZ; a FIT header (`.FIT` at byte 8) is FIT; a phone's location log (`LocationHistoryFormat`) is location
    /// history; any other `{` is
    /// GeoJSON; a first line that names a `latitude` or `lat` column is location CSV. Only
    /// the start of the file is needed (see `sniffLength`).
    public init?(sniffing bytes: some Collection<UInt8>) {
        var head = Array(bytes.prefix(Self.sniffLength))
        // A local file header: a ZIP archive, which maprender reads as KMZ.
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            self = .kmz
            return
        }
        // A FIT file header: its size (12 or 14 and more), then ".FIT" at byte 8.
        if head.count >= 12, head[0] >= 12, Array(head[8..<12]) == Array(".FIT".utf8) {
            self = .fit
            return
        }
        if LocationHistoryFormat(sniffing: head) != nil {
            self = .locationHistory
            return
        }
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head.removeFirst(3) }
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
            // UTF-16: keep every other byte, enough to see ASCII markup.
            let bigEndian = head[0] == 0xFE
            head = stride(from: bigEndian ? 3 : 2, to: head.count, by: 2).map { head[$0] }
        }
        let text = String(decoding: head, as: UTF8.self)
        let trimmed = text.drop { $0.isWhitespace }
        if trimmed.hasPrefix("<") {
            guard let root = Self.rootElement(of: trimmed) else { return nil }
            let localName = root.split(separator: ":").last.map(String.init) ?? root
            switch localName {
            case "gpx": self = .gpx
            case "TrainingCenterDatabase": self = .tcx
            case "kml": self = .kml
            default: return nil
            }
        } else if trimmed.hasPrefix("{") {
            self = .geoJSON
        } else {
            let header = trimmed.prefix { $0 != "\n" && $0 != "\r" }.lowercased()
            let columns = header.split(separator: ",").map { $0.filter { $0 != " " && $0 != "\"" } }
            guard columns.contains("latitude") || columns.contains("lat") else { return nil }
            self = .locationCSV
        }
    }

    /// How many bytes `init(sniffing:)` looks at: enough for an XML declaration, comments
    /// and a DOCTYPE before the root element in any real file, and for the keys that tell
    /// location logs apart (`LocationHistoryFormat.sniffLength`).
    public static let sniffLength = LocationHistoryFormat.sniffLength

    /// The name of the first element of XML text (after the declaration, comments,
    /// processing instructions and a DOCTYPE), or `nil` when the head holds none.
    private static func rootElement(of text: Substring) -> String? {
        var rest = text
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            guard let first = rest.first else { return nil }
            if first == "?" || first == "!" {
                let end: String = rest.hasPrefix("!--") ? "-->" : ">"
                guard let close = rest.range(of: end) else { return nil }
                rest = rest[close.upperBound...]
                continue
            }
            return String(rest.prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" })
        }
        return nil
    }
}
