internal import CGDAL
import Foundation
import MapErrors

/// GDAL's errors kept off standard error (library code never prints) and turned into words.
///
/// GDAL reports through a per-thread handler stack (cpl_error.h): `quietly` pushes the
/// quiet handler for the duration of its work, and `lastMessage` is what GDAL said last on
/// this thread, for the `MapError` that follows a failed call.
enum GDALErrors {
    /// Loads libgdal (it is not linked: `CGDAL.h` says why) and registers its drivers, once
    /// per process; nil, or why GDAL cannot be used.
    static let loadFailure: String? = {
        if let failure = cgdal_load() { return String(cString: failure) }
        GDALAllRegister()
        return nil
    }()

    /// Runs `work` with GDAL's messages captured instead of printed; throws when GDAL cannot
    /// be loaded.
    static func quietly<T>(_ work: () throws(MapError) -> T) throws(MapError) -> T {
        if let failure = loadFailure {
            throw MapError(
                .unavailable, "importing elevation models needs GDAL: \(failure)",
                remedy: "install GDAL's library (Debian: apt-get install libgdal32)")
        }
        CPLPushErrorHandler(CPLQuietErrorHandler)
        defer { CPLPopErrorHandler() }
        CPLErrorReset()
        return try work()
    }

    /// What GDAL said last on this thread, or `fallback` when it said nothing.
    static func lastMessage(or fallback: String) -> String {
        guard let text = CPLGetLastErrorMsg(), text.pointee != 0 else { return fallback }
        return String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A NULL-terminated list of C strings, as GDAL's option parsers take them (`CSL…`),
    /// destroyed after `body`.
    static func withStringList<T>(
        _ words: [String], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) throws(MapError) -> T
    ) throws(MapError) -> T {
        var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = nil
        for word in words { list = CSLAddString(list, word) }
        defer { CSLDestroy(list) }
        return try body(list)
    }
}
