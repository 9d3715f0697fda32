#!/usr/bin/env python3
"""Writes a seeded Google Takeout Records.json of about SIZE_MB megabytes, for measuring
the location-history reader on files the size of a decade of phone history.

    python3 make_records_json.py SEED SIZE_MB OUT

Records follow Takeout's shape (two-space indentation as Takeout writes it): latitudeE7,
longitudeE7, accuracy, sometimes altitude/verticalAccuracy/velocity/heading, source,
deviceTag and an ISO 8601 timestamp, one a minute from 2019-01-01T00:00:00Z along a
random walk around Munich; every 50th record also has an activity list. Prints the
number of records and the first and last day, so a one-day window can be picked inside.
"""
import random
import sys
from datetime import datetime, timedelta, timezone


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: make_records_json.py SEED SIZE_MB OUT")
    seed, size_mb, out_path = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
    rng = random.Random(seed)
    target = int(size_mb * 1_000_000)
    start = datetime(2019, 1, 1, tzinfo=timezone.utc)
    lat, lon = 48.137154, 11.576124
    written, count = 0, 0
    with open(out_path, "w", encoding="utf-8") as out:
        head = "{\n  \"locations\": [{\n"
        out.write(head)
        written += len(head)
        while True:
            lat = min(max(lat + rng.uniform(-0.0005, 0.0005), 47.0), 49.0)
            lon = min(max(lon + rng.uniform(-0.0005, 0.0005), 10.0), 13.0)
            time = start + timedelta(minutes=count)
            fields = [
                "    \"latitudeE7\": %d" % round(lat * 1e7),
                "    \"longitudeE7\": %d" % round(lon * 1e7),
                "    \"accuracy\": %d" % rng.randint(3, 80),
            ]
            if count % 2 == 0:
                fields.append("    \"altitude\": %d" % rng.randint(500, 560))
                fields.append("    \"verticalAccuracy\": %d" % rng.randint(2, 10))
            if count % 3 == 0:
                fields.append("    \"velocity\": %d" % rng.randint(0, 30))
                fields.append("    \"heading\": %d" % rng.randint(0, 359))
            if count % 50 == 0:
                fields.append(
                    "    \"activity\": [{\n      \"activity\": [{\n        \"type\": \"STILL\",\n"
                    "        \"confidence\": %d\n      }],\n      \"timestamp\": \"%s\"\n    }]"
                    % (rng.randint(10, 100), time.strftime("%Y-%m-%dT%H:%M:%S.000Z")))
            fields.append("    \"source\": \"%s\"" % rng.choice(["WIFI", "GPS", "CELL"]))
            fields.append("    \"deviceTag\": 1234567890")
            fields.append("    \"timestamp\": \"%sZ\"" % time.strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3])
            record = ",\n".join(fields)
            count += 1
            written += len(record) + 8
            last = written >= target
            out.write(record)
            out.write("\n  }]\n}\n" if last else "\n  }, {\n")
            if last:
                break
    end = start + timedelta(minutes=count - 1)
    print("%d records, %s to %s" % (count, start.date(), end.date()))


main()
