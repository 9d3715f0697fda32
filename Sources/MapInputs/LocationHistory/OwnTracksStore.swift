import Foundation
public import MapErrors
import MapFormats
public import MapGeometry
import MapRenderCore

/// An OwnTracks Recorder store folder: `rec/USER/DEVICE/YYYY-MM.rec` (doc/STORE.md of
/// github.com/owntracks/recorder). Given the storage folder, its `rec` folder, one USER
/// folder or one DEVICE folder, it finds the month files that can hold fixes in a time
/// window, so that a night's map opens one month of years of recordings.
public enum OwnTracksStore {
    /// The `.rec` month files under `folder` whose month can overlap `window`, sorted by
    /// device and month.
    ///
    /// A file named `YYYY-MM.rec` covers that month in UTC, widened by a day each side (the
    /// recorder files a message under the month of its `tst`; a day of slack keeps a file
    /// written around midnight in any zone); its fixes are then checked one by one. Files
    /// not named like a month (`demo-iphone.rec`) are always listed.
    ///
    /// - Throws: `MapError` `.missingInput` when `folder` is not a readable folder.
    public static func files(in folder: String, window: TrackTimeWindow) throws(MapError) -> [String] {
        try deviceFolders(in: folder).flatMap { device in
            recFiles(in: device).filter { monthOverlaps(fileName: ($0 as NSString).lastPathComponent, window: window) }
        }
    }

    /// Reads the month files `files(in:window:)` lists: one track per device, named
    /// `USER/DEVICE`, its months in order.
    ///
    /// - Throws: `MapError` as `files(in:window:)` and `OwnTracksRecDecoder.read`.
    public static func read(
        folder: String, window: TrackTimeWindow = .unbounded
    ) throws(MapError) -> SceneContent {
        var content = SceneContent()
        for device in try deviceFolders(in: folder) {
            let months = recFiles(in: device).filter {
                monthOverlaps(fileName: ($0 as NSString).lastPathComponent, window: window)
            }
            guard !months.isEmpty else { continue }
            let url = URL(fileURLWithPath: device)
            let name = url.deletingLastPathComponent().lastPathComponent + "/" + url.lastPathComponent
            var track = Track(name: name)
            for month in months {
                let read = try OwnTracksRecDecoder.read(atPath: month, window: window)
                track.segments += read.tracks.flatMap(\.segments)
                content.diagnostics += read.diagnostics
                content.leftOutOfWindow = content.leftOutOfWindow + read.leftOutOfWindow
            }
            if !track.isEmpty { content.tracks.append(track) }
        }
        return content
    }

    /// `USER/DEVICE` for a month file of a store (`…/USER/DEVICE/YYYY-MM.rec`), the name of
    /// its device's track; `nil` for a `.rec` file not named like a month.
    public static func deviceName(ofMonthFile path: String) -> String? {
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        guard name.count == 11, name.hasSuffix(".rec"), monthOverlaps(fileName: name, window: .unbounded),
            Int(name.prefix(4)) != nil
        else { return nil }
        let device = url.deletingLastPathComponent()
        let user = device.deletingLastPathComponent().lastPathComponent
        return user.isEmpty || user == "/" ? nil : user + "/" + device.lastPathComponent
    }

    /// Whether `folder` is a store or a part of one: it, or its `rec` folder, or the folders
    /// up to three levels under it hold `.rec` files.
    public static func isStore(_ folder: String) -> Bool {
        ((try? deviceFolders(in: folder)) ?? []).isEmpty == false
    }

    /// The DEVICE folders at or under `folder`, sorted.
    static func deviceFolders(in folder: String) throws(MapError) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw MapError(
                .missingInput, "is not a folder", at: InputLocation(file: folder),
                remedy: "give the recorder's storage folder, its rec folder, or a user or device folder in it")
        }
        // A device folder holds .rec files; a user folder holds device folders; `rec` holds
        // user folders; the storage folder holds `rec`. Three levels at most.
        var level = [folder]
        for _ in 0..<4 {
            let devices = level.filter { !recFiles(in: $0).isEmpty }
            if !devices.isEmpty { return devices }
            var next: [String] = []
            for parent in level {
                let children = subfolders(of: parent)
                // The storage folder: only `rec` holds recordings (`last`, `ghash`… do not).
                if let rec = children.first(where: { ($0 as NSString).lastPathComponent == "rec" }) {
                    next.append(rec)
                } else {
                    next += children
                }
            }
            level = next
        }
        return []
    }

    private static func subfolders(of folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.sorted().compactMap { name in
            guard !name.hasPrefix(".") else { return nil }
            let path = (folder as NSString).appendingPathComponent(name)
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
                ? path : nil
        }
    }

    private static func recFiles(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".rec") && !$0.hasPrefix(".") }.sorted().map {
            (folder as NSString).appendingPathComponent($0)
        }
    }

    /// Whether the month a `YYYY-MM.rec` name gives, a day wider each side, overlaps
    /// `window`; `true` for other names.
    static func monthOverlaps(fileName: String, window: TrackTimeWindow) -> Bool {
        let bytes = Array(fileName.utf8)
        guard bytes.count == 11, fileName.hasSuffix(".rec"), bytes[4] == UInt8(ascii: "-"),
            let year = Int(String(decoding: bytes[0..<4], as: UTF8.self)),
            let month = Int(String(decoding: bytes[5..<7], as: UTF8.self)), (1...12).contains(month),
            let first = ISO8601Timestamp.date(from: String(format: "%04d-%02d-01T00:00:00Z", year, month)),
            let next = ISO8601Timestamp.date(
                from: String(format: "%04d-%02d-01T00:00:00Z", month == 12 ? year + 1 : year, month % 12 + 1))
        else { return true }
        return window.overlaps(from: first.addingTimeInterval(-86_400), to: next.addingTimeInterval(86_400))
    }
}
