public import MapDrawing

/// The colours of `--profile-color grade`: the slope of the track in seven classes, blues
/// down, green level, yellow to dark red up (ColorBrewer's RdYlBu and RdYlGn ends, Brewer
/// 2003), steep from 10 %, the grade of a hard climb on a bicycle.
///
/// A grade is measured over `window` meters centred on each step, not from one fix to the
/// next: a few meters of altitude jitter over a 10 m step would read as a 30 % slope.
public enum ProfileGrade {
    /// The distance a grade is measured over, in meters.
    public static let window = 100.0

    /// The classes: the upper bound of each (in percent; the last has none) and its colour.
    public static let classes: [(upperBound: Double, color: Color)] = [
        (-10, Color(hex: 0x2166AC)), (-5, Color(hex: 0x4393C3)), (-2, Color(hex: 0x92C5DE)),
        (2, Color(hex: 0x91CF60)), (5, Color(hex: 0xFEE08B)), (10, Color(hex: 0xF46D43)),
        (.infinity, Color(hex: 0xA50026)),
    ]

    /// The colour of a grade in percent.
    public static func color(forPercent percent: Double) -> Color {
        (classes.first { percent < $0.upperBound } ?? classes[classes.count - 1]).color
    }

    /// The grade, in percent, of each step of `piece` (one value fewer than samples): the
    /// rise over `window` meters centred on the step's middle, within the piece.
    public static func percents(of piece: [ElevationProfile.Sample]) -> [Double] {
        guard piece.count > 1, let first = piece.first?.distance, let last = piece.last?.distance else { return [] }
        func elevation(at distance: Double) -> Double {
            // Samples are in order of distance: the first at or beyond it, interpolated from the one before.
            var low = 0, high = piece.count - 1
            while low < high {
                let middle = (low + high) / 2
                if piece[middle].distance < distance { low = middle + 1 } else { high = middle }
            }
            guard low > 0 else { return piece[0].elevation }
            let a = piece[low - 1], b = piece[low]
            let span = b.distance - a.distance
            return span > 0 ? a.elevation + (b.elevation - a.elevation) * (distance - a.distance) / span : b.elevation
        }
        return (0..<(piece.count - 1)).map { index in
            let middle = (piece[index].distance + piece[index + 1].distance) / 2
            let from = max(first, middle - window / 2), to = min(last, middle + window / 2)
            guard to - from >= 1 else { return 0 }
            return (elevation(at: to) - elevation(at: from)) / (to - from) * 100
        }
    }
}
