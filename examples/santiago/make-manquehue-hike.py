"""A made-up loop up Cerro Manquehue (Santiago de Chile) whose heights are read from the
Copernicus GLO-90 clip of the terrain kit, timed with Tobler's hiking function (at least 0.6 m/s).

    python3 make-manquehue-hike.py GLO90.tif > manquehue-hike.gpx   (needs rasterio, numpy)
"""
import math, sys, datetime
import numpy as np, rasterio
from rasterio.windows import Window

ROUTE = [(-33.3720, -70.5680), (-33.3650, -70.5750), (-33.3600, -70.5720), (-33.3560, -70.5780),
         (-33.3530, -70.5800), (-33.3508, -70.5825), (-33.3560, -70.5880), (-33.3640, -70.5860),
         (-33.3700, -70.5780), (-33.3720, -70.5680)]
src = rasterio.open(sys.argv[1])
grid = src.read(1).astype(float)

def height(lat, lon):
    # Bilinear between cell centres.
    col, row = ~src.transform * (lon, lat)
    col, row = col - 0.5, row - 0.5
    c0, r0 = int(math.floor(col)), int(math.floor(row))
    fc, fr = col - c0, row - r0
    q = grid[r0:r0 + 2, c0:c0 + 2]
    return (q[0, 0] * (1 - fc) * (1 - fr) + q[0, 1] * fc * (1 - fr) + q[1, 0] * (1 - fc) * fr + q[1, 1] * fc * fr)

def metres(a, b):
    dy = (b[0] - a[0]) * 111_320
    dx = (b[1] - a[1]) * 111_320 * math.cos(math.radians(a[0]))
    return math.hypot(dx, dy)

points = []
for a, b in zip(ROUTE, ROUTE[1:]):
    n = max(1, int(metres(a, b) / 15))
    for k in range(n):
        t = k / n
        points.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
points.append(ROUTE[-1])
time = datetime.datetime(2026, 11, 14, 8, 30, tzinfo=datetime.timezone.utc)
print('<?xml version="1.0" encoding="UTF-8"?>')
print('<gpx version="1.1" creator="make-manquehue-hike.py" xmlns="http://www.topografix.com/GPX/1/1">')
print('  <trk><name>Cerro Manquehue loop</name><trkseg>')
previous = None
for lat, lon in points:
    h = height(lat, lon)
    if previous is not None:
        d = metres(previous[:2], (lat, lon))
        slope = (h - previous[2]) / d if d > 0 else 0
        # Tobler (1993), m/s, no slower than a steady 0.6 m/s on the steepest pitches.
        speed = max(6 * math.exp(-3.5 * abs(slope + 0.05)) / 3.6, 0.6)
        time += datetime.timedelta(seconds=round(d / speed))
    print(f'    <trkpt lat="{lat:.6f}" lon="{lon:.6f}"><ele>{h:.1f}</ele><time>{time:%Y-%m-%dT%H:%M:%SZ}</time></trkpt>')
    previous = (lat, lon, h)
print('  </trkseg></trk>')
print('</gpx>')
