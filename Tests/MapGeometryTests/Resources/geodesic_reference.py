#!/usr/bin/env python3
"""Reference values for the WGS84 geodesic tests (GeodesicTests.swift).

Computes inverse and direct geodesic problems with GeographicLib, Karney's reference
implementation (accurate to about 15 nanometres), and prints them as CSV on stdout.

Needs:   pip install geographiclib
Rerun:   python3 Tests/MapGeometryTests/Resources/geodesic_reference.py \
             > Tests/MapGeometryTests/Resources/geodesic_reference.csv

Columns: kind,group,lat1,lon1,lat2,lon2,s12,azi1,azi2 (degrees and metres).
  kind "inverse": input lat1,lon1,lat2,lon2; expected s12, azi1, azi2.
  kind "direct":  input lat1,lon1,azi1,s12;  expected lat2, lon2, azi2.
  group names the kind of case (random, short, equator, antipodal, ...) for failure messages.
Floats are written with repr(), which round-trips exactly. The random seed is fixed, so the
output only changes when this script or GeographicLib changes.
"""

import math
import random
import sys

from geographiclib.geodesic import Geodesic

WGS84 = Geodesic.WGS84
rng = random.Random(20131001)  # fixed seed: Karney's paper, J. Geodesy 87 (2013)
rows = []


def random_latitude():
    """Latitude of a point uniformly distributed on the sphere, degrees."""
    return math.degrees(math.asin(rng.uniform(-1, 1)))


def random_longitude():
    return rng.uniform(-180, 180)


def inverse(group, lat1, lon1, lat2, lon2):
    g = WGS84.Inverse(lat1, lon1, lat2, lon2)
    rows.append(("inverse", group, lat1, lon1, lat2, lon2, g["s12"], g["azi1"], g["azi2"]))


def direct(group, lat1, lon1, azi1, s12):
    g = WGS84.Direct(lat1, lon1, azi1, s12)
    rows.append(("direct", group, lat1, lon1, g["lat2"], g["lon2"], s12, azi1, g["azi2"]))


# Random pairs anywhere on the globe.
for _ in range(80):
    inverse("random", random_latitude(), random_longitude(), random_latitude(), random_longitude())

# Short distances, 1 m to 1 km (end points found with the direct problem).
for _ in range(30):
    lat1, lon1, azi = random_latitude(), random_longitude(), rng.uniform(-180, 180)
    g = WGS84.Direct(lat1, lon1, azi, 10 ** rng.uniform(0, 3))
    inverse("short", lat1, lon1, g["lat2"], g["lon2"])

# The equator: the equator itself is the geodesic up to 180°(1 - f) of longitude; beyond
# that the shortest path leaves the equator and goes over a pole.
for dlon in (0.0, 1e-9, 1.0, 45.0, 90.0, 135.0, 179.0, 179.4, 179.5, 179.6, 179.9, 180.0):
    inverse("equator", 0.0, 10.0, 0.0, 10.0 + dlon)
for _ in range(5):
    inverse("equator", 0.0, random_longitude(), 0.0, random_longitude())

# Meridians, including paths over a pole (longitudes 180° apart).
for lat1, lat2 in ((0, 90), (-90, 90), (10, 80), (-45, 45), (1e-9, -1e-9), (60, 60.000001)):
    inverse("meridian", lat1, 30.0, lat2, 30.0)
for lat1, lat2 in ((80, 80), (45, 60), (-30, -70), (89, 89.5)):
    inverse("meridian", lat1, -100.0, lat2, 80.0)
for _ in range(5):
    lon = random_longitude()
    inverse("meridian", random_latitude(), lon, random_latitude(), lon)

# Points on the poles.
for lat1, lon1, lat2, lon2 in ((90, 0, -90, 0), (90, 0, 90, 0), (90, 0, 90, 50),
                               (-90, 30, 0, 0), (90, -170, 45, 170), (-90, 0, -89, 123),
                               (0, 0, 90, 0), (12, 34, -90, 0)):
    inverse("pole", lat1, lon1, lat2, lon2)
for _ in range(6):
    inverse("pole", rng.choice((-90.0, 90.0)), random_longitude(), random_latitude(),
            random_longitude())

# Segments crossing the antimeridian.
for lat1, lon1, lat2, lon2 in ((0, 179.5, 0, -179.5), (10, 179.9, -10, -179.9),
                               (-33.9, 151.2, 21.3, -157.9), (60, -179.999999, 60, 179.999999),
                               (65, 170, 66, -170)):
    inverse("antimeridian", lat1, lon1, lat2, lon2)
for _ in range(10):
    inverse("antimeridian", random_latitude(), rng.uniform(170, 180), random_latitude(),
            rng.uniform(-180, -170))

# Nearly antipodal points, where Vincenty's method fails and the astroid starting guess
# matters. First the named regression cases, then random ones 0.01–1° from antipodal.
for lat1, lon1, lat2, lon2 in ((0, 0, 0.5, 179.5), (-30, 0, 29.9, 179.8),
                               (0, 0, 0, 179.9999), (0, 0, 0, 179.5), (0, 0, 0, 180),
                               (0, 0, 1e-7, 180), (30, 0, -30, 180), (30, 0, -30.0001, 179.9999),
                               (-0.000001, 0, 0.000001, 179.7), (45, 10, -44.7, -170.2),
                               (89.5, 0, -89.5, 180), (-9.9, 30.1, 10, -150)):
    inverse("antipodal", lat1, lon1, lat2, lon2)
for _ in range(30):
    lat1, lon1 = random_latitude(), random_longitude()
    offset, angle = rng.uniform(0.01, 1), rng.uniform(0, 2 * math.pi)
    lat2 = max(-90.0, min(90.0, -lat1 + offset * math.sin(angle)))
    lon2 = math.remainder(lon1 + 180 + offset * math.cos(angle), 360)
    inverse("antipodal", lat1, lon1, lat2, lon2)

# Direct problems: random, short, very long (past the antipode, more than once around),
# backwards, from the poles, along the equator and meridians, across the antimeridian.
for _ in range(55):
    direct("random", random_latitude(), random_longitude(), rng.uniform(-180, 180),
           rng.uniform(0, 20_003_931))
for _ in range(8):
    direct("short", random_latitude(), random_longitude(), rng.uniform(-180, 180),
           10 ** rng.uniform(0, 3))
for _ in range(6):
    direct("long", random_latitude(), random_longitude(), rng.uniform(-180, 180),
           rng.uniform(20_003_931, 90_000_000))
for _ in range(4):
    direct("backwards", random_latitude(), random_longitude(), rng.uniform(-180, 180),
           -rng.uniform(0, 20_000_000))
for lat1, lon1, azi1, s12 in ((90, 0, 180, 1_000_000), (-90, 45, 0, 5_000_000),
                              (90, 0, 30, 20_003_931.4586), (0, 0, 90, 10_000_000),
                              (0, 0, -90, 40_000_000), (0, 100, 0, 10_001_965.729),
                              (10, 20, 180, 15_000_000), (45, 179.5, 90, 100_000),
                              (-45, -179.5, -90, 100_000), (0, 179.99, 60, 5_000)):
    direct("special", lat1, lon1, azi1, s12)

writer = sys.stdout
writer.write("kind,group,lat1,lon1,lat2,lon2,s12,azi1,azi2\n")
for row in rows:
    writer.write(",".join(row[:2]) + "," + ",".join(repr(float(x)) for x in row[2:]) + "\n")
