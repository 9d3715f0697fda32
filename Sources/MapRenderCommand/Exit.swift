import MapErrors

/// Process exit statuses, after BSD's sysexits.h.
enum ExitStatus: Int32 {
    case success = 0
    case usage = 64
    case dataError = 65
    case noInput = 66
    case unavailable = 69
    case software = 70
    case cannotCreate = 73
    case ioError = 74

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
        }
    }
}
