#!/bin/sh
# Renders one day's GPS tracks into a dated map, for cron or a Kubernetes CronJob.
#
#   nightly.sh TRACKS OUT_DIR [DAY]
#
# DAY defaults to yesterday (YYYY-MM-DD) in the time zone TZ names (else the machine's).
# TRACKS is any of:
#   - a folder of dated folders or files: the track files in TRACKS/DAY/, or the files
#     TRACKS/DAY*.gpx (and .fit, .tcx, .kml, .csv, .geojson);
#   - an OwnTracks Recorder store (or its rec, user or device folder): the months that can
#     hold DAY are read, and only DAY's fixes drawn;
#   - a folder of activities (a year of FIT files from a watch) or a location log (Google's
#     Records.json, an Overland batch): only DAY's fixes are drawn (--day), and a folder's
#     FIT files that cannot hold DAY are not even read.
# Writes OUT_DIR/DAY.png and its sidecar OUT_DIR/DAY.json; a day without tracks is skipped
# (exit 0), any other failure exits with maprender's status. Set MAPRENDER to the binary
# (default: maprender on PATH).
#
# crontab lines (02:15 every night), for a tracks folder and for an OwnTracks store in
# Helsinki time:
#   15 2 * * * /opt/maprender/examples/nightly.sh /srv/tracks /srv/maps >> /var/log/maprender.log 2>&1
#   15 2 * * * TZ=Europe/Helsinki /opt/maprender/examples/nightly.sh /var/spool/owntracks/recorder/store /srv/maps
set -eu

usage="usage: nightly.sh TRACKS OUT_DIR [DAY]"
tracks=${1:?$usage}
out=${2:?$usage}
day=${3:-$(date -d yesterday +%F)}
maprender=${MAPRENDER:-maprender}

set --
if [ -d "$tracks/$day" ]; then
    set -- --track "$tracks/$day"
else
    for file in "$tracks/$day"*; do
        case "$file" in
        *.gpx | *.fit | *.tcx | *.kml | *.kmz | *.csv | *.geojson) [ -e "$file" ] && set -- "$@" --track "$file" ;;
        esac
    done
fi
if [ $# -eq 0 ]; then
    # A store, a folder of activities or a log: the day is cut out of it by time.
    set -- --track "$tracks" --day "$day"
    [ -n "${TZ:-}" ] && set -- "$@" --timezone "$TZ"
fi

mkdir -p "$out"
errors=$(mktemp)
trap 'rm -f "$errors"' EXIT
status=0
"$maprender" "$@" --color-by speed --arrows --stats --title "$day" \
    -o "$out/$day.png" --sidecar "$out/$day.json" 2>"$errors" || status=$?
# Nothing in the day's time window, or a folder of dated folders without the day's.
if [ "$status" -ne 0 ] && grep -qE "no fix of the track files lies in the time window|the folder has no track file" "$errors"; then
    echo "nightly: no tracks for $day in $tracks; nothing to render"
    exit 0
fi
cat "$errors" >&2
[ "$status" -eq 0 ] || exit "$status"
echo "nightly: wrote $out/$day.png"
