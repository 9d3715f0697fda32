"""The nightly workload (W8, Benchmarks/README.md): N GPX 1.1 tracks around central Helsinki
and a JSON Lines manifest that draws each one over the street basemap, with the default
Start/End pins and the stats box, 800x600 PNG.

    python3 make_nightly_tracks.py N OUT_DIR [--seed S] [--archive PATH]

Writes OUT_DIR/tracks/track-NNNNN.gpx and OUT_DIR/jobs.jsonl (one job per track, absolute
paths, outputs relative to the batch's --out-dir). Standard library only; the same N and
seed give byte-identical files, and the first N tracks of a larger run are the N tracks of
a smaller one (each track has its own generator, seeded from the seed and its index).

Every fix lies inside the archive's bounds (read from its PMTiles v3 header), with a small
inset so the stroke and pins stay over drawn tiles. A track is a walk (3.5-6 km/h) or a
ride (10-18 km/h) of 20-90 minutes, one fix every 5-10 s: a random walk whose heading
drifts and turns now and then like a street corner, bouncing off the box's edges, with
GPS noise, a smooth elevation profile around sea level and UTC timestamps starting between
04:00 and 18:00 on one day.
"""

import argparse
import datetime
import json
import math
import os
import random
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_ARCHIVE = os.path.normpath(os.path.join(HERE, "..", "..", "examples", "helsinki", "helsinki.pmtiles"))
EARTH_RADIUS = 6_371_008.8
INSET = 0.08  # of the box's width and height, on each side


def pmtiles_bounds(path):
    """(west, south, east, north) in degrees from a PMTiles v3 header (127 bytes)."""
    with open(path, "rb") as f:
        header = f.read(127)
    if len(header) < 127 or header[:7] != b"PMTiles" or header[7] != 3:
        raise SystemExit(f"{path}: not a PMTiles v3 archive")
    west, south, east, north = struct.unpack("<4i", header[102:118])
    return west / 1e7, south / 1e7, east / 1e7, north / 1e7


def make_track(rng, bounds, start_time):
    west, south, east, north = bounds
    lat0 = (south + north) / 2
    metres_per_deg_lat = math.pi * EARTH_RADIUS / 180
    metres_per_deg_lon = metres_per_deg_lat * math.cos(math.radians(lat0))
    # Work in metres east and north of the south-west corner of the inset box.
    width = (east - west) * metres_per_deg_lon
    height = (north - south) * metres_per_deg_lat
    x_min, x_max = width * INSET, width * (1 - INSET)
    y_min, y_max = height * INSET, height * (1 - INSET)

    ride = rng.random() < 0.35
    speed_mean = rng.uniform(10, 18) / 3.6 if ride else rng.uniform(3.5, 6.0) / 3.6
    duration = rng.uniform(20 * 60, 90 * 60)
    x, y = rng.uniform(x_min, x_max), rng.uniform(y_min, y_max)
    heading = rng.uniform(0, 2 * math.pi)
    elevation = rng.uniform(2, 20)
    elevation_trend = 0.0
    t = 0.0
    fixes = []
    while True:
        noise_x, noise_y = rng.gauss(0, 2.5), rng.gauss(0, 2.5)
        lon = west + (x + noise_x) / metres_per_deg_lon
        lat = south + (y + noise_y) / metres_per_deg_lat
        fixes.append((lat, lon, elevation, start_time + datetime.timedelta(seconds=round(t))))
        if t >= duration:
            break
        step = rng.uniform(5, 10)
        t += step
        if rng.random() < 0.04:  # a stop at a crossing
            continue
        if rng.random() < 0.06:  # a street corner
            heading += rng.choice((-1, 1)) * math.pi / 2 + rng.gauss(0, 0.2)
        heading += rng.gauss(0, 0.08)
        speed = max(0.5, rng.gauss(speed_mean, speed_mean * 0.15))
        x += math.cos(heading) * speed * step
        y += math.sin(heading) * speed * step
        if not x_min <= x <= x_max:  # bounce off the edge of the box
            x = 2 * x_min - x if x < x_min else 2 * x_max - x
            heading = math.pi - heading
        if not y_min <= y <= y_max:
            y = 2 * y_min - y if y < y_min else 2 * y_max - y
            heading = -heading
        elevation_trend = 0.9 * elevation_trend + rng.gauss(0, 0.05)
        elevation = min(40.0, max(0.0, elevation + elevation_trend * step / 5))
    return ("Ride" if ride else "Walk"), fixes


def gpx_text(name, fixes):
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<gpx version="1.1" creator="maprender Benchmarks/vector/make_nightly_tracks.py"',
        '     xmlns="http://www.topografix.com/GPX/1/1">',
        "  <metadata>",
        f"    <name>{name}</name>",
        f"    <time>{fixes[0][3].strftime('%Y-%m-%dT%H:%M:%SZ')}</time>",
        "  </metadata>",
        "  <trk>",
        f"    <name>{name}</name>",
        "    <trkseg>",
    ]
    for lat, lon, ele, when in fixes:
        lines.append(
            f'      <trkpt lat="{lat:.7f}" lon="{lon:.7f}"><ele>{ele:.1f}</ele>'
            f"<time>{when.strftime('%Y-%m-%dT%H:%M:%SZ')}</time></trkpt>"
        )
    lines += ["    </trkseg>", "  </trk>", "</gpx>", ""]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("count", type=int)
    parser.add_argument("out_dir")
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--archive", default=DEFAULT_ARCHIVE)
    args = parser.parse_args()
    archive = os.path.abspath(args.archive)
    bounds = pmtiles_bounds(archive)
    out_dir = os.path.abspath(args.out_dir)
    tracks_dir = os.path.join(out_dir, "tracks")
    os.makedirs(tracks_dir, exist_ok=True)
    day = datetime.datetime(2026, 6, 1, 4, 0, 0)
    with open(os.path.join(out_dir, "jobs.jsonl"), "w") as manifest:
        for i in range(1, args.count + 1):
            rng = random.Random(args.seed * 1_000_003 + i)
            start = day + datetime.timedelta(seconds=rng.randrange(0, 14 * 3600))
            kind, fixes = make_track(rng, bounds, start)
            name = f"{kind} {i:05d}"
            path = os.path.join(tracks_dir, f"track-{i:05d}.gpx")
            with open(path, "w") as f:
                f.write(gpx_text(name, fixes))
            job = {
                "id": f"track-{i:05d}",
                "output": f"track-{i:05d}.png",
                "gpx": path,
                "basemap": archive,
                "stats": True,
                "size": "800x600",
            }
            manifest.write(json.dumps(job) + "\n")


if __name__ == "__main__":
    main()
