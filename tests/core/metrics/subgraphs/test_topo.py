"""Hand-checked TOPO cases (Biagioni & Eriksson, Sat2Graph's implementation)."""
import math

import numpy as np
import pytest

from core import registry
from core.runner import run as run_spec
from helpers import lines

TOPO = registry.get("topo")

H = [(0, 0), (200, 0)]  # ground truth: 40 holes at x = 2.5 .. 197.5 (spacing 5)


def run(gt, pred, **p):
    return run_spec(TOPO, gt, pred, p)


@pytest.mark.parametrize("agg", ["pooled", "mean"])
def test_identity_is_perfect(agg):
    gt = lines(H, [(100, 0), (100, 150)])
    r = run(gt, gt, AGGREGATION=agg)
    assert (r.score("PRECISION"), r.score("RECALL"), r.score("F1")) == (1.0, 1.0, 1.0)


def test_deterministic_without_seed_parameter():
    assert not TOPO.sampled
    assert "SEED" not in TOPO.defaults()


def test_crossing_road_is_rejected_by_heading():
    # Prediction: the left half of H (0..100, 20 marbles) ending on (connected to) a
    # vertical road crossing H at x = 100 (y -100..100, 40 marbles).  Seeds on H (200 m,
    # seed spacing 50): 40, 80, 120, 160.  The seeds at 40 and 80 pair with the left half
    # (0 m); those at 120 and 160 are 20 and 60 m from it and the vertical road is 90
    # degrees off: unpaired.  300 m walks hold everything (farthest point 160 m away):
    # 40 holes per seed, 60 marbles per paired seed.  The vertical marbles at (100, +-2.5),
    # (100, +-7.5) are within 10 m of the holes at 97.5 .. 107.5 but 90 degrees off: never
    # matched.  Each paired seed: 20 pairs (all the left half's marbles; the holes within
    # 10 m of them number 22).  TP = 2 x 20 = 40, marbles = 2 x 60 = 120 (FP 80), holes =
    # 4 x 40 = 160 (FN 120).
    pred = lines([(0, 0), (100, 0)], [(100, -100), (100, 0), (100, 100)])
    r = run(lines(H), pred)
    assert r.counts["seeds"] == 4 and r.counts["seeds_paired"] == 2
    assert (r.score("TP"), r.score("FP"), r.score("FN")) == (40, 80, 120)
    assert r.score("PRECISION") == pytest.approx(1 / 3)
    assert r.score("RECALL") == pytest.approx(1 / 4)
    assert r.score("F1") == pytest.approx(2 / 7)
    # no marble of the vertical road is ever matched, all 40 are spurious
    m = r.layers["MATCHED"]
    vert = (m.coords[:, 0] == 100) & (np.array(m.columns["source"]) == "prediction")
    assert not vert.any()
    um = r.layers["UNMATCHED_PRED"]
    assert len(um) == 40 and (um.coords[:, 0] == 100).all()
    assert set(np.round(um.columns["heading"], 9)) == {90.0}


def test_pooled_and_mean_aggregations():
    # Prediction: 0..100 only; walks of 50 m.  Seeds 40, 80 pair (0 m), 120, 160 do not
    # (nearest prediction 20, 60 m away).  Holes within 50 m along H: seed 40 -> 2.5..87.5
    # (18), 80 -> 32.5..127.5 (20), 120 -> 72.5..167.5 (20), 160 -> 112.5..197.5 (18).
    # Marbles: from 40 -> 2.5..87.5 (18), from 80 -> 32.5..97.5 (14).  Pairs: 18 and 14.
    # pooled: P = 32/32 = 1, R = 32/76 = 8/19
    # mean:   P = mean(18/18, 14/14) = 1, R = (18/18 + 14/20) / 4 seeds = 0.425
    gt, pred = lines(H), lines([(0, 0), (100, 0)])
    p = run(gt, pred, RADIUS=50.0)
    assert (p.score("TP"), p.score("FP"), p.score("FN")) == (32, 0, 44)
    assert p.score("PRECISION") == 1.0 and p.score("RECALL") == pytest.approx(8 / 19)
    assert p.score("F1") == pytest.approx(2 * (8 / 19) / (1 + 8 / 19))
    m = run(gt, pred, RADIUS=50.0, AGGREGATION="mean")
    assert m.score("PRECISION") == 1.0 and m.score("RECALL") == pytest.approx(0.425)
    assert m.score("F1") == pytest.approx(2 * 0.425 / 1.425)
    assert (m.score("TP"), m.score("FP"), m.score("FN")) == (32, 0, 44)  # always pooled
    assert m.details["pooled"]["RECALL"] == pytest.approx(8 / 19)
    assert p.details["mean"]["RECALL"] == pytest.approx(0.425)
    assert m.counts["seeds_evaluated"] == 2


def test_fig3_one_to_one_catches_the_missed_parallel_road():
    # Citraro et al. Fig. 3 layout.  The ground truth is one 416 m loop (its two nodes have
    # degree 2 and dissolve): 84 holes 416/84 = 4.95 m apart, 40 on A and 44 on B; B's
    # long side is 8 m from A with the same heading.  Seeds every 416/9 m along the loop
    # (n = floor(416/50) = 8), all within 8 m of A with A's heading or on A: all paired; a
    # 300 m walk covers the whole loop from any point (farthest 208 m) and all 40 marbles
    # of A.  One-to-one: 40 pairs of 84 holes per seed.
    r = run(lines([(0, 0), (200, 0)], [(0, 0), (0, 8), (200, 8), (200, 0)]),
            lines([(0, 0), (200, 0)]))
    assert r.counts["seeds_paired"] == 8
    assert (r.score("TP"), r.score("FN"), r.score("FP")) == (320, 352, 0)
    assert r.score("RECALL") == pytest.approx(10 / 21)


@pytest.mark.parametrize("agg", ["pooled", "mean"])
def test_empty_prediction(agg):
    r = run(lines(H), lines(), AGGREGATION=agg)
    assert r.score("RECALL") == 0.0 and r.score("F1") == 0.0
    assert math.isnan(r.score("PRECISION"))
    assert r.warnings


def test_empty_ground_truth_is_nan():
    r = run(lines(), lines(H))
    assert all(math.isnan(r.score(k)) for k in ("PRECISION", "RECALL", "F1"))


def test_no_seed_is_nan_with_warning():
    # a 20 m ground truth is shorter than SEED_SPACING / 2: no seed
    r = run(lines([(0, 0), (20, 0)]), lines([(0, 0), (20, 0)]))
    assert math.isnan(r.score("RECALL")) and math.isnan(r.score("PRECISION"))
    assert any("no seed" in w for w in r.warnings)


@pytest.mark.parametrize("bad", [{"ANGLE_TOLERANCE": 0.0}, {"ANGLE_TOLERANCE": 120.0},
                                 {"AGGREGATION": "median"}, {"SEED_SPACING": 0.0}])
def test_bad_parameters_are_clear_errors(bad):
    with pytest.raises(ValueError, match=list(bad)[0]):
        run(lines(H), lines(H), **bad)


@pytest.mark.slow
def test_topo_on_two_processes_is_bit_identical(monkeypatch):
    """Seed blocks on two processes (core/metrics/subgraphs/evaluation.py:
    small blocks, no size threshold) give the serial run's numbers and layers
    bit for bit (SUBG and OPT-G share the same loop: test_subg.py, test_optg.py)."""
    from core.metrics.subgraphs import evaluation
    from core.parallel import cores_for_run
    from helpers import assert_identical_results
    from sample_data import sample
    monkeypatch.setattr(evaluation, "BLOCK_PAIRS", 20_000)
    monkeypatch.setattr(evaluation, "PARALLEL_PAIRS", 0)
    used, n_items = [], []
    real = evaluation.process_map
    monkeypatch.setattr(evaluation, "process_map",
                        lambda *a, **k: used.append(a[4]) or n_items.append(len(a[2])) or
                        real(*a, **k))
    gt, pred = sample("ground_truth"), sample("prediction")
    with cores_for_run(1):
        serial = run_spec("topo", gt, pred)
    from helpers import slow_here
    here = slow_here(monkeypatch)
    with cores_for_run(2):
        both = run_spec("topo", gt, pred)
    assert used == [1, 2]
    assert 0 < len(here) < n_items[-1]  # the worker process ran some items
    assert_identical_results(serial, both)


def test_without_layers_the_same_scores():
    # no per-point outcomes when the run discards the layers (diagnostics=False)
    from helpers import assert_same_without_layers
    from sample_data import CROP, crop, sample
    full = assert_same_without_layers(registry.get("topo"), crop(sample("ground_truth"), CROP),
                                      crop(sample("prediction"), CROP), {})
    assert set(full.layers) == {"MATCHED", "UNMATCHED_GT", "UNMATCHED_PRED"}
