#!/usr/bin/env python3
"""Ascent and descent of tracks by maprender (`track stats --json`) beside the ways
gpx.studio and GPXSee count them, re-implemented here from reading their sources:

- gpx.studio (gpx package, gpx.ts `_computeSmoothedElevation`): each point's elevation is
  the mean of the points within 100 m of it (great-circle distance, the first and last
  points kept as they are); ascent is the sum of the rises of that smoothed line.
- GPXSee (src/data/track.cpp `filter`, src/GUI/elevationgraphitem.cpp): a moving average
  over 3 points, then the sum of the rises (its outlier elimination by acceleration is
  left out here; the tracks below have no such outliers).
- raw: the sum of every rise of the recorded altitudes, for scale.

Files are read through GPSBabel (`gpsbabel -i FORMAT -f FILE -o gpx -F -`), so FIT, TCX
and GPX are read by a third party, not by maprender. Usage, from the repository root:

    swift build -c release --product maprender
    python3 Benchmarks/ascent/compare.py .build/release/maprender FILE...
"""
import json
import math
import re
import subprocess
import sys

FORMATS = {".gpx": "gpx", ".fit": "garmin_fit", ".tcx": "gtrnctr"}


def segments(path):
    kind = FORMATS[path[path.rfind("."):].lower()]
    gpx = subprocess.run(["gpsbabel", "-i", kind, "-f", path, "-o", "gpx", "-F", "-"],
                         capture_output=True, text=True, check=True).stdout
    result = []
    for body in re.findall(r"<trkseg>(.*?)</trkseg>", gpx, re.S):
        points = []
        for lat, lon, rest in re.findall(r'<trkpt lat="([-0-9.]+)" lon="([-0-9.]+)">(.*?)</trkpt>', body, re.S):
            ele = re.search(r"<ele>([-0-9.]+)</ele>", rest)
            if ele:
                points.append((float(lat), float(lon), float(ele.group(1))))
        if points:
            result.append(points)
    return result


def great_circle(a, b):
    rad = math.pi / 180
    c = math.sin(a[0] * rad) * math.sin(b[0] * rad) + math.cos(a[0] * rad) * math.cos(b[0] * rad) * math.cos(
        (b[1] - a[1]) * rad)
    return 6371008.8 * math.acos(min(c, 1))


def rises(values):
    up = sum(max(0, b - a) for a, b in zip(values, values[1:]))
    down = sum(max(0, a - b) for a, b in zip(values, values[1:]))
    return up, down


def gpx_studio(points):
    smoothed = []
    for p in points:
        near = [q[2] for q in points if great_circle(p, q) <= 100]
        smoothed.append(sum(near) / len(near))
    smoothed[0], smoothed[-1] = points[0][2], points[-1][2]
    return rises(smoothed)


def gpxsee(points, window=3):
    values = [p[2] for p in points]
    if len(values) < window:
        return rises(values)
    half = window // 2
    out = list(values)
    for i in range(len(values)):
        lo, hi = max(0, i - half), min(len(values), i + half + 1)
        if lo == 0:
            lo, hi = 0, window
        if hi == len(values):
            lo, hi = len(values) - window, len(values)
        out[i] = sum(values[lo:hi]) / window
    return rises(out)


def total(method, parts):
    ups, downs = zip(*(method(p) for p in parts)) if parts else ((0,), (0,))
    return sum(ups), sum(downs)


def main():
    maprender, files = sys.argv[1], sys.argv[2:]
    print(f"{'track':<46} {'fixes':>6} {'maprender':>13} {'gpx.studio':>13} {'GPXSee':>13} {'raw':>13}")
    for path in files:
        stats = json.loads(subprocess.run([maprender, "track", "stats", "--json", path],
                                          capture_output=True, text=True, check=True).stdout)
        parts = segments(path)
        row = [total(m, parts) for m in (gpx_studio, gpxsee, lambda p: rises([q[2] for q in p]))]
        ours = (stats["elevation_gain"] or 0, stats["elevation_loss"] or 0)
        cells = [f"{u:6.0f}/{d:<6.0f}" for u, d in [ours] + row]
        print(f"{path[-46:]:<46} {sum(map(len, parts)):>6} " + " ".join(f"{c:>13}" for c in cells))


if __name__ == "__main__":
    main()
