#!/bin/sh
# basemap import-dem of a 10,000 × 10,000 GeoTIFF against the terrain kit's make_terrarium.py:
# wall time, CPU time and peak memory of each (/usr/bin/time -v), then their tiles compared.
#
#   Benchmarks/dem/bench_import.sh [WORKDIR]     (default /tmp/dembench)
#
# Needs gdalwarp (Debian gdal-bin), a release build (swift build -c release --product maprender)
# and the kit's venv (/tmp/dem: rasterio, pmtiles, pillow, numpy; see shared/data/terrain/README.md).
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
kit=${TERRAIN_KIT:-/work/shared/data/terrain}
work=${1:-/tmp/dembench}
mkdir -p "$work" && cd "$work"
# GLO-90 over Cerro Manquehue (101 × 101 cells of 3″) upsampled bilinearly to 10,000 × 10,000
# cells of 0.03″ (0.78 m north-south), tiled and deflate-compressed as DEM GeoTIFFs usually are:
# 400 MB of float32 cells, 24 MB on disk; zooms 13–18 by the resolution rule.
[ -f big.tif ] || gdalwarp -q -ts 10000 10000 -r bilinear -co TILED=YES -co COMPRESS=DEFLATE -co PREDICTOR=3 \
    "$kit/dem/elevation-pypi/GLO-90/sw_santiago.tif" big.tif
/usr/bin/time -v "$root/.build/release/maprender" basemap import-dem big.tif -o ours.pmtiles 2> ours.time
/usr/bin/time -v /tmp/dem/bin/python "$kit/tools/make_terrarium.py" big.tif -o ref.pmtiles 2> ref.time
grep -E "Elapsed|User time|Maximum resident" ours.time ref.time
/tmp/dem/bin/python "$root/Benchmarks/dem/compare_terrarium.py" ours.pmtiles ref.pmtiles
