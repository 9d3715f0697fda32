import MapGeometry

extension DisplayList {
    /// A plain-text rendering of the list, one command per line with numbers to two
    /// decimals, for snapshot tests that need no Cairo and no fonts.
    public var dump: String {
        var lines = ["size \(size)"]
        for command in commands { lines.append(command.dump) }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension DrawCommand {
    /// One line describing the command.
    public var dump: String {
        switch self {
        case .clear(let color): return "clear \(color)"
        case .fill(let path, let color, let evenOdd):
            return "fill \(color)\(evenOdd ? " evenodd" : "") \(path.dump)"
        case .stroke(let path, let style):
            var line = "stroke \(style.color) w\(number(style.lineWidth))"
            if !style.dashPattern.isEmpty { line += " dash" + style.dashPattern.map(number).joined(separator: ",") }
            if style.lineCap != .round { line += " cap-\(style.lineCap.rawValue)" }
            if style.lineJoin != .round { line += " join-\(style.lineJoin.rawValue)" }
            return line + " " + path.dump
        case .shadow(let path, let color, let blur):
            return "shadow \(color) blur\(number(blur)) \(path.dump)"
        case .text(let run):
            var line = "text \(run.color) \(run.font.dumpStyle)\(number(run.font.size))pt \(run.origin)"
            if let halo = run.haloColor { line += " halo \(halo) w\(number(run.haloWidth))" }
            return line + " \"\(run.string)\""
        case .image(let image, let rect):
            return "image \(image.pixelWidth)x\(image.pixelHeight)px \(rect)"
        case .imagePart(let image, let source, let rect):
            return "image \(image.pixelWidth)x\(image.pixelHeight)px part \(source.x),\(source.y) "
                + "\(source.width)x\(source.height)px \(rect)"
        case .pathText(let run):
            var line = "pathtext \(run.color) \(run.font.dumpStyle)\(number(run.font.size))pt"
            if let halo = run.haloColor { line += " halo \(halo) w\(number(run.haloWidth))" }
            let glyphs = run.glyphs.map { "\($0.origin)@\(number($0.angle * 180 / .pi))°" }
            return line + " \"\(run.string)\" " + glyphs.joined(separator: " ")
        case .tiles(let grid):
            let cells = grid.tiles.map { "\($0.column),\($0.row) \($0.image.pixelWidth)x\($0.image.pixelHeight)px" }
            return "tiles \(number(grid.cellSize.width))x\(number(grid.cellSize.height)) from \(grid.origin): "
                + cells.joined(separator: "; ")
        case .group(let group):
            // The group's commands follow, indented, so a dump still reads one command a line.
            var line = "group offset \(group.offset)" + (group.clip.map { " clip \($0.dump)" } ?? "")
            for command in group.commands {
                line +=
                    "\n  "
                    + command.dump.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  ")
            }
            return line + "\nend group"
        }
    }
}

extension Font {
    /// "bold ", "italic ", "bold italic " or "".
    fileprivate var dumpStyle: String { (isBold ? "bold " : "") + (isItalic ? "italic " : "") }
}

extension Path {
    /// The path as compact text: M x y, L x y, C …, A cx cy r a0 a1, Z.
    public var dump: String {
        elements.map { element -> String in
            switch element {
            case .move(let p): return "M\(number(p.x)),\(number(p.y))"
            case .line(let p): return "L\(number(p.x)),\(number(p.y))"
            case .curve(let c1, let c2, let p):
                return "C\(number(c1.x)),\(number(c1.y)),\(number(c2.x)),\(number(c2.y)),\(number(p.x)),\(number(p.y))"
            case .arc(let c, let r, let a0, let a1):
                return "A\(number(c.x)),\(number(c.y)),\(number(r)),\(number(a0)),\(number(a1))"
            case .close: return "Z"
            }
        }.joined(separator: " ")
    }
}

/// A number with two decimals and no trailing zeros ("3", "2.5", "-0.25").
func number(_ value: Double) -> String {
    var text = value.decimalString(places: 2)
    if text.contains(".") {
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
}
