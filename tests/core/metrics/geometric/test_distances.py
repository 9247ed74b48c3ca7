"""Hand-checked distance metrics (cases A-D of docs/geometric.md), the
empty-input table, identity and scaling."""
import math

import numpy as np
import pytest

from core import registry
from core.network.lineset import LineSet
from core.metrics.geometric.linesample import pl_quantile
from helpers import lines
from core.runner import run as run_spec

D = registry.get("distances")
DISTANCES = ("HAUSDORFF", "HD95", "HD95_POOLED", "ASSD", "MASD", "CHAMFER")


def run(gt, pred, **p):
    return run_spec(D, gt, pred, p)


def test_case_a_parallel_lines():
    # Every point is exactly 1 m from the other line: all distances 1
    # (CHAMFER = 1 + 1), NSD 1 at TOLERANCE 1.  Boundary IoU of the 1 m
    # neighbourhoods (two 100 x 2 stadiums, centre lines 1 m apart):
    # intersection = 100 (the strip 0 <= y <= 1) + 2 half-lenses of two unit
    # discs 1 apart, lens = 2 acos(1/2) - sqrt(3)/2 = 2 pi/3 - sqrt(3)/2;
    # each stadium 200 + pi.
    r = run(lines([[0, 0], [100, 0]]), lines([[0, 1], [100, 1]]), TOLERANCE=1.0)
    for k in ("HAUSDORFF", "HD95", "HD95_POOLED", "ASSD", "MASD"):
        assert r.score(k) == pytest.approx(1.0, abs=1e-9), k
    assert r.score("CHAMFER") == pytest.approx(2.0, abs=1e-9)
    assert r.score("NSD") == pytest.approx(1.0, abs=1e-12)
    inter = 100 + 2 * math.pi / 3 - math.sqrt(3) / 2
    iou = inter / (2 * (200 + math.pi) - inter)  # 0.33183...
    assert r.score("BOUNDARY_IOU") == pytest.approx(iou, abs=1e-3)


def test_case_b_half_covered():
    # GT 0..100, prediction 0..50 on it, TOLERANCE 10.  d(x, P) on GT is 0
    # for x <= 50, x - 50 after; P -> GT is 0.
    #  HD = 50;  GT 95th percentile: 0.5 + 0.5 x / 50 = 0.95 -> x = 45
    #  (prediction side 0) -> HD95 = 45; pooled over 150 m:
    #  (100 + x) / 150 = 0.95 -> 42.5;  ASSD = (50 * 25) / 150 = 8.333;
    #  MASD = (12.5 + 0) / 2 = 6.25;  CHAMFER = 12.5;
    #  NSD = (60 + 50) / 150 = 0.7333;
    #  Boundary IoU: N(P) inside N(GT): (1000 + 100 pi) / (2000 + 100 pi).
    r = run(lines([[0, 0], [100, 0]]), lines([[0, 0], [50, 0]]), TOLERANCE=10.0)
    assert r.score("HAUSDORFF") == pytest.approx(50.0, abs=1e-9)
    assert r.score("HD95") == pytest.approx(45.0, abs=1e-9)
    assert r.score("HD95_POOLED") == pytest.approx(42.5, abs=1e-9)
    assert r.score("ASSD") == pytest.approx(25 / 3, abs=1e-9)
    assert r.score("MASD") == pytest.approx(6.25, abs=1e-9)
    assert r.score("CHAMFER") == pytest.approx(12.5, abs=1e-9)
    assert r.score("NSD") == pytest.approx(110 / 150, abs=1e-12)
    assert r.score("BOUNDARY_IOU") == pytest.approx(
        (1000 + 100 * math.pi) / (2000 + 100 * math.pi), abs=1e-3)
    assert r.details["percentile_gt_to_pred_m"] == pytest.approx(45.0)
    assert r.details["percentile_pred_to_gt_m"] == pytest.approx(0.0, abs=1e-12)
    # the Hausdorff pair: GT end (100, 0) and its nearest prediction point
    hp = r.layers["HAUSDORFF_POINTS"]
    assert hp.coords.tolist() == [[100.0, 0.0], [50.0, 0.0]]
    assert hp.columns["role"] == ["farthest", "nearest"]
    assert hp.columns["source"] == ["ground_truth", "prediction"]
    # pieces by distance class (0-1-2-4-8-16-inf m) cover both networks
    pieces = r.layers["PIECES"]
    tot = sum(l for s, l in zip(pieces.columns["source"], pieces.columns["length"])
              if s == "ground_truth")
    assert tot == pytest.approx(100.0)


def test_case_c_perpendicular_crossing():
    # d(x) = |x| on either line, uniform on 0..50: HD 50, 95th 47.5 both
    # ways (pooled too), mean 25.  NSD: 20 m of each within 10 m -> 0.2.
    # Neighbourhoods meet in the 20 x 20 square around the crossing.
    r = run(lines([[-50, 0], [50, 0]]), lines([[0, -50], [0, 50]]), TOLERANCE=10.0)
    assert r.score("HAUSDORFF") == pytest.approx(50.0, abs=1e-9)
    assert r.score("HD95") == pytest.approx(47.5, abs=1e-9)
    assert r.score("HD95_POOLED") == pytest.approx(47.5, abs=1e-9)
    assert r.score("ASSD") == pytest.approx(25.0, abs=1e-9)
    assert r.score("MASD") == pytest.approx(25.0, abs=1e-9)
    assert r.score("NSD") == pytest.approx(0.2, abs=1e-12)
    area = 2000 + 100 * math.pi
    assert r.score("BOUNDARY_IOU") == pytest.approx(400 / (2 * area - 400), abs=1e-3)


def test_case_d_hausdorff_inside_the_gap_is_not_a_vertex():
    # GT 0..10 on the x axis, prediction 1 m above with a gap over 4..6.
    # The farthest GT point is (5, 0), sqrt(2) from both pieces; GEOS's
    # Hausdorff distance only visits vertices and reports 1.  A sampling
    # step of 0.3 m puts no sample at x = 5: the refinement finds it.
    gt = lines([[0, 0], [10, 0]])
    pred = lines([[0, 1], [4, 1]], [[6, 1], [10, 1]])
    r = run(gt, pred, TOLERANCE=1.0, SAMPLE_STEP=0.3)
    assert r.score("HAUSDORFF") == pytest.approx(math.sqrt(2), abs=1e-6)
    assert r.details["hausdorff_upper_bound_m"] >= math.sqrt(2) - 1e-12
    assert r.details["hausdorff_upper_bound_m"] - r.score("HAUSDORFF") < 1e-3
    assert r.layers["HAUSDORFF_POINTS"].coords[0] == pytest.approx([5.0, 0.0], abs=1e-3)
    from shapely.geometry import LineString, MultiLineString
    geos = LineString([(0, 0), (10, 0)]).hausdorff_distance(
        MultiLineString([[(0, 1), (4, 1)], [(6, 1), (10, 1)]]))
    assert geos == pytest.approx(1.0)
    # NSD: 8 of 10 GT metres and all 8 predicted metres within 1 m
    assert r.score("NSD") == pytest.approx(16 / 18, abs=1e-12)


def test_identical_inputs_are_zero_and_one():
    l = lines([[0, 0], [60, 10], [120, -5]], [[60, 10], [70, 90]])
    r = run(l, l)
    for k in DISTANCES:
        assert r.score(k) == pytest.approx(0.0, abs=1e-9), k
    assert r.score("NSD") == 1.0
    assert r.score("BOUNDARY_IOU") == pytest.approx(1.0, abs=1e-9)


def test_distances_scale_linearly():
    g = np.random.Generator(np.random.PCG64(5))
    gt = [np.cumsum(g.uniform(-30, 30, (4, 2)), axis=0) for _ in range(5)]
    pred = [l + g.uniform(-6, 6, 2) for l in gt[:4]] + [g.uniform(0, 80, (2, 2))]
    base = run(LineSet(gt), LineSet(pred))
    k = 3.0
    big = run(LineSet([l * k for l in gt]), LineSet([l * k for l in pred]), TOLERANCE=4.0 * k,
              SAMPLE_STEP=0.5 * k, MERGE_TOLERANCE=0.05 * k)
    for name in DISTANCES:
        assert big.score(name) == pytest.approx(k * base.score(name), rel=1e-9), name
    for name in ("NSD", "BOUNDARY_IOU"):
        assert big.score(name) == pytest.approx(base.score(name), abs=1e-9), name


def test_empty_inputs_table():
    e, l = LineSet([]), lines([[0, 0], [100, 0]])
    both = run(e, e)
    assert [both.score(k) for k in DISTANCES] == [0.0] * 6
    assert both.score("NSD") == 1.0 and both.score("BOUNDARY_IOU") == 1.0
    for g, p in ((e, l), (l, e)):
        r = run(g, p)
        assert all(math.isnan(r.score(k)) for k in DISTANCES)
        assert r.score("NSD") == 0.0 and r.score("BOUNDARY_IOU") == 0.0
        assert any("empty" in w for w in r.warnings)
        assert '"HAUSDORFF": null' in r.to_json()


def test_percentile_parameter():
    # PERCENTILE 50 on case B: GT median = 0 (half the GT lies on the
    # prediction); pooled over 150 m: (100 + x) / 150 = 0.5 -> 0 as well;
    # PERCENTILE 100 is the Hausdorff distance.
    gt, pred = lines([[0, 0], [100, 0]]), lines([[0, 0], [50, 0]])
    assert run(gt, pred, PERCENTILE=50.0).score("HD95") == pytest.approx(0.0, abs=1e-9)
    assert run(gt, pred, PERCENTILE=100.0).score("HD95") == pytest.approx(50.0, abs=1e-9)
    assert run(gt, pred, PERCENTILE=90.0).score("HD95_POOLED") == pytest.approx(35.0, abs=1e-9)
    with pytest.raises(ValueError, match="PERCENTILE"):
        run(gt, pred, PERCENTILE=101.0)
    with pytest.raises(ValueError, match="TOLERANCE"):
        run(gt, pred, TOLERANCE=0.0)


def test_piecewise_linear_quantiles():
    # half the weight at 0 (a jump), half spread over 0..10
    assert pl_quantile([0, 0], [0, 10], [1, 1], 0.5) == 0.0
    assert pl_quantile([0, 0], [0, 10], [1, 1], 0.75) == pytest.approx(5.0)
    assert pl_quantile([0, 0], [0, 10], [1, 1], 1.0) == pytest.approx(10.0)
    # decreasing intervals are the same distribution
    assert pl_quantile([10], [0], [2.0], 0.3) == pytest.approx(3.0)
    assert math.isnan(pl_quantile([], [], [], 0.5))


def test_pool_of_tiles():
    a = run(lines([[0, 0], [100, 0]]), lines([[0, 0], [50, 0]]), TOLERANCE=10.0)
    b = run(lines([[0, 0], [100, 0]]), lines([[0, 1], [100, 1]]), TOLERANCE=10.0)
    s = D.pool([a, b])
    assert s["HAUSDORFF"] == 50.0
    # integrals 1250 + 0 and 100 + 100 over 200 + 150 m
    assert s["ASSD"] == pytest.approx(1450 / 350)
    one = D.pool([a])
    for k in a.scores:
        assert one[k] == pytest.approx(a.scores[k], abs=1e-9), k


def test_ratio_scores_of_identical_self_intersecting_lines_stay_within_0_1():
    # issue 17: BOUNDARY_IOU was 1.0000000000000004 (areas of the union and
    # of the intersection rounding differently); ratios are clipped to [0, 1]
    from core import registry
    from core.network.lineset import LineSet
    line = LineSet([np.array([[95.05, 14.42], [94.86, 31.18], [42.33, 82.77], [40.92, 54.96],
                              [2.76, 75.35], [53.81, 32.97]])])
    spec = registry.get("distances")
    from core.progress import NO_PROGRESS
    raw = spec.compute(line, line, spec.resolve(), NO_PROGRESS).scores["BOUNDARY_IOU"]
    # rounding in the area computation (the case to clip): 1.0000000000000004
    # with GEOS 3.11-3.13, exactly 1 with Debian sid's GEOS
    assert abs(raw - 1.0) < 1e-12
    r = run_spec(spec, line, line)
    assert r.scores["BOUNDARY_IOU"] == 1.0
    for s in registry.all_specs():
        res = run_spec(s, line, line, s.test_params)
        for o in s.outputs:
            v = res.scores[o.name]
            if o.bounds is not None and v == v:
                lo, hi = o.bounds
                assert (lo is None or v >= lo) and (hi is None or v <= hi), (s.id, o.name, v)
    # a larger excess is not hidden (a bug must stay visible)
    from core.registry import Output, MetricSpec
    fake = MetricSpec("fake", "fake", "g", "", [], [Output("X", "x")], [], None)
    assert fake.clip_scores({"X": 1.0 + 1e-12})["X"] == 1.0
    assert fake.clip_scores({"X": -1e-12})["X"] == 0.0
    assert fake.clip_scores({"X": 1.01})["X"] == 1.01


def test_distances_on_two_threads_is_bit_identical(monkeypatch):
    """Nearest-segment queries in chunks on two threads (core/metrics/geometric/linesample.py,
    no size threshold) give the serial run's numbers and layers, bit for bit."""
    from core.metrics.geometric import linesample
    from core.parallel import cores_for_run
    from helpers import assert_identical_results
    from sample_data import sample
    monkeypatch.setattr(linesample, "PARALLEL_POINTS", 0)
    used = []
    real = linesample.thread_map
    monkeypatch.setattr(linesample, "thread_map", lambda fn, items, n: used.append(n) or real(fn, items, n))
    with cores_for_run(1):
        serial = run_spec("distances", sample("ground_truth"), sample("prediction"))
    with cores_for_run(2):
        both = run_spec("distances", sample("ground_truth"), sample("prediction"))
    assert set(used) == {1, 2}
    assert_identical_results(serial, both)
