"""Hand-checked APLS cases (numbers derived in the comments)."""
import math

import pytest

from core import registry
from core.network.lineset import LineSet
from helpers import lines
from core.runner import run as run_spec

APLS = registry.get("apls")


def run(gt, pred, **p):
    return run_spec(APLS, gt, pred, p)


L_SHAPE = lines([[0, 0], [200, 0]], [[200, 0], [200, 200]])


def test_identity_is_one():
    r = run(L_SHAPE, L_SHAPE)
    assert r.score("APLS") == 1.0
    assert r.counts["gt_control_points"] == 9  # 2 ends + 7 points every 50 m on 400 m


def test_gap():
    # GT: one 400 m edge, 9 control points (0, 50, ..., 400).  The prediction
    # has a 20 m gap at x = 90..110: the point at x = 100 is 10 m from it
    # (missing, 8 routes x 2 directions), the 2 points left of the gap cannot
    # reach the 6 right of it (12 routes x 2).  40 of 72 ordered routes get
    # penalty 1 -> C = 1 - 40/72 = 4/9.  The prediction lies on the GT: 1.
    pred = lines([[0, 0], [90, 0]], [[110, 0], [200, 0], [200, 200]])
    r = run(L_SHAPE, pred)
    assert r.score("APLS_GT_TO_PRED") == pytest.approx(4 / 9)
    assert r.score("APLS_PRED_TO_GT") == pytest.approx(1.0)
    assert r.score("APLS") == pytest.approx(2 * (4 / 9) / (1 + 4 / 9))
    assert r.counts["gt_missing_control_points"] == 1
    um = r.layers["UNMATCHED_GT"]
    assert len(um) == 1 and um.coords[0].tolist() == [100, 0]
    assert um.columns["n_routes"] == [8] and um.columns["mean_pen"] == [1.0]


def test_spurious_shortcut():
    # GT: U of 300 m (control points at 0, 50, ..., 300 along it).  The
    # prediction adds a 100 m shortcut closing the U into a 400 m ring.
    # GT -> P: pairs more than 200 m apart get shorter: (0,250) 250->150
    # (0.4), (50,300) (0.4), (0,300) 300->100 (2/3) over 21 pairs.
    # P -> GT: 8 points on the ring; the one on the shortcut is missing
    # (7 routes x 2 directions, penalty 1); (0,250) and (50,300): 150 in P vs
    # 250 in GT -> 2/3; (0,300) 100 vs 300 -> 1: 14 + 2 x (2/3 + 2/3 + 1) over 56.
    gt = lines([[0, 0], [0, 100], [100, 100], [100, 0]])
    pred = lines([[0, 0], [0, 100], [100, 100], [100, 0]], [[100, 0], [0, 0]])
    r = run(gt, pred)
    a = 1 - (0.4 + 0.4 + 2 / 3) / 21
    b = 1 - (14 + 2 * (2 / 3 + 2 / 3 + 1)) / 56
    assert r.score("APLS_GT_TO_PRED") == pytest.approx(a)
    assert r.score("APLS_PRED_TO_GT") == pytest.approx(b)
    assert r.score("APLS") == pytest.approx(2 * a * b / (a + b))
    assert len(r.layers["UNMATCHED_PRED"]) == 1


def test_missing_road():
    # GT: two separate 100 m roads (3 control points each); the prediction
    # has only the first.  The second road's 3 routes are all missing:
    # C(GT->P) = 1 - 3/6; C(P->GT) = 1; APLS = 2/3.
    gt = lines([[0, 0], [100, 0]], [[0, 50], [100, 50]])
    pred = lines([[0, 0], [100, 0]])
    r = run(gt, pred)
    assert r.score("APLS_GT_TO_PRED") == pytest.approx(0.5)
    assert r.score("APLS_PRED_TO_GT") == pytest.approx(1.0)
    assert r.score("APLS") == pytest.approx(2 / 3)


def test_variant_defaults_can_be_overridden():
    r = run(L_SHAPE, L_SHAPE, VARIANT="sat2graph", SNAP_DISTANCE=3.0)
    assert r.parameters["SNAP_DISTANCE"] == 3.0 and r.parameters["MIN_PATH_LENGTH"] == 100.0


def test_min_path_length_filters_short_routes():
    # a 30 m road: control points at 0, 15 (midpoint rule, L >= 37.5 needed)...
    # L = 30 < 0.75 * 50: only the two ends; the single route (30 m) is
    # scored with MIN_PATH_LENGTH 10 but not with 40.
    gt = lines([[0, 0], [30, 0]])
    assert run(gt, gt).counts["gt_routes"] == 2
    r = run(gt, gt, MIN_PATH_LENGTH=40.0)
    assert math.isnan(r.score("APLS")) and r.warnings


def test_travel_time():
    # Same geometry, GT at 50 km/h, prediction at 40 km/h: every route takes
    # 1.25 times longer in the prediction: penalty 0.25 GT->P, 0.25/1.25
    # = 0.2 P->GT.  Length-based APLS stays 1.
    gt = lines([[0, 0], [200, 0]], speed=[50])
    pred = lines([[0, 0], [200, 0]], speed=[40])
    r = run(gt, pred, SPEED_FIELD="speed")
    assert r.score("APLS") == 1.0
    assert r.scores["APLS_TIME_GT_TO_PRED"] == pytest.approx(0.75)
    assert r.scores["APLS_TIME_PRED_TO_GT"] == pytest.approx(0.8)
    assert r.score("APLS_TIME") == pytest.approx(2 * 0.75 * 0.8 / 1.55)
    assert math.isnan(run(gt, pred).score("APLS_TIME"))


def test_travel_time_default_speed_and_units():
    gt = lines([[0, 0], [200, 0]], speed=[None])
    pred = lines([[0, 0], [200, 0]])  # no speed field at all
    r = run(gt, pred, SPEED_FIELD="speed", SPEED_UNIT="mph", DEFAULT_SPEED=30.0)
    assert r.score("APLS_TIME") == pytest.approx(1.0)
    assert any("DEFAULT_SPEED" in w for w in r.warnings)
    with pytest.raises(ValueError):
        run(gt, pred, SPEED_FIELD="speed", DEFAULT_SPEED=0.0)


def test_empty_prediction_scores_zero_with_warning():
    r = run(L_SHAPE, LineSet([]))
    assert r.score("APLS") == 0.0
    assert r.score("APLS_GT_TO_PRED") == 0.0
    assert math.isnan(r.score("APLS_PRED_TO_GT"))
    assert any("empty" in w for w in r.warnings)
    assert len(r.layers["UNMATCHED_GT"]) == 9


def test_both_empty_and_empty_ground_truth():
    assert run(LineSet([]), LineSet([])).score("APLS") == 1.0
    assert run(LineSet([]), L_SHAPE).score("APLS") == 0.0


def test_scores_json_has_parameters_counts_and_no_nan():
    import json
    r = run(L_SHAPE, LineSet([]))
    d = json.loads(r.to_json())
    assert d["scores"]["APLS_PRED_TO_GT"] is None
    assert d["parameters"]["CONTROL_SPACING"] == 50.0
    assert d["counts"]["gt_control_points"] == 9


def test_layers_partition_control_points():
    pred = lines([[0, 0], [90, 0]], [[110, 0], [200, 0], [200, 200]])
    r = run(L_SHAPE, pred)
    n = sum(len(r.layers[k]) for k in ("MATCHED", "UNMATCHED_GT", "UNMATCHED_PRED"))
    assert n == r.counts["gt_control_points"] + r.counts["pred_control_points"]
    m = r.layers["MATCHED"]
    assert set(m.columns["source"]) == {"ground_truth", "prediction"}
    assert all(d is not None and d <= 4 for d in m.columns["snap_distance"])


def test_bad_parameters():
    with pytest.raises(ValueError):
        run(L_SHAPE, L_SHAPE, VARIANT="nope")
    with pytest.raises(ValueError):
        run(L_SHAPE, L_SHAPE, CONTROL_SPACING=0.0)


def test_huge_coordinates_warn_about_precision():
    # issue 17: near 1e15 float64 resolves 0.125 m and APLS changed by 0.001
    # without a warning
    from core import registry
    from sample_data import sample
    gt, pred = sample("ground_truth"), sample("prediction")
    apls = registry.get("apls")
    plain = run_spec(apls, gt, pred)
    assert not any("float64" in w for w in plain.warnings)
    far = run_spec(apls, gt.translated(1e15, 1e15), pred.translated(1e15, 1e15))
    w = [w for w in far.warnings if "float64" in w]
    assert len(w) == 1 and "MERGE_TOLERANCE, 0.05 m" in w[0] and "1e+15 m" in w[0], w
    assert '"coordinates reach' in far.to_json()
    # 1e9 (far beyond any projected CRS) is still fine: 2.2e-7 m resolution
    mid = run_spec(apls, gt.translated(1e9, 0), pred.translated(1e9, 0))
    assert not any("float64" in w for w in mid.warnings)
    assert mid.scores["APLS"] == pytest.approx(plain.scores["APLS"], abs=1e-6)
