public import Foundation

/// Reads and writes the ISO 8601 timestamps of GPX, CSV and JSON files, without Foundation's
/// formatters (which are slow per call, and each accepts only one variant).
///
/// Accepted (ISO 8601 extended format, the profile of RFC 3339 §5.6 plus what GPS files
/// use): `YYYY-MM-DDThh:mm[:ss[.fraction]][zone]`, where the zone is `Z`, `±hh:mm`, `±hhmm`
/// or `±hh`, and the `T` may be a space or lowercase. A timestamp without a zone is taken as
/// UTC, as the GPX 1.1 schema requires of `time` ("Date and time are in Coordinated
/// Universal Time (UTC), not local time"). A leap second (`:60`) reads as the first instant
/// of the next minute, since `Date` has no leap seconds.
public enum ISO8601Timestamp {
    /// The instant `text` names, or `nil` when it is not such a timestamp or a field is out
    /// of range (month 13, February 30th, hour 24, minute 60).
    public static func date(from text: some StringProtocol) -> Date? {
        var string = String(text)
        return string.withUTF8 { parse($0) }
    }

    /// `date` in UTC as `YYYY-MM-DDThh:mm:ssZ`, with milliseconds (`.sss`) when it falls
    /// between whole seconds.
    public static func string(from date: Date) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard milliseconds.isFinite, abs(milliseconds) < 1e17 else { return "\(date)" }
        let total = Int64(milliseconds)
        let millisecond = Int(((total % 1000) + 1000) % 1000)
        let seconds = (total - Int64(millisecond)) / 1000
        let dayStart = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = Int(seconds - dayStart * 86_400)
        let (year, month, day) = civil(fromDays: dayStart)
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        var text = "\(pad(Int(year), 4))-\(pad(month, 2))-\(pad(day, 2))T"
        text += "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
        if millisecond != 0 { text += "." + pad(millisecond, 3) }
        return text + "Z"
    }

    // MARK: - Parsing

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var index = 0
        // Leading and trailing spaces are tolerated (XML text content often has them).
        var end = bytes.count
        while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D
        { index += 1 }
        while end > index,
            bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 || bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D
        { end -= 1 }

        func digits(_ count: Int) -> Int? {
            guard index + count <= end else { return nil }
            var value = 0
            for offset in 0..<count {
                let byte = bytes[index + offset]
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += count
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < end, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        guard let year = digits(4), expect(0x2D), let month = digits(2), expect(0x2D), let day = digits(2) else {
            return nil
        }
        // The separator: T, t or a space.
        guard index < end, bytes[index] == 0x54 || bytes[index] == 0x74 || bytes[index] == 0x20 else { return nil }
        index += 1
        guard let hour = digits(2), expect(0x3A), let minute = digits(2) else { return nil }
        var second = 0.0
        if expect(0x3A) {
            guard let whole = digits(2) else { return nil }
            second = Double(whole)
            if index < end, bytes[index] == 0x2E || bytes[index] == 0x2C {  // . or , (ISO 8601 allows both)
                index += 1
                var scale = 0.1
                var any = false
                while index < end, bytes[index] >= 0x30 && bytes[index] <= 0x39 {
                    second += Double(bytes[index] - 0x30) * scale
                    scale /= 10
                    index += 1
                    any = true
                }
                guard any else { return nil }
            }
        }
        var offsetSeconds = 0
        if index < end {
            let sign = bytes[index]
            if sign == 0x5A || sign == 0x7A {  // Z z
                index += 1
            } else if sign == 0x2B || sign == 0x2D {  // + -
                index += 1
                guard let zoneHour = digits(2), zoneHour <= 23 else { return nil }
                var zoneMinute = 0
                if index < end {
                    _ = expect(0x3A)
                    guard let value = digits(2), value <= 59 else { return nil }
                    zoneMinute = value
                }
                offsetSeconds = (zoneHour * 3600 + zoneMinute * 60) * (sign == 0x2D ? -1 : 1)
            } else {
                return nil
            }
        }
        guard index == end else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour <= 23, minute <= 59,
            second < 61
        else { return nil }
        let days = Self.days(fromCivil: Int64(year), month, day)
        let seconds = Double(days * 86_400 + Int64(hour * 3600 + minute * 60 - offsetSeconds)) + second
        return Date(timeIntervalSince1970: seconds)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant, "chrono-Compatible
    /// Low-Level Date Algorithms", `days_from_civil`).
    static func days(fromCivil year: Int64, _ month: Int, _ day: Int) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = Int64(month > 2 ? month - 3 : month + 9)
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day number since 1970-01-01 (Hinnant's
    /// `civil_from_days`).
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
        let month = Int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
