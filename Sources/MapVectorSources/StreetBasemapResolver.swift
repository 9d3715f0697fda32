import Foundation
public import MapErrors
import MapFormats
import MapGeometry
public import MapRenderCore
public import MapTiles
import MapVectorLayout
import MapVectorStyle

/// Turns `--basemap`, `--basemap-style` and `--style` into a street map of vector tiles, or
/// says the basemap is something else (raster tiles, the vector world, none).
///
/// - `--basemap-style STYLE.json` with a `--basemap` source: the style's first vector source
///   (the first a layer draws from) is bound to that source; any others are resolved from
///   their own `url` or `tiles`.
/// - `--basemap-style` alone: every vector source is resolved from its `url` (`pmtiles://`
///   and `mbtiles://` paths relative to the style file, `pmtiles://https://…`, a TileJSON
///   URL) or its `tiles` templates.
/// - A vector archive on `--basemap` without a style: the built-in style `--style` names,
///   in the version for the archive's schema (OpenMapTiles, Protomaps basemap v4,
///   Shortbread), recognised from its metadata or, failing that, its first tile.
public enum StreetBasemapResolver {
    /// A source opened for a style: its tiles and the layers it says it has (empty when it
    /// says nothing).
    struct Opened {
        var provider: any VectorTileProvider
        var layerNames: [String]
        /// What tells the source's schema; empty when it says nothing.
        var evidence = VectorTileSchemaEvidence()
    }

    /// The street map the options name, or `nil` when `--basemap` names no vector tiles and
    /// no `--basemap-style` is given.
    ///
    /// - Parameters:
    ///   - argument: `--basemap` (`world` when not given).
    ///   - styleFile: `--basemap-style`.
    ///   - styleName: `--style`: picks the built-in vector style (`default`, `dark`, `print`).
    ///   - scale: the output's pixel density, for the sprite.
    ///   - allowsOutsidePaths: whether the style's sprite and `pmtiles://`, `mbtiles://` and
    ///     file paths may lie outside the style's folder; by default an absolute path, `..`
    ///     or a symbolic link leading out is refused (`PathConfinement`).
    ///   - languages: `--language`: label languages in order of preference (tags checked by
    ///     `labelLanguages(_:)`); the style, built-in or given, is rewritten to prefer them
    ///     (`VectorStyle.localized(to:)`).
    ///   - terrain: `--terrain`: an elevation archive shaded under the built-in look
    ///     (`TerrainOverlay`), or `nil`; not drawn under imagery.
    ///   - imagery: `--imagery`: the raster source under a `hybrid` map's roads and labels
    ///     (`VectorStyle.hybridLook()`), or drawn alone on a `satellite` one, as an `Underlay`.
    ///   - contours: the unit of the contour lines drawn over that hillshade
    ///     (`ContourOverlay`), or `nil` for none (`--contours none`).
    /// - Throws: `MapError` `.invalidRequest` for a style that cannot be bound, an archive
    ///   in none of the schemas the built-in styles draw (the message lists its layers and the
    ///   schemas) or in the Protomaps v3 schema, a satellite or hybrid map without imagery or
    ///   with a `--basemap-style`; `.invalidData` for a path the style names outside its
    ///   folder; what opening the archives, the style, the imagery and TileJSON throws.
    public static func basemap(
        argument: String, styleFile: String?, styleName: String, scale: Double, mapType: MapType,
        options: HTTPTileOptions, allowsOutsidePaths: Bool = false, languages: [String] = [], terrain: String? = nil,
        imagery: String? = nil, contours: ContourOverlay.Unit? = nil
    ) throws(MapError) -> StreetBasemap? {
        var street = try unlocalizedBasemap(
            argument: argument, styleFile: styleFile, styleName: styleName, scale: scale, mapType: mapType,
            options: options, allowsOutsidePaths: allowsOutsidePaths, terrain: terrain, imagery: imagery,
            contours: contours)
        if let style = street?.basemap.style {
            street?.basemap.style = style.localized(to: languages.compactMap(LabelLanguage.init))
        }
        return street
    }

    private static func unlocalizedBasemap(
        argument: String, styleFile: String?, styleName: String, scale: Double, mapType: MapType,
        options: HTTPTileOptions, allowsOutsidePaths: Bool, terrain: String?, imagery: String?,
        contours: ContourOverlay.Unit?
    ) throws(MapError) -> StreetBasemap? {
        guard argument != "none" else { return nil }
        let isBound = argument != "world"
        var opened: Opened?
        if isBound {
            opened = try open(argument, relativeTo: nil, forced: styleFile != nil, options: options)
            if opened == nil { return nil }
        } else if styleFile == nil {
            return nil
        }
        if mapType != .standard {
            guard styleFile == nil else {
                throw MapError(
                    .invalidRequest,
                    "a \(mapType.rawValue) map lays imagery under the built-in look, not under a --basemap-style style",
                    remedy: "add a raster source and layer to the style and give --map-type standard, or leave out"
                        + " --basemap-style")
            }
            guard imagery != nil else {
                throw MapError(
                    .invalidRequest, "a \(mapType.rawValue) map over vector tiles needs imagery to lay under them",
                    remedy: "give --imagery ARCHIVE|URL|preset (e.g. --imagery esri-imagery), or --map-type standard")
            }
        }
        guard let styleFile else {
            let builtIn = BuiltInVectorStyle(rawValue: styleName) ?? .standard
            let schema = try opened.map { (source) throws(MapError) in
                try builtInSchema(of: source, subject: "--basemap \(argument)")
            }
            var style = try builtIn.style(for: schema ?? .openMapTiles)
            switch (mapType, imagery) {
            case (.hybrid, let imagery?):
                // One look over imagery whatever --style says, and no hillshade: the imagery
                // has its own light and shadow.
                style = Underlay.imagery(imagery).inserted(into: style.hybridLook())
                return try bind(style, label: "built-in style hybrid", to: opened, options)
            case (.satellite, let imagery?):
                style = Underlay.imagery(imagery).inserted(into: style.satelliteLook())
                var satellite = try bind(style, label: "imagery", to: opened, options)
                // Only the imagery is drawn: only it is credited.
                satellite.basemap.attribution = satellite.basemap.rasterSources.values.flatMap(\.attribution)
                return satellite
            default:
                if let terrain {
                    style = try TerrainOverlay.shaded(style, archive: terrain, look: builtIn)
                    if let contours { style = ContourOverlay.added(to: style, look: builtIn, unit: contours) }
                }
                return try bind(style, label: "built-in style \(builtIn.rawValue)", to: opened, options)
            }
        }
        guard terrain == nil else {
            throw MapError(
                .invalidRequest, "--terrain shades the built-in looks, not a --basemap-style style",
                remedy: "add a raster-dem source and a hillshade layer to the style, or leave out --terrain")
        }
        let style = try VectorStyle(contentsOfFile: styleFile)
        let confinement = allowsOutsidePaths ? nil : PathConfinement(folderOf: styleFile)
        guard let confinement else {
            return try bind(style, styleFile: styleFile, to: opened, options, scale: scale, confinement: nil)
        }
        // The archives and sprite files the style names are read beneath its folder, so a
        // link swapped in after they were checked cannot lead out.
        return try confinement.confining { () throws(MapError) in
            try bind(style, styleFile: styleFile, to: opened, options, scale: scale, confinement: confinement)
        }
    }

    /// A style file bound to its sources, with its sprite.
    private static func bind(
        _ style: VectorStyle, styleFile: String, to opened: Opened?, _ options: HTTPTileOptions, scale: Double,
        confinement: PathConfinement?
    ) throws(MapError) -> StreetBasemap {
        var basemap = try bind(
            style, label: styleFile, to: opened, options, styleFile: styleFile, confinement: confinement)
        if let sprite = style.sprite {
            if let confinement { try SpriteLoader.requireInside(confinement, sprite: sprite, styleFile: styleFile) }
            // Confined, the sprite is named from the folder's resolved path, which is what
            // `InputFile` opens beneath it.
            let named = confinement.map { $0.root + "/" + (styleFile as NSString).lastPathComponent } ?? styleFile
            let loaded = SpriteLoader.load(sprite, styleFile: named, scale: scale)
            basemap.basemap.sprite = loaded.sheet
            basemap.diagnostics += loaded.diagnostics
        }
        return basemap
    }

    /// The style's vector sources bound to tiles, with its notes as `.info` diagnostics.
    static func bind(
        _ style: VectorStyle, label: String, to opened: Opened?, _ options: HTTPTileOptions, styleFile: String? = nil,
        confinement: PathConfinement? = nil
    ) throws(MapError) -> StreetBasemap {
        var names: [String] = []
        for layer in style.layers {
            guard let name = layer.source, style.sources[name]?.kind == .vector, !names.contains(name) else { continue }
            names.append(name)
        }
        // Contours are made from the style's elevation source, never bound to --basemap.
        names =
            names.filter { !ContourOverlay.isContourSource(style.sources[$0]) }
            + names.filter { ContourOverlay.isContourSource(style.sources[$0]) }
        if names.isEmpty, opened != nil,
            let first = style.sources.keys.sorted().first(where: {
                style.sources[$0]?.kind == .vector
            })
        {
            names = [first]
        }
        guard !names.isEmpty || opened == nil else {
            throw MapError(
                .invalidRequest, "the style has no vector source to draw --basemap with",
                at: InputLocation(file: label), remedy: "give a style with a source of type vector")
        }
        let folder = styleFile.map { ($0 as NSString).deletingLastPathComponent } ?? ""
        var credits: [String] = []
        var elevationCredits: [String] = []
        // The elevation sources first: contour sources are traced from them.
        var elevation: [String: any ElevationTileProvider] = [:]
        let contoured = Set(ContourOverlay.elevationSourceNames(of: style))
        let relief = style.layers.filter { $0.kind == .hillshade || $0.kind == .colorRelief }.compactMap(\.source)
        for name in relief + contoured.sorted() {
            guard elevation[name] == nil, let source = style.sources[name], source.kind == .rasterDEM else { continue }
            var provider = try elevationSource(
                source, folder: folder, options: options, confinement: confinement, styleFile: label)
            // Traced for contours and shaded: decoded once for both.
            if contoured.contains(name) { provider = CachedElevationTiles(provider) }
            elevation[name] = provider
            let own = source.attribution.map(MBTilesSource.plainText(fromHTML:)).flatMap { $0.isEmpty ? nil : [$0] }
            elevationCredits += own ?? provider.attribution
        }
        var providers: [String: any VectorTileProvider] = [:]
        for (index, name) in names.enumerated() {
            let source = style.sources[name]!
            let provider: any VectorTileProvider
            if let contours = try ContourOverlay.provider(
                for: source, in: style, elevation: elevation, styleFile: label)
            {
                provider = contours
            } else if index == 0, let opened {
                provider = opened.provider
            } else if let url = source.url {
                provider = try open(
                    url, relativeTo: folder, forced: true, options: options, confinement: confinement,
                    styleFile: label)!.provider
            } else if let template = source.tiles.first {
                let low = min(max(Int(source.minZoom), 0), 30)
                provider = try TemplateVectorTileProvider(
                    template: template, zoomRange: low...min(max(Int(source.maxZoom), low), 30), options: options)
            } else {
                throw MapError(
                    .invalidRequest, "source \"\(name)\" has neither \"url\" nor \"tiles\"",
                    at: InputLocation(file: label), remedy: "give --basemap ARCHIVE to draw it from an archive")
            }
            providers[name] = provider
            let own = source.attribution.map(MBTilesSource.plainText(fromHTML:)).flatMap { $0.isEmpty ? nil : [$0] }
            for credit in own ?? provider.attribution where !credits.contains(credit) { credits.append(credit) }
        }
        var rasters: [String: any RasterTileSource] = [:]
        for layer in style.layers where layer.kind == .raster {
            guard let name = layer.source, rasters[name] == nil, let source = style.sources[name],
                source.kind == .raster
            else { continue }
            let provider = try rasterSource(
                source, folder: folder, options: options, confinement: confinement, styleFile: label)
            rasters[name] = provider
            for credit in provider.attribution where !credits.contains(credit) { credits.append(credit) }
        }
        for credit in elevationCredits where !credits.contains(credit) { credits.append(credit) }
        return StreetBasemap(
            basemap: VectorTileBasemap(
                style: style, sources: providers, rasterSources: rasters, elevationSources: elevation,
                attribution: credits, label: label))
    }

    /// Opens a vector source: a PMTiles or MBTiles path (relative to `folder`), a
    /// `pmtiles://` or `mbtiles://` URL, a remote PMTiles archive, a URL template, a TileJSON
    /// URL. `nil` when it names raster tiles (or no source this knows) and not `forced`;
    /// `forced`, that is an error. With a `confinement`, a path must lie inside it.
    static func open(
        _ spec: String, relativeTo folder: String?, forced: Bool, options: HTTPTileOptions,
        confinement: PathConfinement? = nil, styleFile: String = ""
    ) throws(MapError) -> Opened? {
        let lower = spec.lowercased()
        func raster() throws(MapError) -> Opened? {
            guard forced else { return nil }
            throw MapError(
                .invalidRequest, "\(spec): not vector tiles, which --basemap-style draws",
                remedy: "give a PMTiles archive of MVT tiles, an MBTiles file of format pbf, a {z}/{x}/{y}.pbf"
                    + " URL template or a TileJSON URL")
        }
        func path(_ text: String) throws(MapError) -> String {
            try stylePath(text, spec: spec, folder: folder, confinement: confinement, styleFile: styleFile)
        }
        func archive(_ provider: ArchiveVectorTileProvider?) throws(MapError) -> Opened? {
            guard let provider else { return try raster() }
            return Opened(provider: provider, layerNames: provider.layerNames, evidence: provider.schemaEvidence)
        }
        for scheme in ["pmtiles://", "mbtiles://"] where lower.hasPrefix(scheme) {
            let rest = String(spec.dropFirst(scheme.count))
            let isRemote = rest.lowercased().hasPrefix("http://") || rest.lowercased().hasPrefix("https://")
            if scheme == "pmtiles://" {
                return try archive(
                    isRemote
                        ? ArchiveVectorTileProvider.pmtiles(url: rest, options: options)
                        : ArchiveVectorTileProvider.pmtiles(path: try path(rest)))
            }
            return try open(try path(rest), relativeTo: nil, forced: true, options: options)
        }
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            let location = String(lower.prefix { $0 != "?" && $0 != "#" })
            if spec.contains("{") {
                guard forced || location.hasSuffix(".pbf") || location.hasSuffix(".mvt") else { return nil }
                return Opened(
                    provider: try TemplateVectorTileProvider(template: spec, options: options), layerNames: [])
            }
            if location.hasSuffix(".pmtiles") {
                return try archive(ArchiveVectorTileProvider.pmtiles(url: spec, options: options))
            }
            let document = try TileJSON.fetch(spec, options: options)
            return Opened(
                provider: try document.provider(options: options), layerNames: document.facts.layerNames,
                evidence: document.facts.schemaEvidence(layers: document.facts.layerNames))
        }
        if spec.contains("://") || TilePreset.preset(named: spec) != nil { return try raster() }
        let file = try path(spec)
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory)
        if exists, isDirectory.boolValue { return try raster() }
        if lower.hasSuffix(".pmtiles") { return try archive(ArchiveVectorTileProvider.pmtiles(path: file)) }
        guard exists || lower.hasSuffix(".mbtiles") else { return try raster() }
        if let facts = MBTilesFacts(path: file), !facts.isVector { return try raster() }
        if let provider = try ArchiveVectorTileProvider.mbtiles(path: file) {
            return Opened(provider: provider, layerNames: provider.layerNames, evidence: provider.schemaEvidence)
        }
        guard forced else { return nil }
        // The vector archive's own refusal: a missing file, a file that is not MBTiles.
        _ = try MBTilesVectorArchive(path: file)
        return try raster()
    }

    /// The schema the built-in style is chosen for: the one `source` says it has, else (a
    /// source saying nothing, such as a URL template) the one its first tile shows; a source
    /// showing nothing at all keeps OpenMapTiles, the schema tilemaker and Planetiler write.
    ///
    /// - Parameter subject: what messages name the source by, e.g. `--basemap city.pmtiles`.
    /// - Throws: `MapError` `.invalidRequest` for a Protomaps v3 archive or an unknown schema.
    static func builtInSchema(of source: Opened, subject: String) throws(MapError) -> VectorTileSchema {
        var evidence = source.evidence
        if evidence.isEmpty { evidence = try firstTileEvidence(of: source.provider) }
        if evidence.isEmpty { return .openMapTiles }
        switch VectorTileSchema.recognize(evidence) {
        case .recognized(let schema):
            return schema
        case .protomapsV3(let version):
            throw MapError(
                .invalidRequest,
                "\(subject): a Protomaps basemap v3 archive\(version.map { " (version \($0))" } ?? "");"
                    + " the built-in styles read the Protomaps basemap v4 schema",
                remedy: "regenerate it with a v4 build (Protomaps basemaps 4.x), or pass --basemap-style STYLE.json,"
                    + " a MapLibre GL style for v3")
        case .unknown:
            let layers = evidence.layerNames.isEmpty ? "none listed" : evidence.layerNames.joined(separator: ", ")
            let known = VectorTileSchema.known.map(\.displayName).joined(separator: ", ")
            throw MapError(
                .invalidRequest,
                "\(subject): its layers (\(layers)) are in none of the tile schemas the built-in styles"
                    + " draw (\(known))",
                remedy: "pass --basemap-style STYLE.json, a MapLibre GL style for these layers")
        }
    }

    /// The layers and property keys of the tile at the source's lowest zoom under (0°, 0°),
    /// for a source whose metadata says nothing; empty when that tile is missing or fails.
    ///
    /// - Throws: the `TileFailure.refusal` of a tile whose request the host policy refused
    ///   (a template redirected to a refused host): the map would fail on its tiles anyway.
    static func firstTileEvidence(of provider: any VectorTileProvider) throws(MapError) -> VectorTileSchemaEvidence {
        let path = TilePath(z: provider.zoomRange.lowerBound, mercatorLongitude: 0, latitude: 0)
        let result = provider.vectorTiles([path], layerNames: nil)[path]
        if case .failure(let failure) = result, let refusal = failure.refusal { throw refusal }
        guard case .tile(let tile, _) = result else { return VectorTileSchemaEvidence() }
        var keys: Set<String> = []
        for layer in tile.layers {
            for feature in layer.features.prefix(16) { keys.formUnion(feature.properties.keys) }
        }
        return VectorTileSchemaEvidence(layerNames: tile.layers.map(\.name), propertyKeys: keys)
    }
}
