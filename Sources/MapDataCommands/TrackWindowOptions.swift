import Foundation
import MapErrors
import MapFormats
import MapGeometry

/// The time window of `--since`, `--until`, `--day` and `--timezone`, as given, and the
/// `TrackTimeWindow` they make.
///
/// A time is an ISO 8601 timestamp with its offset (`2026-12-01T06:00:00Z`,
/// `2026-12-01T08:00+02:00`), a local date and time without one (`2026-12-01T08:00`, in
/// `--timezone`), a date (`2026-12-01`: its midnight in `--timezone`), `now`, or a span
/// back from now (`36h`, `90m`, `7d`). `--day` is a date, `today` or `yesterday` in
/// `--timezone`: from that midnight to the next (23 or 25 hours on the days daylight saving
/// time starts or ends). `--timezone` is an IANA name (`Europe/Helsinki`, `UTC`); by default
/// the machine's (`TZ`, else `/etc/localtime`).
public struct TrackWindowOptions: Hashable, Sendable {
    /// `--since`, as written.
    public var since: String?
    /// `--until`, as written.
    public var until: String?
    /// `--day`, as written.
    public var day: String?
    /// `--timezone`, as written.
    public var timeZone: String?

    /// No window.
    public init() {}

    /// Whether no option of the window was given.
    public var isEmpty: Bool { since == nil && until == nil && day == nil }

    /// The window the options make, with relative times counted back from `now`.
    ///
    /// - Throws: `.invalidRequest` for a time, day or zone that cannot be read, `--day` with
    ///   `--since` or `--until`, or a window whose end is not after its start.
    public func window(now: Date = Date()) throws(MapError) -> TrackTimeWindow {
        let zone = try resolvedTimeZone()
        if let day {
            guard since == nil, until == nil else {
                throw MapError(
                    .invalidRequest, "--day cannot be combined with --since or --until",
                    remedy: "give --day for a calendar day, or --since and --until for any span")
            }
            let start = try Self.dayStart(day, in: zone, now: now)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            guard let end = calendar.date(byAdding: .day, value: 1, to: start) else {
                throw MapError(.invalidRequest, "--day: '\(day)' has no next day")
            }
            return TrackTimeWindow(start: start, end: end)
        }
        let window = TrackTimeWindow(
            start: try since.map { text throws(MapError) in try Self.time(text, option: "--since", in: zone, now: now)
            },
            end: try until.map { text throws(MapError) in try Self.time(text, option: "--until", in: zone, now: now) })
        if window.isEmpty {
            throw MapError(
                .invalidRequest, "--until (\(until ?? "")) is not after --since (\(since ?? ""))",
                remedy: "give an --until later than --since")
        }
        return window
    }

    /// The zone of `--timezone`, else the machine's.
    func resolvedTimeZone() throws(MapError) -> TimeZone {
        guard let name = timeZone else { return TimeZone.current }
        if let zone = TimeZone(identifier: name) { return zone }
        let known = TimeZone.knownTimeZoneIdentifiers
        let suggestion = Spelling.closestName(to: name, among: known).map { " (did you mean \($0)?)" } ?? ""
        throw MapError(
            .invalidRequest, "--timezone: '\(name)' is not a time zone\(suggestion)",
            remedy: "give an IANA time zone name such as Europe/Helsinki, America/Denver or UTC")
    }

    /// The first instant of `--day`'s day in `zone`.
    static func dayStart(_ text: String, in zone: TimeZone, now: Date) throws(MapError) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        switch text.lowercased() {
        case "today": return calendar.startOfDay(for: now)
        case "yesterday":
            let today = calendar.startOfDay(for: now)
            guard let start = calendar.date(byAdding: .day, value: -1, to: today) else { break }
            return calendar.startOfDay(for: start)
        default:
            if let components = localComponents(text), components.hour == nil,
                let date = calendar.date(from: components)
            {
                return date
            }
        }
        throw MapError(
            .invalidRequest, "--day: '\(text)' is not a day", remedy: "give YYYY-MM-DD, today or yesterday")
    }

    /// A time of `--since` or `--until`.
    static func time(_ text: String, option: String, in zone: TimeZone, now: Date) throws(MapError) -> Date {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() == "now" { return now }
        if let span = span(trimmed) { return now.addingTimeInterval(-span) }
        // A local time first: the timestamp reader would take one without an offset as UTC.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        if let components = localComponents(trimmed), let date = calendar.date(from: components) { return date }
        if let date = ISO8601Timestamp.date(from: trimmed) { return date }
        throw MapError(
            .invalidRequest, "\(option): '\(text)' is not a time",
            remedy: "give an ISO 8601 time (2026-12-01T08:00:00+02:00, or 2026-12-01T08:00 in --timezone), "
                + "a date (2026-12-01), now, or a span back from now (36h, 90m, 7d)")
    }

    /// Seconds back from now of `36h`, `90m`, `7d` or `45s`, or `nil`.
    static func span(_ text: String) -> TimeInterval? {
        guard let unit = text.last, let count = Double(text.dropLast()), count.isFinite, count >= 0 else { return nil }
        switch unit {
        case "s": return count
        case "m": return count * 60
        case "h": return count * 3600
        case "d": return count * 86400
        default: return nil
        }
    }

    /// The calendar fields of `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM[:SS]` (a space for the `T`
    /// too), checked for range, or `nil`.
    static func localComponents(_ text: String) -> DateComponents? {
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "T" || $0 == " " })
        guard parts.count == 1 || parts.count == 2 else { return nil }
        let date = parts[0].split(separator: "-", omittingEmptySubsequences: false)
        guard date.count == 3, date[0].count == 4, date[1].count == 2, date[2].count == 2,
            let year = Int(date[0]), let month = Int(date[1]), let day = Int(date[2]),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var components = DateComponents(year: year, month: month, day: day)
        guard parts.count == 2 else { return isRealDay(components) ? components : nil }
        let time = parts[1].split(separator: ":", omittingEmptySubsequences: false)
        guard time.count == 2 || time.count == 3, time.allSatisfy({ $0.count == 2 }),
            let hour = Int(time[0]), let minute = Int(time[1]), (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        components.hour = hour
        components.minute = minute
        if time.count == 3 {
            guard let second = Int(time[2]), (0...59).contains(second) else { return nil }
            components.second = second
        }
        return isRealDay(components) ? components : nil
    }

    /// Whether the components' day exists (no February 30th).
    private static func isRealDay(_ components: DateComponents) -> Bool {
        guard let year = components.year, let month = components.month, let day = components.day else { return false }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let first = calendar.date(from: DateComponents(year: year, month: month, day: 1)),
            let days = calendar.range(of: .day, in: .month, for: first)
        else { return false }
        return days.contains(day)
    }
}
