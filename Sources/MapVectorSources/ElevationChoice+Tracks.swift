import Foundation
public import MapGeometry

extension ElevationChoice {
    /// The installed elevation archive to read the heights of `tracks` from (`--elevation`
    /// with `--terrain auto`): of the local elevation archives, the one whose bounds hold the
    /// most of the tracks' fixes, if any; ties go to the highest zoom (the finest heights),
    /// then the smallest area, then the name. Unlike a map's relief no zoom is ruled out:
    /// heights are read at the archive's top zoom whatever the map's.
    public static func choose(among installed: [InstalledBasemap], forTracks tracks: [Track]) -> ElevationChoice {
        let archives = installed.filter { $0.isElevation && !$0.isRemote }
        guard !archives.isEmpty else {
            return ElevationChoice(archive: nil, reason: "no elevation archive is installed")
        }
        // Every fix of a short track; about 2,000 spread over a long one (enough for a share).
        let fixes = tracks.flatMap { $0.segments.joined() }.map(\.coordinate).filter(\.isValid)
        let stride = max(1, fixes.count / 2000)
        let sampled = Swift.stride(from: 0, to: fixes.count, by: stride).map { fixes[$0] }
        guard !sampled.isEmpty else { return ElevationChoice(archive: nil, reason: "the tracks have no fix") }
        let ranked =
            archives
            .map { archive in
                (
                    archive: archive,
                    share: Double(sampled.filter { archive.bounds.contains($0) }.count) / Double(sampled.count)
                )
            }
            .sorted { a, b in
                if a.share != b.share { return a.share > b.share }
                if a.archive.zoomRange.upperBound != b.archive.zoomRange.upperBound {
                    return a.archive.zoomRange.upperBound > b.archive.zoomRange.upperBound
                }
                let aArea = a.archive.mapRect.size.width * a.archive.mapRect.size.height
                let bArea = b.archive.mapRect.size.width * b.archive.mapRect.size.height
                if aArea != bArea { return aArea < bArea }
                return a.archive.name < b.archive.name
            }
        guard let best = ranked.first, best.share > 0 else {
            let names = archives.map(\.name).sorted().joined(separator: ", ")
            return ElevationChoice(archive: nil, reason: "no installed elevation archive (\(names)) covers the track")
        }
        if best.share >= 1 {
            return ElevationChoice(archive: best.archive, reason: "\(best.archive.name) covers the whole track")
        }
        let percent = max(1, Int((best.share * 100).rounded(.down)))
        return ElevationChoice(
            archive: best.archive,
            reason: "\(best.archive.name) covers \(percent)% of the track, the most of any installed elevation archive")
    }
}

extension CoordinateBounds {
    /// Whether `coordinate` lies inside the bounds, edges included (across the 180th
    /// meridian when `east` is less than `west`).
    func contains(_ coordinate: Coordinate) -> Bool {
        guard coordinate.latitude >= south, coordinate.latitude <= north else { return false }
        if west <= east { return coordinate.longitude >= west && coordinate.longitude <= east }
        return coordinate.longitude >= west || coordinate.longitude <= east
    }
}
