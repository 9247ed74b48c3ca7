"""Benchmark of the pixel metrics (core/metrics/pixel/, docs/pixel.md): each
metric (and each boundary-F strategy) on two 10,000 x 10,000 masks at 1 m,
in a fresh process, with its wall time and peak memory.

The masks: the sample's ground-truth and predicted lines rasterised 6 m wide
at 1 m (tests/core/pixel_data.py), tiled 10 x 6 into a mosaic (mirrored
copies, so roads run on across the seams) and cropped to 10,000 x 10,000
(100 km^2, about 6,500 km of road pixels' length).  Built once, cached as
.npy in bench-output/.
Usage: python scripts/bench_pixel.py [--size 10000] [--metrics pixel_iou ...] [--maps]
(--maps: also build each metric's diagnostic maps, as QGIS does when a map
output is asked for; without it the maps are not built, as in batch runs)
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "tests", "core")]
OUT = os.path.join(ROOT, "bench-output")
RUNS = [("pixel_iou", {}), ("pixel_distances", {}), ("pixel_cldice", {}),
        ("pixel_boundaryf", {"STRATEGY": "distance"}), ("pixel_boundaryf", {"STRATEGY": "area"}),
        ("pixel_boundaryf", {"STRATEGY": "correspondence"}),
        ("pixel_boundaryf", {"STRATEGY": "validation"})]


def mosaic(tile: np.ndarray, size: int) -> np.ndarray:
    """``tile`` repeated (every other copy mirrored) to cover size x size."""
    row = [tile if i % 2 == 0 else tile[:, ::-1] for i in range(-(-size // tile.shape[1]))]
    band = np.concatenate(row, axis=1)
    rows = [band if i % 2 == 0 else band[::-1] for i in range(-(-size // band.shape[0]))]
    return np.ascontiguousarray(np.concatenate(rows, axis=0)[:size, :size])


def masks(size: int) -> tuple:
    os.makedirs(OUT, exist_ok=True)
    paths = [os.path.join(OUT, f"pixel_{k}_{size}.npy") for k in ("gt", "pred")]
    if not all(os.path.exists(p) for p in paths):
        from pixel_data import sample_masks
        g, p, _ = sample_masks(1.0, 3.0)
        for path, m in zip(paths, (g, p)):
            np.save(path, mosaic(m, size))
    return tuple(paths)


def one(metric: str, params: dict, size: int, maps: bool = False) -> dict:
    from core.metrics.pixel.masks import from_pixel_size
    from core.runner import run_masks
    g, p = (np.load(x) for x in masks(size))
    r = from_pixel_size(g, p, 1.0)
    t, u = time.perf_counter(), resource.getrusage(resource.RUSAGE_SELF)
    res = run_masks(metric, r, params, maps=maps)
    dt = time.perf_counter() - t
    u2 = resource.getrusage(resource.RUSAGE_SELF)
    cpu = u2.ru_utime + u2.ru_stime - u.ru_utime - u.ru_stime
    return {"metric": metric, "params": params, "maps": sorted(res.maps),
            "seconds": round(dt, 2), "cpu_s": round(cpu, 2),
            "peak_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
            "scores": {k: round(v, 5) for k, v in res.scores.items()}}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=10_000)
    ap.add_argument("--metrics", nargs="*")
    ap.add_argument("--maps", action="store_true", help="also build the diagnostic maps")
    ap.add_argument("--one", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.one:
        m, params = json.loads(a.one)
        print(json.dumps(one(m, params, a.size, a.maps)))
        return
    masks(a.size)
    rows = []
    for m, params in RUNS:
        if a.metrics and m not in a.metrics:
            continue
        out = subprocess.run([sys.executable, __file__, "--size", str(a.size), "--one",
                              json.dumps([m, params])] + (["--maps"] if a.maps else []),
                             capture_output=True, text=True)
        if out.returncode:
            print(m, params, "failed:", out.stderr.strip().splitlines()[-1:])
            continue
        row = json.loads(out.stdout)
        rows.append(row)
        print(f"{m:16} {json.dumps(params):32} {row['seconds']:7.2f} s wall {row['cpu_s']:7.2f} s "
              f"CPU {row['peak_mb']:6d} MB")
    name = f"bench_pixel_{a.size}" + ("_maps" if a.maps else "")
    with open(os.path.join(OUT, f"{name}.md"), "w", encoding="utf-8") as fh:
        fh.write("| metric | parameters | wall s | CPU s | peak MB |\n|---|---|---|---|---|\n")
        for r in rows:
            fh.write(f"| {r['metric']} | {json.dumps(r['params'])} | {r['seconds']} | "
                     f"{r['cpu_s']} | {r['peak_mb']} |\n")


if __name__ == "__main__":
    main()
