#!/usr/bin/env bash
# Builds the libFuzzer targets in this folder with the Swift toolchain's
# -sanitize=fuzzer,address and runs each for SECONDS, seeded from Seeds/<target>/.
#
#   Tests/Fuzz/run-fuzzers.sh SECONDS [TARGET…]      TARGET: gpx geojson csv style arguments mbtiles
#
# Not a SwiftPM target: the library sources are compiled straight from Sources/ into
# instrumented objects (one per module) under $FUZZ_BUILD_DIR (default /tmp/maprender-fuzz),
# so `swift build` and `swift test` never see any of this. The arguments target is compiled
# into the MapRenderCommand module itself, to reach its internal parsers.
#
# Each target runs until SECONDS have passed; after a crash (or timeout, or out-of-memory)
# the input is saved under $FUZZ_BUILD_DIR/artifacts/<target>/ and the target is restarted
# for the time left, at most 5 times. Prints executions and findings per target; exits 1 when
# anything was found. Reproduce a finding with: $FUZZ_BUILD_DIR/fuzz-<target> ARTIFACT
set -euo pipefail

seconds=${1:?usage: run-fuzzers.sh SECONDS [gpx geojson csv style arguments mbtiles]}
shift
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${FUZZ_BUILD_DIR:-/tmp/maprender-fuzz}
here="$root/Tests/Fuzz"
mkdir -p "$build"

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(gpx geojson csv style arguments)
    # The MBTiles reader is fuzzed once it exists.
    [ -f "$root/Sources/MapData/Tiles/MBTilesSource.swift" ] && [ -f "$here/FuzzMBTiles.swift" ] && targets+=(mbtiles)
fi

# -O keeps Swift's overflow and bounds traps, and runs several times faster than -Onone.
flags=(-sanitize=fuzzer,address -parse-as-library -swift-version 6 -O -g -wmo -I "$build")
# The C libraries, through the package's own module maps (every Sources/C*/) and pkg-config.
for map in "$root"/Sources/C*/module.modulemap; do flags+=(-I "$(dirname "$map")"); done
packages=(pangocairo cairo libturbojpeg sqlite3 libdeflate)
for flag in $(pkg-config --cflags "${packages[@]}"); do
    case "$flag" in -I*) flags+=(-Xcc "$flag") ;; esac
done
libraries=($(pkg-config --libs "${packages[@]}"))

# SwiftPM generates Bundle.module for MapData's resources; outside SwiftPM the main bundle
# stands in (PackageResources only touches it when the resource bundle exists beside the
# executable, which it never does here).
cat > "$build/MapDataBundle.swift" <<'EOF'
import Foundation
extension Foundation.Bundle { static let module = Bundle.main }
EOF

# Compiles a library module into one instrumented object, when its sources changed.
compile_module() {
    local name=$1
    shift
    local object="$build/$name.o"
    local newest
    newest=$(ls -t "$@" | head -1)
    if [ -f "$object" ] && [ "$object" -nt "$newest" ] && [ "$object" -nt "$0" ]; then return; fi
    echo "building $name" >&2
    swiftc "${flags[@]}" -module-name "$name" -emit-module -emit-module-path "$build/$name.swiftmodule" \
        -c -o "$object" "$@"
}

mapfile -t geometry < <(find "$root/Sources/MapGeometry" -name '*.swift' | sort)
mapfile -t core < <(find "$root/Sources/MapRenderCore" -name '*.swift' | sort)
mapfile -t data < <(find "$root/Sources/MapData" -name '*.swift' | sort)
mapfile -t cairo < <(find "$root/Sources/MapRenderCairo" -name '*.swift' | sort)
mapfile -t command < <(find "$root/Sources/MapRenderCommand" -name '*.swift' | sort)

compile_module MapGeometry "${geometry[@]}"
compile_module MapRenderCore "${core[@]}"
compile_module MapData "${data[@]}" "$build/MapDataBundle.swift"
data_objects=("$build/MapGeometry.o" "$build/MapRenderCore.o" "$build/MapData.o")

# gold warns once per ASan helper symbol it cannot export; those lines say nothing.
quiet_linker() { "$@" 2> >(grep -v "Cannot export local symbol" >&2); }

# Links one target; the arguments target also compiles MapRenderCommand's sources.
link_target() {
    local target=$1 source=$2
    local binary="$build/fuzz-$target"
    echo "linking fuzz-$target" >&2
    case "$target" in
    mbtiles)
        compile_module MapRenderCairo "${cairo[@]}"
        quiet_linker swiftc "${flags[@]}" -module-name "Fuzz_$target" -o "$binary" "$source" "${data_objects[@]}" \
            "$build/MapRenderCairo.o" "${libraries[@]}"
        ;;
    arguments)
        compile_module MapRenderCairo "${cairo[@]}"
        quiet_linker swiftc "${flags[@]}" -module-name MapRenderCommand -o "$binary" "${command[@]}" "$source" \
            "${data_objects[@]}" "$build/MapRenderCairo.o" "${libraries[@]}"
        ;;
    *)
        quiet_linker swiftc "${flags[@]}" -module-name "Fuzz_$target" -o "$binary" "$source" "${data_objects[@]}" "${libraries[@]}"
        ;;
    esac
}

declare -A sources=(
    [gpx]=FuzzGPX.swift [geojson]=FuzzGeoJSON.swift [csv]=FuzzCSV.swift [style]=FuzzStyle.swift
    [arguments]=FuzzArguments.swift [mbtiles]=FuzzMBTiles.swift
)
for target in "${targets[@]}"; do link_target "$target" "$here/${sources[$target]}"; done

# Leaks are not findings here: Foundation keeps caches for the life of the process, and a
# decoder that really leaked would grow past -rss_limit_mb.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}
summary=()
found_any=0
for target in "${targets[@]}"; do
    corpus="$build/corpus/$target"
    artifacts="$build/artifacts/$target/"
    # Findings are counted per run: the last run's are cleared first.
    rm -rf "$artifacts"
    mkdir -p "$corpus" "$artifacts"
    executions=0 restarts=0
    started=$(date +%s)
    while :; do
        left=$((seconds - ($(date +%s) - started)))
        [ "$left" -gt 0 ] || break
        log="$build/$target.log"
        # -timeout: one input taking over 10 s is a hang; -rss_limit_mb: a 2 GB input is an
        # out-of-memory bug (the inputs are at most -max_len bytes).
        # Command lines are short; long words only make the "did you mean" edit distances
        # (quadratic in the word) eat the time.
        max_len=65536
        [ "$target" != arguments ] || max_len=4096
        status=0
        "$build/fuzz-$target" "$corpus" "$here/Seeds/$target" -max_total_time="$left" -timeout=10 \
            -rss_limit_mb=2048 -max_len="$max_len" -print_final_stats=1 -artifact_prefix="$artifacts" \
            >"$log" 2>&1 || status=$?
        runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1 || true)
        executions=$((executions + ${runs:-0}))
        [ "$status" -ne 0 ] || break
        # A finding: keep its report next to the artifact and go on with the time left.
        cp "$log" "$artifacts/report-$(date +%s)-$restarts.log"
        restarts=$((restarts + 1))
        [ "$restarts" -lt 5 ] || break
    done
    crashes=$(find "$artifacts" -name 'crash-*' | wc -l)
    timeouts=$(find "$artifacts" -name 'timeout-*' | wc -l)
    ooms=$(find "$artifacts" -name 'oom-*' | wc -l)
    [ $((crashes + timeouts + ooms)) -eq 0 ] || found_any=1
    summary+=("$(printf '%-10s %12d executions in %4d s   crashes %d   timeouts %d   out-of-memory %d   corpus %d' \
        "$target" "$executions" "$(($(date +%s) - started))" "$crashes" "$timeouts" "$ooms" "$(ls "$corpus" | wc -l)")")
done

echo
echo "fuzzing, $seconds s per target ($(date -u +%Y-%m-%d), $(nproc) cores):"
printf '  %s\n' "${summary[@]}"
[ "$found_any" -eq 0 ] || echo "findings are in $build/artifacts/; reproduce with $build/fuzz-TARGET FILE"
exit "$found_any"
