#!/usr/bin/env python3
"""Writes maprender's built-in vector styles (MapLibre GL style version 8) for three tile
schemas: Resources/styles/{openmaptiles,protomaps,shortbread}-{default,dark,print}.json.

One look, three schemas: every style has the same layers (same ids, order, widths, zooms and
palette per feature class: water, parks and green, land use, road classes with casings, rail,
buildings, boundaries, places, street names, water names, POIs). What differs per schema is
only where a class lives: its source layer and filter, written down once below in
OPENMAPTILES, PROTOMAPS and SHORTBREAD (the class mappings). A class a schema lacks leaves its
layer out. The three looks differ in their palettes and in how much they draw (print leaves
out land use and POI names).

The styles use only what maprender's renderer supports: background, fill, line and symbol
layers, expression filters with get/has/==/match/all/any/coalesce, interpolate and step on
zoom, DejaVu Sans fonts and no sprite. Label text-fields are plain tokens ({name:latin},
{name}) so that a language rewrite can recognise them. Each style's one vector source has no
url: the archive given on the command line is bound to it.

Zooms are MapLibre zooms (512-pixel tiles): an XYZ-16 street map is MapLibre zoom 15.

usage: python3 make_builtin_styles.py   (rewrites the nine files in ../Resources/styles
       next to this script; the output is deterministic, and the OpenMapTiles files are
       what the single-schema generator wrote before)
"""
import json
import os

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


def one_of(key, values):
    """Whether the feature's `key` is one of `values`."""
    return ["match", ["get", key], values, True, False]


def none_of(key, values):
    return ["match", ["get", key], values, False, True]


def is_class(classes):
    return one_of("class", classes)


def is_kind(kinds):
    return one_of("kind", kinds)


def has(key):
    return ["has", key]


def both(*conditions):
    return ["all", *conditions]


def is_polygon():
    return ["==", ["geometry-type"], "Polygon"]


def is_line():
    return ["==", ["geometry-type"], "LineString"]


def is_point():
    return ["==", ["geometry-type"], "Point"]


# The class mappings: what each feature class of the looks is in each schema. A class maps to
# the source layers and filters that hold it (several when a schema splits it, e.g. Shortbread's
# ocean and inland water), or to None when the schema does not have it (the layer is left out).
# The road classes are the OpenMapTiles ones; "road:X" is the filter for road class X without
# the tunnel condition, which "tunnel" and "not-tunnel" give. docs/basemaps.md ("One look, three
# tile schemas") has the table for readers.

# OpenMapTiles 3.x (https://openmaptiles.org/schema/): `class` per layer, names in name:latin.
OPENMAPTILES_ROAD_CLASSES = {
    "motorway": ["motorway"], "trunk": ["trunk"], "primary": ["primary"], "secondary": ["secondary"],
    "tertiary": ["tertiary"], "minor": ["minor", "minor_construction"], "service": ["service"],
    "track": ["track"], "path": ["path", "bridleway", "footway", "cycleway", "steps"],
}
OPENMAPTILES = {
    "key": "openmaptiles",
    "title": "OpenMapTiles schema",
    "source": "openmaptiles",
    "label": "{name:latin}",
    "has-label": has("name:latin"),
    "landuse-residential": [("landuse", is_class(["residential", "suburb", "neighbourhood", "quarter"]))],
    "landuse-commercial": [("landuse", is_class(["commercial", "retail"]))],
    "landuse-industrial": [("landuse", is_class(["industrial", "garages", "railway", "military"]))],
    "landuse-institution": [
        ("landuse", is_class(["school", "university", "college", "kindergarten", "hospital", "library"]))],
    "landuse-sport": [("landuse", is_class(["pitch", "playground", "stadium", "track"]))],
    "landcover-grass": [("landcover", is_class(["grass", "farmland", "sand"]))],
    "landcover-wood": [("landcover", is_class(["wood", "forest"]))],
    "landcover-wetland": [("landcover", is_class(["wetland"]))],
    "park": [("park", None)],
    "aeroway-area": [("aeroway", is_polygon())],
    "waterway-tunnel": [("waterway", ["==", ["get", "brunnel"], "tunnel"])],
    "waterway-river": [("waterway", ["all", is_class(["river", "canal"]), ["!=", ["get", "brunnel"], "tunnel"]])],
    "waterway-stream": [
        ("waterway", ["all", ["!", is_class(["river", "canal"])], ["!=", ["get", "brunnel"], "tunnel"]])],
    "water": [("water", ["!=", ["get", "intermittent"], 1])],
    "water-intermittent": [("water", ["==", ["get", "intermittent"], 1])],
    "pier": [("transportation", ["all", is_polygon(), is_class(["pier"])])],
    "pier-line": [("transportation", ["all", is_line(), is_class(["pier"])])],
    "building": [("building", None)],
    "roads": "transportation",
    "tunnel": ["==", ["get", "brunnel"], "tunnel"],
    "not-tunnel": ["!=", ["get", "brunnel"], "tunnel"],
    **{f"road:{c}": is_class(v) for c, v in OPENMAPTILES_ROAD_CLASSES.items()},
    "rail": [("transportation", ["all", is_class(["rail"]), ["!=", ["get", "brunnel"], "tunnel"]])],
    "tram": [("transportation", ["all", is_class(["tram", "transit", "light_rail"]), ["!=", ["get", "brunnel"], "tunnel"]])],
    "boundary-country": [("boundary", ["all", ["<=", ["get", "admin_level"], 2], ["!=", ["get", "maritime"], 1]])],
    "boundary-region": [("boundary", ["all", [">=", ["get", "admin_level"], 3], ["<=", ["get", "admin_level"], 6],
                                      ["!=", ["get", "maritime"], 1]])],
    "boundary-local": [("boundary", ["all", [">=", ["get", "admin_level"], 7], ["<=", ["get", "admin_level"], 8]])],
    "waterway-name": [("waterway", ["all", ["has", "name:latin"], is_class(["river", "canal", "stream"])])],
    "water-name-line": [("water_name", ["all", ["==", "$type", "LineString"], ["has", "name:latin"]])],
    "water-name-point": [("water_name", ["all", ["==", "$type", "Point"], ["has", "name:latin"]])],
    "poi-name": [("poi", ["all", ["has", "name:latin"], ["<=", ["coalesce", ["get", "rank"], 99], 20],
                          ["!", is_class(["bus", "railway", "barrier", "entrance", "post"])]])],
    "poi-station": [("poi", ["all", ["has", "name:latin"], ["==", ["get", "subclass"], "station"]])],
    "street-name-minor": [("transportation_name",
                           ["all", ["has", "name:latin"], is_class(["minor", "service", "track", "path"])])],
    "street-name": [("transportation_name", ["all", ["has", "name:latin"],
                                             is_class(["motorway", "trunk", "primary", "secondary", "tertiary"])])],
    "place-neighbourhood": [("place", ["all", ["has", "name:latin"],
                                       is_class(["neighbourhood", "quarter", "hamlet", "isolated_dwelling"])])],
    "place-suburb": [("place", ["all", ["has", "name:latin"], is_class(["suburb"])])],
    "place-village": [("place", ["all", ["has", "name:latin"], is_class(["village"])])],
    "place-town": [("place", ["all", ["has", "name:latin"], is_class(["town"])])],
    "place-city": [("place", ["all", ["has", "name:latin"], is_class(["city"])])],
}

# Protomaps basemap v4 (https://docs.protomaps.com/basemaps/layers): `kind` with `kind_detail`
# (the OSM tag's value: roads' highway=*, places' place=*), names in `name`. Boolean flags
# (is_tunnel, is_bridge, is_link) are present only when true, so "!= true" also matches absence.
PM_NOT_TUNNEL = ["!=", ["get", "is_tunnel"], True]
PM_ROAD_CLASSES = {
    "motorway": ["==", ["get", "kind"], "highway"],
    "trunk": one_of("kind_detail", ["trunk", "trunk_link"]),
    "primary": one_of("kind_detail", ["primary", "primary_link"]),
    "secondary": one_of("kind_detail", ["secondary", "secondary_link"]),
    "tertiary": one_of("kind_detail", ["tertiary", "tertiary_link"]),
    "minor": both(["==", ["get", "kind"], "minor_road"], none_of("kind_detail", ["service", "track"])),
    "service": both(["==", ["get", "kind"], "minor_road"], ["==", ["get", "kind_detail"], "service"]),
    "track": ["==", ["get", "kind_detail"], "track"],
    "path": both(is_kind(["path", "other"]), none_of("kind_detail", ["pier", "track", "runway", "taxiway"])),
}
PM_RIVERS, PM_STREAMS = ["river", "canal"], ["stream", "ditch", "drain"]
PROTOMAPS = {
    "key": "protomaps",
    "title": "Protomaps basemap schema v4",
    "source": "protomaps",
    "label": "{name}",
    "has-label": has("name"),
    "landuse-residential": [("landuse", is_kind(["residential", "neighbourhood"]))],
    "landuse-commercial": [("landuse", is_kind(["commercial", "retail"]))],
    "landuse-industrial": [("landuse", is_kind(["industrial", "garages", "railway", "military", "naval_base",
                                                 "quarry", "landfill", "brownfield"]))],
    "landuse-institution": [("landuse", is_kind(["school", "university", "college", "kindergarten", "hospital",
                                                  "library"]))],
    "landuse-sport": [("landuse", is_kind(["pitch", "playground", "stadium", "track", "sports_centre"]))],
    # Town parks and gardens are green like grass, as OpenMapTiles has them (landcover class
    # grass, subclass park or garden); its `park` layer is national parks and reserves.
    "landcover-grass": [("landuse", is_kind(["grass", "grassland", "meadow", "scrub", "heath", "farmland",
                                             "farmyard", "orchard", "vineyard", "allotments", "village_green",
                                             "recreation_ground", "sand", "beach", "park", "garden", "dog_park",
                                             "golf_course"]))],
    "landcover-wood": [("landuse", is_kind(["wood", "forest"]))],
    "landcover-wetland": [("landuse", is_kind(["wetland", "swamp", "marsh", "bog"]))],
    "park": [("landuse", is_kind(["national_park", "nature_reserve", "protected_area"]))],
    "aeroway-area": [("landuse", both(is_polygon(), is_kind(["aerodrome", "runway", "taxiway", "apron"])))],
    "waterway-tunnel": [("water", both(is_line(), ["==", ["get", "is_tunnel"], True]))],
    "waterway-river": [("water", both(is_line(), is_kind(PM_RIVERS), ["!=", ["get", "is_tunnel"], True]))],
    "waterway-stream": [("water", both(is_line(), is_kind(PM_STREAMS), ["!=", ["get", "is_tunnel"], True]))],
    "water": [("water", is_polygon())],
    "water-intermittent": None,
    "pier": [("landuse", both(is_polygon(), ["==", ["get", "kind"], "pier"]))],
    "pier-line": [("roads", both(is_line(), ["==", ["get", "kind_detail"], "pier"]))],
    "building": [("buildings", is_kind(["building", "building_part"]))],
    "roads": "roads",
    "tunnel": ["==", ["get", "is_tunnel"], True],
    "not-tunnel": PM_NOT_TUNNEL,
    **{f"road:{c}": v for c, v in PM_ROAD_CLASSES.items()},
    "rail": [("roads", both(["==", ["get", "kind"], "rail"],
                            one_of("kind_detail", ["rail", "narrow_gauge", "preserved", "funicular"]), PM_NOT_TUNNEL))],
    "tram": [("roads", both(["==", ["get", "kind"], "rail"],
                            one_of("kind_detail", ["tram", "light_rail", "subway", "monorail"]), PM_NOT_TUNNEL))],
    "boundary-country": [("boundaries", ["==", ["get", "kind"], "country"])],
    "boundary-region": [("boundaries", ["==", ["get", "kind"], "region"])],
    "boundary-local": [("boundaries", is_kind(["county", "locality"]))],
    "waterway-name": [("water", both(is_line(), has("name"), is_kind(["river", "canal", "stream"])))],
    "water-name-line": None,
    "water-name-point": [("water", both(is_point(), has("name")))],
    # Protomaps grades POIs with min_zoom (MapLibre zooms), as its own styles filter them.
    "poi-name": [("pois", both(has("name"), [">=", ["zoom"], ["coalesce", ["get", "min_zoom"], 99]],
                               none_of("kind", ["bus_stop", "tram_stop", "station", "train_station",
                                                "subway_entrance", "crossing", "street_lamp", "tree",
                                                "bench", "traffic_signals", "post_box", "waste_basket"])))],
    "poi-station": [("pois", both(has("name"), is_kind(["station", "train_station"])))],
    "street-name-minor": [("roads", both(has("name"), is_kind(["minor_road", "path", "other"])))],
    "street-name": [("roads", both(has("name"), is_kind(["highway", "major_road"])))],
    "place-neighbourhood": [("places", both(has("name"), one_of("kind_detail", [
        "neighbourhood", "quarter", "hamlet", "isolated_dwelling"])))],
    "place-suburb": [("places", both(has("name"), ["any", ["==", ["get", "kind_detail"], "suburb"],
                                                   ["==", ["get", "kind"], "macrohood"]]))],
    "place-village": [("places", both(has("name"), ["==", ["get", "kind_detail"], "village"]))],
    "place-town": [("places", both(has("name"), ["==", ["get", "kind_detail"], "town"]))],
    "place-city": [("places", both(has("name"), ["==", ["get", "kind_detail"], "city"]))],
}

# Shortbread 1.0 and 1.1 (https://shortbread-tiles.org/schema/1.0/): `kind` per layer, street
# names in their own layer street_labels, names in `name`; tunnel, bridge, link are booleans.
SB_NOT_TUNNEL = ["!=", ["get", "tunnel"], True]
SB_MINOR = ["unclassified", "residential", "living_street", "road", "busway"]
SB_PATHS = ["footway", "path", "cycleway", "bridleway", "steps", "pedestrian"]
SB_ROAD_CLASSES = {
    "motorway": is_kind(["motorway"]), "trunk": is_kind(["trunk"]), "primary": is_kind(["primary"]),
    "secondary": is_kind(["secondary"]), "tertiary": is_kind(["tertiary"]), "minor": is_kind(SB_MINOR),
    "service": is_kind(["service"]), "track": is_kind(["track"]), "path": is_kind(SB_PATHS),
}
SHORTBREAD = {
    "key": "shortbread",
    "title": "Shortbread schema 1.0/1.1",
    "source": "shortbread",
    "label": "{name}",
    "has-label": has("name"),
    "landuse-residential": [("land", is_kind(["residential"]))],
    "landuse-commercial": [("land", is_kind(["commercial", "retail"]))],
    "landuse-industrial": [("land", is_kind(["industrial", "garages", "railway", "quarry", "landfill", "brownfield"]))],
    "landuse-institution": [("sites", is_kind(["school", "university", "college", "hospital"]))],
    "landuse-sport": [("land", is_kind(["pitch", "playground", "stadium", "track", "sports_centre"]))],
    "landcover-grass": [("land", is_kind(["grass", "meadow", "scrub", "heath", "farmland", "farmyard", "orchard",
                                          "vineyard", "plant_nursery", "greenfield", "allotments", "village_green",
                                          "recreation_ground", "sand", "beach", "park", "garden", "dog_park",
                                          "golf_course"]))],
    "landcover-wood": [("land", is_kind(["forest"]))],
    "landcover-wetland": [("land", is_kind(["swamp", "bog", "marsh", "wet_meadow", "string_bog"]))],
    # Shortbread has no national parks or reserves (its `sites` are built-up places).
    "park": None,
    "aeroway-area": None,
    "waterway-tunnel": [("water_lines", ["==", ["get", "tunnel"], True])],
    "waterway-river": [("water_lines", both(is_kind(["river", "canal"]), SB_NOT_TUNNEL))],
    "waterway-stream": [("water_lines", both(is_kind(["stream", "ditch", "drain"]), SB_NOT_TUNNEL))],
    "water": [("ocean", None), ("water_polygons", None)],
    "water-intermittent": None,
    "pier": [("pier_polygons", None)],
    "pier-line": [("pier_lines", None)],
    "building": [("buildings", None)],
    "roads": "streets",
    "tunnel": ["==", ["get", "tunnel"], True],
    "not-tunnel": SB_NOT_TUNNEL,
    **{f"road:{c}": v for c, v in SB_ROAD_CLASSES.items()},
    "rail": [("streets", both(is_kind(["rail", "narrow_gauge", "preserved", "funicular"]), SB_NOT_TUNNEL))],
    "tram": [("streets", both(is_kind(["tram", "light_rail", "subway", "monorail"]), SB_NOT_TUNNEL))],
    "boundary-country": [("boundaries", ["all", ["<=", ["get", "admin_level"], 2], ["!=", ["get", "maritime"], True]])],
    "boundary-region": [("boundaries", ["all", [">=", ["get", "admin_level"], 3], ["<=", ["get", "admin_level"], 6],
                                        ["!=", ["get", "maritime"], True]])],
    "boundary-local": None,
    "waterway-name": [("water_lines_labels", both(has("name"), is_kind(["river", "canal", "stream"])))],
    "water-name-line": None,
    "water-name-point": [("water_polygons_labels", has("name"))],
    "poi-name": [("pois", both(has("name"), ["any", has("amenity"), has("tourism"), has("historic"), has("shop"),
                                                 has("leisure")]))],
    "poi-station": [("public_transport", both(has("name"), is_kind(["station", "halt"])))],
    "street-name-minor": [("street_labels", both(has("name"), is_kind(SB_MINOR + ["service", "track"] + SB_PATHS)))],
    "street-name": [("street_labels", both(has("name"), is_kind(
        ["motorway", "trunk", "primary", "secondary", "tertiary", "motorway_link", "trunk_link", "primary_link",
         "secondary_link", "tertiary_link"])))],
    "place-neighbourhood": [("place_labels", both(has("name"), is_kind(
        ["neighbourhood", "quarter", "hamlet", "isolated_dwelling", "farm", "locality"])))],
    "place-suburb": [("place_labels", both(has("name"), is_kind(["suburb"])))],
    "place-village": [("place_labels", both(has("name"), is_kind(["village"])))],
    "place-town": [("place_labels", both(has("name"), is_kind(["town"])))],
    "place-city": [("place_labels", both(has("name"), is_kind(["city", "capital", "state_capital"])))],
}

SCHEMAS = [OPENMAPTILES, PROTOMAPS, SHORTBREAD]


def style(schema, key):
    p = PALETTES[key]
    source = schema["source"]
    layers = []

    def add(layer):
        layers.append(layer)

    def mapped(id, layer):
        """`layer` once per source layer the schema keeps class `id` in (none when it has no such class)."""
        places = schema[id]
        if places is None:
            return
        for index, (source_layer, filt) in enumerate(places):
            copy = {"id": id if index == 0 else f"{id}-{source_layer.replace('_', '-')}", "type": layer["type"],
                    "source": source, "source-layer": source_layer}
            for name in ("minzoom", "maxzoom"):
                if name in layer:
                    copy[name] = layer[name]
            if filt is not None:
                copy["filter"] = filt
            for name in ("layout", "paint"):
                if name in layer:
                    copy[name] = layer[name]
            add(copy)

    def fill(id, color_key, minzoom=None, opacity=None, outline=None):
        if color_key not in p:
            return
        layer = {"type": "fill"}
        if minzoom is not None:
            layer["minzoom"] = minzoom
        paint = {"fill-color": p[color_key]}
        if opacity is not None:
            paint["fill-opacity"] = opacity
        if outline is not None:
            paint["fill-outline-color"] = outline
        layer["paint"] = paint
        mapped(id, layer)

    def road(id, minzoom, filt, layout, paint):
        add({"id": id, "type": "line", "source": source, "source-layer": schema["roads"], "minzoom": minzoom,
             "filter": filt, "layout": layout, "paint": paint})

    add({"id": "background", "type": "background", "paint": {"background-color": p["background"]}})

    # Land use and land cover, faint; parks on top.
    fill("landuse-residential", "residential", opacity=interp([(10, 0.8), (16, 0.5)]))
    fill("landuse-commercial", "commercial", minzoom=11)
    fill("landuse-industrial", "industrial", minzoom=11)
    fill("landuse-institution", "institution", minzoom=11)
    fill("landuse-sport", "sport", minzoom=12)
    fill("landcover-grass", "grass", minzoom=10)
    fill("landcover-wood", "wood")
    fill("landcover-wetland", "wetland", minzoom=10)
    fill("park", "park", opacity=interp([(8, 0.6), (14, 0.9)]))
    fill("aeroway-area", "aeroway", minzoom=11)

    # Water.
    mapped("waterway-tunnel", {"type": "line", "minzoom": 14,
           "paint": {"line-color": p["waterway"], "line-width": interp([(14, 0.8), (18, 3)]),
                     "line-dasharray": [3, 2], "line-opacity": 0.6}})
    mapped("waterway-river", {"type": "line", "layout": {"line-cap": "round", "line-join": "round"},
           "paint": {"line-color": p["waterway"], "line-width": interp([(8, 0.8), (14, 3), (18, 14)], 1.3)}})
    mapped("waterway-stream", {"type": "line", "minzoom": 11, "layout": {"line-cap": "round", "line-join": "round"},
           "paint": {"line-color": p["waterway"], "line-width": interp([(11, 0.5), (14, 1.2), (18, 5)], 1.3)}})
    fill("water", "water")
    fill("water-intermittent", "water", opacity=0.5)

    # Piers drawn as land.
    fill("pier", "pier", minzoom=13)
    mapped("pier-line", {"type": "line", "minzoom": 13,
           "paint": {"line-color": p["pier"], "line-width": interp([(13, 1), (18, 8)])}})

    # Buildings from MapLibre zoom 14, fading in.
    fill("building", "building", minzoom=14, opacity=interp([(14, 0.6), (15.5, 1)], 1), outline=p["building_outline"])

    # Tunnels: faint, dashed casing, under everything else on the ground.
    tunnel_classes = ["motorway", "trunk", "primary", "secondary", "tertiary", "minor", "service"]
    for cls in reversed(tunnel_classes):
        fill_c, casing_c = p["roads"][cls]
        filt = ["all", schema["tunnel"], schema[f"road:{cls}"]]
        road(f"tunnel-{cls}-casing", max(ROAD_MINZOOM[cls], 13), filt, {"line-join": "round"},
             {"line-color": casing_c, "line-width": interp(casing_stops(ROAD_WIDTHS[cls])),
              "line-dasharray": [0.5, 0.25], "line-opacity": 0.7})
        road(f"tunnel-{cls}", max(ROAD_MINZOOM[cls], 13), filt, {"line-join": "round"},
             {"line-color": p["tunnel_fill"], "line-width": interp(ROAD_WIDTHS[cls])})

    # Roads: every casing under every fill, minor classes under major ones.
    order = ["path", "track", "service", "minor", "tertiary", "secondary", "primary", "trunk", "motorway"]

    def road_filter(cls):
        return ["all", is_line(), schema[f"road:{cls}"], schema["not-tunnel"]]

    for cls in order:
        fill_c, casing_c = p["roads"][cls]
        if cls in DASHED:
            # Paths and tracks: a light halo under a dashed line.
            road(f"road-{cls}-casing", ROAD_MINZOOM[cls] + 1, road_filter(cls),
                 {"line-cap": "round", "line-join": "round"},
                 {"line-color": casing_c, "line-width": interp([(z, w + 2) for z, w in ROAD_WIDTHS[cls]]),
                  "line-opacity": 0.8})
        else:
            road(f"road-{cls}-casing", ROAD_MINZOOM[cls], road_filter(cls),
                 {"line-cap": "round", "line-join": "round"},
                 {"line-color": casing_c, "line-width": interp(casing_stops(ROAD_WIDTHS[cls]))})
    # Rail under the road fills at crossings would hide them: draw it between casings and fills.
    mapped("rail", {"type": "line", "minzoom": 10,
           "paint": {"line-color": p["rail"],
                     "line-width": interp([(10, 0.4), (13, 0.7), (14, 1.2), (15, 1.6), (16, 2.2), (18, 3.5)], 1.3)}})
    rail_dash = [(f"rail-dash{'' if index == 0 else '-' + layer.replace('_', '-')}", layer, filt)
                 for index, (layer, filt) in enumerate(schema["rail"] or [])]
    for id, source_layer, filt in rail_dash:
        add({"id": id, "type": "line", "source": source, "source-layer": source_layer, "minzoom": 15, "filter": filt,
             "paint": {"line-color": p["rail_dash"], "line-width": interp([(15, 0.8), (16, 1.2), (18, 2)], 1.3),
                       "line-dasharray": [3, 3]}})
    mapped("tram", {"type": "line", "minzoom": 13,
           "paint": {"line-color": p["tram"], "line-width": interp([(13, 0.5), (16, 1.2), (18, 2)], 1.3),
                     "line-opacity": interp([(13, 0.5), (15, 0.9)], 1)}})
    for cls in order:
        fill_c, casing_c = p["roads"][cls]
        paint = {"line-color": fill_c, "line-width": interp(ROAD_WIDTHS[cls])}
        layout = {"line-cap": "round", "line-join": "round"}
        if cls in DASHED:
            paint["line-dasharray"] = DASHED[cls]
            layout = {"line-cap": "butt", "line-join": "round"}
        road(f"road-{cls}", ROAD_MINZOOM[cls], road_filter(cls), layout, paint)

    # Administrative boundaries.
    mapped("boundary-country", {"type": "line", "layout": {"line-cap": "round", "line-join": "round"},
           "paint": {"line-color": p["boundary"], "line-width": interp([(3, 0.6), (8, 1.5), (14, 3)], 1.2)}})
    mapped("boundary-region", {"type": "line", "minzoom": 5, "layout": {"line-join": "round"},
           "paint": {"line-color": p["boundary"], "line-width": interp([(5, 0.5), (12, 1.2), (16, 2)], 1.2),
                     "line-dasharray": [3, 2], "line-opacity": 0.7}})
    mapped("boundary-local", {"type": "line", "minzoom": 11, "layout": {"line-join": "round"},
           "paint": {"line-color": p["boundary"], "line-width": interp([(11, 0.5), (16, 1.2)], 1.2),
                     "line-dasharray": [2, 2], "line-opacity": 0.5}})

    # Labels: the later a symbol layer, the earlier it is placed (places win over streets).
    halo = p["halo"]
    label = schema["label"]
    mapped("waterway-name", {"type": "symbol", "minzoom": 13,
           "layout": {"symbol-placement": "line", "text-field": label, "text-font": OBLIQUE,
                      "text-size": interp([(13, 10), (17, 13)], 1), "symbol-spacing": 350, "text-max-angle": 30,
                      "text-letter-spacing": 0.05},
           "paint": {"text-color": p["water_text"], "text-halo-color": halo, "text-halo-width": 1.2}})
    mapped("water-name-line", {"type": "symbol", "minzoom": 11,
           "layout": {"symbol-placement": "line", "text-field": label, "text-font": OBLIQUE,
                      "text-size": interp([(11, 10), (16, 13)], 1), "symbol-spacing": 350, "text-max-angle": 30,
                      "text-letter-spacing": 0.05},
           "paint": {"text-color": p["water_text"], "text-halo-color": halo, "text-halo-width": 1.2}})
    mapped("water-name-point", {"type": "symbol", "minzoom": 11,
           "layout": {"text-field": label, "text-font": OBLIQUE,
                      "text-size": interp([(11, 10), (16, 14)], 1), "text-max-width": 6,
                      "text-letter-spacing": 0.05},
           "paint": {"text-color": p["water_text"], "text-halo-color": halo, "text-halo-width": 1.2}})

    if p["poi"]:
        mapped("poi-name", {"type": "symbol", "minzoom": 16,
               "layout": {"text-field": label, "text-font": BOOK, "text-size": 10, "text-max-width": 8,
                          "text-anchor": "center"},
               "paint": {"text-color": p["poi_text"], "text-halo-color": halo, "text-halo-width": 1}})
        mapped("poi-station", {"type": "symbol", "minzoom": 14,
               "layout": {"text-field": label, "text-font": BOLD, "text-size": 11, "text-max-width": 8},
               "paint": {"text-color": p["poi_text"], "text-halo-color": halo, "text-halo-width": 1.2}})

    street_size = ["interpolate", ["linear"], ["zoom"], 13, 9, 15, 11, 17, 13]
    mapped("street-name-minor", {"type": "symbol", "minzoom": 15,
           "layout": {"symbol-placement": "line", "text-field": label, "text-font": BOOK,
                      "text-size": ["interpolate", ["linear"], ["zoom"], 15, 10, 17, 12],
                      "symbol-spacing": 300, "text-max-angle": 30},
           "paint": {"text-color": p["text_minor"], "text-halo-color": halo, "text-halo-width": 1.2}})
    mapped("street-name", {"type": "symbol", "minzoom": 13,
           "layout": {"symbol-placement": "line", "text-field": label, "text-font": BOOK,
                      "text-size": street_size, "symbol-spacing": 300, "text-max-angle": 30},
           "paint": {"text-color": p["text"], "text-halo-color": halo, "text-halo-width": 1.4}})

    mapped("place-neighbourhood", {"type": "symbol", "minzoom": 13,
           "layout": {"text-field": label, "text-font": BOOK, "text-transform": "uppercase",
                      "text-size": interp([(13, 9), (16, 11)], 1), "text-letter-spacing": 0.1, "text-max-width": 8},
           "paint": {"text-color": p["suburb_text"], "text-halo-color": halo, "text-halo-width": 1.5}})
    mapped("place-suburb", {"type": "symbol", "minzoom": 11, "maxzoom": 17,
           "layout": {"text-field": label, "text-font": BOLD, "text-transform": "uppercase",
                      "text-size": interp([(11, 10), (15, 13)], 1), "text-letter-spacing": 0.12,
                      "text-max-width": 8},
           "paint": {"text-color": p["suburb_text"], "text-halo-color": halo, "text-halo-width": 1.6}})
    mapped("place-village", {"type": "symbol", "minzoom": 9,
           "layout": {"text-field": label, "text-font": BOOK,
                      "text-size": interp([(9, 10), (14, 14)], 1), "text-max-width": 8},
           "paint": {"text-color": p["place_text"], "text-halo-color": halo, "text-halo-width": 1.5}})
    mapped("place-town", {"type": "symbol", "minzoom": 6,
           "layout": {"text-field": label, "text-font": BOOK,
                      "text-size": interp([(6, 11), (14, 17)], 1), "text-max-width": 8},
           "paint": {"text-color": p["place_text"], "text-halo-color": halo, "text-halo-width": 1.6}})
    mapped("place-city", {"type": "symbol", "maxzoom": 14,
           "layout": {"text-field": label, "text-font": BOLD,
                      "text-size": interp([(4, 12), (8, 16), (13, 22)], 1), "text-max-width": 8},
           "paint": {"text-color": p["place_text"], "text-halo-color": halo, "text-halo-width": 2}})

    return {
        "version": 8,
        "name": p["name"],
        "metadata": {"maprender:comment": f"written by make_builtin_styles.py; {schema['title']}; zooms are MapLibre zooms"},
        "sources": {source: {"type": "vector"}},
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
    for schema in SCHEMAS:
        for key in PALETTES:
            with open(os.path.join(out, f"{schema['key']}-{key}.json"), "w") as f:
                f.write(dump(style(schema, key)))
