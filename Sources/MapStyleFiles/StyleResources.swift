import Foundation
import MapFormats

extension ResourceBundle {
    /// MapStyleFiles' resources: the built-in styles.
    static let styleFiles = ResourceBundle(name: "maprender_MapStyleFiles.resources") { Bundle.module }
}
