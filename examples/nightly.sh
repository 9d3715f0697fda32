#!/bin/sh
# Renders one day's GPS tracks into a dated map, for cron or a Kubernetes CronJob.
#
#   nightly.sh TRACKS_DIR OUT_DIR [DAY]
#
# DAY defaults to yesterday (YYYY-MM-DD). The day's tracks are the .gpx/.csv/.geojson files
# in TRACKS_DIR/DAY/, or the files TRACKS_DIR/DAY*.gpx. Writes OUT_DIR/DAY.png and its
# sidecar OUT_DIR/DAY.json; a day without tracks is skipped (exit 0), any other failure
# exits with maprender's status. Set MAPRENDER to the binary (default: maprender on PATH).
#
# crontab line (02:15 every night):
#   15 2 * * * /opt/maprender/examples/nightly.sh /srv/tracks /srv/maps >> /var/log/maprender.log 2>&1
set -eu

tracks=${1:?usage: nightly.sh TRACKS_DIR OUT_DIR [DAY]}
out=${2:?usage: nightly.sh TRACKS_DIR OUT_DIR [DAY]}
day=${3:-$(date -u -d yesterday +%F)}
maprender=${MAPRENDER:-maprender}

set --
if [ -d "$tracks/$day" ]; then
    set -- --gpx "$tracks/$day"
else
    for file in "$tracks/$day"*.gpx; do
        [ -e "$file" ] && set -- "$@" --gpx "$file"
    done
fi
if [ $# -eq 0 ]; then
    echo "nightly: no tracks for $day in $tracks; nothing to render"
    exit 0
fi

mkdir -p "$out"
"$maprender" "$@" --color-by speed --arrows --stats --title "$day" \
    -o "$out/$day.png" --sidecar "$out/$day.json"
echo "nightly: wrote $out/$day.png"
