import MapDrawing
import MapErrors
import MapGeometry

extension MapSnapshotter {
    /// The backdrop of a map over `basemap`: the list's first `commandCount` commands (the
    /// background colour, then the basemap's shapes), painted for any rectangle of device
    /// pixels by laying the basemap out for a viewport of that rectangle at the map's zoom; `nil`
    /// when the basemap's blocks are not reused.
    static func backdrop(
        of basemap: any StyledBasemap, commandCount: Int, viewport: Viewport, scale: Double, background: Color,
        measurer: any TextMeasurer
    ) -> ReusableBackdrop? {
        guard let identity = basemap.blockIdentity, scale > 0 else { return nil }
        let origin = viewport.point(for: MapPoint(x: 0, y: 0))
        let originX = origin.x * scale, originY = origin.y * scale
        // Exact bits: blocks are shared only where every number that places them is the same.
        let key = [
            identity, "z", String(viewport.zoom.bitPattern), "s", String(scale.bitPattern), "bg",
            [background.red, background.green, background.blue, background.alpha].map { String($0.bitPattern) }
                .joined(separator: ","),
            "phase", String(ReusableBackdrop.phase(originX).bitPattern),
            String(ReusableBackdrop.phase(originY).bitPattern),
        ].joined(separator: " ")
        let source = BackdropSource { (rect: PixelRect) throws(MapError) -> BackdropSource.Drawing in
            // The viewport whose canvas is `rect`: its centre under the rectangle's middle.
            let size = CanvasSize(width: Double(rect.width) / scale, height: Double(rect.height) / scale)
            let middle = CanvasPoint(
                x: Double(rect.x) / scale + size.width / 2, y: Double(rect.y) / scale + size.height / 2)
            let part = Viewport(center: viewport.mapPoint(for: middle), zoom: viewport.zoom, size: size)
            let drawing = try basemap.blockDrawing(for: part, scale: scale, measurer: measurer)
            return ([.clear(background)] + drawing.commands, !drawing.diagnostics.contains { $0.severity == .warning })
        }
        return ReusableBackdrop(
            commandCount: commandCount, canvasSize: viewport.size, key: key, worldOriginX: originX,
            worldOriginY: originY, source: source)
    }
}
