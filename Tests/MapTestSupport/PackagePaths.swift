import Foundation

/// The package's root folder, for reading `examples/`, `styles/` and test fixtures:
/// this file is Tests/MapTestSupport/PackagePaths.swift.
package let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path
