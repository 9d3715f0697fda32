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
                        var members: [(String, JSONValue)] = [
                            ("title", .string(annotation.title)),
                            ("latitude", .number(annotation.coordinate.latitude)),
                            ("longitude", .number(annotation.coordinate.longitude)),
                            ("x", .number(annotation.point.x)), ("y", .number(annotation.point.y)),
                        ]
                        if let badge = annotation.badge { members.append(("badge", .number(Double(badge)))) }
                        if let cluster = annotation.cluster { members.append(("cluster", .number(Double(cluster)))) }
                        return .object(members)
                    })
            ))
        if !legend.isEmpty {
            members.append(
                (
                    "legend",
                    .array(
                        legend.map { entry in
                            var members: [(String, JSONValue)] = [
                                ("number", .number(Double(entry.number))), ("title", .string(entry.title)),
                                ("subtitle", entry.subtitle.map(JSONValue.string) ?? .null),
                            ]
                            if entry.annotations.count == 1 && entry.cluster == nil {
                                members.append(("annotation", .number(Double(entry.annotations[0]))))
                            } else {
                                members.append(("annotations", .array(entry.annotations.map { .number(Double($0)) })))
                            }
                            if let cluster = entry.cluster { members.append(("cluster", .number(Double(cluster)))) }
                            return .object(members)
                        })
                ))
        }
        if !clusters.isEmpty {
            members.append(
                (
                    "clusters",
                    .array(
                        clusters.map { cluster in
                            .object([
                                ("kind", .string(cluster.kind.rawValue)),
                                ("count", .number(Double(cluster.annotations.count))),
                                ("latitude", .number(cluster.coordinate.latitude)),
                                ("longitude", .number(cluster.coordinate.longitude)),
                                ("x", .number(cluster.point.x)), ("y", .number(cluster.point.y)),
                                ("annotations", .array(cluster.annotations.map { .number(Double($0)) })),
                                ("titles", .array(cluster.titles.map(JSONValue.string))),
                            ])
                        })
                ))
        }
        if let basemapSelection { members.append(("basemap", basemapSelection.json)) }
        members += sidecarExtras
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
