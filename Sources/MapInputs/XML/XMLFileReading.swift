import MapErrors
import MapFormats
import MapXML

/// What the XML readers (GPX, TCX, KML) share: opening a file for the streaming parser, and
/// the parser's errors as `MapError`s that name the file, line and column.
package enum XMLFileReading {
    /// A parser over the file at `path`, streaming it from the descriptor opened (beneath a
    /// confining folder, when there is one); the path is not opened again.
    ///
    /// - Throws: `.missingInput` when the file cannot be opened or read.
    package static func parser(atPath path: String, format: String) throws(MapError) -> XMLStreamParser {
        let file = try InputFile.open(atPath: path, what: format)
        do {
            return try XMLStreamParser(descriptor: file.descriptor)
        } catch {
            throw MapError(
                .missingInput, "cannot be read", at: InputLocation(file: path), remedy: "check the file's permissions")
        }
    }

    /// The parser's next event, its errors turned into `MapError`s naming `fileName`.
    package static func nextEvent(
        _ parser: inout XMLStreamParser, fileName: String, format: String
    ) throws(MapError) -> XMLEvent? {
        do {
            return try parser.next()
        } catch {
            throw mapError(error, fileName: fileName, format: format)
        }
    }

    /// The `MapError` for an XML error in a file of `format` (GPX, TCX, KML):
    /// `FILE:LINE:COLUMN: message`, with a remedy that fits the kind of error.
    package static func mapError(_ error: XMLError, fileName: String, format: String) -> MapError {
        let place = InputLocation(file: fileName, line: error.line, column: error.column)
        switch error.kind {
        case .syntax, .truncated:
            return MapError(
                .invalidData, "malformed XML: \(error.message)", at: place,
                remedy: "check that the file is complete, well-formed \(format)")
        case .noRootElement:
            return MapError(
                .invalidData, "the file is empty (no XML root element)", at: InputLocation(file: fileName),
                remedy: "give a \(format) file")
        case .invalidText:
            return MapError(
                .invalidData, error.message, at: place,
                remedy:
                    "save the file as UTF-8, or declare its encoding: <?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>")
        case .unsupportedEncoding:
            return MapError(
                .invalidData, error.message, at: place,
                remedy: "save the file as UTF-8 (or as ISO-8859-1, ISO-8859-15 or windows-1252, and declare it)")
        case .entityDeclaration:
            return MapError(
                .invalidData, "the DOCTYPE declares entities, which \(format) files never need", at: place,
                remedy: "remove the <!ENTITY …> declarations (entities are refused so that no file can make"
                    + " the parser expand or fetch them)")
        case .readFailed:
            return MapError(.ioFailure, error.message, at: InputLocation(file: fileName))
        }
    }

    /// A prefixed name without its prefix: `gpxtpx:speed` → `speed`.
    package static func localName(_ name: String) -> String {
        guard let colon = name.lastIndex(of: ":") else { return name }
        return String(name[name.index(after: colon)...])
    }
}
