"""core/analysis/evaluate_pixels.py: the pixel metrics in evaluate-all on
two rasters on one grid (hand-checked masks), the selection of the metrics,
the mask settings from the raster reading settings, the grid rule, and the
report's Pixel metrics section."""
import math

import numpy as np
import pytest

from core import registry
from core.analysis.evaluate import evaluate
from core.analysis.evaluate_pixels import (PixelRun, grid_problem, mask_settings, pixel_ids,
                                           pixel_params, record, skip_reason, split_metrics)
from core.metrics.pixel.masks import Rasters, from_pixel_size
from core.network.lineset import LineSet
from core.reports.report import evaluation_report
from core.runner import run_masks

PIXEL = [s.id for s in registry.all_specs("masks")]


def masks():
    """A 6 x 8 grid: the ground truth's road is rows 2-3 (16 pixels), the
    prediction's rows 3-4 (16 pixels): 8 shared, IoU 8 / 24 = 1/3."""
    g = np.zeros((6, 8), np.uint8)
    g[2:4] = 1
    p = np.zeros((6, 8), np.uint8)
    p[3:5] = 1
    return from_pixel_size(g, p, 1.0)


def lines():
    road = LineSet([np.array([[0.5, -2.5], [7.5, -2.5]])])
    return road, LineSet([np.array([[0.5, -3.5], [7.5, -3.5]])])


def test_split_metrics():
    assert split_metrics(None) == (None, PIXEL)
    assert split_metrics(None, False) == (None, [])
    assert split_metrics(["ccq"]) == (["ccq"], PIXEL)
    assert split_metrics(["ccq", "pixel_iou"]) == (["ccq"], ["pixel_iou"])
    assert split_metrics(["pixel_iou"]) == ([], ["pixel_iou"])
    assert split_metrics(["ccq"], False) == (["ccq"], [])
    with pytest.raises(ValueError, match="pixel metrics are off"):
        split_metrics(["pixel_iou"], False)
    with pytest.raises(KeyError):
        split_metrics(["nope"])
    assert pixel_ids() == PIXEL


def test_mask_settings_and_a_metric_override():
    assert mask_settings({"RASTER_THRESHOLD": 0.5, "RASTER_CLASSES": None}) == {
        "GT_THRESHOLD": 0.5, "PRED_THRESHOLD": 0.5, "ROAD_CLASSES": None}
    assert mask_settings({"RASTER_THRESHOLD": None, "RASTER_CLASSES": [1.0, 3.0]})[
        "ROAD_CLASSES"] == "1,3"
    spec = registry.get("pixel_iou")
    p = pixel_params(spec, {"pixel_iou": {"GT_THRESHOLD": 1}}, {"RASTER_THRESHOLD": 0.5})
    assert (p["GT_THRESHOLD"], p["PRED_THRESHOLD"]) == (1.0, 0.5)
    with pytest.raises(KeyError):
        pixel_params(spec, {"pixel_iou": {"TOLERANCE": 1}}, None)


def test_grid_problem_and_skip_reason():
    t = (0.5, 0.0, 385000.0, 0.0, -0.5, 6672000.0)
    assert grid_problem((4, 5), t, (4, 5), t) is None
    assert grid_problem((4, 5), t, (4, 5), t, same_crs=False) == \
        "the two rasters are in different CRSs: warp one onto the other's grid"
    assert grid_problem((4, 5), t, (5, 4), t) == \
        "different grids (4 x 5 and 5 x 4 pixels): warp one onto the other"
    moved = (0.5, 0.0, 385000.5, 0.0, -0.5, 6672000.0)
    assert "other geotransforms" in grid_problem((4, 5), t, (4, 5), moved)
    # a rounding difference far below a pixel is the same grid
    assert grid_problem((4, 5), t, (4, 5), (0.5, 0.0, 385000.0 + 1e-6, 0.0, -0.5, 6672000.0)) \
        is None
    assert skip_reason(False) is None
    assert "tile by tile" in skip_reason(True, None)
    assert skip_reason(False, "x") == "the pixel metrics are not run: x"


def test_evaluate_runs_them_after_the_line_metrics_hand_checked():
    gt, pred = lines()
    rasters = masks()
    ev = evaluate(gt, pred, ["ccq"], pixels=PixelRun(rasters, PIXEL))
    assert ev.order == ["ccq"] + PIXEL and not ev.errors
    n = ev.numbers()
    assert n["PIXEL_IOU_IOU"] == 8 / 24 and n["PIXEL_IOU_IIOU"] == 8 / 24
    assert "CCQ_F1" in n
    for m in PIXEL:  # the single metric's numbers, bit for bit (the same function)
        assert ev.results[m].scores == run_masks(m, rasters).scores, m
        assert ev.results[m].maps == {}
        assert ev.results[m].parameters["pixel_size_m"] == [1.0, 1.0]
    only = evaluate(gt, pred, [], pixels=PixelRun(rasters, ["pixel_iou"], maps=True))
    assert only.order == ["pixel_iou"] and set(only.numbers()) == {"PIXEL_IOU_IOU",
                                                                   "PIXEL_IOU_IIOU"}
    assert only.results["pixel_iou"].maps["CONFUSION_MAP"].shape == (6, 8)


def test_a_threshold_for_both_sides_and_a_failing_metric_kept_apart():
    gt, pred = lines()
    r = masks()
    prob = Rasters(r.gt * 0.9, r.pred * 0.8 + 0.1, r.transform)
    ev = evaluate(gt, pred, ["ccq"], pixels=PixelRun(prob, ["pixel_iou"],
                                                     {"RASTER_THRESHOLD": 0.5}))
    assert ev.numbers()["PIXEL_IOU_IOU"] == 8 / 24
    bad = evaluate(gt, pred, ["ccq"], pixels=PixelRun(prob, ["pixel_iou"]))
    assert "not a 0/1 mask" in bad.errors["pixel_iou"] and "ccq" in bad.results
    assert math.isnan(bad.numbers()["PIXEL_IOU_IOU"])
    assert any(w.startswith("pixel_iou: failed:") for w in bad.warnings())


def test_record():
    rec = record(["pixel_iou"], masks(), {"RASTER_THRESHOLD": None})
    assert rec["metrics"] == ["pixel_iou"] and rec["skipped"] is None
    assert rec["grid"]["rows"] == 6 and rec["grid"]["pixel_width_m"] == 1.0
    assert record(["pixel_iou"], None, None, "why")["metrics"] == []


def test_report_section_with_the_maps_or_the_note():
    gt, pred = lines()
    ev = evaluate(gt, pred, ["ccq"], pixels=PixelRun(masks(), ["pixel_iou"], maps=True))
    html = evaluation_report("t", {}, ev, None, gt.parts, pred.parts)
    section = html.split("<h2>Pixel metrics</h2>")[1]
    assert "6 x 8 pixels of 1 x 1 m; road pixels: ground truth 16, prediction 16" in section
    assert "data:image/png;base64," in section and "CONFUSION_MAP" in section
    assert html.count("<h3>Pixel metrics</h3>") == 1     # the family in the scores
    lines_only = evaluate(gt, pred, ["ccq"])
    note = "the pixel metrics are not run: x"
    html = evaluation_report("t", {}, lines_only, None, gt.parts, pred.parts, pixel_note=note)
    assert f"<h2>Pixel metrics</h2><p class='warn'>{note}</p>" in html
    assert "<h2>Pixel metrics</h2>" not in evaluation_report("t", {}, lines_only, None,
                                                             gt.parts, pred.parts)
