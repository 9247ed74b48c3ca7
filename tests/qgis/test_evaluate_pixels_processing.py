"""evaluate-all with two rasters (core/analysis/evaluate_pixels.py): the
pixel metrics join the line metrics when both inputs are rasters on one
grid; the three faces (processing.run / qgis_process, the library, the
command line) give the same pixel numbers, and those of the single pixel
metric functions; other grids, tiles and PIXEL_METRICS off leave them out
with one sentence; the report has a Pixel metrics section with the maps."""
import json
import os
import sys

import numpy as np
import pytest

from test_raster_inputs import cross, digest, write_tif

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "library"))

import roadnetworkmetrics as rnm  # noqa: E402
from helpers_lib import cli  # noqa: E402

from core import registry  # noqa: E402

PIXEL_KEYS = [s.output_key(o.name) for s in registry.all_specs("masks") for o in s.outputs]


def one_road(a):
    """The cross without its north-south road: the prediction."""
    b = a.copy()
    b[:, 75:85] = 0
    b[55:65, 10:150] = a.max()
    return b


def pair(tmp_path, **kw):
    return (write_tif(tmp_path / "gt.tif", cross(), **kw),
            write_tif(tmp_path / "pred.tif", one_road(cross()), **kw))


def picker(metric):
    return [s.id for s in registry.picker_specs()].index(metric)


def test_two_rasters_give_the_pixel_metrics_of_the_single_functions(run_alg, tmp_path):
    gt, pred = pair(tmp_path)
    before = digest(gt, pred)
    report = str(tmp_path / "ev.html")
    res = run_alg("roadmetrics:evaluate", {
        "GROUND_TRUTH_RASTER": gt, "PREDICTION_RASTER": pred, "METRICS": [picker("ccq")],
        "WORKERS": 1, "REPORT": report})
    doc = json.loads(res["SCORES"])
    # hand-checked: the cross has 1400 + 1000 - 100 = 2300 road pixels, the
    # prediction its 1400 east-west ones: IoU 1400 / 2300
    assert res["PIXEL_IOU_IOU"] == pytest.approx(1400 / 2300, rel=1e-15)
    assert doc["metrics"] == ["ccq"] + [s.id for s in registry.all_specs("masks")]
    for m in rnm.pixel_metrics():
        single = getattr(rnm, m)(gt, pred).scores
        spec = registry.get(m)
        for name, v in single.items():
            key = spec.output_key(name)
            assert res[key] == v or (np.isnan(v) and np.isnan(res[key])), key
            assert doc["numbers"][key] == res[key]
    rec = doc["pixel_metrics"]
    assert rec["skipped"] is None and rec["grid"]["rows"] == 120
    assert rec["settings"] == {"GT_THRESHOLD": None, "PRED_THRESHOLD": None,
                               "ROAD_CLASSES": None}
    with open(report, encoding="utf-8") as fh:
        text = fh.read()
    assert "<h2>Pixel metrics</h2>" in text and "CONFUSION_MAP" in text
    assert "road pixels: ground truth 2\u202f300, prediction 1\u202f400" in text
    assert digest(gt, pred) == before


def test_probability_map_one_threshold_for_both_and_a_metric_override(run_alg, tmp_path):
    """RASTER_THRESHOLD is GT_THRESHOLD and PRED_THRESHOLD of every pixel
    metric; a metric's own PRED_THRESHOLD in PARAMETERS wins."""
    gt = write_tif(tmp_path / "gt.tif", cross(0.9, np.float32))
    prob = one_road(cross(0.9, np.float32))
    prob[prob == 0] = np.float32(0.4)
    pred = write_tif(tmp_path / "pred.tif", prob)
    res = run_alg("roadmetrics:evaluate", {
        "GROUND_TRUTH_RASTER": gt, "PREDICTION_RASTER": pred, "METRICS": [picker("ccq")],
        "RASTER_THRESHOLD": 0.5, "WORKERS": 1,
        "PARAMETERS": json.dumps({"pixel_cldice": {"PRED_THRESHOLD": 0.3}})})
    assert res["PIXEL_IOU_IOU"] == pytest.approx(1400 / 2300, rel=1e-15)
    assert res["PIXEL_CLDICE_TPREC"] == rnm.pixel_cldice(gt, pred, gt_threshold=0.5,
                                                         pred_threshold=0.3).scores["PIXEL_CLDICE_TPREC"]
    doc = json.loads(res["SCORES"])
    assert doc["results"]["pixel_cldice"]["parameters"]["PRED_THRESHOLD"] == 0.3
    assert doc["results"]["pixel_iou"]["parameters"]["PRED_THRESHOLD"] == 0.5


def test_other_grid_tiles_and_switch_off_leave_them_out(run_alg, tmp_path):
    gt = write_tif(tmp_path / "gt.tif", cross())
    moved = write_tif(tmp_path / "moved.tif", one_road(cross()),
                      geotransform=(385000.5, 0.5, 0.0, 6672000.0, 0.0, -0.5))
    base = {"GROUND_TRUTH_RASTER": gt, "PREDICTION_RASTER": moved, "METRICS": [picker("ccq")],
            "WORKERS": 1, "REPORT": str(tmp_path / "r.html")}
    doc = json.loads(run_alg("roadmetrics:evaluate", base)["SCORES"])
    assert doc["metrics"] == ["ccq"] and "PIXEL_IOU_IOU" not in doc["numbers"]
    assert doc["pixel_metrics"]["skipped"] == ("the pixel metrics are not run: different grids "
                                               "(same size, other geotransforms): warp one "
                                               "onto the other")
    assert doc["pixel_metrics"]["skipped"] in doc["warnings"]
    with open(tmp_path / "r.html", encoding="utf-8") as fh:
        assert "warp one onto the other" in fh.read()
    _, pred = pair(tmp_path)
    tiled = json.loads(run_alg("roadmetrics:evaluate", {**base, "PREDICTION_RASTER": pred,
                                                        "TILE_SIZE": 40.0})["SCORES"])
    assert "tile by tile" in tiled["pixel_metrics"]["skipped"] and "aggregate" in tiled
    off = run_alg("roadmetrics:evaluate", {**base, "PREDICTION_RASTER": pred,
                                           "PIXEL_METRICS": False})
    assert "pixel_metrics" not in json.loads(off["SCORES"]) and np.isnan(off["PIXEL_IOU_IOU"])


def test_protocol_with_two_rasters(run_alg, tmp_path):
    """A protocol covers APLS and TOPO; the pixel metrics run beside it
    with their own definitions."""
    gt, pred = pair(tmp_path)
    res = run_alg("roadmetrics:evaluate", {
        "GROUND_TRUTH_RASTER": gt, "PREDICTION_RASTER": pred, "METRICS": [picker("apls")],
        "PROTOCOL": 1, "WORKERS": 1})
    doc = json.loads(res["SCORES"])
    assert "clean_scores" in doc["results"]["apls"]["details"]
    assert res["PIXEL_IOU_IOU"] == pytest.approx(1400 / 2300, rel=1e-15)


def test_three_faces_identical_pixel_numbers(qgis_process, tmp_path):
    gt, pred = pair(tmp_path)
    lib = rnm.evaluate(gt, pred, ["ccq"]).numbers
    c = cli("evaluate", gt, pred, "--metrics", "ccq", "--json")
    assert c.returncode == 0, c.stderr
    from_cli = json.loads(c.stdout)["numbers"]
    res = qgis_process("roadmetrics:evaluate", f"GROUND_TRUTH_RASTER={gt}",
                       f"PREDICTION_RASTER={pred}", f"METRICS={picker('ccq')}", "WORKERS=1")
    from_qgis = json.loads(res["SCORES"])["numbers"]
    assert set(PIXEL_KEYS) <= set(lib)
    for key in PIXEL_KEYS + ["CCQ_F1"]:
        assert from_cli[key] == lib[key] and from_qgis[key] == lib[key], key
        assert res[key] == lib[key], key
    plain = cli("evaluate", gt, pred, "--metrics", "ccq")
    assert "  Pixel metrics\n    PIXEL_BOUNDARYF_F" in plain.stdout, plain.stdout
