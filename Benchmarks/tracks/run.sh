#!/usr/bin/env bash
# The track readers' benchmark, in one run: FIT against GPSBabel and fitdecode, Google
# Records.json with and without a one-day window, and the nightly map of a year of
# OwnTracks months or of 365 FIT activities. See "Track readers" in Benchmarks/README.md.
#
#   Benchmarks/tracks/run.sh OUT_DIR
#
# Needs a release build (swift build -c release --static-swift-stdlib --product maprender;
# MAPRENDER overrides the binary), gpsbabel (Debian) and fitdecode (PyPI). Generated data
# goes to OUT_DIR/data (git keeps only OUT_DIR's *.md and *.csv). Writes OUT_DIR/times.csv
# (every run: workload, tool, repetition, wall seconds, max RSS KB), OUT_DIR/summary.csv
# (median time and max RSS over the repetitions) and each tool's output in OUT_DIR/data.
set -euo pipefail
out=${1:?usage: run.sh OUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
maprender=${MAPRENDER:-$root/.build/release/maprender}
reps=${REPS:-3}
mkdir -p "$out/data"
out=$(cd "$out" && pwd)
data=$out/data
times=$out/times.csv
echo "workload,tool,repetition,seconds,max_rss_kb,status" > "$times"

# measure WORKLOAD TOOL COMMAND…: runs COMMAND reps times, its stdout to data/WORKLOAD.TOOL.out.
measure() {
    local workload=$1 tool=$2; shift 2
    local rep status
    for rep in $(seq 1 "$reps"); do
        status=0
        /usr/bin/time -o "$data/time.txt" -f "%e %M" "$@" > "$data/$workload.$tool.out" 2> "$data/$workload.$tool.err" || status=$?
        read -r seconds kb < <(tail -1 "$data/time.txt")
        echo "$workload,$tool,$rep,$seconds,$kb,$status" >> "$times"
        echo "  $workload $tool #$rep: $seconds s, $kb KB, exit $status" >&2
    done
}

{
    echo "commit: $(git -C "$root" rev-parse HEAD)"
    echo "date: $(date -u +%FT%TZ)"
    echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "maprender: $maprender ($(file -b "$maprender" | cut -d, -f1-2))"
    echo "swift: $(swift --version 2>&1 | head -1)"
    echo "gpsbabel: $(gpsbabel -V 2>/dev/null | xargs)"
    echo "fitdecode: $(python3 -c 'import fitdecode; print(fitdecode.__version__)'), $(python3 --version)"
} > "$out/environment.txt"
cat "$out/environment.txt" >&2

# (a) FIT: 1,000,000 and 100,000 records, seed 42.
for count in 1000000 100000; do
    file=$data/ride-$count.fit
    [ -f "$file" ] || python3 "$here/make_large_fit.py" 42 "$count" "$file"
    measure "fit-$count" maprender "$maprender" track stats --json "$file"
    measure "fit-$count" gpsbabel gpsbabel -i garmin_fit -f "$file" -o gpx -F /dev/null
    measure "fit-$count" fitdecode python3 "$here/read_fit_positions.py" "$file"
done

# (b) Records.json: 500 MB and 50 MB, seed 7; all of it and one UTC day.
for size in 500 50; do
    file=$data/records-$size.json
    [ -f "$file" ] || python3 "$here/make_records_json.py" 7 "$size" "$file" > "$data/records-$size.txt"
    measure "records-$size" maprender "$maprender" track stats --json "$file"
    measure "records-$size-day" maprender "$maprender" track stats --json "$file" --day 2019-03-15 --timezone UTC
done
# GPSBabel 1.8.0 has no reader of Takeout's Records.json (no googletakeout format in
# `gpsbabel -^2`; its geojson reader finds no feature in it): recorded, not timed.
{
    echo "gpsbabel -i googletakeout: $(gpsbabel -i googletakeout -f "$data/records-50.json" -o gpx -F /dev/null 2>&1 | head -1)"
    gpsbabel -i geojson -f "$data/records-50.json" -o gpx -F "$data/records-50.gpsbabel.gpx" 2>&1 | head -1 || true
    echo "gpsbabel -i geojson: $(grep -c '<trkpt\|<wpt' "$data/records-50.gpsbabel.gpx" || true) points"
} > "$out/gpsbabel-records.txt"

# (c) The nightly case: a year of OwnTracks months and 365 FIT activities, seed 7.
[ -d "$data/nightly/fit" ] || python3 "$here/make_nightly.py" 7 "$data/nightly" 2026 > "$data/nightly.txt"
for kind in owntracks fit; do
    measure "night-$kind" maprender "$maprender" --track "$data/nightly/$kind" --day 2026-06-15 \
        --timezone Europe/Helsinki -o "$out/night-$kind.png"
    cp "$out/night-$kind.png" "$data/night-$kind.png"
done
rm -f "$out"/night-*.png

python3 - "$out" <<'PY'
import csv, statistics, struct, sys, zlib, os
out = sys.argv[1]
rows = list(csv.DictReader(open(os.path.join(out, "times.csv"))))
groups = {}
for row in rows:
    groups.setdefault((row["workload"], row["tool"]), []).append(row)
with open(os.path.join(out, "summary.csv"), "w", newline="") as file:
    writer = csv.writer(file)
    writer.writerow(["workload", "tool", "runs", "median_seconds", "max_rss_mb", "status"])
    for (workload, tool), runs in groups.items():
        writer.writerow([workload, tool, len(runs), "%.2f" % statistics.median(float(r["seconds"]) for r in runs),
                         "%.1f" % (max(int(r["max_rss_kb"]) for r in runs) / 1024),
                         ",".join(sorted({r["status"] for r in runs}))])

def decode_png(path):
    """Inflates the PNG's image data and checks its size against the header (no library)."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, idat, header = 8, b"", None
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        assert zlib.crc32(kind + body) == struct.unpack(">I", data[at + 8 + length:at + 12 + length])[0], "bad CRC"
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    width, height, depth, color = header[:4]
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color]
    pixels = zlib.decompress(idat)
    assert len(pixels) == height * (1 + (width * channels * depth + 7) // 8), "wrong image size"
    return "%d x %d, colour type %d, %d bytes" % (width, height, color, len(data))

with open(os.path.join(out, "png-check.txt"), "w") as file:
    for kind in ("owntracks", "fit"):
        file.write("night-%s.png: %s\n" % (kind, decode_png(os.path.join(out, "data", "night-%s.png" % kind))))
PY
cat "$out/summary.csv" "$out/png-check.txt" "$out/gpsbabel-records.txt"
