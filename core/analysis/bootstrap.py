"""Bootstrap confidence intervals for aggregates over chips or tiles.

A benchmark's number (the mean of a score over chips, or its pooled value
from the chips' summed counts) comes with an interval saying how far
another draw of chips of the same kind could move it.  Chips are resampled
whole, with replacement (B. Efron, R. Tibshirani, *An Introduction to the
Bootstrap*, 1993, ch. 6, 13 and 14):

* a resample is a vector of counts c (how often each of the n chips is
  drawn; sum n), drawn with ``numpy.random.default_rng(seed)``;
* mean of a score: sum_i c_i x_i / sum_i c_i over the chips where it is
  defined (NaN scores, after the empty-chip rule, are left out of every
  resample as they are of the point estimate);
* pooled value: the metric's pooled rule (``MetricSpec.pool``) applied to
  the resampled chips, i.e. to the sums sum_i c_i s_i of their pooling
  counts; scores are never averaged for it.  A rule that is a function of
  summed counts (APLS, TOPO, JUNCT ... : checked on the data, see
  ``_additive``) is evaluated once per resample on those sums; other rules
  (maxima, per-tile means of the protocol replays, AP) on the resampled
  list of chips, which is slower.

Intervals at level 1 - alpha (``level``):

* ``percentile``: the alpha/2 and 1 - alpha/2 quantiles of the B resampled
  values (linear interpolation, as ``numpy.percentile``; E&T sec. 13.3);
* ``bca`` (bias-corrected and accelerated; E&T sec. 14.3, eq. 14.9-14.15):
  the quantiles at

      a1 = Phi(z0 + (z0 + z_(alpha/2)) / (1 - a (z0 + z_(alpha/2))))
      a2 = Phi(z0 + (z0 + z_(1-alpha/2)) / (1 - a (z0 + z_(1-alpha/2))))

  with z0 = Phi^-1((#{theta*_b < theta_hat} + #{theta*_b = theta_hat} / 2) / B)
  (resamples within 1e-12 relative of the estimate are equal to it: ties
  are common with few chips, and a last-bit difference of the estimate
  must not move z0) and the acceleration from
  the jackknife values theta_(i) (chip i left out), m their mean:

      a = sum (m - theta_(i))^3 / (6 (sum (m - theta_(i))^2)^(3/2)).

  Where BCa is undefined (every resample on one side of the estimate, e.g.
  a score of 1 on every chip, or no spread in the jackknife values) the
  percentile interval is given and the score is named in ``notes``.

Degenerate cases: fewer than two chips with the score give NaN bounds; a
score equal on every chip gives [value, value].  Resamples in which no chip
defines a score are left out of its quantiles.

Determinism: the counts depend only on (n, resamples, seed); the sums are
matrix products (BLAS), whose last bits may differ between CPUs and with
the BLAS threads of a process (a QGIS process and a Python one on the same
machine), so bounds agree to about 1e-15 relative; the same within one run.
"""
from __future__ import annotations

import json
import math
from statistics import NormalDist
from typing import Callable, Iterator, Optional

import numpy as np

from ..result import MetricResult
from ..text import msg

LEVEL = 0.95
RESAMPLES = 10_000
METHODS = ("bca", "percentile")
METHOD = "bca"
SEED = 0
# resampled values this close (relative) to the estimate tie with it (BCa's z0)
TIE_TOLERANCE = 1e-12
# count matrices are made in chunks of about this many entries (float64: 32 MB)
_CHUNK = 4_000_000


def check(level: float, resamples: int, method: str) -> None:
    """ValueError with a sentence for settings no interval can be made with."""
    if not (isinstance(level, (int, float)) and 0.0 < float(level) < 1.0):
        raise ValueError(msg("the confidence level must lie strictly between 0 and 1 "
                             "(0.95 for 95 %), got {!r}", level))
    if not (isinstance(resamples, (int, np.integer)) and not isinstance(resamples, bool)
            and resamples >= 0):
        raise ValueError(msg("the number of resamples must be a whole number >= 0 (0: no "
                             "interval), got {!r}", resamples))
    if method not in METHODS:
        raise ValueError(msg("the interval method must be one of {}, not {!r}",
                             ", ".join(METHODS), method))


def count_chunks(n: int, resamples: int, seed: int) -> Iterator[np.ndarray]:
    """The resamples' count matrices, (k, n) float64 chunks whose rows sum to
    n; the same for the same (n, resamples, seed)."""
    rng = np.random.default_rng(int(seed))
    k = max(1, _CHUNK // max(n, 1))
    done = 0
    while done < resamples:
        b = min(k, resamples - done)
        idx = rng.integers(0, n, size=(b, n)) + (np.arange(b) * n)[:, None]
        yield np.bincount(idx.ravel(), minlength=b * n).reshape(b, n).astype(np.float64)
        done += b


def jackknife_chunks(n: int) -> Iterator[np.ndarray]:
    """Leave-one-out weights: row i is 1 everywhere but chip i."""
    k = max(1, _CHUNK // max(n, 1))
    for s in range(0, n, k):
        w = np.ones((min(k, n - s), n))
        w[np.arange(w.shape[0]), s + np.arange(w.shape[0])] = 0.0
        yield w


def _stack(statistic: Callable, chunks: Iterator[np.ndarray]) -> np.ndarray:
    return np.concatenate([np.asarray(statistic(w), dtype=float) for w in chunks], axis=0)


def intervals(statistic: Callable[[np.ndarray], np.ndarray], n: int, *, level: float = LEVEL,
              resamples: int = RESAMPLES, method: str = METHOD, seed: int = SEED,
              names: Optional[list] = None, estimate=None) -> dict:
    """Intervals of the m values ``statistic(weights)`` returns for a (k, n)
    matrix of chip weights as a (k, m) array.  Returns ``estimate`` (given,
    else the statistic with every weight 1), ``low``, ``high`` (arrays of
    m), ``notes`` (sentences, by ``names``) and the settings."""
    check(level, resamples, method)
    est = np.asarray(statistic(np.ones((1, n))) if estimate is None else [estimate],
                     dtype=float)[0]
    m = len(est)
    out = {"estimate": est, "low": np.full(m, np.nan), "high": np.full(m, np.nan), "notes": [],
           "level": float(level), "resamples": int(resamples), "method": method, "seed": int(seed)}
    if n < 2 or resamples == 0:
        if n < 2 and resamples:
            out["notes"].append(msg("fewer than two chips: no interval"))
        return out
    boot = _stack(statistic, count_chunks(n, resamples, seed))
    alpha = (1.0 - float(level)) / 2.0
    lo, hi = _percentile_bounds(boot, alpha)
    out["low"], out["high"] = lo, hi
    if method == "bca":
        jack = _stack(statistic, jackknife_chunks(n))
        for j in range(m):
            b = _bca(boot[:, j], jack[:, j], est[j], alpha)
            if b is None:
                if np.isfinite(est[j]) and np.isfinite(lo[j]) and lo[j] < hi[j]:
                    name = names[j] if names else str(j)
                    out["notes"].append(msg("{}: BCa is undefined here (every resample on one "
                                            "side of the estimate, or no jackknife spread); "
                                            "percentile interval given", name))
            else:
                out["low"][j], out["high"][j] = b
    for j in range(m):  # a score with no spread: [value, value]
        if np.isfinite(est[j]) and np.isfinite(lo[j]) and lo[j] == hi[j]:
            out["low"][j] = out["high"][j] = est[j]
    return out


def _percentile_bounds(boot: np.ndarray, alpha: float) -> tuple:
    lo = np.full(boot.shape[1], np.nan)
    hi = np.full(boot.shape[1], np.nan)
    for j in range(boot.shape[1]):
        v = boot[:, j][np.isfinite(boot[:, j])]
        if len(v):
            lo[j], hi[j] = np.percentile(v, [100 * alpha, 100 * (1 - alpha)])
    return lo, hi


def _bca(boot: np.ndarray, jack: np.ndarray, est: float, alpha: float) -> Optional[tuple]:
    """The BCa bounds of one value, or None where BCa is undefined."""
    boot = boot[np.isfinite(boot)]
    jack = jack[np.isfinite(jack)]
    if not math.isfinite(est) or len(boot) == 0 or len(jack) < 2:
        return None
    # resamples equal to the estimate (common with few chips or discrete
    # scores) count half, and "equal" allows floating-point noise: a last-bit
    # difference of the estimate (another summation order) must not move z0
    tol = TIE_TOLERANCE * max(1.0, abs(est))
    below = np.count_nonzero(boot < est - tol)
    ties = np.count_nonzero(np.abs(boot - est) <= tol)
    frac = (below + 0.5 * ties) / len(boot)
    if not 0.0 < frac < 1.0:
        return None
    nd = NormalDist()
    z0 = nd.inv_cdf(frac)
    d = jack.mean() - jack
    den = 6.0 * float((d ** 2).sum()) ** 1.5
    if den == 0.0:
        return None
    a = float((d ** 3).sum()) / den
    bounds = []
    for z in (nd.inv_cdf(alpha), nd.inv_cdf(1.0 - alpha)):
        q = nd.cdf(z0 + (z0 + z) / (1.0 - a * (z0 + z)))
        bounds.append(float(np.percentile(boot, 100.0 * q)))
    return tuple(bounds)


# -- the two aggregates ---------------------------------------------------------------

def weighted_sums(w: np.ndarray, xt: np.ndarray) -> np.ndarray:
    """``w @ xt.T`` for weights (k, n) and columns ``xt`` (m, n), summed by
    numpy's einsum: single-threaded, in a fixed order (a BLAS product's
    last bits change with its threads, so bounds would differ between
    processes)."""
    return np.einsum("kn,mn->km", w, xt, optimize=False)


def mean_statistic(values) -> Callable[[np.ndarray], np.ndarray]:
    """Weights (k, n) -> the weighted means (k, m) of ``values`` (n, m),
    NaN entries left out (NaN where a row of weights leaves no value)."""
    x = np.asarray(values, dtype=float)
    if x.ndim == 1:
        x = x[:, None]
    ok = np.isfinite(x)
    x0t = np.ascontiguousarray(np.where(ok, x, 0.0).T)
    okt = np.ascontiguousarray(ok.T.astype(float))

    def stat(w):
        with np.errstate(invalid="ignore", divide="ignore"):
            return weighted_sums(w, x0t) / weighted_sums(w, okt)
    return stat


def mean_intervals(values, **kw) -> dict:
    """:func:`intervals` of the mean of each column of ``values`` (n chips x
    m scores; NaN = undefined on that chip)."""
    x = np.asarray(values, dtype=float)
    if x.ndim == 1:
        x = x[:, None]
    return intervals(mean_statistic(x), x.shape[0], estimate=exact_means(x), **kw)


def exact_means(x: np.ndarray) -> np.ndarray:
    """Column means over the finite values, summed exactly (math.fsum, as
    the batch summary's mean), NaN for a column without one."""
    out = []
    for col in x.T:
        v = col[np.isfinite(col)]
        out.append(math.fsum(v.tolist()) / len(v) if len(v) else math.nan)
    return np.array(out, dtype=float)


def _plain(v):
    return json.dumps(v, sort_keys=True, default=str)


def _additive(spec, stats: list, outputs: list) -> Optional[tuple]:
    """(numeric keys, their (n, k) matrix, the constant entries) when the
    pooling counts are numbers summed by the pooled rule, else None.  A rule
    is taken to be additive when every non-numeric entry is the same on
    every chip and the rule gives the same scores on the chips and on one
    chip holding their sums, unweighted and with a fixed set of weights."""
    if not stats:
        return None
    keys = sorted({k for s in stats for k in s})
    num, const = [], {}
    for k in keys:
        vals = [s.get(k) for s in stats]
        given = [v for v in vals if v is not None]
        # a count a chip lacks is 0 (core.pooling.sums), checked below like the rest
        if given and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in given):
            num.append(k)
        elif len({_plain(v) for v in vals}) == 1:
            const[k] = vals[0]
        else:
            return None
    mat = np.array([[float(s[k]) if s.get(k) is not None else 0.0 for k in num] for s in stats],
                   dtype=float).reshape(len(stats), len(num))
    weights = np.arange(len(stats)) % 3
    weights[0] = 1
    for w in (np.ones(len(stats), dtype=np.int64), weights):
        listed = [s for s, c in zip(stats, w) for _ in range(int(c))]
        a = _pool(spec, listed, outputs)
        b = _pool(spec, [{**const, **dict(zip(num, weighted_sums(w.astype(float)[None, :],
                                                                mat.T)[0]))}], outputs)
        if not np.allclose(a, b, rtol=1e-9, atol=1e-12, equal_nan=True):
            return None
    return num, mat, const


def _pool(spec, stats: list, outputs: list) -> np.ndarray:
    # the counts are given as both scores and pool_stats: JUNCT and OPT-J pool
    # their count outputs (their pool_stats are empty), the others their pool_stats
    rs = [MetricResult(spec.id, s, pool_stats=s) for s in stats]
    out = spec.clip_scores(dict(spec.pool(rs))) if rs else {}
    return np.array([float(out.get(o, math.nan)) if out.get(o) is not None else math.nan
                     for o in outputs], dtype=float)


def pooled_statistic(spec, stats: list, outputs: list) -> tuple[Callable[[np.ndarray], np.ndarray],
                                                                    bool]:
    """(weights (k, n) -> the pooled ``outputs`` of ``spec`` (k, m) over chips
    with pooling counts ``stats`` (one dict per chip), each chip counted as
    often as its weight; whether the rule is a function of summed counts)."""
    add = _additive(spec, stats, outputs)
    if add is not None:
        num, mat, const = add
        matt = np.ascontiguousarray(mat.T)

        def stat(w):
            sums = weighted_sums(w, matt)
            return np.array([_pool(spec, [{**const, **dict(zip(num, row))}], outputs)
                             for row in sums]).reshape(len(w), len(outputs))
        return stat, True

    def slow(w):
        rows = []
        for c in w:
            listed = [s for s, k in zip(stats, c) for _ in range(int(k))]
            rows.append(_pool(spec, listed, outputs))
        return np.array(rows).reshape(len(w), len(outputs))
    return slow, False


# a pooled rule that is not a function of summed counts is run on every
# resampled list of chips: at most this many chips in all (a few seconds)
SLOW_BUDGET = 100_000
SLOW_MIN_RESAMPLES = 1000


def pooled_intervals(spec, stats: list, outputs: list, **kw) -> dict:
    """:func:`intervals` of the pooled value of ``outputs`` over chips whose
    pooling counts are ``stats``.  A rule that is not a function of summed
    counts is bootstrapped with at most SLOW_BUDGET chips in all (fewer
    resamples, said in ``notes``), and not at all when that leaves fewer
    than SLOW_MIN_RESAMPLES."""
    stat, fast = pooled_statistic(spec, stats, outputs)
    n = len(stats)
    kw = dict(kw, estimate=_pool(spec, stats, outputs))
    b = int(kw.get("resamples", RESAMPLES))
    if not fast and b * n + n * n > SLOW_BUDGET:
        fit = max(0, (SLOW_BUDGET - n * n) // max(n, 1))
        kw = dict(kw, resamples=fit if fit >= min(SLOW_MIN_RESAMPLES, b) else 0)
        out = intervals(stat, n, names=outputs, **kw)
        if kw["resamples"]:
            out["notes"].append(msg("{}'s pooled rule is not a sum of counts: its pooled "
                                    "intervals use {} resamples, not {}", spec.id,
                                    kw["resamples"], b))
        else:
            out["notes"].append(msg("{}'s pooled rule is not a sum of counts: no pooled "
                                    "interval over {} chips (the interval of the mean is "
                                    "given)", spec.id, n))
        return out
    return intervals(stat, n, names=outputs, **kw)


def settings(result: dict) -> dict:
    """The settings an interval was made with, for a record."""
    return {k: result[k] for k in ("method", "level", "resamples", "seed")}


def is_count(output) -> bool:
    """A count output (TP, FP ...): no perfect value, no upper bound."""
    return output.perfect is None and output.bounds is not None and output.bounds[1] is None


def table(spec, values: dict, stats: Optional[list], *, level: float = LEVEL,
          resamples: int = RESAMPLES, method: str = METHOD, seed: int = SEED) -> dict:
    """The intervals of one metric's aggregate over chips: ``values``
    {score: values per chip (NaN: undefined there)}, ``stats``: the chips'
    pooling counts (None or [] when the metric does not pool).  Returns
    ``scores`` {score: {mean, ci_low, ci_high, n[, pooled, pooled_ci_low,
    pooled_ci_high]}} (pooled for the outputs that are not counts),
    ``settings`` (method, level, resamples, seed, chips) and ``notes``."""
    names = list(values)
    n = len(next(iter(values.values()))) if names else 0
    x = np.array([np.asarray(values[k], dtype=float) for k in names]).T.reshape(n, len(names))
    kw = dict(level=level, resamples=resamples, method=method, seed=seed)
    res = intervals(mean_statistic(x), n, names=names, estimate=exact_means(x), **kw)
    out = {k: {"mean": float(res["estimate"][j]), "ci_low": float(res["low"][j]),
               "ci_high": float(res["high"][j]), "n": int(np.isfinite(x[:, j]).sum())}
           for j, k in enumerate(names)}
    notes = list(res["notes"])
    if stats and spec.pool is not None:
        pooled_names = [o.name for o in spec.outputs if not is_count(o)]
        pres = pooled_intervals(spec, stats, pooled_names, **kw)
        notes += pres["notes"]
        for j, k in enumerate(pooled_names):
            out.setdefault(k, {"mean": math.nan, "ci_low": math.nan, "ci_high": math.nan, "n": 0})
            out[k].update(pooled=float(pres["estimate"][j]), pooled_ci_low=float(pres["low"][j]),
                          pooled_ci_high=float(pres["high"][j]), pooled_n=len(stats),
                          pooled_resamples=pres["resamples"])
    return {"scores": out, "settings": {**settings(res), "chips": n}, "notes": notes}


def text(value: float, low: float, high: float, digits: int = 4) -> str:
    """``0.678 [0.651, 0.704]``; the value alone when there is no interval."""
    if value is None or not math.isfinite(value):
        return "nan"
    v = f"{value:#.{digits}g}"
    if low is None or high is None or not (math.isfinite(low) and math.isfinite(high)):
        return v
    return f"{v} [{low:#.{digits}g}, {high:#.{digits}g}]"
