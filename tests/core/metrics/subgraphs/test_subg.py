"""Hand-checked SUBG (holes and marbles) cases."""
import math

import numpy as np
import pytest

from core import registry
from helpers import lines
from core.runner import run as run_spec

SUBG = registry.get("subg")

# Citraro et al., Fig. 3: two parallel ground-truth roads 8 m apart joined at both ends
# (A straight, B going round by 8 m connectors); the prediction has only A.
# The ground truth's two nodes have degree 2 and dissolve: one 416 m loop, spacing 5 m ->
# ceil(416/5) = 84 holes, 416/84 = 4.95 m apart, 40 on A and 44 on B.  The prediction:
# 40 marbles on A at x = 2.5 .. 197.5.
A = [(0, 0), (200, 0)]
B = [(0, 0), (0, 8), (200, 8), (200, 0)]
FAR = [(0, 500), (200, 500)]  # a spurious road far from every ground-truth road
WHOLE = 1000.0  # a radius holding the whole graph in every subgraph


def run(gt, pred, **p):
    return run_spec(SUBG, gt, pred, p)


def test_identity_is_perfect():
    r = run(lines(A, B), lines(A, B))
    assert (r.score("PRECISION"), r.score("RECALL"), r.score("F1")) == (1.0, 1.0, 1.0)
    assert r.score("FP") == r.score("FN") == 0


def test_fig3_missed_parallel_road_goes_unnoticed():
    # every hole of B is within 8.4 m (< 12.5) of a marble of A (and of A within 2.5 m):
    # many-to-one matching fills all 84 holes of each seed with the 40 marbles -> recall 1,
    # precision 1
    r = run(lines(A, B), lines(A), N_SEEDS=100, RADIUS=WHOLE)
    assert r.score("TP") == 84 * 100 and r.score("FN") == 0 and r.score("FP") == 0
    assert r.score("RECALL") == 1.0 and r.score("PRECISION") == 1.0
    # with the default radius (150 m, partial subgraphs) recall stays 1
    assert run(lines(A, B), lines(A)).score("RECALL") == 1.0


def test_far_spurious_road_is_never_sampled():
    # seeds are in the ground truth, the prediction subgraph starts on A and never reaches
    # the far road: every count is unchanged
    base = run(lines(A, B), lines(A))
    far = run(lines(A, B), lines(A, FAR))
    for k in ("PRECISION", "RECALL", "TP", "FP", "FN"):
        assert far.score(k) == base.score(k)
    assert far.score("PRECISION") == 1.0


def test_partial_prediction_exact_counts():
    # GT: 100 m road, 20 holes at 2.5 .. 97.5; prediction: its first 50 m, 10 marbles at
    # 2.5 .. 47.5.  A seed at x <= 62.5 has a prediction centre (<= 12.5 m away) and sees
    # the whole prediction: holes up to 47.5 + 12.5 = 60 -> 12 matched, 8 missed, every
    # marble matched.  A seed beyond 62.5 has no prediction subgraph: 20 missed.
    r = run(lines([(0, 0), (100, 0)]), lines([(0, 0), (50, 0)]), N_SEEDS=200, RADIUS=WHOLE)
    n_p = r.counts["seeds_with_prediction_centre"]
    assert 0.5 < n_p / 200 < 0.75  # P(x <= 62.5) = 0.625
    assert r.score("TP") == 12 * n_p
    assert r.score("FN") == 8 * n_p + 20 * (200 - n_p)
    assert r.score("FP") == 0 and r.score("PRECISION") == 1.0
    assert r.score("RECALL") == pytest.approx(12 * n_p / (20 * 200))
    # another seed, other draws
    r2 = run(lines([(0, 0), (100, 0)]), lines([(0, 0), (50, 0)]), N_SEEDS=200, RADIUS=WHOLE,
             SEED=1)
    assert r2.counts["seeds_with_prediction_centre"] != n_p


def test_empty_prediction():
    r = run(lines(A, B), lines())
    assert r.score("RECALL") == 0.0 and r.score("F1") == 0.0
    assert math.isnan(r.score("PRECISION"))
    assert r.score("FN") == r.counts["holes"] > 0
    assert any("PRECISION is undefined" in w for w in r.warnings)
    assert r.to_dict()["scores"]["PRECISION"] is None


def test_sinks_hold_each_point_once_per_outcome():
    r = run(lines(A, B), lines(A), N_SEEDS=10, RADIUS=WHOLE)
    m = r.layers["MATCHED"]
    src = np.array(m.columns["source"])
    assert (src == "ground_truth").sum() == 84 and (src == "prediction").sum() == 40
    assert set(m.columns["n_subgraphs"]) == {10}
    assert set(m.columns["seed_id"]) == {0}
    assert len(r.layers["UNMATCHED_GT"]) == 0 and len(r.layers["UNMATCHED_PRED"]) == 0
    md = np.array(m.columns["match_distance"], float)
    on_a = (m.coords[:, 1] == 0) & (src == "ground_truth")
    assert on_a.sum() == 40
    assert (md[on_a] <= 2.5).all()  # A's holes: their nearest marble on A (<= half a spacing)
    top = (m.coords[:, 1] == 8) & (src == "ground_truth")
    assert (md[top] >= 8).all()  # B's long side: A's marbles, 8 m below
    assert [f for f, _ in m.fields] == ["source", "seed_id", "n_subgraphs", "seed_distance",
                                        "match_distance", "heading"]


@pytest.mark.parametrize("bad", [{"RADIUS": 0.0}, {"SPACING": -1.0}, {"N_SEEDS": 0},
                                 {"MATCH_DISTANCE": -2.0}])
def test_bad_parameters_are_clear_errors(bad):
    with pytest.raises(ValueError, match=list(bad)[0]):
        run(lines(A), lines(A), **bad)


def test_empty_ground_truth_has_no_seed():
    # seeds are drawn in the ground truth only: nothing to count, every score NaN
    r = run(lines(), lines(A))
    assert all(math.isnan(r.score(k)) for k in ("PRECISION", "RECALL", "F1"))
    assert r.score("TP") == r.score("FP") == r.score("FN") == 0
    assert any("no seed" in w for w in r.warnings)


def test_without_layers_the_same_scores():
    # no per-point outcomes when the run discards the layers (diagnostics=False)
    from helpers import assert_same_without_layers
    from sample_data import CROP, crop, sample
    full = assert_same_without_layers(registry.get("subg"), crop(sample("ground_truth"), CROP),
                                      crop(sample("prediction"), CROP), {})
    assert set(full.layers) == {"MATCHED", "UNMATCHED_GT", "UNMATCHED_PRED"}
