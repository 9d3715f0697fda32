import Foundation
import Testing

/// Compares text with `Snapshots/<name>.txt` next to this file.
///
/// `MAPRENDER_RECORD_SNAPSHOTS=1 swift test --filter EndToEndTests` writes the snapshot
/// instead and fails ("recorded new baseline"), so a re-record never passes silently: read
/// the new file, then run again.
func assertTextSnapshot(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws
{
    let file = TextSnapshot.folder.appendingPathComponent("\(name).txt")
    let recording = ProcessInfo.processInfo.environment["MAPRENDER_RECORD_SNAPSHOTS"] == "1"
    guard !recording else {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try actual.write(to: file, atomically: true, encoding: .utf8)
        Issue.record(
            "recorded new baseline \(file.path); read it, then run the tests again without MAPRENDER_RECORD_SNAPSHOTS",
            sourceLocation: sourceLocation)
        return
    }
    guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
        Issue.record(
            "no snapshot \(file.path); record it with MAPRENDER_RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
        return
    }
    guard actual != expected else { return }
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let first =
        zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(actualLines.count, expectedLines.count)
    let got = first < actualLines.count ? String(actualLines[first]) : "<end>"
    let want = first < expectedLines.count ? String(expectedLines[first]) : "<end>"
    let advice = "if the change is meant, re-record with MAPRENDER_RECORD_SNAPSHOTS=1"
    Issue.record(
        "snapshot \(name) differs at line \(first + 1):\n  expected: \(want)\n  actual:   \(got)\n(\(advice))",
        sourceLocation: sourceLocation)
}

/// Where text snapshots live.
enum TextSnapshot {
    /// `Tests/EndToEndTests/Snapshots`.
    static var folder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    }
}
