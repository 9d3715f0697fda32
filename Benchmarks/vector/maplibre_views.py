"""MapLibre Native's side of the random-views workload (W9, Benchmarks/README.md): the views
of random_views.py's views.json drawn in-process by mapli's RenderPool from the same
PMTiles archive with the same style, as maplibre_bench.py draws W6 and W7.

    EGL_PLATFORM=surfaceless /tmp/mgl/bin/python maplibre_views.py VIEWS.json [WORKERS [OUT_DIR]]

WORKERS (default 2) workers draw every view once, as many at a time, after each worker has
loaded the style by drawing the W6 view (so the timed maps are warm, as a server's would
be); with OUT_DIR each map is written there as ID.png, inside the timing, as a batch writes
its outputs. Prints one JSON object: the maps, the seconds and maps per second of the timed
maps, the seconds of the whole process (style loading included) and its peak resident
memory.
"""

import concurrent.futures
import json
import os
import resource
import sys
import time

START = time.perf_counter()

import maplibre_bench  # noqa: E402  (the style as the benchmarks draw it, and the W6 view)


def main():
    views = json.load(open(sys.argv[1]))
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    out_dir = sys.argv[3] if len(sys.argv) > 3 else None
    if out_dir:
        os.makedirs(out_dir, exist_ok=True)
    style_file = maplibre_bench.prepared_style(views["style"], views["archive"])
    try:
        pool = maplibre_bench.mapli.RenderPool(workers=workers)
        pool.register_style("s", path=style_file)
        warm_bbox = maplibre_bench.render_maplibre.bbox_for(*maplibre_bench.CENTER, 15, 1024, 768)

        def warm(_):
            pool.render_from_bounds("s", bbox=warm_bbox, width=1024, height=768)

        def draw(view):
            # Rounded to 7 decimals (about 1 cm), as the reference renderings are.
            bbox = tuple(round(v, 7) for v in view["bbox"])
            png = pool.render_from_bounds("s", bbox=bbox, width=view["width"], height=view["height"])
            if out_dir:
                with open(os.path.join(out_dir, view["id"] + ".png"), "wb") as f:
                    f.write(png)

        with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as executor:
            list(executor.map(warm, range(workers)))
            start = time.perf_counter()
            list(executor.map(draw, views["views"]))
            seconds = time.perf_counter() - start
    finally:
        os.unlink(style_file)
    maps = len(views["views"])
    print(json.dumps({
        "workers": workers, "maps": maps, "seconds": round(seconds, 3),
        "maps_per_second": round(maps / seconds, 2),
        "process_seconds": round(time.perf_counter() - START, 3),
        "rss_peak_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }))


if __name__ == "__main__":
    main()
