"""Writes leaves.pmtiles for maprender's PMTiles tests: a seeded random two thirds of the
tiles of zooms 0-6, each holding the text "z/x/y" padded to a random length, except a
block of z6 tiles that share one content (so the directory has runs), with the root
directory forced small so the writer puts the entries in leaf directories. Needs PyPI `pmtiles` (the reference writer, independent of
maprender's reader): python3 make_leaves_fixture.py leaves.pmtiles"""
import random
import sys

import pmtiles.writer
from pmtiles.tile import Compression, TileType, zxy_to_tileid

# A root of at most 200 bytes cannot hold 5,461 entries: the writer makes leaves.
optimize = pmtiles.writer.optimize_directories
pmtiles.writer.optimize_directories = lambda entries, target: optimize(entries, 200)

out = sys.argv[1] if len(sys.argv) > 1 else "leaves.pmtiles"
rng = random.Random(20261201)
tiles = []
for z in range(7):
    for x in range(2 ** z):
        for y in range(2 ** z):
            shared = z == 6 and x < 2 and y < 2
            if not shared and z > 0 and rng.random() < 1 / 3:
                continue
            text = f"{z}/{x}/{y}" + "." * rng.randrange(40)
            tiles.append((zxy_to_tileid(z, x, y), b"shared" if shared else text.encode()))
with open(out, "wb") as f:
    writer = pmtiles.writer.Writer(f)
    for tile_id, data in sorted(tiles):
        writer.write_tile(tile_id, data)
    writer.finalize(
        {"tile_type": TileType.UNKNOWN, "tile_compression": Compression.NONE, "min_zoom": 0, "max_zoom": 6,
         "min_lon_e7": -1800000000, "min_lat_e7": -850000000, "max_lon_e7": 1800000000, "max_lat_e7": 850000000,
         "center_zoom": 0, "center_lon_e7": 0, "center_lat_e7": 0},
        {"name": "leaves", "attribution": "<a href=\"https://example.org\">© Example</a>"},
    )
