#!/usr/bin/env bash
# The vector workloads (Benchmarks/README.md, "W6" and "Issue 20"), in one run on one
# machine: W6, a 1024x768 street map of Helsinki at XYZ zoom 16 from
# examples/helsinki/helsinki.pmtiles in OSM Bright (the test copy of the third-party style);
# W6b, the same map in the built-in default look (--style default, no --basemap-style);
# W7, 100 W6 maps in one `batch --jobs 2`; W6m, a 512x512 map of the same centre in the
# minimal style Benchmarks/vector/minimal-style.json (background, water, parks, buildings,
# two road classes, no labels), where a process's fixed cost dominates. maprender runs as whole processes, MapLibre
# Native warm and in-process (maplibre_bench.py, OSM Bright). The last lines are a table:
# each row with maprender, MapLibre Native, the ratio and issue 20's target.
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
default_args=(--basemap "$archive" --style default --center 60.1716,24.9443 --zoom 16 --size 1024x768)
minimal_style="$root/Benchmarks/vector/minimal-style.json"
minimal_args=(--basemap "$archive" --basemap-style "$minimal_style" --center 60.1716,24.9443 --zoom 16 --size 512x512)

# W6: one whole process: wall time and peak resident memory, REPS times after one warm-up.
"$bin" "${args[@]}" -o "$out/helsinki.png" 2>"$out/warnings.txt"
: >"$out/single.txt"
for _ in $(seq "$reps"); do
    /usr/bin/time -f "%e %M" -a -o "$out/single.txt" "$bin" "${args[@]}" -o "$out/helsinki.png" 2>/dev/null
done

# W6b: the same map in the built-in default look.
"$bin" "${default_args[@]}" -o "$out/helsinki-default.png" 2>"$out/warnings-default.txt"
: >"$out/single-default.txt"
for _ in $(seq "$reps"); do
    /usr/bin/time -f "%e %M" -a -o "$out/single-default.txt" "$bin" "${default_args[@]}" -o "$out/helsinki-default.png" 2>/dev/null
done

# W6m: the minimal style over a small view.
"$bin" "${minimal_args[@]}" -o "$out/helsinki-minimal.png" 2>"$out/warnings-minimal.txt"
: >"$out/single-minimal.txt"
for _ in $(seq "$reps"); do
    /usr/bin/time -f "%e %M" -a -o "$out/single-minimal.txt" "$bin" "${minimal_args[@]}" -o "$out/helsinki-minimal.png" 2>/dev/null
done

# W7: 100 W6 maps in one batch process, two jobs at a time.
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
def runs(name):
    rows = [line.split() for line in open(f"{out}/{name}") if line.strip()]
    return [float(r[0]) for r in rows], [int(r[1]) for r in rows]
seconds, rss = runs("single.txt")
default_seconds, default_rss = runs("single-default.txt")
minimal_seconds, minimal_rss = runs("single-minimal.txt")
batch = open(f"{out}/batch.txt").read().split()[-2:]
result = {
    "process_median_ms": statistics.median(seconds) * 1000,
    "process_min_ms": min(seconds) * 1000,
    "process_rss_peak_mb": max(rss) / 1024,
    "default_process_median_ms": statistics.median(default_seconds) * 1000,
    "default_process_min_ms": min(default_seconds) * 1000,
    "default_process_rss_peak_mb": max(default_rss) / 1024,
    "minimal_process_median_ms": statistics.median(minimal_seconds) * 1000,
    "minimal_process_min_ms": min(minimal_seconds) * 1000,
    "minimal_process_rss_peak_mb": max(minimal_rss) / 1024,
    "batch_jobs2_maps_per_second": 100 / float(batch[0]),
    "batch_rss_peak_mb": int(batch[1]) / 1024,
}
json.dump(result, open(f"{out}/maprender.json", "w"))
print("maprender", json.dumps(result))
PY
: >"$out/maplibre.json"
: >"$out/maplibre-minimal.json"
if [ -n "$python" ]; then
    EGL_PLATFORM=surfaceless "$python" "$root/Benchmarks/vector/maplibre_bench.py" "$style" "$archive" "$reps" \
        | tee "$out/maplibre.json" | sed 's/^/maplibre /'
    # W6m: MapLibre zoom 15 is XYZ zoom 16.
    EGL_PLATFORM=surfaceless "$python" "$root/Benchmarks/vector/maplibre_bench.py" "$minimal_style" "$archive" "$reps" 15 512 512 \
        | tee "$out/maplibre-minimal.json" | sed 's/^/maplibre-minimal /'
fi

# The side-by-side table (MapLibre Native's columns empty when it was skipped).
python3 - "$out" <<'PY'
import json, os, sys
out = sys.argv[1]
m = json.load(open(f"{out}/maprender.json"))
g = json.load(open(f"{out}/maplibre.json")) if os.path.getsize(f"{out}/maplibre.json") else None
gm = json.load(open(f"{out}/maplibre-minimal.json")) if os.path.getsize(f"{out}/maplibre-minimal.json") else None
print("| workload | maprender | MapLibre Native | ratio | target | met |")
print("|---|---|---|---|---|---|")
def row(name, ours, theirs, ratio, target, met):
    print(f"| {name} | {ours} | {theirs} | {ratio} | {target} | {met} |")
for name, key, target in (("W6 one map, OSM Bright", "process", 1.0), ("W6b one map, default look", "default_process", 0.6)):
    ours = f"{m[key + '_median_ms']:.0f} ms median ({m[key + '_min_ms']:.0f} min), whole process, {m[key + '_rss_peak_mb']:.1f} MB peak"
    if g:
        ratio = m[key + "_median_ms"] / g["warm_median_ms"]
        theirs = f"{g['warm_median_ms']:.0f} ms median warm, OSM Bright ({g['warm_min_ms']:.0f} min), {g['first_ms']:.0f} ms first"
        row(name, ours, theirs, f"{ratio:.2f}x", f"<= {target}x", "yes" if ratio <= target else "no")
    else:
        row(name, ours, "-", "-", f"<= {target}x", "-")
ours = f"{m['minimal_process_median_ms']:.0f} ms median ({m['minimal_process_min_ms']:.0f} min), whole process, {m['minimal_process_rss_peak_mb']:.1f} MB peak"
if gm:
    ratio = m["minimal_process_median_ms"] / gm["warm_median_ms"]
    theirs = f"{gm['warm_median_ms']:.0f} ms median warm ({gm['warm_min_ms']:.0f} min), {gm['first_ms']:.0f} ms first"
    row("W6m minimal style, 512x512", ours, theirs, f"{ratio:.2f}x", "<= 2.0x", "yes" if ratio <= 2.0 else "no")
else:
    row("W6m minimal style, 512x512", ours, "-", "-", "<= 2.0x", "-")
ours = f"{m['batch_jobs2_maps_per_second']:.1f} maps/s, {m['batch_rss_peak_mb']:.1f} MB peak"
if g:
    ratio = m["batch_jobs2_maps_per_second"] / g["maps_per_second_2"]
    theirs = f"{g['maps_per_second_2']:.1f} maps/s two workers ({g['maps_per_second_1']:.1f} one), {g['rss_peak_mb']:.0f} MB peak"
    row("W7 100 maps, batch --jobs 2", ours, theirs, f"{ratio:.2f}x", ">= 2.0x", "yes" if ratio >= 2.0 else "no")
else:
    row("W7 100 maps, batch --jobs 2", ours, "-", "-", ">= 2.0x", "-")
PY
echo "outputs in $out"
