#!/usr/bin/env bash
# The nightly workload (W8, Benchmarks/README.md): GPX tracks around central Helsinki, one
# 800x600 PNG each over examples/helsinki/helsinki.pmtiles in the built-in look, with the
# default Start/End pins and the stats box, drawn by one `maprender batch --jobs 2` per
# size (100 and 1,000 tracks), each under /usr/bin/time (wall seconds, peak resident KB).
#
#   Benchmarks/vector/nightly.sh [OUT_DIR]
#
# MAPRENDER_BIN: the binary (default .build/release/maprender; build it with
#   swift build -c release --static-swift-stdlib --product maprender)
# SIZES: the batch sizes (default "100 1000"); SEED: the tracks' seed (default 20).
# Prints one JSON line per size, also written to OUT_DIR/nightly.json.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
bin="${MAPRENDER_BIN:-$root/.build/release/maprender}"
sizes="${SIZES:-100 1000}"
seed="${SEED:-20}"
out="${1:-$(mktemp -d)}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
: >"$out/nightly.json"
for n in $sizes; do
    dir="$out/w8-$n"
    rm -rf "$dir"
    python3 "$root/Benchmarks/vector/make_nightly_tracks.py" "$n" "$dir" --seed "$seed" \
        --archive "$root/examples/helsinki/helsinki.pmtiles"
    status=0
    /usr/bin/time -f "%e %M" -o "$dir/time.txt" \
        "$bin" batch "$dir/jobs.jsonl" --jobs 2 --out-dir "$dir/maps" --summary "$dir/summary.json" \
        >"$dir/batch.out" 2>"$dir/batch.err" || status=$?
    python3 - "$dir" "$n" "$status" <<'PY' | tee -a "$out/nightly.json"
import json, os, sys
d, n, status = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
seconds, kb = open(f"{d}/time.txt").read().split()[-2:]
maps = len([f for f in os.listdir(f"{d}/maps") if f.endswith(".png")])
print(json.dumps({"workload": "W8", "tracks": n, "maps": maps, "exit": status,
                  "seconds": float(seconds), "maps_per_second": round(maps / float(seconds), 2),
                  "rss_peak_mb": round(int(kb) / 1024, 1)}))
PY
done
echo "outputs in $out"
