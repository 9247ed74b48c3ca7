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

from .bootstrap import count_chunks, weighted_sums
from .compare import TIE_TOLERANCE, _ranks, tie_tolerance

# share of tied chips from which the sign test is used
SIGN_TEST_TIES = 0.25
# exact Wilcoxon distribution up to this many non-tied differences
EXACT_MAX = 50


def tolerance(*values) -> float:
    """The tie tolerance of one score over every method's values."""
    return tie_tolerance(np.concatenate([np.asarray(x, dtype=float).ravel() for x in values]))


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
    xt = np.ascontiguousarray(x.T)
    if n == 0 or resamples == 0:
        return np.full((k, k), np.nan)
    for w in count_chunks(n, resamples, seed):
        means = weighted_sums(w, xt) / n
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


# -- several runs of one benchmark ---------------------------------------------------

def align(runs: list) -> tuple[list, dict, list]:
    """(chip ids common to every run in the first run's order, {run name:
    ids it lacks that another run has}, warnings) of ``runs`` [(name,
    {chip id: {score: value}})]."""
    from ..text import msg
    sets = [set(r) for _, r in runs]
    common = set.intersection(*sets) if sets else set()
    union = set.union(*sets) if sets else set()
    ids = [i for i in runs[0][1] if i in common]
    missing = {name: sorted(union - set(r)) for name, r in runs if union - set(r)}
    warnings = []
    if missing:
        warnings.append(msg("{} chip(s) are not in every run and are left out of the paired "
                            "statistics: {}", len(union) - len(common),
                            "; ".join(f"{n} lacks {len(v)}" for n, v in missing.items())))
    return ids, missing, warnings


def _score_block(names, x, orientation, tol, kw) -> dict:
    """The statistics of one score, x (n common chips, k runs)."""
    from .bootstrap import mean_intervals
    k = len(names)
    means = mean_intervals(x, **kw)
    b, c = np.triu_indices(k, k=1)
    diffs = x[:, c] - x[:, b]
    dres = mean_intervals(diffs, **kw) if len(b) else None
    pairs = []
    for j, (i1, i2) in enumerate(zip(b, c)):
        t = paired_test(x[:, i1], x[:, i2], orientation, tol)
        d = float(dres["estimate"][j])
        pairs.append({"a": names[i1], "b": names[i2], "mean_difference": d,
                      "ci_low": float(dres["low"][j]), "ci_high": float(dres["high"][j]), **t})
    adj = holm([p["p"] for p in pairs])
    alpha = 1.0 - kw["level"]
    for p, a in zip(pairs, adj):
        p["p_holm"] = float(a)
        s = p["mean_difference"] * orientation
        p["better"] = (None if not (a < alpha) or abs(p["mean_difference"]) <= tol
                       else (p["b"] if s > 0 else p["a"]))
    out = {"methods": [{"method": n, "mean": float(means["estimate"][i]),
                        "ci_low": float(means["low"][i]), "ci_high": float(means["high"][i]),
                        "n": int(np.isfinite(x[:, i]).sum())} for i, n in enumerate(names)],
           "pairs": pairs, "notes": means["notes"] + (dres["notes"] if dres else [])}
    ranks = competition_ranks(orientation * means["estimate"], tol)
    out["ranking"] = [{"method": names[i], "rank": int(ranks[i])}
                      for i in np.lexsort((np.arange(k), ranks))]
    if k >= 3:
        full = np.isfinite(x).all(axis=1)
        probs = rank_probabilities(x[full], orientation, resamples=kw["resamples"],
                                   seed=kw["seed"])
        out["rank_probabilities"] = {n: [float(v) for v in probs[i]] for i, n in enumerate(names)}
        out["rank_chips"] = int(full.sum())
    return out


def compare_runs(runs: list, scores: list, *, level: float = 0.95, resamples: int = 10_000,
                 method: str = "bca", seed: int = 0) -> dict:
    """Paired comparison of two or more runs of one benchmark (see the
    module docstring).  ``runs``: [(name, {chip id: {score: value}})] (NaN
    or missing: undefined on that chip); ``scores``: [(score, orientation)]
    (+1 higher is better, -1 lower is better).  Returns ``methods``,
    ``chips`` (common, total, missing per run), ``scores`` (per score: each
    run's mean with its interval, ``ranking``, ``pairs`` with the mean
    difference b - a, its interval, wins / ties / losses of b, p-values and
    Holm-adjusted ``p_holm``, ``better``; with three runs or more
    ``rank_probabilities``), ``agreement`` between scores (Kendall's tau of
    their rankings, Equal-Sorting Ratio over the chips), ``settings`` and
    ``warnings``."""
    from ..text import msg
    from .bootstrap import check
    from .compare import equal_sorting_ratio
    check(level, resamples, method)
    names = [n for n, _ in runs]
    if len(runs) < 2:
        raise ValueError(msg("compare-runs needs at least two runs, got {}", len(runs)))
    if len(set(names)) != len(names):
        raise ValueError(msg("run names must be unique, got {}", names))
    ids, missing, warnings = align(runs)
    if len(ids) < 2:
        raise ValueError(msg("the runs have {} chip(s) in common: nothing to compare",
                             len(ids)))
    kw = {"level": float(level), "resamples": int(resamples), "method": method, "seed": int(seed)}
    blocks, oriented = {}, {}
    for score, orient in scores:
        x = np.array([[_number(r.get(i, {}).get(score)) for _, r in runs] for i in ids])
        tol = tolerance(x)
        blocks[score] = {"orientation": int(orient), **_score_block(names, x, orient, tol, kw)}
        oriented[score] = orient * x
        warnings += [msg("{}: {}", score, t) for t in blocks[score].pop("notes")]
    agreement = []
    keys = list(blocks)
    for i in range(len(keys)):
        for j in range(i + 1, len(keys)):
            m1 = [m["mean"] * blocks[keys[i]]["orientation"] for m in blocks[keys[i]]["methods"]]
            m2 = [m["mean"] * blocks[keys[j]]["orientation"] for m in blocks[keys[j]]["methods"]]
            esr, trip = equal_sorting_ratio(oriented[keys[i]], oriented[keys[j]])
            agreement.append({"a": keys[i], "b": keys[j], "kendall_tau": kendall_tau(m1, m2),
                              "esr": esr, "triplets": trip})
    return {"methods": names, "chips": {"common": len(ids), "missing": missing,
                                        "total": len(set().union(*[set(r) for _, r in runs]))},
            "scores": blocks, "agreement": agreement,
            "settings": {**kw, "sign_test_ties": SIGN_TEST_TIES, "exact_max": EXACT_MAX,
                         "tie_tolerance": TIE_TOLERANCE, "correction": "holm"},
            "warnings": warnings}


def _number(v) -> float:
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return float(v)
    return math.nan
