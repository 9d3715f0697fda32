import Foundation
import MapRenderCairo
import Testing

/// Compares the structure of two renderings of the same map: the reference's dominant
/// colours are its classes (land, water, buildings, parks, road fills…); each pixel of
/// either image belongs to the nearest class within a tolerance. For every class, the share
/// of our pixels that have a pixel of that class in the reference within `radius` pixels
/// (precision), and the converse (recall). Shapes moved by more than the radius, missing,
/// or drawn in another colour lower the scores; antialiasing and text drawn by other means
/// hardly do.
struct StructureComparison {
    struct ClassScore {
        var color: (red: Int, green: Int, blue: Int)
        /// The class's share of the reference's pixels.
        var area: Double
        var precision: Double
        var recall: Double
    }

    let width: Int
    let height: Int
    let scores: [ClassScore]
    /// Per pixel: whether it disagrees (its class is absent from the other image nearby).
    let disagreement: [Bool]

    /// - Parameters:
    ///   - classes: how many dominant colours of the reference to compare.
    ///   - tolerance: the largest RGB distance at which a pixel belongs to a class.
    ///   - radius: how far, in pixels, a class may be displaced and still agree.
    init(ours: RasterImage, reference: RasterImage, classes: Int = 6, tolerance: Double = 24, radius: Int = 3) {
        precondition(ours.width == reference.width && ours.height == reference.height)
        width = reference.width
        height = reference.height
        let palette = Self.dominantColors(reference, count: classes, separation: tolerance * 1.5)
        let ourClasses = Self.classify(ours, palette: palette, tolerance: tolerance)
        let referenceClasses = Self.classify(reference, palette: palette, tolerance: tolerance)
        var disagreement = [Bool](repeating: false, count: width * height)
        var scores: [ClassScore] = []
        for (index, color) in palette.enumerated() {
            let inOurs = ourClasses.map { $0 == index }
            let inReference = referenceClasses.map { $0 == index }
            let nearReference = Self.dilated(inReference, width: width, height: height, radius: radius)
            let nearOurs = Self.dilated(inOurs, width: width, height: height, radius: radius)
            var ourCount = 0, ourHits = 0, referenceCount = 0, referenceHits = 0
            for pixel in 0..<(width * height) {
                if inOurs[pixel] {
                    ourCount += 1
                    if nearReference[pixel] { ourHits += 1 } else { disagreement[pixel] = true }
                }
                if inReference[pixel] {
                    referenceCount += 1
                    if nearOurs[pixel] { referenceHits += 1 } else { disagreement[pixel] = true }
                }
            }
            scores.append(
                ClassScore(
                    color: color, area: Double(referenceCount) / Double(width * height),
                    precision: ourCount == 0 ? 0 : Double(ourHits) / Double(ourCount),
                    recall: referenceCount == 0 ? 1 : Double(referenceHits) / Double(referenceCount)))
        }
        self.scores = scores
        self.disagreement = disagreement
    }

    /// The most frequent colours, each at least `separation` from those before it.
    static func dominantColors(
        _ image: RasterImage, count: Int, separation: Double
    ) -> [(red: Int, green: Int, blue: Int)] {
        var counts: [Int: Int] = [:]
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                counts[Int(p.red) << 16 | Int(p.green) << 8 | Int(p.blue), default: 0] += 1
            }
        }
        var chosen: [(red: Int, green: Int, blue: Int)] = []
        for (key, _) in counts.sorted(by: { ($0.value, $0.key) > ($1.value, $1.key) }) {
            let color = (red: key >> 16, green: key >> 8 & 0xFF, blue: key & 0xFF)
            if chosen.allSatisfy({ distance($0, color) >= separation }) { chosen.append(color) }
            if chosen.count == count { break }
        }
        return chosen
    }

    static func distance(_ a: (red: Int, green: Int, blue: Int), _ b: (red: Int, green: Int, blue: Int)) -> Double {
        let dr = Double(a.red - b.red), dg = Double(a.green - b.green), db = Double(a.blue - b.blue)
        return (dr * dr + dg * dg + db * db).squareRoot()
    }

    /// Each pixel's class: the nearest palette colour within `tolerance`, else −1.
    static func classify(
        _ image: RasterImage, palette: [(red: Int, green: Int, blue: Int)], tolerance: Double
    ) -> [Int] {
        var classes = [Int](repeating: -1, count: image.width * image.height)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                let color = (red: Int(p.red), green: Int(p.green), blue: Int(p.blue))
                var best = -1, bestDistance = tolerance
                for (index, candidate) in palette.enumerated() {
                    let d = distance(candidate, color)
                    if d <= bestDistance {
                        best = index
                        bestDistance = d
                    }
                }
                classes[y * image.width + x] = best
            }
        }
        return classes
    }

    /// The mask grown by `radius` pixels in every direction (a square window), through a
    /// summed-area table.
    static func dilated(_ mask: [Bool], width: Int, height: Int, radius: Int) -> [Bool] {
        var sums = [Int](repeating: 0, count: (width + 1) * (height + 1))
        for y in 0..<height {
            var row = 0
            for x in 0..<width {
                row += mask[y * width + x] ? 1 : 0
                sums[(y + 1) * (width + 1) + x + 1] = sums[y * (width + 1) + x + 1] + row
            }
        }
        var result = [Bool](repeating: false, count: width * height)
        for y in 0..<height {
            let y0 = max(0, y - radius), y1 = min(height, y + radius + 1)
            for x in 0..<width {
                let x0 = max(0, x - radius), x1 = min(width, x + radius + 1)
                let total =
                    sums[y1 * (width + 1) + x1] - sums[y0 * (width + 1) + x1] - sums[y1 * (width + 1) + x0]
                    + sums[y0 * (width + 1) + x0]
                result[y * width + x] = total > 0
            }
        }
        return result
    }
}

extension StructureComparison {
    /// Expects every colour class covering at least 0.5 % of the map (and not `ignored`) to
    /// agree with the reference, precision and recall both at least `minimumAgreement`; prints
    /// the scores with MAPRENDER_PRINT_SCORES, and writes our image and the disagreeing pixels
    /// (red) on failure or to MAPRENDER_PREVIEW_DIR.
    func expectClassesAgree(
        ours: RasterImage, label: String, previewName: String, minimumAgreement: Double,
        ignoring ignored: ((red: Int, green: Int, blue: Int)) -> Bool = { _ in false }
    ) throws {
        let environment = ProcessInfo.processInfo.environment
        var failed = false
        for score in scores where score.area >= 0.005 && !ignored(score.color) {
            let color = String(format: "#%02x%02x%02x", score.color.red, score.color.green, score.color.blue)
            let summary =
                "\(label) class \(color) (\(String(format: "%.1f", score.area * 100))% of the map): precision \(String(format: "%.3f", score.precision)), recall \(String(format: "%.3f", score.recall))"
            let agrees = score.precision >= minimumAgreement && score.recall >= minimumAgreement
            if !agrees { failed = true }
            #expect(agrees, "\(summary)")
            if environment["MAPRENDER_PRINT_SCORES"] != nil { print(summary) }
        }
        guard failed || environment["MAPRENDER_PREVIEW_DIR"] != nil else { return }
        let base = (environment["MAPRENDER_PREVIEW_DIR"] ?? NSTemporaryDirectory()) + "/" + previewName
        try Data(try ours.pngData()).write(to: URL(fileURLWithPath: base + "-ours.png"))
        var pixels = [UInt8](repeating: 255, count: ours.width * ours.height * 4)
        for (index, wrong) in disagreement.enumerated() where wrong {
            pixels[index * 4 + 1] = 0
            pixels[index * 4 + 2] = 0
        }
        let mask = RasterImage(width: ours.width, height: ours.height, pixels: pixels)
        try Data(try mask.pngData()).write(to: URL(fileURLWithPath: base + "-disagreement.png"))
        if failed { Issue.record("ours and the disagreeing pixels (red) written to \(base)-*.png") }
    }
}
