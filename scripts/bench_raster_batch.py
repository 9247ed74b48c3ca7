"""Benchmark of batch scoring on raster pairs (issue 21 in the batch face):
``roadmetrics batch`` over two folders of GeoTIFF road masks, chips cut
from the 10,000 x 10,000 mask of scripts/bench_raster.py (1 m pixels, the
mosaic of the sample rasterised at road widths).  The prediction of a chip
is its ground truth shifted by 2 pixels with 4 seeded 12 m gaps cut in it.

Rows: APLS (both sides' centrelines extracted in the worker) and
pixel_iou, on 1 and 2 worker processes: wall time, peak memory of the
whole process tree, CPU time, and the CPU time beyond the same pairs
scored by the library's functions in this process (reading, extraction,
metric): the command's start-up, imports, worker processes and rows.
Wall times are only comparable on an idle machine; CPU times less so.

Usage: python scripts/bench_raster_batch.py [--chips 200] [--size 400]
(needs rasterio or GDAL's bindings to write the chips).  Prints a Markdown
table and writes it to bench-output/raster_batch.md.
"""
import argparse
import importlib.util
import os
import sys
import tempfile
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _module(name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, "scripts",
                                                                     name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def write_tif(path, a, transform):
    try:
        import rasterio
        from affine import Affine
        with rasterio.open(path, "w", driver="GTiff", height=a.shape[0], width=a.shape[1],
                           count=1, dtype="uint8", transform=Affine(*transform)) as ds:
            ds.write(a, 1)
        return
    except ImportError:
        from osgeo import gdal
    ds = gdal.GetDriverByName("GTiff").Create(path, a.shape[1], a.shape[0], 1, gdal.GDT_Byte)
    t = transform
    ds.SetGeoTransform((t[2], t[0], t[1], t[5], t[3], t[4]))
    ds.GetRasterBand(1).WriteArray(a)
    ds = None


def chips(n, size, folder):
    """n chips of size x size pixels with at least 2 % road, as GeoTIFFs in
    folder/gt and folder/pred."""
    br = _module("bench_raster")
    mask, (px, _, x0, _, _, y1) = br.load_mask(br.cached_mask(10000))
    rng = np.random.default_rng(0)
    os.makedirs(os.path.join(folder, "gt"), exist_ok=True)
    os.makedirs(os.path.join(folder, "pred"), exist_ok=True)
    k = 0
    for r0 in range(0, mask.shape[0] - size + 1, size):
        for c0 in range(0, mask.shape[1] - size + 1, size):
            g = mask[r0:r0 + size, c0:c0 + size].astype(np.uint8)
            if g.mean() < 0.02:
                continue
            p = np.roll(g, 2, axis=1)
            for r, c in rng.integers(0, size - 12, (4, 2)):
                p[r:r + 12, c:c + 12] = 0
            t = (px, 0.0, x0 + c0 * px, 0.0, -px, y1 - r0 * px)
            write_tif(os.path.join(folder, "gt", f"chip{k}.tif"), g, t)
            write_tif(os.path.join(folder, "pred", f"chip{k}.tif"), p, t)
            k += 1
            if k == n:
                return k
    return k


def batch_row(folder, metric, workers):
    lib = _module("bench_library")
    cmd = [sys.executable, "-m", "roadnetworkmetrics", "batch", metric, "--pairs",
           os.path.join(folder, "gt"), os.path.join(folder, "pred"), "--out",
           os.path.join(folder, f"{metric}{workers}.csv"), "--no-resume", "--workers",
           str(workers), "--json"]
    return lib.measured_run(cmd)


def in_process(folder, metric):
    """CPU seconds of the same pairs scored by the library's functions in
    this process (read, extraction, metric), after a warm-up pair."""
    sys.path.insert(0, ROOT)
    import roadnetworkmetrics as rnm
    names = sorted(os.listdir(os.path.join(folder, "gt")))
    fn = getattr(rnm, metric)
    pair = lambda f: (os.path.join(folder, "gt", f), os.path.join(folder, "pred", f))  # noqa: E731
    fn(*pair(names[0]))
    t = time.process_time()
    for f in names:
        fn(*pair(f))
    return time.process_time() - t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--chips", type=int, default=200)
    ap.add_argument("--size", type=int, default=400, help="chip side in pixels (1 m)")
    a = ap.parse_args()
    rows = ["| metric | pairs | workers | wall s | CPU s | peak MB (tree) | s / pair (wall) | "
            "in-process CPU s | CPU s beyond it (start-up, imports, workers) |",
            "|---|---|---|---|---|---|---|---|---|"]
    with tempfile.TemporaryDirectory() as folder:
        n = chips(a.chips, a.size, folder)
        for metric in ("apls", "pixel_iou"):
            base = in_process(folder, metric)
            for workers in (1, 2):
                wall, peak, cpu = batch_row(folder, metric, workers)
                rows.append(f"| {metric} | {n} ({a.size}² px) | {workers} | {wall:.1f} | "
                            f"{cpu:.1f} | {peak / 2**20:.0f} | {wall / n:.3f} | "
                            f"{base:.1f} | {cpu - base:.1f} ({(cpu - base) / n * 1000:.1f} ms / pair) |")
                print(rows[-1], file=sys.stderr)
    text = "\n".join(rows)
    print(text)
    os.makedirs(os.path.join(ROOT, "bench-output"), exist_ok=True)
    with open(os.path.join(ROOT, "bench-output", "raster_batch.md"), "w") as f:
        f.write(text + "\n")


if __name__ == "__main__":
    main()
