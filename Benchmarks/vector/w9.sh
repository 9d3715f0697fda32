#!/usr/bin/env bash
# The random-views workload (W9, Benchmarks/README.md, "Issue 28: W9, random views"): N
# 1024x768 street maps of random views inside examples/helsinki/helsinki.pmtiles in OSM
# Bright (the test copy of the third-party style), zooms 12-17, made by random_views.py from
# a seed; drawn by one `maprender batch --jobs 2` (a whole process, under /usr/bin/time) and
# by MapLibre Native's two workers, warm and in-process (maplibre_views.py), on the same
# views. Prints one JSON line per renderer and a table row.
#
#   Benchmarks/vector/w9.sh [OUT_DIR]
#
# MAPRENDER_BIN: the binary (default .build/release/maprender; build it with
#   swift build -c release --static-swift-stdlib --product maprender)
# MAPLIBRE_PYTHON: a Python 3.11 with mapli==0.4.1 (default /tmp/mgl/bin/python); empty
#   skips MapLibre Native.
# SEED (default 9), N (default 100): the views.
# VIEWS_OPTIONS: more options of random_views.py, e.g. "--whole-pixels" (centres on the
#   pixel grid, so that maps of one zoom can share painted blocks) or "--fractional".
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
bin="${MAPRENDER_BIN:-$root/.build/release/maprender}"
python="${MAPLIBRE_PYTHON-/tmp/mgl/bin/python}"
seed="${SEED:-9}"
n="${N:-100}"
out="${1:-$(mktemp -d)}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
# shellcheck disable=SC2086  # VIEWS_OPTIONS is a list of options
python3 "$root/Benchmarks/vector/random_views.py" "$seed" "$n" "$out" ${VIEWS_OPTIONS:-}

rm -rf "$out/maprender"
status=0
/usr/bin/time -f "%e %M" -o "$out/maprender-time.txt" \
    "$bin" batch "$out/jobs.jsonl" --jobs 2 --out-dir "$out/maprender" --summary "$out/summary.json" \
    >"$out/batch.out" 2>"$out/batch.err" || status=$?
python3 - "$out" "$n" "$status" <<'PY' | tee "$out/maprender.json" | sed 's/^/maprender /'
import json, os, sys
out, n, status = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
seconds, kb = open(f"{out}/maprender-time.txt").read().split()[-2:]
maps = len([f for f in os.listdir(f"{out}/maprender") if f.endswith(".png")])
blocks = json.load(open(f"{out}/summary.json")).get("basemap_blocks")
print(json.dumps({"workload": "W9", "views": n, "maps": maps, "exit": status, "seconds": float(seconds),
                  "maps_per_second": round(maps / float(seconds), 2), "rss_peak_mb": round(int(kb) / 1024, 1),
                  "basemap_blocks": blocks}))
PY

: >"$out/maplibre.json"
if [ -n "$python" ]; then
    rm -rf "$out/maplibre"
    EGL_PLATFORM=surfaceless "$python" "$root/Benchmarks/vector/maplibre_views.py" "$out/views.json" 2 "$out/maplibre" \
        2>"$out/maplibre.err" | tee "$out/maplibre.json" | sed 's/^/maplibre /'
fi

python3 - "$out" <<'PY'
import json, os, sys
out = sys.argv[1]
m = json.load(open(f"{out}/maprender.json"))
g = json.load(open(f"{out}/maplibre.json")) if os.path.getsize(f"{out}/maplibre.json") else None
ours = f"{m['maps_per_second']:.1f} maps/s, {m['rss_peak_mb']:.0f} MB peak, whole process"
print("| workload | maprender | MapLibre Native | ratio | target | met |")
print("|---|---|---|---|---|---|")
if g:
    ratio = m["maps_per_second"] / g["maps_per_second"]
    theirs = f"{g['maps_per_second']:.1f} maps/s two workers warm, {g['rss_peak_mb']:.0f} MB peak"
    print(f"| W9 {m['views']} random views, batch --jobs 2 | {ours} | {theirs} | {ratio:.2f}x | >= 2.0x | {'yes' if ratio >= 2 else 'no'} |")
else:
    print(f"| W9 {m['views']} random views, batch --jobs 2 | {ours} | - | - | >= 2.0x | - |")
PY
echo "outputs in $out"
