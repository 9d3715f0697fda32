// Times FITDecoder.read on one file: the FIT reader's speed benchmark (time_fit.sh builds
// and runs it). Prints the median wall time of the runs and what was read.
import Foundation
import MapInputs

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: time-fit FILE [RUNS]\n".utf8))
    exit(2)
}
let runs = arguments.count > 2 ? Int(arguments[2]) ?? 3 : 3
var times: [Double] = []
var summary = ""
for _ in 0..<runs {
    let start = Date()
    do {
        let content = try FITDecoder.read(atPath: arguments[1])
        times.append(Date().timeIntervalSince(start))
        let fixes = content.tracks.reduce(0) { $0 + $1.fixCount }
        summary =
            "\(fixes) fixes, \(content.tracks.first?.segments.count ?? 0) segments, \(content.diagnostics.count) diagnostics"
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(1)
    }
}
var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
let median = times.sorted()[times.count / 2]
print(
    String(
        format: "FITDecoder.read: median %.3f s of %d runs; %@; peak RSS %d MB", median, runs, summary,
        usage.ru_maxrss / 1024))
