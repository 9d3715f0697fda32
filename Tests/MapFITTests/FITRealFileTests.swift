import Foundation
import MapErrors
import Testing

@testable import MapFIT

// The protocol on real files, against fitdecode's reading (reference.json, written by
// Tests/MapInputsTests/Fixtures/fit/make_reference.py).

private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../MapInputsTests/Fixtures/fit").standardized

/// reference.json's keys are snake_case.
private let snakeCaseDecoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return decoder
}()

private struct Reference: Decodable {
    var records: Int?
    var files: Int?
    var firstFitSeconds: Int?
    var lastFitSeconds: Int?
    var error: String?
}

private func reference(_ name: String) throws -> Reference {
    let data = try Data(contentsOf: fixtures.appendingPathComponent("reference.json"))
    let all = try snakeCaseDecoder.decode([String: Reference].self, from: data)
    return try #require(all[name])
}

/// The records (global 20) of a file and their timestamps, the headers and the damage.
private func read(_ name: String) throws -> (records: [UInt32?], headers: Int, damage: [FITDamage]) {
    let bytes = try [UInt8](Data(contentsOf: fixtures.appendingPathComponent(name)))
    var reader = FITReader(source: FITByteArraySource(bytes))
    var records: [UInt32?] = []
    var headers = 0
    var damage: [FITDamage] = []
    while let event = try reader.next() {
        switch event {
        case .message(let message) where message.globalNumber == 20: records.append(message.timestamp)
        case .fileHeader: headers += 1
        case .damage(let report): damage.append(report)
        default: break
        }
    }
    return (records, headers, damage)
}

@Suite("FIT protocol on real files")
struct FITRealFileTests {
    @Test(
        "records, their times (compressed ones resolved) and chained headers match fitdecode",
        arguments: [
            "antfs-dump.63.fit", "compressed-speed-distance.fit", "sample_mulitple_header.fit", "Activity.fit",
            "developer-types-sample.fit", "coros-pace-2-cycling-misaligned-fields.fit", "wahoo-element-bolt.fit",
            "activity-activity-filecrc.fit", "DeveloperData.fit",
        ])
    func records(name: String) throws {
        let expected = try reference(name)
        let read = try read(name)
        #expect(read.records.count == expected.records)
        #expect(read.headers == expected.files)
        let times = read.records.compactMap { $0 }
        #expect(times.first.map(Int.init) == expected.firstFitSeconds)
        #expect(times.last.map(Int.init) == expected.lastFitSeconds)
        #expect(read.damage.isEmpty == (expected.error == nil))
    }
}
