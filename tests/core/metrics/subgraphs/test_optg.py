"""Hand-checked OPT-G cases (Citraro et al., ECCV 2020, Fig. 3)."""
import math

import numpy as np
import pytest

from core import registry
from core.network.sampling import rng
from core.runner import run as run_spec
from helpers import assert_same_without_layers, lines

OPTG = registry.get("optg")
SUBG = registry.get("subg")

# Fig. 3: two parallel ground-truth roads 8 m apart joined at both ends; the prediction
# has only A.  The ground truth's two nodes have degree 2 and dissolve: one 416 m loop,
# spacing 5 m -> ceil(416/5) = 84 holes, 416/84 = 4.95 m apart, 40 on A and 44 on B.
# The prediction: 40 marbles on A at x = 2.5 .. 197.5.
A = [(0, 0), (200, 0)]
B = [(0, 0), (0, 8), (200, 8), (200, 0)]
FAR = [(0, 500), (200, 500)]
WHOLE = 1000.0


def run(gt, pred, **p):
    return run_spec(OPTG, gt, pred, p)


@pytest.mark.parametrize("matching", ["optimal", "greedy"])
def test_identity_is_perfect(matching):
    r = run(lines(A, B), lines(A, B), MATCHING=matching)
    assert (r.score("PRECISION"), r.score("RECALL"), r.score("F1")) == (1.0, 1.0, 1.0)


@pytest.mark.parametrize("matching", ["optimal", "greedy"])
def test_fig3_missed_parallel_road_halves_recall(matching):
    # every seed (from either graph) has a centre in the other graph (<= 8 m away) and,
    # with a radius holding everything, sees 84 holes and 40 marbles; one-to-one: 40 pairs
    # (A's holes with A's marbles, <= 2.5 m apart) -> recall 40/84 = 10/21, precision 1
    r = run(lines(A, B), lines(A), N_SEEDS=100, RADIUS=WHOLE, MATCHING=matching)
    assert r.score("TP") == 40 * 100 and r.score("FN") == 44 * 100 and r.score("FP") == 0
    assert r.score("RECALL") == pytest.approx(10 / 21)
    assert r.score("PRECISION") == 1.0
    assert r.score("F1") == pytest.approx(2 * (10 / 21) / (1 + 10 / 21))
    # the 44 holes of B are the unmatched ones, in every subgraph
    um = r.layers["UNMATCHED_GT"]
    assert len(um) == 44 and set(um.columns["n_subgraphs"]) == {100}
    # SUBG on the same data: recall 1
    assert run_spec(SUBG, lines(A, B), lines(A), {"N_SEEDS": 100, "RADIUS": WHOLE}).score("RECALL") == 1.0


def test_fig3_default_parameters_recall_about_half():
    r = run(lines(A, B), lines(A))
    assert 0.4 < r.score("RECALL") < 0.55
    assert r.score("PRECISION") == 1.0


def test_far_spurious_road_lowers_precision():
    # Prediction A + FAR (equal lengths; canonical edge order A first, so a prediction seed
    # with u < 0.5 falls on A).  A seed on FAR has no ground truth within 12.5 m: its 40
    # marbles are all spurious.  Every other seed: 84 holes, 40 marbles, 40 pairs.
    n = 200
    r = run(lines(A, B), lines(A, FAR), N_SEEDS=n, RADIUS=WHOLE)
    g = rng(0)  # the draws of SEED 0: side, then position along the chosen network
    in_gt = g.random(n) < 0.5
    u = g.random(n)
    n_far = int(((~in_gt) & (u >= 0.5)).sum())
    assert 0.15 < n_far / n < 0.35
    assert r.score("FP") == 40 * n_far
    assert r.score("PRECISION") == pytest.approx((n - n_far) / n)
    assert r.score("RECALL") == pytest.approx(10 / 21)
    # SUBG never samples the far road: precision stays 1
    assert run_spec(SUBG, lines(A, B), lines(A, FAR), {"N_SEEDS": n, "RADIUS": WHOLE}).score(
        "PRECISION") == 1.0
    # with the default parameters too
    assert run(lines(A, B), lines(A, FAR)).score("PRECISION") < 0.9


def test_greedy_can_lose_pairs_optimal_cannot():
    # GT 0..10 m: holes at 2.5, 7.5; prediction 5..15 m: marbles at 7.5, 12.5; matching
    # distance 6: candidates h2.5-m7.5 (5), h7.5-m7.5 (0), h7.5-m12.5 (5).  Greedy takes
    # h7.5-m7.5 first and stops at 1 pair; optimal takes the other two.  Every seed's
    # centres are <= 5 m apart, so every seed sees both whole subgraphs.
    gt, pred = lines([(0, 0), (10, 0)]), lines([(5, 0), (15, 0)])
    p = dict(N_SEEDS=50, RADIUS=WHOLE, MATCH_DISTANCE=6.0)
    opt = run(gt, pred, **p)
    gre = run(gt, pred, MATCHING="greedy", **p)
    assert (opt.score("TP"), opt.score("RECALL"), opt.score("PRECISION")) == (100, 1.0, 1.0)
    assert (gre.score("TP"), gre.score("RECALL"), gre.score("PRECISION")) == (50, 0.5, 0.5)


def test_seeds_come_from_both_graphs():
    r = run(lines(A, B), lines(A), N_SEEDS=400)
    c = r.counts
    assert c["seeds_in_ground_truth"] + c["seeds_in_prediction"] == 400
    assert 150 < c["seeds_in_ground_truth"] < 250


def test_empty_prediction():
    r = run(lines(A, B), lines())
    assert r.score("RECALL") == 0.0 and r.score("F1") == 0.0
    assert math.isnan(r.score("PRECISION"))
    assert r.counts["seeds_in_ground_truth"] == 1000
    assert any("every seed is drawn from the ground truth" in w for w in r.warnings)


def test_empty_ground_truth_every_marble_is_spurious():
    # every seed comes from the prediction, no hole anywhere: precision 0, recall NaN, F1 0
    r = run(lines(), lines(A), N_SEEDS=30)
    assert r.score("PRECISION") == 0.0 and r.score("F1") == 0.0
    assert math.isnan(r.score("RECALL"))
    assert r.score("FP") == r.counts["marbles"] > 0
    r = run(lines(), lines())
    assert all(math.isnan(r.score(k)) for k in ("PRECISION", "RECALL", "F1"))


def test_same_seed_same_numbers_other_seed_other_draws():
    a = run(lines(A, B), lines(A, FAR), SEED=3)
    b = run(lines(A, B), lines(A, FAR), SEED=3)
    c = run(lines(A, B), lines(A, FAR), SEED=4)
    assert a.to_json() == b.to_json()
    assert c.score("FP") != a.score("FP")


def test_bad_matching_is_a_clear_error():
    with pytest.raises(ValueError, match="MATCHING"):
        run(lines(A), lines(A), MATCHING="hungarian")


def test_sink_points_carry_seed_and_distances():
    r = run(lines(A, B), lines(A), N_SEEDS=20, RADIUS=WHOLE)
    m = r.layers["MATCHED"]
    src = np.array(m.columns["source"])
    assert (src == "ground_truth").sum() == 40 and (src == "prediction").sum() == 40
    # optimal: least total distance -> A's holes (<= 2.5 m) rather than B's (>= 8 m)
    assert (np.array(m.columns["match_distance"], float) <= 2.5).all()
    assert (m.coords[src == "ground_truth", 1] == 0).all()
    sd = np.array(m.columns["seed_distance"], float)
    assert (sd >= 0).all() and (sd <= WHOLE).all()


@pytest.mark.slow
def test_optg_on_two_processes_is_bit_identical(monkeypatch):
    """OPT-G's matcher (a partial of match_optimal) goes to the worker
    processes; the numbers and layers are the serial run's, bit for bit."""
    from core.metrics.subgraphs import evaluation
    from core.parallel import cores_for_run
    from core.runner import run
    from helpers import assert_identical_results
    from sample_data import sample
    monkeypatch.setattr(evaluation, "BLOCK_PAIRS", 20_000)
    monkeypatch.setattr(evaluation, "PARALLEL_PAIRS", 0)
    n_items = []
    real = evaluation.process_map
    monkeypatch.setattr(evaluation, "process_map",
                        lambda *a, **k: n_items.append(len(a[2])) or real(*a, **k))
    gt, pred = sample("ground_truth"), sample("prediction")
    params = {"N_SEEDS": 200}
    with cores_for_run(1):
        serial = run("optg", gt, pred, params)
    from helpers import slow_here
    here = slow_here(monkeypatch)
    with cores_for_run(2):
        both = run("optg", gt, pred, params)
    assert 0 < len(here) < n_items[-1]  # the worker process ran some blocks
    assert_identical_results(serial, both)


@pytest.mark.parametrize("matching", ["optimal", "greedy"])
def test_without_layers_the_same_scores(matching):
    # optimal: the pairs of a maximum-cardinality matching are counted instead of
    # solving the least-distance assignments (which decide only which points the
    # layers show as matched)
    from sample_data import CROP, crop, sample
    full = assert_same_without_layers(OPTG, crop(sample("ground_truth"), CROP),
                                      crop(sample("prediction"), CROP), {"MATCHING": matching})
    assert set(full.layers) == {"MATCHED", "UNMATCHED_GT", "UNMATCHED_PRED"}


def test_without_layers_fig3_counts():
    # the hand-checked Fig. 3 case without layers: 40 pairs of 84 holes per seed
    r = run_spec(OPTG, lines(A, B), lines(A), {"N_SEEDS": 100, "RADIUS": WHOLE},
                 diagnostics=False)
    assert r.score("TP") == 40 * 100 and r.score("FN") == 44 * 100 and r.score("FP") == 0
    assert r.layers == {}
