#!/bin/sh
# Peak resident memory and time of an A0 poster at 300 dpi (9,936 × 14,044 pixels): the
# Helsinki street map with its favorites as pins (Benchmarks/README.md, "Posters").
#
#   swift build -c release --product maprender
#   Benchmarks/poster-memory.sh                      # PNG and JPEG, this build (in bands)
#   MAPRENDER_BEFORE=/tmp/before/.build/release/maprender Benchmarks/poster-memory.sh
#                                                    # also a build that paints in one piece
#
# MAPRENDER_BIN picks the binary, POSTER_DIR the output folder (tmpfs by default). Needs GNU
# time (/usr/bin/time). Each line: the build, the format, peak RSS, wall time, file size.
set -eu
binary=${MAPRENDER_BIN:-.build/release/maprender}
folder=${POSTER_DIR:-/dev/shm/maprender-poster}
mkdir -p "$folder"
poster() {
    label=$1
    bin=$2
    format=$3
    output="$folder/$label.$format"
    if ! /usr/bin/time -f "%M %e" -o "$folder/time" "$bin" --places examples/helsinki/favorites.db \
        --basemap examples/helsinki/helsinki.pmtiles --size 2484x3511 --scale 4 -o "$output" 2>"$folder/err"; then
        echo "$label $format: failed: $(grep error: "$folder/err" | head -1)"
        return 0
    fi
    read -r kilobytes seconds <"$folder/time"
    echo "$label $format: $((kilobytes / 1024)) MB peak RSS, $seconds s, $(wc -c <"$output") bytes"
}
for format in png jpeg; do
    poster banded "$binary" "$format"
    [ -n "${MAPRENDER_BEFORE:-}" ] && poster one-piece "$MAPRENDER_BEFORE" "$format"
done
