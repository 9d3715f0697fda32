#!/usr/bin/env python3
"""Builds maprender's embedded offline world basemap from Natural Earth GeoJSON.

Rerun from the repository root after changing this script or the data:

    python3 Sources/MapData/WorldBasemap/make_world_basemap.py \
        /work/shared/data/naturalearth Sources/MapData/Resources/world.sqlite

Both arguments are optional: the input folder defaults to ../shared/data/naturalearth and
the output to Sources/MapData/Resources/world.sqlite, both relative to the repository root.
The input is the public-domain Natural Earth 4.0.0 set described in that folder's
README.md (1:110m and 1:50m, `110m/` and `50m/`). Python 3 standard library only.

The output is deterministic: the same input gives a byte-identical file with the same
SQLite library (fixed insertion order, no timestamps, VACUUM at the end). Its format,
version 1, is read by WorldBasemap.swift and GeometryBlob.swift next to this script:

features(id INTEGER PRIMARY KEY, layer TEXT, scale INTEGER, min_zoom REAL, geometry BLOB)
    layer: land | lake | river | border | admin1; scale: 110 or 50 (1:110m, 1:50m);
    min_zoom: Natural Earth's suggested minimum web-map zoom (its `min_zoom` property);
    one row per polygon of a MultiPolygon and per line of a MultiLineString, so that every
    row has a tight bounding box. Rows are ordered by scale, layer, then source order.
features_index: an R*Tree (rtree_i32) of each row's bounding box in whole map points.
labels(id, name, kind, rank, scale, min_zoom, x, y)
    kind: country | capital | city; rank: LABELRANK for countries, scalerank for places
    (lower is more important); min_zoom: MIN_LABEL for countries, min_zoom for places;
    x, y: whole map points.
metadata(key, value): format, format_version, source, natural_earth_version,
    attribution, quantisation_shift.
countries(id INTEGER PRIMARY KEY, name TEXT, iso_a2 TEXT, geometry BLOB)
    the 1:50m admin-0 country polygons, for offline reverse geocoding (ReverseGeocoder.swift):
    one row per polygon of a MultiPolygon (holes kept), name = ADMIN ("United States of
    America", "France"), iso_a2 = ISO_A2, or WB_A2 where Natural Earth 4.0.0 has -99
    (France, Norway), or NULL. countries_index: R*Tree (rtree_i32) of the bounding boxes.
admin1(id INTEGER PRIMARY KEY, name TEXT, country TEXT, geometry BLOB)
    the 1:50m first-level regions (states, provinces; NE covers only the USA, Canada,
    Brazil and Australia at this scale), country = the admin-0 ADMIN name. admin1_index:
    its R*Tree. Both tables were added within format version 1: readers of the basemap
    layers do not look at them, and a reader that needs them checks that they exist.

Map points are Web Mercator in MapKit's units: the world is W = 2^28 points on a side,
origin at 180 deg W / 85.0511 deg N, y growing south:
    x = (lon + 180) / 360 * W,  y = (1 - asinh(tan(lat)) / pi) / 2 * W
(Snyder, Map Projections - A Working Manual, USGS PP 1395, eq. 7-2). Latitudes are clamped
to +-atan(sinh(pi)) = +-85.0511 deg, where the projected world is square; Antarctica's land
polygon reaches -90 deg and becomes a strip along the world's south edge.

Geometry blob: coordinates are quantised to a 2^24 grid (map points >> 4, one step = 16 map
points, about 2.4 m at the equator, far finer than 1:50m data), then
    varint part_count, part_count x varint point_count,
    then every point as zigzag-varint dx, zigzag-varint dy, the difference from the previous
    point (across parts; the first point from (0, 0)).
For polygons the parts are rings, outer ring first, then holes, each closed (first point
repeated last) as in the GeoJSON. Varints are unsigned LEB128 (7 bits a byte, low first);
zigzag maps n to 2n for n >= 0 and to -2n - 1 for n < 0.
"""

import heapq
import json
import math
import os
import sqlite3
import sys

FORMAT_VERSION = 1
WORLD = 2 ** 28
SHIFT = 4  # quantisation: map points >> 4, a 2^24 grid
STEP = 1 << SHIFT
MAX_LATITUDE = math.degrees(math.atan(math.sinh(math.pi)))

# (layer, file stem) in the order rows are written.
LAYERS = [
    ("land", "land"),
    ("lake", "lakes"),
    ("river", "rivers_lake_centerlines"),
    ("border", "admin_0_boundary_lines_land"),
    ("admin1", "admin_1_states_provinces_lines"),
]
SCALES = [110, 50]

SCHEMA = """
CREATE TABLE metadata (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE features (
  id       INTEGER PRIMARY KEY,
  layer    TEXT    NOT NULL,
  scale    INTEGER NOT NULL,
  min_zoom REAL    NOT NULL,
  geometry BLOB    NOT NULL
);
CREATE VIRTUAL TABLE features_index USING rtree_i32(id, min_x, max_x, min_y, max_y);
CREATE TABLE countries (
  id       INTEGER PRIMARY KEY,
  name     TEXT    NOT NULL,
  iso_a2   TEXT,
  geometry BLOB    NOT NULL
);
CREATE VIRTUAL TABLE countries_index USING rtree_i32(id, min_x, max_x, min_y, max_y);
CREATE TABLE admin1 (
  id       INTEGER PRIMARY KEY,
  name     TEXT    NOT NULL,
  country  TEXT    NOT NULL,
  geometry BLOB    NOT NULL
);
CREATE VIRTUAL TABLE admin1_index USING rtree_i32(id, min_x, max_x, min_y, max_y);
CREATE TABLE labels (
  id       INTEGER PRIMARY KEY,
  name     TEXT    NOT NULL,
  kind     TEXT    NOT NULL,
  rank     INTEGER NOT NULL,
  scale    INTEGER NOT NULL,
  min_zoom REAL    NOT NULL,
  x        INTEGER NOT NULL,
  y        INTEGER NOT NULL
);
"""


def project(lon, lat):
    """Web Mercator map point (floats) of a WGS84 longitude/latitude in degrees."""
    phi = math.radians(min(max(lat, -MAX_LATITUDE), MAX_LATITUDE))
    x = (lon + 180.0) / 360.0 * WORLD
    y = (1.0 - math.asinh(math.tan(phi)) / math.pi) / 2.0 * WORLD
    return x, y


def quantise(value):
    """A map-point value on the 2^24 grid; rounds half up (not Python's half-to-even)."""
    return int(math.floor(value / STEP + 0.5))


def varint(n, out):
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)


def zigzag(n):
    return 2 * n if n >= 0 else -2 * n - 1


def encode(parts):
    """The blob of a list of parts, each a list of quantised (x, y)."""
    out = bytearray()
    varint(len(parts), out)
    for part in parts:
        varint(len(part), out)
    px = py = 0
    for part in parts:
        for x, y in part:
            varint(zigzag(x - px), out)
            varint(zigzag(y - py), out)
            px, py = x, y
    return bytes(out)


def quantised_part(coordinates):
    return [(quantise(x), quantise(y)) for x, y in (project(c[0], c[1]) for c in coordinates)]


def geometry_items(geometry):
    """(kind, parts) per polygon or line of a GeoJSON geometry, in source order."""
    if geometry is None:
        return []  # upstream has one null geometry in 50m rivers
    kind, coordinates = geometry["type"], geometry["coordinates"]
    if kind == "Polygon":
        return [("polygon", coordinates)]
    if kind == "MultiPolygon":
        return [("polygon", polygon) for polygon in coordinates]
    if kind == "LineString":
        return [("line", [coordinates])]
    if kind == "MultiLineString":
        return [("line", [line]) for line in coordinates]
    raise ValueError("unexpected geometry type " + kind)


def load(folder, scale, stem):
    """The features of one Natural Earth GeoJSON file, e.g. 50m/ne_50m_land.json."""
    path = os.path.join(folder, "%dm" % scale, "ne_%dm_%s.json" % (scale, stem))
    with open(path, encoding="utf-8") as f:
        return json.load(f)["features"]


def insert_polygons(db, table, next_id, values, geometry):
    """One row of `table` per polygon of `geometry` (the row's `values` then its blob), and
    its bounding box in `table`_index. Returns the next free id."""
    for kind, parts in geometry_items(geometry):
        quantised = [quantised_part(p) for p in parts if len(p) >= 4]
        if kind != "polygon" or not quantised:
            continue
        xs = [x for part in quantised for x, _ in part]
        ys = [y for part in quantised for _, y in part]
        placeholders = ", ".join("?" * (len(values) + 2))
        db.execute("INSERT INTO %s VALUES (%s)" % (table, placeholders),
                   (next_id,) + tuple(values) + (encode(quantised),))
        db.execute(
            "INSERT INTO %s_index VALUES (?, ?, ?, ?, ?)" % table,
            (next_id, min(xs) * STEP, max(xs) * STEP, min(ys) * STEP, max(ys) * STEP))
        next_id += 1
    return next_id


def iso_a2(properties):
    """A two-letter ISO 3166-1 code: ISO_A2, else WB_A2 (NE 4.0.0 has -99 for France and
    Norway in ISO_A2), else None."""
    for key in ("ISO_A2", "WB_A2"):
        code = properties.get(key)
        if isinstance(code, str) and len(code) == 2 and code.isalpha():
            return code
    return None


def write_regions(db, folder):
    """The polygons reverse geocoding tests points against, both in source order."""
    next_id = 1
    for feature in load(folder, 50, "admin_0_countries"):
        p = feature["properties"]
        next_id = insert_polygons(db, "countries", next_id, (p["ADMIN"], iso_a2(p)), feature["geometry"])
    next_id = 1
    for feature in load(folder, 50, "admin_1_states_provinces"):
        p = feature["properties"]
        next_id = insert_polygons(db, "admin1", next_id, (p["name"], p["admin"]), feature["geometry"])


def write_features(db, folder):
    next_id = 1
    for scale in SCALES:
        for layer, stem in LAYERS:
            for feature in load(folder, scale, stem):
                min_zoom = float(feature["properties"].get("min_zoom") or 0)
                for kind, parts in geometry_items(feature["geometry"]):
                    minimum = 4 if kind == "polygon" else 2
                    quantised = [quantised_part(p) for p in parts if len(p) >= minimum]
                    if not quantised:
                        continue
                    xs = [x for part in quantised for x, _ in part]
                    ys = [y for part in quantised for _, y in part]
                    db.execute(
                        "INSERT INTO features VALUES (?, ?, ?, ?, ?)",
                        (next_id, layer, scale, min_zoom, encode(quantised)))
                    db.execute(
                        "INSERT INTO features_index VALUES (?, ?, ?, ?, ?)",
                        (next_id, min(xs) * STEP, max(xs) * STEP, min(ys) * STEP, max(ys) * STEP))
                    next_id += 1


# MARK: Country label points


def ring_area(ring):
    """Signed shoelace area of a ring of (x, y)."""
    total = 0.0
    for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]):
        total += x0 * y1 - x1 * y0
    return total / 2.0


def true_area_weight(polygon):
    """Mercator area scaled back by cos^2(latitude) at the polygon's middle: compares
    polygons by their size on the ground, so Alaska does not outrank the contiguous USA."""
    outer = polygon[0]
    ys = [y for _, y in outer]
    middle = (min(ys) + max(ys)) / 2.0
    latitude = math.atan(math.sinh(math.pi * (1.0 - 2.0 * middle / WORLD)))
    return abs(ring_area(outer)) * math.cos(latitude) ** 2


def point_to_segment_squared(px, py, ax, ay, bx, by):
    dx, dy = bx - ax, by - ay
    if dx != 0 or dy != 0:
        t = ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)
        if t > 1:
            ax, ay = bx, by
        elif t > 0:
            ax, ay = ax + dx * t, ay + dy * t
    return (px - ax) ** 2 + (py - ay) ** 2


def signed_distance(px, py, polygon):
    """Distance from a point to the polygon's outline, negative outside (even-odd rule)."""
    inside = False
    best = math.inf
    for ring in polygon:
        for (ax, ay), (bx, by) in zip(ring, ring[1:] + ring[:1]):
            if (ay > py) != (by > py) and px < (bx - ax) * (py - ay) / (by - ay) + ax:
                inside = not inside
            best = min(best, point_to_segment_squared(px, py, ax, ay, bx, by))
    distance = math.sqrt(best)
    return distance if inside else -distance


def pole_of_inaccessibility(polygon):
    """The interior point farthest from the outline (Mapbox's polylabel: a quadtree search
    with a priority queue, Agafonkin 2016), in the polygon's own coordinates, to within 1%
    of the polygon's larger side. Unlike the centroid it is always inside, even for
    crescent-shaped countries."""
    xs = [x for x, _ in polygon[0]]
    ys = [y for _, y in polygon[0]]
    min_x, min_y, max_x, max_y = min(xs), min(ys), max(xs), max(ys)
    size = min(max_x - min_x, max_y - min_y)
    precision = max(max_x - min_x, max_y - min_y) / 100.0
    if size <= 0:
        return min_x, min_y
    queue = []
    counter = 0  # ties broken by insertion order, so the result is deterministic

    def push(x, y, half):
        nonlocal counter
        d = signed_distance(x, y, polygon)
        potential = d + half * math.sqrt(2)
        heapq.heappush(queue, (-potential, counter, x, y, half, d))
        counter += 1

    half = size / 2.0
    x = min_x
    while x < max_x:
        y = min_y
        while y < max_y:
            push(x + half, y + half, half)
            y += size
        x += size
    # Start from the bounding-box centre.
    bx, by = (min_x + max_x) / 2.0, (min_y + max_y) / 2.0
    best = (signed_distance(bx, by, polygon), bx, by)
    while queue:
        negative_potential, _, x, y, half, d = heapq.heappop(queue)
        if d > best[0]:
            best = (d, x, y)
        if -negative_potential - best[0] <= precision:
            continue
        half /= 2.0
        push(x - half, y - half, half)
        push(x + half, y - half, half)
        push(x - half, y + half, half)
        push(x + half, y + half, half)
    return best[1], best[2]


def country_label_point(geometry):
    """A country's label point in map points: polylabel of its largest polygon (by ground
    area), in Mercator space because that is where the name is drawn. Natural Earth 4.0.0
    has no LABEL_X/LABEL_Y (they came with 4.1)."""
    polygons = [coords for kind, coords in geometry_items(geometry) if kind == "polygon"]
    projected = [[[project(c[0], c[1]) for c in ring] for ring in polygon] for polygon in polygons]
    largest = max(projected, key=true_area_weight)
    return pole_of_inaccessibility(largest)


def write_labels(db, folder):
    rows = []
    for scale in SCALES:
        for feature in load(folder, scale, "admin_0_countries"):
            p = feature["properties"]
            x, y = country_label_point(feature["geometry"])
            rows.append((p["NAME"], "country", int(p["LABELRANK"]), scale, float(p["MIN_LABEL"]), x, y))
        for feature in load(folder, scale, "populated_places_simple"):
            p = feature["properties"]
            x, y = project(p["longitude"], p["latitude"])
            kind = "capital" if p["adm0cap"] == 1 else "city"
            rows.append((p["name"], kind, int(p["scalerank"]), scale, float(p["min_zoom"]), x, y))
    for number, (name, kind, rank, scale, min_zoom, x, y) in enumerate(rows, start=1):
        db.execute(
            "INSERT INTO labels VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (number, name, kind, rank, scale, min_zoom,
             int(math.floor(x + 0.5)), int(math.floor(y + 0.5))))


def write_metadata(db):
    for key, value in [
        ("format", "maprender-world-basemap"),
        ("format_version", str(FORMAT_VERSION)),
        ("source", "Natural Earth 1:110m and 1:50m GeoJSON "
                   "(martynafford/natural-earth-geojson 0b9a6ce), public domain"),
        ("natural_earth_version", "4.0.0"),
        ("attribution", "Made with Natural Earth"),
        ("quantisation_shift", str(SHIFT)),
    ]:
        db.execute("INSERT INTO metadata VALUES (?, ?)", (key, value))


def convert(folder, output):
    """Writes the basemap to `output` through a temporary file renamed into place, so a
    failed run never leaves a half-written resource."""
    temporary = output + ".tmp"
    if os.path.exists(temporary):
        os.remove(temporary)
    db = sqlite3.connect(temporary, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode = OFF")
        db.execute("PRAGMA synchronous = OFF")
        db.execute("PRAGMA user_version = %d" % FORMAT_VERSION)
        db.executescript(SCHEMA)
        db.execute("BEGIN")
        write_metadata(db)
        write_features(db, folder)
        write_labels(db, folder)
        write_regions(db, folder)
        db.execute("COMMIT")
        db.execute("VACUUM")
        db.close()
        os.replace(temporary, output)
    except BaseException:
        db.close()
        os.remove(temporary)
        raise


def main(argv):
    root = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
    folder = argv[1] if len(argv) > 1 else os.path.join(root, "..", "shared", "data", "naturalearth")
    output = argv[2] if len(argv) > 2 else os.path.join(root, "Sources", "MapData", "Resources", "world.sqlite")
    if len(argv) > 3 or (len(argv) > 1 and argv[1] in ("-h", "--help")):
        sys.stderr.write(__doc__)
        return 64
    if not os.path.isfile(os.path.join(folder, "110m", "ne_110m_land.json")):
        sys.stderr.write("error: %s: no Natural Earth GeoJSON (110m/ne_110m_land.json)\n" % folder)
        return 66
    convert(folder, output)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
