"""Paired comparison of methods on the same chips (core/analysis/paired.py):
Wilcoxon and sign-test p-values equal to scipy's, Holm's correction, wins /
ties / losses, rank probabilities and agreement between scores, by hand."""
import math

import numpy as np
import pytest
from scipy import stats

from core.analysis import paired as pa


def _scipy_wilcoxon(d, exact):
    if exact:
        return stats.wilcoxon(d, method="exact", correction=False).pvalue
    try:        # the normal approximation's name: 'asymptotic' since scipy 1.13
        return stats.wilcoxon(d, method="asymptotic", correction=False).pvalue
    except ValueError:
        return stats.wilcoxon(d, method="approx", correction=False).pvalue


@pytest.mark.parametrize("n", [4, 9, 23, 50])
def test_exact_wilcoxon_p_equals_scipys(n):
    rng = np.random.default_rng(n)
    d = rng.normal(0.3, 1.0, size=n)
    r = pa.wilcoxon(d)
    assert r["method"] == "exact" and r["n"] == n
    # both count the same sign patterns exactly (rational arithmetic here)
    assert r["p"] == pytest.approx(_scipy_wilcoxon(d, True), rel=1e-12)


@pytest.mark.parametrize("n", [51, 120, 400])
def test_normal_approximation_equals_scipys(n):
    rng = np.random.default_rng(n)
    d = rng.normal(0.1, 1.0, size=n)
    r = pa.wilcoxon(d)
    assert r["method"] == "approx"
    assert r["p"] == pytest.approx(_scipy_wilcoxon(d, False), rel=1e-9)


def test_tied_differences_use_the_tie_corrected_variance_and_drop_zeros():
    rng = np.random.default_rng(5)
    d = np.round(rng.normal(0.2, 1.0, size=40), 1)   # equal |d| and zeros
    r = pa.wilcoxon(d)
    assert r["method"] == "approx" and r["n"] == int((d != 0).sum())
    assert r["p"] == pytest.approx(_scipy_wilcoxon(d[d != 0], False), rel=1e-9)


def test_no_difference_gives_no_p_value():
    assert math.isnan(pa.wilcoxon([0.0, 0.0, 1e-15], tol=1e-9)["p"])
    assert math.isnan(pa.sign_test(0, 0))


@pytest.mark.parametrize("wins,losses", [(7, 2), (0, 5), (30, 30), (12, 40)])
def test_sign_test_equals_scipys_binomial_test(wins, losses):
    assert pa.sign_test(wins, losses) == pytest.approx(
        stats.binomtest(wins, wins + losses, 0.5).pvalue, rel=1e-12)


def test_holm_by_hand():
    adj = pa.holm([0.01, 0.04, 0.03, math.nan, 0.005])
    # sorted 0.005 0.01 0.03 0.04 times 4 3 2 1 = 0.02 0.03 0.06 0.04, running maximum
    assert adj[[4, 0, 2, 1]] == pytest.approx([0.02, 0.03, 0.06, 0.06])
    assert math.isnan(adj[3])
    assert pa.holm([0.6, 0.9]).tolist() == [1.0, 1.0]


def test_wins_ties_losses_follow_the_scores_direction_and_tolerance():
    a = np.array([0.5, 0.5, 0.5, 0.5, 0.5])
    b = np.array([0.6, 0.4, 0.5 + 1e-12, 0.5, 0.7])
    assert pa.wins_ties_losses(b - a, pa.tolerance(a, b), 1) == (2, 2, 1)
    # lower is better (a distance): the same differences are losses
    assert pa.wins_ties_losses(b - a, pa.tolerance(a, b), -1) == (1, 2, 2)


def test_paired_test_leaves_out_undefined_chips_and_picks_the_sign_test_for_ties():
    a = np.array([0.2, 0.3, 0.4, 0.5, np.nan, 0.6, 0.7, 0.8])
    b = np.array([0.3, 0.4, 0.6, 0.5, 0.9, 0.6, 0.7, 0.9])
    r = pa.paired_test(a, b)
    assert r["n"] == 7 and (r["wins"], r["ties"], r["losses"]) == (4, 3, 0)
    assert r["test"] == "sign" and r["p"] == r["p_sign"] == pytest.approx(0.125)
    c = np.array([0.31, 0.42, 0.63, 0.55, 0.9, 0.66, 0.77, 0.88])
    r = pa.paired_test(a, c)
    assert r["test"] == "wilcoxon" and r["p"] == r["p_wilcoxon"]


def test_rank_probabilities():
    rng = np.random.default_rng(0)
    base = rng.random(30)
    x = np.column_stack([base, base + 0.2, base + 0.1])       # method 1 always best
    p = pa.rank_probabilities(x, resamples=500, seed=0)
    assert p[:, 0].tolist() == [0.0, 1.0, 0.0] and p[0, 2] == 1.0
    assert p.sum(axis=1) == pytest.approx(np.ones(3))
    # lower is better: the order reverses
    assert pa.rank_probabilities(x, -1, resamples=500, seed=0)[0, 0] == 1.0
    close = np.column_stack([base, base + rng.normal(0, 0.05, 30)])
    q = pa.rank_probabilities(close, resamples=2000, seed=1)
    assert 0.0 < q[0, 0] < 1.0
    assert (q == pa.rank_probabilities(close, resamples=2000, seed=1)).all()


def test_kendall_tau_between_two_scores_rankings():
    assert pa.kendall_tau([0.1, 0.5, 0.9], [1, 2, 3]) == pytest.approx(1.0)
    assert pa.kendall_tau([0.1, 0.5, 0.9], [3, 2, 1]) == pytest.approx(-1.0)
    # values within the tie tolerance are ties, not an order
    assert math.isnan(pa.kendall_tau([0.5, 0.5 + 1e-13, 0.5], [1, 2, 3]))
