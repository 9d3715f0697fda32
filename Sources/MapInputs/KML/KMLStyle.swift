import MapDrawing
import MapRenderCore

/// The parts of a KML `Style` (OGC KML 2.2, `kml:Style`) a map uses: the IconStyle's
/// colour, icon and hot spot, the LineStyle's colour and width, the PolyStyle's colour,
/// fill and outline. Every part is optional, so an inline style can be laid over a shared
/// one part by part.
struct KMLStyle: Hashable {
    /// An IconStyle's `hotSpot` (`kml:hotSpot`, a `kml:vec2Type`): the point of the icon
    /// that sits on the place, x from the left and y from the bottom, each in `fraction`,
    /// `pixels` or `insetPixels` (from the right, from the top).
    struct HotSpot: Hashable {
        var x: Double
        var y: Double
        var xUnits: String
        var yUnits: String

        /// The anchor of an image `width` × `height` pixels: fractions from the left and the top.
        func anchor(width: Int, height: Int) -> (x: Double, y: Double) {
            func fraction(_ value: Double, _ units: String, _ size: Int) -> Double {
                let size = Double(max(1, size))
                switch units {
                case "pixels": return value / size
                case "insetPixels": return 1 - value / size
                default: return value
                }
            }
            let fromLeft = fraction(x, xUnits, width), fromBottom = fraction(y, yUnits, height)
            return (min(1, max(0, fromLeft)), min(1, max(0, 1 - fromBottom)))
        }
    }

    var iconColor: Color?
    var iconHref: String?
    var hotSpot: HotSpot?
    var lineColor: Color?
    var lineWidth: Double?
    var polyColor: Color?
    var fill: Bool?
    var outline: Bool?

    /// This style with every part `top` sets taken from `top` (an inline style over the
    /// shared one its `styleUrl` names, as Google Earth draws them).
    func overlaid(by top: KMLStyle) -> KMLStyle {
        KMLStyle(
            iconColor: top.iconColor ?? iconColor, iconHref: top.iconHref ?? iconHref, hotSpot: top.hotSpot ?? hotSpot,
            lineColor: top.lineColor ?? lineColor, lineWidth: top.lineWidth ?? lineWidth,
            polyColor: top.polyColor ?? polyColor, fill: top.fill ?? fill, outline: top.outline ?? outline)
    }

    /// A line's look: the LineStyle's colour and width.
    var lineOverride: ShapeStyleOverride? {
        let override = ShapeStyleOverride(strokeColor: lineColor, lineWidth: lineWidth)
        return override.isEmpty ? nil : override
    }

    /// A polygon's look: the PolyStyle's fill (transparent when `fill` is 0) and the
    /// LineStyle's outline (transparent when `outline` is 0).
    var polygonOverride: ShapeStyleOverride? {
        let override = ShapeStyleOverride(
            strokeColor: lineColor, strokeOpacity: outline == false ? 0 : nil, lineWidth: lineWidth,
            fillColor: polyColor, fillOpacity: fill == false ? 0 : nil)
        return override.isEmpty ? nil : override
    }
}

/// The shared styles of a document and the StyleMaps over them, resolved once the whole
/// document has been read (a Style may come after the Placemarks that use it).
struct KMLStyleSheet {
    /// `Style id="…"` under a Document or Folder.
    var styles: [String: KMLStyle] = [:]
    /// A StyleMap's normal pair: the `styleUrl` it names and its inline Style, if any.
    var styleMaps: [String: (url: String?, style: KMLStyle?)] = [:]

    /// The style `url` names: `#id` (or a bare `id`) of a Style or StyleMap in this
    /// document; `nil` for a style in another file (not fetched) or an unknown id.
    func style(for url: String, depth: Int = 0) -> KMLStyle? {
        guard depth < 8 else { return nil }  // StyleMaps naming each other in a loop
        let id: Substring
        if let hash = url.firstIndex(of: "#") {
            guard url.startIndex == hash else { return nil }
            id = url[url.index(after: hash)...]
        } else {
            id = Substring(url)
        }
        if let style = styles[String(id)] { return style }
        guard let map = styleMaps[String(id)] else { return nil }
        let base = map.url.flatMap { style(for: $0, depth: depth + 1) } ?? KMLStyle()
        return map.style.map { base.overlaid(by: $0) } ?? base
    }
}
