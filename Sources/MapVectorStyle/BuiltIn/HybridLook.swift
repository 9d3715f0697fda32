import MapDrawing

/// The look of a street map laid over imagery (`--map-type hybrid`), after MapKit's hybrid
/// map type: of a built-in look, only the roads, drawn as thin light lines, the boundaries
/// and the labels, white on dark halos so they read on any photograph. Land, water,
/// landuse and building fills, casings, tunnels, railways and relief are left out: the
/// imagery shows them. One look for `default`, `dark` and `print` alike.
extension VectorStyle {
    /// This built-in look made into the hybrid one (the layer ids of `make_builtin_styles.py`,
    /// the same in every schema).
    public func hybridLook() -> VectorStyle {
        var look = self
        look.layers = layers.compactMap(Self.hybrid)
        return look
    }

    /// The satellite look over a street archive: the background alone, under the imagery.
    public func satelliteLook() -> VectorStyle {
        var look = self
        look.layers = layers.filter { $0.kind == .background }.map { Self.hybrid($0)! }
        return look
    }

    /// Where imagery is missing: a dark grey, as MapKit shows while imagery loads.
    static let hybridBackground = Color(red: 0.15, green: 0.16, blue: 0.18)
    /// The major roads: a light yellow.
    static let hybridMajorRoad = Color(red: 1, green: 0.87, blue: 0.55, alpha: 0.85)
    /// The other roads and the boundaries: white, more transparent the smaller.
    static let hybridRoad = Color(red: 1, green: 1, blue: 1, alpha: 0.7)
    static let hybridMinorRoad = Color(red: 1, green: 1, blue: 1, alpha: 0.45)
    static let hybridBoundary = Color(red: 1, green: 1, blue: 1, alpha: 0.6)
    /// Label halos: dark, mostly opaque.
    static let hybridHalo = Color(red: 0, green: 0, blue: 0, alpha: 0.7)
    /// Roads are drawn this much narrower than in the street look.
    static let hybridRoadWidth = 0.4

    /// A layer of the street look in the hybrid look, or `nil` when the imagery shows it.
    static func hybrid(_ layer: VectorStyleLayer) -> VectorStyleLayer? {
        var layer = layer
        switch layer.kind {
        case .background:
            layer.paint = ["background-color": .literal(.color(hybridBackground))]
            return layer
        case .line where layer.id.hasPrefix("road-") && !layer.id.hasSuffix("-casing"):
            let major = ["motorway", "trunk", "primary"].contains { layer.id.hasSuffix("-\($0)") }
            let minor = ["path", "track", "service"].contains { layer.id.hasSuffix("-\($0)") }
            layer.paint["line-color"] = .literal(
                .color(major ? hybridMajorRoad : minor ? hybridMinorRoad : hybridRoad))
            layer.paint["line-width"] = scaled(layer.paint["line-width"] ?? .literal(.number(1)), by: hybridRoadWidth)
            return layer
        case .line where layer.id.hasPrefix("boundary-"):
            layer.paint["line-color"] = .literal(.color(hybridBoundary))
            return layer
        case .symbol:
            let water = layer.id.hasPrefix("water")
            layer.paint["text-color"] = .literal(
                .color(water ? Color(red: 0.8, green: 0.9, blue: 1) : Color(red: 1, green: 1, blue: 1)))
            layer.paint["text-halo-color"] = .literal(.color(hybridHalo))
            layer.paint["text-halo-width"] = .literal(.number(1.5))
            return layer
        default:
            return nil
        }
    }

    /// A number expression times `factor`: literal outputs of zoom stops scaled in place,
    /// anything else wrapped in a product.
    static func scaled(_ expression: StyleExpression, by factor: Double) -> StyleExpression {
        switch expression {
        case .literal(.number(let value)):
            return .literal(.number(value * factor))
        case .interpolate(let interpolation, let input, let stops):
            return .interpolate(
                interpolation, input,
                stops: stops.map { StyleStop(input: $0.input, output: scaled($0.output, by: factor)) })
        case .step(let input, let base, let stops):
            return .step(
                input, base: scaled(base, by: factor),
                stops: stops.map { StyleStop(input: $0.input, output: scaled($0.output, by: factor)) })
        default:
            return .arithmetic(.multiply, [expression, .literal(.number(factor))])
        }
    }
}
