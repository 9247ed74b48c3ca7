"""Benchmark protocols at the scale of a published split (issue 33): the
City-Scale test split SAM-Road evaluates (27 tiles of 2048 x 2048 px at
1 m, its ``apls.bash`` list) as synthetic cities, scored with
``roadmetrics batch apls|topo --protocol sat2graph_cityscale``.

Each tile: a jittered street grid with blocks of 120-220 m, some streets
curved, a few dead ends; the prediction drops 8 % of the streets, shifts
the rest by up to 3 m, cuts a few gaps and adds spurs, and is resampled at
other vertices.  Prints one row per metric for docs/performance.md: tiles,
vertices, wall time of the whole batch (1 worker and 2), per tile.

    python scripts/bench_protocols.py [--tiles 27] [--metrics apls topo]
"""
from __future__ import annotations

import argparse
import os
import pickle
import subprocess
import sys
import tempfile
import time

import numpy as np

TILE = 2048.0


def city(rng) -> list:
    """Streets of one tile as polylines (x = a, y = b, metres from the corner)."""
    lines = []
    for axis in (0, 1):
        pos = 60.0
        while pos < TILE - 60:
            t = np.linspace(40.0, TILE - 40.0, 40)
            off = pos + (rng.normal(0, 4) if rng.random() < 0.7 else
                         25 * np.sin(t / rng.uniform(150, 400)))
            pts = np.column_stack([t, np.broadcast_to(off, t.shape)])
            lines.append(pts if axis == 0 else pts[:, ::-1])
            pos += rng.uniform(120, 220)
    return lines


def noded(lines, step: float) -> dict:
    """An adjacency dict of the lines resampled every ``step`` metres, with
    vertices where streets cross (rounded to 1 cm so crossings are shared)."""
    from shapely.geometry import LineString
    from shapely.ops import unary_union
    merged = unary_union([LineString(l) for l in lines])
    geoms = getattr(merged, "geoms", [merged])
    adj: dict = {}
    for g in geoms:
        n = max(1, int(g.length // step))
        pts = [g.interpolate(g.length * i / n) for i in range(n + 1)]
        keys = [(round(p.x, 2), round(p.y, 2)) for p in pts]
        for a, b in zip(keys[:-1], keys[1:]):
            if a != b:
                adj.setdefault(a, []).append(b)
                adj.setdefault(b, []).append(a)
    return adj


def prediction(lines, rng) -> list:
    out = []
    for l in lines:
        if rng.random() < 0.08:
            continue
        l = l + rng.uniform(-3, 3, size=2)
        if rng.random() < 0.15:                      # a gap
            k = rng.integers(5, len(l) - 5)
            out += [l[:k], l[k + 2:]]
        else:
            out.append(l)
        if rng.random() < 0.1:                       # a spur
            p = l[rng.integers(0, len(l))]
            out.append(np.array([p, p + rng.uniform(-80, 80, size=2)]))
    return out


def make_split(folder: str, n: int) -> int:
    rng = np.random.default_rng(33)
    os.makedirs(os.path.join(folder, "gt"), exist_ok=True)
    os.makedirs(os.path.join(folder, "pred"), exist_ok=True)
    vertices = 0
    for i in range(n):
        lines = city(rng)
        gt = noded(lines, 20.0)
        pred = noded(prediction(lines, rng), 27.0)
        vertices += len(gt)
        with open(os.path.join(folder, "gt", f"{i}.p"), "wb") as f:
            pickle.dump(gt, f)
        with open(os.path.join(folder, "pred", f"{i}.p"), "wb") as f:
            pickle.dump(pred, f)
    return vertices


def run(folder: str, metric: str, workers: int) -> float:
    out = os.path.join(folder, f"rows_{metric}_{workers}.csv")
    cmd = [sys.executable, "-m", "roadnetworkmetrics", "batch", metric, "--pairs",
           os.path.join(folder, "gt"), os.path.join(folder, "pred"), "--out", out, "--no-resume",
           "--protocol", "sat2graph_cityscale", "--workers", str(workers), "--quiet"]
    t = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.perf_counter() - t
    if p.returncode not in (0, 3):
        raise SystemExit(p.stderr)
    line = [l for l in p.stdout.splitlines() if l.startswith("protocol")]
    print(f"  {metric} workers={workers}: {wall:.1f} s; {line[0] if line else p.stdout[-200:]}")
    return wall


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tiles", type=int, default=27)
    ap.add_argument("--metrics", nargs="+", default=["apls", "topo"])
    a = ap.parse_args()
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    with tempfile.TemporaryDirectory() as d:
        v = make_split(d, a.tiles)
        print(f"{a.tiles} tiles of 2048 m, {v} ground-truth vertices")
        for m in a.metrics:
            for w in (1, 2):
                wall = run(d, m, w)
                print(f"| {m} `--protocol sat2graph_cityscale`, {a.tiles} tiles | {w} | "
                      f"{wall:.1f} s | {wall / a.tiles:.2f} s |")


if __name__ == "__main__":
    main()
