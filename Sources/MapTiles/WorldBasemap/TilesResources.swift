import Foundation
import MapFormats

extension ResourceBundle {
    /// MapTiles' resources: the embedded world basemap.
    static let tiles = ResourceBundle(name: "maprender_MapTiles.resources") { Bundle.module }
}
