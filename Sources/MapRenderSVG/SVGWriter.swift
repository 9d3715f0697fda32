public import MapDrawing
import MapFormats
import MapGeometry
import MapXML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a display list as a self-contained SVG 1.1 document with real text.
///
/// Cairo's SVG surface turns every glyph into an outline, so the text in its output can be
/// neither searched, selected nor restyled. This writer maps each `DrawCommand` to the SVG
/// element that means the same thing instead: paths stay paths, text stays `<text>` (shaped
/// by whoever displays it), images are embedded as `data:` URIs. The document has a
/// `viewBox`, no XML declaration and no external references, so it can be saved as a file
/// or pasted into HTML as it is.
///
/// Output is deterministic: the same list always gives the same bytes. Coordinates are in
/// canvas points with at most two decimals (1/100 point, far below what any display shows).
public struct SVGWriter: Sendable {
    /// The display list to write.
    public var list: DisplayList
    /// The CSS unit of the root's width and height (`pt` for a page on paper); empty for user
    /// units. The `viewBox` stays in canvas points either way.
    public var sizeUnit = ""

    /// Creates a writer for a display list.
    public init(_ list: DisplayList) {
        self.list = list
    }

    /// The SVG document, as text (encode it as UTF-8 to write a file).
    public var document: String {
        var out = ""
        let width = Self.number(list.size.width), height = Self.number(list.size.height)
        // SVG 1.1 references images with xlink:href (SVG 2 added plain href); every viewer
        // and browser understands the XLink form, so it is the one written.
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\""
        out += " version=\"1.1\" width=\"\(width)\(sizeUnit)\" height=\"\(height)\(sizeUnit)\""
        out += " viewBox=\"0 0 \(width) \(height)\">\n"
        let blurs = shadowBlurs
        let sheets = SpriteSheets(list.commands.ungrouped)
        if !blurs.isEmpty || !sheets.images.isEmpty {
            out += "<defs>\n"
            for blur in blurs { out += filterDefinition(blur: blur) }
            out += sheets.definitions
            out += "</defs>\n"
        }
        for command in list.commands { write(command, sheets: sheets, to: &out) }
        out += "</svg>\n"
        return out
    }

    // MARK: - Commands

    private func write(_ command: DrawCommand, sheets: SpriteSheets, to out: inout String) {
        switch command {
        case .clear(let color):
            // Cairo's clear paints the colour over the canvas (operator OVER), like a rect.
            out += "<rect width=\"\(Self.number(list.size.width))\" height=\"\(Self.number(list.size.height))\""
            out += Self.paint("fill", color) + "/>\n"
        case .fill(let path, let color, let evenOdd):
            let data = Self.pathData(path)
            guard !data.isEmpty else { return }
            out += "<path d=\"\(data)\"" + Self.paint("fill", color)
            if evenOdd { out += " fill-rule=\"evenodd\"" }
            out += "/>\n"
        case .stroke(let path, let style):
            let data = Self.pathData(path)
            guard !data.isEmpty, style.lineWidth > 0, style.lineWidth.isFinite else { return }
            out += "<path d=\"\(data)\" fill=\"none\"" + Self.stroke(style) + "/>\n"
        case .shadow(let path, let color, let blur):
            let data = Self.pathData(path)
            guard !data.isEmpty else { return }
            out += "<path d=\"\(data)\"" + Self.paint("fill", color)
            if let id = Self.filterID(blur: blur) { out += " filter=\"url(#\(id))\"" }
            out += "/>\n"
        case .text(let run):
            writeText(run, to: &out)
        case .image(let image, let rect):
            writeImage(image, in: rect, to: &out)
        case .tiles(let grid):
            // One image per tile, each in its cell: SVG has no way to ask a viewer to resample
            // several images as one, and embedding each tile once keeps the file as small as
            // its tiles.
            for tile in grid.tiles { writeImage(tile.image, in: grid.rect(of: tile), to: &out) }
        case .imagePart(let image, let source, let rect):
            sheets.writePart(of: image, source: source, in: rect, to: &out)
        case .pathText(let run):
            writePathText(run, to: &out)
        case .group(let group):
            writeGroup(group, sheets: sheets, to: &out)
        }
    }

    /// A group as `<g>`: an outer group clipped by a `<clipPath>` in the space around it (SVG
    /// applies `clip-path` in the user space of the element that names it, before that
    /// element's own `transform`), an inner one moved by the offset.
    private func writeGroup(_ group: DrawGroup, sheets: SpriteSheets, to out: inout String) {
        var closing = ""
        if let clip = group.clip {
            let id = "clip-\(Self.number(group.offset.x))-\(Self.number(group.offset.y))-\(Self.pathData(clip).count)"
            out += "<clipPath id=\"\(id)\"><path d=\"\(Self.pathData(clip))\"/></clipPath>\n"
            out += "<g clip-path=\"url(#\(id))\">\n"
            closing += "</g>\n"
        }
        out += "<g transform=\"translate(\(Self.number(group.offset.x)),\(Self.number(group.offset.y)))\">\n"
        for command in group.commands { write(command, sheets: sheets, to: &out) }
        out += "</g>\n" + closing
    }

    private func writeText(_ run: TextRun, to out: inout String) {
        let content = XMLEscaping.text(run.string)
        guard !content.isEmpty else { return }
        out += "<text x=\"\(Self.number(run.origin.x))\" y=\"\(Self.number(run.origin.y))\""
        out += Self.textPaint(font: run.font, color: run.color, halo: run.haloColor, haloWidth: run.haloWidth)
        out += " xml:space=\"preserve\">\(content)</text>\n"
    }

    /// The font and paint attributes of a `<text>`: family, size, weight, the italic style
    /// when asked for, the fill, and the halo.
    static func textPaint(font: Font, color: Color, halo: Color?, haloWidth: Double) -> String {
        var out = " font-family=\"\(XMLEscaping.attribute(fontFamilyList(font.family)))\""
        out += " font-size=\"\(number(font.size))\""
        out += " font-weight=\"\(font.isBold ? "bold" : "normal")\""
        if font.isItalic { out += " font-style=\"italic\"" }
        out += paint("fill", color)
        if let halo, haloWidth > 0 {
            // The Cairo painter strokes the glyph outlines 2 × haloWidth wide under the fill;
            // paint-order (SVG 2, in every current browser) does the same on one element, so
            // the text is not duplicated for search and copy.
            out += paint("stroke", halo)
            out += " stroke-width=\"\(number(2 * haloWidth))\" stroke-linejoin=\"round\" paint-order=\"stroke\""
        }
        return out
    }

    private func writeImage(_ image: EncodedImage, in rect: CanvasRect, to out: inout String) {
        // The Cairo painter skips what it cannot decode; here at least a PNG or JPEG
        // signature is required, so no viewer is handed something that is not an image.
        guard ImageEncoding(sniffing: image.data) == image.encoding, rect.width > 0, rect.height > 0 else { return }
        out += "<image x=\"\(Self.number(rect.minX))\" y=\"\(Self.number(rect.minY))\""
        out += " width=\"\(Self.number(rect.width))\" height=\"\(Self.number(rect.height))\""
        // The painter scales the image to fill the rect exactly, aspect ratio or not.
        out += " preserveAspectRatio=\"none\""
        out += " xlink:href=\"data:\(image.encoding.mimeType);base64,\(Self.base64(image.data))\"/>\n"
    }

    // MARK: - Shadows

    /// The distinct shadow blurs in order of first use, one filter each.
    private var shadowBlurs: [Double] {
        var seen: Set<String> = [], blurs: [Double] = []
        for case .shadow(_, _, let blur) in list.commands.ungrouped {
            if let id = Self.filterID(blur: blur), seen.insert(id).inserted { blurs.append(blur) }
        }
        return blurs
    }

    /// The id of the blur filter for a shadow, from the blur rounded as it is written, so
    /// equal-looking blurs share one filter; `nil` when there is nothing to blur.
    private static func filterID(blur: Double) -> String? {
        guard blur.isFinite, blur > 0 else { return nil }
        let text = number(blur / 2)
        guard text != "0" else { return nil }
        return "blur-" + text.replacing(".", with: "_")
    }

    private func filterDefinition(blur: Double) -> String {
        guard let id = Self.filterID(blur: blur) else { return "" }
        // A Gaussian with standard deviation blur/2 reaches about `blur` points before it
        // fades out (2σ holds 95 %), matching the painter's approximation. The filter region
        // is the whole canvas in user space: the default region (the shape's bounding box
        // plus 10 %, SVG 1.1 §15.7.2) would clip the blur of small or flat shapes such as a
        // pin's ground shadow.
        let width = Self.number(list.size.width), height = Self.number(list.size.height)
        return
            "<filter id=\"\(id)\" filterUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\">"
            + "<feGaussianBlur stdDeviation=\"\(Self.number(blur / 2))\"/></filter>\n"
    }

    // MARK: - Paint

    /// ` fill="#rrggbb"` (or stroke) and, when not opaque, its opacity.
    private static func paint(_ property: String, _ color: Color) -> String {
        var text = " \(property)=\"\(hexColor(color))\""
        let alpha = min(max(color.alpha.isFinite ? color.alpha : 1, 0), 1)
        if alpha < 1 {
            // Three decimals, so an 8-bit alpha (steps of 1/255 ≈ 0.004) survives.
            text += " \(property)-opacity=\"\(number(alpha, places: 3))\""
        }
        return text
    }

    /// `#rrggbb`, each channel clamped to [0, 1] and rounded to 8 bits.
    private static func hexColor(_ color: Color) -> String {
        let digits = Array("0123456789abcdef")
        var text = "#"
        for channel in [color.red, color.green, color.blue] {
            let value = channel.isFinite ? min(max(channel, 0), 1) : 0
            let byte = Int((value * 255).rounded())
            text.append(digits[byte >> 4])
            text.append(digits[byte & 0xF])
        }
        return text
    }

    private static func stroke(_ style: StrokeStyle) -> String {
        var text = paint("stroke", style.color)
        text += " stroke-width=\"\(number(style.lineWidth))\""
        // SVG's defaults are butt caps and miter joins; write what differs.
        if style.lineCap != .butt { text += " stroke-linecap=\"\(style.lineCap.rawValue)\"" }
        if style.lineJoin != .miter {
            text += " stroke-linejoin=\"\(style.lineJoin.rawValue)\""
        } else {
            // Cairo's default miter limit is 10, SVG's is 4 (SVG 1.1 §11.4).
            text += " stroke-miterlimit=\"10\""
        }
        let dashes = style.dashPattern
        // Cairo rejects negative dashes and all-zero patterns; SVG 1.1 §11.4 treats them
        // as an error and as a solid line. Written solid either way.
        if !dashes.isEmpty, dashes.allSatisfy({ $0 >= 0 && $0.isFinite }), dashes.contains(where: { $0 > 0 }) {
            text += " stroke-dasharray=\"\(dashes.map { number($0) }.joined(separator: " "))\""
        }
        return text
    }

    // MARK: - Path data

    /// SVG path data for a path (SVG 1.1 §8.3), reproducing Cairo's path semantics: a
    /// line, curve or arc without a current point starts a subpath; an arc first draws a
    /// line from the current point to its start; after a close the current point is the
    /// start of the closed subpath.
    static func pathData(_ path: Path) -> String {
        var data = ""
        // The current point as written, to skip zero-length joining lines.
        var current: CanvasPoint?
        var subpathStart: CanvasPoint?

        func emit(_ command: Character, _ points: [CanvasPoint]) {
            data.append(command)
            data += points.map { "\(number($0.x)) \(number($0.y))" }.joined(separator: " ")
        }
        func moveTo(_ point: CanvasPoint) {
            emit("M", [point])
            current = point
            subpathStart = point
        }
        func lineTo(_ point: CanvasPoint) {
            guard current != nil else { return moveTo(point) }
            emit("L", [point])
            current = point
        }

        /// The implicit line from the current point to an arc's start, or a move when
        /// there is no current point; skipped when it would have no length as written.
        func joinTo(_ point: CanvasPoint) {
            if let current, number(current.x) == number(point.x), number(current.y) == number(point.y) { return }
            lineTo(point)
        }

        /// Cairo's `cairo_arc`: clockwise on screen (increasing angle, y down), the end
        /// angle raised by whole turns until it is not below the start.
        func appendArc(center: CanvasPoint, radius: Double, from startAngle: Double, to endAngle: Double) {
            guard radius.isFinite, startAngle.isFinite, endAngle.isFinite else { return }
            func point(at angle: Double) -> CanvasPoint {
                CanvasPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
            }
            guard radius > 0 else {
                // Cairo degenerates an arc of no radius to a line to its centre.
                return joinTo(center)
            }
            var sweep = endAngle - startAngle
            if sweep < 0 {
                sweep = sweep.truncatingRemainder(dividingBy: 2 * .pi)
                if sweep < 0 { sweep += 2 * .pi }
            }
            joinTo(point(at: startAngle))
            guard sweep > 0 else { return }
            // Elliptical arc commands, SVG 1.1 §8.3.8, parameterised by endpoints (§F.6).
            // An SVG arc between two points cannot be a whole turn (its endpoints would
            // coincide and it would be dropped, SVG 1.1 §F.6.2), and a half turn or less
            // never needs the large-arc flag. So the sweep is cut into equal pieces of at
            // most π: a full circle becomes two halves. Sweep flag 1 is the direction of
            // increasing angle, which in SVG's y-down space is clockwise, like Cairo's.
            let pieces = max(1, Int((sweep / .pi - 1e-9).rounded(.up)))
            let r = number(radius)
            for piece in 1...pieces {
                let end = point(at: startAngle + sweep * Double(piece) / Double(pieces))
                data += "A\(r) \(r) 0 0 1 \(number(end.x)) \(number(end.y))"
                current = end
            }
        }

        for element in path.elements {
            switch element {
            case .move(let point):
                moveTo(point)
            case .line(let point):
                lineTo(point)
            case .curve(let control1, let control2, let end):
                // cairo_curve_to without a current point behaves as if preceded by a move
                // to the first control point.
                if current == nil { moveTo(control1) }
                emit("C", [control1, control2, end])
                current = end
            case .arc(let center, let radius, let startAngle, let endAngle):
                appendArc(center: center, radius: radius, from: startAngle, to: endAngle)
            case .close:
                guard current != nil else { continue }
                data += "Z"
                current = subpathStart
            }
        }

        return data
    }

    // MARK: - Text encoding

    /// A number with at most `places` decimals, no trailing zeros and no "-0", without
    /// Foundation's formatters so output never depends on the locale.
    static func number(_ value: Double, places: Int = 2) -> String {
        // Non-finite numbers have no SVG spelling; canvas coordinates never reach 1e12.
        guard value.isFinite else { return "0" }
        let clamped = min(max(value, -1e12), 1e12)
        var scale: Int64 = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = Int64((abs(clamped) * Double(scale)).rounded())
        guard scaled != 0 else { return "0" }
        let whole = scaled / scale
        var fraction = scaled % scale
        var text = (clamped < 0 ? "-" : "") + String(whole)
        guard fraction != 0 else { return text }
        var digits = places
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        var fractionText = String(fraction)
        while fractionText.count < digits { fractionText = "0" + fractionText }
        text += "." + fractionText
        return text
    }

    /// A fontconfig family list ("DejaVu Sans, IPAGothic") as a CSS one: names with
    /// anything but letters, digits and hyphens quoted, and `sans-serif` last as the
    /// fallback when no generic family is named (CSS Fonts 3 §3.1).
    static func fontFamilyList(_ families: String) -> String {
        let generics: Set<String> = ["serif", "sans-serif", "monospace", "cursive", "fantasy"]
        var names: [String] = []
        var hasGeneric = false
        for part in families.split(separator: ",") {
            let name = part.filter { $0 != "'" && $0 != "\"" && $0 != "\\" }
                .trimmingPrefix(while: { $0 == " " })
            let trimmed = String(name.reversed().drop(while: { $0 == " " }).reversed())
            guard !trimmed.isEmpty else { continue }
            if generics.contains(trimmed.lowercased()) {
                hasGeneric = true
                names.append(trimmed.lowercased())
            } else if trimmed.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-") }) {
                names.append(trimmed)
            } else {
                names.append("'" + trimmed + "'")
            }
        }
        if !hasGeneric { names.append("sans-serif") }
        return names.joined(separator: ", ")
    }

    /// Standard Base64 (RFC 4648 §4) with padding and no line breaks, as `data:` URIs
    /// want it (RFC 2397).
    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            out.append(alphabet[Int(value >> 18 & 0x3F)])
            out.append(alphabet[Int(value >> 12 & 0x3F)])
            out.append(alphabet[Int(value >> 6 & 0x3F)])
            out.append(alphabet[Int(value & 0x3F)])
            index += 3
        }
        let remaining = bytes.count - index
        if remaining > 0 {
            let value = UInt32(bytes[index]) << 16 | (remaining == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
            out.append(alphabet[Int(value >> 18 & 0x3F)])
            out.append(alphabet[Int(value >> 12 & 0x3F)])
            out.append(remaining == 2 ? alphabet[Int(value >> 6 & 0x3F)] : UInt8(ascii: "="))
            out.append(UInt8(ascii: "="))
        }
        return String(decoding: out, as: UTF8.self)
    }
}
