import Foundation
import MapErrors
import Testing

/// Compares text with `Snapshots/<name>.txt` next to this file.
///
/// `MAPRENDER_RECORD_SNAPSHOTS=1 swift test` writes the snapshot instead and fails, so a
/// re-record never passes silently: read the new file, then run again.
func assertSnapshot(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    let file = folder.appendingPathComponent("\(name).txt")
    let recording = ProcessInfo.processInfo.environment["MAPRENDER_RECORD_SNAPSHOTS"] == "1"
    guard !recording, let expected = try? String(contentsOf: file, encoding: .utf8) else {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try actual.write(to: file, atomically: true, encoding: .utf8)
        Issue.record(
            "recorded snapshot \(file.path); read it, then run the tests again", sourceLocation: sourceLocation)
        return
    }
    if actual != expected {
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let firstDifference =
            zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(actualLines.count, expectedLines.count)
        let line = firstDifference + 1
        let got = firstDifference < actualLines.count ? String(actualLines[firstDifference]) : "<end>"
        let want = firstDifference < expectedLines.count ? String(expectedLines[firstDifference]) : "<end>"
        Issue.record(
            "snapshot \(name) differs at line \(line):\n  expected: \(want)\n  actual:   \(got)",
            sourceLocation: sourceLocation)
    }
}
