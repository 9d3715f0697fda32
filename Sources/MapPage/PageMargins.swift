public import MapGeometry

extension EdgeInsets {
    /// Page margins written as one length for all four edges (`10mm`) or four in CSS order,
    /// top, right, bottom, left (`10mm,15mm,10mm,15mm`); in points.
    ///
    /// - Throws: `PageValueError` when the text is not one or four non-negative lengths.
    public init(margins text: String) throws(PageValueError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 1 || parts.count == 4 else {
            throw PageValueError(
                "'\(text)' is not one margin or four",
                allowed: "LEN, or TOP,RIGHT,BOTTOM,LEFT (10mm or 10mm,15mm,10mm,15mm)")
        }
        var lengths: [Double] = []
        for part in parts {
            let length = try PageLength.parse(part)
            guard length >= 0 else {
                throw PageValueError("'\(text)' has a negative margin", allowed: "lengths of 0 or more")
            }
            lengths.append(length)
        }
        if lengths.count == 1 {
            self.init(all: lengths[0])
        } else {
            self.init(top: lengths[0], left: lengths[3], bottom: lengths[2], right: lengths[1])
        }
    }
}
