#!/bin/sh
# Remakes the MapLibre Native reference images of this folder (see README.md):
#   Tests/MapVectorLayoutTests/Fixtures/maplibre/make-references.sh
# PYTHON: a Python 3.11 with mapli==0.4.1, numpy, scipy and Pillow (default /tmp/mgl/bin/python).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$here/../../../..
python=${PYTHON:-/tmp/mgl/bin/python}
archive=$root/examples/helsinki/helsinki.pmtiles
cd "$here"
for xyz in 16 14; do
    maplibre=$((xyz - 1))
    EGL_PLATFORM=surfaceless "$python" render_maplibre.py osm-bright.json "$archive" \
        "osm-bright-xyz$xyz.png" 24.9443 60.1716 "$maplibre"
    EGL_PLATFORM=surfaceless "$python" render_maplibre.py \
        "$root/Sources/MapVectorStyle/Resources/styles/openmaptiles-default.json" "$archive" \
        "maprender-default-xyz$xyz.png" 24.9443 60.1716 "$maplibre"
    # The same without symbol layers, for the structure comparison of the shapes.
    SHAPES_ONLY=1 EGL_PLATFORM=surfaceless "$python" render_maplibre.py osm-bright.json "$archive" \
        "osm-bright-xyz$xyz-shapes.png" 24.9443 60.1716 "$maplibre"
    SHAPES_ONLY=1 EGL_PLATFORM=surfaceless "$python" render_maplibre.py \
        "$root/Sources/MapVectorStyle/Resources/styles/openmaptiles-default.json" "$archive" \
        "maprender-default-xyz$xyz-shapes.png" 24.9443 60.1716 "$maplibre"
    rm -f ./*-shapes.bbox
done
# 256-colour palette PNGs, to keep the fixtures small.
for f in osm-bright-xyz16*.png osm-bright-xyz14*.png maprender-default-xyz16*.png maprender-default-xyz14*.png; do
    pngquant --force --speed 1 --output "$f" 256 -- "$f"
done
