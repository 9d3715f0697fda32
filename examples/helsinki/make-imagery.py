#!/usr/bin/env python3
"""Regenerates helsinki-imagery.mbtiles: a stand-in for aerial imagery of the Helsinki
example, for hybrid and satellite maps without a real imagery source at hand.

    MAPRENDER=.build/debug/maprender examples/helsinki/make-imagery.py

Each zoom-15 tile over helsinki.pmtiles (with a one-tile margin) is drawn by maprender from
the vector tiles in photograph-like colours (dark water, green parks and woods, grey
roofs and asphalt), without labels or furniture, and stored as a JPEG, as imagery tiles
usually are. It is a drawing of the OpenStreetMap data, not a photograph.
"""
import json
import math
import os
import sqlite3
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
MAPRENDER = os.environ.get("MAPRENDER", "maprender")
ZOOM = 15
# helsinki.pmtiles' bounds (make-tiles.sh): W, S, E, N.
WEST, SOUTH, EAST, NORTH = 24.9351766, 60.1641551, 24.9534132, 60.1791074

STYLE = {
    "version": 8,
    "sources": {"openmaptiles": {"type": "vector"}},
    "layers": [
        {"id": "ground", "type": "background", "paint": {"background-color": "#5b5f48"}},
        {"id": "landuse", "type": "fill", "source": "openmaptiles", "source-layer": "landuse",
         "paint": {"fill-color": ["match", ["get", "class"], "residential", "#6e675a", "commercial", "#746c62",
                                  "industrial", "#707070", "#6a6650"]}},
        {"id": "landcover", "type": "fill", "source": "openmaptiles", "source-layer": "landcover",
         "paint": {"fill-color": ["match", ["get", "class"], "wood", "#2e4426", "grass", "#56683a", "#4f6036"]}},
        {"id": "park", "type": "fill", "source": "openmaptiles", "source-layer": "park",
         "paint": {"fill-color": "#44592f"}},
        {"id": "water", "type": "fill", "source": "openmaptiles", "source-layer": "water",
         "paint": {"fill-color": "#1d3540"}},
        {"id": "asphalt", "type": "line", "source": "openmaptiles", "source-layer": "transportation",
         "paint": {"line-color": "#7a7872", "line-width": ["interpolate", ["linear"], ["zoom"], 12, 1, 16, 6]}},
        {"id": "roofs", "type": "fill", "source": "openmaptiles", "source-layer": "building",
         "paint": {"fill-color": ["match", ["%", ["to-number", ["coalesce", ["get", "render_height"], 10]], 3],
                                  0, "#8d857c", 1, "#a09488", "#7b746e"], "fill-outline-color": "#4a4540"}},
    ],
}
# No scale bar, attribution or title on the tiles.
FURNITURE = {"furniture": {"textColor": "rgba(0,0,0,0)", "plateColor": "rgba(0,0,0,0)", "showsScaleBar": False}}


def tile_x(longitude):
    return int((longitude + 180) / 360 * 2**ZOOM)


def tile_y(latitude):
    return int((1 - math.asinh(math.tan(math.radians(latitude))) / math.pi) / 2 * 2**ZOOM)


def main():
    output = os.path.join(HERE, "helsinki-imagery.mbtiles")
    with tempfile.TemporaryDirectory() as work:
        style, look = os.path.join(work, "style.json"), os.path.join(work, "look.json")
        json.dump(STYLE, open(style, "w"))
        json.dump(FURNITURE, open(look, "w"))
        staged = os.path.join(work, "imagery.mbtiles")
        database = sqlite3.connect(staged)
        database.executescript(
            "CREATE TABLE metadata (name TEXT, value TEXT);"
            "CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);"
            "CREATE UNIQUE INDEX tile_index ON tiles (zoom_level, tile_column, tile_row);")
        metadata = {
            "name": "Helsinki imagery stand-in", "format": "jpg", "type": "baselayer",
            "minzoom": str(ZOOM), "maxzoom": str(ZOOM),
            "bounds": "%s,%s,%s,%s" % (WEST, SOUTH, EAST, NORTH),
            "attribution": "Imagery stand-in drawn from © OpenStreetMap contributors",
        }
        database.executemany("INSERT INTO metadata VALUES (?, ?)", sorted(metadata.items()))
        n = 2**ZOOM
        for x in range(tile_x(WEST) - 1, tile_x(EAST) + 2):
            for y in range(tile_y(NORTH) - 1, tile_y(SOUTH) + 2):
                longitude = (x + 0.5) / n * 360 - 180
                latitude = math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * (y + 0.5) / n))))
                image = os.path.join(work, "tile.jpg")
                subprocess.run(
                    [MAPRENDER, "render", "--basemap", os.path.join(HERE, "helsinki.pmtiles"), "--basemap-style",
                     style, "--style", look, "--terrain", "none", "--center", "%.9f,%.9f" % (latitude, longitude),
                     "--zoom", str(ZOOM), "--size", "256x256", "--quality", "80", "-o", image],
                    check=True)
                with open(image, "rb") as file:
                    database.execute("INSERT INTO tiles VALUES (?, ?, ?, ?)", (ZOOM, x, n - 1 - y, file.read()))
        database.commit()
        database.close()
        os.replace(staged, output)
    print(output)


if __name__ == "__main__":
    sys.exit(main())
