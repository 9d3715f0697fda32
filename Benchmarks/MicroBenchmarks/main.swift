// maprender-benchmarks: micro-benchmarks of the pipeline's parts and how they grow.
//
//   swift build -c release --product maprender-benchmarks
//   .build/release/maprender-benchmarks            # the fixed cases, then the growth tables
//   .build/release/maprender-benchmarks --quick    # fewer sizes and repetitions
//   .build/release/maprender-benchmarks --case track --n 100000   # one measurement
//   .build/release/maprender-benchmarks --records Records.json [--day 2021-06-01]
//       # a Google Records.json read with GoogleRecordsDecoder (tracks/make_records_json.py)
//
// Every measurement runs in a child process of its own (this binary with --case), so its
// peak resident memory (getrusage ru_maxrss) belongs to that case alone. Times are the
// median of several repetitions of the measured call, in milliseconds; inputs are seeded
// and built outside the timed region. No basemap (no I/O): layout, Cairo drawing and PNG
// encoding only. Growth exponents are least-squares slopes of log(time) and log(memory
// above the process baseline) against log(size): 1 is linear.
import Foundation
import MapDrawing
import MapErrors
import MapGeometry
import MapInputs
import MapProfile
import MapRenderCairo
import MapRenderCore
import MapTerrain
import MapTiles
import MapVectorSources

// MARK: - Inputs

/// A seeded generator (SplitMix64), so every run measures the same inputs.
struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

let denver = Coordinate(latitude: 39.74, longitude: -104.99)

/// A GPS loop of `count` fixes around Denver (~48 km, drift and noise), like the bench's W2/W4.
func loop(_ count: Int) -> [Location] {
    var random = Seeded(state: 42)
    var result: [Location] = []
    result.reserveCapacity(count)
    for index in 0..<count {
        let t = Double(index) / Double(count) * 2 * .pi
        let wobble = 0.01 * sin(7 * t)
        let latitude =
            denver.latitude + (0.06 + wobble) * sin(t) + Double.random(in: -0.00005...0.00005, using: &random)
        let longitude =
            denver.longitude + (0.09 + wobble) * cos(t) + Double.random(in: -0.00005...0.00005, using: &random)
        result.append(Location(coordinate: Coordinate(latitude: latitude, longitude: longitude)))
    }
    return result
}

/// The loop with altitudes: two hills of 80 m over the way, with 0.6 m of noise per fix.
func hillyLoop(_ count: Int) -> [Location] {
    var random = Seeded(state: 43)
    return loop(count).enumerated().map { index, fix in
        let t = Double(index) / Double(count) * 2 * .pi
        return Location(
            coordinate: fix.coordinate,
            altitude: 1600 + 40 * (1 - cos(2 * t)) + Double.random(in: -0.6...0.6, using: &random),
            verticalAccuracy: 5)
    }
}

/// A snapshot of `track` with the elevation profile as `render --profile` draws it: the map
/// laid out in the top 420 points, the panel in the 180 below, distance markers on the track.
/// With `drawsProfile` false, the same canvas without the profile: the map in the top 420
/// points, nothing below, the baseline the profile's cost is measured against.
func profileSnapshot(
    _ track: Track, coloring: ProfileChart.Options.Coloring, renderer: CairoRenderer, drawsProfile: Bool = true
) throws -> Int {
    let placement = ProfilePanelPlacement(in: CanvasRect(x: 0, y: 0, width: 800, height: 600))
    var snapshotter = snapshotter(MapScene(tracks: [track]))
    snapshotter.options.size = placement.map.size
    var options = ProfileChart.Options()
    options.coloring = coloring
    return try snapshotter.makeSnapshot(renderer: renderer) { (list, viewport) throws(MapError) in
        var whole = DisplayList(size: CanvasSize(width: 800, height: 600))
        whole.append(.clear(Color(hex: 0xF2EFE9)))
        guard drawsProfile else {
            whole.append(.group(DrawGroup(list, in: placement.map)))
            list = whole
            return
        }
        let profile = ElevationProfile(tracks: [track])
        let chart = ProfileChart(profile, in: placement.panel, options: options, measurer: renderer.textMeasurer)
        let markers = DistanceMarkers.markers(of: profile, ticks: chart.distanceTicks) { viewport.point(for: $0) }
        list.commands += DistanceMarkers.commands(
            markers, color: Color(hex: 0x007AFF), font: Font(size: 9, isBold: true), textColor: options.textColor,
            measurer: renderer.textMeasurer)
        whole.append(.group(DrawGroup(list, in: placement.map)))
        whole.commands += chart.commands
        list = whole
    }.data.count
}

/// `count` labelled pins scattered over a ~30 km box.
func pins(_ count: Int) -> [Place] {
    var random = Seeded(state: 7)
    let names = ["Cafe", "Library", "Museum", "Gym", "Market", "Bakery", "Trailhead", "Studio"]
    return (0..<count).map { index in
        Place(
            id: Int64(index + 1), title: "\(names[index % names.count]) \(index)",
            coordinate: Coordinate(
                latitude: denver.latitude + Double.random(in: -0.15...0.15, using: &random),
                longitude: denver.longitude + Double.random(in: -0.2...0.2, using: &random)))
    }
}

/// Ten circles, five polygons and five polylines, like the bench's W3.
func overlays() -> MapScene {
    var random = Seeded(state: 3)
    func around(_ n: Int, radius: Double) -> [Coordinate] {
        let center = Coordinate(
            latitude: denver.latitude + Double.random(in: -0.05...0.05, using: &random),
            longitude: denver.longitude + Double.random(in: -0.07...0.07, using: &random))
        return (0..<n).map { k in
            let a = Double(k) / Double(n) * 2 * .pi, r = radius * Double.random(in: 0.6...1, using: &random)
            return Coordinate(latitude: center.latitude + r * sin(a), longitude: center.longitude + r * 1.3 * cos(a))
        }
    }
    let circles = (0..<10).map { _ in
        CircleOverlay(
            center: Coordinate(
                latitude: denver.latitude + Double.random(in: -0.05...0.05, using: &random),
                longitude: denver.longitude + Double.random(in: -0.07...0.07, using: &random)),
            radius: Double.random(in: 200...2000, using: &random))
    }
    let polygons = (0..<5).map { i in PolygonOverlay(rings: [around(10 + 10 * i, radius: 0.01)]) }
    let polylines = (0..<5).map { i in
        PolylineOverlay(coordinates: Array(around(100 + 75 * i, radius: 0.03).prefix(80 + 60 * i)))
    }
    return MapScene(circles: circles, polylines: polylines, polygons: polygons)
}

func snapshotter(_ scene: MapScene, width: Double = 800, height: Double = 600) -> MapSnapshotter {
    let options = MapSnapshotter.Options(
        size: CanvasSize(width: width, height: height),
        framing: .fit(FitOptions(padding: EdgeInsets(all: 32), maximumZoom: 18)))
    return MapSnapshotter(scene: scene, options: options)
}

// MARK: - Measuring

/// Paints the standard hillshade of an n × (3n/4) grid `repetitions` times; the median ms.
func reliefCase(_ n: Int, tables: Bool, concurrently: Bool, _ repetitions: Int, _ sink: inout Int) -> Double {
    let side = 256
    let hill = ElevationTile(
        side: side,
        elevations: (0..<side * side).map { index in
            let x = Double(index % side) - 128, y = Double(index / side) - 128
            return Float(20 + 250 * exp(-(x * x + y * y) / (2 * 60 * 60)) + 3 * sin(x / 7) * cos(y / 11))
        })
    // Central Helsinki's tile at zoom 15; every tile is the same hill.
    let grid = TerrainPixelGrid(
        originX: 18_653 * 256 + 0.3, originY: 9_483 * 256 + 0.3, zoom: 15, step: 1, width: n, height: n * 3 / 4)
    let shading = Hillshade(HillshadeParameters())
    var total = 0
    let ms = median(repetitions) {
        total &+=
            TerrainRaster.paint(
                .hillshade(shading), grid: grid, demZoom: 15, concurrently: concurrently, tables: tables
            ) { _, _ in hill }.count
    }
    sink &+= total
    return ms
}

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
}

/// The median time of `body` over `repetitions` runs, in milliseconds.
func median(_ repetitions: Int, _ body: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<repetitions {
        let start = now()
        try body()
        times.append((now() - start) * 1000)
    }
    return times.sorted()[times.count / 2]
}

func peakRSSKilobytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss
}

/// Runs one case in this process and prints `ms KB`.
func runCase(_ name: String, _ n: Int, repetitions: Int) throws {
    var sink = 0
    let ms: Double
    switch name {
    case "baseline":  // the process with nothing measured, for memory deltas
        ms = 0
    case "fit":
        var random = Seeded(state: 1)
        let items = (0..<n).map { _ in
            FitItem(
                point: MapPoint(
                    Coordinate(
                        latitude: denver.latitude + Double.random(in: -0.3...0.3, using: &random),
                        longitude: denver.longitude + Double.random(in: -0.4...0.4, using: &random))))
        }
        ms = try median(repetitions) {
            let viewport = try Viewport.fitting(
                items, in: CanvasSize(width: 800, height: 600), options: FitOptions(padding: EdgeInsets(all: 32)))
            sink &+= Int(viewport.zoom)
        }
    case "simplify":
        // The loop projected to an 800×600 canvas, as track layout does before simplifying.
        let fixes = loop(n)
        let viewport = try snapshotter(MapScene(tracks: [Track(locations: fixes)])).viewport(
            measurer: CairoRenderer().textMeasurer)
        let canvas = fixes.map { viewport.point(for: MapPoint($0.coordinate)) }
        ms = median(repetitions) {
            sink &+= Simplification.douglasPeuckerIndices(canvas, tolerance: 0.25).count
        }
    case "track":  // the whole snapshot of a track: fit, project, simplify, draw, encode
        let scene = MapScene(tracks: [Track(locations: loop(n))])
        let renderer = CairoRenderer()
        ms = try median(repetitions) { sink &+= try snapshotter(scene).makeSnapshot(renderer: renderer).data.count }
    case "track-elevation":  // the same with altitudes, for the profile's baseline
        let scene = MapScene(tracks: [Track(locations: hillyLoop(n))])
        let renderer = CairoRenderer()
        ms = try median(repetitions) { sink &+= try snapshotter(scene).makeSnapshot(renderer: renderer).data.count }
    case "track-profile", "track-profile-grade", "track-profile-baseline":
        // With the elevation profile (render --profile), or the same canvas without it.
        let track = Track(locations: hillyLoop(n))
        let renderer = CairoRenderer()
        ms = try median(repetitions) {
            sink &+= try profileSnapshot(
                track, coloring: name == "track-profile-grade" ? .grade : .track, renderer: renderer,
                drawsProfile: name != "track-profile-baseline")
        }
    case "terrain-heights":
        // The ground height under n fixes of a loop around Cerro Manquehue (about 5 km across,
        // the fixes in order) from the Santiago example's elevation archive at zoom 13: tiles
        // read and decoded on first use, bilinear between pixel centres. Opened untimed.
        let archive = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/santiago/santiago-terrain.pmtiles").path
        let fixes = (0..<n).map { index in
            let t = Double(index) / Double(n) * 2 * .pi
            return Coordinate(latitude: -33.362 + 0.012 * sin(t), longitude: -70.575 + 0.018 * cos(t))
        }
        ms = try median(repetitions) {
            let heights = try TerrainHeights.open(archive: archive, options: HTTPTileOptions(userAgent: "benchmarks"))
            for fix in fixes { sink &+= Int(heights.height(at: fix) ?? 0) }
        }
    case "profile-layout":  // the profile's own work: the profile, its chart and the markers, not drawn
        let track = Track(locations: hillyLoop(n))
        let renderer = CairoRenderer()
        let placement = ProfilePanelPlacement(in: CanvasRect(x: 0, y: 0, width: 800, height: 600))
        var map = snapshotter(MapScene(tracks: [track]))
        map.options.size = placement.map.size
        let viewport = try map.viewport(measurer: renderer.textMeasurer)
        ms = median(repetitions) {
            let profile = ElevationProfile(tracks: [track])
            let chart = ProfileChart(profile, in: placement.panel, measurer: renderer.textMeasurer)
            let markers = DistanceMarkers.markers(of: profile, ticks: chart.distanceTicks) { viewport.point(for: $0) }
            sink &+= chart.commands.count + markers.count
        }
    case "pins-layout":  // fit and lay out pins with callouts (text measured with Pango)
        let scene = MapScene(places: pins(n))
        let measurer = CairoRenderer().textMeasurer
        ms = try median(repetitions) {
            sink &+= try snapshotter(scene).layOut(measurer: measurer).displayList.commands.count
        }
    case "pins":  // the whole snapshot with pins and callouts
        let scene = MapScene(places: pins(n))
        let renderer = CairoRenderer()
        ms = try median(repetitions) { sink &+= try snapshotter(scene).makeSnapshot(renderer: renderer).data.count }
    case "image":  // W3-like overlays on an n×n image: drawing and PNG encoding grow with the area
        let renderer = CairoRenderer()
        ms = try median(repetitions) {
            sink &+= try snapshotter(overlays(), width: Double(n), height: Double(n)).makeSnapshot(renderer: renderer)
                .data.count
        }
    case "measure-text", "measure-text-repeated", "cluster-advances":
        // Label text as a vector map measures it: every string new (shaping alone), or n
        // measurements of n/20 names (most found in the measurer's cache), or each string's
        // cluster advances (text along a street). New strings per repetition, built untimed.
        let measurer = CairoRenderer().textMeasurer
        let font = Font(size: 12)
        _ = measurer.measure("warm-up", font: font)
        var round = 0
        let labels = (0..<repetitions).map { round in
            (0..<n).map { name == "measure-text-repeated" ? "Avenue \($0 % max(n / 20, 1))" : "Street \($0) r\(round)" }
        }
        ms = median(repetitions) {
            for label in labels[round] {
                if name == "cluster-advances" {
                    sink &+= measurer.clusterAdvances(label, font: font).count
                } else {
                    sink &+= Int(measurer.measure(label, font: font).width)
                }
            }
            round += 1
        }
    case "relief", "relief-direct", "relief-one-core":
        // The hillshade picture of an n × (3n/4) map at zoom 15 near 60° N (1:1 over zoom-15
        // tiles of a synthetic hill), through the shading tables or by the direct maths.
        ms = reliefCase(n, tables: name != "relief-direct", concurrently: name != "relief-one-core", repetitions, &sink)
    default:
        throw MapError(.invalidRequest, "unknown case \(name)")
    }
    print(String(format: "%.4f %d %d", ms, peakRSSKilobytes(), sink & 1))
}

/// Runs a case in a child process; (ms, peak RSS KB).
func measure(_ name: String, _ n: Int, repetitions: Int) -> (ms: Double, kilobytes: Int) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    if !FileManager.default.isExecutableFile(atPath: process.executableURL!.path) {
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    }
    process.arguments = ["--case", name, "--n", String(n), "--repetitions", String(repetitions)]
    let pipe = Pipe()
    process.standardOutput = pipe
    try! process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let fields = output.split(separator: " ")
    guard process.terminationStatus == 0, fields.count >= 2 else { fatalError("case \(name) \(n) failed: \(output)") }
    return (Double(fields[0])!, Int(fields[1])!)
}

/// Least-squares slope of log y against log x.
func exponent(_ points: [(x: Double, y: Double)]) -> Double {
    let logs = points.filter { $0.y > 0 }.map { (log($0.x), log($0.y)) }
    let mx = logs.map(\.0).reduce(0, +) / Double(logs.count), my = logs.map(\.1).reduce(0, +) / Double(logs.count)
    let sxy = logs.map { ($0.0 - mx) * ($0.1 - my) }.reduce(0, +),
        sxx = logs.map { ($0.0 - mx) * ($0.0 - mx) }.reduce(0, +)
    return sxy / sxx
}

// MARK: - Main

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
if let path = option("--records") {
    // The streaming reader on one file, optionally with a one-day UTC window: time, fixes
    // kept and left out, peak RSS (run under /usr/bin/time -v for the whole process).
    var window = TrackTimeWindow.unbounded
    if let day = option("--day"), let start = ISO8601DateFormatter().date(from: day + "T00:00:00Z") {
        window = TrackTimeWindow(start: start, end: start.addingTimeInterval(86_400))
    }
    let start = now()
    do {
        let content = try GoogleRecordsDecoder.read(atPath: path, window: window)
        let kept = content.tracks.reduce(0) { $0 + $1.fixCount }
        print(
            String(
                format: "%.0f ms, %d fixes kept, %d left out, peak RSS %.1f MB", (now() - start) * 1000, kept,
                content.leftOutOfWindow.outside + content.leftOutOfWindow.untimed, Double(peakRSSKilobytes()) / 1024))
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(1)
    }
    exit(0)
}
if let name = option("--case") {
    do {
        try runCase(name, Int(option("--n") ?? "0")!, repetitions: Int(option("--repetitions") ?? "5")!)
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(1)
    }
    exit(0)
}
let quick = arguments.contains("--quick")
let baseline = measure("baseline", 0, repetitions: 1).kilobytes
print(
    "maprender-benchmarks \(quick ? "(quick) " : "")— median ms of the measured call; peak RSS of the process; baseline RSS \(baseline / 1024) MB"
)
print("")
print("| case | size | median ms | peak RSS MB |")
print("|---|---|---|---|")
for (label, name, n, reps) in [
    ("fit 100,000 points", "fit", 100_000, 9), ("Douglas–Peucker, 1,000,000 points", "simplify", 1_000_000, 5),
    ("lay out 5,000 pins with callouts", "pins-layout", 5_000, 3),
    ("track map, 1,000 fixes with altitudes (800×600 PNG)", "track-elevation", 1_000, 15),
    ("the same with --profile", "track-profile", 1_000, 15),
    ("the same with --profile-color grade", "track-profile-grade", 1_000, 15),
    ("track map, 100,000 fixes with altitudes", "track-elevation", 100_000, 5),
    ("the same with --profile", "track-profile", 100_000, 5),
    ("measure 5,000 labels, each new", "measure-text", 5_000, 9),
    ("measure 5,000 labels of 250 names", "measure-text-repeated", 5_000, 9),
    ("cluster advances of 1,000 labels", "cluster-advances", 1_000, 9),
    ("render 256² (W3-like overlays, PNG)", "image", 256, 9), ("render 1024²", "image", 1024, 5),
    ("render 4096²", "image", 4096, 3),
    ("hillshade picture 1024×768, shading tables, two cores", "relief", 1024, 9),
    ("the same on one core", "relief-one-core", 1024, 9),
    ("the same by the direct maths, two cores", "relief-direct", 1024, 5),
] {
    let (ms, kb) = measure(name, n, repetitions: quick ? max(1, reps / 3) : reps)
    print(String(format: "| %@ | %d | %.2f | %.0f |", label, n, ms, Double(kb) / 1024))
}

func growth(_ title: String, _ name: String, _ sizes: [Int], reps: Int, unit: (Int) -> String) {
    print("")
    print("\(title)")
    print("")
    print(
        "| size | median ms | ns per \(name == "image" ? "pixel" : name == "pins" ? "pin" : "point") | peak RSS MB | RSS above baseline MB |"
    )
    print("|---|---|---|---|---|")
    var times: [(x: Double, y: Double)] = [], memory: [(x: Double, y: Double)] = []
    for n in sizes {
        let (ms, kb) = measure(name, n, repetitions: quick ? max(1, reps / 3) : reps)
        let units = name == "image" ? Double(n * n) : Double(n)
        times.append((units, ms))
        memory.append((units, Double(max(kb - baseline, 1))))
        print(
            String(
                format: "| %@ | %.2f | %.3f | %.0f | %.1f |", unit(n), ms, ms / units * 1e6, Double(kb) / 1024,
                Double(kb - baseline) / 1024))
    }
    print("")
    // Fixed costs (the canvas, encoding an 800×600 PNG, Pango's start) flatten the low end, so
    // the exponent over the largest sizes (last three) says more about the asymptote.
    print(
        String(
            format:
                "growth exponent: time %.2f over all sizes, %.2f over the largest three; memory above baseline %.2f, %.2f (1 = linear in %@)",
            exponent(times), exponent(Array(times.suffix(3))), exponent(memory), exponent(Array(memory.suffix(3))),
            name == "image" ? "pixels" : "size"))
}
let trackSizes =
    quick ? [1_000, 10_000, 100_000, 1_000_000] : [1_000, 3_000, 10_000, 30_000, 100_000, 300_000, 1_000_000]
growth("Track points (whole snapshot, 800×600 PNG, no basemap)", "track", trackSizes, reps: 5) { "\($0) points" }
let pinSizes = quick ? [10, 100, 1_000, 10_000] : [10, 30, 100, 300, 1_000, 3_000, 10_000]
growth("Pins with callouts (whole snapshot, 800×600 PNG)", "pins", pinSizes, reps: 5) { "\($0) pins" }
let imageSizes = quick ? [256, 1024, 4096] : [256, 512, 1024, 2048, 4096]
growth("Image size (W3-like overlays, PNG)", "image", imageSizes, reps: 3) { "\($0)×\($0)" }
