import Foundation
public import MapGeometry

/// Which basemap `--basemap auto` draws a map on: an installed vector archive that covers the
/// map at its zoom, else the embedded world; and why, in words for the sidecar and `fit`.
///
/// The rule, in order:
/// 1. Only archives whose zooms reach the map's are candidates: the lowest zoom they hold is
///    at most the map's (rounded down), and the highest is at least the map's or 14 (vector
///    tiles are drawn over-zoomed past their last zoom, and most schemas stop at 14 or 15).
/// 2. Of those covering the whole map, the smallest area wins: a city's archive is preferred
///    to the country's or the planet's that hold the same streets with less detail.
/// 3. When none covers the whole map, the one covering the most of it, if at least half.
/// 4. Ties go to the smaller area, then to the name in alphabetical order. Otherwise the world.
public struct BasemapChoice: Hashable, Sendable {
    /// The archive chosen, or `nil` for the embedded world.
    public var basemap: InstalledBasemap?
    /// Why, e.g. "helsinki covers the whole map at zoom 15.0".
    public var reason: String

    /// The share of the map an archive must cover to be drawn when none covers all of it.
    public static let minimumCoverage = 0.5
    /// Coverage at or above this counts as the whole map (rounding in stored bounds).
    static let wholeMap = 0.99
    /// The zoom past which every archive is drawn over-zoomed.
    static let overZoomFrom = 14

    /// Creates a choice.
    public init(basemap: InstalledBasemap?, reason: String) {
        self.basemap = basemap
        self.reason = reason
    }

    /// The basemap for a map showing `viewport`, among the installed `basemaps`.
    /// Elevation archives are not street maps and are never chosen here (`ElevationChoice`).
    public static func choose(among installed: [InstalledBasemap], for viewport: Viewport) -> BasemapChoice {
        let basemaps = installed.filter { !$0.isElevation }
        let zoom = viewport.zoom
        let zoomText = String(format: "%.1f", zoom)
        guard !basemaps.isEmpty else {
            return BasemapChoice(basemap: nil, reason: "no basemap is installed")
        }
        let whole = Int(zoom.rounded(.down))
        let reaching = basemaps.filter {
            $0.zoomRange.lowerBound <= whole && $0.zoomRange.upperBound >= min(whole, overZoomFrom)
        }
        let view = viewport.visibleMapRect
        let ranked =
            reaching
            // Coverage in whole percents: archives of one place whose bounds differ in the
            // seventh decimal rank by area and name, not by rounding noise.
            .map {
                (
                    basemap: $0, coverage: (coverage(of: view, by: $0.mapRect) * 100).rounded(.down) / 100,
                    area: area($0.mapRect)
                )
            }
            .sorted { a, b in
                let aWhole = a.coverage >= wholeMap, bWhole = b.coverage >= wholeMap
                if aWhole != bWhole { return aWhole }
                if !aWhole && a.coverage != b.coverage { return a.coverage > b.coverage }
                if a.area != b.area { return a.area < b.area }
                return a.basemap.name < b.basemap.name
            }
        if let best = ranked.first, best.coverage >= minimumCoverage {
            let wholeCount = ranked.filter { $0.coverage >= wholeMap }.count
            if best.coverage >= wholeMap {
                let among = wholeCount > 1 ? " (the smallest of \(wholeCount) that do)" : ""
                return BasemapChoice(
                    basemap: best.basemap,
                    reason: "\(best.basemap.name) covers the whole map at zoom \(zoomText)\(among)")
            }
            return BasemapChoice(
                basemap: best.basemap,
                reason: "\(best.basemap.name) covers \(percent(best.coverage)) of the map at zoom \(zoomText),"
                    + " the most of any installed basemap")
        }
        if let best = ranked.first, best.coverage > 0 {
            return BasemapChoice(
                basemap: nil,
                reason: "no installed basemap covers half of the map at zoom \(zoomText) (\(best.basemap.name)"
                    + " covers \(percent(best.coverage)))")
        }
        let names = basemaps.map(\.name).sorted().joined(separator: ", ")
        if !ranked.isEmpty {
            return BasemapChoice(basemap: nil, reason: "no installed basemap (\(names)) covers any of the map")
        }
        return BasemapChoice(
            basemap: nil, reason: "no installed basemap (\(names)) holds tiles for zoom \(zoomText)")
    }

    /// The share of `view` inside `rect`, 0…1, trying `rect`'s copies one world east and west
    /// so that either may cross the 180th meridian.
    static func coverage(of view: MapRect, by rect: MapRect) -> Double {
        let viewArea = area(view)
        guard viewArea > 0 else { return 0 }
        let world = MapSize.world.width
        let inside = [-world, 0, world].reduce(0.0) { sum, shift in
            let copy = rect.offsetBy(dx: shift, dy: 0)
            let width = min(view.maxX, copy.maxX) - max(view.minX, copy.minX)
            let height = min(view.maxY, copy.maxY) - max(view.minY, copy.minY)
            return sum + (width > 0 && height > 0 ? width * height : 0)
        }
        return min(inside / viewArea, 1)
    }

    private static func area(_ rect: MapRect) -> Double { rect.size.width * rect.size.height }

    private static func percent(_ share: Double) -> String { "\(Int((share * 100).rounded(.down)))%" }
}
