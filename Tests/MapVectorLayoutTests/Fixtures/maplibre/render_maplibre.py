#!/usr/bin/env python3
"""Renders a MapLibre GL style of the OpenMapTiles schema with MapLibre Native (PyPI `mapli`),
for reference images: test tooling only, not part of maprender.

usage: EGL_PLATFORM=surfaceless python render_maplibre.py STYLE.json ARCHIVE.pmtiles OUT.png \
           LON LAT MAPLIBRE_ZOOM [WIDTH HEIGHT]

- The style's "openmaptiles" source is bound to ARCHIVE (pmtiles://file://...).
- The bbox W S E N passed to MapLibre is computed so that the map is exactly WIDTH x HEIGHT
  pixels (default 1024 x 768) at MAPLIBRE_ZOOM around LON, LAT (Web Mercator, 512-pixel
  tiles), rounded to 7 decimals; it is printed, and written next to OUT as OUT-without-.png + ".bbox".
- The style's sprite is removed (icons are not drawn).
- Glyphs are served offline by this script: signed distance fields made from the system's
  DejaVu Sans fonts (Book, Bold, Oblique; a font stack naming Bold or Italic/Oblique picks
  that face, anything else Book), the way maprender maps text-font names to system fonts.
  Needs numpy, scipy and Pillow besides mapli.
"""
import json
import math
import os
import sys
import tempfile
import urllib.parse

import mapli
import numpy as np
from PIL import Image, ImageDraw, ImageFont
from scipy import ndimage

FONT_DIR = "/usr/share/fonts/truetype/dejavu"
SIZE, BUFFER, RADIUS, CUTOFF = 24, 3, 8, 0.25


def face_for(stack):
    names = urllib.parse.unquote(stack)
    bold = "Bold" in names
    italic = "Italic" in names or "Oblique" in names
    name = "DejaVuSans" + ("-Bold" if bold and not italic else "-BoldOblique" if bold else "-Oblique" if italic else "")
    return os.path.join(FONT_DIR, name + ".ttf")


_fonts = {}


def font(path):
    if path not in _fonts:
        _fonts[path] = ImageFont.truetype(path, SIZE)
    return _fonts[path]


def varint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def field(number, wire, payload):
    return varint((number << 3) | wire) + payload


def uint(number, n):
    return field(number, 0, varint(n))


def sint(number, n):
    return field(number, 0, varint((n << 1) ^ (n >> 63)))


def blob(number, data):
    return field(number, 2, varint(len(data)) + data)


def glyph(f, code):
    ch = chr(code)
    try:
        advance = int(round(f.getlength(ch)))
    except Exception:
        return None
    left, top, right, bottom = f.getbbox(ch, anchor="ls")
    width, height = right - left, bottom - top
    msg = uint(1, code)
    if width <= 0 or height <= 0:
        return msg + uint(3, 0) + uint(4, 0) + sint(5, 0) + sint(6, -SIZE) + uint(7, advance)
    W, H = width + 2 * BUFFER, height + 2 * BUFFER
    image = Image.new("L", (W, H), 0)
    ImageDraw.Draw(image).text((BUFFER - left, BUFFER - top), ch, font=f, fill=255, anchor="ls")
    coverage = np.asarray(image, dtype=np.float64) / 255
    inside = coverage >= 0.5
    outside_distance = ndimage.distance_transform_edt(~inside)
    inside_distance = ndimage.distance_transform_edt(inside)
    distance = np.where(inside, -(inside_distance - 0.5), outside_distance - 0.5)
    sdf = np.clip(255 - 255 * (distance / RADIUS + CUTOFF), 0, 255).astype(np.uint8)
    # top: from the baseline up to the glyph's top, less the ascender MapLibre's shaping expects.
    return (msg + blob(2, sdf.tobytes()) + uint(3, width) + uint(4, height) + sint(5, int(left))
            + sint(6, int(-top) - SIZE) + uint(7, advance))


def glyph_range(stack, start, end):
    f = font(face_for(stack))
    glyphs = [g for g in (glyph(f, c) for c in range(start, end + 1)) if g is not None]
    stack_msg = blob(1, urllib.parse.unquote(stack).encode()) + blob(2, f"{start}-{end}".encode())
    stack_msg += b"".join(blob(3, g) for g in glyphs)
    return blob(1, stack_msg)


def handler(request):
    # glyphs://fonts/<stack>/<start>-<end>.pbf
    path = urllib.parse.urlparse(request.url).path
    stack, name = path.strip("/").split("/")[-2:]
    start, end = map(int, name.split(".")[0].split("-"))
    return glyph_range(stack, start, end)


def bbox_for(lon, lat, zoom, width, height):
    size = 512 * 2**zoom
    x = (lon + 180) / 360 * size
    y = (1 - math.log(math.tan(math.radians(lat)) + 1 / math.cos(math.radians(lat))) / math.pi) / 2 * size

    def unproject(px, py):
        return px / size * 360 - 180, math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * py / size))))

    west, north = unproject(x - width / 2, y - height / 2)
    east, south = unproject(x + width / 2, y + height / 2)
    return west, south, east, north


def main():
    style_path, archive, out = sys.argv[1:4]
    lon, lat, zoom = map(float, sys.argv[4:7])
    width, height = (int(sys.argv[7]), int(sys.argv[8])) if len(sys.argv) > 8 else (1024, 768)
    style = json.load(open(style_path))
    style["sources"]["openmaptiles"] = {"type": "vector", "url": "pmtiles://file://" + os.path.abspath(archive)}
    style.pop("sprite", None)
    if os.environ.get("SHAPES_ONLY"):
        # Without labels and icons: the shapes alone, for the structure comparison.
        style["layers"] = [layer for layer in style["layers"] if layer["type"] != "symbol"]
    style["glyphs"] = "glyphs://fonts/{fontstack}/{range}.pbf"
    mapli.register_scheme_handler("glyphs", handler)
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(style, f)
    try:
        pool = mapli.RenderPool()
        pool.register_style("s", path=f.name)
        # Rounded to 7 decimals (about 1 cm) so that the bbox written down is the one passed.
        bbox = tuple(round(v, 7) for v in bbox_for(lon, lat, zoom, width, height))
        png = pool.render_from_bounds("s", bbox=bbox, width=width, height=height, pixel_ratio=1.0)
    finally:
        os.unlink(f.name)
    with open(out, "wb") as f:
        f.write(png)
    text = " ".join(f"{v:.7f}" for v in bbox)
    with open(os.path.splitext(out)[0] + ".bbox", "w") as f:
        f.write(text + "\n")
    print(f"{out}: {len(png)} bytes; bbox W S E N = {text}")


if __name__ == "__main__":
    main()
