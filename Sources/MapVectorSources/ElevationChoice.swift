import Foundation
public import MapGeometry

/// Which installed elevation archive terrain is drawn from for a map (`--terrain auto`), and
/// why, in words for the sidecar and `fit`; like `BasemapChoice` for street maps.
///
/// The rule, in order:
/// 1. Only elevation archives are candidates (`basemap add` of a terrarium or mapbox archive),
///    and only those whose lowest zoom is at most the map's (rounded down): elevation tiles are
///    drawn over-zoomed past their highest zoom, so a 30 m model serves a zoom-16 map, but a
///    map zoomed out beyond an archive's lowest zoom would need thousands of its tiles.
/// 2. Of those covering the whole map, the one with the highest zoom wins (the finest
///    heights), then the smallest area (a region's archive before the planet's).
/// 3. When none covers the whole map, the one covering the most of it, if at least half
///    (`BasemapChoice.minimumCoverage`); ties as in 2, then by name. Otherwise no terrain.
public struct ElevationChoice: Hashable, Sendable {
    /// The archive chosen, or `nil` for no terrain.
    public var archive: InstalledBasemap?
    /// Why, e.g. "santiago covers the whole map at zoom 14.0".
    public var reason: String

    /// Creates a choice.
    public init(archive: InstalledBasemap?, reason: String) {
        self.archive = archive
        self.reason = reason
    }

    /// The elevation archive for a map showing `viewport`, among the `installed` basemaps
    /// (street basemaps among them are passed over).
    public static func choose(among installed: [InstalledBasemap], for viewport: Viewport) -> ElevationChoice {
        let archives = installed.filter(\.isElevation)
        let zoom = viewport.zoom
        let zoomText = String(format: "%.1f", zoom)
        guard !archives.isEmpty else {
            return ElevationChoice(archive: nil, reason: "no elevation archive is installed")
        }
        let whole = Int(zoom.rounded(.down))
        let reaching = archives.filter { $0.zoomRange.lowerBound <= whole }
        guard !reaching.isEmpty else {
            let names = archives.map(\.name).sorted().joined(separator: ", ")
            return ElevationChoice(
                archive: nil, reason: "no installed elevation archive (\(names)) holds tiles for zoom \(zoomText)")
        }
        let view = viewport.visibleMapRect
        let ranked =
            reaching
            .map { archive in
                let coverage = BasemapChoice.coverage(of: view, by: archive.mapRect)
                return (archive: archive, coverage: (coverage * 100).rounded(.down) / 100)
            }
            .sorted { a, b in
                let aWhole = a.coverage >= BasemapChoice.wholeMap, bWhole = b.coverage >= BasemapChoice.wholeMap
                if aWhole != bWhole { return aWhole }
                if !aWhole && a.coverage != b.coverage { return a.coverage > b.coverage }
                if a.archive.zoomRange.upperBound != b.archive.zoomRange.upperBound {
                    return a.archive.zoomRange.upperBound > b.archive.zoomRange.upperBound
                }
                let aArea = a.archive.mapRect.size.width * a.archive.mapRect.size.height
                let bArea = b.archive.mapRect.size.width * b.archive.mapRect.size.height
                if aArea != bArea { return aArea < bArea }
                return a.archive.name < b.archive.name
            }
        guard let best = ranked.first, best.coverage >= BasemapChoice.minimumCoverage else {
            if let best = ranked.first, best.coverage > 0 {
                return ElevationChoice(
                    archive: nil,
                    reason: "no installed elevation archive covers half of the map at zoom \(zoomText)"
                        + " (\(best.archive.name) covers \(Int(best.coverage * 100))%)")
            }
            let names = archives.map(\.name).sorted().joined(separator: ", ")
            return ElevationChoice(
                archive: nil, reason: "no installed elevation archive (\(names)) covers any of the map")
        }
        if best.coverage >= BasemapChoice.wholeMap {
            let count = ranked.filter { $0.coverage >= BasemapChoice.wholeMap }.count
            let among = count > 1 ? " (the finest of \(count) that do)" : ""
            return ElevationChoice(
                archive: best.archive, reason: "\(best.archive.name) covers the whole map at zoom \(zoomText)\(among)")
        }
        return ElevationChoice(
            archive: best.archive,
            reason: "\(best.archive.name) covers \(Int(best.coverage * 100))% of the map at zoom \(zoomText),"
                + " the most of any installed elevation archive")
    }
}
