import Foundation
import MapDrawing
import MapGeometry

/// The values KML writes as text: colours, coordinate tuples, booleans, HTML descriptions.
enum KMLValues {
    /// A KML colour, `aabbggrr` hex (OGC KML 2.2, `kml:color`); a leading `#` and the six-digit
    /// `bbggrr` some writers use are accepted. `nil` when it is neither.
    static func color(_ text: String) -> Color? {
        var digits = Substring(text)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 8 || digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        let alpha = digits.count == 8 ? Double(value >> 24) / 255 : 1
        let blue = (value >> 16) & 0xFF, green = (value >> 8) & 0xFF, red = value & 0xFF
        return Color(hex: red << 16 | green << 8 | blue, alpha: alpha)
    }

    /// `#rrggbb` of a colour, its alpha dropped.
    static func hex(_ color: Color) -> String {
        func byte(_ component: Double) -> String {
            let value = Int((min(1, max(0, component)) * 255).rounded())
            return (value < 16 ? "0" : "") + String(value, radix: 16)
        }
        return "#" + byte(color.red) + byte(color.green) + byte(color.blue)
    }

    /// `kml:boolean`: `1`/`true` or `0`/`false`; `nil` for anything else.
    static func boolean(_ text: String) -> Bool? {
        switch text {
        case "1", "true": true
        case "0", "false": false
        default: nil
        }
    }

    /// Why a `coordinates` text could not be read.
    struct CoordinateProblem: Error {
        var message: String
    }

    /// The tuples of a `kml:coordinates` text (OGC KML 2.2: "lon,lat[,alt]" tuples separated
    /// by white space) as real files write them: any white space between tuples, a leading
    /// `+`, an altitude and a stray fourth number (ignored), trailing commas, and a space
    /// after a comma inside a tuple (`lon, lat`: a lone number after a comma joins the tuple
    /// before). Tuples of one number are skipped and counted.
    static func coordinates(_ text: String) -> Result<(points: [Coordinate], skipped: Int), CoordinateProblem> {
        var tuples: [[Substring]] = []
        var previousEndedWithComma = false
        for piece in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
            let parts = piece.split(separator: ",", omittingEmptySubsequences: true)
            // One number after a comma finishes the tuple before it ("lon, lat, alt").
            if previousEndedWithComma || piece.hasPrefix(","), parts.count == 1, let last = tuples.last, last.count < 3
            {
                tuples[tuples.count - 1] += parts
            } else if !parts.isEmpty {
                tuples.append(parts)
            }
            previousEndedWithComma = piece.hasSuffix(",")
        }
        var points: [Coordinate] = []
        points.reserveCapacity(tuples.count)
        var skipped = 0
        for tuple in tuples {
            guard tuple.count >= 2 else {
                skipped += 1
                continue
            }
            guard let longitude = number(tuple[0]), let latitude = number(tuple[1]) else {
                return .failure(CoordinateProblem(message: "'\(tuple.joined(separator: ","))' is not lon,lat[,alt]"))
            }
            guard abs(latitude) <= 90, abs(longitude) <= 180 else {
                return .failure(
                    CoordinateProblem(
                        message: "\(longitude),\(latitude) is out of range (lon [-180, 180], lat [-90, 90])"))
            }
            points.append(Coordinate(latitude: latitude, longitude: longitude))
        }
        return .success((points, skipped))
    }

    /// A finite decimal number, a leading `+` allowed.
    static func number(_ text: Substring) -> Double? {
        guard let value = Double(text.hasPrefix("+") ? text.dropFirst() : text), value.isFinite else { return nil }
        return value
    }

    /// A `gx:coord` text, "lon lat alt" separated by spaces (KML 2.2 Extensions, `gx:coord`),
    /// commas tolerated: the coordinate and the altitude, if any.
    static func trackCoordinate(_ text: String) -> (Coordinate, Double?)? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard parts.count >= 2, let longitude = number(parts[0]), let latitude = number(parts[1]),
            abs(latitude) <= 90, abs(longitude) <= 180
        else { return nil }
        return (Coordinate(latitude: latitude, longitude: longitude), parts.count > 2 ? number(parts[2]) : nil)
    }

    /// A description as one line of plain text: HTML tags removed (block tags as spaces),
    /// character and the common HTML entity references decoded, white space collapsed.
    /// `nil` when nothing is left.
    static func plainText(_ html: String) -> String? {
        var text = ""
        var inTag = false
        for character in html {
            if inTag {
                if character == ">" { inTag = false }
            } else if character == "<" {
                inTag = true
                text.append(" ")
            } else {
                text.append(character)
            }
        }
        let decoded = decodeEntities(text)
        let words = decoded.split(whereSeparator: { $0.isWhitespace })
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    private static let entities: [Substring: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "ndash": "–", "mdash": "—",
        "hellip": "…", "copy": "©", "deg": "°", "eacute": "é", "egrave": "è", "uuml": "ü", "ouml": "ö",
        "auml": "ä", "szlig": "ß",
    ]

    /// `&name;`, `&#NN;` and `&#xHH;` replaced; anything else left as written.
    private static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[ampersand...]
            guard let semicolon = rest.prefix(12).firstIndex(of: ";") else {
                result.append("&")
                rest = rest.dropFirst()
                continue
            }
            let name = rest[rest.index(after: rest.startIndex)..<semicolon]
            var replacement = entities[name]
            if replacement == nil, name.hasPrefix("#") {
                let digits = name.dropFirst()
                let value =
                    digits.hasPrefix("x") || digits.hasPrefix("X")
                    ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                if let value, let scalar = Unicode.Scalar(value) { replacement = String(Character(scalar)) }
            }
            if let replacement {
                result += replacement
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result.append("&")
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }
}
