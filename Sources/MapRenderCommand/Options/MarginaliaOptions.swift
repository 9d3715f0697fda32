import Foundation
import MapCommandLine
import MapErrors
import MapMarginalia

/// What `--grid`, `--grid-format`, `--north-arrow`, `--subtitle` and `--date` ask for.
struct MarginaliaRequest {
    /// `--grid`: `nil` for no grid; an interval of `nil` for auto.
    var grid: GridRequest?
    /// `--grid-format`, kept apart from `grid` so it may come before `--grid`.
    var gridFormat = GridLabelFormat.dms
    var showsNorthArrow = false
    var subtitle: String?
    /// The date line as it is to read (`YYYY-MM-DD`).
    var date: String?

    /// Whether the title is set as a block with a subtitle or date (drawn by the marginalia)
    /// rather than the map's own title plate.
    var setsTitleBlock: Bool { subtitle != nil || date != nil }

    /// The marginalia to draw, given the title.
    func marginalia(title: String?) -> Marginalia {
        var grid = self.grid
        grid?.format = gridFormat
        return Marginalia(
            grid: grid, showsNorthArrow: showsNorthArrow,
            titleBlock: setsTitleBlock ? TitleBlockText(title: title, subtitle: subtitle, date: date) : TitleBlockText()
        )
    }
}

/// The options of print marginalia, in the look section after the others.
enum MarginaliaOptions {
    static let table: [BoundOption<RenderRequest>] = [
        .optionalValue(
            "--grid", valueName: "[DEG|auto]", section: .look,
            help:
                "a graticule with coordinates on the edges: auto (default) picks a round interval giving 3–8 lines a side;"
                + " DEG in degrees (0.25), minutes (30m or 30') or seconds (15s or 15\")",
            // Anything number-like is the value, so a bad interval gets its own message.
            accepts: { $0 == "auto" || $0.first.map { $0.isNumber || $0 == "." } == true },
            action: { request, value throws(MapError) in
                guard value.text.isEmpty || value.text == "auto" else {
                    guard let interval = GridInterval(parsing: value.text) else {
                        throw MapError(
                            .invalidRequest, "--grid: '\(value.text)' is not auto or a positive interval",
                            remedy: "write degrees (0.25), minutes (30m) or seconds (15s)")
                    }
                    request.marginalia.grid = GridRequest(interval: interval)
                    return
                }
                request.marginalia.grid = GridRequest()
            }),
        .value(
            "--grid-format", valueName: "dms|decimal", section: .look,
            completion: .choices(GridLabelFormat.allCases.map(\.rawValue)),
            help: "grid labels as degrees, minutes and seconds (60°10′N, the default) or decimal degrees (60.17°N)"
        ) { request, value throws(MapError) in
            guard let format = GridLabelFormat(rawValue: value.text) else {
                throw MapError(.invalidRequest, "--grid-format: '\(value.text)' is not dms or decimal")
            }
            request.marginalia.gridFormat = format
        },
        .flag(
            "--north-arrow", section: .look,
            help: "an arrow to true north in a free corner (straight up: meridians are vertical in Web Mercator)"
        ) { request in request.marginalia.showsNorthArrow = true },
        .value(
            "--subtitle", valueName: "TEXT", section: .look,
            help: "a line under the title; the two (and --date) are set as one block"
        ) { request, value in request.marginalia.subtitle = value.text.isEmpty ? nil : value.text },
        .optionalValue(
            "--date", valueName: "[YYYY-MM-DD|today]", section: .look,
            help: "a date line in the title block: the date given, or today's (the default)",
            accepts: { $0 == "today" || $0.first?.isNumber == true },
            action: { request, value throws(MapError) in
                if value.text.isEmpty || value.text == "today" {
                    request.marginalia.date = today()
                } else if let date = isoDate(value.text) {
                    request.marginalia.date = date
                } else {
                    throw MapError(
                        .invalidRequest, "--date: '\(value.text)' is not a date",
                        remedy: "write YYYY-MM-DD, e.g. 2026-12-01, or today")
                }
            }),
    ]

    /// `text` when it is a real calendar date written YYYY-MM-DD, else `nil`.
    static func isoDate(_ text: String) -> String? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month)
        else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day) ? text : nil
    }

    /// Today's date in the local time zone, YYYY-MM-DD.
    static func today() -> String {
        let parts = Calendar(identifier: .gregorian).dateComponents([.year, .month, .day], from: Date())
        let year = parts.year ?? 1970, month = parts.month ?? 1, day = parts.day ?? 1
        return String(format: "%04d-%02d-%02d", year, month, day)
    }
}
