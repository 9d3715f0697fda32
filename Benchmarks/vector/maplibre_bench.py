"""MapLibre Native's side of the vector workload (Benchmarks/README.md, "W6"): the Helsinki
example at XYZ zoom 16 (MapLibre zoom 15), 1024x768, drawn in-process by mapli's RenderPool
from the same PMTiles archive with the same style.

    EGL_PLATFORM=surfaceless /tmp/mgl/bin/python maplibre_bench.py STYLE.json ARCHIVE.pmtiles [REPS [ZOOM WIDTH HEIGHT]]

Prints one JSON object: the first render in a fresh process (style and tiles loaded),
the median of REPS warm renders (renderer, style, tiles and glyphs reused, as a server
would), 100 maps with one worker and with two (maps per second), and the process's peak
resident memory. ZOOM (MapLibre's, default 15), WIDTH and HEIGHT (default 1024 768) draw
another view of the same centre (W6m) and skip the 100 maps. Glyphs come from the reference renderer's glyph server (DejaVu Sans
signed distance fields), the sprite is removed, as in the test references.
"""

import json
import os
import resource
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "Tests", "MapVectorLayoutTests", "Fixtures", "maplibre"))
import render_maplibre  # noqa: E402  (the glyph server and the bbox of a zoom)

import mapli  # noqa: E402

CENTER = (24.9443, 60.1716)


def prepared_style(style_path, archive):
    """The style as the benchmarks draw it, written to a temporary file whose path is
    returned (the caller removes it): its source the local archive, no sprite, glyphs from
    the reference renderer's glyph server (registered here)."""
    style = json.load(open(style_path))
    style["sources"]["openmaptiles"] = {"type": "vector", "url": "pmtiles://file://" + os.path.abspath(archive)}
    style.pop("sprite", None)
    style["glyphs"] = "glyphs://fonts/{fontstack}/{range}.pbf"
    mapli.register_scheme_handler("glyphs", render_maplibre.handler)
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(style, f)
    return f.name


def main():
    style_path, archive = sys.argv[1:3]
    reps = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    zoom, width, height = (float(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])) if len(sys.argv) > 6 else (15, 1024, 768)
    batch = len(sys.argv) <= 6
    style_file = prepared_style(style_path, archive)
    bbox = tuple(round(v, 7) for v in render_maplibre.bbox_for(*CENTER, zoom, width, height))
    result = {}
    try:
        pool = mapli.RenderPool(workers=1)
        pool.register_style("s", path=style_file)
        start = time.perf_counter()
        pool.render_from_bounds("s", bbox=bbox, width=width, height=height)
        result["first_ms"] = (time.perf_counter() - start) * 1000
        warm = []
        for _ in range(reps):
            start = time.perf_counter()
            pool.render_from_bounds("s", bbox=bbox, width=width, height=height)
            warm.append((time.perf_counter() - start) * 1000)
        result["warm_median_ms"] = statistics.median(warm)
        result["warm_min_ms"] = min(warm)
        for workers in (1, 2) if batch else ():
            batch_pool = pool if workers == 1 else mapli.RenderPool(workers=2)
            if workers == 2:
                batch_pool.register_style("s", path=style_file)
                batch_pool.render_from_bounds("s", bbox=bbox, width=width, height=height)
            import concurrent.futures

            start = time.perf_counter()
            with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as executor:
                list(executor.map(lambda _: batch_pool.render_from_bounds("s", bbox=bbox, width=width, height=height), range(100)))
            result[f"maps_per_second_{workers}"] = 100 / (time.perf_counter() - start)
    finally:
        os.unlink(style_file)
    result["rss_peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps(result))


if __name__ == "__main__":
    main()
