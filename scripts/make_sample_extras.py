#!/usr/bin/env python3
"""Derive the sample's raster and SpaceNet-style files from the two
GeoPackages in ``resources/sample/`` (run after ``scripts/make_sample.py``),
so that the library's sample (``roadnetworkmetrics.datasets``) covers every
kind of input a researcher brings:

``helsinki_prediction_probability.tif``
    A road probability map of the prediction, as a segmentation network
    outputs one: float32 in [0, 1], 2 m pixels, EPSG:3067, over the 1 km x
    1 km square ``RASTER_BOUNDS``; the probability falls off with the
    distance to the predicted lines (exp(-(d / 3 m)^2)), with seeded noise
    within 12 m of them (Gaussian, sigma 0.08, clipped), in steps of 0.01.
    Threshold it at 0.5.

``helsinki_spacenet_ground_truth.csv`` / ``helsinki_spacenet_proposals.csv``
    Six SpaceNet-style chips of 1300 x 1300 pixels at 0.3 m (390 m, as
    SpaceNet 3 and 5): columns ``ImageId`` and ``WKT_Pix`` (LINESTRING in
    pixel coordinates, y running down from the chip's top-left corner), one
    row per line clipped to the chip, ``LINESTRING EMPTY`` for a chip without
    lines.  Give ``pixel_size=0.3``.

Deterministic: a fixed seed and rounded coordinates, so a run gives the same
files.  Runs with the system Python of Debian 12 (GDAL, numpy, scipy,
shapely 1.8 or 2):

    /usr/bin/python3 scripts/make_sample_extras.py
"""
from __future__ import annotations

import csv
import os

import numpy as np
from osgeo import gdal, ogr, osr
from scipy import ndimage
from shapely import wkb as shapely_wkb
from shapely.geometry import box

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAMPLE = os.path.join(ROOT, "resources", "sample")
SEED = 20261128
RASTER_BOUNDS = (385400.0, 6671440.0, 386480.0, 6673140.0)   # the sample's extent, EPSG:3067
PIXEL_M = 2.0
CHIP_PX, CHIP_PIXEL_M = 1300, 0.3
CHIP_ORIGINS = [(385460.0 + 390.0 * i, 6672800.0 - 390.0 * j) for j in range(3) for i in range(2)]


def lines_of(path: str) -> list:
    ds = ogr.Open(path)
    layer = ds.GetLayer(0)
    out = [shapely_wkb.loads(bytes(f.GetGeometryRef().ExportToWkb())) for f in layer]
    return out


def probability_raster(pred_path: str, out: str) -> None:
    x0, y0, x1, y1 = RASTER_BOUNDS
    w, h = int((x1 - x0) / PIXEL_M), int((y1 - y0) / PIXEL_M)
    # lines burnt at 4x the resolution, then the distance to them in metres
    k = 4
    mem = gdal.GetDriverByName("MEM").Create("", w * k, h * k, 1, gdal.GDT_Byte)
    mem.SetGeoTransform((x0, PIXEL_M / k, 0.0, y1, 0.0, -PIXEL_M / k))
    src = ogr.Open(pred_path)
    gdal.RasterizeLayer(mem, [1], src.GetLayer(0), burn_values=[1], options=["ALL_TOUCHED=TRUE"])
    fine = mem.GetRasterBand(1).ReadAsArray() == 0
    d = ndimage.distance_transform_edt(fine) * (PIXEL_M / k)
    d = d.reshape(h, k, w, k).min(axis=(1, 3))
    rng = np.random.default_rng(SEED)
    near = d < 12.0
    p = np.exp(-(d / 3.0) ** 2) + near * rng.normal(0.0, 0.08, size=d.shape)
    p = np.round(np.clip(p, 0.0, 1.0), 2).astype(np.float32)
    drv = gdal.GetDriverByName("GTiff")
    ds = drv.Create(out, w, h, 1, gdal.GDT_Float32,
                    options=["COMPRESS=DEFLATE", "PREDICTOR=3", "TILED=YES"])
    ds.SetGeoTransform((x0, PIXEL_M, 0.0, y1, 0.0, -PIXEL_M))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(3067)
    ds.SetProjection(srs.ExportToWkt())
    ds.GetRasterBand(1).WriteArray(p)
    ds.SetMetadataItem("DESCRIPTION", "road probability of helsinki_prediction.gpkg "
                       "(scripts/make_sample_extras.py)")
    ds = None


def _pixel_wkts(geom, x0: float, ytop: float) -> list:
    parts = [geom] if geom.geom_type == "LineString" else \
        [g for g in getattr(geom, "geoms", []) if g.geom_type == "LineString"]
    out = []
    for g in parts:
        xy = np.asarray(g.coords)
        if len(xy) < 2 or g.length <= 0:
            continue
        px = np.column_stack([(xy[:, 0] - x0) / CHIP_PIXEL_M, (ytop - xy[:, 1]) / CHIP_PIXEL_M])
        out.append("LINESTRING (" + ", ".join(f"{a:.2f} {b:.2f}" for a, b in px) + ")")
    return out


def spacenet_csv(lines: list, out: str) -> None:
    size = CHIP_PX * CHIP_PIXEL_M
    with open(out, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["ImageId", "WKT_Pix"])
        for k, (x0, ytop) in enumerate(CHIP_ORIGINS):
            chip = box(x0, ytop - size, x0 + size, ytop)
            name = f"helsinki_chip{k}"
            wkts = []
            for g in lines:
                if g.intersects(chip):
                    wkts += _pixel_wkts(g.intersection(chip), x0, ytop)
            for t in wkts or ["LINESTRING EMPTY"]:
                w.writerow([name, t])


def main() -> None:
    gt = os.path.join(SAMPLE, "helsinki_ground_truth.gpkg")
    pred = os.path.join(SAMPLE, "helsinki_prediction.gpkg")
    probability_raster(pred, os.path.join(SAMPLE, "helsinki_prediction_probability.tif"))
    spacenet_csv(lines_of(gt), os.path.join(SAMPLE, "helsinki_spacenet_ground_truth.csv"))
    spacenet_csv(lines_of(pred), os.path.join(SAMPLE, "helsinki_spacenet_proposals.csv"))


if __name__ == "__main__":
    main()
