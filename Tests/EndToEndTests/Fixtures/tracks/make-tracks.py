#!/usr/bin/env python3
"""Writes the track files of the cleaning and events tests, each a case from the issue
"track stats reports 0.00 km" and its follow-ups. No accuracy data (no hdop), so every fix
passes the accuracy rule; the tests compare distances with the WGS84 geodesic sum that
maprender's own geodesic gives for the same file.

- planner-sparse.gpx: a route planner's export, 6 fixes hours apart over about 11 km.
- sparse-20km.gpx: 10 fixes about 20 km apart, 15 minutes apart (195.8 km in all).
- hike-repeated-time.gpx: a 184-fix mountain hike whose timestamps all repeat one instant.
- backwards-time.csv: a ride whose clock steps back 20 s once (a clock correction).
- spike.gpx: a ride with one fix thrown 1 km off the path and straight back.
- car-per-minute.csv: a car logging one fix a minute at 100 km/h.
- partly-timed.gpx: a ride east past place A (fix 10, 39.7, -105.044156) and place B
  (fix 70, 39.7, -105.009090), in two trk elements; the first (the start, recorded before
  the receiver knew the time) has no times, the second only some.

Deterministic: no randomness, no clock. Standard library only. Run from anywhere:
    python3 Tests/EndToEndTests/Fixtures/tracks/make-tracks.py
"""
import math
import os
from datetime import datetime, timedelta, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
EARTH_RADIUS = 6_371_008.8  # meters; spherical geometry is plenty for making up a path
START = datetime(2024, 6, 8, 15, 0, 0, tzinfo=timezone.utc)


def destination(lat, lon, bearing, distance):
    """The point `distance` meters from (lat, lon) at `bearing` degrees, on a sphere."""
    p1, l1, b = math.radians(lat), math.radians(lon), math.radians(bearing)
    d = distance / EARTH_RADIUS
    p2 = math.asin(math.sin(p1) * math.cos(d) + math.cos(p1) * math.sin(d) * math.cos(b))
    l2 = l1 + math.atan2(math.sin(b) * math.sin(d) * math.cos(p1), math.cos(d) - math.sin(p1) * math.sin(p2))
    return math.degrees(p2), math.degrees(l2)


def walk(lat, lon, legs):
    """Points from (lat, lon) along (bearing, distance) legs, the start included."""
    points = [(lat, lon)]
    for bearing, distance in legs:
        points.append(destination(*points[-1], bearing, distance))
    return points


def iso(seconds):
    return (START + timedelta(seconds=seconds)).strftime("%Y-%m-%dT%H:%M:%SZ")


def gpx(path, tracks, name):
    """tracks: [(track name, [[(lat, lon, ele or None, seconds or None)]])]."""
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<gpx version="1.1" creator="maprender Tests/EndToEndTests/Fixtures/tracks/make-tracks.py"'
        ' xmlns="http://www.topografix.com/GPX/1/1">',
        f"  <metadata><name>{name}</name></metadata>",
    ]
    for track_name, segments in tracks:
        lines += ["  <trk>", f"    <name>{track_name}</name>"]
        for segment in segments:
            lines.append("    <trkseg>")
            for lat, lon, ele, seconds in segment:
                inner = ""
                if ele is not None:
                    inner += f"<ele>{ele:.1f}</ele>"
                if seconds is not None:
                    inner += f"<time>{iso(seconds)}</time>"
                lines.append(f'      <trkpt lat="{lat:.6f}" lon="{lon:.6f}">{inner}</trkpt>')
            lines.append("    </trkseg>")
        lines.append("  </trk>")
    lines += ["</gpx>", ""]
    with open(os.path.join(HERE, path), "w", encoding="utf-8", newline="\n") as out:
        out.write("\n".join(lines))


def csv(path, rows):
    """rows: [(lat, lon, seconds)]."""
    text = ["latitude,longitude,timestamp"] + [f"{lat:.6f},{lon:.6f},{iso(t)}" for lat, lon, t in rows]
    with open(os.path.join(HERE, path), "w", encoding="utf-8", newline="\n") as out:
        out.write("\n".join(text) + "\n")


def planner_sparse():
    # Six points of a planned walk in the foothills west of Denver, 1.5–3 hours apart.
    points = walk(39.6650, -105.2050, [(300, 2300), (270, 2100), (320, 2400), (280, 2000), (250, 2200)])
    hours = [0, 2, 4.5, 6, 8, 9.5]
    gpx("planner-sparse.gpx", [("Planned walk", [[(lat, lon, None, h * 3600) for (lat, lon), h in zip(points, hours)]])],
        "A route planner's export")


def sparse_20km():
    # Denver to near Colorado Springs and back west: nine steps of about 21.76 km.
    bearings = [170, 185, 160, 200, 175, 150, 190, 210, 165]
    # 21.782 km on the sphere makes 195.8 km of WGS84 geodesics at this latitude.
    points = walk(39.7392, -104.9903, [(b, 21_782) for b in bearings])
    gpx("sparse-20km.gpx", [("Every 20 km", [[(lat, lon, None, i * 900) for i, (lat, lon) in enumerate(points)]])],
        "10 fixes about 20 km apart")


def hike_repeated_time():
    # Up a switchbacking trail: 183 steps of 45 m, turning back and forth, 600 m of climb.
    legs = []
    for i in range(183):
        bearing = 20 if (i // 12) % 2 == 0 else 200 + 40  # switchbacks every 12 steps
        legs.append((bearing + (i % 3) * 5, 45))
    points = walk(40.3120, -105.6450, legs)
    fixes = [(lat, lon, 2900 + 600 * i / 183, 0) for i, (lat, lon) in enumerate(points)]
    gpx("hike-repeated-time.gpx", [("Hike, one timestamp", [fixes])], "A hike whose logger repeated one time")


def backwards_time():
    # 30 fixes 50 m and 10 s apart (5 m/s); after the 15th the clock steps back 20 s.
    points = walk(39.7392, -104.9903, [(45, 50)] * 29)
    times = [i * 10 if i < 15 else i * 10 - 20 for i in range(30)]
    csv("backwards-time.csv", [(lat, lon, t) for (lat, lon), t in zip(points, times)])


def spike():
    # 61 fixes 25 m and 5 s apart (5 m/s); fix 30 is thrown 1 km east and comes straight back.
    points = walk(39.7392, -104.9903, [(10, 25)] * 60)
    points[30] = destination(*points[30], 90, 1000)
    gpx("spike.gpx", [("Ride with a spike", [[(lat, lon, None, i * 5) for i, (lat, lon) in enumerate(points)]])],
        "A ride with a GPS spike")


def car_per_minute():
    # 31 fixes a minute apart at 100 km/h (1666.7 m), along a gently curving highway.
    points = walk(39.7392, -104.9903, [(100 + 2 * i, 100_000 / 60) for i in range(30)])
    csv("car-per-minute.csv", [(lat, lon, i * 60) for i, (lat, lon) in enumerate(points)])


def partly_timed():
    # 80 fixes 50 m apart heading east: place A at fix 10 (first quarter), place B at fix 70
    # (last quarter). The first 25 fixes are a trk of their own, without times; of the rest
    # every other fix has a time.
    points = walk(39.7000, -105.0500, [(90, 50)] * 79)
    untimed = [(lat, lon, None, None) for lat, lon in points[:25]]
    timed = [(lat, lon, None, 250 + i * 10 if i % 2 == 0 else None) for i, (lat, lon) in enumerate(points[25:])]
    gpx("partly-timed.gpx", [("Before the time fix", [untimed]), ("After the time fix", [timed])],
        "A ride whose first fixes have no time")


if __name__ == "__main__":
    planner_sparse()
    sparse_20km()
    hike_repeated_time()
    backwards_time()
    spike()
    car_per_minute()
    partly_timed()
