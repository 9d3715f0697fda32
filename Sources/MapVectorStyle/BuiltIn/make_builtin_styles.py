#!/usr/bin/env python3
"""Writes maprender's built-in vector styles (MapLibre GL style version 8, OpenMapTiles schema):
Resources/styles/openmaptiles-{default,dark,print}.json.

The three styles share one layer structure and differ in their palettes and in how much
they draw (print leaves out land use and POI names). They use only what maprender's
renderer supports: background, fill, line and symbol layers, expression filters with
get/has/==/match/all/any, interpolate and step on zoom, DejaVu Sans fonts and no sprite.
The source "openmaptiles" has no url: the archive given on the command line is bound to it.

Zooms are MapLibre zooms (512-pixel tiles): an XYZ-16 street map is MapLibre zoom 15.

usage: python3 make_builtin_styles.py   (rewrites the three files next to this script's
       ../Resources/styles; the output is deterministic)
"""
import json
import os

SOURCE = "openmaptiles"
BOOK, BOLD, OBLIQUE = ["DejaVu Sans Book"], ["DejaVu Sans Bold"], ["DejaVu Sans Oblique"]

# Palettes. Keys absent from a palette switch the matching layers off.
PALETTES = {
    "default": {
        "name": "maprender default",
        "background": "#f2efe9",
        "residential": "#ece7df",
        "commercial": "#f0e8e3",
        "industrial": "#e9e4e6",
        "institution": "#f0ead6",
        "sport": "#d9ebc8",
        "grass": "#dcebcb",
        "wood": "#c5dcb0",
        "wetland": "#d4e6dc",
        "park": "#d4e8c4",
        "water": "#a9cde6",
        "waterway": "#8fbde0",
        "aeroway": "#e3dfea",
        "pier": "#f7f5f0",
        "building": "#e6dfd6",
        "building_outline": "#d0c5b8",
        "boundary": "#9e8fa8",
        "rail": "#b3ada6",
        "rail_dash": "#f7f5f0",
        "tram": "#b5aca4",
        "roads": {
            # class: (fill, casing)
            "motorway": ("#f2a867", "#c57a3e"),
            "trunk": ("#f7c07a", "#c99552"),
            "primary": ("#fcd793", "#c9a864"),
            "secondary": ("#fdedb4", "#c8b98a"),
            "tertiary": ("#ffffff", "#c9bfb2"),
            "minor": ("#ffffff", "#d2c9bd"),
            "service": ("#ffffff", "#d6cdc1"),
            "track": ("#c9b18f", "#f2efe9"),
            "path": ("#c0ae98", "#f7f4ee"),
        },
        "tunnel_fill": "#f7f4ee",
        "text": "#3b3630",
        "text_minor": "#5f574e",
        "halo": "#f7f5f0",
        "place_text": "#2d2924",
        "suburb_text": "#6f6358",
        "water_text": "#3d6f99",
        "poi_text": "#7b6a58",
        "poi": True,
    },
    "dark": {
        "name": "maprender dark",
        "background": "#1b1f27",
        "residential": "#1e232c",
        "commercial": "#1f2129",
        "industrial": "#20212a",
        "institution": "#23232a",
        "sport": "#1c2a25",
        "grass": "#1d2a24",
        "wood": "#1a2a21",
        "wetland": "#1b2728",
        "park": "#1e2e26",
        "water": "#0e2a40",
        "waterway": "#1a4566",
        "aeroway": "#262632",
        "pier": "#2a2f3a",
        "building": "#2a303b",
        "building_outline": "#363d4a",
        "boundary": "#6c6282",
        "rail": "#4b5160",
        "rail_dash": "#1b1f27",
        "tram": "#434958",
        "roads": {
            "motorway": ("#b8743a", "#1b1f27"),
            "trunk": ("#a8733f", "#1b1f27"),
            "primary": ("#8f6d45", "#15181e"),
            "secondary": ("#5e5a52", "#15181e"),
            "tertiary": ("#4a505d", "#15181e"),
            "minor": ("#3a404c", "#15181e"),
            "service": ("#343a45", "#15181e"),
            "track": ("#4d4a44", "#1b1f27"),
            "path": ("#555b66", "#1b1f27"),
        },
        "tunnel_fill": "#262b35",
        "text": "#c9ced8",
        "text_minor": "#9aa1ad",
        "halo": "#13161c",
        "place_text": "#e3e6ec",
        "suburb_text": "#9ba4b4",
        "water_text": "#6d9cc4",
        "poi_text": "#8d94a0",
        "poi": True,
    },
    "print": {
        "name": "maprender print",
        "background": "#ffffff",
        "grass": "#efefef",
        "wood": "#e6e6e6",
        "park": "#ececec",
        "water": "#d0d0d0",
        "waterway": "#a8a8a8",
        "pier": "#ffffff",
        "building": "#e2e2e2",
        "building_outline": "#a6a6a6",
        "boundary": "#808080",
        "rail": "#8a8a8a",
        "rail_dash": "#ffffff",
        "tram": "#a0a0a0",
        "roads": {
            "motorway": ("#ffffff", "#303030"),
            "trunk": ("#ffffff", "#383838"),
            "primary": ("#ffffff", "#404040"),
            "secondary": ("#ffffff", "#505050"),
            "tertiary": ("#ffffff", "#6a6a6a"),
            "minor": ("#ffffff", "#a0a0a0"),
            "service": ("#ffffff", "#b4b4b4"),
            "track": ("#9a9a9a", "#ffffff"),
            "path": ("#a8a8a8", "#ffffff"),
        },
        "tunnel_fill": "#f4f4f4",
        "text": "#1a1a1a",
        "text_minor": "#3c3c3c",
        "halo": "#ffffff",
        "place_text": "#000000",
        "suburb_text": "#4a4a4a",
        "water_text": "#3a3a3a",
        "poi_text": "#4a4a4a",
        "poi": False,
    },
}

# Road widths in pixels at MapLibre zooms (fill only; casings add to these).
ROAD_WIDTHS = {
    "motorway": [(5, 0.5), (9, 1.5), (12, 3), (14, 6), (15, 10), (16, 14), (18, 30)],
    "trunk": [(5, 0.5), (9, 1.2), (12, 2.5), (14, 5.5), (15, 9), (16, 13), (18, 28)],
    "primary": [(7, 0.5), (10, 1.2), (12, 2), (14, 5), (15, 8), (16, 12), (18, 26)],
    "secondary": [(9, 0.5), (12, 1.5), (14, 4.5), (15, 7), (16, 11), (18, 24)],
    "tertiary": [(10, 0.5), (12, 1), (14, 3.5), (15, 6), (16, 9), (18, 20)],
    "minor": [(12, 0.5), (13, 1), (14, 2.5), (15, 4.5), (16, 7.5), (18, 16)],
    "service": [(13, 0.5), (14, 1), (15, 2.5), (16, 4.5), (18, 10)],
    "track": [(13, 0.5), (15, 1.2), (16, 1.8), (18, 3.5)],
    "path": [(14, 0.5), (15, 0.8), (16, 1.2), (18, 2.5)],
}
ROAD_MINZOOM = {"motorway": 5, "trunk": 5, "primary": 7, "secondary": 9, "tertiary": 10,
                "minor": 12, "service": 13, "track": 13, "path": 14}
# Classes each road layer draws.
ROAD_CLASSES = {
    "motorway": ["motorway"], "trunk": ["trunk"], "primary": ["primary"], "secondary": ["secondary"],
    "tertiary": ["tertiary"], "minor": ["minor", "minor_construction"], "service": ["service"],
    "track": ["track"], "path": ["path", "bridleway", "footway", "cycleway", "steps"],
}
DASHED = {"track": [3, 1.5], "path": [2, 1.2]}


def interp(stops, base=1.5):
    expr = ["interpolate", ["exponential", base], ["zoom"]]
    for z, v in stops:
        expr += [z, v]
    return expr


def casing_stops(stops):
    """The casing is the fill plus a border on each side that grows with zoom."""
    def border(z):
        return 0.5 if z < 13 else 1.0 if z < 15 else 1.5 if z < 17 else 2.5
    return [(z, round(w + 2 * border(z), 2)) for z, w in stops]


def is_class(classes):
    return ["match", ["get", "class"], classes, True, False]


def not_tunnel():
    return ["!=", ["get", "brunnel"], "tunnel"]


def style(key):
    p = PALETTES[key]
    layers = []

    def add(layer):
        layers.append(layer)

    def fill(id, source_layer, color_key, filt=None, minzoom=None, opacity=None, outline=None):
        if color_key not in p:
            return
        layer = {"id": id, "type": "fill", "source": SOURCE, "source-layer": source_layer}
        if minzoom is not None:
            layer["minzoom"] = minzoom
        if filt is not None:
            layer["filter"] = filt
        paint = {"fill-color": p[color_key]}
        if opacity is not None:
            paint["fill-opacity"] = opacity
        if outline is not None:
            paint["fill-outline-color"] = outline
        layer["paint"] = paint
        add(layer)

    add({"id": "background", "type": "background", "paint": {"background-color": p["background"]}})

    # Land use and land cover, faint; parks on top.
    fill("landuse-residential", "landuse", "residential",
         is_class(["residential", "suburb", "neighbourhood", "quarter"]), opacity=interp([(10, 0.8), (16, 0.5)]))
    fill("landuse-commercial", "landuse", "commercial", is_class(["commercial", "retail"]), minzoom=11)
    fill("landuse-industrial", "landuse", "industrial", is_class(["industrial", "garages", "railway", "military"]),
         minzoom=11)
    fill("landuse-institution", "landuse", "institution",
         is_class(["school", "university", "college", "kindergarten", "hospital", "library"]), minzoom=11)
    fill("landuse-sport", "landuse", "sport", is_class(["pitch", "playground", "stadium", "track"]), minzoom=12)
    fill("landcover-grass", "landcover", "grass", is_class(["grass", "farmland", "sand"]), minzoom=10)
    fill("landcover-wood", "landcover", "wood", is_class(["wood", "forest"]))
    fill("landcover-wetland", "landcover", "wetland", is_class(["wetland"]), minzoom=10)
    fill("park", "park", "park", opacity=interp([(8, 0.6), (14, 0.9)]))
    fill("aeroway-area", "aeroway", "aeroway", ["==", ["geometry-type"], "Polygon"], minzoom=11)

    # Water.
    add({"id": "waterway-tunnel", "type": "line", "source": SOURCE, "source-layer": "waterway", "minzoom": 14,
         "filter": ["==", ["get", "brunnel"], "tunnel"],
         "paint": {"line-color": p["waterway"], "line-width": interp([(14, 0.8), (18, 3)]),
                   "line-dasharray": [3, 2], "line-opacity": 0.6}})
    add({"id": "waterway-river", "type": "line", "source": SOURCE, "source-layer": "waterway",
         "filter": ["all", is_class(["river", "canal"]), not_tunnel()],
         "layout": {"line-cap": "round", "line-join": "round"},
         "paint": {"line-color": p["waterway"], "line-width": interp([(8, 0.8), (14, 3), (18, 14)], 1.3)}})
    add({"id": "waterway-stream", "type": "line", "source": SOURCE, "source-layer": "waterway", "minzoom": 11,
         "filter": ["all", ["!", is_class(["river", "canal"])], not_tunnel()],
         "layout": {"line-cap": "round", "line-join": "round"},
         "paint": {"line-color": p["waterway"], "line-width": interp([(11, 0.5), (14, 1.2), (18, 5)], 1.3)}})
    fill("water", "water", "water", ["!=", ["get", "intermittent"], 1])
    fill("water-intermittent", "water", "water", ["==", ["get", "intermittent"], 1], opacity=0.5)

    # Piers drawn as land.
    fill("pier", "transportation", "pier", ["all", ["==", ["geometry-type"], "Polygon"], is_class(["pier"])],
         minzoom=13)
    add({"id": "pier-line", "type": "line", "source": SOURCE, "source-layer": "transportation", "minzoom": 13,
         "filter": ["all", ["==", ["geometry-type"], "LineString"], is_class(["pier"])],
         "paint": {"line-color": p["pier"], "line-width": interp([(13, 1), (18, 8)])}})

    # Buildings from MapLibre zoom 14, fading in.
    fill("building", "building", "building", minzoom=14,
         opacity=interp([(14, 0.6), (15.5, 1)], 1), outline=p["building_outline"])

    # Tunnels: faint, dashed casing, under everything else on the ground.
    tunnel_classes = ["motorway", "trunk", "primary", "secondary", "tertiary", "minor", "service"]
    for cls in reversed(tunnel_classes):
        fill_c, casing_c = p["roads"][cls]
        filt = ["all", ["==", ["get", "brunnel"], "tunnel"], is_class(ROAD_CLASSES[cls])]
        add({"id": f"tunnel-{cls}-casing", "type": "line", "source": SOURCE, "source-layer": "transportation",
             "minzoom": max(ROAD_MINZOOM[cls], 13), "filter": filt,
             "layout": {"line-join": "round"},
             "paint": {"line-color": casing_c, "line-width": interp(casing_stops(ROAD_WIDTHS[cls])),
                       "line-dasharray": [0.5, 0.25], "line-opacity": 0.7}})
        add({"id": f"tunnel-{cls}", "type": "line", "source": SOURCE, "source-layer": "transportation",
             "minzoom": max(ROAD_MINZOOM[cls], 13), "filter": filt,
             "layout": {"line-join": "round"},
             "paint": {"line-color": p["tunnel_fill"], "line-width": interp(ROAD_WIDTHS[cls])}})

    # Roads: every casing under every fill, minor classes under major ones.
    order = ["path", "track", "service", "minor", "tertiary", "secondary", "primary", "trunk", "motorway"]
    for cls in order:
        fill_c, casing_c = p["roads"][cls]
        filt = ["all", ["==", ["geometry-type"], "LineString"], is_class(ROAD_CLASSES[cls]), not_tunnel()]
        if cls in DASHED:
            # Paths and tracks: a light halo under a dashed line.
            layer = {"id": f"road-{cls}-casing", "type": "line", "source": SOURCE, "source-layer": "transportation",
                     "minzoom": ROAD_MINZOOM[cls] + 1, "filter": filt,
                     "layout": {"line-cap": "round", "line-join": "round"},
                     "paint": {"line-color": casing_c,
                               "line-width": interp([(z, w + 2) for z, w in ROAD_WIDTHS[cls]]),
                               "line-opacity": 0.8}}
        else:
            layer = {"id": f"road-{cls}-casing", "type": "line", "source": SOURCE, "source-layer": "transportation",
                     "minzoom": ROAD_MINZOOM[cls], "filter": filt,
                     "layout": {"line-cap": "round", "line-join": "round"},
                     "paint": {"line-color": casing_c, "line-width": interp(casing_stops(ROAD_WIDTHS[cls]))}}
        add(layer)
    # Rail under the road fills at crossings would hide them: draw it between casings and fills.
    add({"id": "rail", "type": "line", "source": SOURCE, "source-layer": "transportation", "minzoom": 10,
         "filter": ["all", is_class(["rail"]), not_tunnel()],
         "paint": {"line-color": p["rail"], "line-width": interp([(10, 0.4), (13, 0.7), (14, 1.2), (15, 1.6), (16, 2.2), (18, 3.5)], 1.3)}})
    add({"id": "rail-dash", "type": "line", "source": SOURCE, "source-layer": "transportation", "minzoom": 15,
         "filter": ["all", is_class(["rail"]), not_tunnel()],
         "paint": {"line-color": p["rail_dash"], "line-width": interp([(15, 0.8), (16, 1.2), (18, 2)], 1.3),
                   "line-dasharray": [3, 3]}})
    add({"id": "tram", "type": "line", "source": SOURCE, "source-layer": "transportation", "minzoom": 13,
         "filter": ["all", is_class(["tram", "transit", "light_rail"]), not_tunnel()],
         "paint": {"line-color": p["tram"], "line-width": interp([(13, 0.5), (16, 1.2), (18, 2)], 1.3),
                   "line-opacity": interp([(13, 0.5), (15, 0.9)], 1)}})
    for cls in order:
        fill_c, casing_c = p["roads"][cls]
        filt = ["all", ["==", ["geometry-type"], "LineString"], is_class(ROAD_CLASSES[cls]), not_tunnel()]
        paint = {"line-color": fill_c, "line-width": interp(ROAD_WIDTHS[cls])}
        layout = {"line-cap": "round", "line-join": "round"}
        if cls in DASHED:
            paint["line-dasharray"] = DASHED[cls]
            layout = {"line-cap": "butt", "line-join": "round"}
        add({"id": f"road-{cls}", "type": "line", "source": SOURCE, "source-layer": "transportation",
             "minzoom": ROAD_MINZOOM[cls], "filter": filt, "layout": layout, "paint": paint})

    # Administrative boundaries.
    add({"id": "boundary-country", "type": "line", "source": SOURCE, "source-layer": "boundary",
         "filter": ["all", ["<=", ["get", "admin_level"], 2], ["!=", ["get", "maritime"], 1]],
         "layout": {"line-cap": "round", "line-join": "round"},
         "paint": {"line-color": p["boundary"], "line-width": interp([(3, 0.6), (8, 1.5), (14, 3)], 1.2)}})
    add({"id": "boundary-region", "type": "line", "source": SOURCE, "source-layer": "boundary", "minzoom": 5,
         "filter": ["all", [">=", ["get", "admin_level"], 3], ["<=", ["get", "admin_level"], 6],
                    ["!=", ["get", "maritime"], 1]],
         "layout": {"line-join": "round"},
         "paint": {"line-color": p["boundary"], "line-width": interp([(5, 0.5), (12, 1.2), (16, 2)], 1.2),
                   "line-dasharray": [3, 2], "line-opacity": 0.7}})
    add({"id": "boundary-local", "type": "line", "source": SOURCE, "source-layer": "boundary", "minzoom": 11,
         "filter": ["all", [">=", ["get", "admin_level"], 7], ["<=", ["get", "admin_level"], 8]],
         "layout": {"line-join": "round"},
         "paint": {"line-color": p["boundary"], "line-width": interp([(11, 0.5), (16, 1.2)], 1.2),
                   "line-dasharray": [2, 2], "line-opacity": 0.5}})

    # Labels: the later a symbol layer, the earlier it is placed (places win over streets).
    halo = p["halo"]
    add({"id": "waterway-name", "type": "symbol", "source": SOURCE, "source-layer": "waterway", "minzoom": 13,
         "filter": ["all", ["has", "name:latin"], is_class(["river", "canal", "stream"])],
         "layout": {"symbol-placement": "line", "text-field": "{name:latin}", "text-font": OBLIQUE,
                    "text-size": interp([(13, 10), (17, 13)], 1), "symbol-spacing": 350, "text-max-angle": 30,
                    "text-letter-spacing": 0.05},
         "paint": {"text-color": p["water_text"], "text-halo-color": halo, "text-halo-width": 1.2}})
    add({"id": "water-name-line", "type": "symbol", "source": SOURCE, "source-layer": "water_name", "minzoom": 11,
         "filter": ["all", ["==", "$type", "LineString"], ["has", "name:latin"]],
         "layout": {"symbol-placement": "line", "text-field": "{name:latin}", "text-font": OBLIQUE,
                    "text-size": interp([(11, 10), (16, 13)], 1), "symbol-spacing": 350, "text-max-angle": 30,
                    "text-letter-spacing": 0.05},
         "paint": {"text-color": p["water_text"], "text-halo-color": halo, "text-halo-width": 1.2}})
    add({"id": "water-name-point", "type": "symbol", "source": SOURCE, "source-layer": "water_name", "minzoom": 11,
         "filter": ["all", ["==", "$type", "Point"], ["has", "name:latin"]],
         "layout": {"text-field": "{name:latin}", "text-font": OBLIQUE,
                    "text-size": interp([(11, 10), (16, 14)], 1), "text-max-width": 6,
                    "text-letter-spacing": 0.05},
         "paint": {"text-color": p["water_text"], "text-halo-color": halo, "text-halo-width": 1.2}})

    if p["poi"]:
        add({"id": "poi-name", "type": "symbol", "source": SOURCE, "source-layer": "poi", "minzoom": 16,
             "filter": ["all", ["has", "name:latin"], ["<=", ["coalesce", ["get", "rank"], 99], 20],
                        ["!", is_class(["bus", "railway", "barrier", "entrance", "post"])]],
             "layout": {"text-field": "{name:latin}", "text-font": BOOK, "text-size": 10, "text-max-width": 8,
                        "text-anchor": "center"},
             "paint": {"text-color": p["poi_text"], "text-halo-color": halo, "text-halo-width": 1}})
        add({"id": "poi-station", "type": "symbol", "source": SOURCE, "source-layer": "poi", "minzoom": 14,
             "filter": ["all", ["has", "name:latin"], ["==", ["get", "subclass"], "station"]],
             "layout": {"text-field": "{name:latin}", "text-font": BOLD, "text-size": 11, "text-max-width": 8},
             "paint": {"text-color": p["poi_text"], "text-halo-color": halo, "text-halo-width": 1.2}})

    street_size = ["interpolate", ["linear"], ["zoom"], 13, 9, 15, 11, 17, 13]
    add({"id": "street-name-minor", "type": "symbol", "source": SOURCE, "source-layer": "transportation_name",
         "minzoom": 15,
         "filter": ["all", ["has", "name:latin"], is_class(["minor", "service", "track", "path"])],
         "layout": {"symbol-placement": "line", "text-field": "{name:latin}", "text-font": BOOK,
                    "text-size": ["interpolate", ["linear"], ["zoom"], 15, 10, 17, 12],
                    "symbol-spacing": 300, "text-max-angle": 30},
         "paint": {"text-color": p["text_minor"], "text-halo-color": halo, "text-halo-width": 1.2}})
    add({"id": "street-name", "type": "symbol", "source": SOURCE, "source-layer": "transportation_name",
         "minzoom": 13,
         "filter": ["all", ["has", "name:latin"],
                    is_class(["motorway", "trunk", "primary", "secondary", "tertiary"])],
         "layout": {"symbol-placement": "line", "text-field": "{name:latin}", "text-font": BOOK,
                    "text-size": street_size, "symbol-spacing": 300, "text-max-angle": 30},
         "paint": {"text-color": p["text"], "text-halo-color": halo, "text-halo-width": 1.4}})

    add({"id": "place-neighbourhood", "type": "symbol", "source": SOURCE, "source-layer": "place", "minzoom": 13,
         "filter": ["all", ["has", "name:latin"], is_class(["neighbourhood", "quarter", "hamlet", "isolated_dwelling"])],
         "layout": {"text-field": "{name:latin}", "text-font": BOOK, "text-transform": "uppercase",
                    "text-size": interp([(13, 9), (16, 11)], 1), "text-letter-spacing": 0.1, "text-max-width": 8},
         "paint": {"text-color": p["suburb_text"], "text-halo-color": halo, "text-halo-width": 1.5}})
    add({"id": "place-suburb", "type": "symbol", "source": SOURCE, "source-layer": "place", "minzoom": 11,
         "maxzoom": 17,
         "filter": ["all", ["has", "name:latin"], is_class(["suburb"])],
         "layout": {"text-field": "{name:latin}", "text-font": BOLD, "text-transform": "uppercase",
                    "text-size": interp([(11, 10), (15, 13)], 1), "text-letter-spacing": 0.12, "text-max-width": 8},
         "paint": {"text-color": p["suburb_text"], "text-halo-color": halo, "text-halo-width": 1.6}})
    add({"id": "place-village", "type": "symbol", "source": SOURCE, "source-layer": "place", "minzoom": 9,
         "filter": ["all", ["has", "name:latin"], is_class(["village"])],
         "layout": {"text-field": "{name:latin}", "text-font": BOOK,
                    "text-size": interp([(9, 10), (14, 14)], 1), "text-max-width": 8},
         "paint": {"text-color": p["place_text"], "text-halo-color": halo, "text-halo-width": 1.5}})
    add({"id": "place-town", "type": "symbol", "source": SOURCE, "source-layer": "place", "minzoom": 6,
         "filter": ["all", ["has", "name:latin"], is_class(["town"])],
         "layout": {"text-field": "{name:latin}", "text-font": BOOK,
                    "text-size": interp([(6, 11), (14, 17)], 1), "text-max-width": 8},
         "paint": {"text-color": p["place_text"], "text-halo-color": halo, "text-halo-width": 1.6}})
    add({"id": "place-city", "type": "symbol", "source": SOURCE, "source-layer": "place", "maxzoom": 14,
         "filter": ["all", ["has", "name:latin"], is_class(["city"])],
         "layout": {"text-field": "{name:latin}", "text-font": BOLD,
                    "text-size": interp([(4, 12), (8, 16), (13, 22)], 1), "text-max-width": 8},
         "paint": {"text-color": p["place_text"], "text-halo-color": halo, "text-halo-width": 2}})

    return {
        "version": 8,
        "name": p["name"],
        "metadata": {"maprender:comment": "written by make_builtin_styles.py; OpenMapTiles schema; zooms are MapLibre zooms"},
        "sources": {SOURCE: {"type": "vector"}},
        "layers": layers,
    }


def dump(value):
    """One layer per line: readable diffs, small files."""
    layers = value["layers"]
    head = dict(value)
    del head["layers"]
    text = json.dumps(head, ensure_ascii=False, indent=2)[:-2]
    text += ',\n  "layers": [\n'
    text += ",\n".join("    " + json.dumps(layer, ensure_ascii=False, separators=(", ", ": ")) for layer in layers)
    return text + "\n  ]\n}\n"


if __name__ == "__main__":
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Resources", "styles")
    for key in PALETTES:
        with open(os.path.join(out, f"openmaptiles-{key}.json"), "w") as f:
            f.write(dump(style(key)))
