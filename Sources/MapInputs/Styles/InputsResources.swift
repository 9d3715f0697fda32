import Foundation
import MapFormats

extension ResourceBundle {
    /// MapInputs' resources: the built-in styles.
    static let inputs = ResourceBundle(name: "maprender_MapInputs.resources") { Bundle.module }
}
