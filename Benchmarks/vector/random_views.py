"""The random-views workload (W9, Benchmarks/README.md): N street maps of random views inside
the Helsinki example archive, in OSM Bright, 1024x768, as a maprender batch manifest and as
the same views for MapLibre Native (maplibre_views.py).

    python3 random_views.py SEED N OUT_DIR [--archive PATH] [--style PATH]
                            [--fractional] [--whole-pixels] [--width W] [--height H]

Writes OUT_DIR/jobs.jsonl (one job per view: `center` and `zoom` given, absolute paths,
outputs relative to the batch's --out-dir) and OUT_DIR/views.json (each view's id, centre,
XYZ zoom, size and the bounding box MapLibre Native draws it from). Standard library only;
the same seed and N give byte-identical files, and the first N views of a larger run are
the N views of a smaller one (each view has its own generator, seeded from the seed and its
index).

Each centre is uniform in longitude and latitude inside the archive's bounds (read from its
PMTiles v3 header); each zoom is uniform over the whole levels 12 to 17, the norm of tile
renderers, or with --fractional over the interval [12, 17]. With --whole-pixels each centre
is moved by at most half a pixel so that the world's origin falls on a whole pixel of the
map (what a fitted map does in maprender), so that maps of the same zoom may share painted
blocks; without it, no two maps' pixel grids line up.

Zooms are maprender's (and XYZ tiles'): 256-pixel tiles. MapLibre Native's zoom is one less,
at 512-pixel tiles; a view's bounding box is computed from its XYZ zoom on a 256-pixel
world, which is the same box.
"""

import argparse
import json
import math
import os
import random

from make_nightly_tracks import pmtiles_bounds  # the archive's header bounds, as W8 reads them

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
DEFAULT_ARCHIVE = os.path.join(ROOT, "examples", "helsinki", "helsinki.pmtiles")
DEFAULT_STYLE = os.path.join(ROOT, "Tests", "MapVectorLayoutTests", "Fixtures", "maplibre", "osm-bright.json")
MIN_ZOOM, MAX_ZOOM = 12, 17
TILE = 256  # pixels of an XYZ tile, the size maprender's zooms count


def world_pixels(lon, lat, zoom):
    """Web Mercator pixel coordinates of a point on a world of 256-pixel tiles at `zoom`."""
    size = TILE * 2**zoom
    x = (lon + 180) / 360 * size
    y = (1 - math.log(math.tan(math.radians(lat)) + 1 / math.cos(math.radians(lat))) / math.pi) / 2 * size
    return x, y


def unproject(x, y, zoom):
    """The longitude and latitude of world pixel (x, y) at `zoom`."""
    size = TILE * 2**zoom
    return x / size * 360 - 180, math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * y / size))))


def make_view(rng, bounds, fractional, whole_pixels, width, height):
    west, south, east, north = bounds
    lon, lat = rng.uniform(west, east), rng.uniform(south, north)
    zoom = round(rng.uniform(MIN_ZOOM, MAX_ZOOM), 2) if fractional else rng.randint(MIN_ZOOM, MAX_ZOOM)
    x, y = world_pixels(lon, lat, zoom)
    if whole_pixels:
        # The map's top left corner at a whole world pixel puts the world's origin on a
        # whole pixel of the map.
        x = round(x - width / 2) + width / 2
        y = round(y - height / 2) + height / 2
        lon, lat = unproject(x, y, zoom)
    west_edge, north_edge = unproject(x - width / 2, y - height / 2, zoom)
    east_edge, south_edge = unproject(x + width / 2, y + height / 2, zoom)
    return lon, lat, zoom, (west_edge, south_edge, east_edge, north_edge)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("seed", type=int)
    parser.add_argument("n", type=int)
    parser.add_argument("out_dir")
    parser.add_argument("--archive", default=DEFAULT_ARCHIVE)
    parser.add_argument("--style", default=DEFAULT_STYLE)
    parser.add_argument("--fractional", action="store_true", help="zooms uniform over [12, 17], not whole")
    parser.add_argument("--whole-pixels", action="store_true", help="centres moved onto the pixel grid")
    parser.add_argument("--width", type=int, default=1024)
    parser.add_argument("--height", type=int, default=768)
    args = parser.parse_args()
    archive, style = os.path.abspath(args.archive), os.path.abspath(args.style)
    bounds = pmtiles_bounds(archive)
    os.makedirs(args.out_dir, exist_ok=True)
    views = []
    with open(os.path.join(args.out_dir, "jobs.jsonl"), "w") as jobs:
        for index in range(args.n):
            rng = random.Random(f"{args.seed}/{index}")
            lon, lat, zoom, bbox = make_view(rng, bounds, args.fractional, args.whole_pixels, args.width, args.height)
            name = f"view-{index:05d}"
            # repr-exact decimals: the centre written is the centre drawn.
            job = {
                "id": name, "output": name + ".png", "basemap": archive, "basemap-style": style,
                "center": f"{lat!r},{lon!r}", "zoom": zoom, "size": f"{args.width}x{args.height}",
            }
            jobs.write(json.dumps(job) + "\n")
            views.append({
                "id": name, "lon": lon, "lat": lat, "zoom": zoom, "maplibre_zoom": zoom - 1,
                "width": args.width, "height": args.height, "bbox": list(bbox),
            })
    with open(os.path.join(args.out_dir, "views.json"), "w") as f:
        json.dump({"seed": args.seed, "archive": archive, "style": style, "views": views}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
