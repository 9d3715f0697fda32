#!/usr/bin/env bash
# Times the FIT reader on a large generated activity against fitdecode and GPSBabel.
#
#   Benchmarks/tracks/time_fit.sh [N]       # N records, default 1000000
#
# Writes the file with make_large_fit.py (seed 42), builds FITDecoder and the modules under
# it with -O -wmo (as a release build does) into $FIT_BENCH_DIR (default /tmp/maprender-fit-bench)
# with time_fit_main.swift, then times: FITDecoder.read (median of 3), fitdecode reading
# every frame (PyPI fitdecode, CRC checked), and gpsbabel -i garmin_fit … -o gpx -F /dev/null.
set -euo pipefail
count=${1:-1000000}
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${FIT_BENCH_DIR:-/tmp/maprender-fit-bench}
mkdir -p "$build"
file="$build/ride-$count.fit"
[ -f "$file" ] || python3 "$root/Benchmarks/tracks/make_large_fit.py" 42 "$count" "$file"
ls -l "$file"

# MapInputs has resources; outside SwiftPM the main bundle stands in for Bundle.module (as in
# Tests/Fuzz/run-fuzzers.sh).
printf '%s\n' 'import Foundation' 'extension Foundation.Bundle { static let module = Bundle.main }' \
    > "$build/ModuleBundle.swift"
objects=()
for module in MapErrors MapGeometry MapFormats MapXML MapFIT MapDrawing MapAnnotations MapPage MapRenderCore MapInputs; do
    mapfile -t files < <(find "$root/Sources/$module" -name '*.swift' | sort)
    [ "$module" != MapInputs ] || files+=("$build/ModuleBundle.swift")
    if ! [ "$build/$module.o" -nt "$root/Package.swift" ] || [ -n "$(find "$root/Sources/$module" -newer "$build/$module.o" -name '*.swift')" ]; then
        echo "building $module" >&2
        swiftc -O -wmo -parse-as-library -swift-version 6 -package-name maprender -I "$build" -module-name "$module" \
            -emit-module -emit-module-path "$build/$module.swiftmodule" -c -o "$build/$module.o" "${files[@]}"
    fi
    objects+=("$build/$module.o")
done
swiftc -O -swift-version 6 -I "$build" -o "$build/time-fit" "$root/Benchmarks/tracks/time_fit_main.swift" "${objects[@]}"

echo "maprender (FITDecoder.read):"
"$build/time-fit" "$file" 3
echo "fitdecode $(python3 -c 'import fitdecode; print(fitdecode.__version__)'):"
/usr/bin/time -f "  %e s, peak RSS %M KB" python3 -c "
import sys, fitdecode
with fitdecode.FitReader(sys.argv[1], check_crc=fitdecode.CrcCheck.ENABLED) as reader:
    records = sum(1 for frame in reader if isinstance(frame, fitdecode.FitDataMessage) and frame.name == 'record')
print('  records', records)
" "$file"
echo "GPSBabel $(gpsbabel -V 2>/dev/null | tr -s ' \n' ' '):"
/usr/bin/time -f "  %e s, peak RSS %M KB" gpsbabel -i garmin_fit -f "$file" -o gpx -F /dev/null
