public import MapErrors
import MapFormats
public import MapGeometry

/// The phone location logs maprender reads, told apart by their content.
public enum LocationHistoryFormat: String, Hashable, Sendable, CaseIterable {
    /// Google Takeout's `Records.json`: `locations[]` with `latitudeE7`.
    case googleRecords
    /// Google Takeout's Semantic Location History month: `timelineObjects[]`.
    case googleSemanticHistory
    /// Google Maps' on-device Timeline export from Android: `semanticSegments`,
    /// `rawSignals`, `userLocationProfile`.
    case googleTimelineAndroid
    /// Google Maps' on-device Timeline export from an iPhone: a top-level array of
    /// segments with `startTime`/`endTime`.
    case googleTimelineIPhone
    /// Google Takeout's `Saved Places.json`: a FeatureCollection with Google Maps URLs.
    case googleSavedPlaces
    /// An OwnTracks Recorder month file, `YYYY-MM.rec`: `time topic {json}` lines.
    case ownTracksRecording
    /// An OwnTracks Recorder JSON export (`ocat --format json`, `/api/0/locations`).
    case ownTracksExport
    /// An Overland batch: `locations[]` of GeoJSON Point features.
    case overland

    /// How many bytes of a file's start `init(sniffing:)` looks at.
    public static let sniffLength = 64 << 10

    /// The format of a file from its first bytes (up to `sniffLength`), or `nil` when they
    /// are none of these: ordinary GeoJSON, GPX, CSV and other JSON give `nil`.
    ///
    /// JSON files are told apart by their keys: the top-level members, and the members of
    /// the first element of their first array (Overland and `Records.json` both have a
    /// `locations` array; Overland's elements are `Feature`s with `properties`, Google's
    /// have `latitudeE7`, OwnTracks' have `tst` and `lat`). A `.rec` is told by its first
    /// line, `2015-08-24T05:55:07Z<TAB>*<spaces><TAB>{`.
    public init?(sniffing head: [UInt8]) {
        var start = 0
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        var keys = SniffedKeys()
        keys.scan(head[start...])
        if let format = LocationHistoryFormat.recording(head[start...]) {
            self = format
            return
        }
        let top = keys.topLevel, first = keys.firstElement
        switch keys.rootOpener {
        case UInt8(ascii: "{"):
            if top.contains("semanticSegments") || top.contains("rawSignals") || top.contains("userLocationProfile") {
                self = .googleTimelineAndroid
            } else if top.contains("timelineObjects") {
                self = .googleSemanticHistory
            } else if top.contains("features"),
                first.contains("Google Maps URL") || first.contains("google_maps_url")
                    || first.contains("Geo Coordinates")
            {
                self = .googleSavedPlaces
            } else if top.contains("locations") || top.contains("data") {
                if ["latitudeE7", "longitudeE7", "timestampMs", "deviceTag"].contains(where: first.contains) {
                    self = .googleRecords
                } else if first.contains("_type") || (first.contains("tst") && first.contains("lat")) {
                    self = .ownTracksExport
                } else if first.contains("geometry") && first.contains("properties") {
                    self = .overland
                } else {
                    return nil
                }
            } else {
                return nil
            }
        case UInt8(ascii: "["):
            guard first.contains("startTime") || first.contains("endTime"),
                first.contains("visit") || first.contains("activity") || first.contains("timelinePath")
            else { return nil }
            self = .googleTimelineIPhone
        default:
            return nil
        }
    }

    /// `.ownTracksRecording` when the first non-blank line is `ISO-time topic {`.
    private static func recording(_ head: ArraySlice<UInt8>) -> LocationHistoryFormat? {
        let line = head.prefix { $0 != 0x0A && $0 != 0x0D }
        guard let brace = line.firstIndex(of: UInt8(ascii: "{")), line.first.map({ $0 >= 0x30 && $0 <= 0x39 }) == true
        else { return nil }
        let fields = String(decoding: line[line.startIndex..<brace], as: UTF8.self).split(whereSeparator: {
            $0 == " " || $0 == "\t"
        })
        guard fields.count == 2, ISO8601Timestamp.date(from: fields[0]) != nil else { return nil }
        return .ownTracksRecording
    }

    /// Reads a file of this format; messages name it by `path`.
    public func read(atPath path: String, window: TrackTimeWindow) throws(MapError) -> SceneContent {
        switch self {
        case .googleRecords: try GoogleRecordsDecoder.read(atPath: path, window: window)
        case .googleSemanticHistory: try GoogleSemanticHistoryDecoder.read(atPath: path, window: window)
        case .googleTimelineAndroid, .googleTimelineIPhone: try GoogleTimelineDecoder.read(atPath: path, window: window)
        case .googleSavedPlaces: try GoogleSavedPlacesDecoder.read(atPath: path, window: window)
        case .ownTracksRecording: try OwnTracksRecDecoder.read(atPath: path, window: window)
        case .ownTracksExport: try OwnTracksExportDecoder.read(atPath: path, window: window)
        case .overland: try OverlandDecoder.read(atPath: path, window: window)
        }
    }
}

/// The keys of a JSON text's start, found without parsing it (it is cut off at 64 KB):
/// the top-level object's, and those of the first element of the first array met (with
/// the keys of the objects nested in it).
private struct SniffedKeys {
    var rootOpener: UInt8?
    var topLevel: Set<String> = []
    var firstElement: Set<String> = []

    mutating func scan(_ bytes: ArraySlice<UInt8>) {
        var index = bytes.startIndex
        var stack: [UInt8] = []
        // The depth inside the first element of the first array: 2 under a top-level
        // array, 3 for `{"locations": [{…`.
        var elementDepth: Int?
        var elementDone = false
        var lastString: String?
        while index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                continue
            case UInt8(ascii: "/") where stack.isEmpty:
                // A `//` comment line before the value.
                while index < bytes.endIndex, bytes[index] != 0x0A { index += 1 }
            case UInt8(ascii: "\""):
                var end = index
                while end < bytes.endIndex, bytes[end] != UInt8(ascii: "\"") {
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard end < bytes.endIndex else { return }
                lastString = String(decoding: bytes[index..<end], as: UTF8.self)
                index = end + 1
                continue
            case UInt8(ascii: ":"):
                if let key = lastString {
                    if stack.count == 1 && stack.last == UInt8(ascii: "{") { topLevel.insert(key) }
                    if let elementDepth, !elementDone, stack.count >= elementDepth { firstElement.insert(key) }
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if stack.isEmpty { rootOpener = byte }
                if elementDepth == nil, byte == UInt8(ascii: "{"), stack.last == UInt8(ascii: "["), stack.count <= 2 {
                    elementDepth = stack.count + 1
                }
                stack.append(byte)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if let elementDepth, stack.count == elementDepth { elementDone = true }
                _ = stack.popLast()
            default:
                if stack.isEmpty { return }
            }
            lastString = nil
        }
    }
}
