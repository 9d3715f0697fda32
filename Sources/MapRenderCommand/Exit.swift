import MapErrors

/// Process exit statuses, after BSD's sysexits.h.
enum ExitStatus: Int32, CaseIterable {
    case success = 0
    case usage = 64
    case dataError = 65
    case noInput = 66
    case unavailable = 69
    case software = 70
    case cannotCreate = 73
    case ioError = 74
    case configuration = 78

    /// The one place that decides which status an error gets.
    init(_ error: MapError) {
        switch error.kind {
        case .invalidRequest: self = .usage
        case .invalidData: self = .dataError
        case .missingInput: self = .noInput
        case .unavailable: self = .unavailable
        case .cannotCreate: self = .cannotCreate
        case .ioFailure: self = .ioError
        case .internalFailure: self = .software
        case .invalidConfiguration: self = .configuration
        }
    }

    /// What the status means to a user, for help and the man page.
    var meaning: String {
        switch self {
        case .success: "success"
        case .usage: "usage error: a bad or unknown option, a missing -o"
        case .dataError: "bad input data: not a SQLite file, no favorites table, a bad row or line"
        case .noInput: "an input file is missing or unreadable"
        case .unavailable:
            "unavailable: a tile server or geocoder, or with --strict a warning such as a dropped callout"
        case .software: "an internal error"
        case .cannotCreate: "the output cannot be created"
        case .ioError: "writing the output failed part-way"
        case .configuration: "a bad configuration file or MAPRENDER_ environment variable (see 'maprender config')"
        }
    }
}
