#!/bin/sh
# How santiago-terrain.pmtiles was made: the terrain kit's make_terrarium.py (rasterio, pmtiles,
# pillow, numpy) over the Copernicus GLO-90 clip of Santiago de Chile.
set -eu
kit=${KIT:-../../../shared/data/terrain}
python3 "$kit/tools/make_terrarium.py" "$kit/dem/elevation-pypi/GLO-90/sw_santiago.tif" \
    -o santiago-terrain.pmtiles --minzoom 9 --maxzoom 13 --precision 0.25 \
    --name "Santiago de Chile (Copernicus GLO-90)" \
    --attribution "Copernicus DEM GLO-90 © DLR e.V. 2010-2014 and © Airbus Defence and Space GmbH 2014-2018, provided under COPERNICUS by the European Union and ESA"
