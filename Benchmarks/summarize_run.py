#!/usr/bin/env python3
"""Keeps the summary of a peer-benchmark run in Benchmarks/results/<run-id>/.

    python3 Benchmarks/summarize_run.py BENCH/results/<run-id>   (or BENCH/results/latest)

Writes two files, the only ones of a run that git keeps (see .gitignore):

- report.md: the peer bench's tables (harness/report.py), copied as they are;
- maprender.csv: this package's rows from the run's results.jsonl, one per workload and
  variant (main, tile_cache_none, jobs_2, and the MAPRENDER_BENCH_ALT_BINS builds), which
  report.md leaves out. Numbers are copied as the adapter printed them.

The raw outputs (results.jsonl, startup.jsonl, meta.txt, each command's .out/.err/.time/
.rc/.404/.http, the tile server's log) stay in the bench folder: they are about 1 MB a run,
and report.md holds what the README quotes from them. Standard library only.
"""
import csv
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
COLUMNS = ["workload", "variant", "reps", "median_s", "min_s", "max_s", "maps_per_s", "rss_peak_kb",
           "output_bytes", "times_s"]


def rows(results, peer):
    """The CSV rows of `peer` in the results.jsonl at `results`: its main row, then its variants."""
    out = []
    with open(results) as f:
        for line in f:
            result = json.loads(line)
            if result.get("peer") != peer:
                continue
            runs = [("main", result)] + list(result.get("variants", {}).items())
            for variant, run in runs:
                out.append({
                    "workload": result["workload"], "variant": variant, "reps": run.get("reps_done", ""),
                    **{k: run.get(k, "") for k in COLUMNS[3:9]},
                    "times_s": " ".join(repr(t) for t in run.get("times_s", [])),
                })
    return out


def main(argv):
    if len(argv) not in (2, 3):
        sys.exit("usage: summarize_run.py BENCH/results/<run-id> [PEER (default maprender)]")
    source = os.path.realpath(argv[1])
    peer = argv[2] if len(argv) == 3 else "maprender"
    run_id = os.path.basename(source)
    target = os.path.join(HERE, "results", run_id)
    os.makedirs(target, exist_ok=True)
    report = os.path.join(source, "report.md")
    if os.path.realpath(os.path.join(target, "report.md")) != report:
        shutil.copyfile(report, os.path.join(target, "report.md"))
    summary = rows(os.path.join(source, "results.jsonl"), peer)
    if not summary:
        sys.exit(f"no {peer} rows in {source}/results.jsonl")
    with open(os.path.join(target, f"{peer}.csv"), "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(summary)
    print(f"{target}: report.md, {peer}.csv ({len(summary)} rows)")


if __name__ == "__main__":
    main(sys.argv)
