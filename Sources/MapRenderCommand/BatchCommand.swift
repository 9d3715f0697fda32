import Foundation
import MapBatch
import MapCommandLine
import MapErrors
import MapFavorites
import MapFormats
import MapRenderCairo
import MapRenderCore
import MapTiles
import MapVectorSources

/// `maprender batch`: many maps from a JSON Lines manifest, or one per favorite, in
/// parallel, sharded across machines, one failure never stopping the others.
enum BatchCommand {
    /// What one job came to.
    struct Outcome {
        enum Status: String { case ok, failed, skipped }
        var job: BatchJob
        var status: Status
        var output: String?
        var seconds: Double
        var error: MapError?
        var diagnostics: [Diagnostic]
        /// The map for `--book`, kept until the outcome is handed over.
        var page: BatchBook.Page?
        /// The outcome's page in the book (from 1); nil when it has none.
        var bookPage: Int?
        /// The job reads or writes the book's file, so the book must not be written.
        var clashesWithBook = false
    }

    /// The options of the batch itself (`BatchOptions.own`), and the render options for
    /// every job.
    struct Options {
        var manifest: String?
        var workers = ProcessInfo.processInfo.activeProcessorCount
        var shard: BatchShard?
        var outputDirectory: String?
        var inputDirectory: String?
        var summary: String?
        var skipsExisting = false
        var progress = "auto"
        var isVerbose = false
        var each: String?
        var isDryRun = false
        /// `--book`: the PDF that gets every map as a page.
        var book: String?
        /// Render options (with their values) for every job, as the user wrote them.
        var defaults: [String] = []
    }

    /// Runs with the render defaults of the configuration (before the command line's) and the
    /// words after `batch`.
    static func run(_ configured: [String], _ words: [String]) throws(MapError) {
        var options = try parse(words)
        options.defaults = configured + options.defaults
        let started = Date()
        let jobs = try makeJobs(options)
        if options.isDryRun {
            // What this shard would render, one job per line: id, then output.
            while let job = try jobs.next() {
                let output = (try? job.request.get())?.output ?? "-"
                Console.print("\(job.id)\t\(output)")
            }
            return
        }
        let confinement = try options.outputDirectory.map { directory throws(MapError) in
            try OutputConfinement(directory: directory)
        }
        let inputs = try options.inputDirectory.map { directory throws(MapError) in
            try InputConfinement(directory: directory)
        }
        let progress = BatchProgress(mode: options.progress, isVerbose: options.isVerbose)
        // The bar's total costs a first reading of the manifest; only a terminal shows it.
        if progress.showsBar { progress.total = try makeJobs(options, counting: true).count() }
        let summary = try options.summary.map { path throws(MapError) in try SummaryWriter(path: path) }
        // Every job allocates the same few large buffers (canvas, PNG scanlines, decoded
        // tiles). glibc maps each one fresh from the kernel and gives it back on free, so
        // every map paid for tens of thousands of page faults; keeping them in the heap
        // makes a batch about 10% faster (Benchmarks/README.md). 32 MiB is the largest
        // threshold glibc accepts on 64-bit systems (a larger one is refused).
        let mmapThreshold: Int32 = -3, trimThreshold: Int32 = -1  // M_MMAP_THRESHOLD, M_TRIM_THRESHOLD
        _ = glibcMallopt(mmapThreshold, 32 << 20)
        _ = glibcMallopt(trimThreshold, 256 << 20)
        // The jobs share decoded vector tiles (and resolved basemaps, `SceneLoading`).
        DecodedTileCache.shared.byteLimit = DecodedTileCache.defaultByteLimit
        // And the blocks painted of their street basemaps, up to a ceiling (docs/performance.md).
        PaintedBlockCache.shared.capacity = try BlockCacheSetting.bytes(from: ProcessInfo.processInfo.environment)
        let skipsExisting = options.skipsExisting
        let hostPolicy = enforcedHostPolicy(options)
        // The book replaces nothing the batch reads or writes besides it.
        if let book = options.book {
            for (other, what) in [(options.manifest, "the manifest"), (options.summary, "the summary")] {
                if let other, RenderCommand.samePath(book, other) {
                    throw MapError(
                        .invalidRequest, "--book \(book): is also \(what)", remedy: "give the book a file of its own")
                }
            }
        }
        let bookPath = options.book
        let book = try bookPath.map { path throws(MapError) in try BatchBook(path: path) }
        let pipeline = BatchPipeline<BatchJob, Outcome>(workers: options.workers)
        try pipeline.run(
            next: { () throws(MapError) in try jobs.next() },
            start: { job in
                execute(
                    job, confinement: confinement, inputs: inputs, hostPolicy: hostPolicy, skipsExisting: skipsExisting,
                    book: bookPath)
            },
            deliver: { outcome in
                var outcome = outcome
                if outcome.clashesWithBook, let book {
                    book.abandon(
                        MapError(
                            .invalidRequest,
                            "\(book.path): job \(outcome.job.id) reads or writes it; the book is not written",
                            remedy: "give the book a file of its own"))
                }
                outcome.bookPage = book?.add(outcome)
                outcome.page = nil
                progress.record(outcome)
                summary?.append(resultJSON(outcome))
            })
        let seconds = Date().timeIntervalSince(started)
        progress.finish(seconds: seconds)
        var totals: [(String, JSONValue)] = [
            ("jobs", .number(Double(progress.done))), ("succeeded", .number(Double(progress.succeeded))),
            ("failed", .number(Double(progress.failed))), ("skipped", .number(Double(progress.skipped))),
        ]
        if let book { totals.append(("book_pages", .number(Double(book.pageCount)))) }
        // Street basemap blocks copied from the cache, painted, and kept at the end.
        let blocks = PaintedBlockCache.shared.statistics
        totals.append(
            (
                "basemap_blocks",
                .object([
                    ("reused", .number(Double(blocks.hits))), ("painted", .number(Double(blocks.misses))),
                    ("kept", .number(Double(blocks.blocks))),
                    ("kept_mb", .number((Double(blocks.bytes) / 1_048_576 * 10).rounded() / 10)),
                ])
            ))
        totals.append(("seconds", .number((seconds * 1000).rounded() / 1000)))
        try summary?.finish(totals: totals)
        // The book last: the summary is finished even when the book cannot be.
        if let book { Console.printError("batch: book " + (try book.write())) }
        if let (id, error) = progress.firstFailure {
            throw MapError(
                error.kind,
                "\(progress.failed) of \(progress.done) jobs failed (the first: job \(id): \(ErrorWording.located(error)))",
                remedy: options.summary == nil ? "rerun with --summary FILE.json for every job's status" : nil)
        }
    }

    /// Renders one job and returns what finishes it: the writing of its files, which the
    /// runner does on another thread while the next job renders. Never throws: a failure is
    /// an outcome.
    static func execute(
        _ job: BatchJob, confinement: OutputConfinement?, inputs: InputConfinement? = nil,
        hostPolicy: HostPolicy? = nil, skipsExisting: Bool, book: String? = nil
    ) -> () -> Outcome {
        let started = Date()
        var outcome = Outcome(job: job, status: .failed, output: nil, seconds: 0, error: nil, diagnostics: [])
        do throws(MapError) {
            guard case .success(var request) = job.request else {
                if case .failure(let error) = job.request { throw error }
                return { outcome }
            }
            if let confinement {
                request.output = try request.output.map { name throws(MapError) in try confinement.confine(name) }
                request.sidecar = try request.sidecar.map { name throws(MapError) in try confinement.confine(name) }
            } else if request.output == "-" {
                throw MapError(
                    .invalidRequest, "a batch job cannot write to standard output",
                    remedy: "give the job an output file")
            }
            if let inputs { try request.confineInputs(to: inputs) }
            if let hostPolicy { request.tileOptions.hostPolicy = hostPolicy }
            outcome.output = request.output
            // A job never reads or writes the book's file (the favorites database above all).
            if let book {
                let files = RenderCommand.inputPaths(of: request) + [request.output, request.sidecar].compactMap { $0 }
                if let clash = files.first(where: { RenderCommand.samePath($0, book) }) {
                    outcome.clashesWithBook = true
                    throw MapError(
                        .invalidRequest, "\(clash): is also the book (--book); writing the book would replace it",
                        remedy: "give the book a file of its own")
                }
            }
            if skipsExisting, let output = request.output, FileManager.default.fileExists(atPath: output) {
                outcome.status = .skipped
            } else {
                // Under --in-dir every file the job reads is opened beneath the folder, so a
                // link swapped in after confineInputs checked the names cannot lead out.
                // A worker's font map grows with every font size asked of it; renewed now
                // and then, a batch's memory stays flat however many maps it draws.
                defer { CairoRenderer.renewFontMap(afterMaps: 32) }
                let recording = book != nil ? RecordingRenderer.Recording() : nil
                func render() throws(MapError) -> MapSnapshot {
                    try RenderCommand.render(request, inBatch: true, recording: recording) { outcome.diagnostics = $0 }
                }
                let snapshot: MapSnapshot
                if let inputs { snapshot = try inputs.folder.confining(render) } else { snapshot = try render() }
                if let list = recording?.list {
                    let layout = try request.page.layout(
                        format: snapshot.format, size: request.size, scale: request.scale)
                    outcome.page = BatchBook.Page(list: list, viewport: snapshot.viewport, layout: layout)
                }
                let rendered = outcome
                return {
                    var outcome = rendered
                    do throws(MapError) {
                        try RenderCommand.write(snapshot, of: request)
                        outcome.status = .ok
                    } catch {
                        outcome.error = error
                    }
                    outcome.seconds = Date().timeIntervalSince(started)
                    return outcome
                }
            }
        } catch {
            outcome.error = error
        }
        outcome.seconds = Date().timeIntervalSince(started)
        return { outcome }
    }

    /// The host policy every job's network sources obey, whatever the job says: the one the
    /// batch's own options (configuration and command line) set with `--allow-host` or
    /// `--deny-private-network`, else, with `--in-dir` (a manifest from someone else), no
    /// loopback, link-local or private address; `nil` when jobs decide for themselves.
    static func enforcedHostPolicy(_ options: Options) -> HostPolicy? {
        var cursor = ArgumentCursor(options.defaults, programName: MapRenderCommand.name)
        // Defaults that do not parse fail every job with the same error; no policy is lost.
        let own = (try? RenderRequest(parsing: &cursor))?.tileOptions.hostPolicy
        return own ?? (options.inputDirectory == nil ? nil : HostPolicy())
    }

    static func parse(_ words: [String]) throws(MapError) -> Options {
        var options = Options()
        var words = words
        // The manifest comes first: `maprender batch jobs.jsonl [options]`.
        if let first = words.first, !ArgumentCursor.isOption(first) {
            options.manifest = first
            words.removeFirst()
        }
        var cursor = ArgumentCursor(words, programName: MapRenderCommand.name)
        // Render options join every job's words (BatchOptions.table); any other word is
        // handed on too, for the jobs to refuse.
        try BatchOptions.table.parse(&cursor, into: &options, command: "batch") { options, word in
            options.defaults.append(word)
        }
        guard (options.manifest == nil) != (options.each == nil) else {
            throw MapError(
                .invalidRequest, "batch needs a manifest, or --each place with --places DB",
                remedy:
                    "e.g. 'maprender batch jobs.jsonl --jobs 4' or 'maprender batch --places favs.db --each place -o out/{id}.png'"
            )
        }
        return options
    }

    /// The jobs of this shard, read as they are needed: the manifest's lines, or one per
    /// favorite for `--each place`. `counting` reads only what `count()` needs.
    static func makeJobs(_ options: Options, counting: Bool = false) throws(MapError) -> BatchJobs {
        if let manifest = options.manifest {
            if options.defaults.contains("-o") || options.defaults.contains("--output") {
                throw MapError(
                    .invalidRequest, "-o does not apply to a manifest batch",
                    remedy: "give each job its \"output\" in the manifest")
            }
            return try BatchJobs(
                manifest: manifest, defaults: options.defaults, shard: options.shard, counting: counting,
                requiresOutput: options.book == nil)
        }
        var cursor = ArgumentCursor(options.defaults, programName: MapRenderCommand.name)
        let base = try RenderRequest(parsing: &cursor)
        guard let template = base.output, template.contains("{id}") || template.contains("{name}") else {
            throw MapError(
                .invalidRequest, "--each place needs -o with {id} or {name} in it", remedy: "e.g. -o 'out/{id}.png'")
        }
        guard !base.placeDatabases.isEmpty else { throw MapError(.invalidRequest, "--each place needs --places DB") }
        // One favorite at a time, database after database: only the jobs in the pipeline's
        // window and one page of rows are held, however many favorites there are.
        // Every database is opened and its table found now (no row is read), so a missing
        // file or a foreign schema fails the batch before its first map.
        var cursors: [FavoritesCursor] = []
        for path in base.placeDatabases { cursors.append(try PlaceStore(path: path).favoritesCursor()) }
        var remaining = cursors[...]
        let shard = options.shard
        return BatchJobs { () throws(MapError) -> BatchJob? in
            while let favorites = remaining.first {
                guard let favorite = try favorites.next() else {
                    remaining.removeFirst()
                    continue
                }
                let place = favorite.place
                let id = String(place.id)
                guard shard?.contains(id: id) ?? true else { continue }
                return BatchJob(id: id, line: 0, request: .success(job(for: place, base: base, template: template)))
            }
            return nil
        }
    }

    /// The request of `--each place` for one favorite: the base request with the place as
    /// its only pin, `{id}` and `{name}` in the output and sidecar names filled in.
    static func job(for place: Place, base: RenderRequest, template: String) -> RenderRequest {
        func named(_ pattern: String) -> String {
            pattern.replacingOccurrences(of: "{id}", with: String(place.id))
                .replacingOccurrences(of: "{name}", with: slug(place.title))
        }
        var request = base
        request.placeDatabases = []
        request.pins = [place]
        request.output = named(template)
        request.sidecar = base.sidecar.map(named)
        return request
    }

    /// A file-name-safe form of a title: lower-case letters and digits joined by dashes.
    static func slug(_ title: String) -> String {
        var result = ""
        for character in title.lowercased() {
            if character.isLetter || character.isNumber {
                result.append(character)
            } else if !result.hasSuffix("-") && !result.isEmpty {
                result.append("-")
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        return result.isEmpty ? "place" : result
    }

    /// One job's entry in the summary's results.
    static func resultJSON(_ outcome: Outcome) -> JSONValue {
        var members: [(String, JSONValue)] = [("id", .string(outcome.job.id))]
        if outcome.job.line > 0 { members.append(("line", .number(Double(outcome.job.line)))) }
        members += [
            ("status", .string(outcome.status.rawValue)),
            ("output", outcome.output.map(JSONValue.string) ?? .null),
            ("seconds", .number((outcome.seconds * 1000).rounded() / 1000)),
        ]
        if let page = outcome.bookPage { members.append(("book_page", .number(Double(page)))) }
        if let error = outcome.error {
            members += [
                ("exit_code", .number(Double(ExitStatus(error).rawValue))),
                ("error", .string(ErrorWording.full(error))),
            ]
        }
        let diagnostics = outcome.diagnostics.map { diagnostic in
            JSONValue.object([
                ("severity", .string(diagnostic.severity.rawValue)), ("message", .string(diagnostic.message)),
            ])
        }
        members.append(("diagnostics", .array(diagnostics)))
        return .object(members)
    }
}

/// glibc's `mallopt` (malloc.h, which the Glibc module does not import).
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
