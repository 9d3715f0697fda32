#!/usr/bin/env python3
"""Compare two elevation PMTiles archives tile by tile: the decoded heights of every tile they
both hold, and the tiles only one of them holds. Used to check `maprender basemap import-dem`
against the terrain kit's make_terrarium.py (rasterio, the same GDAL bilinear warp).

    /tmp/dem/bin/python Benchmarks/dem/compare_terrarium.py OURS.pmtiles REFERENCE.pmtiles [--tolerance 0.01]

Needs PyPI pmtiles, pillow and numpy. Prints the tiles compared, the largest and mean absolute
difference in metres (also only where both hold data, i.e. not the --fill height), the pixels
only one of them holds data for, and the share of pixels within the tolerance; exits 1 when the archives
hold different tiles or a pixel differs by more than --max (default 1 m).
"""
import argparse
import io
import json
import sys

import numpy as np
from PIL import Image
from pmtiles.reader import MmapSource, Reader, all_tiles


def decode(data, encoding):
    a = np.asarray(Image.open(io.BytesIO(data)).convert("RGB")).astype(np.float64)
    if encoding == "terrarium":
        return a[..., 0] * 256.0 + a[..., 1] + a[..., 2] / 256.0 - 32768.0
    return -10000.0 + (a[..., 0] * 65536.0 + a[..., 1] * 256.0 + a[..., 2]) * 0.1


def read(path):
    with open(path, "rb") as f:
        reader = Reader(MmapSource(f))
        meta = reader.metadata()
        tiles = {k: v for k, v in all_tiles(reader.get_bytes)}
        return reader.header(), meta, tiles


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("ours")
    ap.add_argument("reference")
    ap.add_argument("--tolerance", type=float, default=0.01, help="metres (default 0.01)")
    ap.add_argument("--fill", type=float, default=0.0, help="the nodata fill height of both (default 0)")
    ap.add_argument("--max", type=float, default=1.0, help="largest difference allowed, metres (default 1)")
    a = ap.parse_args()
    h1, m1, t1 = read(a.ours)
    h2, m2, t2 = read(a.reference)
    enc = m1.get("encoding", "terrarium")
    common = sorted(set(t1) & set(t2))
    only1, only2 = sorted(set(t1) - set(t2)), sorted(set(t2) - set(t1))
    diffs, both = [], []
    only_ours = only_ref = 0
    worst = (0.0, None)
    for k in common:
        x, y = decode(t1[k], enc), decode(t2[k], m2.get("encoding", "terrarium"))
        d = np.abs(x - y)
        diffs.append(d.ravel())
        # Pixels that hold the fill height in one archive only: where the two disagree on
        # which pixels have data (the edge of nodata areas).
        only_ours += int(((x != a.fill) & (y == a.fill)).sum())
        only_ref += int(((y != a.fill) & (x == a.fill)).sum())
        both.append(d[(x != a.fill) & (y != a.fill)])
        if d.max() > worst[0]:
            worst = (float(d.max()), k)
    d = np.concatenate(diffs) if diffs else np.zeros(0)
    b = np.concatenate(both) if both else np.zeros(0)
    result = {
        "tiles_compared": len(common), "only_in_ours": len(only1), "only_in_reference": len(only2),
        "zooms_ours": [h1["min_zoom"], h1["max_zoom"]], "zooms_reference": [h2["min_zoom"], h2["max_zoom"]],
        "max_abs_m": round(float(d.max()), 4) if d.size else 0, "worst_tile": worst[1],
        "mean_abs_m": round(float(d.mean()), 5) if d.size else 0,
        "p99_abs_m": round(float(np.percentile(d, 99)), 4) if d.size else 0,
        "max_abs_where_both_have_data_m": round(float(b.max()), 4) if b.size else 0,
        "pixels_with_data_only_in_ours": only_ours, "pixels_with_data_only_in_reference": only_ref,
        "share_within_tolerance": round(float((d <= a.tolerance).mean()), 5) if d.size else 1,
        "tolerance_m": a.tolerance,
        "bytes_ours": sum(len(v) for v in t1.values()), "bytes_reference": sum(len(v) for v in t2.values()),
    }
    print(json.dumps(result))
    sys.exit(1 if only1 or only2 or (d.size and d.max() > a.max) else 0)


if __name__ == "__main__":
    main()
