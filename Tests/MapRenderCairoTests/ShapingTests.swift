internal import CPangoCairo
import MapDrawing
import Testing

@testable import MapRenderCairo

/// Labels in complex scripts come out shaped: the glyphs Pango makes for our layouts
/// (`PangoText`, used for drawing and measuring) join Arabic letters and order them right
/// to left, make one cluster of a Devanagari conjunct with its vowel sign, and give CJK one
/// glyph per character. Each test is skipped, saying so, where no installed font covers the
/// script (fontconfig would draw boxes).
@Suite("Shaping of complex scripts")
struct ShapingTests {
    /// One glyph as shaped: its id in its font, the byte offset of the text it draws, its
    /// horizontal position in the line (Pango units), and whether its run is right to left.
    struct ShapedGlyph {
        var id: UInt32
        var cluster: Int
        var x: Int
        var isRightToLeft: Bool
    }

    static let font = Font(family: "DejaVu Sans, Lohit Devanagari, IPAGothic", size: 24)

    /// The glyphs of a one-line layout of `text`, in visual order (left to right).
    static func glyphs(_ text: String) -> [ShapedGlyph] {
        let layout = PangoText.measuringLayout(text, font: font)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var result: [ShapedGlyph] = []
        let line = pango_layout_get_line_readonly(layout, 0)!
        var x = 0
        var runs = line.pointee.runs
        while let node = runs {
            let run = node.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self).pointee
            let item = run.item.pointee
            let glyphs = run.glyphs.pointee
            for index in 0..<Int(glyphs.num_glyphs) {
                let info = glyphs.glyphs[index]
                result.append(
                    ShapedGlyph(
                        id: info.glyph, cluster: Int(item.offset) + Int(glyphs.log_clusters[index]), x: x,
                        isRightToLeft: item.analysis.level % 2 == 1))
                x += Int(info.geometry.width)
            }
            runs = node.pointee.next
        }
        return result
    }

    /// Whether an installed font draws every character of `text` (no unknown glyph).
    static func covered(_ text: String) -> Bool {
        let glyphs = glyphs(text)
        return !glyphs.isEmpty && glyphs.allSatisfy { $0.id & PANGO_GLYPH_UNKNOWN_FLAG == 0 && $0.id != 0 }
    }

    @Test(
        "Arabic: letters joined (not their isolated forms), laid right to left",
        .enabled(if: covered("بيت"), "no installed font covers Arabic (fonts-dejavu-core does)"))
    func arabic() throws {
        // Beh, yeh, teh ("house"): initial, medial and final forms, no ligature.
        let word = "بيت"
        let shaped = Self.glyphs(word)
        #expect(shaped.count == 3)
        #expect(shaped.allSatisfy { $0.isRightToLeft })
        // Logical order runs right to left: the first letter's glyph is the rightmost.
        let clusters = shaped.map(\.cluster)
        #expect(clusters == [4, 2, 0], "clusters in visual order: \(clusters)")
        let letters = Array(word)
        for (index, letter) in letters.enumerated() {
            let isolated = try #require(Self.glyphs(String(letter)).first).id
            let start = String(letters[..<index]).utf8.count
            let joined = try #require(shaped.first { $0.cluster == start }).id
            #expect(joined != isolated, "letter \(index + 1) drawn in its isolated form")
        }
        // Lam and alef make one ligature: "سلام" (salam) is three glyphs for four letters.
        #expect(Self.glyphs("سلام").count == 3)
    }

    @Test(
        "Devanagari: a conjunct and its vowel sign are one cluster of several code points",
        .enabled(if: covered("क्षि"), "no installed font covers Devanagari (fonts-lohit-deva)"))
    func devanagari() {
        let syllable = "क्षि"
        #expect(syllable.unicodeScalars.count == 4)
        let shaped = Self.glyphs(syllable)
        #expect(Set(shaped.map(\.cluster)) == [0])
        // The vowel sign i is drawn before the conjunct it follows in the text.
        #expect(shaped.count >= 2)
        // Measured cluster by cluster, the syllable keeps together.
        let advances = PangoTextMeasurer().clusterAdvances(syllable, font: Self.font)
        #expect(advances.map(\.cluster).joined() == syllable)
        #expect(advances.filter { $0.advance > 0 }.count == 1)
    }

    @Test(
        "CJK: one glyph per character, left to right",
        .enabled(if: covered("東京駅"), "no installed font covers CJK (fonts-ipafont-gothic)"))
    func cjk() {
        let shaped = Self.glyphs("東京駅")
        #expect(shaped.count == 3)
        #expect(shaped.map(\.cluster) == [0, 3, 6])
        #expect(!shaped.contains { $0.isRightToLeft })
    }

    @Test(
        "Greek and Cyrillic: one glyph per letter, left to right",
        .enabled(if: covered("Αθήνα Москва"), "no installed font covers Greek and Cyrillic"))
    func greekAndCyrillic() {
        let shaped = Self.glyphs("Αθήνα Москва")
        #expect(shaped.count == "Αθήνα Москва".count)
        #expect(shaped.map(\.cluster) == shaped.map(\.cluster).sorted())
    }
}
