#!/usr/bin/env python3
"""Writes examples/denver-ride.gpx and examples/denver-ride.csv: a made-up but realistic bike
ride in Denver, for trying `maprender track stats`, `maprender track events` and track maps.

The ride: from Confluence Park south-east along the Cherry Creek Trail (beside Speer
Boulevard) to Downing Street, south to Washington Park, once around the park, and back
north through Civic Center Park, the 16th Street Mall and Union Station to Confluence Park.
About 16.5 km in about an hour (472 fixes, one every 8 seconds), starting Saturday 2024-06-08 at
09:00 MDT (15:00 UTC).

What it exercises:
- elevation: about 1575 m at the South Platte River rising gently to about 1625 m at Wash
  Park, with a little GPS noise (elevation gain should come out near 50 m each way, not
  hundreds of meters of jitter);
- hdop on every fix (0.7-1.6, horizontal accuracy estimate 3.5-8 m);
- a three-minute pause at the Wash Park boathouse with the logger still running (fixes
  wander by a couple of meters; the moving time leaves it out);
- two noisy fixes with hdop 30 (150 m estimated accuracy) thrown 80-120 m off the path,
  which `--max-accuracy 100` (the default) drops;
- two waypoints (Confluence Park, Washington Park Boathouse).

Deterministic: a fixed random seed, no clock. Standard library only. Run from anywhere:
    python3 examples/make-denver-ride.py
"""
import math
import os
import random
from datetime import datetime, timedelta, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
START = datetime(2024, 6, 8, 15, 0, 0, tzinfo=timezone.utc)
INTERVAL = 8  # seconds between fixes
EARTH_RADIUS = 6_371_008.8  # meters; spherical geometry is plenty for making up a path

# (latitude, longitude, elevation in meters) along the way.
ROUTE = [
    (39.75460, -105.00790, 1575),  # Confluence Park
    (39.75100, -105.00100, 1578),  # Speer Blvd at Larimer St, on the Cherry Creek Trail
    (39.74560, -104.99560, 1582),
    (39.74020, -104.99300, 1586),  # Colfax Ave
    (39.73330, -104.99020, 1590),
    (39.72540, -104.98790, 1595),  # Broadway
    (39.72180, -104.98080, 1600),
    (39.71960, -104.97320, 1604),  # Downing St: leave the trail
    (39.71300, -104.97330, 1610),
    (39.70800, -104.97180, 1615),  # Washington Park, north end
    (39.70350, -104.96520, 1620),  # east side
    (39.69650, -104.96550, 1624),
    (39.69450, -104.96960, 1625),  # south end
    (39.69880, -104.97380, 1621),  # west side
    (39.70060, -104.97190, 1620),  # the boathouse on Smith Lake: pause here
    (39.70620, -104.97400, 1616),
    (39.71300, -104.97600, 1610),
    (39.72180, -104.97750, 1603),
    (39.72900, -104.98050, 1597),  # Capitol Hill, heading for downtown
    (39.73740, -104.98580, 1592),  # Civic Center Park
    (39.74060, -104.98900, 1588),
    (39.74500, -104.99400, 1584),  # 16th Street Mall
    (39.74920, -104.99950, 1580),
    (39.75300, -105.00040, 1578),  # Union Station
    (39.75520, -105.00450, 1576),
    (39.75460, -105.00790, 1575),  # back at Confluence Park
]
PAUSE_AT = 14  # the index in ROUTE of the boathouse
PAUSE_SECONDS = 180
NOISY_FIXES = {57: (95, 30.0), 301: (120, 30.0)}  # fix index: (meters off the path, hdop)
WAYPOINTS = [
    ("Confluence Park", "Where Cherry Creek meets the South Platte River", 39.75460, -105.00790, 1575),
    ("Washington Park Boathouse", "Smith Lake, Washington Park", 39.70060, -104.97190, 1620),
]


def distance(a, b):
    """Haversine distance in meters between (lat, lon) pairs."""
    p1, p2 = math.radians(a[0]), math.radians(b[0])
    dp, dl = p2 - p1, math.radians(b[1] - a[1])
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS * math.asin(math.sqrt(h))


def offset(lat, lon, north, east):
    """The point `north` and `east` meters away."""
    dlat = math.degrees(north / EARTH_RADIUS)
    dlon = math.degrees(east / (EARTH_RADIUS * math.cos(math.radians(lat))))
    return lat + dlat, lon + dlon


def bearing(a, b):
    p1, p2 = math.radians(a[0]), math.radians(b[0])
    dl = math.radians(b[1] - a[1])
    y = math.sin(dl) * math.cos(p2)
    x = math.cos(p1) * math.sin(p2) - math.sin(p1) * math.cos(p2) * math.cos(dl)
    return math.degrees(math.atan2(y, x)) % 360


def ride():
    """Yields fixes: dict(lat, lon, ele, time, hdop, course, speed)."""
    rng = random.Random(20240608)
    t = 0.0
    leg, along = 0, 0.0  # the current leg of ROUTE and the meters gone along it
    fixes = []
    paused = False
    while leg < len(ROUTE) - 1:
        a, b = ROUTE[leg], ROUTE[leg + 1]
        length = distance(a, b)
        f = min(along / length, 1.0)
        lat = a[0] + (b[0] - a[0]) * f
        lon = a[1] + (b[1] - a[1]) * f
        ele = a[2] + (b[2] - a[2]) * f
        climbing = b[2] > a[2]
        speed = rng.uniform(3.8, 4.6) if climbing else rng.uniform(4.6, 5.6)  # m/s
        fixes.append(dict(lat=lat, lon=lon, ele=ele, t=t, speed=speed, course=bearing(a, b)))
        if leg == PAUSE_AT and not paused:
            # Standing at the boathouse: the logger keeps recording a wandering position.
            paused = True
            for _ in range(PAUSE_SECONDS // INTERVAL):
                t += INTERVAL
                fixes.append(dict(lat=lat, lon=lon, ele=ele, t=t, speed=0.0, course=None))
        t += INTERVAL
        along += speed * INTERVAL
        while leg < len(ROUTE) - 1 and along >= distance(ROUTE[leg], ROUTE[leg + 1]):
            along -= distance(ROUTE[leg], ROUTE[leg + 1])
            leg += 1
            if leg == PAUSE_AT:
                along = 0.0  # stop exactly at the boathouse
    last = ROUTE[-1]
    fixes.append(dict(lat=last[0], lon=last[1], ele=last[2], t=t, speed=0.0, course=None))

    # GPS error: a couple of meters of position noise, a meter or so of altitude noise.
    for index, fix in enumerate(fixes):
        hdop = round(rng.uniform(0.7, 1.6), 1)
        north, east = rng.gauss(0, 1.5), rng.gauss(0, 1.5)
        if index in NOISY_FIXES:
            off, hdop = NOISY_FIXES[index]
            angle = rng.uniform(0, 2 * math.pi)
            north, east = off * math.cos(angle), off * math.sin(angle)
        fix["lat"], fix["lon"] = offset(fix["lat"], fix["lon"], north, east)
        fix["ele"] += rng.gauss(0, 0.6)
        fix["hdop"] = hdop
    return fixes


def iso(seconds):
    return (START + timedelta(seconds=seconds)).strftime("%Y-%m-%dT%H:%M:%SZ")


def write_gpx(fixes, path):
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<gpx version="1.1" creator="maprender examples/make-denver-ride.py"',
        '     xmlns="http://www.topografix.com/GPX/1/1"',
        '     xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
        '     xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">',
        "  <metadata>",
        "    <name>Denver ride: Cherry Creek Trail to Wash Park</name>",
        f"    <time>{iso(0)}</time>",
        "  </metadata>",
    ]
    for name, desc, lat, lon, ele in WAYPOINTS:
        lines += [
            f'  <wpt lat="{lat:.6f}" lon="{lon:.6f}">',
            f"    <ele>{ele:.1f}</ele>",
            f"    <name>{name}</name>",
            f"    <desc>{desc}</desc>",
            "  </wpt>",
        ]
    lines += ["  <trk>", "    <name>Cherry Creek Trail to Wash Park and back</name>", "    <type>cycling</type>", "    <trkseg>"]
    for fix in fixes:
        lines += [
            f'      <trkpt lat="{fix["lat"]:.6f}" lon="{fix["lon"]:.6f}">',
            f'        <ele>{fix["ele"]:.1f}</ele>',
            f'        <time>{iso(fix["t"])}</time>',
            f'        <hdop>{fix["hdop"]:.1f}</hdop>',
            "      </trkpt>",
        ]
    lines += ["    </trkseg>", "  </trk>", "</gpx>", ""]
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write("\n".join(lines))


def write_csv(fixes, path):
    """Every third fix (and the last), with the accuracy in meters as an app would log it."""
    rows = ["latitude,longitude,horizontal_accuracy,altitude,vertical_accuracy,course,speed,timestamp"]
    chosen = fixes[::3] + ([fixes[-1]] if (len(fixes) - 1) % 3 else [])
    for fix in chosen:
        course = "-1" if fix["course"] is None else f'{fix["course"]:.1f}'
        rows.append(
            f'{fix["lat"]:.6f},{fix["lon"]:.6f},{fix["hdop"] * 5:.1f},{fix["ele"]:.1f},'
            f'{fix["hdop"] * 7.5:.1f},{course},{fix["speed"]:.2f},{iso(fix["t"])}'
        )
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write("\n".join(rows) + "\n")


if __name__ == "__main__":
    fixes = ride()
    write_gpx(fixes, os.path.join(HERE, "denver-ride.gpx"))
    write_csv(fixes, os.path.join(HERE, "denver-ride.csv"))
    print(f"{len(fixes)} fixes, {fixes[-1]['t'] / 60:.1f} minutes")
