extension Track {
    /// The track with the fixes `options` rejects removed and its line broken at gaps, and a
    /// report of what was dropped and found. See `TrackCleaningOptions` for the rules and
    /// their order.
    ///
    /// Cleaning a cleaned track again starts from its recorded segments.
    public func cleaned(
        _ options: TrackCleaningOptions = TrackCleaningOptions()
    ) -> (track: Track, report: TrackCleaningReport) {
        var report = TrackCleaningReport(inputFixCount: fixCount)
        var cleaned = Track(name: name)
        for recorded in recordedSegments {
            let pieces = Self.cleaned(recorded, options, &report)
            guard !pieces.isEmpty else { continue }
            if !options.splitsAtGaps {
                cleaned.segmentsAfterGaps.formUnion((1..<pieces.count).map { cleaned.segments.count + $0 })
            }
            cleaned.segments += pieces
        }
        return (cleaned, report)
    }

    /// The kept fixes of one recorded segment, in pieces separated by gaps.
    private static func cleaned(
        _ segment: [Location], _ options: TrackCleaningOptions, _ report: inout TrackCleaningReport
    ) -> [[Location]] {
        // Rules 1–3 look at one fix (and the one before it) at a time.
        var fixes: [Location] = []
        fixes.reserveCapacity(segment.count)
        for location in segment {
            guard location.hasValidCoordinate else {
                report.invalidCount += 1
                continue
            }
            if let maximum = options.maximumHorizontalAccuracy, location.horizontalAccuracy > maximum {
                report.inaccurateCount += 1
                continue
            }
            if options.dropsDuplicates, let previous = fixes.last, previous.coordinate == location.coordinate,
                previous.timestamp == location.timestamp
            {
                report.duplicateCount += 1
                continue
            }
            fixes.append(location)
        }
        guard !fixes.isEmpty else { return [] }

        // Every step is measured once (for a million fixes the geodesics cost more than
        // reading them), and measured again only where a dropped fix joins two others; and
        // only when a rule compares lengths: time gaps need intervals alone.
        let measures = options.dropsSpikes || options.distanceFilter != nil || options.gapDistance != nil
        let steps =
            measures ? TrackSteps(fixes) : TrackSteps(fixes, lengths: [Double](repeating: 0, count: fixes.count))
        var kept: [Int] = []
        kept.reserveCapacity(fixes.count)
        for index in fixes.indices {
            // Spikes are judged against the fixes as recorded, so that no decision depends on
            // an earlier one.
            if options.dropsSpikes && steps.isSpike(index) {
                report.spikeCount += 1
                continue
            }
            if let filter = options.distanceFilter, let last = kept.last,
                length(from: last, to: index, in: steps) < filter
            {
                report.tooCloseCount += 1
                continue
            }
            kept.append(index)
        }

        // A million fixes are 90 MB: when no fix was dropped the measured fixes are kept as
        // they are, and a piece is copied out only at a gap.
        let keptSteps: TrackSteps
        if kept.count == fixes.count {
            keptSteps = steps
        } else {
            var lengths = [Double](repeating: 0, count: kept.count)
            for position in kept.indices.dropFirst() {
                lengths[position] = length(from: kept[position - 1], to: kept[position], in: steps)
            }
            keptSteps = TrackSteps(kept.map { fixes[$0] }, lengths: lengths)
        }
        var pieceStarts = [0]
        for index in keptSteps.fixes.indices.dropFirst() {
            if let interval = keptSteps.interval(index) {
                if interval == 0 { report.repeatedTimeCount += 1 }
                if interval < 0 { report.backwardTimeCount += 1 }
            }
            if keptSteps.isGap(index, gapTime: options.gapTime, gapDistance: options.gapDistance) {
                report.gapCount += 1
                pieceStarts.append(index)
            }
        }
        guard pieceStarts.count > 1 else { return [keptSteps.fixes] }
        return zip(pieceStarts, pieceStarts.dropFirst() + [keptSteps.fixes.count]).map {
            Array(keptSteps.fixes[$0..<$1])
        }
    }

    /// The geodesic distance between two fixes of `steps`, in meters: the step's length when
    /// they are consecutive.
    private static func length(from start: Int, to end: Int, in steps: TrackSteps) -> Double {
        end == start + 1 ? steps.lengths[end] : steps.fixes[start].distance(from: steps.fixes[end])
    }
}
