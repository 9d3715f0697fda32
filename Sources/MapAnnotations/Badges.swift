package import MapDrawing
package import MapGeometry

/// Number badges (a pin's number in the legend) and cluster badges (a count of merged
/// pins, MapKit-style).
package enum Badge {
    /// The font of a number badge's digits.
    package static func numberFont(family: String) -> Font { Font(family: family, size: 10, isBold: true) }
    /// The font of a cluster's count.
    package static func countFont(family: String) -> Font { Font(family: family, size: 13, isBold: true) }

    /// The radius of a number badge holding `text`: at least 8 points, wider for more digits.
    package static func numberRadius(_ text: String, family: String, measurer: any TextMeasurer) -> Double {
        max(8, (measurer.measure(text, font: numberFont(family: family)).width + 6) / 2).rounded(.up)
    }

    /// The radius of a cluster badge holding `count`: 14 points, 3 more for each digit past two.
    package static func clusterRadius(_ count: Int) -> Double { 14 + 3 * Double(max(0, String(count).count - 2)) }

    /// The centre of a marker's number badge, in canvas points: over the top-right corner of
    /// `marker` (the marker's drawn rectangle) at height `y`, or over its top-left corner when
    /// the badge would cover one of `obstacles` on the right and none on the left. The scale
    /// bar and the attribution are obstacles, as they are for callouts: a badge over the
    /// scale bar hides what the reader measures with. Tested as a disc of 10 points radius,
    /// room for two digits.
    package static func numberCenter(on marker: CanvasRect, y: Double, off obstacles: [CanvasRect]) -> CanvasPoint {
        let right = CanvasPoint(x: marker.maxX - 2, y: y), left = CanvasPoint(x: marker.minX + 2, y: y)
        func covers(_ center: CanvasPoint) -> Bool {
            let disc = CanvasRect(x: center.x - 10, y: center.y - 10, width: 20, height: 20)
            return obstacles.contains { $0.intersects(disc) }
        }
        return covers(right) && !covers(left) ? left : right
    }

    /// A dark disc in a white ring with a white number, centred on `center`.
    package static func number(
        _ number: Int, at center: CanvasPoint, color: Color, family: String, measurer: any TextMeasurer
    ) -> (commands: [DrawCommand], rect: CanvasRect) {
        let text = String(number)
        let radius = numberRadius(text, family: family, measurer: measurer)
        let font = numberFont(family: family)
        return (
            disc(center: center, radius: radius, fill: color, ring: 1.5)
                + [centred(text, at: center, font: font, measurer: measurer)],
            CanvasRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
        )
    }

    /// A filled disc in a white ring with the count inside, centred on `center`.
    package static func cluster(
        count: Int, at center: CanvasPoint, color: Color, family: String, measurer: any TextMeasurer
    ) -> [DrawCommand] {
        let radius = clusterRadius(count)
        return [
            .shadow(
                Path.circle(center: CanvasPoint(x: center.x, y: center.y + 1.5), radius: radius),
                Color.black.withAlpha(0.3), blur: 3)
        ]
            + disc(center: center, radius: radius, fill: color, ring: 2.5)
            + [centred(String(count), at: center, font: countFont(family: family), measurer: measurer)]
    }

    private static func disc(center: CanvasPoint, radius: Double, fill: Color, ring: Double) -> [DrawCommand] {
        [
            .fill(Path.circle(center: center, radius: radius), Color.white, evenOdd: false),
            .fill(Path.circle(center: center, radius: radius - ring), fill, evenOdd: false),
        ]
    }

    private static func centred(
        _ text: String, at center: CanvasPoint, font: Font, measurer: any TextMeasurer
    ) -> DrawCommand {
        let metrics = measurer.measure(text, font: font)
        return .text(
            TextRun(
                text,
                origin: CanvasPoint(
                    x: center.x - metrics.width / 2, y: center.y - metrics.height / 2 + metrics.ascent),
                font: font, color: Color.white))
    }
}
