"""Writes raster.pmtiles for maprender's PMTiles tests: the 21 tiles of zooms 0-2 as
256x256 grey PNGs whose shade encodes the tile (z*80 + x*8 + y*2), stored uncompressed
as PNG archives are. Needs PyPI `pmtiles`: python3 make_raster_fixture.py raster.pmtiles"""
import struct
import sys
import zlib

from pmtiles.tile import Compression, TileType, zxy_to_tileid
from pmtiles.writer import Writer


def png(shade):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))
    raw = b"".join(b"\0" + bytes([shade]) * 256 for _ in range(256))
    header = struct.pack(">IIBBBBB", 256, 256, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


out = sys.argv[1] if len(sys.argv) > 1 else "raster.pmtiles"
tiles = sorted(
    (zxy_to_tileid(z, x, y), png(z * 80 + x * 8 + y * 2)) for z in range(3) for x in range(2 ** z) for y in range(2 ** z)
)
with open(out, "wb") as f:
    writer = Writer(f)
    for tile_id, data in tiles:
        writer.write_tile(tile_id, data)
    writer.finalize(
        {"tile_type": TileType.PNG, "tile_compression": Compression.NONE, "min_zoom": 0, "max_zoom": 2,
         "min_lon_e7": -1800000000, "min_lat_e7": -850000000, "max_lon_e7": 1800000000, "max_lat_e7": 850000000,
         "center_zoom": 0, "center_lon_e7": 0, "center_lat_e7": 0},
        {"name": "grey shades", "attribution": "<a href=\"https://example.org\">&copy; Test Tiles</a>"},
    )
