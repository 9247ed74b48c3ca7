"""roadmetrics:instances — hand-checked numbers, rules and primitives.

Conventions used in the derivations below: TOLERANCE tau = 4 m (default),
so a line's neighbourhood is a band 8 m wide with round caps.  The caps of
one line together form the polygon circle of shapely's buffer (16 segments
per quarter circle), area A_c = 50.1848 m^2 (not pi 16 = 50.27: we take it
from shapely so the expected values are exact).
"""
import math

import numpy as np
import pytest

from core import registry
from core.metrics.instances.instance_ap import average_precision, greedy_match
from core.metrics.geometric.linecover import (
    Segments,
    covered_interval,
    segment_pairs_within,
    union_length,
)
from core.network.lineset import LineSet

from helpers import lines
from core.runner import run as run_spec

SPEC = registry.get("instances")
A_C = None


def circle_area():
    global A_C
    if A_C is None:
        from shapely.geometry import Point
        A_C = Point(0, 0).buffer(4.0, 16).area
    return A_C


def run(gt, pred, **params):
    return run_spec(SPEC, gt, pred, params)


def far(k, length=100.0, y=0.0):
    """A straight line of the given length, 1 km right of the previous."""
    return [(1000.0 * k, y), (1000.0 * k + length, y)]


# -- hand-checked cases ---------------------------------------------------

@pytest.mark.parametrize("overlap", ["area", "length"])
def test_two_classes_one_perfect_one_half_detected(overlap):
    # class a: identical 100 m lines -> IoU_a = 1, AP_a = 1 at every threshold.
    # class b: GT 200 m, prediction its first 100 m on top of it.
    #   TP_b = GT length within 4 m of the prediction = 100 + 4 (the cap) = 104
    #   FN_b = 96, FP_b = 0  ->  IoU_b = 104 / 200 = 0.52 (= iIoU_b: one instance)
    #   MEAN_IOU = (1 + 0.52) / 2 = 0.76
    #   instance overlap: area (800 + A_c) / (1600 + A_c) = 0.5152,
    #   length (104 + 100)/2 = 102 -> 102 / (200 + 100 - 102) = 0.5152 as well:
    #   matched at 0.50 only -> AP_b = 1/10, AP50_b = 1, AP75_b = 0
    #   AP = (1 + 0.1) / 2 = 0.55, AP50 = 1, AP75 = 0.5
    gt = lines([(0, 0), (100, 0)], [(0, 100), (200, 100)], kind=["a", "b"])
    pred = lines([(0, 0), (100, 0)], [(0, 100), (100, 100)], kind=["a", "b"])
    r = run(gt, pred, CLASS_FIELD="kind", OVERLAP=overlap)
    c = r.details["classes"]
    assert c["a"]["IoU"] == pytest.approx(1.0, abs=1e-12)
    assert c["b"]["IoU"] == pytest.approx(0.52, abs=1e-12)
    assert c["b"]["iIoU"] == pytest.approx(0.52, abs=1e-12)
    assert (c["b"]["tp_length"], c["b"]["fn_length"], c["b"]["fp_length"]) == pytest.approx(
        (104.0, 96.0, 0.0), abs=1e-9)
    assert r.scores["MEAN_IOU"] == pytest.approx(0.76, abs=1e-12)
    assert r.scores["MEAN_IIOU"] == pytest.approx(0.76, abs=1e-12)
    assert c["a"]["AP"] == 1.0 and c["b"]["AP"] == pytest.approx(0.1)
    assert c["b"]["ap_by_threshold"] == [1.0] + [0.0] * 9
    assert r.scores["AP"] == pytest.approx(0.55, abs=1e-12)
    assert r.scores["AP50"] == 1.0
    assert r.scores["AP75"] == pytest.approx(0.5, abs=1e-12)
    m = r.layers["MATCHED"]
    assert len(m) == 4
    ious = {(s, k): v for s, k, v in zip(m.columns["source"], m.columns["class"], m.columns["iou"])}
    expect_b = ((800 + circle_area()) / (1600 + circle_area()) if overlap == "area"
                else 102 / 198)
    assert ious[("ground_truth", "b")] == pytest.approx(expect_b, abs=1e-9)
    assert ious[("prediction", "a")] == pytest.approx(1.0, abs=1e-9)
    t = r.layers["CLASS_TABLE"]
    assert t.geometry == "None" and t.columns["class"] == ["a", "b"]
    assert t.columns["iou"] == pytest.approx([1.0, 0.52])
    assert t.columns["ap50"] == [1.0, 1.0]
    assert t.columns["length_gt"] == pytest.approx([100.0, 200.0])
    assert t.columns["length_pred"] == pytest.approx([100.0, 100.0])


def _ranked_case():
    # four ground-truth lines far apart; five predictions:
    #   p0 conf 0.9 = g0 (TP)   p1 conf 0.8 spurious (FP)   p2 conf 0.7 = g1 (TP)
    #   p3 conf 0.6 = g0 again (FP: g0 is taken)   p4 conf 0.5 = g2 (TP);  g3 missed
    gt = lines(far(0), far(1), far(2), far(3))
    pred = LineSet([np.asarray(far(k), float) for k in (0, 5, 1, 0, 2)],
                   feature_ids=[10, 11, 12, 13, 14],
                   attributes={"score": [0.9, 0.8, 0.7, 0.6, 0.5]})
    return gt, pred


@pytest.mark.parametrize("overlap", ["area", "length"])
def test_confidence_ranked_ap_by_hand(overlap):
    # precision / recall after each prediction (n_gt = 4):
    #   p0 1/1, 1/4   p1 1/2, 1/4   p2 2/3, 2/4   p3 2/4, 2/4   p4 3/5, 3/4
    # AP = sum (R_k - R_k-1) P_k = 1/4 * 1 + 1/4 * 2/3 + 1/4 * 3/5 = 17/30,
    # at every threshold (the true positives are identical lines: IoU 1).
    # The duplicate p3 lies on g0 as well: with features as instances (the
    # network would merge the duplicate), it is the less confident one.
    gt, pred = _ranked_case()
    r = run(gt, pred, CONFIDENCE_FIELD="score", DISSOLVE=False, OVERLAP=overlap)
    assert r.scores["AP"] == pytest.approx(17 / 30, abs=1e-12)
    assert r.scores["AP50"] == pytest.approx(17 / 30, abs=1e-12)
    assert r.scores["AP75"] == pytest.approx(17 / 30, abs=1e-12)
    m = r.layers["MATCHED"]
    pairs = {(s, f): p for s, f, p in zip(m.columns["source"], m.columns["feature_id"],
                                          m.columns["partner_feature_id"])}
    assert pairs[("ground_truth", 0)] == 10 and pairs[("prediction", 10)] == 0
    assert sorted(r.layers["UNMATCHED_PRED"].columns["feature_id"]) == [11, 13]
    assert r.layers["UNMATCHED_GT"].columns["feature_id"] == [3]
    assert r.details["classes"]["all"]["n_tp50"] == 3


def test_without_confidence_ap_is_precision_times_recall():
    # one operating point: P = 3/5 (p3 duplicates g0), R = 3/4 -> AP = 9/20
    gt, pred = _ranked_case()
    r = run(gt, pred, DISSOLVE=False)
    assert r.scores["AP"] == pytest.approx(9 / 20, abs=1e-12)
    assert "precision x recall" in r.details["ranking"]


def test_more_confident_duplicate_takes_the_match():
    # swap the scores of p0 and p3: now p3 (0.9) is the true positive of g0
    gt, pred = _ranked_case()
    pred.attributes["score"] = [0.6, 0.8, 0.7, 0.9, 0.5]
    r = run(gt, pred, CONFIDENCE_FIELD="score", DISSOLVE=False)
    m = r.layers["MATCHED"]
    pairs = {(s, f): p for s, f, p in zip(m.columns["source"], m.columns["feature_id"],
                                          m.columns["partner_feature_id"])}
    assert pairs[("ground_truth", 0)] == 13
    # ranks: p3 TP, p1 FP, p2 TP, p0 FP, p4 TP: 1/4*1 + 1/4*2/3 + 1/4*3/5 again
    assert r.scores["AP"] == pytest.approx(17 / 30, abs=1e-12)


def test_null_confidence_ranks_last():
    gt = lines(far(0))
    pred = LineSet([np.asarray(far(0), float)] * 2, attributes={"score": [None, 0.1]})
    r = run(gt, pred, CONFIDENCE_FIELD="score", DISSOLVE=False)
    m = r.layers["MATCHED"]
    k = m.columns["source"].index("prediction")
    assert m.columns["feature_id"][k] == 1
    assert any("rank below" in w for w in r.warnings)
    # TP at 0.1, then FP at null: AP = 1/1 * 1 (recall reaches 1 at the first point)
    assert r.scores["AP"] == 1.0


def test_instance_size_iiou_below_iou():
    # GT: a 300 m road (found exactly) and a 20 m road (missed), one class.
    #   IoU = TP / (TP + FN + FP) = 300 / (300 + 20 + 0) = 0.9375
    #   mean instance length 160: w = 160/300 and 160/20 = 8
    #   iIoU = (160/300 * 300) / (160 + 8 * 20 + 0) = 160 / 320 = 0.5
    # the small missed road weighs as much as the big found one: iIoU < IoU.
    # AP: one TP, one FN at every threshold: P = 1, R = 1/2 -> AP = 0.5
    gt = lines(far(0, 300.0), far(1, 20.0))
    pred = lines(far(0, 300.0))
    r = run(gt, pred)
    assert r.scores["MEAN_IOU"] == pytest.approx(0.9375, abs=1e-12)
    assert r.scores["MEAN_IIOU"] == pytest.approx(0.5, abs=1e-12)
    assert r.scores["MEAN_IIOU"] < r.scores["MEAN_IOU"]
    assert r.scores["AP"] == pytest.approx(0.5, abs=1e-12)
    # the small road found and the big one missed: iIoU > IoU
    r = run(gt, lines(far(1, 20.0)))
    assert r.scores["MEAN_IOU"] == pytest.approx(20 / 320, abs=1e-12)
    assert r.scores["MEAN_IIOU"] == pytest.approx(0.5, abs=1e-12)


@pytest.mark.parametrize("overlap,expected_iou,ap", [
    # GT (0,0)-(100,0), prediction (20,0)-(120,0):
    # length: each covers 84 m of the other (x 16..100 and 20..104):
    #   84 / (100 + 100 - 84) = 0.7241 -> matched at 0.50 .. 0.70: AP = 5/10
    ("length", 84 / 116, 0.5),
    # area: the neighbourhoods share the band of x 20..100 plus two half caps:
    #   (640 + A_c) / (2 (800 + A_c) - (640 + A_c)) = 0.6832 -> 0.50 .. 0.65: AP = 4/10
    ("area", None, 0.4),
])
def test_overlap_of_a_shifted_line(overlap, expected_iou, ap):
    if expected_iou is None:
        expected_iou = (640 + circle_area()) / (960 + circle_area())
    r = run(lines([(0, 0), (100, 0)]), lines([(20, 0), (120, 0)]), OVERLAP=overlap)
    m = r.layers["MATCHED"]
    assert m.columns["iou"][0] == pytest.approx(expected_iou, abs=1e-9)
    assert r.scores["AP"] == pytest.approx(ap, abs=1e-12)
    assert r.scores["AP50"] == 1.0 and r.scores["AP75"] == 0.0
    # class IoU: TP 84, FN 16, FP 16 (x 104..120) -> 84 / 116 in both modes
    assert r.scores["MEAN_IOU"] == pytest.approx(84 / 116, abs=1e-12)


def test_min_length_ignores_short_ground_truth():
    # GT: a 100 m road and a 3 m stub; MIN_LENGTH 5 m ignores the stub
    gt = lines(far(0), far(1, 3.0))
    only_road = lines(far(0))
    r = run(gt, only_road)
    assert r.scores["AP"] == 1.0  # the stub is not a false negative
    assert r.counts["gt_ignored"] == 1
    um = r.layers["UNMATCHED_GT"]
    assert um.columns["ignored"] == [1] and um.columns["length"] == [3.0]
    r = run(gt, only_road, MIN_LENGTH=0.0)
    assert r.scores["AP"] == pytest.approx(0.5)  # P = 1, R = 1/2
    # a prediction on the ignored stub is not a false positive ...
    r = run(gt, lines(far(0), far(1, 3.0)))
    assert r.scores["AP"] == 1.0
    m = r.layers["MATCHED"]
    assert sorted(m.columns["ignored"]) == [0, 0, 1, 1]
    # ... while a spurious one is: P = 1/2, R = 1
    r = run(gt, lines(far(0), far(5, 3.0)))
    assert r.scores["AP"] == pytest.approx(0.5)
    # IoU and iIoU use every instance (the stub is a missed 3 m): 100 / 103
    assert run(gt, only_road).scores["MEAN_IOU"] == pytest.approx(100 / 103)


def test_dissolve_neutralises_feature_splitting():
    # GT one 200 m feature; prediction the same line as two 100 m features
    gt = lines([(0, 0), (200, 0)])
    pred = lines([(0, 0), (100, 0)], [(100, 0), (200, 0)])
    assert run(gt, pred).scores["AP"] == 1.0
    # features as instances: each half overlaps the whole by
    # (800 + A_c) / (1600 + A_c) = 0.5152: one TP and one FP at 0.5 only
    # (equal confidence and overlap: the first prediction wins)
    r = run(gt, pred, DISSOLVE=False)
    assert r.scores["AP50"] == pytest.approx(0.5)
    assert r.scores["AP"] == pytest.approx(0.05)
    assert r.scores["MEAN_IOU"] == 1.0  # class IoU does not depend on instances


def test_dissolve_gives_chains_between_junctions_cut_at_class_changes():
    # a T drawn as 2 features (GT; the junction is a vertex of the long one)
    # and as 3 (prediction): 3 chains each
    gt = lines([(0, 0), (100, 0), (200, 0)], [(100, 0), (100, 100)])
    pred = lines([(0, 0), (100, 0)], [(200, 0), (100, 0)], [(100, 100), (100, 0)])
    r = run(gt, pred)
    assert (r.counts["gt_instances"], r.counts["pred_instances"]) == (3, 3)
    assert r.scores["AP"] == 1.0
    # one straight GT road whose class changes half way: two instances
    gt = lines([(0, 0), (100, 0)], [(100, 0), (200, 0)], kind=["a", "b"])
    pred = lines([(0, 0), (200, 0)], kind=["a"])
    r = run(gt, pred, CLASS_FIELD="kind")
    assert r.counts["gt_instances"] == 2
    c = r.details["classes"]
    assert c["a"]["n_gt"] == 1 and c["b"]["n_gt"] == 1 and c["b"]["n_pred"] == 0
    assert c["b"]["AP"] == 0.0 and c["b"]["IoU"] == 0.0
    # class a: GT 0..100 covered; prediction 104..200 (96 m) is a FP -> 100 / 196
    assert c["a"]["IoU"] == pytest.approx(100 / 196)


def test_instances_take_the_confidence_of_their_longest_feature():
    gt = lines([(0, 0), (300, 0)])
    pred = LineSet([np.array([(0, 0), (100, 0)], float), np.array([(100, 0), (300, 0)], float)],
                   feature_ids=[7, 8], attributes={"s": [0.9, 0.2]})
    r = run(gt, pred, CONFIDENCE_FIELD="s")
    m = r.layers["MATCHED"]
    k = m.columns["source"].index("prediction")
    assert m.columns["confidence"][k] == 0.2 and m.columns["feature_id"][k] == 8


# -- conventions and errors ------------------------------------------------

def test_empty_inputs():
    gt = lines(far(0))
    empty = LineSet([])
    r = run(gt, empty)
    assert r.scores["AP"] == 0.0 and r.scores["MEAN_IOU"] == 0.0 and r.scores["MEAN_IIOU"] == 0.0
    assert any("prediction is empty" in w for w in r.warnings)
    r = run(empty, gt)
    assert math.isnan(r.scores["AP"]) and r.scores["MEAN_IOU"] == 0.0
    assert any("AP is undefined" in w for w in r.warnings)
    r = run(empty, empty)
    assert all(math.isnan(v) for v in r.scores.values())
    assert r.to_dict()["scores"]["AP"] is None


def test_class_field_missing_on_one_layer_is_a_clear_error():
    gt = lines(far(0), kind=["a"])
    with pytest.raises(ValueError, match="CLASS_FIELD 'kind' is missing from the prediction"):
        run(gt, lines(far(0)), CLASS_FIELD="kind")
    with pytest.raises(ValueError, match="missing from the ground truth"):
        run(lines(far(0)), gt, CLASS_FIELD="kind")


def test_bad_parameters_and_confidences():
    gt = lines(far(0))
    with pytest.raises(ValueError, match="CONFIDENCE_FIELD 'score' is missing"):
        run(gt, gt, CONFIDENCE_FIELD="score")
    with pytest.raises(ValueError, match="must be numeric"):
        run(gt, lines(far(0), score=["high"]), CONFIDENCE_FIELD="score")
    with pytest.raises(ValueError, match="TOLERANCE"):
        run(gt, gt, TOLERANCE=0.0)
    with pytest.raises(ValueError, match="MIN_LENGTH"):
        run(gt, gt, MIN_LENGTH=-1.0)


def test_spec_declares_its_own_class_field_and_sinks():
    names = [p.name for p in SPEC.all_params()]
    assert names.count("CLASS_FIELD") == 1 and SPEC.handles_classes
    conf = next(p for p in SPEC.params if p.name == "CONFIDENCE_FIELD")
    assert conf.parent == "PREDICTION"
    assert [s.name for s in SPEC.sinks] == ["MATCHED", "UNMATCHED_GT", "UNMATCHED_PRED",
                                            "CLASS_TABLE"]
    assert next(s for s in SPEC.sinks if s.name == "CLASS_TABLE").geometry == "None"


def test_pool_of_one_result_is_the_result_and_tiles_pool_counts():
    gt = lines(far(0, 300.0), far(1, 20.0), far(2))
    pred = LineSet([np.asarray(far(0, 300.0), float), np.asarray(far(2), float),
                    np.asarray(far(4), float)], attributes={"s": [0.9, 0.3, 0.5]})
    r = run(gt, pred, CONFIDENCE_FIELD="s")
    pooled = SPEC.pool([r])
    for k, v in r.scores.items():
        assert pooled[k] == pytest.approx(v, abs=1e-12)
    # two "tiles" holding disjoint parts give the scores of the whole
    sub = lambda ls, keep: LineSet([ls.parts[k] for k in keep],
                                   attributes={n: [v[k] for k in keep]
                                               for n, v in ls.attributes.items()})
    r1 = run(sub(gt, [0]), sub(pred, [0, 2]), CONFIDENCE_FIELD="s")
    r2 = run(sub(gt, [1, 2]), sub(pred, [1]), CONFIDENCE_FIELD="s")
    pooled = SPEC.pool([r1, r2])
    for k, v in r.scores.items():
        assert pooled[k] == pytest.approx(v, abs=1e-12), k


# -- primitives --------------------------------------------------------------

def _sequential_greedy(g, p, o, conf, ign):
    order = sorted(range(len(g)), key=lambda k: (-conf[p[k]], ign[g[k]], -o[k], p[k], g[k]))
    used_g, used_p, out = set(), set(), {}
    for k in order:
        if g[k] not in used_g and p[k] not in used_p:
            used_g.add(g[k])
            used_p.add(p[k])
            out[p[k]] = g[k]
    return out


def test_greedy_match_equals_the_sequential_rule():
    rng = np.random.Generator(np.random.PCG64(3))
    for _ in range(40):
        ng, npr, m = rng.integers(1, 12), rng.integers(1, 12), rng.integers(0, 40)
        g = rng.integers(0, ng, m)
        p = rng.integers(0, npr, m)
        key = np.unique(g * 100 + p)
        g, p = key // 100, key % 100
        o = rng.choice([0.5, 0.6, 0.7, 0.9], len(g))
        conf = rng.choice([0.1, 0.5, 0.9], npr)
        ign = rng.random(ng) < 0.2
        gp, pp, po = greedy_match(g, p, o, conf, ign, ng, npr)
        ref = _sequential_greedy(g, p, o, conf, ign)
        assert {int(k): int(v) for k, v in enumerate(pp) if v >= 0} == ref
        assert all(gp[v] == k for k, v in ref.items())


def test_average_precision_step_area():
    # class 0: scores 0.9 TP, 0.8 FP, 0.8 TP (tie: one point), n_gt 4
    #   points (R, P): (1/4, 1), (2/4, 2/3) -> 1/4 + 1/4 * 2/3 = 5/12
    # class 1: no prediction, n_gt 2 -> 0; class 2: no ground truth -> NaN
    ap = average_precision([0, 0, 0, 2], [0.9, 0.8, 0.8, 0.5], [True, False, True, False],
                           [True, True, True, True], [4, 2, 0])
    assert ap[0] == pytest.approx(5 / 12) and ap[1] == 0.0 and math.isnan(ap[2])


def test_covered_interval_matches_dense_sampling():
    rng = np.random.Generator(np.random.PCG64(5))
    n = 300
    a = rng.uniform(0, 20, (n, 4))
    b = rng.uniform(0, 20, (n, 4))
    b[:10] = a[:10]  # identical segments
    b[10:20, 2:] = b[10:20, :2] + (a[10:20, 2:] - a[10:20, :2])  # parallel ones
    A, B = Segments(*a.T), Segments(*b.T)
    k = np.arange(n)
    lo, hi = covered_interval(A, k, B, k, 3.0)
    s = np.linspace(0, 1, 20001)
    px = A.ax[:, None] + s * (A.bx - A.ax)[:, None]
    py = A.ay[:, None] + s * (A.by - A.ay)[:, None]
    from core.geometry.polyline import project_points_on_segments
    d = project_points_on_segments(px, py, B.ax[:, None], B.ay[:, None], B.bx[:, None],
                                   B.by[:, None])[1]
    inside = d <= 3.0
    sampled = inside.mean(axis=1) * A.length
    exact = np.maximum(hi - lo, 0.0)
    assert np.abs(sampled - exact).max() < 2e-3 * 30
    assert np.allclose(exact[:10], A.length[:10], atol=1e-12)


def test_union_length_and_segment_pairs():
    k, L = union_length(np.array([1, 1, 1, 4, 4]), np.array([0.0, 2.0, 5.0, 1.0, 3.0]),
                        np.array([3.0, 4.0, 6.0, 2.0, 2.5]))
    # key 1: [0, 3] u [2, 4] u [5, 6] = 5; key 4: [1, 2] and an empty interval
    assert k.tolist() == [1, 4] and L.tolist() == [5.0, 1.0]
    rng = np.random.Generator(np.random.PCG64(9))
    A = Segments(*rng.uniform(0, 200, (150, 4)).T)
    B = Segments(*rng.uniform(0, 200, (150, 4)).T)
    i, j, d = segment_pairs_within(A, B, 6.0)
    from core.metrics.geometric.linecover import segment_distance
    ii, jj = np.meshgrid(np.arange(150), np.arange(150), indexing="ij")
    full = segment_distance(A, ii.ravel(), B, jj.ravel())
    ref = set(zip(ii.ravel()[full <= 6.0].tolist(), jj.ravel()[full <= 6.0].tolist()))
    assert set(zip(i.tolist(), j.tolist())) == ref
