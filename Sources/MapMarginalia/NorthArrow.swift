public import MapDrawing
public import MapGeometry

/// A north arrow in a corner of the frame: a split arrowhead, dark on its left half and
/// light on its right, under an "N".
///
/// It points straight up. In Web Mercator, the only projection maprender draws, meridians
/// are vertical lines everywhere on the map, so true north is up at every point of the frame
/// (grid north and true north coincide; only magnetic north would differ, and it is not
/// drawn).
public struct NorthArrow: Hashable, Sendable {
    /// A corner of the frame.
    public enum Corner: Hashable, Sendable, CaseIterable {
        /// Top right: preferred, as on most map series.
        case topRight
        /// Top left.
        case topLeft
        /// Bottom right.
        case bottomRight
        /// Bottom left.
        case bottomLeft
    }

    /// The corner it went in.
    public var corner: Corner
    /// Its extent with its plate, in canvas points.
    public var rect: CanvasRect
    /// The plate, the arrowhead and the "N".
    public var commands: [DrawCommand]

    /// Space between the arrow's plate and the frame's edges, in canvas points.
    public static let inset = 8.0

    /// The arrowhead's height for a frame: 6% of the frame's shorter side, kept within
    /// 24…40 canvas points so it reads on a phone-sized map and does not shout on a poster.
    public static func arrowHeight(for frame: CanvasRect) -> Double {
        min(max(0.06 * min(frame.width, frame.height), 24), 40)
    }

    /// Lays out the arrow in the first corner (top right, top left, bottom right, bottom left)
    /// where it covers none of the frame's taken rectangles nor `avoiding`; when every corner
    /// is covered, in the one where it covers the least area.
    public static func layOut(
        in frame: MapFrame, avoiding: [CanvasRect] = [], style: MarginaliaStyle, measurer: any TextMeasurer
    ) -> NorthArrow {
        let height = arrowHeight(for: frame.rect)
        let width = height * 0.55
        let font = Font(family: style.fontFamily, size: (height * 0.45).rounded(), isBold: true)
        let letter = measurer.measure("N", font: font)
        let padding = 4.0
        let size = CanvasSize(
            width: max(width, letter.width) + 2 * padding, height: letter.height + 2 + height + 2 * padding)
        let obstacles = frame.taken + avoiding
        func rect(_ corner: Corner) -> CanvasRect {
            let r = frame.rect
            let x = corner == .topLeft || corner == .bottomLeft ? r.minX + inset : r.maxX - inset - size.width
            let y = corner == .topLeft || corner == .topRight ? r.minY + inset : r.maxY - inset - size.height
            return CanvasRect(origin: CanvasPoint(x: x, y: y), size: size)
        }
        func covered(_ candidate: CanvasRect) -> Double {
            obstacles.reduce(0) { total, other in
                let w = min(candidate.maxX, other.maxX) - max(candidate.minX, other.minX)
                let h = min(candidate.maxY, other.maxY) - max(candidate.minY, other.minY)
                return total + (w > 0 && h > 0 ? w * h : 0)
            }
        }
        // A free corner, else a corner's box slid along the frame's side past what covers it
        // (below a legend at the top, beside the attribution at the bottom), else the corner
        // covered least.
        func slid(_ corner: Corner, vertically: Bool) -> CanvasRect {
            var box = rect(corner)
            let isTop = corner == .topLeft || corner == .topRight, isLeft = corner == .topLeft || corner == .bottomLeft
            for _ in 0..<obstacles.count {
                let hits = obstacles.filter { $0.intersects(box) }
                guard !hits.isEmpty else { break }
                if vertically {
                    box.origin.y =
                        isTop
                        ? (hits.map(\.maxY).max() ?? 0) + inset : (hits.map(\.minY).min() ?? 0) - inset - size.height
                } else {
                    box.origin.x =
                        isLeft
                        ? (hits.map(\.maxX).max() ?? 0) + inset : (hits.map(\.minX).min() ?? 0) - inset - size.width
                }
            }
            return box
        }
        let inside = frame.rect.insetBy(inset - 0.001)
        let slidBoxes = Corner.allCases.flatMap { [slid($0, vertically: true), slid($0, vertically: false)] }
        let chosen: (corner: Corner, box: CanvasRect) =
            Corner.allCases.first { covered(rect($0)) == 0 }.map { ($0, rect($0)) }
            ?? zip(Corner.allCases.flatMap { [$0, $0] }, slidBoxes).first { _, box in
                inside.contains(box) && covered(box) == 0
            }.map { ($0.0, $0.1) }
            ?? Corner.allCases.min { covered(rect($0)) < covered(rect($1)) }.map { ($0, rect($0)) }
            ?? (.topRight, rect(.topRight))
        let corner = chosen.corner, box = chosen.box
        let centerX = box.minX + box.width / 2
        let tip = CanvasPoint(x: centerX, y: box.minY + padding + letter.height + 2)
        let base = box.maxY - padding
        let left = CanvasPoint(x: centerX - width / 2, y: base), right = CanvasPoint(x: centerX + width / 2, y: base)
        // The notch makes the classic split arrowhead; a quarter of the height reads at 24 pt.
        let notch = CanvasPoint(x: centerX, y: base - height * 0.28)
        let outline = StrokeStyle(color: style.arrowColor, lineWidth: 1, lineCap: .butt, lineJoin: .miter)
        let commands: [DrawCommand] = [
            .fill(Path.roundedRect(box, radius: 3), style.plateColor, evenOdd: false),
            .fill(Path.polyline([tip, left, notch], closed: true), style.arrowColor, evenOdd: false),
            .fill(Path.polyline([tip, notch, right], closed: true), style.arrowLightColor, evenOdd: false),
            .stroke(Path.polyline([tip, left, notch, right], closed: true), outline),
            .text(
                TextRun(
                    "N", origin: CanvasPoint(x: centerX - letter.width / 2, y: box.minY + padding + letter.ascent),
                    font: font, color: style.textColor)),
        ]
        return NorthArrow(corner: corner, rect: box, commands: commands)
    }
}
