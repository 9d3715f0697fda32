#!/bin/sh
# Peak resident memory of `maprender batch --each place` against the number of favorites
# (Benchmarks/README.md, "Batch memory: --each place").
#
#   swift build -c release --product maprender
#   Benchmarks/each-memory.sh 1000 100000 1000000
#
# Each database holds N favorites in the native schema (DESIGN.md §3), spread over the
# world, made once with the sqlite3 shell. Every run is `--dry-run`, which reads every
# favorite and makes its job exactly as a rendering run does, without drawing, so the
# figures are the reading of the table and not the maps. MAPRENDER_BIN picks the binary,
# EACH_MEMORY_DIR the folder (tmpfs by default). Needs GNU time (/usr/bin/time) and sqlite3.
set -eu
[ $# -eq 0 ] && set -- 1000 100000 1000000
binary=${MAPRENDER_BIN:-.build/release/maprender}
folder=${EACH_MEMORY_DIR:-/dev/shm/maprender-each-memory}
mkdir -p "$folder"
for n in "$@"; do
    database="$folder/favorites-$n.db"
    [ -f "$database" ] || sqlite3 "$database" <<SQL
CREATE TABLE places (
  id INTEGER PRIMARY KEY, name TEXT NOT NULL, street TEXT, city TEXT, state TEXT, postal TEXT,
  latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  display_proximity INTEGER NOT NULL DEFAULT 0, display_radius REAL,
  going_next INTEGER NOT NULL DEFAULT 0, pin_color TEXT);
PRAGMA user_version = 1;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $n)
INSERT INTO places (id, name, street, city, latitude, longitude)
SELECT i, 'Favorite place number ' || i, i || ' Main Street', 'Springfield',
       (i % 160) - 80, (i % 340) - 170 FROM n;
SQL
    /usr/bin/time -f "$n favorites: %M KB peak RSS, %e s" "$binary" batch --places "$database" --each place \
        -o "$folder/out/{id}.png" --size 64x64 --basemap none --dry-run 2>&1 >/dev/null | tail -1
done
