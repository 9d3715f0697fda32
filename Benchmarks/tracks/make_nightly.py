#!/usr/bin/env python3
"""Writes a year of a phone's and a watch's tracks for the nightly-map benchmark, the same
for the same seed.

    python3 make_nightly.py SEED OUT_DIR [YEAR]

OUT_DIR/owntracks/rec/user/phone/YEAR-01.rec … YEAR-12.rec: an OwnTracks Recorder store
(github.com/owntracks/recorder, doc/STORE.md; each line `time<TAB>*<18 spaces><TAB>{json}`
as `putrec` writes it), a location message every 30 s while the phone moves (a commute
in the morning and back in the evening, some evenings an errand) and one every 15 min
while it rests, around Helsinki, the JSON fields the iOS/Android apps send (lat, lon,
acc, alt, vac, vel in km/h, cog, batt, tid, tst, conn, topic).

OUT_DIR/fit/YEAR-MM-DD.fit: one ride a day (make_large_fit.write, 40 to 90 minutes of
records a second, starting between 05:00 and 08:00 UTC), each file's modification time
set to the ride's end (os.utime), as a watch leaves it when it closes the file.
"""
import datetime
import json
import math
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_large_fit  # noqa: E402

HOME = (60.1699, 24.9384)
WORK = (60.2055, 24.6559)


def trip(rng, start, origin, target, lines):
    """Moves from origin to target at 25-60 km/h with jitter, a fix every 30 s."""
    lat, lon = origin
    t = start
    while True:
        dlat, dlon = target[0] - lat, (target[1] - lon) * math.cos(math.radians(lat))
        distance = math.hypot(dlat, dlon) * 111_320.0
        speed = rng.uniform(7, 17)  # m/s
        if distance < speed * 30:
            lat, lon = target
            lines.append(fix(rng, t, lat, lon, speed, 0))
            return t
        course = math.degrees(math.atan2(dlon, dlat)) % 360 + rng.gauss(0, 20)
        step = speed * 30 / 111_320.0
        lat += step * math.cos(math.radians(course))
        lon += step * math.sin(math.radians(course)) / math.cos(math.radians(lat))
        lines.append(fix(rng, t, lat, lon, speed, course % 360))
        t += 30


def fix(rng, t, lat, lon, speed, course):
    payload = {
        "_type": "location", "acc": rng.randint(3, 30), "alt": rng.randint(5, 40), "batt": rng.randint(20, 100),
        "bs": 1, "cog": round(course), "conn": "m", "lat": round(lat, 6), "lon": round(lon, 6), "m": 1,
        "t": "u", "tid": "ph", "tst": t, "vac": rng.randint(2, 10), "vel": round(speed * 3.6),
        "topic": "owntracks/user/phone",
    }
    return t, json.dumps(payload, separators=(",", ":"))


def rests(rng, start, end, place, lines):
    t = start + 900
    while t < end:
        lines.append(fix(rng, t, place[0] + rng.gauss(0, 0.0001), place[1] + rng.gauss(0, 0.0001), 0, 0))
        t += 900


def owntracks(rng, out, year):
    folder = os.path.join(out, "owntracks", "rec", "user", "phone")
    os.makedirs(folder, exist_ok=True)
    months = {}
    day = datetime.date(year, 1, 1)
    previous = int(datetime.datetime(year, 1, 1, tzinfo=datetime.timezone.utc).timestamp())
    while day.year == year:
        midnight = int(datetime.datetime(day.year, day.month, day.day, tzinfo=datetime.timezone.utc).timestamp())
        lines = []
        leave = midnight + 5 * 3600 + rng.randint(0, 7200)  # 07:00-09:00 Helsinki summer time
        rests(rng, previous, leave, HOME, lines)
        arrive = trip(rng, leave, HOME, WORK, lines)
        back = midnight + 14 * 3600 + rng.randint(0, 7200)
        rests(rng, arrive, back, WORK, lines)
        home = trip(rng, back, WORK, HOME, lines)
        if rng.random() < 0.4:
            shop = (HOME[0] + rng.uniform(-0.05, 0.05), HOME[1] + rng.uniform(-0.1, 0.1))
            there = trip(rng, home + 1800, HOME, shop, lines)
            home = trip(rng, there + 1200, shop, HOME, lines)
        previous = home
        for t, payload in lines:
            stamp = datetime.datetime.fromtimestamp(t, datetime.timezone.utc)
            months.setdefault(stamp.strftime("%Y-%m"), []).append(
                "%s\t%-18s\t%s\n" % (stamp.strftime("%Y-%m-%dT%H:%M:%SZ"), "*", payload))
        day += datetime.timedelta(days=1)
    total = 0
    for month, rows in sorted(months.items()):
        if not month.startswith(str(year)):
            continue
        with open(os.path.join(folder, month + ".rec"), "w") as file:
            file.writelines(rows)
        total += len(rows)
    return len(months), total


def activities(rng, out, year):
    folder = os.path.join(out, "fit")
    os.makedirs(folder, exist_ok=True)
    day = datetime.date(year, 1, 1)
    count = 0
    while day.year == year:
        begin = datetime.datetime(day.year, day.month, day.day, 5, tzinfo=datetime.timezone.utc)
        begin += datetime.timedelta(seconds=rng.randint(0, 3 * 3600))
        records = rng.randint(40 * 60, 90 * 60)
        path = os.path.join(folder, day.isoformat() + ".fit")
        end = make_large_fit.write(rng.randrange(1 << 31), records, path,
                                   round(begin.timestamp()) - make_large_fit.FIT_EPOCH)
        os.utime(path, (end, end))
        count += records
        day += datetime.timedelta(days=1)
    return count


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit("usage: make_nightly.py SEED OUT_DIR [YEAR]")
    seed, out = int(sys.argv[1]), sys.argv[2]
    year = int(sys.argv[3]) if len(sys.argv) == 4 else 2026
    rng = random.Random(seed)
    files, fixes = owntracks(rng, out, year)
    print("owntracks: %d month files, %d fixes" % (files, fixes))
    print("fit: 365 activities, %d records" % activities(rng, out, year))


main()
