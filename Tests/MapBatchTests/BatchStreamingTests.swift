import Foundation
import MapBatch
import MapErrors
import MapFormats
import Testing

/// A fresh folder under the system's temporary folder, removed when the test ends.
final class Scratch {
    let path: String
    init() throws {
        path = NSTemporaryDirectory() + "/maprender-batch-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    func file(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}

@Suite("Batches in constant memory")
struct BatchStreamingTests {
    @Test("the manifest is read line by line: numbers, blank lines, a last line without a newline, CRLF")
    func manifestLines() throws {
        let scratch = try Scratch()
        // Longer than the reader's 64 KiB buffer, so lines cross its pieces.
        var text = "# jobs\r\n\n"
        for index in 0..<3000 {
            text += "{\"id\": \"job-\(index)\", \"pad\": \"\(String(repeating: "x", count: 40))\"}\r\n"
        }
        text += "last"
        let path = try scratch.file("jobs.jsonl", text)
        let lines = try ManifestLines(path: path)
        var numbers: [Int] = []
        var jobs: [String] = []
        while let line = try lines.next() {
            numbers.append(line.number)
            if !line.isBlankOrComment { jobs.append(String(decoding: line.bytes, as: UTF8.self)) }
        }
        #expect(numbers == Array(1...3003))
        #expect(jobs.count == 3001 && jobs.last == "last")
        #expect(jobs[1].hasPrefix("{\"id\": \"job-1\"") && jobs[1].hasSuffix("\"}"), "no carriage return kept")
    }

    @Test("a missing manifest is .missingInput")
    func missingManifest() {
        #expect(throws: MapError.self) { try ManifestLines(path: "/nonexistent/jobs.jsonl") }
    }

    @Test(
        "2,000 jobs on 1, 2 and 4 workers come back complete and in order, never more than the window read ahead",
        arguments: [1, 2, 4])
    func orderedAndBounded(workers: Int) throws {
        let pipeline = BatchPipeline<Int, Int>(workers: workers, window: 8)
        final class Sink: @unchecked Sendable {
            let lock = NSLock()
            var outcomes: [Int] = []
        }
        let sink = Sink()
        var next = 0
        try pipeline.run(
            next: { () throws(MapError) -> Int? in
                defer { next += 1 }
                return next < 2000 ? next : nil
            },
            start: { job in
                // Uneven durations, so jobs finish out of order.
                if job % 7 == 0 { usleep(200) }
                return { job * 10 }
            },
            deliver: { outcome in sink.lock.withLock { sink.outcomes.append(outcome) } })
        #expect(sink.outcomes == (0..<2000).map { $0 * 10 })
        #expect(pipeline.mostInFlight <= 8, "held \(pipeline.mostInFlight) jobs")
        #expect(pipeline.mostInFlight >= min(workers, 2))
    }

    @Test("an error reading jobs stops reading; the jobs read before finish")
    func readingError() throws {
        let pipeline = BatchPipeline<Int, Int>(workers: 2)
        final class Count: @unchecked Sendable {
            let lock = NSLock()
            var value = 0
        }
        let delivered = Count()
        var next = 0
        #expect(throws: MapError.self) {
            try pipeline.run(
                next: { () throws(MapError) -> Int? in
                    next += 1
                    if next > 5 { throw MapError(.ioFailure, "reading failed") }
                    return next
                },
                start: { job in { job } },
                deliver: { _ in delivered.lock.withLock { delivered.value += 1 } })
        }
        #expect(delivered.value == 5)
    }

    @Test("a summary of 2,000 results is written as it goes, complete and in order")
    func summary() throws {
        let scratch = try Scratch()
        let path = scratch.path + "/summary.json"
        let writer = try SummaryWriter(path: path)
        for index in 0..<2000 {
            writer.append(.object([("id", .string("job-\(index)")), ("status", .string("ok"))]))
        }
        #expect(!FileManager.default.fileExists(atPath: path), "moved into place only when finished")
        try writer.finish(totals: [("jobs", .number(2000))])
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(json["jobs"] as? Int == 2000)
        #expect(results.map { $0["id"] as? String } == (0..<2000).map { "job-\($0)" })
        let empty = try SummaryWriter(path: scratch.path + "/empty.json")
        try empty.finish(totals: [("jobs", .number(0))])
        let none =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: scratch.path + "/empty.json"))) as? [String: Any]
        #expect((none?["results"] as? [Any])?.isEmpty == true)
    }

    @Test("ids: a new id is always new, a repeated one always a candidate")
    func identifiers() {
        var ids = BatchIdentifiers()
        var falseCandidates = 0
        for index in 0..<100_000 where !ids.insert("job-\(index)") { falseCandidates += 1 }
        #expect(falseCandidates < 10)
        for index in stride(from: 0, to: 100_000, by: 997) {
            let isNew = ids.insert("job-\(index)")
            #expect(!isNew)
        }
    }
}

@Suite("Path confinement")
struct PathConfinementTests {
    @Test("relative names inside the folder resolve; absolute paths, '..' and links leading out do not")
    func rule() throws {
        let scratch = try Scratch()
        let inside = try scratch.file("data/icons/pin.png", "x")
        _ = try scratch.file("secret/key.png", "x")
        try FileManager.default.createSymbolicLink(
            atPath: scratch.path + "/data/out", withDestinationPath: scratch.path + "/secret")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/data/in", withDestinationPath: "icons")
        let folder = PathConfinement(folderOf: scratch.path + "/data/parks.geojson")
        let real = PathConfinement(folder: scratch.path).root
        #expect(folder.resolve("icons/pin.png") == real + "/data/icons/pin.png")
        #expect(folder.resolve("in/pin.png") == real + "/data/icons/pin.png", "a link that stays inside")
        #expect(folder.resolve("icons/../icons/pin.png") != nil)
        #expect(folder.resolve("missing/new.png") != nil, "a missing file inside is inside")
        for escape in [
            inside, "/etc/passwd", "../secret/key.png", "icons/../../secret/key.png", "out/key.png", "out/missing.png",
            "../secret/missing.png", "", "icons/\0.png",
        ] {
            #expect(folder.resolve(escape) == nil, "\(escape)")
        }
        #expect(folder.contains(scratch.path + "/data/icons"))
        #expect(!folder.contains(scratch.path + "/data/out"))
    }

    @Test("a loop of links is refused, not followed for ever")
    func loop() throws {
        let scratch = try Scratch()
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/a", withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/b", withDestinationPath: "a")
        #expect(PathConfinement(folder: scratch.path).resolve("a/x.png") == nil)
    }
}
