import MapErrors
import MapRenderCore
import MapVectorSources

/// `--terrain auto`, the default: the installed elevation archive that covers the map
/// (`ElevationChoice` says which and why) is shaded under it; with none installed, or none
/// covering the map, there is no relief.
enum AutoTerrain {
    /// Replaces `auto` in `request.terrain` with the archive it stands for for this scene, or
    /// with `nil`, and says what was chosen; `nil` (nothing to report) when the request names
    /// its archive or none, or when no elevation archive is installed.
    static func resolve(
        _ request: inout RenderRequest, choosing: InstalledChoosing
    ) throws(MapError)
        -> BasemapSelection?
    {
        guard request.terrain == RenderRequest.autoTerrain else { return nil }
        request.terrain = nil
        // A publisher's style carries its own relief, or none.
        guard request.basemapStyle == nil else { return nil }
        // Imagery has its own light and shadow: satellite and hybrid maps get no relief
        // unless it is named.
        guard request.mapType == .standard else { return nil }
        // Remote elevation archives are shaded only when named (`--terrain` reads files).
        let archives = choosing.installed.filter { $0.isElevation && !$0.isRemote }
        guard !archives.isEmpty else { return nil }
        let choice = ElevationChoice.choose(among: archives, for: try choosing.viewport())
        guard let chosen = choice.archive else {
            return BasemapSelection(name: "none", location: nil, reason: choice.reason)
        }
        request.terrain = chosen.location
        return BasemapSelection(name: chosen.name, location: chosen.location, reason: choice.reason)
    }
}
