import MapGeometry
import MapRenderCore

/// A Placemark as read, before its style is resolved (the shared styles may follow it).
struct KMLPlacemark {
    /// What a Placemark can draw; a MultiGeometry gives several.
    enum Geometry {
        case point(Coordinate)
        case line([Coordinate])
        /// The outer boundary first, then the inner ones.
        case polygon([[Coordinate]])
        /// One segment per `gx:Track` (several for a `gx:MultiTrack`), fixes inside the window.
        case track([[Location]])
    }

    /// The line of the start tag.
    var line: Int
    var name: String?
    var address: String?
    var description: String?
    var styleURL: String?
    var inlineStyle: KMLStyle?
    var geometries: [Geometry] = []
}

/// The diagnostics of one file, capped so a file of ten thousand NetworkLinks says so in a
/// few lines rather than ten thousand.
struct KMLDiagnostics {
    static let limit = 20

    let fileName: String
    private(set) var list: [Diagnostic] = []
    private var dropped = 0
    private var said: Set<String> = []

    init(fileName: String) { self.fileName = fileName }

    /// Adds `message` (prefixed with the file's name), once per distinct message.
    mutating func add(_ severity: Diagnostic.Severity, _ message: String) {
        guard said.insert(message).inserted else { return }
        guard list.count < Self.limit else {
            dropped += 1
            return
        }
        list.append(Diagnostic(severity, "\(fileName): \(message)"))
    }

    /// The diagnostics, with a last line counting those left out.
    var all: [Diagnostic] {
        dropped == 0 ? list : list + [Diagnostic(.info, "\(fileName): \(dropped) more notes like these")]
    }
}
