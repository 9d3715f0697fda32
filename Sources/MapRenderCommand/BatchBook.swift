import MapDrawing
import MapErrors
import MapGeometry
import MapPage
import MapRenderCairo

/// `batch --book FILE.pdf`: every map of the batch as a page of one PDF, in manifest order,
/// each page georeferenced like a single PDF map.
///
/// Jobs render in parallel as always; each finished job keeps its display list (not its
/// pixels) until the batch hands its outcome over in manifest order, and the page is
/// painted then. So the book holds at most the pipeline's window of display lists, and its
/// bytes do not depend on `--jobs`. A failed or skipped job has no page; the summary names
/// it. The book is written at the end, atomically, like any output.
final class BatchBook: @unchecked Sendable {
    /// One job's map as the book takes it.
    struct Page {
        var list: DisplayList
        var viewport: Viewport
        /// The paper the map was composed onto, if any: where its frame is on the page.
        var layout: PageLayout?
    }

    let path: String
    private let book: PDFBook
    private var measures: [Int: PDFGeospatialMeasure] = [:]
    private var leftOut: [String] = []
    private var failure: MapError?

    /// Creates the book's staged file, so an unwritable folder fails the batch before its
    /// first job.
    init(path: String) throws(MapError) {
        self.path = path
        book = try PDFBook(destination: path)
    }

    /// Adds an outcome's page, called in manifest order one at a time; returns its page
    /// number (from 1), or nil for a job left out.
    func add(_ outcome: BatchCommand.Outcome) -> Int? {
        guard failure == nil, outcome.status == .ok, let page = outcome.page else {
            leftOut.append(outcome.job.id)
            return nil
        }
        do throws(MapError) {
            try book.addPage(page.list)
        } catch {
            failure = error
            leftOut.append(outcome.job.id)
            return nil
        }
        measures[book.pageCount - 1] = PDFGeospatialMeasure(
            viewport: page.viewport, frame: page.layout?.frame, pageHeight: page.layout?.pageSize.height)
        return book.pageCount
    }

    /// Gives the book up: it is not written, and `write` throws `reason` (a job named the
    /// book's file as one of its own).
    func abandon(_ reason: MapError) {
        if failure == nil { failure = reason }
    }

    /// How many pages the book has.
    var pageCount: Int { book.pageCount }

    /// Finishes, georeferences and moves the book into place; a book with no page is not
    /// written. Returns the line that tells what was written and what was left out.
    func write() throws(MapError) -> String {
        if let failure { throw failure }
        let left = leftOut.isEmpty ? "" : "; left out (failed or skipped): " + leftOut.joined(separator: ", ")
        guard book.pageCount > 0 else {
            _ = try book.finish(georeferencing: [:])
            return "\(path): not written, no job rendered a page\(left)"
        }
        let warning = try book.finish(georeferencing: measures).map { " (\($0.message); it is not georeferenced)" }
        return "\(path): \(book.pageCount) page\(book.pageCount == 1 ? "" : "s")\(left)\(warning ?? "")"
    }
}

/// A renderer that keeps the display list it renders, for the book, and hands the
/// rendering on.
struct RecordingRenderer: MapRenderer {
    /// Where the list is kept; one render per recorder.
    final class Recording: @unchecked Sendable {
        var list: DisplayList?
        /// Whether the map is also rendered to its format: not for a job with no output,
        /// whose page in the book is all it makes.
        var rendersOutput = true
    }

    let renderer: any MapRenderer
    let recording: Recording

    var textMeasurer: any TextMeasurer { renderer.textMeasurer }

    func render(_ list: DisplayList, scale: Double, format: ImageFormat) throws(MapError) -> [UInt8] {
        recording.list = list
        return recording.rendersOutput ? try renderer.render(list, scale: scale, format: format) : []
    }
}
