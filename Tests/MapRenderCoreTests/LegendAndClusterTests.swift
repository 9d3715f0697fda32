import MapFormats
import MapGeometry
import MapTestSupport
import Testing

@testable import MapAnnotations
@testable import MapDrawing
@testable import MapRenderCore

@Suite("Clustering")
struct ClusteringTests {
    let here = Coordinate(latitude: 39.75, longitude: -105.0)

    /// Distinct coordinates for `points`, so no two are the same place.
    func coordinates(_ count: Int) -> [Coordinate] {
        (0..<count).map { Coordinate(latitude: here.latitude + Double($0) * 0.001, longitude: here.longitude) }
    }

    @Test("pins closer than the radius merge; at the radius or beyond they stay apart")
    func mergeRadius() {
        let near = [CanvasPoint(x: 100, y: 100), CanvasPoint(x: 139.9, y: 100)]
        let merged = PinClustering.clusters(points: near, coordinates: coordinates(2), radius: 40)
        #expect(merged.count == 1 && merged[0].kind == .merged && merged[0].members == [0, 1])
        let far = [CanvasPoint(x: 100, y: 100), CanvasPoint(x: 140, y: 100)]
        let apart = PinClustering.clusters(points: far, coordinates: coordinates(2), radius: 40)
        #expect(apart.map(\.kind) == [.single, .single])
        #expect(apart.map(\.members) == [[0], [1]])
    }

    @Test("a cluster counts its members and sits at their centroid")
    func countAndCentroid() {
        let points = [
            CanvasPoint(x: 100, y: 100), CanvasPoint(x: 400, y: 400), CanvasPoint(x: 110, y: 100),
            CanvasPoint(x: 100, y: 130),
        ]
        let clusters = PinClustering.clusters(points: points, coordinates: coordinates(4), radius: 40)
        #expect(clusters.count == 2)
        #expect(clusters[0].kind == .merged && clusters[0].members == [0, 2, 3])
        #expect(abs(clusters[0].center.x - 310.0 / 3) < 1e-9 && abs(clusters[0].center.y - 110) < 1e-9)
        #expect(clusters[1].kind == .single && clusters[1].members == [1] && clusters[1].center == points[1])
    }

    @Test("places at the very same coordinate fan out on a circle instead of merging")
    func fanOut() {
        let building = Coordinate(latitude: 39.7392, longitude: -104.9903)
        let points = [CanvasPoint](repeating: CanvasPoint(x: 200, y: 200), count: 10)
        let clusters = PinClustering.clusters(
            points: points, coordinates: [Coordinate](repeating: building, count: 10), radius: 40)
        #expect(clusters.count == 1)
        let fan = clusters[0]
        #expect(fan.kind == .fan && fan.members == Array(0..<10) && fan.center == CanvasPoint(x: 200, y: 200))
        #expect(Set(fan.memberPoints).count == 10)
        let radius = max(PinClustering.minimumFanRadius, PinClustering.fanSpacing * 10 / (2 * .pi))
        for point in fan.memberPoints {
            let distance = ((point.x - 200) * (point.x - 200) + (point.y - 200) * (point.y - 200)).squareRoot()
            #expect(abs(distance - radius) < 1e-9)
        }
        // The first spot is straight above the place.
        #expect(abs(fan.memberPoints[0].x - 200) < 1e-9 && fan.memberPoints[0].y < 200)
    }

    @Test("the same input gives the same clusters; clusters come in input order of their first member")
    func determinism() {
        var generator = SplitMix64(seed: 7)
        let points = (0..<200).map { _ in
            CanvasPoint(x: Double(generator.next() % 800), y: Double(generator.next() % 600))
        }
        let first = PinClustering.clusters(points: points, coordinates: coordinates(200), radius: 40)
        let second = PinClustering.clusters(points: points, coordinates: coordinates(200), radius: 40)
        #expect(first == second)
        #expect(first.map { $0.members[0] } == first.map { $0.members[0] }.sorted())
        #expect(first.flatMap(\.members).sorted() == Array(0..<200))
        // Leader clustering: every member lies within the radius of its cluster's first member.
        for cluster in first {
            let seed = points[cluster.members[0]]
            for member in cluster.members {
                let p = points[member]
                #expect(((p.x - seed.x) * (p.x - seed.x) + (p.y - seed.y) * (p.y - seed.y)).squareRoot() < 40)
            }
        }
    }
}

@Suite("Legend and badges")
struct LegendTests {
    let measurer = FixedTextMeasurer()
    let size = CanvasSize(width: 400, height: 300)
    let here = Coordinate(latitude: 39.75, longitude: -105.0)

    func layout(
        _ scene: MapScene, mode: CalloutMode = .auto, legend: LegendMode = .auto, cluster: Double? = nil
    )
        -> MapLayout
    {
        var style = Style.standard
        style.furniture.showsScaleBar = false
        return MapLayout(
            scene: scene, style: style, calloutMode: mode, legendMode: legend, clusterRadius: cluster,
            measurer: measurer)
    }

    /// Six places in a row, too close for all their bubbles.
    var crowded: MapScene {
        MapScene(
            places: (0..<6).map { index in
                Place(
                    id: Int64(index), title: "Place number \(index)", subtitle: index == 2 ? "2 Main St" : nil,
                    coordinate: Coordinate(latitude: here.latitude, longitude: here.longitude + Double(index) * 0.0004))
            })
    }

    @Test("auto: pins without room get numbered badges and a legend line; nothing is reported")
    func autoMode() throws {
        let result = layout(crowded).layOut(in: Viewport(center: here, zoom: 15, size: size))
        try assertSnapshot(result.displayList.dump, named: "legend-auto")
        #expect(result.diagnostics.isEmpty)
        #expect(!result.legend.isEmpty)
        #expect(result.legend.map(\.number) == Array(1...result.legend.count))
        for entry in result.legend {
            let index = try #require(entry.annotations.first)
            #expect(entry.annotations.count == 1 && entry.title == "Place number \(index)")
            #expect(entry.subtitle == (index == 2 ? "2 Main St" : nil))
            #expect(result.annotations[index].badge == entry.number)
        }
        // The same scene in `all` mode drops exactly these callouts, with a warning each.
        let all = layout(crowded, mode: .all).layOut(in: Viewport(center: here, zoom: 15, size: size))
        #expect(all.legend.isEmpty && all.annotations.allSatisfy { $0.badge == nil })
        // (auto keeps room for the badges, so it may number a few more than `all` drops).
        #expect(!all.diagnostics.isEmpty)
        #expect(all.diagnostics.allSatisfy { $0.severity == .warning && $0.message.contains("dropped") })
        let numberedTitles = Set(result.legend.map(\.title))
        for diagnostic in all.diagnostics {
            #expect(numberedTitles.contains { diagnostic.message.contains("'\($0)'") }, "\(diagnostic.message)")
        }
    }

    @Test("--legend: every pin numbered in input order; --legend outside widens the image, not the map")
    func keyForAll() throws {
        let viewport = Viewport(center: here, zoom: 15, size: size)
        let corner = layout(crowded, legend: .corner).layOut(in: viewport)
        #expect(corner.legend.map(\.annotations) == (0..<6).map { [$0] })
        #expect(corner.annotations.map(\.badge) == (1...6).map { $0 })
        #expect(corner.displayList.size == size)
        let outside = layout(crowded, legend: .outside).layOut(in: viewport)
        #expect(outside.viewport.size == size)
        #expect(outside.displayList.size.height == 300)
        // Two-digit-free rows: key 16 + 6, "Place number 0" at 7 points a character (FixedTextMeasurer),
        // padding 6 on both sides, the strip's inset 8 on both sides.
        let text = measurer.measure("Place number 0", font: Font(size: 11, isBold: true)).width
        #expect(outside.displayList.size.width == 400 + (16 + 6 + text + 12).rounded(.up) + 16)
        try assertSnapshot(outside.displayList.dump, named: "legend-outside")
    }

    @Test("a legend with more lines than the map holds ends in \"+N more\" and says so")
    func overflow() {
        let places = (0..<80).map { index in
            Place(
                id: Int64(index), title: "A rather long place name \(index)", subtitle: "Street \(index)",
                coordinate: Coordinate(latitude: here.latitude + Double(index % 9) * 0.001, longitude: here.longitude))
        }
        let small = CanvasSize(width: 300, height: 200)
        let result = layout(MapScene(places: places), legend: .corner).layOut(
            in: Viewport(center: here, zoom: 14, size: small))
        #expect(result.legend.count == 80)
        let more = result.displayList.commands.compactMap { command -> String? in
            if case .text(let run) = command, run.string.hasSuffix(" more") { return run.string }
            return nil
        }
        #expect(more.count == 1 && more[0].hasPrefix("+"))
        #expect(result.diagnostics.contains { $0.message.contains("the legend has no room for") })
    }

    @Test("a legend subtitle wraps at spaces into three lines at most, the last one cut with an ellipsis")
    func subtitleWrap() {
        let lines = LegendPanel.wrapped(
            "alpha beta gamma delta epsilon zeta eta theta", font: Font(size: 10), width: 66, lines: 3,
            measurer: measurer)
        #expect(lines.count == 3 && lines[0] == "alpha beta" && lines[1] == "gamma delta")
        #expect(lines[2].hasPrefix("epsilon") && lines[2].hasSuffix("…"))
        #expect(
            LegendPanel.wrapped("short", font: Font(size: 10), width: 66, lines: 3, measurer: measurer) == ["short"])
        #expect(LegendPanel.wrapped("", font: Font(size: 10), width: 66, lines: 3, measurer: measurer).isEmpty)
    }

    @Test("the legend goes to the corner that covers least")
    func cornerChoice() {
        let canvas = CanvasRect(x: 8, y: 8, width: 384, height: 284)
        let panel = CanvasSize(width: 100, height: 60)
        // Nothing anywhere: top right, the first corner.
        #expect(
            LegendPlacement.bestCorner(size: panel, canvas: canvas, obstacles: [], furniture: [], overlaySamples: [])
                .corner == .topRight)
        // A pin in the top right: top left.
        let pin = CanvasRect(x: 350, y: 20, width: 18, height: 36)
        #expect(
            LegendPlacement.bestCorner(size: panel, canvas: canvas, obstacles: [pin], furniture: [], overlaySamples: [])
                .corner == .topLeft)
        // A line through the top left too: the bottom right, clear of both.
        let line = (0..<20).map { CanvasPoint(x: 10 + Double($0) * 5, y: 30) }
        let best = LegendPlacement.bestCorner(
            size: panel, canvas: canvas, obstacles: [pin], furniture: [], overlaySamples: line)
        #expect(best.corner == .bottomRight)
        #expect(best.rect == CanvasRect(x: 292, y: 232, width: 100, height: 60))
        // A callout costs less than a pin: it is placed again clear of the legend. (200 overlay
        // samples in the top left now.)
        let dense = (0..<200).map { CanvasPoint(x: 10 + Double($0) * 0.45, y: 30) }
        let callout = CanvasRect(x: 250, y: 250, width: 100, height: 30)
        let withCallout = LegendPlacement.bestCorner(
            size: panel, canvas: canvas, obstacles: [pin, CanvasRect(x: 20, y: 250, width: 10, height: 10)],
            movable: [callout], furniture: [], overlaySamples: dense)
        #expect(withCallout.corner == .bottomRight)
        // Furniture pushes the plate past it: above an attribution plate in the bottom right.
        let attribution = CanvasRect(x: 300, y: 270, width: 92, height: 22)
        let above = LegendPlacement.bestCorner(
            size: panel, canvas: canvas, obstacles: [pin], furniture: [attribution], overlaySamples: line)
        #expect(above.corner == .bottomRight && above.rect.maxY == 266)
    }

    @Test("clusters: a count badge at the centroid, a fan for one coordinate, in the legend and the annotations")
    func clustersInLayout() throws {
        let building = Coordinate(latitude: 39.74, longitude: -104.99)
        var places = (0..<3).map { index in
            Place(
                id: Int64(index), title: "Near \(index)",
                coordinate: Coordinate(latitude: here.latitude, longitude: here.longitude + Double(index) * 0.0002))
        }
        places += (0..<10).map { Place(id: Int64(10 + $0), title: "Office \($0)", coordinate: building) }
        let scene = MapScene(places: places)
        let viewport = Viewport(center: Coordinate(latitude: 39.745, longitude: -104.995), zoom: 14, size: size)
        let result = layout(scene, legend: .corner, cluster: 40).layOut(in: viewport)
        #expect(result.clusters.map(\.kind) == [.merged, .fan])
        #expect(result.clusters[0].annotations == [0, 1, 2])
        #expect(result.clusters[0].titles == ["Near 0", "Near 1", "Near 2"])
        #expect(result.clusters[1].annotations == Array(3..<13))
        #expect(result.annotations[0].cluster == 0 && result.annotations[5].cluster == 1)
        // One legend line for the cluster, one for each fanned place.
        #expect(result.legend.count == 11)
        #expect(result.legend[0].title == "3 places" && result.legend[0].subtitle == "Near 0, Near 1, Near 2")
        #expect(result.legend[0].cluster == 0 && result.legend[0].annotations == [0, 1, 2])
        #expect(result.legend[1].title == "Office 0" && result.legend[1].annotations == [3])
        // The count is drawn once, in the badge.
        let counts = result.displayList.commands.filter {
            if case .text(let run) = $0 { run.string == "3" && run.font.size == 13 } else { false }
        }
        #expect(counts.count == 1)
        try assertSnapshot(result.displayList.dump, named: "clusters")
    }

    @Test("the sidecar lists legend entries, badges and clusters")
    func sidecar() throws {
        let result = layout(crowded, legend: .corner, cluster: 20).layOut(
            in: Viewport(center: here, zoom: 15, size: size))
        let snapshot = MapSnapshot(
            data: [], format: .png, scale: 1, viewport: result.viewport, annotations: result.annotations,
            attribution: [], diagnostics: result.diagnostics)
        var withLegend = snapshot
        withLegend.legend = result.legend
        withLegend.clusters = result.clusters
        let json = withLegend.sidecar.serialized()
        #expect(!snapshot.sidecar.serialized().contains("\"legend\""))
        #expect(json.contains("\"legend\":[{\"number\":1,\"title\":"))
        #expect(json.contains("\"badge\":1"))
        for entry in result.legend where entry.cluster == nil {
            #expect(json.contains("\"annotation\":\(entry.annotations[0])"))
        }
        if !result.clusters.isEmpty { #expect(json.contains("\"clusters\":[{\"kind\":\"merged\"")) }
    }
}
