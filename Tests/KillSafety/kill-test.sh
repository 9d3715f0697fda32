#!/usr/bin/env bash
# Kills maprender with SIGKILL at random moments and checks that nothing is ever half
# written (DESIGN.md §2: "A failed run leaves no output file behind and never a
# half-written one"; §5: "never loses data").
#
#   Tests/KillSafety/kill-test.sh [BINARY] [RENDER_TRIALS] [IMPORT_TRIALS]
#
# BINARY defaults to .build/debug/maprender; it is not built here. Needs python3 and the
# sqlite3 shell. Trials default to 100 each.
#
# Renders: each trial starts either with no destination or with an older, different map
# there, starts a render, sleeps a random 0…W ms and sends SIGKILL. The destination must then
# be absent (only if it was absent), the older map, or byte-identical to a reference render
# (and decode as a PNG): never anything else. W is 300 ms or 1.25 × a whole render,
# whichever is longer, so kills land before, during and after the atomic rename.
#
# Imports: each trial copies a database of 1 place, imports a 20,000-row CSV into it and
# kills at a random 0…W ms (W = 1.25 × a whole import), every other trial at a random
# moment of the write transaction (timed beforehand by watching for the rollback journal).
# Afterwards — once the sqlite3 shell
# has rolled back any hot journal, as the next opener would — PRAGMA integrity_check must
# say ok and the places must number 1 or 20,001: all of the import or none of it.
#
# Exits 1 on any failure. Temporary files (.NAME.XXXXXX) left next to a destination by
# killed renders are expected (a SIGKILL runs no cleanup); they are counted and removed.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
binary=$(realpath "${1:-$root/.build/debug/maprender}")
render_trials=${2:-100}
import_trials=${3:-100}
[ -x "$binary" ] || { echo "no maprender at $binary (build it first)" >&2; exit 2; }
command -v sqlite3 >/dev/null || { echo "needs the sqlite3 shell" >&2; exit 2; }

work=$(mktemp -d /tmp/maprender-kill.XXXXXX)
trap 'rm -rf "$work"' EXIT
examples="$root/examples"
render=("$binary" --gpx "$examples/denver-ride.gpx" --places "$examples/favorites.db" --size 2400x1800 --callouts none)

# Milliseconds since the epoch.
now() { date +%s%3N; }

# Whether a file is a complete PNG: signature, chunks with their CRCs, IHDR first, IEND
# last, and IDAT that inflates to exactly the rows IHDR promises.
decodes() {
    python3 - "$1" <<'EOF'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
if data[:8] != b"\x89PNG\r\n\x1a\n":
    sys.exit(1)
offset, idat, header, ended = 8, b"", None, False
while offset + 12 <= len(data):
    (length,) = struct.unpack(">I", data[offset:offset + 4])
    kind, body = data[offset + 4:offset + 8], data[offset + 8:offset + 8 + length]
    (crc,) = struct.unpack(">I", data[offset + 8 + length:offset + 12 + length] or b"\0\0\0\0")
    if len(body) != length or zlib.crc32(kind + body) & 0xFFFFFFFF != crc:
        sys.exit(1)
    if kind == b"IHDR":
        header = struct.unpack(">IIBBBBB", body)
    elif kind == b"IDAT":
        idat += body
    elif kind == b"IEND":
        ended = True
        break
    offset += 12 + length
if not ended or header is None or offset + 12 != len(data):
    sys.exit(1)
width, height, depth, colour = header[:4]
channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour]
row = (width * channels * depth + 7) // 8 + 1
sys.exit(0 if len(zlib.decompress(idat)) == row * height else 1)
EOF
}

failures=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# Runs a command in the background, kills it after $1 ms, and waits for it.
kill_after() {
    local delay=$1
    shift
    "$@" >/dev/null 2>&1 &
    local pid=$!
    sleep "$(printf '%d.%03d' $((delay / 1000)) $((delay % 1000)))"
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
}

# --- Renders -------------------------------------------------------------------------------

echo "renders: making the reference maps"
"${render[@]}" -o "$work/reference.png" 2>/dev/null
"$binary" --pin 39.74,-104.99,Old --size 640x480 -o "$work/old.png" 2>/dev/null
decodes "$work/reference.png" || { echo "the reference render does not decode" >&2; exit 2; }
durations=()
for _ in 1 2 3; do
    started=$(now)
    "${render[@]}" -o "$work/timing.png" 2>/dev/null
    durations+=($(($(now) - started)))
done
render_ms=$(printf '%s\n' "${durations[@]}" | sort -n | sed -n 2p)
window=$((render_ms * 5 / 4))
[ "$window" -ge 300 ] || window=300
echo "renders: a whole render takes ${render_ms} ms; killing after 0…${window} ms, $render_trials trials"

mkdir -p "$work/out"
destination="$work/out/map.png"
absent=0 old=0 complete=0 leftovers=0
for trial in $(seq 1 "$render_trials"); do
    rm -f "$destination"
    started_with_old=$((trial % 2 == 0))
    [ "$started_with_old" -eq 0 ] || cp "$work/old.png" "$destination"
    kill_after $((RANDOM % (window + 1))) "${render[@]}" -o "$destination"
    if [ ! -e "$destination" ]; then
        [ "$started_with_old" -eq 0 ] || fail "render trial $trial: the older map is gone"
        absent=$((absent + 1))
    elif cmp -s "$destination" "$work/old.png" && [ "$started_with_old" -eq 1 ]; then
        old=$((old + 1))
    elif cmp -s "$destination" "$work/reference.png" && decodes "$destination"; then
        complete=$((complete + 1))
    else
        cp "$destination" "$work/../maprender-kill-partial-$trial.png" 2>/dev/null || true
        fail "render trial $trial: the destination is neither absent, the older map nor the whole new one ($(stat -c %s "$destination") bytes)"
    fi
    # What a killed render leaves: its temporary file, never at the destination's name.
    count=$(find "$work/out" -name '.map.png.??????' | wc -l)
    leftovers=$((leftovers + count))
    find "$work/out" -name '.map.png.??????' -delete
    others=$(find "$work/out" -mindepth 1 ! -name map.png | wc -l)
    [ "$others" -eq 0 ] || fail "render trial $trial: unexpected files in the output folder"
done
echo "renders: $render_trials trials: $absent left no file, $old left the older map, $complete left the whole new map;" \
    "$leftovers temporary files left beside the destination"

# --- Imports -------------------------------------------------------------------------------

echo "imports: making a 20,000-row CSV and a database of 1 place"
python3 - "$work/places.csv" <<'EOF'
import random, sys
rng = random.Random(8)
with open(sys.argv[1], "w") as out:
    out.write("name,street,city,state,postal,latitude,longitude,display_proximity,display_radius,going_next,pin_color\n")
    for i in range(20000):
        out.write(f"Place {i},{i} Main St,Denver,CO,80202,{39 + rng.random():.6f},{-105 + rng.random():.6f},{i % 2},{100 + i % 500},0,red\n")
EOF
"$binary" places add --db "$work/base.db" --name Base --lat 39.74 --lon -104.99 >/dev/null
cp "$work/base.db" "$work/timing.db"
started=$(now)
"$binary" places import --db "$work/timing.db" "$work/places.csv" >/dev/null
import_ms=$(($(now) - started))
[ "$(sqlite3 "$work/timing.db" 'SELECT count(*) FROM places')" = 20001 ] || { echo "a whole import did not add 20,000 places" >&2; exit 2; }
window=$((import_ms * 5 / 4))
# Most of an import is reading and checking the CSV; the write transaction is the part that
# matters. Find when it runs (while the rollback journal exists), so that every other trial
# can aim its kill at it.
cp "$work/base.db" "$work/calibrate.db"
started=$(now)
"$binary" places import --db "$work/calibrate.db" "$work/places.csv" >/dev/null &
pid=$!
first=0 last=0
while kill -0 "$pid" 2>/dev/null; do
    if [ -e "$work/calibrate.db-journal" ]; then
        [ "$first" -gt 0 ] || first=$(($(now) - started))
        last=$(($(now) - started))
    fi
    sleep 0.002
done
wait "$pid" || true
total=$(($(now) - started))
# Watching slows the import down: scale the transaction's place to an unwatched import.
if [ "$first" -eq 0 ]; then
    first=$((import_ms * 3 / 4)) last=$import_ms
else
    first=$((first * import_ms / total)) last=$((last * import_ms / total))
fi
aim_from=$((first > 20 ? first - 20 : 0)) aim_to=$((last + 20))
echo "imports: a whole import takes ${import_ms} ms, its write transaction about ${first}…${last} ms;" \
    "$import_trials trials, killing after 0…${window} ms (odd trials) or ${aim_from}…${aim_to} ms (even trials)"

none=0 all=0 journals=0
for trial in $(seq 1 "$import_trials"); do
    rm -f "$work/favs.db" "$work/favs.db-journal" "$work/favs.db-wal" "$work/favs.db-shm"
    cp "$work/base.db" "$work/favs.db"
    if [ $((trial % 2)) -eq 1 ]; then delay=$((RANDOM % (window + 1))); else delay=$((aim_from + RANDOM % (aim_to - aim_from + 1))); fi
    kill_after "$delay" "$binary" places import --db "$work/favs.db" "$work/places.csv"
    # A hot journal means the kill landed inside the write transaction.
    [ ! -e "$work/favs.db-journal" ] || journals=$((journals + 1))
    integrity=$(sqlite3 "$work/favs.db" 'PRAGMA integrity_check' 2>&1 || true)
    count=$(sqlite3 "$work/favs.db" 'SELECT count(*) FROM places' 2>&1 || true)
    [ "$integrity" = ok ] || fail "import trial $trial: integrity_check says: $integrity"
    case "$count" in
    1) none=$((none + 1)) ;;
    20001) all=$((all + 1)) ;;
    *) fail "import trial $trial: $count places, neither 1 nor 20,001" ;;
    esac
done
echo "imports: $import_trials trials: $none kept none of the import, $all all of it;" \
    "$journals were killed inside the write transaction (a hot journal rolled back)"

echo
echo "kill safety: $render_trials render trials, $import_trials import trials, $failures failures ($(date -u +%Y-%m-%d), $(nproc) cores)"
[ "$failures" -eq 0 ]
