#!/usr/bin/env python3
"""Writes the Google, Overland and OwnTracks-export fixtures of this folder, seeded.

The Google files follow the shapes of Takeout's Records.json, Semantic Location History
months, Saved Places.json and the on-device Timeline export (Android and iPhone); the
Overland batch follows the payload documented in Overland-iOS's README; the OwnTracks
exports are what `ocat --format json` and `/api/0/locations` write for demo-iphone.rec
(ocat.c, http.c and storage.c of owntracks/recorder). Rerun: python3 make_fixtures.py
"""
import json
import random
from datetime import datetime, timedelta, timezone

rng = random.Random(20261202)
START = datetime(2026, 12, 1, 7, 0, 0, tzinfo=timezone.utc)


def walk(count, lat=48.137154, lon=11.576124, step=0.0004):
    points = []
    for _ in range(count):
        lat += rng.uniform(-step, step * 1.5)
        lon += rng.uniform(-step, step * 1.5)
        points.append((round(lat, 7), round(lon, 7)))
    return points


def iso(t, offset_minutes=0):
    zone = timezone(timedelta(minutes=offset_minutes))
    text = t.astimezone(zone).isoformat(timespec="milliseconds")
    return text.replace("+00:00", "Z") if offset_minutes == 0 else text


def records():
    locations = []
    t = START
    for index, (lat, lon) in enumerate(walk(400)):
        t += timedelta(seconds=rng.randint(20, 90))
        record = {"latitudeE7": int(round(lat * 1e7)), "longitudeE7": int(round(lon * 1e7))}
        if index % 7 != 3:
            record["accuracy"] = rng.randint(3, 60)
        if index % 2 == 0:
            record["altitude"] = rng.randint(500, 560)
            record["verticalAccuracy"] = rng.randint(2, 10)
        if index % 3 == 0:
            record["velocity"] = rng.randint(0, 15)
            record["heading"] = rng.randint(0, 359)
        record["source"] = rng.choice(["WIFI", "GPS", "CELL"])
        record["deviceTag"] = 1234567
        if index < 150:
            record["timestampMs"] = str(int(t.timestamp() * 1000))
        else:
            record["timestamp"] = iso(t)
        if index % 50 == 10:
            record["activity"] = [{"activity": [{"type": "STILL", "confidence": 80}], "timestamp": iso(t)}]
        locations.append(record)
    # Activity-only records carry no position.
    locations.insert(20, {"timestamp": iso(START + timedelta(minutes=13)), "activity": []})
    return {"locations": locations}


def semantic():
    objects = []
    t = START
    for index in range(6):
        lat, lon = walk(1)[0]
        end = t + timedelta(minutes=rng.randint(20, 90))
        objects.append({"placeVisit": {
            "location": {"latitudeE7": int(lat * 1e7), "longitudeE7": int(lon * 1e7),
                         "placeId": "ChIJ%06d" % index, "address": "Straße %d\n80331 München" % index,
                         "name": "Place %d" % index, "sourceInfo": {"deviceTag": 1},
                         "locationConfidence": 90.5},
            "duration": {"startTimestamp": iso(t), "endTimestamp": iso(end)},
            "placeConfidence": "HIGH_CONFIDENCE", "visitConfidence": 90}})
        t = end
        end = t + timedelta(minutes=rng.randint(10, 40))
        path = walk(rng.randint(4, 9))
        segment = {
            "startLocation": {"latitudeE7": int(path[0][0] * 1e7), "longitudeE7": int(path[0][1] * 1e7)},
            "endLocation": {"latitudeE7": int(path[-1][0] * 1e7), "longitudeE7": int(path[-1][1] * 1e7)},
            "duration": {"startTimestamp": iso(t), "endTimestamp": iso(end)},
            "distance": 1200, "activityType": "WALKING", "confidence": "HIGH"}
        if index % 3 == 0:
            step = (end - t) / (len(path) - 1)
            segment["simplifiedRawPath"] = {"points": [
                {"latE7": int(a * 1e7), "lngE7": int(b * 1e7), "accuracyMeters": 10, "timestamp": iso(t + step * k)}
                for k, (a, b) in enumerate(path)]}
        elif index % 3 == 1:
            segment["waypointPath"] = {"waypoints": [{"latE7": int(a * 1e7), "lngE7": int(b * 1e7)} for a, b in path],
                                       "source": "INFERRED"}
        objects.append({"activitySegment": segment})
        t = end
    return {"timelineObjects": objects}


def degrees(lat, lon):
    return "%.7f°, %.7f°" % (lat, lon)


def timeline_android():
    segments, raw = [], []
    t = START
    for index in range(5):
        end = t + timedelta(minutes=45)
        lat, lon = walk(1)[0]
        segments.append({"startTime": iso(t, 60), "endTime": iso(end, 60), "startTimeTimezoneUtcOffsetMinutes": 60,
                         "endTimeTimezoneUtcOffsetMinutes": 60,
                         "visit": {"hierarchyLevel": 0, "probability": 0.83, "topCandidate": {
                             "placeId": "ChIJ%06d" % index, "semanticType": ["HOME", "WORK", "UNKNOWN"][index % 3],
                             "probability": 0.7, "placeLocation": {"latLng": degrees(lat, lon)}}}})
        t2 = end + timedelta(minutes=20)
        a, b = walk(2)
        segments.append({"startTime": iso(end, 60), "endTime": iso(t2, 60),
                         "activity": {"start": {"latLng": degrees(*a)}, "end": {"latLng": degrees(*b)},
                                      "distanceMeters": 830.5, "topCandidate": {"type": "WALKING", "probability": 0.9}}})
        path = walk(6)
        segments.append({"startTime": iso(end, 60), "endTime": iso(t2, 60), "timelinePath": [
            {"point": degrees(*p), "time": iso(end + timedelta(minutes=3 * k), 60)} for k, p in enumerate(path)]})
        for k, p in enumerate(walk(4)):
            raw.append({"position": {"LatLng": degrees(*p), "accuracyMeters": 12 + k, "altitudeMeters": 520.5,
                                     "source": "GPS", "timestamp": iso(end + timedelta(minutes=k), 60),
                                     "speedMetersPerSecond": 1.25}})
        raw.append({"wifiScan": {"deliveryTime": iso(end, 60), "devicesRecords": []}})
        t = t2
    return {"semanticSegments": segments, "rawSignals": raw,
            "userLocationProfile": {"frequentPlaces": [{"placeId": "ChIJ000000", "placeLocation": "48.1°, 11.5°",
                                                        "label": "HOME"}]}}


def geo(lat, lon):
    return "geo:%.6f,%.6f" % (lat, lon)


def timeline_iphone():
    segments = []
    t = START
    for index in range(4):
        end = t + timedelta(minutes=50)
        lat, lon = walk(1)[0]
        segments.append({"endTime": iso(end, 60), "startTime": iso(t, 60), "visit": {
            "hierarchyLevel": "0", "topCandidate": {"probability": "0.85", "semanticType": "Unknown",
                                                    "placeID": "ChIJ%06d" % index, "placeLocation": geo(lat, lon)},
            "probability": "0.9"}})
        t2 = end + timedelta(minutes=30)
        a, b = walk(2)
        segments.append({"endTime": iso(t2, 60), "startTime": iso(end, 60), "activity": {
            "probability": "0.9", "end": geo(*b), "topCandidate": {"type": "walking", "probability": "0.8"},
            "distanceMeters": "1234.5", "start": geo(*a)}})
        segments.append({"endTime": iso(t2, 60), "startTime": iso(end, 60), "timelinePath": [
            {"point": geo(*p), "durationMinutesOffsetFromStartTime": str(5 * k)} for k, p in enumerate(walk(5))]})
        t = t2
    return segments


def saved_places():
    features = []
    for index, (lat, lon) in enumerate(walk(6, step=0.01)):
        properties = {"Title": "Saved %d" % index, "Google Maps URL": "http://maps.google.com/?cid=%d" % (1000 + index),
                      "Published": iso(START - timedelta(days=index)), "Updated": iso(START),
                      "Location": {"Address": "Weg %d, 80331 München, Deutschland" % index,
                                   "Business Name": "Business %d" % index,
                                   "Geo Coordinates": {"Latitude": "%.7f" % lat, "Longitude": "%.7f" % lon},
                                   "Country Code": "DE"}}
        geometry = [lon, lat]
        if index == 2:
            properties["Title"] = ""
        if index == 4:
            geometry = [0, 0]
            properties["Location"].pop("Geo Coordinates")
            properties["Google Maps URL"] = "https://www.google.com/maps/search/?api=1&query=%.6f,%.6f" % (lat, lon)
        features.append({"geometry": {"coordinates": geometry, "type": "Point"}, "properties": properties,
                         "type": "Feature"})
    features.append({"geometry": {"coordinates": [0, 0], "type": "Point"},
                     "properties": {"Title": "Nowhere", "Google Maps URL": "http://maps.google.com/?cid=42"},
                     "type": "Feature"})
    return {"type": "FeatureCollection", "features": features}


def overland():
    locations = []
    t = START
    for index, (lat, lon) in enumerate(walk(40)):
        t += timedelta(seconds=10)
        locations.append({"type": "Feature", "geometry": {"type": "Point", "coordinates": [lon, lat]}, "properties": {
            "timestamp": t.astimezone(timezone(timedelta(hours=-8))).strftime("%Y-%m-%dT%H:%M:%S%z"),
            "altitude": 520 + index % 5, "speed": 1.4, "horizontal_accuracy": 5 + index % 10,
            "vertical_accuracy": 3, "course": 45.0 if index % 4 else -1, "motion": ["walking"], "pauses": False,
            "activity": "other", "desired_accuracy": 100, "deferred": 0, "significant_change": "disabled",
            "locations_in_payload": 40, "battery_state": "unplugged", "battery_level": 0.8, "device_id": "phone",
            "wifi": ""}})
    return {"locations": locations, "current": locations[-1],
            "trip": {"mode": "walking", "start": iso(START), "distance": 1234.5}}


def owntracks_exports():
    locations = []
    for line in open("demo-iphone.rec", encoding="utf-8"):
        received, _, payload = line.rstrip("\n").split("\t")
        message = json.loads(payload)
        if message.get("_type") != "location":
            continue
        tst = int(message["tst"])
        message["ghash"] = "u1qcv"
        message["isorcv"] = received
        message["isotst"] = datetime.fromtimestamp(tst, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        message["disptst"] = datetime.fromtimestamp(tst, timezone.utc).strftime("%Y-%m-%d %H:%M:%S")
        locations.append(message)
    ocat = {"count": len(locations), "locations": locations}
    api = {"count": len(locations), "data": [dict(m, username="demo", device="iphone") for m in locations],
           "status": 200, "version": "0.9.9"}
    return ocat, api


def write(name, value, indent=None):
    with open(name, "w", encoding="utf-8") as out:
        json.dump(value, out, ensure_ascii=False, indent=indent)
        out.write("\n")


write("Records.json", records(), indent=2)
write("2026_DECEMBER.json", semantic(), indent=2)
write("Timeline-android.json", timeline_android(), indent=2)
write("Timeline-iphone.json", timeline_iphone(), indent=2)
write("Saved Places.json", saved_places(), indent=2)
write("overland-batch.json", overland())
ocat, api = owntracks_exports()
write("owntracks-ocat.json", ocat, indent=2)
write("owntracks-api.json", api)
