#!/usr/bin/env python3
"""Writes a valid FIT activity of N records: a plausible ride, the same for the same seed.

    python3 make_large_fit.py SEED N OUT [START]

START (ISO 8601 UTC, 2026-06-15T05:00:00Z) is when the ride begins; the default is
2024-11-08T11:33:20Z. `write(seed, count, out, start)` does the same for a script that
writes many activities (Benchmarks/tracks/make_nightly.py).

The file is what a bike computer writes (FIT SDK, "FIT Protocol", "FIT File Structure"): a
14-byte header with its CRC, file_id (activity), an event (timer start), N `record`
messages one second apart (position, enhanced altitude and speed, distance, heart rate,
GPS accuracy), a `lap` every 3600 records, then `session` and `activity`, and the file CRC.
The ride wanders from Boulder, Colorado at 5-11 m/s with smooth turns and hills. For the
FIT reader's speed benchmark (see Benchmarks/tracks/README.md); fitdecode and GPSBabel
(`gpsbabel -i garmin_fit -f OUT -o gpx -F /dev/null`) read it.
"""
import datetime
import math
import random
import struct
import sys

SEMICIRCLES = 2**31 / 180.0
START = 1_100_000_000  # FIT seconds: 2024-11-08T11:33:20Z
FIT_EPOCH = 631_065_600  # 1989-12-31T00:00:00Z in Unix seconds (FIT SDK, date_time)


def crc_table():
    nibbles = [0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
               0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400]
    table = []
    for byte in range(256):
        crc = 0
        for nibble in (byte & 0xF, byte >> 4):
            low = nibbles[crc & 0xF]
            crc = (crc >> 4) & 0x0FFF
            crc = crc ^ low ^ nibbles[nibble]
        table.append(crc)
    return table


TABLE = crc_table()


def crc16(data, crc=0):
    # Byte at a time: the CRC of one byte from any state is (crc >> 8) ^ table[(crc ^ byte) & 0xFF].
    table = TABLE
    for byte in data:
        crc = (crc >> 8) ^ table[(crc ^ byte) & 0xFF]
    return crc


def definition(local, global_number, fields):
    out = struct.pack('<BBBHB', 0x40 | local, 0, 0, global_number, len(fields))
    for number, size, base in fields:
        out += struct.pack('<BBB', number, size, base)
    return out


RECORD = [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85), (78, 4, 0x86), (73, 4, 0x86), (5, 4, 0x86), (3, 1, 0x02),
          (31, 1, 0x02)]
RECORD_FORMAT = struct.Struct('<BIiiIIIBB')
LAP = [(253, 4, 0x86), (2, 4, 0x86), (7, 4, 0x86), (9, 4, 0x86), (0, 1, 0x00), (1, 1, 0x00)]
SESSION = [(253, 4, 0x86), (2, 4, 0x86), (7, 4, 0x86), (9, 4, 0x86), (5, 1, 0x00), (0, 1, 0x00), (1, 1, 0x00)]


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit('usage: make_large_fit.py SEED N OUT [START]')
    start = START
    if len(sys.argv) == 5:
        when = datetime.datetime.fromisoformat(sys.argv[4].replace('Z', '+00:00'))
        start = round(when.timestamp()) - FIT_EPOCH
    write(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], start)


def write(seed, count, out, start=START):
    """Writes the ride; `start` in FIT seconds. Returns its last record's time in Unix seconds."""
    START = start
    rng = random.Random(seed)
    chunks = []
    chunks.append(definition(0, 0, [(0, 1, 0x00), (1, 2, 0x84), (2, 2, 0x84), (3, 4, 0x8C), (4, 4, 0x86)]))
    chunks.append(struct.pack('<BBHHII', 0, 4, 255, 1, seed & 0xFFFFFFFF or 1, START))
    chunks.append(definition(1, 21, [(253, 4, 0x86), (0, 1, 0x00), (1, 1, 0x00)]))
    chunks.append(struct.pack('<BIBB', 1, START, 0, 0))  # timer start
    chunks.append(definition(2, 20, RECORD))
    chunks.append(definition(3, 19, LAP))
    lat, lon, altitude, heading, distance = 40.015, -105.2705, 1655.0, rng.uniform(0, 360), 0.0
    turn, climb, lap_start, lap_distance = 0.0, 0.0, START, 0.0
    pack = RECORD_FORMAT.pack
    records = []
    for index in range(count):
        time = START + index
        speed = max(0.5, 8 + 3 * math.sin(index / 300.0) + rng.gauss(0, 0.3))
        turn = 0.95 * turn + rng.gauss(0, 0.6)
        heading = (heading + turn) % 360
        climb = 0.98 * climb + rng.gauss(0, 0.01)
        altitude = min(4000.0, max(1000.0, altitude + climb * speed))
        step = speed  # one second
        lat += step * math.cos(math.radians(heading)) / 111_320.0
        lon += step * math.sin(math.radians(heading)) / (111_320.0 * math.cos(math.radians(lat)))
        lat = max(-85.0, min(85.0, lat))
        lon = (lon + 180.0) % 360.0 - 180.0
        distance += step
        records.append(pack(
            2, time, round(lat * SEMICIRCLES), round(lon * SEMICIRCLES), round((altitude + 500) * 5),
            round(speed * 1000), round(distance * 100), 120 + rng.randrange(40), 3 + rng.randrange(5)))
        if (index + 1) % 3600 == 0 or index + 1 == count:
            records.append(struct.pack(
                '<BIIIIBB', 3, time, lap_start, (time - lap_start + 1) * 1000, round((distance - lap_distance) * 100), 9,
                1))
            lap_start, lap_distance = time + 1, distance
    chunks.append(b''.join(records))
    end = START + max(count - 1, 0)
    chunks.append(definition(4, 18, SESSION))
    chunks.append(struct.pack('<BIIIIBBB', 4, end, START, count * 1000, round(distance * 100), 2, 8, 1))
    chunks.append(definition(5, 34, [(253, 4, 0x86), (0, 4, 0x86), (1, 2, 0x84), (2, 1, 0x00), (3, 1, 0x00)]))
    chunks.append(struct.pack('<BIIHBB', 5, end, count * 1000, 1, 0, 26))
    data = b''.join(chunks)
    header = struct.pack('<BBHI4s', 14, 0x20, 2132, len(data), b'.FIT')
    header += struct.pack('<H', crc16(header))
    body = header + data
    with open(out, 'wb') as file:
        file.write(body)
        file.write(struct.pack('<H', crc16(body)))
    return end + FIT_EPOCH


if __name__ == '__main__':
    main()
