#!/usr/bin/env python3
"""Reads this folder's fixtures with Python's json module, independently of maprender, and
writes reference.json: per file, each track's fix and segment counts, first and last fix,
bounding box and WGS84 geodesic length (geographiclib, Karney 2013), and the places.

Rerun: pip install geographiclib; python3 make_reference.py
"""
import json
import re
from datetime import datetime

from geographiclib.geodesic import Geodesic


def e7(value, limit):
    value = float(value)
    if value > limit * 1e7:
        value -= 2 ** 32
    elif value < -limit * 1e7:
        value += 2 ** 32
    return value / 1e7


def seconds(text):
    """ISO 8601 with Z or an offset (with or without a colon) as seconds since 1970."""
    text = text.replace("Z", "+00:00")
    text = re.sub(r"([+-]\d\d)(\d\d)$", r"\1:\2", text)
    return datetime.fromisoformat(text).timestamp()


def degrees_text(text):
    text = text[4:] if text.startswith("geo:") else text
    lat, lon = [float(part.replace("°", "").strip()) for part in text.split(",")[:2]]
    return lat, lon


def summary(segments):
    """segments: lists of (lat, lon, time or None)."""
    fixes = [fix for segment in segments for fix in segment]
    length = 0.0
    for segment in segments:
        for a, b in zip(segment, segment[1:]):
            length += Geodesic.WGS84.Inverse(a[0], a[1], b[0], b[1])["s12"]
    return {
        "fixes": len(fixes), "segments": len(segments),
        "first": list(fixes[0]), "last": list(fixes[-1]),
        "south": min(f[0] for f in fixes), "north": max(f[0] for f in fixes),
        "west": min(f[1] for f in fixes), "east": max(f[1] for f in fixes),
        "length_m": length,
    }


def places(coordinates):
    return {"count": len(coordinates), "first": list(coordinates[0]), "last": list(coordinates[-1])}


def load(name):
    with open(name, encoding="utf-8-sig") as source:
        return json.load(source)


def records():
    fixes = []
    for record in load("Records.json")["locations"]:
        if "latitudeE7" not in record:
            continue
        if "timestamp" in record:
            time = seconds(record["timestamp"])
        else:
            time = int(record["timestampMs"]) / 1000
        fixes.append((e7(record["latitudeE7"], 90), e7(record["longitudeE7"], 180), time))
    return {"tracks": [summary([fixes])]}


def semantic():
    segments, visits = [], []
    for item in load("2026_DECEMBER.json")["timelineObjects"]:
        if "placeVisit" in item:
            location = item["placeVisit"]["location"]
            visits.append((e7(location["latitudeE7"], 90), e7(location["longitudeE7"], 180)))
            continue
        activity = item["activitySegment"]
        start = seconds(activity["duration"]["startTimestamp"])
        end = seconds(activity["duration"]["endTimestamp"])
        if "simplifiedRawPath" in activity:
            segments.append([(e7(p["latE7"], 90), e7(p["lngE7"], 180), seconds(p["timestamp"]))
                             for p in activity["simplifiedRawPath"]["points"]])
            continue
        if "waypointPath" in activity:
            path = [(e7(p["latE7"], 90), e7(p["lngE7"], 180)) for p in activity["waypointPath"]["waypoints"]]
        else:
            path = [(e7(activity[k]["latitudeE7"], 90), e7(activity[k]["longitudeE7"], 180))
                    for k in ("startLocation", "endLocation")]
        segments.append([(lat, lon, start if i == 0 else end if i == len(path) - 1 else None)
                         for i, (lat, lon) in enumerate(path)])
    return {"tracks": [summary(segments)], "places": places(visits)}


def timeline(document):
    segments, visits, raw = [], [], []
    items = document if isinstance(document, list) else document["semanticSegments"]
    for item in items:
        start, end = seconds(item["startTime"]), seconds(item["endTime"])
        if "timelinePath" in item:
            path = []
            for point in item["timelinePath"]:
                lat, lon = degrees_text(point["point"])
                if "time" in point:
                    time = seconds(point["time"])
                else:
                    time = start + float(point["durationMinutesOffsetFromStartTime"]) * 60
                path.append((lat, lon, time))
            segments.append(path)
        if "activity" in item:
            ends = [item["activity"][k] for k in ("start", "end")]
            ends = [degrees_text(e if isinstance(e, str) else e["latLng"]) for e in ends]
            segments.append([(ends[0][0], ends[0][1], start), (ends[1][0], ends[1][1], end)])
        if "visit" in item:
            location = item["visit"]["topCandidate"]["placeLocation"]
            visits.append(degrees_text(location if isinstance(location, str) else location["latLng"]))
    if isinstance(document, dict):
        for signal in document.get("rawSignals", []):
            if "position" in signal:
                lat, lon = degrees_text(signal["position"]["LatLng"])
                raw.append((lat, lon, seconds(signal["position"]["timestamp"])))
    tracks = [summary(segments)] + ([summary([raw])] if raw else [])
    return {"tracks": tracks, "places": places(visits)}


def saved_places():
    coordinates = []
    for feature in load("Saved Places.json")["features"]:
        lon, lat = feature["geometry"]["coordinates"][:2]
        if lat == 0 and lon == 0:
            match = re.search(r"(?:[?&]q=|query=|@)(-?[\d.]+),(-?[\d.]+)", feature["properties"]["Google Maps URL"])
            if not match:
                continue
            lat, lon = float(match.group(1)), float(match.group(2))
        coordinates.append((lat, lon))
    return {"places": places(coordinates)}


def overland():
    fixes = []
    for feature in load("overland-batch.json")["locations"]:
        lon, lat = feature["geometry"]["coordinates"][:2]
        fixes.append((lat, lon, seconds(feature["properties"]["timestamp"])))
    return {"tracks": [summary([fixes])]}


def owntracks_rec(name):
    fixes = []
    for line in open(name, encoding="utf-8"):
        payload = json.loads(line[line.index("{"):])
        if payload.get("_type") == "location":
            fixes.append((payload["lat"], payload["lon"], float(payload["tst"])))
    return {"tracks": [summary([fixes])]}


def owntracks_export(name, key):
    fixes = [(m["lat"], m["lon"], float(m["tst"])) for m in load(name)[key] if m.get("_type") == "location"]
    return {"tracks": [summary([fixes])]}


reference = {
    "Records.json": records(),
    "2026_DECEMBER.json": semantic(),
    "Timeline-android.json": timeline(load("Timeline-android.json")),
    "Timeline-iphone.json": timeline(load("Timeline-iphone.json")),
    "Saved Places.json": saved_places(),
    "overland-batch.json": overland(),
    "demo-iphone.rec": owntracks_rec("demo-iphone.rec"),
    "owntracks-ocat.json": owntracks_export("owntracks-ocat.json", "locations"),
    "owntracks-api.json": owntracks_export("owntracks-api.json", "data"),
}
with open("reference.json", "w", encoding="utf-8") as out:
    json.dump(reference, out, indent=1, sort_keys=True)
    out.write("\n")
