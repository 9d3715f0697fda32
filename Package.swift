// swift-tools-version: 6.0
// maprender: a headless static map renderer. Depends on no outside Swift package; the C
// libraries come from the system (Debian: libcairo2-dev, libpango1.0-dev, libsqlite3-dev,
// libturbojpeg0-dev, libjpeg62-turbo-dev, libdeflate-dev, zlib1g-dev, libwebp-dev;
// libcurl4-openssl-dev is loaded at run time).
//
// The targets, from the bottom up; each imports only targets listed before it, and its
// declared dependencies are exactly what its files import (docs/architecture.md).
import PackageDescription

let package = Package(
    name: "maprender",
    products: [
        .executable(name: "maprender", targets: ["maprender"]),
        .library(
            name: "MapRender",
            targets: [
                "MapErrors", "MapGeometry", "MapFormats", "MapZip", "MapPMTiles", "MapXML", "MapVectorTiles",
                "MapDrawing",
                "MapFIT", "MapVectorStyle",
                "MapAnnotations", "MapPage", "MapMarginalia", "MapProfile", "MapRenderCore", "MapVectorLayout",
                "MapSQLite",
                "MapStyleFiles", "MapInputs",
                "MapTiles", "MapVectorSources", "MapFavorites", "MapImageEncoding", "MapTerrain", "MapRenderCairo",
                "MapRenderSVG",
                "MapBatch",
            ]),
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
            name: "CWebP", path: "Sources/CWebP", pkgConfig: "libwebp",
            providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(
            name: "CDeflate", path: "Sources/CDeflate", pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]),
        // zlib's streaming deflate, for PNG written band by band (libdeflate is whole-buffer only).
        .systemLibrary(
            name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]),
        // GDAL, the raster library elevation models are read and warped with (basemap import-dem),
        // loaded on first use rather than linked (see its header); its headers come from
        // libgdal-dev.
        .target(name: "CGDAL", path: "Sources/CGDAL"),
        .systemLibrary(
            name: "CSQLite3", path: "Sources/CSQLite3", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        // libcurl, loaded on first use rather than linked (see its header).
        .target(name: "CCurl", path: "Sources/CCurl"),
        // libjpeg's scanline API behind calls that return errors instead of jumping out of them
        // (its error handler longjmps, which Swift frames cannot be crossed by).
        .target(name: "CJPEGScanlines", path: "Sources/CJPEGScanlines", linkerSettings: [.linkedLibrary("jpeg")]),

        // Errors with their location; every layer throws them.
        .target(name: "MapErrors"),
        // Coordinates, Web Mercator, geodesy, viewports: pure values.
        .target(name: "MapGeometry"),
        // Readers and writers of text and file formats: JSON, CSV records, timestamps,
        // image headers, escaping, input and atomic output files.
        .target(name: "MapFormats", dependencies: ["MapErrors"]),
        // ZIP archives (KMZ): the central directory, stored and deflated entries through
        // libdeflate, CRC-32 checked, bounded against zip bombs; read by byte ranges.
        .target(name: "MapZip", dependencies: ["MapErrors", "CDeflate"]),
        // PMTiles v3: header, directories and tile ids, the reader over byte ranges, the
        // clustered writer; gzip through libdeflate.
        .target(name: "MapPMTiles", dependencies: ["MapErrors", "MapGeometry", "MapFormats", "CDeflate"]),
        // The strict streaming XML parser (GPX) and the XML escaper.
        .target(name: "MapXML"),
        // Mapbox Vector Tiles 2.1: the protobuf reader and the tile decoder (layers, features,
        // properties, geometry in tile coordinates), with diagnostics for what it skips.
        .target(name: "MapVectorTiles", dependencies: ["MapErrors"]),
        // Garmin's FIT protocol, streamed: file headers, definition and data messages, base
        // types with their invalid values, compressed timestamps, CRCs, chained files.
        .target(name: "MapFIT", dependencies: ["MapErrors"]),
        // The command-line machinery any program can use: one declarative table per command
        // drives parsing, "did you mean", help, completion scripts and the man page.
        .target(name: "MapCommandLine", dependencies: ["MapErrors", "MapGeometry", "MapFormats"]),
        // The display list and what backends need to draw it: paths, colours, text runs,
        // images, the renderer protocol; where an output lies on the Earth (the world-file
        // transform, the PDF geospatial measure and the incremental update that adds it).
        .target(name: "MapDrawing", dependencies: ["MapErrors", "MapGeometry", "MapFormats"]),
        // Image encoding and decoding without Cairo: rows of premultiplied ARGB pixels written
        // as PNG (own encoder, whole or band by band), JPEG (whole or band by band) and WebP,
        // the resolution recorded in PNG and JPEG files; PNG (own decoder) and WebP read.
        .target(
            name: "MapImageEncoding",
            dependencies: ["MapErrors", "MapFormats", "CDeflate", "CZlib", "CTurboJPEG", "CWebP", "CJPEGScanlines"]),
        // Relief from elevation tiles, pure maths: DEM encodings, tiles prepared with their
        // neighbours' border (Sobel slopes in 8 bits), the five hillshade methods, colour ramps.
        .target(name: "MapTerrain"),
        // MapLibre GL styles (version 8): the style model, legacy filters and functions, and the
        // expression engine evaluated per zoom and vector tile feature.
        .target(
            name: "MapVectorStyle", dependencies: ["MapErrors", "MapFormats", "MapDrawing", "MapVectorTiles"],
            exclude: ["BuiltIn/make_builtin_styles.py"],
            resources: [.copy("Resources")]),
        // What is drawn over the map, in canvas space, pure: overlay lines projected, callout
        // bubbles and their placement, number badges, clusters of nearby pins, the legend panel
        // and the corner it goes in.
        .target(name: "MapAnnotations", dependencies: ["MapGeometry", "MapFormats", "MapDrawing"]),
        // The page, pure: paper sizes, margins, resolution, the frame the map fills, scale
        // ratios and bounding boxes, and the map composed onto the page.
        .target(name: "MapPage", dependencies: ["MapGeometry", "MapDrawing"]),
        // What goes on and around a map's frame for print, in canvas space, pure: the graticule
        // with its edge labels, the north arrow, the title block.
        .target(name: "MapMarginalia", dependencies: ["MapGeometry", "MapDrawing", "MapAnnotations"]),
        // The elevation profile, pure: distance along tracks against altitude, its chart's
        // round ticks, scales, gaps, grade colours and markers, and where the panel goes.
        .target(name: "MapProfile", dependencies: ["MapGeometry", "MapDrawing"]),
        // The scene, the style, layout and the snapshotter: pure values.
        .target(
            name: "MapRenderCore",
            dependencies: ["MapErrors", "MapGeometry", "MapFormats", "MapDrawing", "MapAnnotations", "MapPage"]),
        // Vector tiles laid out with a style: fills, lines, circles, labels along lines and
        // icons as display-list commands and label candidates. Pure: tiles come from a provider.
        .target(
            name: "MapVectorLayout",
            dependencies: [
                "MapErrors", "MapGeometry", "MapDrawing", "MapImageEncoding", "MapTerrain", "MapVectorTiles",
                "MapVectorStyle", "MapRenderCore",
            ]),
        // The SQLite wrapper.
        .target(name: "MapSQLite", dependencies: ["MapErrors", "CSQLite3"]),
        // Style files: the JSON look of pins, callouts, tracks and furniture decoded into a
        // Style; the built-in default, dark and print looks.
        .target(
            name: "MapStyleFiles", dependencies: ["MapErrors", "MapFormats", "MapDrawing", "MapRenderCore"],
            resources: [.copy("Resources")]),
        // The files maps are drawn from to scene values: GPX, TCX, FIT, KML/KMZ, GeoJSON,
        // location CSV, phones' location logs; scene loading.
        .target(
            name: "MapInputs",
            dependencies: [
                "MapErrors", "MapGeometry", "MapRenderCore", "MapDrawing", "MapFormats", "MapXML", "MapZip", "MapFIT",
            ]),
        // Tile sources: the embedded world, MBTiles, PMTiles, folders, HTTP with its cache.
        .target(
            name: "MapTiles",
            dependencies: [
                "MapErrors", "MapGeometry", "MapRenderCore", "MapDrawing", "MapFormats", "MapSQLite", "MapVectorTiles",
                "MapPMTiles", "CCurl",
            ],
            exclude: ["WorldBasemap/make_world_basemap.py"],
            resources: [.copy("Resources")]),
        // Street maps from vector tiles: providers over PMTiles (files and servers), MBTiles, URL
        // templates and TileJSON; MapLibre styles bound to them with their sprites.
        .target(
            name: "MapVectorSources",
            dependencies: [
                "MapErrors", "MapGeometry", "MapFormats", "MapDrawing", "MapVectorTiles", "MapVectorStyle",
                "MapRenderCore", "MapVectorLayout", "MapSQLite", "MapPMTiles", "MapTiles", "MapImageEncoding",
                "MapTerrain",
            ]),
        // The favorites database: one row reader, writes, import/export, geocoders.
        .target(
            name: "MapFavorites",
            dependencies: [
                "MapErrors", "MapGeometry", "MapRenderCore", "MapDrawing", "MapFormats", "MapXML", "MapSQLite",
                "MapInputs",
                "MapTiles",
            ]),
        // The Cairo + Pango painter: PNG, JPEG and WebP through MapImageEncoding, PDF, image decoding.
        .target(
            name: "MapRenderCairo",
            dependencies: [
                "MapErrors", "MapGeometry", "MapDrawing", "MapFormats", "MapImageEncoding", "CCairo", "CPangoCairo",
                "CTurboJPEG",
            ]),
        // The display list written as SVG.
        .target(
            name: "MapRenderSVG", dependencies: ["MapErrors", "MapGeometry", "MapDrawing", "MapFormats", "MapXML"]),
        // Batches of any size in constant memory: the manifest read line by line, jobs run in
        // a bounded window with their outcomes in order, the summary written as they come,
        // outputs and inputs confined to folders.
        .target(name: "MapBatch", dependencies: ["MapErrors", "MapFormats"]),
        // Elevation models (GeoTIFF, SRTM .hgt, any raster GDAL reads) warped to Web Mercator
        // tile by tile and written as terrarium or mapbox PMTiles archives: the one target that
        // touches GDAL.
        .target(
            name: "MapElevationImport",
            dependencies: ["MapErrors", "MapGeometry", "MapFormats", "MapPMTiles", "MapImageEncoding", "CGDAL"]),
        // The commands that manage and measure what maps are drawn from: places (the favorites
        // database), basemap (extract, add, list, remove vector tile archives) and track (stats
        // and geofence events of recorded tracks, whose cleaning options render shares).
        .target(
            name: "MapDataCommands",
            dependencies: [
                "MapErrors", "MapGeometry", "MapRenderCore", "MapFormats", "MapCommandLine", "MapInputs", "MapTiles",
                "MapVectorSources", "MapFavorites", "MapElevationImport",
            ]),
        // The maprender command line: its command tree and option tables, render, fit,
        // batch, config, exit codes.
        .target(
            name: "MapRenderCommand",
            dependencies: [
                "MapErrors", "MapGeometry", "MapRenderCore", "MapDrawing", "MapFormats", "MapCommandLine", "MapInputs",
                "MapStyleFiles", "MapTiles", "MapVectorSources", "MapPage",
                "MapFavorites", "MapRenderCairo", "MapRenderSVG", "MapBatch", "MapDataCommands", "MapMarginalia",
                "MapProfile",
            ]),
        .executableTarget(name: "maprender", dependencies: ["MapRenderCommand"]),
        .executableTarget(
            name: "maprender-benchmarks",
            dependencies: [
                "MapErrors", "MapGeometry", "MapRenderCore", "MapDrawing", "MapRenderCairo", "MapInputs", "MapProfile",
                "MapTerrain", "MapTiles", "MapVectorSources",
            ],
            path: "Benchmarks/MicroBenchmarks"),

        // Helpers shared by the test targets: paths, temporary files, test images, MBTiles
        // files, the local tile server.
        .target(
            name: "MapTestSupport",
            dependencies: [
                "MapErrors", "MapPMTiles", "MapGeometry", "MapRenderCore", "MapDrawing", "MapSQLite", "MapTiles",
                "MapRenderCairo",
            ],
            path: "Tests/MapTestSupport",
            exclude: ["tile_server.py"]),
        .testTarget(
            name: "MapGeometryTests", dependencies: ["MapGeometry", "MapTestSupport"],
            resources: [.copy("Resources")]),
        .testTarget(
            name: "MapRenderCoreTests",
            dependencies: [
                "MapRenderCore", "MapAnnotations", "MapDrawing", "MapGeometry", "MapPage", "MapTestSupport",
            ],
            exclude: ["Snapshots"]),
        .testTarget(
            name: "MapMarginaliaTests",
            dependencies: ["MapMarginalia", "MapDrawing", "MapGeometry"]),
        .testTarget(name: "MapFormatsTests", dependencies: ["MapFormats", "MapTestSupport"]),
        .testTarget(name: "MapDrawingTests", dependencies: ["MapDrawing", "MapTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "MapPageTests", dependencies: ["MapPage", "MapDrawing", "MapGeometry"]),
        .testTarget(name: "MapProfileTests", dependencies: ["MapProfile", "MapDrawing", "MapGeometry"]),
        .testTarget(name: "MapXMLTests", dependencies: ["MapXML", "MapFormats"]),
        .testTarget(name: "MapZipTests", dependencies: ["MapZip", "MapErrors"], exclude: ["Fixtures"]),
        .testTarget(
            name: "MapVectorStyleTests", dependencies: ["MapVectorStyle", "MapVectorTiles", "MapDrawing", "MapErrors"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "MapVectorLayoutTests",
            dependencies: [
                "MapPMTiles",
                "MapVectorLayout", "MapVectorStyle", "MapVectorTiles", "MapRenderCore", "MapDrawing", "MapGeometry",
                "MapErrors", "MapTiles", "MapRenderCairo", "MapImageEncoding", "MapTestSupport",
            ],
            exclude: ["Fixtures"]),
        .testTarget(name: "MapVectorTilesTests", dependencies: ["MapVectorTiles", "MapErrors"], exclude: ["Fixtures"]),
        .testTarget(name: "MapTerrainTests", dependencies: ["MapTerrain"], exclude: ["Fixtures"]),
        .testTarget(name: "MapFITTests", dependencies: ["MapFIT", "MapErrors", "MapTestSupport"]),
        .testTarget(name: "MapCommandLineTests", dependencies: ["MapCommandLine", "MapErrors", "MapTestSupport"]),
        .testTarget(
            name: "MapInputsTests", dependencies: ["MapInputs", "MapTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "MapStyleFilesTests", dependencies: ["MapStyleFiles", "MapTestSupport"]),
        .testTarget(
            name: "MapTilesTests", dependencies: ["MapPMTiles", "MapTiles", "MapVectorTiles", "MapTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "MapVectorSourcesTests",
            dependencies: [
                "MapPMTiles",
                "MapVectorSources", "MapVectorLayout", "MapVectorStyle", "MapTiles", "MapDrawing", "MapGeometry",
                "MapRenderCore", "MapErrors", "MapTestSupport",
            ],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "MapFavoritesTests", dependencies: ["MapFavorites", "MapTestSupport"], exclude: ["Geocoder"]),
        .testTarget(
            name: "MapRenderCairoTests",
            dependencies: [
                "MapRenderCairo", "MapRenderSVG", "MapTiles", "MapInputs", "MapStyleFiles", "MapMarginalia",
                "MapTestSupport", "CZlib",
            ],
            exclude: ["Goldens", "Failures"]),
        .testTarget(name: "MapRenderSVGTests", dependencies: ["MapRenderSVG", "MapTestSupport"]),
        .testTarget(name: "MapBatchTests", dependencies: ["MapBatch", "MapFormats", "MapErrors"]),
        .testTarget(
            name: "MapElevationImportTests",
            dependencies: ["MapElevationImport", "MapPMTiles", "MapGeometry", "MapErrors", "MapTestSupport", "CGDAL"],
            exclude: ["Fixtures"]),
        // The architecture rules, checked on the sources.
        .testTarget(name: "PackageStructureTests"),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "MapDataCommands",
                "MapPMTiles",
                "maprender", "MapRenderCommand", "MapCommandLine", "MapGeometry", "MapRenderCore", "MapDrawing",
                "MapInputs", "MapStyleFiles", "MapVectorLayout",
                "MapTiles",
                "MapFavorites", "MapRenderCairo", "MapTestSupport",
            ],
            exclude: ["Corpus", "Fixtures", "Snapshots"]),
    ],
    swiftLanguageModes: [.v6]
)
