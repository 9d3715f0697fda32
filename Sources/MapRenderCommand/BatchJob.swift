import MapCommandLine
import MapErrors
import MapFormats
import MapRenderCore

/// One map of a batch: its identifier, where it came from, and the render request.
struct BatchJob {
    /// The job's `id`, unique in the manifest.
    var id: String
    /// The manifest line (1-based), or 0 for jobs made by `--each`.
    var line: Int
    /// What to render, or the error that stops this job before it starts.
    var request: Result<RenderRequest, MapError>
}

/// Reads a JSON Lines manifest: one job per line, an object whose keys are the long options
/// of `render` (without the dashes) plus `id` and `output`.
///
/// Values: a string or number is the option's value; `true` is a flag, `false` leaves it
/// out; an array repeats the option once per element (`"pin": ["…", "…"]`). Empty lines and
/// lines starting with `#` are skipped. A bad line becomes a failed job with its line
/// number; it never stops the others.
enum BatchManifest {
    static func jobs(inFile path: String, defaults: [String]) throws(MapError) -> [BatchJob] {
        let bytes = try readFile(path)
        var jobs: [BatchJob] = []
        var seen: Set<String> = []
        var lineNumber = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            let text = Array(line.last == UInt8(ascii: "\r") ? line.dropLast() : line)
            guard let first = text.first(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }),
                first != UInt8(ascii: "#")
            else { continue }
            var job = BatchJob(
                id: "line \(lineNumber)", line: lineNumber, request: .failure(MapError(.internalFailure, "unparsed")))
            do throws(MapError) {
                let (id, words) = try arguments(of: text, path: path, line: lineNumber)
                job.id = id
                guard seen.insert(id).inserted else {
                    throw MapError(
                        .invalidData, "id \"\(id)\" is used by an earlier job",
                        at: InputLocation(file: path, line: lineNumber), remedy: "give every job its own id")
                }
                var cursor = ArgumentCursor(defaults + words, programName: MapRenderCommand.name)
                job.request = .success(try RenderRequest(parsing: &cursor))
            } catch {
                // An error without a place of its own is about the job's words: its line.
                job.request = .failure(
                    error.location != nil ? error : error.relocated(to: InputLocation(file: path, line: lineNumber)))
            }
            jobs.append(job)
        }
        return jobs
    }

    /// The job's id and its command-line words.
    static func arguments(of line: [UInt8], path: String, line lineNumber: Int) throws(MapError) -> (String, [String]) {
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: line, fileName: path)
        } catch {
            // Each line is parsed alone, so the parser's line is always 1: put the real one in.
            var location = error.location ?? InputLocation(file: path)
            location.line = lineNumber
            throw error.relocated(to: location)
        }
        guard let members = document.root.members else {
            throw MapError(
                .invalidData, "a job must be a JSON object", at: InputLocation(file: path, line: lineNumber),
                remedy: "write {\"id\": \"…\", \"output\": \"…\", …}")
        }
        var id: String?
        var words: [String] = []
        for member in members {
            let value = member.value
            switch member.key {
            case "id":
                if let text = value.string {
                    id = text
                } else if let number = value.number, number == number.rounded(), abs(number) < 1e15 {
                    // Bounded as in `optionWords`: Int(1e300) would trap.
                    id = String(Int(number))
                }
            case "output":
                guard let output = value.string else {
                    throw MapError(
                        .invalidData, "output must be a string", at: InputLocation(file: path, line: lineNumber))
                }
                words += ["-o", output]
            default:
                words += try optionWords(member.key, value, path: path, line: lineNumber)
            }
        }
        guard let id, !id.isEmpty else {
            throw MapError(
                .invalidData, "the job has no id", at: InputLocation(file: path, line: lineNumber),
                remedy: "give each job an \"id\"")
        }
        guard words.contains("-o") else {
            throw MapError(
                .invalidData, "job \"\(id)\" has no output", at: InputLocation(file: path, line: lineNumber),
                remedy: "give each job an \"output\" file name")
        }
        return (id, words)
    }

    private static func optionWords(
        _ key: String, _ value: JSONNode, path: String, line: Int
    ) throws(MapError) -> [String] {
        let option = "--" + key
        switch value.value {
        case .bool(let flag): return flag ? [option] : []
        case .string(let text): return [option, text]
        case .number(let number):
            return [option, number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : "\(number)"]
        case .array(let elements):
            var words: [String] = []
            for element in elements { words += try optionWords(key, element, path: path, line: line) }
            return words
        case .null: return []
        case .object:
            throw MapError(
                .invalidData, "\(key): expected a string, number, boolean or array",
                at: InputLocation(file: path, line: line))
        }
    }

    private static func readFile(_ path: String) throws(MapError) -> [UInt8] {
        if path == "-" {
            var bytes: [UInt8] = []
            while let line = readLine(strippingNewline: false) { bytes += Array(line.utf8) }
            return bytes
        }
        return try InputFile.read(atPath: path, what: "batch manifest")
    }
}

extension String {
    /// The string with the first occurrence of `target` replaced.
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
