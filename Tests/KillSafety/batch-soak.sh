#!/usr/bin/env bash
# A long batch with bad jobs mixed in: every good map is written, the exit status is the
# first failure's, and memory stays flat as the batch grows.
#
#   Tests/KillSafety/batch-soak.sh [BINARY] [JOB_COUNTS…]      default: 1000 10000
#
# Each batch is JOB_COUNT tiny maps (32×32 points, --basemap none). 1% of the jobs are bad:
# the first bad one names a GPX file that does not exist (exit 66), the others have a
# latitude of 95 (usage, exit 64), so the batch must exit 66. Peak RSS comes from GNU time
# (/usr/bin/time -v); with memory flat, 10× the jobs must not take much more than 1× the
# memory. BINARY defaults to .build/debug/maprender and is not built here.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
binary=$(realpath "${1:-$root/.build/debug/maprender}")
shift || true
counts=("$@")
[ ${#counts[@]} -gt 0 ] || counts=(1000 10000)
[ -x "$binary" ] || { echo "no maprender at $binary (build it first)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "needs GNU time (/usr/bin/time)" >&2; exit 2; }

work=$(mktemp -d /tmp/maprender-soak.XXXXXX)
trap 'rm -rf "$work"' EXIT
failures=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

results=()
for count in "${counts[@]}"; do
    manifest="$work/jobs-$count.jsonl"
    out="$work/out-$count"
    python3 - "$manifest" "$count" <<'EOF'
import json, sys
path, count = sys.argv[1], int(sys.argv[2])
with open(path, "w") as manifest:
    for index in range(count):
        job = {"id": f"job-{index}", "output": f"maps/{index}.png", "size": "32x32", "basemap": "none"}
        if index % 100 == 37:
            if index == 37:
                job["gpx"] = "/nonexistent/track.gpx"       # the first failure: exit 66
            else:
                job["pin"] = f"95,{index % 170}"            # a usage error: exit 64
        else:
            job["pin"] = f"{index % 80},{index % 170}"
        manifest.write(json.dumps(job) + "\n")
EOF
    status=0
    /usr/bin/time -v -o "$work/time-$count.txt" "$binary" batch "$manifest" --out-dir "$out" --progress never \
        2>"$work/stderr-$count.txt" || status=$?
    rss=$(grep 'Maximum resident set size' "$work/time-$count.txt" | grep -o '[0-9]*$')
    seconds=$(grep 'Elapsed (wall clock)' "$work/time-$count.txt" | awk '{print $NF}')
    bad=$(((count + 62) / 100))
    written=$(find "$out/maps" -name '*.png' | wc -l)
    [ "$status" -eq 66 ] || fail "$count jobs: exit $status, expected 66 (the first failure's)"
    [ "$written" -eq $((count - bad)) ] || fail "$count jobs: $written maps written, expected $((count - bad))"
    reported=$(grep -c '^batch: job .* failed' "$work/stderr-$count.txt" || true)
    [ "$reported" -eq "$bad" ] || fail "$count jobs: $reported failures reported, expected $bad"
    leftovers=$(find "$out" -name '.*' -type f | wc -l)
    [ "$leftovers" -eq 0 ] || fail "$count jobs: $leftovers temporary files left"
    # Every good map exists; a sample of them must decode.
    python3 - "$out/maps" "$count" <<'EOF' || fail "$count jobs: a written map does not decode"
import os, struct, sys, zlib
folder, count = sys.argv[1], int(sys.argv[2])
for index in range(0, count, max(1, count // 200)):
    if index % 100 == 37:
        continue
    data = open(os.path.join(folder, f"{index}.png"), "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[-12:-8] == b"\0\0\0\0" and data[-8:-4] == b"IEND"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (32, 32), (index, width, height)
EOF
    results+=("$(printf '%6d jobs: exit %d, %d maps written, %d failures reported, peak RSS %d MB, %s' \
        "$count" "$status" "$written" "$reported" $((rss / 1024)) "$seconds")")
done

echo
echo "batch soak ($(date -u +%Y-%m-%d), $(nproc) cores):"
printf '  %s\n' "${results[@]}"
[ "$failures" -eq 0 ]
