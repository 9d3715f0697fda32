import Foundation
public import MapErrors
import MapFIT
import MapFormats

extension FITDecoder {
    /// How many messages `startTime(atPath:)` reads at most: the `file_id` and the first
    /// timed messages come in the first few dozen of every activity file seen.
    static let startTimeMessageLimit = 64

    /// When the activity of the FIT file at `path` began, read from its first messages only:
    /// the first date (a `timestamp`, field 253, of any message, or the `file_id`'s
    /// `time_created`, field 4); `nil` when the first messages give none, or give device
    /// uptime rather than a date. A folder of a year of activities is sorted out by this
    /// without reading any of them whole.
    ///
    /// - Throws: `MapError` `.missingInput` when the file cannot be opened.
    public static func startTime(atPath path: String) throws(MapError) -> Date? {
        let file = try InputFile.open(atPath: path, what: "FIT")
        var reader = FITReader(source: FITFileSource(file: file))
        var messages = 0
        while messages < startTimeMessageLimit, let event = try? reader.next() {
            guard case .message(let message) = event else {
                if case .damage = event { return nil }
                continue
            }
            messages += 1
            let field: UInt8 = message.globalNumber == 0 ? 4 : 253
            guard let seconds = message.number(field), seconds >= Double(FITActivity.firstDate) else { continue }
            return Date(timeIntervalSince1970: FITActivity.epoch + seconds)
        }
        return nil
    }
}
