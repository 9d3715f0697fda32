#!/bin/sh
# The elevation profile's cost before and after a change, in one run: maprender-benchmarks'
# track-profile-baseline (the map alone on the same canvas), track-profile, track-profile-grade
# and profile-layout (the profile, its chart and markers, not drawn) cases at 1,000 and
# 100,000 fixes, the two builds taking turns, three rounds.
#   BEFORE=/path/to/old/maprender-benchmarks AFTER=.build/release/maprender-benchmarks sh before-after.sh
set -eu
before=${BEFORE:?give BEFORE, the old build of maprender-benchmarks}
after=${AFTER:-.build/release/maprender-benchmarks}
cut -d " " -f 1-3 /proc/loadavg | sed 's/^/load average: /' 
echo "round,build,case,fixes,median_ms"
for round in 1 2 3; do
    for n in 1000 100000; do
        repetitions=31
        [ "$n" -gt 1000 ] && repetitions=7
        for case in track-profile-baseline track-profile track-profile-grade profile-layout; do
            for build in before after; do
                binary=$before
                [ "$build" = after ] && binary=$after
                ms=$("$binary" --case "$case" --n "$n" --repetitions "$repetitions" | cut -d' ' -f1)
                echo "$round,$build,$case,$n,$ms"
            done
        done
    done
done
cut -d " " -f 1-3 /proc/loadavg | sed 's/^/load average: /' 
