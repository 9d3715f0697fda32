#!/usr/bin/env python3
"""Writes reference.json: what fitdecode (PyPI, an independent FIT reader) reads from each
FIT fixture here, for FITDecoderTests to compare with.

    pip install fitdecode geographiclib
    python3 make_reference.py

For each file: the record messages read before fitdecode stops (a CRC mismatch, a
truncation, bytes that are not FIT), those with a position, the first and last position
and time, the bounding box, the WGS84 geodesic length along the positions (geographiclib,
Karney), the sessions with their sports and how many of them hold fixes, the laps and the
course points. fitdecode refuses the Lezyne file (a definition whose architecture byte is
0xFF); for it the reference is the GPX that GPSBabel's own reader wrote from it
(lezyne_super_gps-garmin_fit-sample-bad-endian.gpx, GPSBabel's reference/track).
"""
import datetime
import glob
import json
import os
import xml.etree.ElementTree as ET

import fitdecode
from geographiclib.geodesic import Geodesic

HERE = os.path.dirname(os.path.abspath(__file__))
SEMICIRCLE = 180.0 / 2**31
FIT_EPOCH = datetime.datetime(1989, 12, 31, tzinfo=datetime.timezone.utc)


def iso(when):
    if when is None:
        return None
    if isinstance(when, (int, float)):  # fitdecode leaves uptime (< 0x10000000) as a number
        return None
    return when.astimezone(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')


def summary(positions, times, fixes):
    result = {'fixes': fixes, 'positioned': len(positions)}
    if positions:
        lats = [p[0] for p in positions]
        lons = [p[1] for p in positions]
        result['first'] = positions[0]
        result['last'] = positions[-1]
        result['bbox'] = [min(lats), min(lons), max(lats), max(lons)]
        length = 0.0
        for a, b in zip(positions, positions[1:]):
            length += Geodesic.WGS84.Inverse(a[0], a[1], b[0], b[1])['s12']
        result['length_m'] = length
    timed = [t for t in times if t is not None]
    result['first_time'] = timed[0] if timed else None
    result['last_time'] = timed[-1] if timed else None
    return result


def read_fit(path):
    positions, times, fixes = [], [], 0
    fix_times, raw_times = [], []
    sessions, laps, course_points, files = [], 0, [], 0
    error = None
    records = 0
    with fitdecode.FitReader(path, check_crc=fitdecode.CrcCheck.ENABLED) as reader:
        try:
            for frame in reader:
                if isinstance(frame, fitdecode.FitHeader):
                    files += 1
                if not isinstance(frame, fitdecode.FitDataMessage):
                    continue
                if frame.name == 'record':
                    records += 1
                    lat = frame.get_value('position_lat', fallback=None)
                    lon = frame.get_value('position_long', fallback=None)
                    when = frame.get_value('timestamp', fallback=None)
                    has_position = lat is not None and lon is not None
                    if not has_position and when is None:
                        continue
                    fixes += 1
                    times.append(iso(when))
                    fix_times.append(when if isinstance(when, datetime.datetime) else None)
                    if isinstance(when, datetime.datetime):
                        raw_times.append(int((when - FIT_EPOCH).total_seconds()))
                    elif when is not None:
                        raw_times.append(int(when))
                    if has_position:
                        positions.append([lat * SEMICIRCLE, lon * SEMICIRCLE])
                elif frame.name == 'session':
                    start = frame.get_value('start_time', fallback=None)
                    end = frame.get_value('timestamp', fallback=None)
                    sessions.append((start, end, frame.get_value('sport', fallback=None)))
                elif frame.name == 'lap':
                    laps += 1
                elif frame.name == 'course_point':
                    course_points.append({
                        'name': frame.get_value('name', fallback=None),
                        'type': frame.get_value('type', fallback=None),
                        'latitude': frame.get_value('position_lat', fallback=0) * SEMICIRCLE,
                        'longitude': frame.get_value('position_long', fallback=0) * SEMICIRCLE,
                    })
        except fitdecode.FitError as failure:
            error = type(failure).__name__
    result = summary(positions, times, fixes)
    result.update({
        'records': records,
        # FIT seconds (since 1989-12-31, or of uptime) of the first and last timed record.
        'first_fit_seconds': raw_times[0] if raw_times else None,
        'last_fit_seconds': raw_times[-1] if raw_times else None,
        'files': files,
        'sports': [s[2] for s in sessions],
        'sessions_with_fixes': sum(
            1 for start, end, _ in sessions
            if start is not None and end is not None and any(t is not None and start <= t <= end for t in fix_times)),
        'laps': laps,
        'course_points': course_points,
        'error': error,
        'reader': 'fitdecode ' + fitdecode.__version__,
    })
    return result


def read_gpsbabel_gpx(path):
    ns = {'g': 'http://www.topografix.com/GPX/1/0'}
    root = ET.parse(path).getroot()
    if not root.tag.endswith('}gpx'):
        raise ValueError(path)
    ns = {'g': root.tag[1:-4]}
    positions, times = [], []
    for point in root.iterfind('.//g:trkpt', ns):
        positions.append([float(point.get('lat')), float(point.get('lon'))])
        time = point.find('g:time', ns)
        times.append(time.text.replace('.000', '') if time is not None else None)
    result = summary(positions, times, len(positions))
    result.update({'reader': 'GPSBabel reference GPX'})
    return result


def main():
    reference = {}
    for path in sorted(glob.glob(os.path.join(HERE, '*.fit'))):
        name = os.path.basename(path)
        gpx = path[:-4] + '.gpx'
        if name.startswith('lezyne') and os.path.exists(gpx):
            reference[name] = read_gpsbabel_gpx(gpx)
        else:
            reference[name] = read_fit(path)
    with open(os.path.join(HERE, 'reference.json'), 'w') as out:
        json.dump(reference, out, indent=1, sort_keys=True)
        out.write('\n')


if __name__ == '__main__':
    main()
