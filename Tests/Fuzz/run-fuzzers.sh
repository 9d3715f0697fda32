#!/usr/bin/env bash
# Builds the libFuzzer targets in this folder with the Swift toolchain's
# -sanitize=fuzzer,address and runs each for SECONDS, seeded from Seeds/<target>/.
#
#   Tests/Fuzz/run-fuzzers.sh SECONDS [TARGET…]
#   TARGET: gpx geojson csv style arguments mbtiles mvt pmtiles vectorstyle zip kml fit
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

seconds=${1:?usage: run-fuzzers.sh SECONDS [gpx geojson csv style arguments mbtiles mvt pmtiles vectorstyle zip kml fit]}
shift
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${FUZZ_BUILD_DIR:-/tmp/maprender-fuzz}
here="$root/Tests/Fuzz"
mkdir -p "$build"
build=$(cd "$build" && pwd)  # absolute: the link step runs inside it

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(gpx geojson csv style arguments mvt pmtiles vectorstyle zip kml fit)
    # The MBTiles reader is fuzzed once it exists.
    [ -f "$root/Sources/MapTiles/Sources/MBTilesSource.swift" ] && [ -f "$here/FuzzMBTiles.swift" ] && targets+=(mbtiles)
fi

# -O keeps Swift's overflow and bounds traps, and runs several times faster than -Onone.
# -package-name as SwiftPM passes it: the targets share their 'package' declarations.
flags=(-sanitize=fuzzer,address -parse-as-library -swift-version 6 -O -g -wmo -package-name maprender -I "$build")
# The C libraries, through the package's own module maps (every Sources/C*/) and pkg-config.
for map in "$root"/Sources/C*/module.modulemap; do flags+=(-I "$(dirname "$map")"); done
packages=(pangocairo cairo libturbojpeg sqlite3 libdeflate libwebp zlib libjpeg)
for flag in $(pkg-config --cflags "${packages[@]}"); do
    case "$flag" in -I*) flags+=(-Xcc "$flag") ;; esac
done
libraries=($(pkg-config --libs "${packages[@]}") -ldl)

# CCurl is a C target: SwiftPM makes its module map from include/ and compiles ccurl.c; here
# the same by hand. It loads libcurl only when a request is made, which no target does.
mkdir -p "$build/CCurl"
printf 'module CCurl {\n    header "%s"\n    export *\n}\n' "$root/Sources/CCurl/include/CCurl.h" \
    > "$build/CCurl/module.modulemap.new"
cmp -s "$build/CCurl/module.modulemap.new" "$build/CCurl/module.modulemap" \
    || mv "$build/CCurl/module.modulemap.new" "$build/CCurl/module.modulemap"
rm -f "$build/CCurl/module.modulemap.new"
flags+=(-I "$build/CCurl")
if ! [ "$build/CCurl.o" -nt "$root/Sources/CCurl/ccurl.c" ] || ! [ "$build/CCurl.o" -nt "$root/Sources/CCurl/include/CCurl.h" ]; then
    echo "building CCurl" >&2
    clang -c -O2 -g -fsanitize=address -I "$root/Sources/CCurl/include" -o "$build/CCurl.o" "$root/Sources/CCurl/ccurl.c"
fi

# CJPEGScanlines is a C target too (libjpeg's scanline API for MapImageEncoding): the same.
mkdir -p "$build/CJPEGScanlines"
printf 'module CJPEGScanlines {\n    header "%s"\n    export *\n}\n' \
    "$root/Sources/CJPEGScanlines/include/CJPEGScanlines.h" > "$build/CJPEGScanlines/module.modulemap.new"
cmp -s "$build/CJPEGScanlines/module.modulemap.new" "$build/CJPEGScanlines/module.modulemap" \
    || mv "$build/CJPEGScanlines/module.modulemap.new" "$build/CJPEGScanlines/module.modulemap"
rm -f "$build/CJPEGScanlines/module.modulemap.new"
flags+=(-I "$build/CJPEGScanlines")
scanlines=$root/Sources/CJPEGScanlines
if ! [ "$build/CJPEGScanlines.o" -nt "$scanlines/cjpeg_scanlines.c" ] \
    || ! [ "$build/CJPEGScanlines.o" -nt "$scanlines/include/CJPEGScanlines.h" ]; then
    echo "building CJPEGScanlines" >&2
    clang -c -O2 -g -fsanitize=address -I "$scanlines/include" -o "$build/CJPEGScanlines.o" "$scanlines/cjpeg_scanlines.c"
fi

# SwiftPM generates an internal Bundle.module in each target with resources (MapVectorStyle,
# MapStyleFiles and MapTiles); outside SwiftPM the main bundle stands in. ResourceBundle
# (Sources/MapFormats/Files/ResourceBundle.swift) only touches it when the target's bundle
# exists beside the executable, which it never does here.
printf '%s\n' 'import Foundation' 'extension Foundation.Bundle { static let module = Bundle.main }' \
    > "$build/ModuleBundle.swift.new"
cmp -s "$build/ModuleBundle.swift.new" "$build/ModuleBundle.swift" \
    || mv "$build/ModuleBundle.swift.new" "$build/ModuleBundle.swift"
rm -f "$build/ModuleBundle.swift.new"

# The objects built so far, in dependency order.
objects=()

# Compiles a library module into one instrumented object when its object is older than one
# of its sources, this script or an object built before it (any module may import those).
compile_module() {
    local name=$1
    shift
    local object="$build/$name.o" input stale=0
    for input in "$@" "$0" "${objects[@]}"; do
        [ "$object" -nt "$input" ] || stale=1
    done
    if [ "$stale" -eq 1 ]; then
        echo "building $name" >&2
        swiftc "${flags[@]}" -module-name "$name" -emit-module -emit-module-path "$build/$name.swiftmodule" \
            -c -o "$object" "$@"
    fi
    objects+=("$object")
}

# The Swift files of the target Sources/<name>/.
sources_of() { find "$root/Sources/$1" -name '*.swift' | sort; }

# The library targets in Package.swift's order, where each imports only targets before it.
# MapRenderCommand is compiled with the arguments target below.
for module in MapErrors MapGeometry MapFormats MapZip MapPMTiles MapXML MapVectorTiles MapFIT MapCommandLine MapDrawing MapVectorStyle MapAnnotations MapPage MapMarginalia MapRenderCore \
    MapSQLite MapStyleFiles MapInputs MapTiles MapFavorites MapImageEncoding MapRenderCairo MapRenderSVG; do
    mapfile -t files < <(sources_of "$module")
    case "$module" in MapVectorStyle | MapStyleFiles | MapTiles) files+=("$build/ModuleBundle.swift") ;; esac
    compile_module "$module" "${files[@]}"
done
library_objects=("${objects[@]}" "$build/CCurl.o" "$build/CJPEGScanlines.o")
mapfile -t command < <(sources_of MapRenderCommand)

# gold warns once per ASan helper symbol it cannot export; those lines say nothing. Run in
# the build folder: compiling several files and linking in one step leaves the module's
# debugging files (NAME-1.swiftmodule…) in the current folder.
quiet_linker() { (cd "$build" && "$@") 2> >(grep -v "Cannot export local symbol" >&2); }

# Links one target with every library module; the arguments target also compiles
# MapRenderCommand's sources, into that module itself.
link_target() {
    local target=$1 source=$2
    local binary="$build/fuzz-$target"
    echo "linking fuzz-$target" >&2
    case "$target" in
    arguments)
        quiet_linker swiftc "${flags[@]}" -module-name MapRenderCommand -o "$binary" "${command[@]}" "$source" \
            "${library_objects[@]}" "${libraries[@]}"
        ;;
    *)
        quiet_linker swiftc "${flags[@]}" -module-name "Fuzz_$target" -o "$binary" "$source" \
            "${library_objects[@]}" "${libraries[@]}"
        ;;
    esac
}

declare -A sources=(
    [gpx]=FuzzGPX.swift [geojson]=FuzzGeoJSON.swift [csv]=FuzzCSV.swift [style]=FuzzStyle.swift
    [arguments]=FuzzArguments.swift [mbtiles]=FuzzMBTiles.swift [mvt]=FuzzMVT.swift
    [pmtiles]=FuzzPMTiles.swift [vectorstyle]=FuzzVectorStyle.swift [zip]=FuzzZip.swift [kml]=FuzzKML.swift [fit]=FuzzFIT.swift
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
        # The ZIP reader's test archives seed its fuzzer as they are (no copies kept here).
        seeds=("$here/Seeds/$target")
        [ "$target" != zip ] || seeds+=("$here/../MapZipTests/Fixtures")
        "$build/fuzz-$target" "$corpus" "${seeds[@]}" -max_total_time="$left" -timeout=10 \
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
