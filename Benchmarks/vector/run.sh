#!/usr/bin/env bash
# The vector workload (W6, Benchmarks/README.md): a 1024x768 street map of Helsinki at XYZ
# zoom 16 from examples/helsinki/helsinki.pmtiles in OSM Bright (the test copy of the
# third-party style), drawn by maprender as whole processes and by MapLibre Native warm and
# in-process (maplibre_bench.py), in one run on one machine.
#
#   Benchmarks/vector/run.sh [OUT_DIR]
#
# MAPRENDER_BIN: the binary (default .build/release/maprender; build it with
#   swift build -c release --static-swift-stdlib --product maprender)
# MAPLIBRE_PYTHON: a Python 3.11 with mapli==0.4.1 (default /tmp/mgl/bin/python; see
#   Tests/MapVectorLayoutTests/Fixtures/maplibre/README.md); empty skips MapLibre Native.
# REPS: timed runs per measurement (default 20).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
bin="${MAPRENDER_BIN:-$root/.build/release/maprender}"
python="${MAPLIBRE_PYTHON-/tmp/mgl/bin/python}"
reps="${REPS:-20}"
out="${1:-$(mktemp -d)}"
mkdir -p "$out"
style="$root/Tests/MapVectorLayoutTests/Fixtures/maplibre/osm-bright.json"
archive="$root/examples/helsinki/helsinki.pmtiles"
args=(--basemap "$archive" --basemap-style "$style" --center 60.1716,24.9443 --zoom 16 --size 1024x768)

# One whole process: wall time and peak resident memory, REPS times after one warm-up.
"$bin" "${args[@]}" -o "$out/helsinki.png" 2>"$out/warnings.txt"
: >"$out/single.txt"
for _ in $(seq "$reps"); do
    /usr/bin/time -f "%e %M" -a -o "$out/single.txt" "$bin" "${args[@]}" -o "$out/helsinki.png" 2>/dev/null
done

# 100 maps in one batch process, two jobs at a time.
manifest="$out/jobs.jsonl"
: >"$manifest"
for i in $(seq 100); do
    printf '{"id": "map-%03d", "output": "map-%03d.png", "basemap": "%s", "basemap-style": "%s", "center": "60.1716,24.9443", "zoom": 16, "size": "1024x768"}\n' \
        "$i" "$i" "$archive" "$style" >>"$manifest"
done
/usr/bin/time -f "%e %M" -o "$out/batch.txt" "$bin" batch "$manifest" --out-dir "$out/batch" --jobs 2 >/dev/null 2>&1

python3 - "$out" "$reps" <<'PY'
import json, statistics, sys
out, reps = sys.argv[1], int(sys.argv[2])
runs = [line.split() for line in open(f"{out}/single.txt") if line.strip()]
seconds = [float(r[0]) for r in runs]
rss = [int(r[1]) for r in runs]
batch = open(f"{out}/batch.txt").read().split()
result = {
    "process_median_ms": statistics.median(seconds) * 1000,
    "process_min_ms": min(seconds) * 1000,
    "process_rss_peak_mb": max(rss) / 1024,
    "batch_jobs2_maps_per_second": 100 / float(batch[0]),
    "batch_rss_peak_mb": int(batch[1]) / 1024,
}
json.dump(result, open(f"{out}/maprender.json", "w"))
print("maprender", json.dumps(result))
PY
if [ -n "$python" ]; then
    EGL_PLATFORM=surfaceless "$python" "$root/Benchmarks/vector/maplibre_bench.py" "$style" "$archive" "$reps" \
        | tee "$out/maplibre.json" | sed 's/^/maplibre /'
fi
echo "outputs in $out"
