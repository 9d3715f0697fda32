import Foundation
import MapErrors
import MapRenderCairo
import Testing

/// PNG golden-image checks with a per-pixel threshold and a mismatch budget.
///
/// Modelled on maplibre-native's render tests (pixelmatch) and swift-snapshot-testing:
/// compare sizes first, then the bytes (the usual case, and fast), and only then pixel by
/// pixel, so that small anti-aliasing differences between FreeType, Pango or Cairo versions
/// do not fail a test while a moved pin or a missing label does.
///
/// Goldens live in `Tests/MapRenderCairoTests/Goldens/<name>.png`. A failure writes
/// `actual.png`, `expected.png` and `diff.png` into `Tests/MapRenderCairoTests/Failures/<name>/`
/// (git-ignored). Re-recording is an explicit switch:
///
///     MAPRENDER_RECORD_GOLDENS=1 swift test --filter CairoRenderer
///
/// writes the goldens and still fails every test it recorded, so a recording can never pass
/// unnoticed; look at the new images, then run the tests again without the variable.
enum GoldenImage {
    /// The largest difference in any premultiplied RGBA channel, out of 255, for which two
    /// pixels still count as equal. 16 absorbs anti-aliasing and hinting noise between
    /// library versions; a colour change of a filled shape is far larger.
    static let defaultChannelThreshold = 16
    /// The share of pixels allowed to differ by more than the threshold (0.2 %): a few
    /// hundred edge pixels on a 400×200 image, far fewer than one missing glyph or a pin
    /// moved by one point.
    static let defaultMismatchBudget = 0.002
    /// The environment variable that switches recording on when set to `1`.
    static let recordVariable = "MAPRENDER_RECORD_GOLDENS"

    /// `Tests/MapRenderCairoTests/`, found from this source file, so goldens are read from
    /// and recorded into the source tree rather than a build folder.
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    /// Where the goldens are kept.
    static let goldensDirectory = testsDirectory.appendingPathComponent("Goldens")
    /// Where failures leave their images (git-ignored).
    static let failuresDirectory = testsDirectory.appendingPathComponent("Failures")

    /// Whether this run records goldens instead of comparing with them.
    static var isRecording: Bool { ProcessInfo.processInfo.environment[recordVariable] == "1" }

    /// The URL of a golden by name.
    static func goldenURL(named name: String) -> URL {
        goldensDirectory.appendingPathComponent(name + ".png")
    }

    /// Checks a rendered PNG against the golden `name`, recording an issue at the caller on
    /// any mismatch, missing golden or recording.
    static func assertMatches(
        _ png: [UInt8], named name: String, channelThreshold: Int = defaultChannelThreshold,
        mismatchBudget: Double = defaultMismatchBudget, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if let problem = check(png, named: name, channelThreshold: channelThreshold, mismatchBudget: mismatchBudget) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
    }

    /// Compares a rendered PNG with the golden `name` (or records it), writing failure
    /// images as needed. Returns `nil` when it matches, or what went wrong.
    static func check(_ png: [UInt8], named name: String, channelThreshold: Int, mismatchBudget: Double) -> String? {
        let goldenURL = goldenURL(named: name)
        let failureFolder = failuresDirectory.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: failureFolder)
        if isRecording {
            do {
                try FileManager.default.createDirectory(at: goldensDirectory, withIntermediateDirectories: true)
                try Data(png).write(to: goldenURL, options: .atomic)
            } catch {
                return "golden '\(name)': cannot record \(goldenURL.path): \(error)"
            }
            return
                "golden '\(name)': recorded new golden at \(goldenURL.path); look at it and rerun without \(recordVariable)"
        }
        guard let golden = try? Data(contentsOf: goldenURL) else {
            let saved = saveFailure(actual: png, expected: nil, diff: nil, in: failureFolder)
            return
                "golden '\(name)': no golden at \(goldenURL.path); record it with \(recordVariable)=1 and look at it\(saved)"
        }
        // Identical bytes: nothing else to look at.
        if [UInt8](golden) == png { return nil }

        let actual: RasterImage, expected: RasterImage
        do {
            actual = try RasterImage(png: png)
            expected = try RasterImage(png: [UInt8](golden))
        } catch {
            let saved = saveFailure(actual: png, expected: [UInt8](golden), diff: nil, in: failureFolder)
            return "golden '\(name)': cannot decode: \(error)\(saved)"
        }
        guard actual.width == expected.width, actual.height == expected.height else {
            let saved = saveFailure(actual: png, expected: [UInt8](golden), diff: nil, in: failureFolder)
            return
                "golden '\(name)': rendered \(actual.width)×\(actual.height) pixels, golden is \(expected.width)×\(expected.height)\(saved)"
        }
        let comparison = PixelComparison(actual: actual, expected: expected, channelThreshold: channelThreshold)
        guard comparison.mismatchRatio > mismatchBudget else { return nil }
        let diff = try? comparison.diffImage().pngData()
        let saved = saveFailure(actual: png, expected: [UInt8](golden), diff: diff, in: failureFolder)
        return "golden '\(name)': \(percent(comparison.mismatchRatio)) of pixels (\(comparison.mismatchCount) of "
            + "\(comparison.pixelCount)) differ by more than \(channelThreshold)/255, budget \(percent(mismatchBudget))\(saved)"
    }

    /// Writes the failure images and says where they are.
    private static func saveFailure(actual: [UInt8], expected: [UInt8]?, diff: [UInt8]?, in folder: URL) -> String {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(actual).write(to: folder.appendingPathComponent("actual.png"))
            if let expected { try Data(expected).write(to: folder.appendingPathComponent("expected.png")) }
            if let diff { try Data(diff).write(to: folder.appendingPathComponent("diff.png")) }
            return "; images in \(folder.path)/"
        } catch {
            return "; could not write the images to \(folder.path): \(error)"
        }
    }

    private static func percent(_ ratio: Double) -> String {
        String(format: "%.3f%%", ratio * 100)
    }
}

/// A per-pixel comparison of two images of the same size.
struct PixelComparison {
    /// The image under test.
    let actual: RasterImage
    /// The reference.
    let expected: RasterImage
    /// Whether each pixel differs by more than the threshold, row by row.
    let mismatches: [Bool]
    /// How many pixels differ.
    let mismatchCount: Int

    /// Compares two images; a pixel differs when any premultiplied channel is more than
    /// `channelThreshold` (out of 255) apart.
    ///
    /// Premultiplied, because the straight colour of an almost transparent edge pixel is
    /// noise: alpha 1 with red 0 or red 255 looks the same.
    init(actual: RasterImage, expected: RasterImage, channelThreshold: Int) {
        precondition(actual.width == expected.width && actual.height == expected.height, "compare sizes first")
        self.actual = actual
        self.expected = expected
        let count = actual.width * actual.height
        var mismatches = [Bool](repeating: false, count: count)
        var mismatchCount = 0
        actual.pixels.withUnsafeBufferPointer { a in
            expected.pixels.withUnsafeBufferPointer { e in
                for index in 0..<count {
                    let offset = index * 4
                    let alphaA = Int(a[offset + 3]), alphaE = Int(e[offset + 3])
                    var difference = abs(alphaA - alphaE)
                    for channel in 0..<3 {
                        let premultipliedA = (Int(a[offset + channel]) * alphaA + 127) / 255
                        let premultipliedE = (Int(e[offset + channel]) * alphaE + 127) / 255
                        difference = max(difference, abs(premultipliedA - premultipliedE))
                    }
                    if difference > channelThreshold {
                        mismatches[index] = true
                        mismatchCount += 1
                    }
                }
            }
        }
        self.mismatches = mismatches
        self.mismatchCount = mismatchCount
    }

    /// The number of pixels compared.
    var pixelCount: Int { actual.width * actual.height }

    /// The share of pixels that differ, in [0, 1].
    var mismatchRatio: Double { pixelCount == 0 ? 0 : Double(mismatchCount) / Double(pixelCount) }

    /// The expected image faded to a light grey, with every mismatching pixel in red (as
    /// pixelmatch draws its diff output).
    func diffImage() -> RasterImage {
        var pixels = [UInt8](repeating: 255, count: pixelCount * 4)
        for index in 0..<pixelCount {
            let offset = index * 4
            if mismatches[index] {
                pixels[offset] = 255
                pixels[offset + 1] = 0
                pixels[offset + 2] = 0
            } else {
                // Luma (Rec. 601) of the expected pixel over white, kept at a quarter of its
                // contrast so the red stands out.
                let alpha = Double(expected.pixels[offset + 3]) / 255
                func overWhite(_ channel: Int) -> Double {
                    Double(expected.pixels[offset + channel]) * alpha + 255 * (1 - alpha)
                }
                let luma = 0.299 * overWhite(0) + 0.587 * overWhite(1) + 0.114 * overWhite(2)
                let faded = UInt8((255 - (255 - luma) * 0.25).rounded())
                pixels[offset] = faded
                pixels[offset + 1] = faded
                pixels[offset + 2] = faded
            }
        }
        return RasterImage(width: actual.width, height: actual.height, pixels: pixels)
    }
}
