#!/usr/bin/env python3
"""Reference values for the TCX fixtures, read with an independent reader (lxml's tree and
GeographicLib's WGS84 geodesics), for TCXDecoderTests: per file, the trackpoints with a
position, the <Track> segments, the first and last fix, the bounding box, the geodesic
length summed within each <Track>, and the course points.

    pip install lxml geographiclib
    python3 make_reference.py > reference.json
"""
import json
import pathlib
import sys

from geographiclib.geodesic import Geodesic
from lxml import etree


def local(tag):
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def child_text(element, name):
    for node in element.iter():
        if local(node.tag) == name and node.text is not None:
            return node.text.strip()
    return None


def point_of(element):
    lat = child_text(element, "LatitudeDegrees")
    lon = child_text(element, "LongitudeDegrees")
    try:
        return float(lat), float(lon)
    except (TypeError, ValueError):
        return None  # no position, or one that is not a number: skipped, as maprender does


def reference(path):
    root = etree.parse(str(path)).getroot()
    segments = []
    for track in root.iter():
        if local(track.tag) != "Track":
            continue
        points = []
        for trackpoint in track:
            if local(trackpoint.tag) == "Trackpoint":
                point = point_of(trackpoint)
                if point is not None:
                    points.append(point)
        if points:
            segments.append(points)
    course_points = [p for p in root.iter() if local(p.tag) == "CoursePoint"]
    fixes = [point for segment in segments for point in segment]
    length = 0.0
    for segment in segments:
        for (lat1, lon1), (lat2, lon2) in zip(segment, segment[1:]):
            length += Geodesic.WGS84.Inverse(lat1, lon1, lat2, lon2)["s12"]
    return {
        "fixes": len(fixes),
        "segments": len(segments),
        "first": list(fixes[0]) if fixes else None,
        "last": list(fixes[-1]) if fixes else None,
        "bbox": [min(p[1] for p in fixes), min(p[0] for p in fixes), max(p[1] for p in fixes),
                 max(p[0] for p in fixes)] if fixes else None,
        "length": round(length, 3),
        "course_points": len(course_points),
    }


folder = pathlib.Path(__file__).parent
result = {}
for path in sorted(folder.glob("*.tcx")):
    try:
        result[path.name] = reference(path)
    except etree.XMLSyntaxError as error:
        result[path.name] = {"error": str(error)}
json.dump(result, sys.stdout, indent=1, sort_keys=True)
print()
