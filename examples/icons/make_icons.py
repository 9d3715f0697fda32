#!/usr/bin/env python3
"""Draws the example marker and callout icons as PNG files with the standard library only.

Rerun from this folder: python3 make_icons.py
"""
import math
import struct
import zlib


def png(path, width, height, pixel):
    """Writes an RGBA PNG; pixel(x, y) returns (r, g, b, a) for the pixel centre."""
    rows = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def supersampled(inside, color, samples=4):
    """Anti-aliased coverage of a shape given as inside(x, y) over a pixel."""
    def pixel(x, y):
        hits = sum(inside(x + (i + 0.5) / samples, y + (j + 0.5) / samples) for i in range(samples) for j in range(samples))
        return (*color, round(255 * hits / samples ** 2))
    return pixel


def star(cx, cy, outer, inner, points=5):
    corners = []
    for k in range(2 * points):
        radius = outer if k % 2 == 0 else inner
        angle = -math.pi / 2 + k * math.pi / points
        corners.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))

    def inside(x, y):  # even-odd ray casting
        result = False
        for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1]):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                result = not result
        return result
    return inside


# A gold star marker, anchored at its centre (marker-anchor [0.5, 0.5]).
png("star.png", 32, 32, supersampled(star(16, 17, 15, 6.5), (245, 166, 35)))
# A museum-like callout accessory: a dark columned facade.
def facade(x, y):
    roof = 4 <= y <= 11 and abs(x - 16) <= (y - 4) * 12 / 7
    base = 26 <= y <= 29 and 3 <= x <= 29
    columns = 12 <= y <= 25 and any(c <= x <= c + 3 for c in (6, 12, 18, 24))
    return roof or base or columns
png("museum.png", 32, 32, supersampled(facade, (60, 64, 72)))
