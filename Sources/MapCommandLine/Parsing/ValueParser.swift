public import MapErrors
public import MapGeometry

/// Parsers for option values, each failing with a usage error that names the option.
public enum ValueParser {
    /// A finite number.
    public static func number(_ text: String, option: String) throws(MapError) -> Double {
        guard let value = Double(text.trimmingCharacters(in: " ")), value.isFinite else {
            throw MapError(.invalidRequest, "\(option): '\(text)' is not a number")
        }
        return value
    }

    /// "LAT,LON" followed by up to `extra` more comma-separated fields.
    public static func coordinate(
        _ text: String, option: String, extra: Int = 0
    ) throws(MapError) -> (Coordinate, [String]) {
        let fields = text.split(separator: ",", maxSplits: 1 + extra, omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 2 else {
            throw MapError(
                .invalidRequest, "\(option): '\(text)' is not LAT,LON",
                remedy: "write latitude first, e.g. 39.7392,-104.9903")
        }
        let coordinate = Coordinate(
            latitude: try number(fields[0], option: option), longitude: try number(fields[1], option: option))
        guard coordinate.isValid else {
            throw MapError(
                .invalidRequest, "\(option): \(text) is outside the world",
                remedy: "latitude must lie in [-90, 90] and longitude in [-180, 180]; latitude comes first")
        }
        return (coordinate, Array(fields.dropFirst(2)))
    }

    /// A distance in meters: a number with an optional unit m, km, mi, ft or nmi.
    public static func distance(_ text: String, option: String) throws(MapError) -> Double {
        let trimmed = text.trimmingCharacters(in: " ").lowercased()
        let units: [(String, Double)] = [("nmi", 1852), ("km", 1000), ("mi", 1609.344), ("ft", 0.3048), ("m", 1)]
        var factor = 1.0
        var digits = trimmed
        for (suffix, meters) in units where trimmed.hasSuffix(suffix) {
            factor = meters
            digits = String(trimmed.dropLast(suffix.count))
            break
        }
        guard let value = Double(digits), value.isFinite, value > 0 else {
            throw MapError(
                .invalidRequest, "\(option): '\(text)' is not a distance",
                remedy: "give a positive number of meters, or with a unit: 500m, 2km, 1.5mi")
        }
        return value * factor
    }

    /// "WxH" in canvas points.
    public static func size(_ text: String, option: String) throws(MapError) -> CanvasSize {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0 else {
            throw MapError(
                .invalidRequest, "\(option): '\(text)' is not WIDTHxHEIGHT",
                remedy: "give positive whole points, e.g. 800x600")
        }
        guard width <= 20_000, height <= 20_000 else {
            throw MapError(
                .invalidRequest, "\(option): \(text) is too large", remedy: "each side may be at most 20000 points")
        }
        return CanvasSize(width: Double(width), height: Double(height))
    }
}

extension String {
    /// The string without leading and trailing occurrences of a character.
    public func trimmingCharacters(in character: Character) -> String {
        var slice = Substring(self)
        while slice.first == character { slice.removeFirst() }
        while slice.last == character { slice.removeLast() }
        return String(slice)
    }
}
