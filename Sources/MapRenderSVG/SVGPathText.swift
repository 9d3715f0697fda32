import MapDrawing
import MapXML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension SVGWriter {
    /// Text along a line as one `<text>` element holding the whole string, with a position
    /// and a rotation per character (SVG 1.1 §10.5, "x", "y" and "rotate" lists of one
    /// value per character): search, selection and copy see the name as it is written.
    ///
    /// A cluster's first character sits at the cluster's origin; its further characters
    /// (combining marks, joiners, the rest of a conjunct) follow on the cluster's baseline,
    /// as a one-line `<text>` would set them: marks and joiners take no advance, other
    /// characters share the cluster's advance.
    func writePathText(_ run: PathTextRun, to out: inout String) {
        let glyphs = run.glyphs.filter { !$0.text.isEmpty }
        guard !glyphs.isEmpty else { return }
        // One piece of several grapheme clusters is a name set whole (a joined or
        // right-to-left script, see the layout's `needsWholeRunShaping`): positions per
        // character would cut it into chunks that SVG renderers neither join nor reorder
        // (SVG 1.1 §10.5), so it is one turned line of text.
        if glyphs.count == 1, let glyph = glyphs.first, glyph.text.count > 1, glyph.origin.x.isFinite,
            glyph.origin.y.isFinite
        {
            let (x, y) = (Self.number(glyph.origin.x), Self.number(glyph.origin.y))
            let degrees = Self.number(glyph.angle.isFinite ? glyph.angle * 180 / .pi : 0)
            out += "<text x=\"\(x)\" y=\"\(y)\" transform=\"rotate(\(degrees) \(x) \(y))\""
            out += Self.textPaint(font: run.font, color: run.color, halo: run.haloColor, haloWidth: run.haloWidth)
            out += " xml:space=\"preserve\">\(XMLEscaping.text(glyph.text))</text>\n"
            return
        }
        // The positions follow the clusters, so the clusters' text is written should the
        // run's string disagree with them.
        let joined = glyphs.map(\.text).joined()
        let content = XMLEscaping.text(joined == run.string ? run.string : joined)
        var xs: [String] = [], ys: [String] = [], rotations: [String] = []
        var lastAdvance = 0.6 * run.font.size
        for (index, glyph) in glyphs.enumerated() {
            // A cluster's advance, for its further characters only: the distance to the
            // next cluster's origin, or the one before's for the last cluster.
            if index + 1 < glyphs.count {
                let next = glyphs[index + 1].origin
                let advance =
                    ((next.x - glyph.origin.x) * (next.x - glyph.origin.x)
                    + (next.y - glyph.origin.y) * (next.y - glyph.origin.y)).squareRoot()
                if advance.isFinite { lastAdvance = advance }
            }
            let degrees = Self.number(glyph.angle.isFinite ? glyph.angle * 180 / .pi : 0)
            let (dx, dy) = glyph.angle.isFinite ? (cos(glyph.angle), sin(glyph.angle)) : (1, 0)
            for offset in Self.characterOffsets(glyph.text, advance: lastAdvance) {
                xs.append(Self.number(glyph.origin.x + offset * dx))
                ys.append(Self.number(glyph.origin.y + offset * dy))
                rotations.append(degrees)
            }
        }
        out += "<text x=\"\(xs.joined(separator: " "))\" y=\"\(ys.joined(separator: " "))\""
        out += " rotate=\"\(rotations.joined(separator: " "))\""
        out += Self.textPaint(font: run.font, color: run.color, halo: run.haloColor, haloWidth: run.haloWidth)
        out += " xml:space=\"preserve\">\(content)</text>\n"
    }

    /// Where each character of a cluster starts along its baseline, in points from the
    /// cluster's origin: characters that advance share `advance`, marks and format
    /// characters sit where the characters before them end.
    static func characterOffsets(_ cluster: String, advance: Double) -> [Double] {
        let scalars = Array(cluster.unicodeScalars)
        func advances(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: false
            default: true
            }
        }
        let share = advance / Double(max(scalars.count(where: advances), 1))
        var pen = 0.0
        return scalars.map { scalar in
            defer { if advances(scalar) { pen += share } }
            return pen
        }
    }
}
