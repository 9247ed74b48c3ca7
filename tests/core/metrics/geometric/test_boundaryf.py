"""Boundary F-measure: the four strategies on the hand cases, their
defining differences (one-to-one vs many-to-one, blocking lines,
orientation, areas), the empty-input table and invariances."""
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import registry
from core.network.lineset import LineSet
from helpers import lines
from core.runner import run as run_spec

BF = registry.get("boundaryf")
STRATEGIES = ["distance", "area", "correspondence", "validation"]
LENS = 2 * math.pi / 3 - math.sqrt(3) / 2  # two unit discs 1 apart


def run(gt, pred, **p):
    return run_spec(BF, gt, pred, p)


@pytest.mark.parametrize("strategy", ["distance", "correspondence", "validation"])
def test_case_a_lengths_all_one(strategy):
    # parallel lines 1 m apart at TOLERANCE 1: every point has a partner
    # exactly 1 m away (samples at 0.5, 1.5, ... on both lines pair up)
    r = run(lines([[0, 0], [100, 0]]), lines([[0, 1], [100, 1]]), TOLERANCE=1.0,
            STRATEGY=strategy)
    assert [r.score(k) for k in ("PRECISION", "RECALL", "F")] == pytest.approx([1, 1, 1])
    assert r.score("TP") == pytest.approx(100.0) and r.score("FP") == 0 and r.score("FN") == 0


def test_case_a_area_penalises_the_offset():
    # AbM: TP = |N(GT) & N(P)| = 100 + lens; each neighbourhood 200 + pi:
    # P = R = F = (100 + lens) / (200 + pi) = 0.4983 (not 1: any offset
    # costs area, Lopez-Molina et al.)
    r = run(lines([[0, 0], [100, 0]]), lines([[0, 1], [100, 1]]), TOLERANCE=1.0,
            STRATEGY="area")
    v = (100 + LENS) / (200 + math.pi)
    assert [r.score(k) for k in ("PRECISION", "RECALL", "F")] == pytest.approx([v] * 3, abs=1e-3)
    assert r.score("TP") == pytest.approx(100 + LENS, abs=0.01)
    assert r.score("FP") == pytest.approx(100 + math.pi - LENS, abs=0.01)


def test_case_b_half_covered():
    gt, pred = lines([[0, 0], [100, 0]]), lines([[0, 0], [50, 0]])
    # DbM: 60 m of GT within 10 m of the prediction
    r = run(gt, pred, TOLERANCE=10.0, STRATEGY="distance")
    assert (r.score("PRECISION"), r.score("RECALL")) == pytest.approx((1.0, 0.6))
    assert r.score("F") == pytest.approx(0.75)
    assert (r.score("TP"), r.score("FP"), r.score("FN")) == (50.0, 0.0, 40.0)
    # CbM: one-to-one, 50 prediction samples take 50 GT samples: R = 0.5
    r = run(gt, pred, TOLERANCE=10.0, STRATEGY="correspondence")
    assert (r.score("PRECISION"), r.score("RECALL")) == pytest.approx((1.0, 0.5))
    assert r.score("F") == pytest.approx(2 / 3)
    assert len(r.layers["CORRESPONDENCES"]) == 50
    assert max(r.layers["CORRESPONDENCES"].columns["distance"]) == pytest.approx(0.0)
    # Pv: many-to-one; GT samples at 50.5 .. 59.5 see the prediction sample
    # at 49.5 within 10 m: R = 0.6
    r = run(gt, pred, TOLERANCE=10.0, STRATEGY="validation")
    assert (r.score("PRECISION"), r.score("RECALL")) == pytest.approx((1.0, 0.6))
    # AbM: N(P) inside N(GT): P = 1, R = (1000 + 100 pi) / (2000 + 100 pi)
    r = run(gt, pred, TOLERANCE=10.0, STRATEGY="area")
    assert r.score("PRECISION") == pytest.approx(1.0, abs=1e-9)
    assert r.score("RECALL") == pytest.approx((1000 + 100 * math.pi) / (2000 + 100 * math.pi),
                                              abs=1e-3)


def test_case_c_crossing_and_orientation():
    gt, pred = lines([[-50, 0], [50, 0]]), lines([[0, -50], [0, 50]])
    for s in ("distance", "correspondence"):
        r = run(gt, pred, TOLERANCE=10.0, STRATEGY=s)
        assert (r.score("PRECISION"), r.score("RECALL")) == pytest.approx((0.2, 0.2)), s
    # Pv: the lines are perpendicular (90 deg > 45 deg): nothing validated
    r = run(gt, pred, TOLERANCE=10.0, STRATEGY="validation")
    assert r.score("F") == 0.0 and r.score("TP") == 0.0
    # with a 90 degree tolerance: the 20 samples with |x| <= 9.5 validate
    r = run(gt, pred, TOLERANCE=10.0, STRATEGY="validation", ANGLE_TOLERANCE=90.0)
    assert (r.score("PRECISION"), r.score("RECALL")) == pytest.approx((0.2, 0.2))


def test_case_d_gap():
    gt = lines([[0, 0], [10, 0]])
    pred = lines([[0, 1], [4, 1]], [[6, 1], [10, 1]])
    r = run(gt, pred, TOLERANCE=1.0, STRATEGY="distance")
    assert (r.score("PRECISION"), r.score("RECALL")) == pytest.approx((1.0, 0.8))


def test_one_to_one_versus_many_to_one():
    # one GT line, the prediction drew it twice (1 m either side): DbM
    # validates all of both copies, CbM only one copy
    gt = lines([[0, 0], [100, 0]])
    pred = lines([[0, 1], [100, 1]], [[0, -1], [100, -1]])
    assert run(gt, pred, STRATEGY="distance").score("PRECISION") == pytest.approx(1.0)
    r = run(gt, pred, STRATEGY="correspondence")
    assert r.score("PRECISION") == pytest.approx(0.5) and r.score("RECALL") == pytest.approx(1.0)


def test_validation_rejects_a_line_in_between():
    # GT lines y = 0 and y = 2, prediction y = 4, TOLERANCE 5.  Every sample
    # of y = 0 has its candidates behind the GT line y = 2: not validated.
    # Recall = 100 / 200; every prediction sample validates on y = 2.
    gt = lines([[0, 0], [100, 0]], [[0, 2], [100, 2]])
    pred = lines([[0, 4], [100, 4]])
    r = run(gt, pred, TOLERANCE=5.0, STRATEGY="validation")
    assert (r.score("PRECISION"), r.score("RECALL")) == pytest.approx((1.0, 0.5))
    assert run(gt, pred, TOLERANCE=5.0, STRATEGY="distance").score("RECALL") == 1.0
    c = r.layers["CORRESPONDENCES"]
    assert len(c) == 100 + 100  # 100 GT samples (y = 2) + 100 prediction samples


def test_alpha_weights():
    gt, pred = lines([[0, 0], [100, 0]]), lines([[0, 0], [50, 0]])
    assert run(gt, pred, TOLERANCE=10.0, ALPHA=1.0).score("F") == pytest.approx(0.6)
    assert run(gt, pred, TOLERANCE=10.0, ALPHA=0.0).score("F") == pytest.approx(1.0)


def test_empty_inputs_table():
    e, l = LineSet([]), lines([[0, 0], [100, 0]])
    for s in STRATEGIES:
        both = run(e, e, STRATEGY=s)
        assert [both.score(k) for k in ("PRECISION", "RECALL", "F", "TP", "FP", "FN")] == \
            [1, 1, 1, 0, 0, 0], s
        g = run(e, l, STRATEGY=s)
        assert g.score("PRECISION") == 0 and math.isnan(g.score("RECALL")) and g.score("F") == 0
        assert g.score("TP") == 0 and g.score("FP") > 0 and g.score("FN") == 0
        p = run(l, e, STRATEGY=s)
        assert math.isnan(p.score("PRECISION")) and p.score("RECALL") == 0 and p.score("F") == 0
        assert p.score("TP") == 0 and p.score("FP") == 0 and p.score("FN") > 0
    assert run(e, l).score("FP") == 100.0


def test_bad_parameters():
    l = lines([[0, 0], [1, 0]])
    with pytest.raises(ValueError, match="STRATEGY"):
        run(l, l, STRATEGY="nearest")
    with pytest.raises(ValueError, match="ALPHA"):
        run(l, l, ALPHA=2.0)
    with pytest.raises(ValueError, match="ANGLE_TOLERANCE"):
        run(l, l, ANGLE_TOLERANCE=100.0)


@st.composite
def small_networks(draw):
    seed = draw(st.integers(0, 2**31))
    g = np.random.Generator(np.random.PCG64(seed))
    out = []
    for _ in range(3):
        a = g.uniform(0, 60, 2)
        out.append(np.array([a, a + g.uniform(-25, 25, 2), a + g.uniform(-40, 40, 2)]))
    return out


@pytest.mark.parametrize("strategy", ["area", "correspondence", "validation"])
@settings(max_examples=6, deadline=None)
@given(gt=small_networks(), pred=small_networks())
def test_strategies_invariant_to_splitting_translation_and_direction(strategy, gt, pred):
    p = {"STRATEGY": strategy}
    base = run(LineSet(gt), LineSet(pred), **p)
    for k, v in base.scores.items():
        if not math.isnan(v) and k in ("PRECISION", "RECALL", "F"):
            assert -1e-12 <= v <= 1 + 1e-12
    split = [x for l in gt for x in (l[:2], l[1:])]
    moved = run(LineSet([l + (5e5, 7e6) for l in gt]), LineSet([l + (5e5, 7e6) for l in pred]),
                **p)
    for other in (run(LineSet(split), LineSet(pred), **p), moved,
                  run(LineSet([l[::-1] for l in gt[::-1]]), LineSet(pred), **p)):
        for k in ("PRECISION", "RECALL", "F"):
            a, b = base.scores[k], other.scores[k]
            assert (math.isnan(a) and math.isnan(b)) or a == pytest.approx(b, abs=1e-9), k


def test_identity_every_strategy():
    l = lines([[0, 0], [60, 10], [120, -5]], [[60, 10], [70, 90]])
    for s in STRATEGIES:
        r = run(l, l, STRATEGY=s)
        assert [r.score(k) for k in ("PRECISION", "RECALL", "F")] == pytest.approx([1, 1, 1]), s
