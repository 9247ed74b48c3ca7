#!/usr/bin/env python3
"""Bench rows for reading a large raster in windows (issue 21, docs/raster.md):
a SIDE x SIDE float32 probability map (a grid of 8-pixel roads every 100
pixels, compressed GeoTIFF written strip by strip) read through GDAL with
core/raster/windows.py ``read_mask`` with the library's reader (rasterio when
installed, else GDAL, as the QGIS face) into one bool mask, in a fresh process:
wall time and peak RSS, against what reading the band whole as float64
would hold (SIDE^2 x 8 bytes).  Needs GDAL's Python bindings (QGIS's Python).

    python3 scripts/bench_raster_read.py [SIDE ...]      # default 10000 20000
"""
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def write(path, side):
    import numpy as np
    from osgeo import gdal
    ds = gdal.GetDriverByName("GTiff").Create(path, side, side, 1, gdal.GDT_Float32,
                                              ["COMPRESS=DEFLATE", "TILED=YES", "BIGTIFF=YES"])
    ds.SetGeoTransform((385000.0, 1.0, 0.0, 6672000.0, 0.0, -1.0))
    band = ds.GetRasterBand(1)
    cols = (np.arange(side) % 100) < 8
    for r0 in range(0, side, 1024):
        n = min(1024, side - r0)
        rows = ((np.arange(r0, r0 + n) % 100) < 8)[:, None]
        band.WriteArray(np.where(rows | cols[None, :], 0.9, 0.05).astype(np.float32), 0, r0)
    ds = None


def hwm_mb():
    """This process's peak resident memory (VmHWM: of its own address
    space, unlike ru_maxrss, which can carry the parent's over exec)."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def worker(path):
    sys.path.insert(0, ROOT)
    from core.raster.windows import read_mask
    from roadnetworkmetrics._raster import _open
    base = hwm_mb()
    t = time.perf_counter()
    with _open(path, 1) as (shape, read, _, _, _, block_rows):  # the library's reader
        mask = read_mask(shape, read, threshold=0.5, block_rows=block_rows)
    out = {"seconds": time.perf_counter() - t, "road_share": float(mask.mean()),
           "mask_mb": mask.nbytes / 2 ** 20, "base_mb": base, "peak_mb": hwm_mb()}
    try:
        import rasterio  # noqa: F401
        out["reader"] = "rasterio"
    except ImportError:
        out["reader"] = "GDAL"
    print(json.dumps(out))


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--worker":
        worker(sys.argv[2])
        return
    for side in [int(a) for a in sys.argv[1:]] or [10000, 20000]:
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "prob.tif")
            write(path, side)
            p = subprocess.run([sys.executable, __file__, "--worker", path], capture_output=True,
                               text=True)
            if p.returncode != 0:
                print(p.stderr, file=sys.stderr)
                raise SystemExit(f"raster read bench failed at {side}")
            d = json.loads(p.stdout.strip().splitlines()[-1])
            print(f"{side} x {side} float32 probability map ({os.path.getsize(path) / 2 ** 20:.0f} MB "
                  f"compressed GeoTIFF) read in windows ({d['reader']}) and thresholded: {d['seconds']:.1f} s, peak "
                  f"RSS {d['peak_mb']:.0f} MB (imports {d['base_mb']:.0f} MB, mask "
                  f"{d['mask_mb']:.0f} MB; the band whole as float64 would be "
                  f"{side * side * 8 / 2 ** 20:.0f} MB)", flush=True)


if __name__ == "__main__":
    main()
