public import MapErrors
public import MapPMTiles
import MapTiles
import MapVectorLayout

/// What extracting a region from a PMTiles archive reads and writes, worked out from the
/// archive's header and the directories the region touches, before any tile is read:
/// the entries of the new archive and the merged byte ranges of the source to fetch.
public struct ExtractPlan: Sendable {
    /// The source's header.
    public var header: PMTilesHeader
    /// The source's JSON metadata, uncompressed.
    public var metadata: [UInt8]
    /// The source's center zoom (header byte 118), kept when it lies in `zoomRange`.
    public var centerZoom: Int
    /// The zooms copied.
    public var zoomRange: ClosedRange<Int>
    /// The region.
    public var region: ExtractRegion
    /// The tiles to write, in tile id order; `offset` and `length` say where each content
    /// lies in the source's tile data section.
    public var entries: [PMTilesDirectory.Entry]
    /// The byte ranges of the source to fetch for the tiles, ascending and absolute.
    public var requests: [Range<UInt64>]
    /// Bytes read for the header, the directories and the metadata.
    public var directoryBytes: UInt64
    /// Requests made for the header, the directories and the metadata.
    public var directoryRequests: Int

    /// How many tiles the new archive addresses (runs counted tile by tile).
    public var tileCount: UInt64 { entries.reduce(0) { $0 + UInt64($1.runLength) } }

    /// The bytes of the distinct tile contents copied: what the new archive's tile data
    /// holds when the source shares no content it could have.
    public var contentBytes: UInt64 {
        var seen: Set<UInt64> = []
        return entries.reduce(0) { total, entry in
            seen.insert(entry.offset).inserted ? total + UInt64(entry.length) : total
        }
    }

    /// The bytes the tile requests fetch, wanted or not.
    public var bytesToFetch: UInt64 { requests.reduce(0) { $0 + ($1.upperBound - $1.lowerBound) } }
}

extension ExtractPlan {
    /// The extra bytes tile requests may read between wanted tiles, as a fraction of the
    /// wanted bytes: a fifth, so that a region's tiles come in few requests (a tenth needed about
    /// half again as many on the test archives).
    static let overfetch = 0.2
    /// The largest request, in bytes: large enough for hundreds of tiles, small enough that
    /// four in flight (and the batch waiting to be written) stay well within memory.
    static let maximumRequest: UInt64 = 8 << 20
    /// The most leaf directory levels followed (the specification's writers make one).
    static let maximumDepth = 4

    /// Plans the extract of `region` over `zooms` (default: the source's) from the archive
    /// `reader` reads: reads the header, the root directory, the metadata and the leaf
    /// directories whose tile ids the region touches, nothing else.
    ///
    /// - Throws: `MapError` `.invalidData` for a file that is not a PMTiles v3 archive or
    ///   is damaged, `.invalidRequest` for zooms the archive does not have or a region too
    ///   large, `.unavailable` when a server fails.
    public init(
        reader: any ByteRangeReader, region: ExtractRegion, zooms: ClosedRange<Int>?
    ) throws(MapError) {
        let location = InputLocation(file: reader.name)
        do {
            var counter = (bytes: UInt64(0), requests: 0)
            func read(_ range: Range<UInt64>) throws(PMTilesError) -> [UInt8] {
                let bytes = try reader.bytes(in: range)
                counter.bytes += UInt64(bytes.count)
                counter.requests += 1
                return bytes
            }
            let head = try read(0..<UInt64(PMTilesWriter.rootLimit))
            header = try PMTilesHeader(parsing: head)
            centerZoom = head.count > 118 ? Int(head[118]) : header.zoomRange.lowerBound
            func section(_ range: Range<UInt64>) throws(PMTilesError) -> [UInt8] {
                let bytes =
                    range.upperBound <= UInt64(head.count)
                    ? Array(head[Int(range.lowerBound)..<Int(range.upperBound)]) : try read(range)
                guard UInt64(bytes.count) == range.upperBound - range.lowerBound else {
                    throw PMTilesError(
                        "the archive is cut short", kind: reader is FileByteRangeReader ? .invalid : .unavailable)
                }
                return bytes
            }
            let root = try PMTilesDirectory(
                decoding: try section(header.rootDirectory), compression: header.internalCompression)
            metadata = try header.internalCompression.decompress(try section(header.metadata))
            let wantedZooms = zooms ?? header.zoomRange
            guard wantedZooms.overlaps(header.zoomRange) else {
                throw MapError(
                    .invalidRequest,
                    "the archive has zooms \(header.zoomRange.lowerBound)–\(header.zoomRange.upperBound), none of "
                        + "\(wantedZooms.lowerBound)–\(wantedZooms.upperBound)", at: location,
                    remedy: "give --minzoom and --maxzoom within the archive's zooms")
            }
            zoomRange = wantedZooms.clamped(to: header.zoomRange)
            self.region = region
            guard region.tileCount(zooms: zoomRange) <= ExtractRegion.maximumTileCount else {
                throw MapError(
                    .invalidRequest,
                    "the region has more than \(ExtractRegion.maximumTileCount) tiles at zooms "
                        + "\(zoomRange.lowerBound)–\(zoomRange.upperBound)", at: location,
                    remedy: "give a smaller --bbox or a lower --maxzoom")
            }
            let wanted = zoomRange.flatMap { region.tileIDs(zoom: $0) }
            var found: [PMTilesDirectory.Entry] = []
            // Directories to search, each with the first tile id past it (its parent's next entry).
            var level: [(directory: PMTilesDirectory, end: UInt64)] = [(root, UInt64.max)]
            for depth in 0...Self.maximumDepth {
                var leaves: [(entry: PMTilesDirectory.Entry, end: UInt64)] = []
                for (directory, end) in level {
                    for (index, entry) in directory.entries.enumerated() {
                        let next = index + 1 < directory.entries.count ? directory.entries[index + 1].tileID : end
                        if entry.runLength == 0 {
                            if Self.containsAny(wanted, in: entry.tileID..<max(entry.tileID, next)) {
                                leaves.append((entry, next))
                            }
                        } else {
                            found += Self.selected(entry, wanted: wanted)
                        }
                    }
                }
                if leaves.isEmpty { break }
                guard depth < Self.maximumDepth else {
                    throw PMTilesError("leaf directories nest deeper than \(Self.maximumDepth) levels")
                }
                level = try Self.readLeaves(leaves, header: header, reader: reader, counter: &counter)
            }
            entries = found.sorted { $0.tileID < $1.tileID }
            // Offsets come from the archive: checked, so a damaged one is an error, not a trap.
            var tileRanges: [Range<UInt64>] = []
            for entry in entries { tileRanges.append(try PMTilesArchive.range(of: entry, in: header.tileData)) }
            requests = RangeMerging.merge(tileRanges, overfetch: Self.overfetch, maximumRequest: Self.maximumRequest)
            directoryBytes = counter.bytes
            directoryRequests = counter.requests
        } catch let error as PMTilesError {
            throw PMTilesSource.mapError(error, at: location)
        } catch let error as MapError {
            throw error
        } catch {
            throw MapError(.internalFailure, "\(error)", at: location)
        }
    }

    /// Whether any of the ascending `ids` lies in `range`.
    static func containsAny(_ ids: [UInt64], in range: Range<UInt64>) -> Bool {
        let index = firstIndex(in: ids, notBelow: range.lowerBound)
        return index < ids.count && ids[index] < range.upperBound
    }

    /// The index of the first of the ascending `ids` that is at least `value`.
    static func firstIndex(in ids: [UInt64], notBelow value: UInt64) -> Int {
        var low = 0, high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The parts of a tile entry's run that the region wants: one entry per stretch of
    /// consecutive wanted ids, all sharing the entry's content.
    static func selected(_ entry: PMTilesDirectory.Entry, wanted: [UInt64]) -> [PMTilesDirectory.Entry] {
        let (sum, overflow) = entry.tileID.addingReportingOverflow(UInt64(entry.runLength))
        let end = overflow ? UInt64.max : sum
        var index = firstIndex(in: wanted, notBelow: entry.tileID)
        var parts: [PMTilesDirectory.Entry] = []
        while index < wanted.count, wanted[index] < end {
            let start = wanted[index]
            var length: UInt32 = 1
            while index + 1 < wanted.count, wanted[index + 1] == wanted[index] + 1, wanted[index + 1] < end {
                index += 1
                length += 1
            }
            index += 1
            parts.append(
                PMTilesDirectory.Entry(tileID: start, runLength: length, offset: entry.offset, length: entry.length))
        }
        return parts
    }

    /// The leaf directories `leaves` point at, read in merged requests (in parallel from a
    /// server) and decoded, each with the first tile id past it.
    private static func readLeaves(
        _ leaves: [(entry: PMTilesDirectory.Entry, end: UInt64)], header: PMTilesHeader, reader: any ByteRangeReader,
        counter: inout (bytes: UInt64, requests: Int)
    ) throws(PMTilesError) -> [(directory: PMTilesDirectory, end: UInt64)] {
        var ranges: [Range<UInt64>] = []
        for leaf in leaves {
            guard leaf.entry.length > 0 else { throw PMTilesError("a leaf directory entry points at 0 bytes") }
            ranges.append(try PMTilesArchive.range(of: leaf.entry, in: header.leafDirectories))
        }
        let requests = RangeMerging.merge(ranges, overfetch: overfetch, maximumRequest: maximumRequest)
        let answers = ParallelWork.map(requests, workers: 4) { range in
            Result { () throws(PMTilesError) -> [UInt8] in try reader.bytes(in: range) }
        }
        var fetched: [(range: Range<UInt64>, bytes: [UInt8])] = []
        for (range, answer) in zip(requests, answers) {
            let bytes = try answer.get()
            guard UInt64(bytes.count) == range.upperBound - range.lowerBound else {
                throw PMTilesError(
                    "a leaf directory is cut short (\(bytes.count) of \(range.upperBound - range.lowerBound) bytes came)",
                    kind: reader is FileByteRangeReader ? .invalid : .unavailable)
            }
            counter.bytes += UInt64(bytes.count)
            counter.requests += 1
            fetched.append((range, bytes))
        }
        var result: [(directory: PMTilesDirectory, end: UInt64)] = []
        for (leaf, range) in zip(leaves, ranges) {
            let request = fetched[firstRequest(in: fetched.map(\.range), holding: range)]
            let start = Int(range.lowerBound - request.range.lowerBound)
            let bytes = Array(request.bytes[start..<(start + Int(leaf.entry.length))])
            result.append(
                (try PMTilesDirectory(decoding: bytes, compression: header.internalCompression), leaf.end))
        }
        return result
    }

    /// The index of the ascending, disjoint `requests` that holds `range`.
    static func firstRequest(in requests: [Range<UInt64>], holding range: Range<UInt64>) -> Int {
        var low = 0, high = requests.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if requests[middle].lowerBound <= range.lowerBound { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
