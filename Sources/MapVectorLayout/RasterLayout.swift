import MapDrawing
import MapErrors
import MapGeometry
import MapImageEncoding
import MapRenderCore
import MapVectorStyle

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A style's `raster` layer: the tiles of its source fetched for the viewport (through the
/// source's own machinery: archives, folders, servers with their cache and host policy),
/// resampled into one picture of the viewport at the output's pixel density with the
/// layer's paint (`RasterPaint`), and placed on the map as an image, which every backend
/// draws. One picture rather than a grid of tiles, so the paint and the resampling are
/// the same in every output and enlarged tiles join without seams.
struct RasterLayout {
    var viewport: Viewport
    /// Device pixels per canvas point.
    var scale: Double
    /// The zoom the style is evaluated at (MapLibre's: the viewport's − 1).
    var styleZoom: Double
    /// Whether a large picture is painted in two bands at once (off in a batch).
    var concurrently = true

    /// The largest tile side decoded, in pixels.
    static let maximumSide = 4096

    /// The picture of one raster layer, or nothing when it is transparent or all its tiles
    /// are missing.
    ///
    /// - Throws: the `TileFailure.refusal` of a tile the host policy refused.
    func commands(
        for layer: VectorStyleLayer, source: any RasterTileSource, diagnostics: inout [Diagnostic]
    ) throws(MapError) -> [DrawCommand] {
        let paint = RasterPaint(of: layer, in: StyleEvaluationContext(zoom: styleZoom))
        guard paint.opacity > 0 else { return [] }
        let set = try source.tileSet(for: viewport, scale: scale)
        diagnostics += set.diagnostics
        guard let tiles = Self.decoded(set, diagnostics: &diagnostics) else { return [] }
        let width = max(Int((viewport.size.width * scale).rounded()), 1)
        let height = max(Int((viewport.size.height * scale).rounded()), 1)
        let sampler = Sampler(tiles: tiles, placed: set.tiles.map(\.path))
        let pixels = picture(
            of: sampler, paint: paint, width: width, height: height, side: tiles.side, zoom: tiles.zoom)
        let png = pixels.withUnsafeBytes { bytes in
            PNGEncoder.encode(
                pixels: bytes.baseAddress!, width: width, height: height, stride: width * 4, hasAlpha: true,
                fast: true)
        }
        let image = EncodedImage(data: png, encoding: .png, pixelWidth: width, pixelHeight: height)
        return [.image(image, in: CanvasRect(x: 0, y: 0, width: viewport.size.width, height: viewport.size.height))]
    }

    /// The decoded tiles of one zoom, all of one side, by wrapped column and row.
    struct DecodedTiles: Sendable {
        var zoom: Int
        /// The side of every tile, in pixels.
        var side: Int
        /// Premultiplied native-endian ARGB words, by `y << zoom + x`.
        var pixels: [Int: [UInt32]]
    }

    /// The set's images decoded; `nil` when none decodes. A tile that does not decode, or is
    /// not the size of the others, is one warning per reason and left transparent.
    static func decoded(_ set: RasterTileSet, diagnostics: inout [Diagnostic]) -> DecodedTiles? {
        var result = DecodedTiles(zoom: set.zoom, side: 0, pixels: [:])
        var failures: [TileFailure] = []
        for (path, image) in set.tiles {
            guard let image else { continue }
            let wrapped = path.wrapped
            let key = wrapped.y << set.zoom + wrapped.x
            guard result.pixels[key] == nil else { continue }
            do {
                let (side, pixels) = try argb(image.data)
                if result.side == 0 { result.side = side }
                guard side == result.side else {
                    failures.append(
                        TileFailure(tile: wrapped, reason: "a \(side) px tile among \(result.side) px ones"))
                    continue
                }
                result.pixels[key] = pixels
            } catch {
                failures.append(TileFailure(tile: wrapped, reason: error.message))
            }
        }
        diagnostics += TileFailure.summaries(failures)
        return result.pixels.isEmpty ? nil : result
    }

    /// A square tile's PNG, JPEG or WebP image as premultiplied ARGB words.
    ///
    /// - Throws: `MapError` `.invalidData` for another format, an image that does not decode
    ///   or is not square.
    static func argb(_ bytes: [UInt8]) throws(MapError) -> (side: Int, pixels: [UInt32]) {
        let isWebP =
            bytes.count >= 12 && bytes[0..<4].elementsEqual(Array("RIFF".utf8))
            && bytes[8..<12].elementsEqual(Array("WEBP".utf8))
        let isJPEG = bytes.starts(with: [0xFF, 0xD8, 0xFF])
        let width: Int, height: Int, words: [UInt32]
        if isWebP || isJPEG {
            let image =
                isWebP
                ? try WebPDecoder.rgbaPixels(bytes, maximumSide: maximumSide)
                : try JPEGDecoder.rgbaPixels(bytes, maximumSide: maximumSide)
            (width, height) = (image.width, image.height)
            words = (0..<width * height).map { index in
                let r = UInt32(image.pixels[index * 4]), g = UInt32(image.pixels[index * 4 + 1])
                let b = UInt32(image.pixels[index * 4 + 2]), a = UInt32(image.pixels[index * 4 + 3])
                // Premultiplied as Cairo rounds: (c · a + 127) / 255.
                func times(_ c: UInt32) -> UInt32 { a == 255 ? c : (c * a + 127) / 255 }
                return a << 24 | times(r) << 16 | times(g) << 8 | times(b)
            }
        } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            guard let image = try PNGDecoder.argbPixels(bytes, maximumSide: maximumSide) else {
                throw MapError(.invalidData, "a PNG tile must have 8 bits a channel and no interlacing")
            }
            (width, height, words) = (image.width, image.height, image.pixels)
        } else {
            throw MapError(.invalidData, "not a PNG, JPEG or WebP tile")
        }
        guard width == height, width > 0 else {
            throw MapError(.invalidData, "a \(width)×\(height) tile is not square")
        }
        return (width, words)
    }

    /// The picture's premultiplied ARGB words, row by row: each device pixel's centre sampled
    /// from the tiles (bilinear between pixel centres, or the nearest pixel), then painted.
    func picture(of sampler: Sampler, paint: RasterPaint, width: Int, height: Int, side: Int, zoom: Int) -> [UInt32] {
        // Texels across the world at the tiles' zoom, and a device pixel's size in texels.
        let worldTexels = Double(side << zoom)
        let corner = viewport.mapPoint(for: CanvasPoint(x: 0, y: 0))
        let texelsPerMapPoint = worldTexels / MapSize.world.width
        let step = 1 / (scale * viewport.canvasPointsPerMapPoint) * texelsPerMapPoint
        let originX = corner.x * texelsPerMapPoint
        let originY = corner.y * worldTexels / MapSize.world.height
        let prepared = paint.prepared
        let keeps = paint.keepsColors && paint.opacity == 1
        let nearest = paint.resampling == .nearest
        let bands = concurrently && width * height >= 1 << 17 ? 2 : 1
        let rows = (0..<bands).map { band in (band * height / bands)..<((band + 1) * height / bands) }
        let painted = ParallelWork.map(rows, workers: bands) { rows in
            var out = [UInt32](repeating: 0, count: rows.count * width)
            sampler.texels.withUnsafeBufferPointer { buffer in
                out.withUnsafeMutableBufferPointer { out in
                    for y in rows {
                        let v = originY + (Double(y) + 0.5) * step
                        for x in 0..<width {
                            let u = originX + (Double(x) + 0.5) * step
                            let index = (y - rows.lowerBound) * width + x
                            if keeps {
                                // Colours kept: the texels weighed in 8-bit fixed point, several
                                // times cheaper than in floating point.
                                out[index] =
                                    nearest ? sampler.nearestWord(buffer, u, v) : sampler.bilinearWord(buffer, u, v)
                            } else {
                                let sample = nearest ? sampler.nearest(buffer, u, v) : sampler.bilinear(buffer, u, v)
                                let (r, g, b, a) = prepared.color(
                                    red: sample.1, green: sample.2, blue: sample.3, alpha: sample.0)
                                out[index] = Self.word((a, r, g, b))
                            }
                        }
                    }
                }
            }
            return out
        }
        return Array(painted.joined())
    }

    /// A premultiplied ARGB word from components 0…1 (alpha, red, green, blue).
    @inline(__always)
    static func word(_ c: (Double, Double, Double, Double)) -> UInt32 {
        func byte(_ value: Double) -> UInt32 { UInt32(min(max(value * 255 + 0.5, 0), 255)) }
        return byte(c.0) << 24 | byte(c.1) << 16 | byte(c.2) << 8 | byte(c.3)
    }

    /// The tiles shown, copied side by side into one block of texels (the tiles as placed
    /// on the canvas, world copies included), so that a texel is found by two subtractions
    /// and a multiplication; outside the block, and where a tile is missing, transparent.
    struct Sampler: Sendable {
        /// Premultiplied ARGB words, row by row.
        var texels: [UInt32]
        /// The block's size in texels, and the world texel column and row of its corner.
        var width: Int, height: Int, column: Int, row: Int

        init(tiles: DecodedTiles, placed paths: [TilePath]) {
            let side = tiles.side
            let columns = (paths.map(\.x).min() ?? 0)...(paths.map(\.x).max() ?? 0)
            let rows = (paths.map(\.y).min() ?? 0)...(paths.map(\.y).max() ?? 0)
            (width, height) = (columns.count * side, rows.count * side)
            (column, row) = (columns.lowerBound * side, rows.lowerBound * side)
            var texels = [UInt32](repeating: 0, count: width * height)
            for path in paths {
                let wrapped = path.wrapped
                guard let pixels = tiles.pixels[wrapped.y << tiles.zoom + wrapped.x] else { continue }
                let left = (path.x - columns.lowerBound) * side, top = (path.y - rows.lowerBound) * side
                for y in 0..<side {
                    texels.replaceSubrange(
                        (top + y) * width + left..<(top + y) * width + left + side,
                        with: pixels[y * side..<(y + 1) * side])
                }
            }
            self.texels = texels
        }

        /// The texel's premultiplied components 0…1: alpha, red, green, blue.
        @inline(__always)
        func texel(_ buffer: UnsafeBufferPointer<UInt32>, _ x: Int, _ y: Int) -> (Double, Double, Double, Double) {
            let x = x - column, y = y - row
            guard x >= 0, x < width, y >= 0, y < height else { return (0, 0, 0, 0) }
            let word = buffer[y * width + x]
            return (
                Double(word >> 24) / 255, Double(word >> 16 & 0xFF) / 255, Double(word >> 8 & 0xFF) / 255,
                Double(word & 0xFF) / 255
            )
        }

        /// The texel's word, 0 outside the block.
        @inline(__always)
        func word(_ buffer: UnsafeBufferPointer<UInt32>, _ x: Int, _ y: Int) -> UInt32 {
            let x = x - column, y = y - row
            guard x >= 0, x < width, y >= 0, y < height else { return 0 }
            return buffer[y * width + x]
        }

        /// The word of the texel nearest to (u, v).
        @inline(__always)
        func nearestWord(_ buffer: UnsafeBufferPointer<UInt32>, _ u: Double, _ v: Double) -> UInt32 {
            word(buffer, Int(floor(u)), Int(floor(v)))
        }

        /// `bilinear(_:_:_:)` as a word, the weights in 1/256ths.
        @inline(__always)
        func bilinearWord(_ buffer: UnsafeBufferPointer<UInt32>, _ u: Double, _ v: Double) -> UInt32 {
            let x = u - 0.5, y = v - 0.5
            let x0 = floor(x), y0 = floor(y)
            let wx = UInt32((x - x0) * 256), wy = UInt32((y - y0) * 256)
            let column = Int(x0), row = Int(y0)
            let a = word(buffer, column, row), b = word(buffer, column + 1, row)
            let c = word(buffer, column, row + 1), d = word(buffer, column + 1, row + 1)
            if a == b && a == c && a == d { return a }
            var result: UInt32 = 0
            for shift in stride(from: UInt32(0), through: 24, by: 8) {
                let top = (a >> shift & 0xFF) * (256 - wx) + (b >> shift & 0xFF) * wx
                let bottom = (c >> shift & 0xFF) * (256 - wx) + (d >> shift & 0xFF) * wx
                result |= ((top * (256 - wy) + bottom * wy + 32_768) >> 16) << shift
            }
            return result
        }

        /// The texel nearest to world texel position (u, v).
        @inline(__always)
        func nearest(
            _ buffer: UnsafeBufferPointer<UInt32>, _ u: Double, _ v: Double
        ) -> (
            Double, Double, Double, Double
        ) {
            texel(buffer, Int(floor(u)), Int(floor(v)))
        }

        /// The four texels around (u, v) weighed by distance, between texel centres.
        @inline(__always)
        func bilinear(
            _ buffer: UnsafeBufferPointer<UInt32>, _ u: Double, _ v: Double
        ) -> (
            Double, Double, Double, Double
        ) {
            let x = u - 0.5, y = v - 0.5
            let x0 = floor(x), y0 = floor(y)
            let fx = x - x0, fy = y - y0
            let column = Int(x0), row = Int(y0)
            let a = texel(buffer, column, row), b = texel(buffer, column + 1, row)
            let c = texel(buffer, column, row + 1), d = texel(buffer, column + 1, row + 1)
            func mix(_ p: Double, _ q: Double, _ r: Double, _ s: Double) -> Double {
                (p * (1 - fx) + q * fx) * (1 - fy) + (r * (1 - fx) + s * fx) * fy
            }
            return (mix(a.0, b.0, c.0, d.0), mix(a.1, b.1, c.1, d.1), mix(a.2, b.2, c.2, d.2), mix(a.3, b.3, c.3, d.3))
        }
    }
}
