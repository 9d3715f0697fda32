import MapDrawing
import MapGeometry
import MapRenderCairo

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Text along a line and sprite icons, built by hand: the clusters are placed on a circle
/// from the measurer's advances, as a layout would place them along a street.
package enum PathTextScenes {
    /// The street name set along the arc.
    package static let streetName = "Baker Street"
    /// The canvas of the arc scenes.
    package static let size = CanvasSize(width: 240, height: 100)
    /// The circle whose upper part the baseline follows: a gentle arc bulging upwards.
    package static let center = CanvasPoint(x: 120, y: 560)
    /// The circle's radius, in points.
    package static let radius = 500.0
    /// The colours: a dark fill over a yellow halo on a blue-grey ground, each easy to tell.
    package static let ground = Color(hex: 0x8090A0)
    package static let ink = Color(hex: 0x101010)
    package static let halo = Color(hex: 0xFFFF00)

    /// A cluster placed on the arc, with its advance.
    package struct Placement {
        package var glyph: PlacedGlyph
        package var advance: Double

        /// The middle of the cluster's glyph box, about half the x-height above its baseline.
        package func middle(fontSize: Double) -> CanvasPoint {
            let (dx, dy) = (cos(glyph.angle), sin(glyph.angle))
            let along = advance / 2, up = 0.3 * fontSize
            // "Up" is the baseline direction turned a quarter turn anticlockwise on screen.
            return CanvasPoint(x: glyph.origin.x + along * dx + up * dy, y: glyph.origin.y + along * dy - up * dx)
        }
    }

    /// The clusters of `string` placed along the top of the circle, centred: each at the arc
    /// point where the advances before it end, turned along the chord to where it ends.
    package static func placements(
        _ string: String, font: Font, measurer: any TextMeasurer
    ) -> [Placement] {
        let advances = measurer.clusterAdvances(string, font: font)
        let total = advances.reduce(0) { $0 + $1.advance }
        var angle = -Double.pi / 2 - total / (2 * radius)
        return advances.map { cluster, advance in
            let start = CanvasPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
            let chord = angle + .pi / 2 + advance / (2 * radius)
            angle += advance / radius
            return Placement(glyph: PlacedGlyph(cluster, origin: start, angle: chord), advance: advance)
        }
    }

    /// The street name along the arc, 16 pt bold, dark over a yellow halo.
    package static func streetNameAlongArc(
        measurer: any TextMeasurer, font: Font = Font(size: 16, isBold: true)
    )
        -> DisplayList
    {
        let glyphs = placements(streetName, font: font, measurer: measurer).map(\.glyph)
        return DisplayList(
            size: size,
            commands: [
                .clear(ground),
                .pathText(
                    PathTextRun(streetName, glyphs: glyphs, font: font, color: ink, haloColor: halo, haloWidth: 2)),
            ])
    }

    /// An 8×4 sheet of two 4×4 icons: the left one red, the right one blue.
    package static var sprite: EncodedImage {
        var pixels: [UInt8] = []
        for _ in 0..<4 {
            for x in 0..<8 { pixels += x < 4 ? [0xFF, 0, 0, 0xFF] : [0, 0, 0xFF, 0xFF] }
        }
        let png = try! RasterImage(width: 8, height: 4, pixels: pixels).pngData()
        return EncodedImage(data: png, pixelWidth: 8, pixelHeight: 4)
    }

    /// The sheet's left (red) icon.
    package static let leftIcon = PixelRect(x: 0, y: 0, width: 4, height: 4)
    /// The sheet's right (blue) icon.
    package static let rightIcon = PixelRect(x: 4, y: 0, width: 4, height: 4)
}
