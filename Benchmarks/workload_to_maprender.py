#!/usr/bin/env python3
"""Turn a staticmap-bench/v1 workload (../shared/bench/workloads/SCHEMA.md) into maprender
inputs with the same geometry, and print them as JSON.

    workload_to_maprender.py WORKLOAD.json INPUT_DIR TILE_URL TILE_CACHE

writes into INPUT_DIR (untimed preparation, like the peers' "plain Python lists"):

  style.json        the default style with the workload's looks: track #1f6feb 3 px, circles
                    with the workload's fill/stroke/width, no casings under lines, no scale
                    bar (the peers draw none); everything else (pins, callouts) is ours
  map_NNN.geojson   markers as Points (title = label, marker-color = colour), polylines
                    that are not GPS tracks as LineStrings (stroke, stroke-width), polygons
                    as closed Polygons (stroke, fill, stroke-width)
  map_NNN.csv       a GPS track (role gps-track, or a coords_file) as location fixes with a
                    'latitude,longitude' header: every point, in order (W4's side file is
                    copied with the header put in front)

and prints {"maps": [{"args": [...maprender render options, no -o...],
                      "manifest": {...the same as a batch manifest object...}}, ...]}.

Circles become `--circle LAT,LON,RADIUSm` (geodesic radius) when all circles of the map share
one look, which the style then carries; otherwise a circle becomes a 128-vertex geodesic
polygon in the GeoJSON with its own look. Every workload in the bench uses one look.

Track cleaning is turned off (`--max-accuracy none --distance-filter none --gap-time none
--gap-distance none --keep-spikes`) so all points are drawn; the track's own start/end pins
are off (`--no-track-markers`) because the workload gives its start/end markers itself.
`--keep-spikes` keeps the single-fix spikes that cleaning drops by default; builds from
before that rule have no such option, and `for_binary` gives them `--keep-stale` instead
(what kept every point then; it is deprecated and does nothing now).

Standard library only.
"""
import json
import math
import os
import sys

PADDING_DEFAULT = 32
# The IUGG mean radius in meters, for spherical rings: the value of Earth.meanRadius
# (Sources/MapGeometry/GreatCircle.swift, documented there).
MEAN_EARTH_RADIUS_M = 6371008.8


def rgba(hexstr):
    """'#RRGGBBAA' or '#RRGGBB' -> '#rrggbbaa' (maprender reads both)."""
    h = hexstr.lstrip("#")
    if len(h) == 6:
        h += "ff"
    return "#" + h.lower()


def geodesic_ring(lat, lon, radius_m, n=128):
    """Spherical destination points; a closed ring as [lon, lat] pairs (GeoJSON order)."""
    r = MEAN_EARTH_RADIUS_M
    la, lo = math.radians(lat), math.radians(lon)
    d = radius_m / r
    ring = []
    for k in range(n):
        b = 2 * math.pi * k / n
        la2 = math.asin(math.sin(la) * math.cos(d) + math.cos(la) * math.sin(d) * math.cos(b))
        lo2 = lo + math.atan2(math.sin(b) * math.sin(d) * math.cos(la), math.cos(d) - math.sin(la) * math.sin(la2))
        ring.append([round(math.degrees(lo2), 7), round(math.degrees(la2), 7)])
    ring.append(ring[0])
    return ring


def is_track(line):
    return line.get("role") == "gps-track" or "coords_file" in line


def style_for(workload):
    style = {
        "name": "bench",
        "polyline": {"casingColor": None, "casingWidth": 0},
        "polygon": {"casingColor": None, "casingWidth": 0},
        "track": {"strokeColor": "#1f6febff", "lineWidth": 3, "casingColor": None, "casingWidth": 0},
        "furniture": {"showsScaleBar": False},
    }
    circle_looks = {(c["fill"], c["stroke"], c["width"]) for m in workload["maps"] for c in m.get("circles", [])}
    if len(circle_looks) == 1:
        fill, stroke, width = circle_looks.pop()
        style["circle"] = {"fillColor": rgba(fill), "strokeColor": rgba(stroke), "lineWidth": width,
                           "casingColor": None, "casingWidth": 0}
    track_looks = {(l["color"], l["width"]) for m in workload["maps"] for l in m.get("polylines", []) if is_track(l)}
    if len(track_looks) == 1:
        color, width = track_looks.pop()
        style["track"].update({"strokeColor": rgba(color), "lineWidth": width})
    return style, len({(c["fill"], c["stroke"], c["width"]) for m in workload["maps"]
                       for c in m.get("circles", [])}) <= 1


def write_track_csv(path, line, workload_dir):
    with open(path, "w") as out:
        out.write("latitude,longitude\n")
        if "coords_file" in line:
            with open(os.path.join(workload_dir, line["coords_file"])) as src:
                n = 0
                for row in src:
                    if row.strip():
                        out.write(row if row.endswith("\n") else row + "\n")
                        n += 1
            if n != line.get("count", n):
                raise SystemExit(f"{line['coords_file']}: {n} points, the workload says {line['count']}")
        else:
            out.writelines(f"{lat},{lon}\n" for lat, lon in line["coords"])


def convert(workload_path, input_dir, tile_url, tile_cache):
    with open(workload_path) as f:
        workload = json.load(f)
    wdir = os.path.dirname(os.path.abspath(workload_path))
    os.makedirs(input_dir, exist_ok=True)
    style, uniform_circles = style_for(workload)
    style_path = os.path.join(input_dir, "style.json")
    with open(style_path, "w") as f:
        json.dump(style, f, indent=1)
    out = workload["output"]
    fit = workload["fit"]
    common = {
        "style": style_path,
        "size": f"{out['width']}x{out['height']}",
        "padding": str(fit.get("padding_px", PADDING_DEFAULT)),
        "max-zoom": str(fit["max_zoom"]),
        "basemap": tile_url,
        "tile-cache": tile_cache,
    }
    maps = []
    for index, m in enumerate(workload["maps"]):
        features = []
        for mk in m.get("markers", []):
            features.append({"type": "Feature", "geometry": {"type": "Point", "coordinates": [mk["lon"], mk["lat"]]},
                             "properties": {"title": mk.get("label", ""), "marker-color": rgba(mk["color"])}})
        for p in m.get("polygons", []):
            ring = [[lon, lat] for lat, lon in p["coords"]]
            if ring[0] != ring[-1]:
                ring.append(ring[0])  # open rings in the workload; GeoJSON rings are closed
            features.append({"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [ring]},
                             "properties": {"stroke": rgba(p["stroke"]), "fill": rgba(p["fill"]),
                                            "stroke-width": p["width"]}})
        tracks = []
        for l in m.get("polylines", []):
            if is_track(l):
                tracks.append(l)
                continue
            features.append({"type": "Feature",
                             "geometry": {"type": "LineString", "coordinates": [[lon, lat] for lat, lon in l["coords"]]},
                             "properties": {"stroke": rgba(l["color"]), "stroke-width": l["width"]}})
        circles = []
        for c in m.get("circles", []):
            if uniform_circles:
                circles.append(f"{c['lat']},{c['lon']},{c['radius_m']}m")
            else:
                features.append({"type": "Feature",
                                  "geometry": {"type": "Polygon",
                                               "coordinates": [geodesic_ring(c["lat"], c["lon"], c["radius_m"])]},
                                  "properties": {"stroke": rgba(c["stroke"]), "fill": rgba(c["fill"]),
                                                 "stroke-width": c["width"]}})
        job = dict(common)
        if features:
            gj = os.path.join(input_dir, f"map_{index:03d}.geojson")
            with open(gj, "w") as f:
                json.dump({"type": "FeatureCollection", "features": features}, f, separators=(",", ":"))
            job["geojson"] = gj
        if circles:
            job["circle"] = circles
        if tracks:
            csvs = []
            for t, line in enumerate(tracks):
                path = os.path.join(input_dir, f"map_{index:03d}_track{t}.csv")
                write_track_csv(path, line, wdir)
                csvs.append(path)
            job["csv"] = csvs if len(csvs) > 1 else csvs[0]
            job.update({"no-track-markers": True, "max-accuracy": "none", "distance-filter": "none",
                        "gap-time": "none", "gap-distance": "none", "keep-spikes": True})
        maps.append({"args": arguments(job), "manifest": job})
    return {"id": workload["id"], "width": out["width"], "height": out["height"], "maps": maps}


def arguments(job):
    """A manifest object as `maprender render` options."""
    args = []
    for key, value in job.items():
        for v in (value if isinstance(value, list) else [value]):
            args += [f"--{key}"] if v is True else [f"--{key}", str(v)]
    return args


def for_binary(job, options):
    """The job for a build whose `render` takes `options` (long option names, without
    dashes): a build from before the spike rule gets `keep-stale` for `keep-spikes`."""
    if "keep-spikes" in job and "keep-spikes" not in options:
        job = {("keep-stale" if k == "keep-spikes" else k): v for k, v in job.items()}
    return job


if __name__ == "__main__":
    if len(sys.argv) != 5:
        raise SystemExit(__doc__)
    print(json.dumps(convert(*sys.argv[1:])))
