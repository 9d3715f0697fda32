extension String {
    /// Whether the text must be shaped as one run to read right: it holds a right-to-left
    /// script (Hebrew, Arabic, Syriac, Thaana, N'Ko), whose letters join and whose order
    /// Pango reverses, or a script whose clusters reorder and combine across grapheme
    /// boundaries (the Brahmic scripts of India and South-East Asia, Tibetan, Mongolian).
    ///
    /// Set cluster by cluster along a line, such text would come out unjoined, in the wrong
    /// order, or with its vowel signs detached; MapLibre GL JS refuses to curve it without
    /// its RTL plugin for the same reason. Here it is drawn whole, straight along the line.
    /// Ranges from the Unicode blocks (Unicode 15, Blocks.txt).
    var needsWholeRunShaping: Bool {
        unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x0590...0x08FF,  // Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic, Arabic Extended
                0x0900...0x0DFF,  // Devanagari … Sinhala
                0x0E00...0x0FFF,  // Thai, Lao, Tibetan
                0x1000...0x109F,  // Myanmar
                0x1780...0x18AF,  // Khmer, Mongolian
                0xA8E0...0xA8FF,  // Devanagari Extended
                0xFB1D...0xFDFF,  // Hebrew and Arabic presentation forms
                0xFE70...0xFEFF:  // Arabic presentation forms B
                true
            default:
                false
            }
        }
    }
}
