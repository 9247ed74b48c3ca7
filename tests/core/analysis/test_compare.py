"""Comparing methods: Equal-Sorting Ratio and Sorting Margin exactly as in
Lopez-Molina et al. (eq. 8-12), correlations, rankings, and compare() end to
end on small networks."""
import math

import numpy as np
import pytest

from core.analysis.compare import (
    compare,
    correlations,
    equal_sorting_ratio,
    rank_methods,
    sorting_margins,
)
from core.analysis.perturb import perturb
from core.network.lineset import LineSet

STEPS = np.array([0.0, 100, 200, 300])
GRID = ([np.column_stack([STEPS, np.full(4, y)]) for y in STEPS]
        + [np.column_stack([np.full(4, x), STEPS]) for x in STEPS])


def test_esr_is_one_for_measures_that_always_agree():
    rng = np.random.default_rng(0)
    q = rng.uniform(size=(7, 5))            # 7 references, 5 methods
    esr, n = equal_sorting_ratio(q, q)
    assert esr == 1.0 and n == 7 * 5 * 4    # ordered triplets (A, B, C), B != C
    assert equal_sorting_ratio(q, np.exp(3 * q) - 2)[0] == 1.0   # any increasing transform
    assert (sorting_margins(q, q) > 0).all()


def test_esr_is_zero_for_a_measure_and_its_negative():
    rng = np.random.default_rng(1)
    q = rng.uniform(size=(4, 6))
    assert equal_sorting_ratio(q, -q)[0] == 0.0
    assert (sorting_margins(q, -q) < 0).all()


def test_esr_and_sorting_margin_hand_checked():
    # one reference, three methods:
    #   pair (0, 1): q1 diff +0.4, q2 diff +0.2 -> agree, a = 0.08
    #   pair (0, 2): q1 diff +0.2, q2 diff +0.4 -> agree, a = 0.08
    #   pair (1, 2): q1 diff -0.2, q2 diff +0.2 -> missorted, a = -0.04
    q1 = np.array([[0.9, 0.5, 0.7]])
    q2 = np.array([[0.8, 0.6, 0.4]])
    esr, n = equal_sorting_ratio(q1, q2)
    assert n == 6 and esr == pytest.approx(4 / 6)
    sm = sorting_margins(q1, q2)
    assert sm == pytest.approx([math.sqrt(0.08), math.sqrt(0.08), -0.2])


def test_ties_count_as_in_the_ordered_triplet_definition():
    # q1 ties B and C, q2 prefers B: of the ordered triplets (A, B, C) and
    # (A, C, B), "q1(B) > q1(C) iff q2(B) > q2(C)" holds only for the second
    assert equal_sorting_ratio([[0.5, 0.5]], [[0.6, 0.4]]) == (0.5, 2)
    assert equal_sorting_ratio([[0.5, 0.5]], [[0.3, 0.3]]) == (1.0, 2)
    assert sorting_margins([[0.5, 0.5]], [[0.6, 0.4]]) == pytest.approx([0.0])


def test_nan_triplets_are_left_out():
    q1 = np.array([[0.9, np.nan, 0.7]])
    q2 = np.array([[0.8, 0.6, 0.4]])
    assert equal_sorting_ratio(q1, q2) == (1.0, 2)
    assert math.isnan(equal_sorting_ratio([[np.nan, 1.0]], [[0.0, 1.0]])[0])


def test_correlations_hand_checked():
    x = [1.0, 2.0, 3.0, 4.0]
    y = [2.0, 4.0, 5.0, 4.0]
    # Pearson: cov = (-1.5*-1.75 + -0.5*0.25 + 0.5*1.25 + 1.5*0.25) / ... = 3.5 / 3
    # sd_x = sqrt(5 / 3), sd_y = sqrt(4.75 / 3): r = 3.5 / sqrt(5 * 4.75)
    p, s, n = correlations(x, y)
    assert p == pytest.approx(3.5 / math.sqrt(5 * 4.75))
    # Spearman: ranks of y = [1, 2.5, 4, 2.5]: r = corr([1,2,3,4], [1,2.5,4,2.5])
    ry = np.array([1, 2.5, 4, 2.5])
    assert s == pytest.approx(np.corrcoef([1, 2, 3, 4], ry)[0, 1])
    assert n == 4
    assert all(math.isnan(v) for v in correlations([1, 2], [3, 4])[:2])
    assert all(math.isnan(v) for v in correlations([1, 1, 1], [3, 4, 5])[:2])
    assert correlations([1, np.nan, 2, 3], [2, 7, 4, 6])[2] == 3


def test_rank_methods_ties_and_nan():
    assert rank_methods([0.5, 0.9, 0.5, np.nan]).tolist() == [2, 1, 2, 4]


def test_compare_ranks_a_perfect_method_first_and_orients_scores():
    gt = LineSet([g.copy() for g in GRID])
    broken = perturb(gt, "interruptions", 4, seed=0).prediction
    spurious = perturb(gt, "doubled_roads", 3, seed=0).prediction
    c = compare(gt, [("broken", broken), ("perfect", gt), ("doubled", spurious)],
                metrics=["apls", "optj"], scores="all")
    keys = [k[2] for k in c.keys]
    assert "APLS" in keys and "OPTJ_F1" in keys
    for k in ("APLS", "OPTJ_F1", "OPTJ_PRECISION", "OPTJ_RECALL"):
        rank = {m: (r, v) for r, m, v in c.ranking(k)}
        assert rank["perfect"] == (1, pytest.approx(1.0))   # ties share rank 1
    # hand-checked OPT-J: the grid's 12 junctions have degrees 4 x 4 + 8 x 3 = 40.
    # 4 interruptions: 8 dead ends (o = 1) matched to ground-truth road points
    # (o = 2): TP = 40 + 8, PP = 40 + 8, AP = 40 + 16 -> recall 48 / 56.
    # 3 doubled roads: 6 junctions of degree 3 on ground-truth road points:
    # TP = 40 + 12, PP = 40 + 18, AP = 40 + 12 -> precision 52 / 58.
    assert c.overall["OPTJ_RECALL"].tolist() == pytest.approx([48 / 56, 1, 1])
    assert c.overall["OPTJ_PRECISION"].tolist() == pytest.approx([1, 1, 52 / 58])
    assert c.overall["OPTJ_F1"][2] == pytest.approx(104 / 110)
    assert [m for _, m, _ in c.ranking("OPTJ_F1")] == ["perfect", "doubled", "broken"]
    assert [m for _, m, _ in c.ranking("APLS")] == ["perfect", "doubled", "broken"]
    assert c.references == ["all"] and c.values["APLS"].shape == (1, 3)
    d = c.to_dict()
    assert d["methods"] == ["broken", "perfect", "doubled"] and len(d["pairs"]) == len(keys) * (len(keys) - 1) // 2


def test_lower_is_better_scores_are_negated():
    from core.analysis.scoring import score_keys
    keys = {k[2]: k[3] for k in score_keys(["tlts", "junct"], "all")}
    assert keys["TLTS_CORRECT"] == 1 and keys["TLTS_TOO_LONG"] == -1
    assert keys["JUNCT_F_ERROR"] == -1 and "JUNCT_N_CORRECT" not in keys
    assert [k[2] for k in score_keys(["tlts", "junct", "apls"])] == ["TLTS_CORRECT", "JUNCT_F1", "APLS"]


def test_compare_with_tiles_uses_each_tile_as_a_reference():
    gt = LineSet([g.copy() for g in GRID] + [g + (1000, 0) for g in GRID])
    a = perturb(gt, "interruptions", 6, seed=1).prediction
    b = perturb(gt, "overconnections", 4, seed=1, params={"DETOUR_FACTOR": 1.5}).prediction
    tiles = [(0, (-50, -50, 350, 350)), (1, (950, -50, 1350, 350)), (2, (2000, 0, 2100, 100))]
    c = compare(gt, [("a", a), ("b", b), ("gt", gt)], ["apls", "optj"], tiles=tiles)
    assert c.references == [0, 1]          # the tile without ground truth is no reference
    assert c.values["APLS"].shape == (2, 3)
    p = c.pairs()[0]
    assert p["triplets"] == 2 * 3 * 2 and p["n"] == 6
    assert 0.0 <= p["esr"] <= 1.0


def test_compare_needs_two_methods_with_distinct_names():
    gt = LineSet([g.copy() for g in GRID])
    with pytest.raises(ValueError, match="at least two"):
        compare(gt, [("a", gt)], ["apls"])
    with pytest.raises(ValueError, match="unique"):
        compare(gt, [("a", gt), ("a", gt)], ["apls"])


def test_report_is_self_contained():
    from core.reports.tool_reports import compare_report
    gt = LineSet([g.copy() for g in GRID])
    c = compare(gt, [("a", perturb(gt, "interruptions", 2, seed=0).prediction), ("b", gt)],
                ["apls", "optj"])
    html = compare_report("t", {"k": "v"}, c)
    assert "<script" not in html and "Pairwise preferences" in html and "a  vs  b" in html
    assert "only 2 ordered triplets" in html      # the coarse-ESR warning


def test_float_noise_is_a_tie_not_a_ranking():
    # issue 17: APLS 0.6785 and 0.6785 + 8e-13 ranked 1 and 3, Pearson -0.9999998
    a = 0.6784983685769578
    assert rank_methods([a, a + 8e-13, a - 8e-13]).tolist() == [1, 1, 1]
    assert rank_methods([a, a + 8e-13, 0.5]).tolist() == [1, 1, 3]
    assert rank_methods([0.5, np.nan, 0.5 + 1e-6]).tolist() == [2, 3, 1]
    # noise in both scores: no correlation, not -1
    x = [a, a + 8e-13, a - 3e-13]
    y = [0.9, 0.9 - 5e-13, 0.9 + 2e-13]
    p, s, n = correlations(x, y)
    assert math.isnan(p) and math.isnan(s) and n == 3
    # a real spread with noise ties: the noise ties share their rank
    p, s, n = correlations([0.1, 0.5, 0.5 + 1e-13, 0.9], [1.0, 2.0, 2.0, 3.0])
    assert s == pytest.approx(1.0)
    assert -1.0 <= p <= 1.0
    # and equal-sorting: a noise difference is a tie
    assert equal_sorting_ratio([[a, a + 8e-13]], [[0.3, 0.3]]) == (1.0, 2)
