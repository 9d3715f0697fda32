"""Expected ground heights along the Manquehue hike, read by GDAL (an independent reader) from
the DEM that examples/santiago/santiago-terrain.pmtiles was made from.

    python3 make-expected.py DEM.tif ../../../../examples/santiago/manquehue-hike.gpx > expected.csv

DEM.tif is the Copernicus GLO-90 clip of the terrain kit (dem/elevation-pypi/GLO-90/sw_santiago.tif).
For each point, `gdallocationinfo -valonly DEM col row` gives the four cells around it; the
expected height is bilinear between their centres (GDAL's rasters are pixel-is-area: cell (i, j)
stands for (i + 0.5, j + 0.5) of the grid), and `gdallocationinfo -wgs84` gives the cell the
point falls in. Needs gdal-bin only (gdalinfo, gdallocationinfo), standard library otherwise.
"""
import json, math, re, subprocess, sys

dem, gpx = sys.argv[1], sys.argv[2]
info = json.loads(subprocess.check_output(["gdalinfo", "-json", dem]))
x0, dx, _, y0, _, dy = info["geoTransform"]
cache = {}

def cell(col, row):
    if (col, row) not in cache:
        out = subprocess.check_output(["gdallocationinfo", "-valonly", dem, str(col), str(row)], text=True)
        cache[(col, row)] = float(out.split()[0])
    return cache[(col, row)]

points = [(float(a), float(b)) for a, b in re.findall(r'lat="([-0-9.]+)" lon="([-0-9.]+)"', open(gpx).read())]
# Every 15th fix of the hike, and the summit's neighbourhood on a finer grid.
chosen = points[::15] + [(-33.3508 + 0.0004 * i, -70.5825 + 0.0004 * j) for i in (-1, 0, 1) for j in (-1, 0, 1)]
print("latitude,longitude,bilinear,cell")
for lat, lon in chosen:
    col, row = (lon - x0) / dx - 0.5, (lat - y0) / dy - 0.5
    c0, r0 = math.floor(col), math.floor(row)
    fc, fr = col - c0, row - r0
    h = (cell(c0, r0) * (1 - fc) * (1 - fr) + cell(c0 + 1, r0) * fc * (1 - fr)
         + cell(c0, r0 + 1) * (1 - fc) * fr + cell(c0 + 1, r0 + 1) * fc * fr)
    nearest = float(subprocess.check_output(
        ["gdallocationinfo", "-valonly", "-wgs84", dem, str(lon), str(lat)], text=True).split()[0])
    print(f"{lat:.6f},{lon:.6f},{h:.3f},{nearest:.3f}")
