"""Benchmark of centreline extraction from a raster (issue 21 target: a
10,000 x 10,000 mask at 1 m pixels -> centrelines in <= 10 s and <= 1.5 GB
on 2 cores, with scikit-image and with the fallback thinning).

The mask is a mosaic of the sample's ground truth (``mosaic()`` of
scripts/bench.py: translated copies joined by connector roads) rasterised at
road widths: a pixel is road when its centre is within half the road's width
of a line, the width being 3.25 m per lane (OSM ``lanes``, 2 when missing;
the connectors 2 lanes).  It is rasterised block by block with a Euclidean
distance transform (numpy / scipy only, so it runs on both venvs) and cached
in bench-output/ (bit-packed).

Each row runs in a fresh process (peak RSS is its own: Python, the loaded
mask and the extraction) and prints the time of each step from the
extraction's progress messages.

Usage: python scripts/bench_raster.py [--size 10000] [--repeat 1]
[--modes skimage fallback] (``scripts/bench --raster`` runs it on the
latest releases and on the Debian packages).  Prints a Markdown table and
writes it to bench-output/raster.md (appending this interpreter's rows).
"""
import argparse
import importlib.util
import json
import os
import platform
import resource
import subprocess
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
GT = os.path.join(ROOT, "resources", "sample", "helsinki_ground_truth.gpkg")
LANE_M = 3.25
BLOCK = 1024


def _bench_helpers():
    spec = importlib.util.spec_from_file_location("bench", os.path.join(ROOT, "scripts", "bench.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def mosaic_lines(size_m):
    """(lines, half widths in m) of a mosaic of the sample covering at least
    size_m x size_m, and the top-left corner (x0, y1) of a size_m x size_m
    window on it."""
    from core.io.gpkg import read_gpkg
    b = _bench_helpers()
    src = read_gpkg(GT, fields=("lanes",))
    parts = src.lines.parts
    lanes = np.array([v if v else 2 for v in src.lines.part_attribute("lanes")], dtype=float)
    step = b.mosaic_step(parts)
    n = int(np.ceil(size_m / min(step)))
    lines, conns = b.mosaic(parts, n, step)
    half = np.concatenate([np.tile(lanes, n * n), np.full(len(conns), 2.0)]) * LANE_M / 2
    xy = np.concatenate(parts)
    # the copies go east and north of the sample: the window starts at its
    # south-west corner
    return lines, half, (float(np.floor(xy[:, 0].min())) - 10,
                         float(np.floor(xy[:, 1].min())) - 10 + size_m)


def centre_points(lines, half, step):
    """Points every ``step`` along every line, with the line's half width."""
    pts, hw = [], []
    for p, h in zip(lines, half):
        seg = np.hypot(*np.diff(p, axis=0).T)
        n = np.maximum(np.ceil(seg / step), 1).astype(int)
        t = np.concatenate([np.arange(k) / k for k in n] + [[1.0]])
        i = np.concatenate([np.full(k, j) for j, k in enumerate(n)] + [[len(seg) - 1]])
        q = p[i] + t[:, None] * (p[i + 1] - p[i])
        pts.append(q)
        hw.append(np.full(len(q), h))
    return np.concatenate(pts), np.concatenate(hw)


def rasterise(size, px=1.0):
    """The size x size road mask of the mosaic at ``px`` m pixels."""
    from scipy import ndimage
    lines, half, (x0, y1) = mosaic_lines(size * px)
    pts, hw = centre_points(lines, half, px / 4)
    col = np.floor((pts[:, 0] - x0) / px).astype(np.int64)
    row = np.floor((y1 - pts[:, 1]) / px).astype(np.int64)
    margin = int(np.ceil(hw.max() / px)) + 1
    inside = (row >= -margin) & (row < size + margin) & (col >= -margin) & (col < size + margin)
    row, col, hw = row[inside], col[inside], hw[inside]
    mask = np.zeros((size, size), dtype=bool)
    for r0 in range(0, size, BLOCK):
        for c0 in range(0, size, BLOCK):
            h, w = min(BLOCK, size - r0), min(BLOCK, size - c0)
            sel = ((row >= r0 - margin) & (row < r0 + h + margin) & (col >= c0 - margin)
                   & (col < c0 + w + margin))
            if not sel.any():
                continue
            rr, cc = row[sel] - (r0 - margin), col[sel] - (c0 - margin)
            width = np.zeros((h + 2 * margin, w + 2 * margin), dtype=np.float32)
            np.maximum.at(width, (rr, cc), hw[sel].astype(np.float32))
            dist, (ir, ic) = ndimage.distance_transform_edt(width == 0, return_indices=True)
            road = dist * px <= width[ir, ic]
            mask[r0:r0 + h, c0:c0 + w] = road[margin:margin + h, margin:margin + w]
    return mask, (px, 0.0, x0, 0.0, -px, y1)


def cached_mask(size):
    path = os.path.join(ROOT, "bench-output", f"raster_mask_{size}.npz")
    if not os.path.exists(path):
        t = time.perf_counter()
        mask, transform = rasterise(size)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        np.savez(path, bits=np.packbits(mask), shape=mask.shape, transform=transform)
        print(f"mask {size} x {size} rasterised in {time.perf_counter() - t:.1f} s "
              f"({mask.mean() * 100:.1f} % road), cached in {path}", file=sys.stderr)
    return path


def load_mask(path):
    z = np.load(path)
    shape = tuple(z["shape"])
    return np.unpackbits(z["bits"], count=shape[0] * shape[1]).view(bool).reshape(shape), \
        tuple(z["transform"])


def worker(path, mode, repeat):
    from core.progress import Progress
    from core.raster.centrelines import extract_centrelines
    mask, transform = load_mask(path)
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    runs = []
    for _ in range(repeat):
        marks = []
        progress = Progress(lambda f, m, marks=marks: marks.append((time.process_time(), m)))
        t, c = time.perf_counter(), time.process_time()
        ls = extract_centrelines(mask, transform, progress=progress,
                                 use_skimage=(mode == "skimage"))
        wall, cpu = time.perf_counter() - t, time.process_time() - c
        # CPU time per step (on a shared machine wall time depends on the other jobs)
        steps = {str(a[1]): round(b[0] - a[0], 3) for a, b in zip(marks, marks[1:])}
        runs.append((wall, cpu, steps))
    wall, cpu, steps = sorted(runs, key=lambda r: r[0])[len(runs) // 2]
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    print(json.dumps({"mode": mode, "seconds": wall, "cpu": cpu, "steps": steps, "peak_mb": peak,
                      "input_mb": base, "lines": len(ls.parts), "km": ls.total_length() / 1000,
                      "road_pixels": int(mask.sum())}))


def versions():
    import numpy
    import scipy
    out = f"Python {platform.python_version()}, numpy {numpy.__version__}, scipy {scipy.__version__}"
    try:
        import skimage
        out += f", scikit-image {skimage.__version__}"
    except ImportError:
        out += ", no scikit-image"
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=10000)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--modes", nargs="+", default=["skimage", "fallback"])
    ap.add_argument("--worker", nargs=2)
    ap.add_argument("--out", default=os.path.join(ROOT, "bench-output", "raster.md"))
    a = ap.parse_args()
    if a.worker:
        worker(a.worker[0], a.worker[1], a.repeat)
        return
    path = cached_mask(a.size)
    rows = []
    for mode in a.modes:
        if mode == "skimage" and importlib.util.find_spec("skimage") is None:
            print("scikit-image is not installed here: no skimage row", file=sys.stderr)
            continue
        p = subprocess.run([sys.executable, __file__, "--worker", path, mode, "--repeat",
                            str(a.repeat)], capture_output=True, text=True)
        if p.returncode != 0:
            print(p.stderr, file=sys.stderr)
            raise SystemExit(f"raster bench failed for {mode}")
        d = json.loads(p.stdout.strip().splitlines()[-1])
        steps = "; ".join(f"{k.lower()} {v:.1f} s" for k, v in d["steps"].items())
        row = (f"| centrelines {a.size // 1000}k x {a.size // 1000}k, {d['mode']} | {d['seconds']:.1f} s "
               f"| {d['cpu']:.1f} s | {d['peak_mb']:.0f} MB ({d['input_mb']:.0f} MB before) | "
               f"{d['lines']} lines, {d['km']:.0f} km | {steps} |")
        print(row, flush=True)
        rows.append(row)
    os.makedirs(os.path.dirname(a.out), exist_ok=True)
    new = not os.path.exists(a.out)
    with open(a.out, "a") as fh:
        if new:
            fh.write("| row | wall time | CPU time | peak RSS | output | CPU time per step |\n"
                     "|---|---|---|---|---|---|\n")
        fh.write(f"| {versions()} | | | | | |\n")
        for row in rows:
            fh.write(row + "\n")
    print("rows appended to", a.out)


if __name__ == "__main__":
    main()
