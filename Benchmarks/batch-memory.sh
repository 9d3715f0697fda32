#!/bin/sh
# Peak resident memory of `maprender batch` against the length of the manifest
# (Benchmarks/README.md, "Batch memory").
#
#   swift build -c release --product maprender
#   Benchmarks/batch-memory.sh 1000 10000 100000 1000000
#
# Each manifest holds N cheap jobs: a 64x64 map of one pin, no basemap; the outputs cycle
# over 1,000 file names so the output folder stays small at any N. Manifests, outputs and the
# summary go to a tmpfs folder. MAPRENDER_BIN picks the binary, BATCH_MEMORY_DIR the folder,
# BATCH_MEMORY_JOBS the workers (2). Needs GNU time (/usr/bin/time).
set -eu
[ $# -eq 0 ] && set -- 1000 10000 100000
binary=${MAPRENDER_BIN:-.build/release/maprender}
folder=${BATCH_MEMORY_DIR:-/dev/shm/maprender-batch-memory}
workers=${BATCH_MEMORY_JOBS:-2}
mkdir -p "$folder"
for n in "$@"; do
    manifest="$folder/jobs-$n.jsonl"
    [ -f "$manifest" ] || awk -v n="$n" 'BEGIN {
        for (i = 0; i < n; i++)
            printf "{\"id\": \"job-%d\", \"output\": \"maps/%d.png\", \"pin\": \"%d,%d\", \"size\": \"64x64\", \"basemap\": \"none\"}\n",
                i, i % 1000, i % 80, i % 170
    }' > "$manifest"
    rm -rf "$folder/out" "$folder/summary.json"
    /usr/bin/time -f "$n jobs: %M KB peak RSS, %e s" "$binary" batch "$manifest" --out-dir "$folder/out" \
        --jobs "$workers" --summary "$folder/summary.json" --progress never 2>&1 | tail -1
done
