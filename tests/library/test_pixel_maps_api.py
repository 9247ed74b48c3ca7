"""The pixel metrics' maps in the library and on the command line
(roadnetworkmetrics/_pixel.py, _result.py, cli.py): ``maps=True`` gives the
core's arrays, ``write_map`` and ``--<map> FILE.tif`` write them as GeoTIFFs
on the input grid (transform, CRS, nodata, colour table, .qml), bad output
names are refused with exit code 2 before any work."""
import os

import numpy as np
import pytest

import roadnetworkmetrics as rnm
from roadnetworkmetrics import InputError
from core.metrics.pixel.masks import from_pixel_size
from core.runner import run_masks

from helpers_lib import cli
from test_raster import write_geotiff

MAPS = {"pixel_iou": "CONFUSION_MAP", "pixel_distances": "BOUNDARY_MAP",
        "pixel_cldice": "SKELETON_MAP", "pixel_boundaryf": "BOUNDARY_MAP"}
T = (0.5, 0.0, 385000.0, 0.0, -0.5, 6672000.0)


def masks():
    g = np.zeros((30, 40), np.uint8)
    g[10:14] = 1
    g[:, 20:23] = 1
    p = np.roll(g, 2, axis=0)
    p[25:28, 2:6] = 1
    return g, p


def read_map(path):
    """(codes, transform (a..f), crs text, nodata, colour of code 2) with
    rasterio or GDAL."""
    try:
        import rasterio
        with rasterio.open(path) as ds:
            return (ds.read(1), tuple(ds.transform)[:6], ds.crs.to_string() if ds.crs else None,
                    ds.nodata, ds.colormap(1)[2][:3])
    except ImportError:
        from osgeo import gdal
        ds = gdal.Open(str(path))
        c, a, b, f, d, e = ds.GetGeoTransform()
        band = ds.GetRasterBand(1)
        return (band.ReadAsArray(), (a, b, c, d, e, f), ds.GetProjection() or None,
                band.GetNoDataValue(), band.GetRasterColorTable().GetColorEntry(2)[:3])


@pytest.mark.parametrize("metric", sorted(MAPS))
def test_maps_are_the_core_maps(metric):
    g, p = masks()
    r = getattr(rnm, metric)(g, p, pixel_size=0.5, maps=True)
    core = run_masks(metric, from_pixel_size(g, p, 0.5), diagnostics=True)
    assert set(r.maps) == {MAPS[metric]}
    np.testing.assert_array_equal(r.maps[MAPS[metric]], core.maps[MAPS[metric]])
    assert getattr(rnm, metric)(g, p, pixel_size=0.5).maps == {}
    assert r.map_legend(MAPS[metric])[0][0] == 0


def test_write_map_from_geotiffs_keeps_grid_and_crs(tmp_path):
    g, p = masks()
    gt = write_geotiff(tmp_path / "gt.tif", g, transform=T)
    pred = write_geotiff(tmp_path / "pred.tif", p, transform=T)
    r = rnm.pixel_iou(gt, pred, maps=True)
    out = r.write_map("CONFUSION_MAP", str(tmp_path / "out" / "iou.tif"))
    codes, t, crs, nodata, red = read_map(out)
    np.testing.assert_array_equal(codes, r.maps["CONFUSION_MAP"])
    assert t == pytest.approx(T) and nodata == 255 and "3067" in str(crs) or "ETRS" in str(crs)
    assert tuple(red) == (253, 141, 60)          # code 2, false positive: orange
    assert os.path.exists(tmp_path / "out" / "iou.qml")
    with pytest.raises(InputError, match="no map"):
        r.write_map("NOPE", str(tmp_path / "x.tif"))
    with pytest.raises(InputError, match="maps=True"):
        rnm.pixel_iou(gt, pred).write_map("CONFUSION_MAP", str(tmp_path / "y.tif"))


def test_cli_writes_the_maps(tmp_path):
    g, p = masks()
    gt = write_geotiff(tmp_path / "gt.tif", g, transform=T)
    pred = write_geotiff(tmp_path / "pred.tif", p, transform=T)
    out = tmp_path / "b.tif"
    c = cli("pixel_boundaryf", gt, pred, "--boundary-map", out, "--STRATEGY", "correspondence",
            "--json")
    assert c.returncode == 0, c.stderr
    lib = rnm.pixel_boundaryf(gt, pred, STRATEGY="correspondence", maps=True)
    np.testing.assert_array_equal(read_map(out)[0], lib.maps["BOUNDARY_MAP"])
    assert (tmp_path / "b.qml").exists()


def test_cli_refuses_bad_map_names_before_any_work(tmp_path):
    g, p = masks()
    gt = write_geotiff(tmp_path / "gt.tif", g, transform=T)
    pred = write_geotiff(tmp_path / "pred.tif", p, transform=T)
    c = cli("pixel_iou", gt, pred, "--confusion-map", tmp_path / "c.png")
    assert c.returncode == 2 and "GeoTIFF" in c.stderr and "Traceback" not in c.stderr
    c = cli("pixel_iou", gt, pred, "--confusion-map", gt)
    assert c.returncode == 2 and "never overwritten" in c.stderr
    assert not (tmp_path / "gt.qml").exists()    # nothing written beside the input


def test_no_writer_is_one_sentence(monkeypatch):
    import builtins
    import importlib.util
    from roadnetworkmetrics import cli as cli_module
    real_import, real_find = builtins.__import__, importlib.util.find_spec

    def no_gdal(name, *a, **k):
        if name.startswith("osgeo"):
            raise ImportError(name)
        return real_import(name, *a, **k)
    monkeypatch.setattr(builtins, "__import__", no_gdal)
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda n, *a: None if n == "rasterio" else real_find(n, *a))
    with pytest.raises(InputError, match="rasterio .* or GDAL"):
        cli_module._map_writer_available()
