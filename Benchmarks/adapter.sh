#!/usr/bin/env bash
# maprender's adapter for the peer benchmark (../shared/bench, BENCH_EXTRA_CMD contract):
#
#   BENCH_EXTRA_CMD=/path/to/Benchmarks/adapter.sh BENCH_EXTRA_NAME=maprender ./run_peers.sh
#
# Called by run_peers.sh as
#   adapter.sh --id W1 --workload workloads/w1_favorites.json \
#       --tile-url http://127.0.0.1:PORT/{z}/{x}/{y}.png --tiles-dir tiles \
#       --outdir outputs/maprender --reps N --warmup 1
# from the bench folder. It converts the workload (Benchmarks/workload_to_maprender.py,
# untimed, like the peers' list building), then times WHOLE maprender processes: start-up,
# reading the inputs, fetching tiles (from a warm persistent SQLite tile cache, filled by the
# warm-up, like py-staticmaps' warm disk cache), rendering, encoding and writing the file.
# W5 is ONE `maprender batch` process over a 100-job manifest (--jobs 1, one core like the
# peers; --jobs 2 is measured too). It prints one 'RESULT {json}' line; the extra fields
# 'variants' (tile cache off, two jobs) and 'rss_peak_kb' per process are ours.
#
# Outputs, all in the bench folder and none in this repository: run_peers.sh keeps this
# script's stdout (the RESULT line), stderr and GNU time report as
# results/<run-id>/<W>__maprender.{out,err,time,rc,404,http}; the maps go to --outdir
# (outputs/maprender/), the converted inputs and the tile cache to cache/maprender/. Keep a
# run's summary with `python3 Benchmarks/summarize_run.py results/<run-id>`, which writes
# Benchmarks/results/<run-id>/report.md and maprender.csv (README, "How to rerun").
#
# Environment:
#   MAPRENDER_BIN          the binary (default: .build/release/maprender of this package);
#                          build it with `swift build -c release --static-swift-stdlib`
#   MAPRENDER_BENCH_EXTRA  0 skips the extra variants (default 1)
#   MAPRENDER_BENCH_ALT_BINS  NAME=PATH[,NAME=PATH…]: other builds timed as variants in the
#                          same run (e.g. dynamic=… built with plain `swift build -c release`,
#                          before=… built from an older commit); each build gets the
#                          options its `render --help` lists (one from before the spike
#                          rule gets --keep-stale where this one gets --keep-spikes)
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BIN="${MAPRENDER_BIN:-$HERE/../.build/release/maprender}"
[ -x "$BIN" ] || { echo "maprender binary not found at $BIN (set MAPRENDER_BIN)" >&2; exit 2; }
ID= WL= URL= TD= OD= REPS=5 WARM=1
while [ $# -gt 0 ]; do
  case "$1" in
    --id) ID="$2"; shift 2 ;;
    --workload) WL="$2"; shift 2 ;;
    --tile-url) URL="$2"; shift 2 ;;
    --tiles-dir) TD="$2"; shift 2 ;;
    --outdir) OD="$2"; shift 2 ;;
    --reps) REPS="$2"; shift 2 ;;
    --warmup) WARM="$2"; shift 2 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
exec python3 - "$BIN" "$HERE/workload_to_maprender.py" "$ID" "$WL" "$URL" "$OD" "$REPS" "$WARM" \
  "${MAPRENDER_BENCH_EXTRA:-1}" <<'PY'
import json, math, os, re, shutil, statistics, subprocess, sys, time

binary, converter, wid, workload, url, outdir, reps, warm, extra = sys.argv[1:]
reps, warm, extra = int(reps), int(warm), extra != "0"
sys.path.insert(0, os.path.dirname(converter))
import workload_to_maprender as conv  # noqa: E402

work = os.path.abspath(os.path.join("cache", "maprender"))      # bench/cache is git-ignored
inputs = os.path.join(work, wid.lower())
cache = os.path.join(work, "tiles.sqlite")                      # warm, persistent across the run
os.makedirs(outdir, exist_ok=True)
spec = conv.convert(workload, inputs, url, cache)
maps = spec["maps"]
outputs = [os.path.join(outdir, f"{wid}_{i:03d}.png") for i in range(len(maps))]


def run(argv):
    """One whole process: wall time and its peak RSS (from wait4)."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    dt = time.perf_counter() - t0
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.stderr.write(err.decode(errors="replace"))
        raise SystemExit(f"{argv[:2]}... exited with {code}")
    return dt, usage.ru_maxrss


def render_options(build):
    """The long options (without dashes) that a build's `render --help` lists, untimed: a
    baseline build may predate an option (`--keep-spikes`), see conv.for_binary."""
    text = subprocess.run([build, "render", "--help"], capture_output=True, text=True).stdout
    return set(re.findall(r"--([a-z][a-z0-9-]*)", text))


options_of = {}


def commands(tile_cache, jobs=1, sidecars=False, build=binary, tag="main"):
    """The process of one repetition: `maprender render`, or one `maprender batch`."""
    if build not in options_of:
        options_of[build] = render_options(build)
    def job_of(m):
        return conv.for_binary(m["manifest"], options_of[build])
    def sidecar(i):
        return os.path.join(inputs, f"sidecar_{i:03d}.json")
    if len(maps) == 1:
        args = [tile_cache if a == cache else a for a in conv.arguments(job_of(maps[0]))]
        return [build, "render"] + args + ["-o", outputs[0]] + (["--sidecar", sidecar(0)] if sidecars else [])
    name = f"manifest-{tag}-{'warmup' if sidecars else os.path.basename(tile_cache)}.jsonl"
    manifest = os.path.join(inputs, name)
    with open(manifest, "w") as f:
        for i, m in enumerate(maps):
            job = dict(job_of(m), id=f"{wid}_{i:03d}", output=os.path.abspath(outputs[i]))
            job["tile-cache"] = tile_cache
            if sidecars:
                job["sidecar"] = sidecar(i)
            f.write(json.dumps(job) + "\n")
    return [build, "batch", manifest, "--jobs", str(jobs), "--progress", "never"]


def repeat(cmd, n):
    times, rss = [], 0
    for _ in range(n):
        dt, r = run(cmd)
        times.append(dt)
        rss = max(rss, r)
    return times, rss


def summary(times, rss):
    med = statistics.median(times)
    return {"reps_done": len(times), "times_s": [round(t, 6) for t in times], "median_s": round(med, 6),
            "min_s": round(min(times), 6), "max_s": round(max(times), 6),
            "maps_per_s": round(len(maps) / med, 2), "rss_peak_kb": rss}


def tiles_of(side):
    """The 256-pixel tiles covering a map's viewport at the zoom it was drawn at."""
    z = side["zoom"]
    tz = round(z)
    n, scale = 2 ** tz, 2 ** (z - tz)
    w, h = side["width"], side["height"]
    lat = math.radians(side["center"]["latitude"])
    cx = (side["center"]["longitude"] + 180) / 360 * n * 256
    cy = (1 - math.asinh(math.tan(lat)) / math.pi) / 2 * n * 256
    x0, x1 = math.floor((cx - w / 2 / scale) / 256), math.floor((cx + w / 2 / scale - 1e-9) / 256)
    y0, y1 = math.floor((cy - h / 2 / scale) / 256), math.floor((cy + h / 2 / scale - 1e-9) / 256)
    return (x1 - x0 + 1) * (y1 - y0 + 1)


# Warm-up (untimed): fills the persistent tile cache and writes sidecars (zoom, tiles).
run(commands(cache, sidecars=True))
main_cmd = commands(cache)
repeat(main_cmd, max(0, warm - 1))
sides = [json.load(open(os.path.join(inputs, f"sidecar_{i:03d}.json"))) for i in range(len(maps))]
zooms = [s["zoom"] for s in sides]
zoom = f"{min(zooms):g}" if min(zooms) == max(zooms) else f"{min(zooms):g}-{max(zooms):g}"

result = {"peer": "maprender", "workload": wid, "maps": len(maps), "warmup": warm, "cache": "warm",
          "zoom": zoom, "tiles_per_rep": sum(tiles_of(s) for s in sides), "labels": True,
          "binary": binary, "jobs": 1 if len(maps) > 1 else None}
result.update(summary(*repeat(main_cmd, reps)))
result.update({"output": os.path.relpath(outputs[0]), "output_bytes": os.path.getsize(outputs[0])})
result["ok"] = all(os.path.getsize(o) > 0 for o in outputs)

if extra:
    # Without a tile cache every tile comes over loopback HTTP in every process; with two
    # batch workers (W5) both cores render.
    variants = {"tile_cache_none": summary(*repeat(commands("none"), reps))}
    if len(maps) > 1:
        variants["jobs_2"] = summary(*repeat(commands(cache, jobs=2), reps))
    # Other builds timed on the same inputs and cache, e.g. one linked with
    # --static-swift-stdlib, or the code before the performance work.
    for spec_ in filter(None, os.environ.get("MAPRENDER_BENCH_ALT_BINS", "").split(",")):
        name, _, alt = spec_.partition("=")
        variants[name] = summary(*repeat(commands(cache, build=alt, tag=name), reps))
        variants[name]["output_bytes"] = os.path.getsize(outputs[0])
        if len(maps) > 1:
            variants[name + "_jobs_2"] = summary(*repeat(commands(cache, jobs=2, build=alt, tag=name), reps))
    result["variants"] = variants
    run(main_cmd)  # untimed: leave the main build's files for the report to validate
    result["ok"] = result["ok"] and all(os.path.getsize(o) > 0 for o in outputs)

print("RESULT " + json.dumps(result))
PY
