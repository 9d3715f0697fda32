import MapDrawing
import MapErrors
import MapGeometry
import MapImageEncoding
import MapRenderCore
import MapTestSupport
import MapVectorStyle
import Testing

@testable import MapVectorLayout

/// The `raster` layer's paint against MapLibre's shader maths, and its picture of a viewport.
@Suite("raster layers: paint and picture")
struct RasterPaintTests {
    /// The largest difference allowed from the reference values, per 0…1 component: the
    /// shader computes in 32-bit floats, the reference and this in 64-bit.
    static let tolerance = 1e-5

    /// Values worked out from MapLibre's `raster.fragment.glsl` and the factors of its raster
    /// program (`spinWeights`, `saturationFactor`, `contrastFactor`) for the straight colour
    /// (0.8, 0.4, 0.2) or (0.3, 0.6, 0.9): premultiplied red, green, blue, alpha out.
    static let references: [(RasterPaint, input: (Double, Double, Double, Double), output: [Double])] = [
        (RasterPaint(hueRotate: 90), (0.8, 0.4, 0.2, 1), [0.351197, 0.813077, 0.235727, 1]),
        (RasterPaint(saturation: 0.5), (0.8, 0.4, 0.2, 1), [1, 0.333599, 0, 1]),
        (RasterPaint(saturation: -0.6), (0.8, 0.4, 0.2, 1), [0.6, 0.44, 0.36, 1]),
        (RasterPaint(contrast: 0.4), (0.8, 0.4, 0.2, 1), [1, 0.333333, 0, 1]),
        (RasterPaint(contrast: -0.5), (0.8, 0.4, 0.2, 1), [0.65, 0.45, 0.35, 1]),
        (RasterPaint(brightnessMin: 0.2, brightnessMax: 0.7), (0.8, 0.4, 0.2, 1), [0.6, 0.4, 0.3, 1]),
        // Half transparent, premultiplied in: (0.4, 0.2, 0.1) at alpha 0.5.
        (RasterPaint(opacity: 0.6), (0.4, 0.2, 0.1, 0.5), [0.24, 0.12, 0.06, 0.3]),
        (
            RasterPaint(
                opacity: 0.8, brightnessMin: 0.1, brightnessMax: 0.9, saturation: 0.3, contrast: 0.2, hueRotate: 200),
            (0.3, 0.6, 0.9, 1), [0.734115, 0.615212, 0.090673, 0.8]
        ),
    ]

    @Test("each paint property gives MapLibre's colour", arguments: 0..<references.count)
    func matchesMapLibre(_ index: Int) {
        let (paint, input, expected) = Self.references[index]
        let out = paint.color(red: input.0, green: input.1, blue: input.2, alpha: input.3)
        let got = [out.red, out.green, out.blue, out.alpha]
        for (a, b) in zip(got, expected) {
            // The references are rounded to 6 places.
            #expect(abs(a - b) <= Self.tolerance, "\(paint): \(got) against \(expected)")
        }
    }

    @Test("the defaults, a full turn of hue and no saturation keep the colour")
    func identities() {
        for paint in [RasterPaint(), RasterPaint(hueRotate: 360), RasterPaint(hueRotate: -720)] {
            let out = paint.color(red: 0.3, green: 0.5, blue: 0.7, alpha: 1)
            #expect(abs(out.red - 0.3) < 1e-9 && abs(out.green - 0.5) < 1e-9 && abs(out.blue - 0.7) < 1e-9)
        }
        #expect(RasterPaint().keepsColors)
        #expect(!RasterPaint(contrast: 0.1).keepsColors)
        let grey = RasterPaint(saturation: -1).color(red: 0.9, green: 0.3, blue: 0.0, alpha: 1)
        #expect(abs(grey.red - 0.4) < 1e-9 && abs(grey.green - 0.4) < 1e-9 && abs(grey.blue - 0.4) < 1e-9)
    }

    @Test("the paint is read from the layer, with the spec's defaults and ranges")
    func readFromLayer() throws {
        let style = try VectorStyle(
            parsing: Array(
                """
                {"version": 8, "sources": {"r": {"type": "raster", "tiles": ["http://x/{z}/{x}/{y}.png"]}},
                 "layers": [{"id": "r", "type": "raster", "source": "r", "paint": {
                   "raster-opacity": ["interpolate", ["linear"], ["zoom"], 10, 0.2, 14, 1],
                   "raster-saturation": -2, "raster-hue-rotate": 45, "raster-resampling": "nearest"}}]}
                """.utf8), fileName: "raster.json")
        let paint = RasterPaint(of: style.layers[0], in: StyleEvaluationContext(zoom: 12))
        #expect(abs(paint.opacity - 0.6) < 1e-9)
        #expect(paint.saturation == -1)
        #expect(paint.hueRotate == 45)
        #expect(paint.resampling == .nearest)
        #expect(paint.brightnessMin == 0 && paint.brightnessMax == 1 && paint.contrast == 0)
    }

    /// Two zoom-15 tiles side by side, red west and blue east, under a 64×16 view at zoom 15
    /// centred on their seam (one tile pixel per canvas point).
    static func seam(scale: Double = 1) -> (Viewport, SolidTiles) {
        let west = TilePath(z: 15, x: 18_000, y: 9_000)
        let east = TilePath(z: 15, x: 18_001, y: 9_000)
        let seam = MapPoint(x: east.mapRect.origin.x, y: east.mapRect.origin.y + east.mapRect.size.height / 2)
        let viewport = Viewport(center: seam, zoom: 15, size: CanvasSize(width: 64, height: 16))
        return (viewport, SolidTiles([west: 0xFFFF_0000, east: 0xFF00_00FF]))
    }

    func picture(
        _ paint: String, viewport: Viewport, tiles: SolidTiles, scale: Double = 1
    ) throws -> (pixels: [UInt32], width: Int) {
        let style = try VectorStyle(
            parsing: Array(
                """
                {"version": 8, "sources": {"r": {"type": "raster", "tiles": ["http://x/{z}/{x}/{y}.png"]}},
                 "layers": [{"id": "r", "type": "raster", "source": "r", "paint": {\(paint)}}]}
                """.utf8), fileName: "raster.json")
        let layout = RasterLayout(viewport: viewport, scale: scale, styleZoom: viewport.zoom - 1, concurrently: false)
        var diagnostics: [Diagnostic] = []
        let commands = try layout.commands(for: style.layers[0], source: tiles, diagnostics: &diagnostics)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        guard case .image(let image, let rect)? = commands.first else {
            Issue.record("no picture: \(commands)")
            return ([], 0)
        }
        #expect(rect == CanvasRect(x: 0, y: 0, width: viewport.size.width, height: viewport.size.height))
        let decoded = try #require(try PNGDecoder.argbPixels(image.data, maximumSide: 4096))
        #expect(decoded.width == Int(viewport.size.width * scale))
        return (decoded.pixels, decoded.width)
    }

    @Test("linear resampling blends across the seam of two tiles; nearest does not")
    func resampling() throws {
        let (viewport, tiles) = Self.seam()
        let linear = try picture("", viewport: viewport, tiles: tiles)
        let row = 8 * linear.width
        #expect(linear.pixels[row + 0] == 0xFFFF_0000)
        #expect(linear.pixels[row + 63] == 0xFF00_00FF)
        // The pixels either side of the seam are each one texel from the other tile's:
        // exactly on texel centres, so unblended.
        #expect(linear.pixels[row + 31] == 0xFFFF_0000)
        #expect(linear.pixels[row + 32] == 0xFF00_00FF)
        // At scale 2 the device pixels either side of the seam are a quarter texel from it.
        let double = try picture("", viewport: viewport, tiles: tiles, scale: 2)
        let middle = 16 * double.width + 64
        let blended = double.pixels[middle]
        #expect(blended >> 16 & 0xFF > 0x20 && blended & 0xFF > 0x20, "\(String(blended, radix: 16))")
        let nearest = try picture("\"raster-resampling\": \"nearest\"", viewport: viewport, tiles: tiles, scale: 2)
        #expect(nearest.pixels[middle] == 0xFF00_00FF && nearest.pixels[middle - 1] == 0xFFFF_0000)
    }

    @Test("the picture is painted with the layer's paint")
    func painted() throws {
        let (viewport, tiles) = Self.seam()
        let grey = try picture("\"raster-saturation\": -1, \"raster-opacity\": 0.5", viewport: viewport, tiles: tiles)
        // Red turned grey (1/3), at half opacity, premultiplied: 0.5 · 1/3 → 42.5 of 255 (the
        // PNG stores straight colour, so a round trip may move it by one).
        let pixel = grey.pixels[8 * grey.width]
        #expect(pixel >> 24 == 128)
        for channel in [pixel >> 16 & 0xFF, pixel >> 8 & 0xFF, pixel & 0xFF] {
            #expect((42...43).contains(channel), "\(String(pixel, radix: 16))")
        }
        var diagnostics: [Diagnostic] = []
        let none = try RasterLayout(viewport: viewport, scale: 1, styleZoom: 14).commands(
            for: VectorStyleLayer(id: "r", kind: .raster, source: "r", paint: ["raster-opacity": .literal(.number(0))]),
            source: tiles, diagnostics: &diagnostics)
        #expect(none.isEmpty)
    }

    @Test("across the antimeridian the world's first tiles follow its last ones")
    func worldCopies() throws {
        let east = TilePath(z: 2, x: 3, y: 1)
        let seam = MapPoint(x: MapSize.world.width, y: east.mapRect.origin.y + east.mapRect.size.height / 2)
        let viewport = Viewport(center: seam, zoom: 2, size: CanvasSize(width: 64, height: 16))
        let tiles = SolidTiles([east: 0xFFFF_0000, TilePath(z: 2, x: 0, y: 1): 0xFF00_00FF])
        let painted = try picture("", viewport: viewport, tiles: tiles)
        #expect(painted.pixels[8 * painted.width] == 0xFFFF_0000)
        #expect(painted.pixels[8 * painted.width + 63] == 0xFF00_00FF)
    }

    @Test("a tile that does not decode is a warning and left transparent")
    func undecodable() throws {
        let (viewport, _) = Self.seam()
        var tiles = SolidTiles([TilePath(z: 15, x: 18_000, y: 9_000): 0xFF00_FF00])
        tiles.garbage = [TilePath(z: 15, x: 18_001, y: 9_000)]
        var diagnostics: [Diagnostic] = []
        let commands = try RasterLayout(viewport: viewport, scale: 1, styleZoom: 14, concurrently: false).commands(
            for: VectorStyleLayer(id: "r", kind: .raster, source: "r"), source: tiles, diagnostics: &diagnostics)
        #expect(commands.count == 1)
        #expect(diagnostics.contains { $0.severity == .warning && $0.message.contains("not a PNG, JPEG or WebP") })
    }
}

/// Raster tiles of one colour each (premultiplied ARGB), as 256-pixel PNGs, or JPEGs when
/// asked; `garbage` tiles are bytes that are no image.
struct SolidTiles: RasterTileSource {
    var colors: [TilePath: UInt32]
    var garbage: Set<TilePath> = []
    var jpeg = false

    init(_ colors: [TilePath: UInt32], jpeg: Bool = false) {
        self.colors = colors
        self.jpeg = jpeg
    }

    var attribution: [String] { ["© Test imagery"] }
    var zoomRange: ClosedRange<Int> { 0...18 }
    var tileSize: Int { 256 }
    var hasHighResolutionTiles: Bool { false }
    var isImagery: Bool { true }

    func tiles(_ paths: [TilePath], highResolution: Bool) -> [TilePath: Result<EncodedImage, TileFailure>] {
        var result: [TilePath: Result<EncodedImage, TileFailure>] = [:]
        for path in paths {
            if garbage.contains(path) {
                result[path] = .success(EncodedImage(data: [1, 2, 3, 4], pixelWidth: 256, pixelHeight: 256))
                continue
            }
            guard let color = colors[path] else {
                result[path] = .failure(TileFailure(tile: path, reason: "not in the test set"))
                continue
            }
            let pixels = [UInt32](repeating: color, count: 256 * 256)
            let data = pixels.withUnsafeBytes { bytes in
                jpeg
                    ? (try? JPEGEncoder.encode(
                        pixels: bytes.baseAddress!, width: 256, height: 256, stride: 1024, quality: 95)) ?? []
                    : PNGEncoder.encode(
                        pixels: bytes.baseAddress!, width: 256, height: 256, stride: 1024, hasAlpha: true)
            }
            result[path] = .success(
                EncodedImage(data: data, encoding: jpeg ? .jpeg : .png, pixelWidth: 256, pixelHeight: 256))
        }
        return result
    }
}

@Suite("raster layers: JPEG tiles")
struct RasterJPEGTileTests {
    @Test("JPEG imagery tiles are decoded into the picture")
    func jpegTiles() throws {
        let west = TilePath(z: 15, x: 18_000, y: 9_000)
        let viewport = Viewport(
            center: MapPoint(
                x: west.mapRect.origin.x + west.mapRect.size.width / 2,
                y: west.mapRect.origin.y + west.mapRect.size.height / 2), zoom: 15,
            size: CanvasSize(width: 32, height: 32))
        let tiles = SolidTiles([west: 0xFF20_8040], jpeg: true)
        var diagnostics: [Diagnostic] = []
        let commands = try RasterLayout(viewport: viewport, scale: 1, styleZoom: 14, concurrently: false).commands(
            for: VectorStyleLayer(id: "r", kind: .raster, source: "r"), source: tiles, diagnostics: &diagnostics)
        guard case .image(let image, _)? = commands.first else {
            Issue.record("no picture")
            return
        }
        let pixel = try #require(try PNGDecoder.argbPixels(image.data, maximumSide: 64)).pixels[16 * 32 + 16]
        // JPEG is lossy: within 4 of 255 on each channel.
        for (got, want) in zip([pixel >> 16 & 0xFF, pixel >> 8 & 0xFF, pixel & 0xFF], [0x20, 0x80, 0x40] as [UInt32]) {
            #expect(abs(Int(got) - Int(want)) <= 4, "\(String(pixel, radix: 16))")
        }
    }
}
