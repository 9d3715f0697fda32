/// GeoJSON written past the antimeridian, as web-map samples and Pacific-centred data are.
package enum AntimeridianSamples {
    /// Alaska as the us-states sample of web-map tutorials writes it, simplified: a
    /// MultiPolygon of the mainland with its panhandle and five islands, the Aleutians
    /// running west past −180° to Attu at −187.1° (172.9° E), Amchitka across −180°.
    /// Longitudes from −187.14° to −130°: about 57° of longitude, continuous.
    package static let alaskaRings: [[[Double]]] = [
        // The mainland and the panhandle, from the Arctic coast at the Canadian border.
        [
            [-141.0, 69.6], [-156.8, 71.3], [-166.2, 68.9], [-168.1, 65.6], [-164.9, 60.5], [-157.6, 58.7],
            [-153.6, 57.1], [-149.8, 59.6], [-141.0, 59.9], [-137.5, 58.9], [-133.3, 57.4], [-130.0, 55.9],
            [-131.5, 55.0], [-135.2, 56.6], [-139.0, 58.6], [-141.0, 60.3], [-141.0, 69.6],
        ],
        // Kodiak.
        [[-154.5, 57.9], [-152.3, 58.0], [-152.5, 57.1], [-154.3, 56.9], [-154.5, 57.9]],
        // Unalaska.
        [[-167.0, 53.9], [-166.2, 54.0], [-166.0, 53.5], [-166.8, 53.4], [-167.0, 53.9]],
        // Adak.
        [[-177.0, 51.9], [-176.5, 52.0], [-176.4, 51.7], [-176.9, 51.6], [-177.0, 51.9]],
        // Amchitka, across the antimeridian.
        [[-180.6, 51.6], [-179.9, 51.8], [-179.6, 51.5], [-180.3, 51.4], [-180.6, 51.6]],
        // Attu, the westernmost: 172.9° E written as −187.1°.
        [[-187.14, 52.98], [-186.7, 53.0], [-186.3, 52.8], [-186.9, 52.6], [-187.14, 52.98]],
    ]

    /// The westernmost longitude of `alaskaRings`.
    package static let alaskaWest = -187.14
    /// The easternmost longitude of `alaskaRings`.
    package static let alaskaEast = -130.0

    /// `alaskaRings` as a GeoJSON FeatureCollection of one MultiPolygon feature named Alaska.
    package static var alaskaGeoJSON: String {
        let polygons = alaskaRings.map { ring in
            "[[" + ring.map { "[\($0[0]), \($0[1])]" }.joined(separator: ", ") + "]]"
        }
        return """
            {"type": "FeatureCollection", "features": [{"type": "Feature", "id": "02",
              "properties": {"name": "Alaska", "density": 1.264},
              "geometry": {"type": "MultiPolygon", "coordinates": [\(polygons.joined(separator: ",\n"))]}}]}
            """
    }
}
