#!/usr/bin/env python3
"""Reads every record's position of a FIT file with PyPI fitdecode, the baseline that
run.sh times against `maprender track stats`.

    python3 read_fit_positions.py FILE

Decodes every frame (CRC checked), takes position_lat/position_long of each `record`
message in degrees, and prints the count of records with a position and the first and last.
"""
import sys

import fitdecode

DEGREES = 180.0 / 2**31


def main():
    count, first, last = 0, None, None
    with fitdecode.FitReader(sys.argv[1], check_crc=fitdecode.CrcCheck.ENABLED) as reader:
        for frame in reader:
            if not isinstance(frame, fitdecode.FitDataMessage) or frame.name != "record":
                continue
            lat = frame.get_value("position_lat", fallback=None)
            lon = frame.get_value("position_long", fallback=None)
            if lat is None or lon is None:
                continue
            last = (lat * DEGREES, lon * DEGREES)
            first = first or last
            count += 1
    print("records with a position %d, first %s, last %s" % (count, first, last))


main()
