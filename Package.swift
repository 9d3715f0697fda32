// swift-tools-version: 6.0
// maprender: a headless static map renderer. Depends on no outside Swift package; the C
// libraries come from the system (Debian: libcairo2-dev, libpango1.0-dev, libsqlite3-dev).
import PackageDescription

let package = Package(
    name: "maprender",
    products: [
        .executable(name: "maprender", targets: ["maprender"]),
        .library(
            name: "MapRender",
            targets: ["MapGeometry", "MapRenderCore", "MapRenderCairo", "MapData"]),
    ],
    targets: [
        // System libraries, found through pkg-config.
        .systemLibrary(
            name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(
            name: "CPangoCairo", path: "Sources/CPangoCairo", pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(
            name: "CTurboJPEG", path: "Sources/CTurboJPEG", pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(
            name: "CDeflate", path: "Sources/CDeflate", pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(
            name: "CSQLite3", path: "Sources/CSQLite3", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),

        // libcurl, loaded on first use rather than linked (see its header).
        .target(name: "CCurl", path: "Sources/CCurl"),

        // The layers, each importing only those above it in this list.
        .target(name: "MapGeometry"),
        .target(name: "MapRenderCore", dependencies: ["MapGeometry"]),
        .target(
            name: "MapRenderCairo",
            dependencies: ["MapRenderCore", "CCairo", "CPangoCairo", "CTurboJPEG", "CDeflate"]),
        .target(
            name: "MapData", dependencies: ["MapRenderCore", "CSQLite3", "CCurl"],
            exclude: ["WorldBasemap/make_world_basemap.py"],
            // The built-in styles (also reachable as the top-level styles/ link) and the
            // embedded world basemap.
            resources: [.copy("Resources")]),
        .target(
            name: "MapRenderCommand",
            dependencies: ["MapGeometry", "MapRenderCore", "MapRenderCairo", "MapData"]),
        .executableTarget(name: "maprender", dependencies: ["MapRenderCommand"]),
        .executableTarget(
            name: "maprender-benchmarks",
            dependencies: ["MapGeometry", "MapRenderCore", "MapRenderCairo"],
            path: "Benchmarks/MicroBenchmarks"),

        .testTarget(
            name: "MapGeometryTests", dependencies: ["MapGeometry"],
            resources: [.copy("Resources")]),
        .testTarget(name: "MapRenderCoreTests", dependencies: ["MapRenderCore"], exclude: ["Snapshots"]),
        .testTarget(
            name: "MapRenderCairoTests", dependencies: ["MapRenderCairo", "MapData"],
            exclude: ["Goldens", "Failures"]),
        .testTarget(
            name: "MapDataTests", dependencies: ["MapData"], exclude: ["Tiles/tile_server.py", "Fixtures", "Geocoder"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["maprender", "MapGeometry", "MapRenderCore", "MapRenderCairo", "MapData"],
            exclude: ["Corpus"]),
    ],
    swiftLanguageModes: [.v6]
)
