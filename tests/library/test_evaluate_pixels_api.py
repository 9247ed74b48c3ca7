"""rnm.evaluate and ``roadmetrics evaluate`` with two raster files
(roadnetworkmetrics/_evaluate.py): the pixel metrics' numbers are those of
the single functions, their maps can be written, the selection and the
switch, and one sentence for what cannot be done."""
import json

import numpy as np
import pytest

import roadnetworkmetrics as rnm
from roadnetworkmetrics import InputError
from core import registry

from helpers_lib import cli, file_hashes
from test_raster import cross, gt_file, write_geotiff


def one_road():
    a = cross()
    a[:, 75:85] = 0
    a[55:65, 10:150] = 1
    return a


@pytest.fixture
def pair(tmp_path):
    pytest.importorskip("pyproj")
    return (write_geotiff(tmp_path / "gt.tif", cross()),
            write_geotiff(tmp_path / "pred.tif", one_road()))


def test_numbers_of_the_single_functions_and_maps(pair, tmp_path):
    gt, pred = pair
    before = file_hashes(gt, pred)
    ev = rnm.evaluate(gt, pred, ["ccq"])
    assert ev.numbers["PIXEL_IOU_IOU"] == pytest.approx(1400 / 2300, rel=1e-15)
    for m in rnm.pixel_metrics():
        spec = registry.get(m)
        single = getattr(rnm, m)(gt, pred).scores
        assert {spec.output_key(k): v for k, v in single.items()} == \
            {k: ev.numbers[k] for k in (spec.output_key(o.name) for o in spec.outputs)}, m
    assert ev.to_dict()["metrics"] == ["ccq"] + rnm.pixel_metrics()
    out = str(tmp_path / "confusion.tif")
    # the maps are on the rasters' grid, in their CRS (WKT, as the single function has it)
    assert ev.results["pixel_iou"].crs == rnm.pixel_iou(gt, pred, maps=True).crs
    ev.results["pixel_iou"].write_map("CONFUSION_MAP", out)
    codes = rnm.pixel_iou(gt, pred, maps=True).maps["CONFUSION_MAP"]
    assert np.array_equal(ev.results["pixel_iou"].maps["CONFUSION_MAP"], codes)
    assert file_hashes(out)
    html = ev.report(str(tmp_path / "r.html"))
    assert "<h2>Pixel metrics</h2>" in html and "CONFUSION_MAP" in html
    assert file_hashes(gt, pred) == before


def test_selection_switch_and_refusals(pair, tmp_path):
    gt, pred = pair
    only = rnm.evaluate(gt, pred, ["pixel_iou", "ccq"])
    assert [k for k in only.numbers if k.startswith("PIXEL")] == ["PIXEL_IOU_IOU",
                                                                  "PIXEL_IOU_IIOU"]
    off = rnm.evaluate(gt, pred, ["ccq"], pixel_metrics=False)
    assert not any(k.startswith("PIXEL") for k in off.numbers)
    assert "pixel_metrics" not in off.to_dict()
    with pytest.raises(InputError, match="pixel metrics are off"):
        rnm.evaluate(gt, pred, ["pixel_iou"], pixel_metrics=False)
    with pytest.raises(InputError, match="pixel_iou score two rasters"):
        rnm.evaluate(gt_file(tmp_path), pred, ["ccq", "pixel_iou"])
    lines = rnm.evaluate(gt_file(tmp_path), pred, ["ccq"])  # one raster: lines only, silently
    assert not any(k.startswith("PIXEL") for k in lines.numbers) and "pixel_metrics" not in \
        lines.to_dict()
    with pytest.raises(InputError, match="TOLERANCE"):
        rnm.evaluate(gt, pred, ["ccq"], {"pixel_boundaryf": {"TOLERANCE": -1}})


def test_other_grid_and_tiles_are_left_out_with_a_warning(pair, tmp_path):
    gt, pred = pair
    small = write_geotiff(tmp_path / "small.tif", one_road()[:100])
    ev = rnm.evaluate(gt, small, ["ccq"])
    why = ("the pixel metrics are not run: different grids (120 x 160 and 100 x 160 pixels): "
           "warp one onto the other")
    assert why in ev.warnings and ev.to_dict()["pixel_metrics"]["skipped"] == why
    assert "CCQ_F1" in ev.numbers and "PIXEL_IOU_IOU" not in ev.numbers
    tiled = rnm.evaluate(gt, pred, ["ccq"], tile_size=40.0)
    assert any("tile by tile" in w for w in tiled.warnings)
    assert "PIXEL_IOU_IOU" not in tiled.numbers
    with pytest.raises(InputError, match="No metric can run: the pixel metrics are not run: "
                                         "different grids"):
        rnm.evaluate(gt, small, ["pixel_iou"])


def test_cli_groups_by_family_and_switch(pair):
    gt, pred = pair
    c = cli("evaluate", gt, pred, "--metrics", "ccq,pixel_iou")
    assert c.returncode == 0, c.stderr
    assert c.stdout.splitlines()[:2] == ["evaluate", "  Geometric metrics"]
    assert "  Pixel metrics\n    PIXEL_IOU_IOU      0.608696\n" in c.stdout, c.stdout
    j = json.loads(cli("evaluate", gt, pred, "--metrics", "ccq", "--json").stdout)
    assert j["numbers"]["PIXEL_IOU_IOU"] == rnm.pixel_iou(gt, pred).scores["PIXEL_IOU_IOU"]
    c = cli("evaluate", gt, pred, "--metrics", "pixel_iou", "--no-pixel-metrics")
    assert c.returncode == 2 and "pixel metrics are off" in c.stderr
    c = cli("evaluate", gt, pred, "--metrics", "ccq", "--no-pixel-metrics", "--json")
    assert "PIXEL_IOU_IOU" not in json.loads(c.stdout)["numbers"]
