import Foundation
import MapFIT
import MapGeometry
import MapRenderCore

/// What the FIT decoder gathers from a stream's messages, then turns into scene content:
/// the fixes in order with their FIT times, the session and lap boundaries, the course's
/// name and points.
struct FITActivity {
    /// FIT times count seconds from 1989-12-31T00:00:00Z (FIT Profile, type `date_time`),
    /// 631,065,600 s after the Unix epoch.
    static let epoch: TimeInterval = 631_065_600
    /// Times below 0x10000000 are seconds of device uptime ("system time"), not dates
    /// (FIT Profile, type `date_time`: "min").
    static let firstDate: UInt32 = 0x1000_0000
    /// Degrees per semicircle (FIT Profile: positions are sint32 semicircles, 2^31 to 180°).
    static let degreesPerSemicircle = 180.0 / 2_147_483_648.0

    let window: TrackTimeWindow
    var fixes: [Location] = []
    /// Each fix's FIT time (uptime or date), for placing it among sessions and laps.
    var fixTimes: [UInt32?] = []
    /// Each fix's file in a chain.
    var fixFiles: [Int32] = []
    var file: Int32 = -1
    var records = 0
    var positioned = 0
    var uptimeRecords = 0
    var leftOut = TrackWindowCount()
    /// Left out while no record had a position yet: counted only if one does.
    var leftOutUnpositioned = TrackWindowCount()
    var sessions: [(start: UInt32, sport: Int?)] = []
    var lapStarts: [UInt32] = []
    var isCourse = false
    var courseName: String?
    var places: [Place] = []

    init(window: TrackTimeWindow) {
        self.window = window
    }

    /// The date a FIT time stands for, `nil` for uptime.
    static func date(_ seconds: UInt32) -> Date? {
        seconds < firstDate ? nil : Date(timeIntervalSince1970: epoch + TimeInterval(seconds))
    }

    static func coordinate(latitude: Double?, longitude: Double?) -> Coordinate? {
        guard let latitude, let longitude else { return nil }
        let coordinate = Coordinate(
            latitude: latitude * degreesPerSemicircle, longitude: longitude * degreesPerSemicircle)
        return coordinate.isValid ? coordinate : nil
    }

    mutating func add(_ message: FITMessage) {
        switch message.globalNumber {
        case 20: addRecord(message)
        case 0:
            // file_id.type (field 0): 6 is a course (FIT Profile, type `file`).
            if message.number(0) == 6 { isCourse = true }
        case 18:
            if let start = message.number(2) ?? message.timestamp.map(Double.init), start >= 0,
                start <= Double(UInt32.max)
            {
                sessions.append((UInt32(start), message.number(5).flatMap { Int(exactly: $0) }))
            }
        case 19:
            if let start = message.number(2), start >= 0, start <= Double(UInt32.max) {
                lapStarts.append(UInt32(start))
            }
        case 31:
            courseName = message.string(5) ?? courseName
        case 32: addCoursePoint(message)
        default: break
        }
    }

    // record (FIT Profile, message 20): position_lat (0) and position_long (1) in
    // semicircles; altitude (2) and enhanced_altitude (78), scale 5, offset 500 m; speed (6)
    // and enhanced_speed (73), scale 1000, m/s; gps_accuracy (31), m; timestamp (253).
    private mutating func addRecord(_ message: FITMessage) {
        records += 1
        let seconds = message.timestamp
        let coordinate = Self.coordinate(latitude: message.number(0), longitude: message.number(1))
        // A record with neither a time nor a position says nothing about where or when.
        guard coordinate != nil || seconds != nil else { return }
        var timestamp: Date?
        if let seconds {
            timestamp = Self.date(seconds)
            if timestamp == nil { uptimeRecords += 1 }
        }
        guard window.contains(timestamp) else {
            if coordinate == nil {
                leftOutUnpositioned.countLeftOut(at: timestamp)
            } else {
                leftOut.countLeftOut(at: timestamp)
            }
            return
        }
        var fix = Location(coordinate: coordinate ?? Coordinate(latitude: 0, longitude: 0), timestamp: timestamp)
        if coordinate == nil {
            // Kept, so that cleaning drops it and counts it as invalid.
            fix.horizontalAccuracy = -1
        } else {
            positioned += 1
            if let accuracy = message.number(31) { fix.horizontalAccuracy = accuracy }
        }
        if let altitude = message.number(78) ?? message.number(2) {
            fix.altitude = altitude / 5 - 500
            fix.verticalAccuracy = 0
        }
        if let speed = message.number(73) ?? message.number(6) { fix.speed = speed / 1000 }
        fixes.append(fix)
        fixTimes.append(seconds)
        fixFiles.append(file)
    }

    // course_point (FIT Profile, message 32): timestamp (1), position_lat (2),
    // position_long (3), type (5), name (6).
    private mutating func addCoursePoint(_ message: FITMessage) {
        guard let coordinate = Self.coordinate(latitude: message.number(2), longitude: message.number(3)) else {
            return
        }
        if let seconds = message.number(1), seconds >= 0, seconds <= Double(UInt32.max),
            let date = Self.date(UInt32(seconds)), !window.contains(date)
        {
            return
        }
        let type = message.number(5).flatMap { Int(exactly: $0) }.flatMap(FITProfileNames.coursePoint)
        let name = message.string(6)?.trimmingCharacters(in: .whitespaces)
        let title = name.flatMap { $0.isEmpty ? nil : $0 } ?? type ?? "Course point"
        places.append(Place(title: title, subtitle: type, coordinate: coordinate))
    }

    /// The track: fixes split at each file of a chain and at each session's (or lap's)
    /// start; `nil` when no record had a position (an indoor activity).
    func track(_ segmentation: FITSegmentation) -> Track? {
        guard positioned > 0 else { return nil }
        let starts = (segmentation == .laps ? lapStarts : sessions.map(\.start)).sorted()
        // Where each segment begins, found first, so that one segment (the common case)
        // shares the fixes' storage instead of copying it.
        var breaks: [Int] = [0]
        var lastPiece: (file: Int32, part: Int)?
        for index in fixes.indices {
            var part = lastPiece?.part ?? 0
            if let seconds = fixTimes[index] {
                // The last start at or before the fix: its session (or lap).
                var low = 0
                var high = starts.count
                while low < high {
                    let middle = (low + high) / 2
                    if starts[middle] <= seconds { low = middle + 1 } else { high = middle }
                }
                part = max(0, low - 1)
            }
            let piece = (file: fixFiles[index], part: part)
            if let lastPiece, lastPiece != piece, index > 0 { breaks.append(index) }
            lastPiece = piece
        }
        guard breaks.count > 1 else { return Track(name: name, segments: [fixes]) }
        breaks.append(fixes.count)
        let segments = zip(breaks, breaks.dropFirst()).map { Array(fixes[$0..<$1]) }
        return Track(name: name, segments: segments)
    }

    /// The course's name, or the sports of the sessions (transitions left out).
    var name: String? {
        if isCourse, let courseName, !courseName.isEmpty { return courseName }
        var names: [String] = []
        for session in sessions where session.sport != 3 {
            if let name = session.sport.flatMap(FITProfileNames.sport), !names.contains(name) { names.append(name) }
        }
        guard let first = names.first else { return courseName }
        return ([first] + names.dropFirst().map { $0.lowercased() }).joined(separator: ", ")
    }
}
