"""Paired comparison of methods scored on the same chips.

For two methods A and B with one score per chip (rows of a benchmark), the
differences d_i = B_i - A_i over the chips where both are defined give:

* the mean paired difference with a paired-bootstrap interval (chips
  resampled whole: core.analysis.bootstrap on d);
* wins / ties / losses: chips where B is better / equal / worse than A in
  the score's direction (core.analysis.scoring.orientation); equal means
  |d| <= the tie tolerance compare uses (core.analysis.compare:
  TIE_TOLERANCE x max(1, largest |value| of the score));
* a paired test of "no difference":
  - Wilcoxon signed-rank (F. Wilcoxon, Biometrics Bulletin 1945), ties
    (|d| within the tolerance) dropped first (Wilcoxon's zero rule), average
    ranks for equal |d|; the exact null distribution (all 2^n sign
    patterns, counted by dynamic programming) when n <= 50 and no |d| are
    equal, else the normal approximation with the tie correction of the
    variance, n(n+1)(2n+1)/24 - sum(t^3 - t)/48, without continuity
    correction; two-sided p = min(1, 2 min(P(W+ <= w), P(W+ >= w)));
  - the sign test when at least a quarter of the chips are ties (scores
    such as APLS, often 0 or 1 for both methods, leave too few differences
    for ranks to mean much): wins against losses under Binomial(n, 1/2),
    two-sided p = min(1, 2 P(X <= min(wins, losses))), exact.
  ``test`` names the test used; both p-values are reported.
* Holm's step-down correction (S. Holm, Scand. J. Statist. 1979) over the
  pairs of methods compared on one score: with the m p-values sorted
  p_(1) <= ... <= p_(m), p_adj(j) = max over i <= j of min(1, (m - i + 1) p_(i)).

For three or more methods, the bootstrap distribution of ranks: in each
resample of the chips present for every method, the methods' means are
ranked (competition ranks, best first, ties within the tolerance sharing
the better rank) and ``rank_probabilities`` counts how often each method
takes each rank (first place: column 0).  Kendall's tau-b between two
scores' rankings of the methods, and their Equal-Sorting Ratio over the
chips as references (core.analysis.compare), say whether the scores agree.
"""
from __future__ import annotations

import math
from fractions import Fraction
from statistics import NormalDist
from typing import Optional

import numpy as np

from .bootstrap import count_chunks
from .compare import TIE_TOLERANCE, _ranks

# share of tied chips from which the sign test is used
SIGN_TEST_TIES = 0.25
# exact Wilcoxon distribution up to this many non-tied differences
EXACT_MAX = 50


def tolerance(*values) -> float:
    """The tie tolerance of one score over every method's values."""
    v = np.abs(np.concatenate([np.asarray(x, dtype=float).ravel() for x in values]))
    v = v[np.isfinite(v)]
    return TIE_TOLERANCE * max(1.0, float(v.max()) if len(v) else 0.0)


def wins_ties_losses(d, tol: float, orientation: int = 1) -> tuple[int, int, int]:
    """Chips where the second method is better / equal / worse, from the
    differences ``d`` (second - first) of a score oriented by ``orientation``."""
    d = np.asarray(d, dtype=float) * (orientation or 1)
    return (int(np.count_nonzero(d > tol)), int(np.count_nonzero(np.abs(d) <= tol)),
            int(np.count_nonzero(d < -tol)))


def _signed_rank_counts(n: int) -> np.ndarray:
    """Number of sign patterns of ranks 1..n with each W+ (0 .. n(n+1)/2)."""
    c = np.zeros(n * (n + 1) // 2 + 1, dtype=object)
    c[0] = 1
    top = 0
    for r in range(1, n + 1):
        c[r:top + r + 1] = c[r:top + r + 1] + c[:top + 1]
        top += r
    return c


def wilcoxon(d, tol: float = 0.0) -> dict:
    """Two-sided Wilcoxon signed-rank test of differences ``d`` (|d| <= tol
    dropped): ``statistic`` (W+), ``n`` (differences used), ``p`` and
    ``method`` ('exact' or 'approx')."""
    from scipy.stats import rankdata
    d = np.asarray(d, dtype=float)
    d = d[np.isfinite(d) & (np.abs(d) > tol)]
    n = len(d)
    if n == 0:
        return {"statistic": math.nan, "n": 0, "p": math.nan, "method": None}
    r = rankdata(np.abs(d))
    w = float(r[d > 0].sum())
    _, t = np.unique(r, return_counts=True)
    if n <= EXACT_MAX and (t == 1).all():
        c = _signed_rank_counts(n)
        total = 2 ** n
        wi = int(round(w))
        lo, hi = Fraction(int(c[:wi + 1].sum()), total), Fraction(int(c[wi:].sum()), total)
        return {"statistic": w, "n": n, "p": float(min(Fraction(1), 2 * min(lo, hi))),
                "method": "exact"}
    mean = n * (n + 1) / 4.0
    var = n * (n + 1) * (2 * n + 1) / 24.0 - float((t ** 3 - t).sum()) / 48.0
    if var <= 0:
        return {"statistic": w, "n": n, "p": 1.0, "method": "approx"}
    z = (w - mean) / math.sqrt(var)
    return {"statistic": w, "n": n, "p": min(1.0, 2.0 * NormalDist().cdf(-abs(z))),
            "method": "approx"}


def sign_test(wins: int, losses: int) -> float:
    """Two-sided exact sign test of ``wins`` against ``losses`` (ties out)."""
    n = wins + losses
    if n == 0:
        return math.nan
    k = min(wins, losses)
    tail = Fraction(sum(math.comb(n, i) for i in range(k + 1)), 2 ** n)
    return float(min(Fraction(1), 2 * tail))


def holm(pvalues) -> np.ndarray:
    """Holm-adjusted p-values (NaN kept, and not counted in m)."""
    p = np.asarray(pvalues, dtype=float)
    out = np.full(len(p), np.nan)
    ok = np.flatnonzero(np.isfinite(p))
    m = len(ok)
    if m == 0:
        return out
    order = ok[np.argsort(p[ok], kind="stable")]
    adj = np.minimum(1.0, (m - np.arange(m)) * p[order])
    out[order] = np.maximum.accumulate(adj)
    return out


def paired_test(a, b, orientation: int = 1, tol: Optional[float] = None) -> dict:
    """The paired statistics of one score of methods ``a`` and ``b`` (values
    per chip, NaN where undefined; chips where either is NaN left out):
    ``n``, ``wins`` / ``ties`` / ``losses`` (of b against a), the Wilcoxon
    and sign-test p-values, ``test`` and ``p`` (the one used)."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    ok = np.isfinite(a) & np.isfinite(b)
    tol = tolerance(a, b) if tol is None else tol
    d = b[ok] - a[ok]
    w, t, l_ = wins_ties_losses(d, tol, orientation)
    wil = wilcoxon(d, tol)
    sign = sign_test(w, l_)
    n = int(ok.sum())
    test = "sign" if n and t >= SIGN_TEST_TIES * n else "wilcoxon"
    return {"n": n, "wins": w, "ties": t, "losses": l_, "p_wilcoxon": wil["p"],
            "wilcoxon_method": wil["method"], "p_sign": sign, "test": test,
            "p": sign if test == "sign" else wil["p"], "tolerance": tol}


def competition_ranks(values, tol: float) -> np.ndarray:
    """Ranks (1 = best) along the last axis of oriented ``values`` (higher
    is better): 1 + the number of methods better by more than ``tol``; NaN
    last."""
    v = np.asarray(values, dtype=float)
    key = np.where(np.isnan(v), -np.inf, v)
    better = key[..., None, :] > key[..., :, None] + tol
    better |= np.isnan(v)[..., :, None] & ~np.isnan(v)[..., None, :]
    return 1 + better.sum(axis=-1)


def rank_probabilities(values, orientation: int = 1, *, resamples: int = 10_000,
                       seed: int = 0) -> np.ndarray:
    """(k methods, k ranks) share of resamples of the chips (rows of
    ``values``, n x k, every method defined) in which each method takes each
    rank; column 0 is how often it is first.  Each resample gives each
    method one rank (ties share the better one), so every row sums to 1."""
    x = np.asarray(values, dtype=float) * (orientation or 1)
    n, k = x.shape
    tol = tolerance(x)
    counts = np.zeros((k, k))
    if n == 0 or resamples == 0:
        return np.full((k, k), np.nan)
    for w in count_chunks(n, resamples, seed):
        means = (w @ x) / n
        r = competition_ranks(means, tol)
        for j in range(k):
            counts[j] += np.bincount(r[:, j] - 1, minlength=k)[:k]
    return counts / resamples


def kendall_tau(x, y) -> float:
    """Kendall's tau-b between two orderings of the same methods (oriented
    values; NaN when fewer than two methods or a constant score)."""
    from scipy.stats import kendalltau
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    ok = np.isfinite(x) & np.isfinite(y)
    if ok.sum() < 2:
        return math.nan
    # values within the tie tolerance are ties (floating-point noise never orders)
    rx, ry = _ranks(x[ok], tolerance(x[ok])), _ranks(y[ok], tolerance(y[ok]))
    if np.ptp(rx) == 0 or np.ptp(ry) == 0:
        return math.nan
    return float(kendalltau(rx, ry)[0])
