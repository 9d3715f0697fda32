#!/usr/bin/env python3
"""Writes reference.json: what an independent reader (lxml walking the whole tree,
geographiclib for WGS84 geodesic lengths) finds in each real KML fixture, for
KMLReferenceTests to compare KMLDecoder with.

    pip install --break-system-packages lxml geographiclib
    python3 make_reference.py        # in this folder
"""
import glob
import json
import os
import re

from geographiclib.geodesic import Geodesic
from lxml import etree

SKIPPED = {"GroundOverlay", "PhotoOverlay", "ScreenOverlay", "Model", "Tour"}
NOT_READ = {"bad.kml"}  # coordinates "no,no": an error, tested on its own


def local(element):
    return etree.QName(element).localname if isinstance(element.tag, str) else None


def tuples(text):
    """lon,lat[,alt] tuples: spaces around commas removed, then split on white space."""
    text = re.sub(r"\s*,\s*", ",", (text or "").strip())
    result = []
    for piece in text.split():
        parts = [p for p in piece.split(",") if p]
        if len(parts) >= 2:
            result.append((float(parts[0]), float(parts[1])))
    return result


def length(points):
    return sum(
        Geodesic.WGS84.Inverse(a[1], a[0], b[1], b[0])["s12"] for a, b in zip(points, points[1:])
    )


def track_fixes(track):
    """The gx:coord "lon lat alt" of a Track that has a coordinate (OpenTracks writes empty ones)."""
    segment = []
    for child in track:
        if local(child) == "coord" and (child.text or "").strip():
            lon, lat = child.text.split()[:2]
            segment.append((float(lon), float(lat)))
    return segment


def skipped(element):
    return any(local(a) in SKIPPED for a in element.iterancestors())


def read(path):
    tree = etree.parse(path, etree.XMLParser(resolve_entities=False, huge_tree=True))
    places, lines, rings, polygons, tracks, fixes = [], [], [], 0, 0, []
    track_length = 0.0
    for placemark in tree.iter():
        if local(placemark) != "Placemark" or skipped(placemark):
            continue
        for element in placemark.iter():
            name = local(element)
            parent = local(element.getparent())
            if name == "coordinates" and parent == "Point":
                points = tuples("".join(element.xpath("text()")))
                if points:
                    places.append(points[0])
            elif name == "coordinates" and parent == "LineString":
                points = tuples("".join(element.xpath("text()")))
                if len(points) >= 2:
                    lines.append(points)
            elif name == "coordinates" and parent == "LinearRing":
                boundary = local(element.getparent().getparent())
                points = tuples("".join(element.xpath("text()")))
                if boundary in ("outerBoundaryIs", "innerBoundaryIs"):
                    rings.append(points)
                elif len(points) >= 2:
                    lines.append(points)
            elif name == "Polygon":
                polygons += 1
            elif name == "MultiTrack":
                # A track when one of its tracks has a fix.
                tracks += any(track_fixes(child) for child in element if local(child) == "Track")
            elif name == "Track":
                segment = track_fixes(element)
                if parent != "MultiTrack" and segment:
                    tracks += 1
                fixes += segment
                track_length += length(segment)
    every = places + [p for line in lines for p in line] + [p for ring in rings for p in ring] + fixes
    return {
        "places": len(places),
        "lines": len(lines),
        "polygons": polygons,
        "tracks": tracks,
        "fixes": len(fixes),
        "first_place": places[0] if places else None,
        "last_place": places[-1] if places else None,
        "first_fix": fixes[0] if fixes else None,
        "last_fix": fixes[-1] if fixes else None,
        "bbox": [min(p[0] for p in every), min(p[1] for p in every), max(p[0] for p in every),
                 max(p[1] for p in every)] if every else None,
        "line_length_m": sum(length(line) for line in lines),
        "track_length_m": track_length,
    }


here = os.path.dirname(os.path.abspath(__file__))
reference = {}
for path in sorted(glob.glob(os.path.join(here, "*.kml"))):
    name = os.path.basename(path)
    if name not in NOT_READ:
        reference[name] = read(path)
with open(os.path.join(here, "reference.json"), "w") as out:
    json.dump(reference, out, indent=1, sort_keys=True)
    out.write("\n")
print(f"{len(reference)} files")
