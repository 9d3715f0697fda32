public import MapFormats
public import MapGeometry

extension Viewport {
    /// The viewport as the sidecar and `maprender fit` report it: size, centre, zoom and
    /// geographic bounds.
    public var jsonMembers: [(String, JSONValue)] {
        let bounds = self.bounds
        return [
            ("width", .number(size.width)), ("height", .number(size.height)),
            (
                "center",
                .object([
                    ("latitude", .number(centerCoordinate.latitude)),
                    ("longitude", .number(centerCoordinate.longitude)),
                ])
            ),
            ("zoom", .number(zoom)),
            (
                "bounds",
                .object([
                    ("north", .number(bounds.north)), ("south", .number(bounds.south)),
                    ("east", .number(bounds.east)), ("west", .number(bounds.west)),
                ])
            ),
        ]
    }
}

extension MapSnapshot {
    /// The sidecar JSON of DESIGN.md §2: where the map is and where every annotation
    /// landed, in canvas points, with the attribution and diagnostics.
    public var sidecar: JSONValue {
        var members = viewport.jsonMembers
        members.insert(("scale", .number(scale)), at: 2)
        members.append(
            (
                "annotations",
                .array(
                    annotations.map { annotation in
                        .object([
                            ("title", .string(annotation.title)),
                            ("latitude", .number(annotation.coordinate.latitude)),
                            ("longitude", .number(annotation.coordinate.longitude)),
                            ("x", .number(annotation.point.x)), ("y", .number(annotation.point.y)),
                        ])
                    })
            ))
        members.append(("attribution", .array(attribution.map(JSONValue.string))))
        members.append(
            (
                "diagnostics",
                .array(
                    diagnostics.map { diagnostic in
                        .object([
                            ("severity", .string(diagnostic.severity.rawValue)),
                            ("message", .string(diagnostic.message)),
                        ])
                    })
            ))
        return .object(members)
    }
}
