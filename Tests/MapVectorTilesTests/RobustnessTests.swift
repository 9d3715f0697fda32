import Foundation
import MapErrors
import Testing

@testable import MapVectorTiles

// Fuzz-like robustness, run with every test: every fixture and the real tile, truncated at
// every length and mutated at random (a fixed seed, so a failure repeats), must decode or
// throw MapError(.invalidData), never trap. Tests/Fuzz/FuzzMVT.swift does the same with
// coverage guidance, for longer.

/// A small deterministic generator (SplitMix64), so every run mutates the same way.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// Decodes `bytes`; the only acceptable failure is `.invalidData`.
private func decodeOrReject(_ bytes: [UInt8]) {
    do {
        _ = try VectorTileDecoder().decode(bytes)
    } catch {
        #expect(error.kind == .invalidData)
    }
}

/// `bytes` with one to four random edits: a byte replaced, a bit flipped, a byte inserted
/// or removed, or a run of 0xFF (a varint that never ends, a huge length or count).
private func mutated(_ bytes: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
    var result = bytes
    for _ in 0...Int.random(in: 0..<4, using: &generator) {
        let index = result.isEmpty ? 0 : Int.random(in: 0..<result.count, using: &generator)
        switch Int.random(in: 0..<5, using: &generator) {
        case 0 where !result.isEmpty: result[index] = UInt8.random(in: 0...255, using: &generator)
        case 1 where !result.isEmpty: result[index] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
        case 2: result.insert(UInt8.random(in: 0...255, using: &generator), at: index)
        case 3 where !result.isEmpty: result.remove(at: index)
        default: result.insert(contentsOf: [UInt8](repeating: 0xFF, count: 5), at: index)
        }
    }
    return result
}

/// Every tile the tests have: the conformance cases and the real tile.
private let allTiles: [String] = {
    let folder = fixturesFolder.appendingPathComponent("mvt-fixtures/fixtures")
    let cases = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    return cases.map { "mvt-fixtures/fixtures/\($0)/tile.mvt" } + ["openmaptiles/helsinki-14-9326-4741.mvt"]
}()

@Suite("Robustness: truncated and mutated tiles")
struct RobustnessTests {
    @Test("every truncation decodes or throws .invalidData", arguments: allTiles)
    func truncations(path: String) throws {
        let bytes = try fixtureBytes(path)
        // Every length of the small cases; about 600 lengths of the real tile.
        let step = max(1, bytes.count / 600)
        for length in stride(from: 0, to: bytes.count, by: step) { decodeOrReject(Array(bytes.prefix(length))) }
    }

    @Test("random mutations decode or throw .invalidData", arguments: allTiles)
    func mutations(path: String) throws {
        let bytes = try fixtureBytes(path)
        var generator = SeededGenerator(
            state: UInt64(truncatingIfNeeded: path.utf8.reduce(5381) { $0 &* 33 &+ Int($1) }))
        for _ in 0..<300 { decodeOrReject(mutated(bytes, using: &generator)) }
    }
}
