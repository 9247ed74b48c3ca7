"""Compare methods: scores of several predictions against one ground truth,
their ranking by each metric, and how consistently the metrics rank them.

References: L. Citraro, M. Kozinski, P. Fua, ECCV 2020, sec. 4.2 (Fig. 6:
pairwise preference; Fig. 8: correlations between metrics); C. Lopez-Molina
et al., "A survey on matching strategies for boundary image comparison and
evaluation", Pattern Recognition 2017, sec. 3.2-3.3 (eq. 8-12: Equal-Sorting
Ratio and Sorting Margin).

*References and samples.*  Each tile (or the whole extent when there are no
tiles) is one reference A; every (A, method) gives one sample of every
score.  Scores are *oriented* before any comparison (core.analysis.scoring:
scores where lower is better are negated), so that q(A, B) > q(A, C) always
means "B is closer to A than C".

*Equal-Sorting Ratio* of two scores q1, q2 over the triplets R = {(A, B, C):
A a reference, B != C two methods}, ordered as in the survey:

    ESR(q1, q2) = |G| / |R|,
    G = {(A, B, C) in R : q1(A, B) > q1(A, C)  <=>  q2(A, B) > q2(A, C)}

Each unordered pair {B, C} gives two ordered triplets; both agree when the
two scores order B and C the same way (or both tie), neither when they
order them oppositely, and exactly one when only one score ties.  Triplets
with a NaN score are left out.

*Sorting Margin* of a triplet:

    SM(A, B, C) = sign(a) sqrt(|a|),
    a = (q1(A, B) - q1(A, C)) (q2(A, B) - q2(A, C))

positive when the two scores sort B and C alike, negative when they
missort them, small in magnitude when the disagreement is marginal.  It is
symmetric in B and C, so one value per unordered pair is reported.

*Correlations* between two scores over all (reference, method) samples
(pairwise complete): Pearson on the values, Spearman on their ranks (ties
get the average rank).  NaN (with a warning) when fewer than three samples
or a constant score.

*Ranking* of the methods by each score: on the whole-extent (or aggregated
over tiles) values, best first, ties share the better rank, NaN last.

*Intervals* (with tiles): each method's overall value of each score comes
with the bootstrap confidence interval of its aggregate over the tiles
(core.analysis.tiles.add_intervals: tiles resampled whole, pooled values
recomputed from the resampled sums; the same tiles, SEED and settings for
every method).  Two methods one of whose values lies inside the other's
interval are not ranked apart by that score with confidence
(Comparison.overlapping): compare them paired, tile by tile.

*Ties.*  Two values of one score closer than ``TIE_TOLERANCE`` x max(1,
largest |value| of that score) are equal everywhere above (rankings, the
ESR's and Sorting Margin's differences, Spearman's ranks): floating-point
noise (e.g. 8e-13 between two runs summing in another order) never orders
methods.  A score whose values all lie within that tolerance is constant:
its correlations are NaN, with a warning.
"""
from __future__ import annotations

from typing import Optional

import math

import numpy as np

from .. import registry
from ..progress import NO_PROGRESS
from ..network.lineset import LineSet
from ..progress import Progress
from .evaluate import evaluate
from ..executor import run_tasks
from .scoring import score_keys
from .tiles import evaluate_tiles
from ..text import msg


# relative tolerance below which two values of a score are a tie
TIE_TOLERANCE = 1e-9


def tie_tolerance(values) -> float:
    """Absolute tie tolerance of one score's values: TIE_TOLERANCE x
    max(1, largest finite |value|)."""
    v = np.abs(np.asarray(values, dtype=float))
    v = v[np.isfinite(v)]
    return TIE_TOLERANCE * max(1.0, float(v.max()) if len(v) else 0.0)


# -- ranking consistency -----------------------------------------------------

def _pair_diffs(q):
    """For values q (n_refs, n_methods): differences q[:, b] - q[:, c] over
    every pair b < c, shape (n_refs, n_pairs); differences within the tie
    tolerance are 0."""
    q = np.asarray(q, dtype=float)
    b, c = np.triu_indices(q.shape[1], k=1)
    d = q[:, b] - q[:, c]
    return np.where(np.abs(d) <= tie_tolerance(q), 0.0, d)


def equal_sorting_ratio(q1, q2) -> tuple[float, int]:
    """(ESR, number of ordered triplets used).  q1, q2: (n_refs, n_methods)
    arrays of oriented scores; NaN triplets are left out.  ESR is NaN when
    no triplet is left."""
    d1, d2 = _pair_diffs(q1).ravel(), _pair_diffs(q2).ravel()
    ok = ~(np.isnan(d1) | np.isnan(d2))
    d1, d2 = d1[ok], d2[ok]
    if len(d1) == 0:
        return math.nan, 0
    agree = ((d1 > 0) == (d2 > 0)).astype(int) + ((d1 < 0) == (d2 < 0)).astype(int)
    return float(agree.sum()) / (2 * len(d1)), 2 * len(d1)


def sorting_margins(q1, q2) -> np.ndarray:
    """Sorting Margin of every (reference, unordered method pair) with both
    scores defined."""
    d1, d2 = _pair_diffs(q1).ravel(), _pair_diffs(q2).ravel()
    a = d1 * d2
    a = a[~np.isnan(a)]
    return np.sign(a) * np.sqrt(np.abs(a))


def _ranks(x, tol=0.0):
    """Average ranks (1 = smallest), as scipy.stats.rankdata, values within
    ``tol`` of their sorted neighbour being ties."""
    from scipy.stats import rankdata
    x = np.asarray(x, dtype=float)
    if tol <= 0 or len(x) < 2:
        return rankdata(x)
    order = np.argsort(x, kind="stable")
    group = np.r_[0, np.cumsum(np.diff(x[order]) > tol)]
    g = np.empty(len(x), dtype=np.int64)
    g[order] = group
    return rankdata(g)


def is_constant(x) -> bool:
    """True when every finite value lies within the tie tolerance."""
    x = np.asarray(x, dtype=float)
    x = x[np.isfinite(x)]
    return len(x) == 0 or float(np.ptp(x)) <= tie_tolerance(x)


def correlations(x, y) -> tuple[float, float, int]:
    """(Pearson, Spearman, n) over the pairwise complete samples; NaN when
    fewer than three samples or a score is constant within its tie
    tolerance (float noise has no correlation)."""
    x, y = np.asarray(x, float).ravel(), np.asarray(y, float).ravel()
    ok = ~(np.isnan(x) | np.isnan(y))
    x, y = x[ok], y[ok]
    n = len(x)
    if n < 3 or is_constant(x) or is_constant(y):
        return math.nan, math.nan, n
    p = float(np.clip(np.corrcoef(x, y)[0, 1], -1.0, 1.0))
    rx, ry = _ranks(x, tie_tolerance(x)), _ranks(y, tie_tolerance(y))
    s = float(np.corrcoef(rx, ry)[0, 1]) if np.ptp(rx) > 0 and np.ptp(ry) > 0 else math.nan
    return p, s, n


def rank_methods(values) -> np.ndarray:
    """Competition ranks (1 = best) of oriented values; ties (within the
    tie tolerance) share the better rank; NaN get the last ranks."""
    v = np.asarray(values, dtype=float)
    tol = tie_tolerance(v)
    key = np.where(np.isnan(v), -np.inf, v)
    better = key[None, :] > key[:, None] + tol
    better |= np.isnan(v)[:, None] & ~np.isnan(v)[None, :]
    return 1 + better.sum(axis=1).astype(np.int64)


# -- running the methods -----------------------------------------------------


def _sample_warnings(keys, values, n_ref, nm, warnings):
    """Warnings about too few samples for the statistics, and about scores
    that are undefined or the same for every method."""
    n_trip = n_ref * nm * (nm - 1)
    if n_trip < 10:
        warnings.append(msg("only {} ordered triplets (references x method pairs): the "
                            "Equal-Sorting Ratio is coarse; use more methods or tiles", n_trip))
    if n_ref * nm < 3:
        warnings.append(msg("fewer than three (reference, method) samples: correlations are "
                            "undefined"))
    for m, o, key, _ in keys:
        if np.isnan(values[key]).all():
            warnings.append(msg("{}: undefined for every method", key))
        elif n_ref * nm >= 3 and is_constant(values[key]):
            warnings.append(msg("{}: the same for every method (differences below {}, "
                                "floating-point noise): its correlations are undefined (NaN) "
                                "and the methods tie", key, f"{tie_tolerance(values[key]):.0e}"))

def _method_task(task, progress=NO_PROGRESS):
    ev = evaluate(task["gt"], task["pred"], task["metrics"], task["params"], task["seed"],
                  progress, diagnostics=False)
    return {"scores": {m: dict(ev.results[m].scores) for m in ev.results},
            "errors": dict(ev.errors), "warnings": ev.warnings()}


class Comparison:
    def __init__(self, methods, metrics, keys, references, values, overall, tiled, warnings,
                 seed, aggregation):
        self.methods = list(methods)
        self.metrics = list(metrics)
        self.keys = keys                # [(metric, output, key, orientation)]
        self.references = references    # reference ids ('all' or tile ids)
        self.values = values            # {key: (n_refs, n_methods) raw values}
        self.overall = overall          # {key: (n_methods,) whole extent / aggregated}
        self.tiled = tiled              # {method: TiledEvaluation} or None
        self.warnings = warnings
        self.seed = seed
        self.aggregation = aggregation
        self._pairs = None
        # {key: (n_methods, 2) [low, high]} with tiles and intervals, else {}
        self.intervals = {}
        self.ci = None  # the interval settings (method, level, resamples, seed) and notes

    def interval(self, key: str, j: int) -> tuple[float, float]:
        """(low, high) of method ``j``'s overall value of ``key``; (NaN,
        NaN) without interval."""
        iv = self.intervals.get(key)
        return (float(iv[j, 0]), float(iv[j, 1])) if iv is not None else (math.nan, math.nan)

    def overlapping(self, key: str) -> bool:
        """True when the intervals of the two best-ranked methods overlap
        heavily (either value lies inside the other's interval): the score
        does not rank them apart with confidence."""
        r = self.ranking(key)
        if key not in self.intervals or len(r) < 2:
            return False
        (a, b) = (self.methods.index(r[0][1]), self.methods.index(r[1][1]))
        (la, ha), (lb, hb) = self.interval(key, a), self.interval(key, b)
        va, vb = self.overall[key][a], self.overall[key][b]
        return bool(la <= vb <= ha or lb <= va <= hb)

    def oriented(self, key: str) -> np.ndarray:
        s = next(k[3] for k in self.keys if k[2] == key)
        return s * self.values[key]

    def ranking(self, key: str) -> list[tuple[int, str, float]]:
        """[(rank, method, value)] best first."""
        s = next(k[3] for k in self.keys if k[2] == key)
        v = self.overall[key]
        r = rank_methods(s * v)
        order = np.lexsort((np.arange(len(r)), r))
        return [(int(r[i]), self.methods[i], float(v[i])) for i in order]

    def pairs(self) -> list[dict]:
        """One dict per unordered pair of scores: pearson, spearman, n, esr,
        triplets, sm (array)."""
        if self._pairs is not None:
            return self._pairs
        out = []
        ks = [k[2] for k in self.keys]
        for i in range(len(ks)):
            for j in range(i + 1, len(ks)):
                a, b = self.oriented(ks[i]), self.oriented(ks[j])
                p, s, n = correlations(a, b)
                esr, nt = equal_sorting_ratio(a, b)
                sm = sorting_margins(a, b)
                out.append({"a": ks[i], "b": ks[j], "pearson": p, "spearman": s, "n": n,
                            "esr": esr, "triplets": nt, "sm": sm})
        self._pairs = out
        return out

    def correlation_matrix(self, kind: str = "pearson") -> tuple[list[str], np.ndarray]:
        ks = [k[2] for k in self.keys]
        m = np.eye(len(ks))
        idx = {k: i for i, k in enumerate(ks)}
        for p in self.pairs():
            i, j = idx[p["a"]], idx[p["b"]]
            m[i, j] = m[j, i] = p[kind]
        return ks, m

    def to_dict(self) -> dict:
        from ..result import json_safe
        return json_safe({
            "methods": self.methods, "metrics": self.metrics, "references": self.references,
            "seed": self.seed, "aggregation": self.aggregation,
            "scores": {k: {"overall": self.overall[k].tolist(), "per_reference": self.values[k].tolist(),
                           **self._bounds(k)} for _, _, k, _ in self.keys},
            "intervals": self.ci,
            "orientation": {k: s for _, _, k, s in self.keys},
            "ranking": {k: [{"rank": r, "method": m, "value": v,
                             **dict(zip(("ci_low", "ci_high"), self.interval(k, self.methods.index(m))))}
                            for r, m, v in self.ranking(k)] for _, _, k, _ in self.keys},
            "pairs": [{**{x: p[x] for x in ("a", "b", "pearson", "spearman", "n", "esr", "triplets")},
                       "sm_min": float(p["sm"].min()) if len(p["sm"]) else None,
                       "sm_median": float(np.median(p["sm"])) if len(p["sm"]) else None,
                       "missorted": int((p["sm"] < 0).sum()), "sm": p["sm"].tolist()}
                      for p in self.pairs()],
            "warnings": self.warnings,
        })

    def _bounds(self, key):
        """{ci_low: [per method], ci_high: [...]} (null without interval)."""
        n = len(self.methods)
        lo, hi = zip(*[self.interval(key, j) for j in range(n)]) if n else ((), ())
        return {"ci_low": list(lo), "ci_high": list(hi)}


def compare(gt: LineSet, predictions: list[tuple[str, LineSet]], metrics: Optional[list[str]] = None,
            params: Optional[dict] = None, seed: int = 0, tiles: Optional[list] = None,
            aggregation: str = "pooled", empty_tiles: str = "skip", margin: float = 0.0,
            workers: int = 1, dask_scheduler: Optional[str] = None,
            progress: Optional[Progress] = None, scores: str = "headline", *,
            ci_level: Optional[float] = None, ci_resamples: Optional[int] = None,
            ci_method: Optional[str] = None) -> Comparison:
    """``predictions``: [(method name, LineSet)] (at least two); ``tiles``:
    None or [(tile_id, polygon)] as for core.analysis.tiles.  Every method
    is evaluated with the same SEED (same draws on the ground-truth side).
    With tiles, ``ci_level``, ``ci_resamples`` (0: none) and ``ci_method``
    set the bootstrap intervals of the overall values (evaluate_tiles;
    defaults 0.95, 10,000, BCa), seeded with ``seed``."""
    from .bootstrap import LEVEL, METHOD, RESAMPLES, check
    ci = {"ci_level": LEVEL if ci_level is None else ci_level,
          "ci_resamples": RESAMPLES if ci_resamples is None else ci_resamples,
          "ci_method": METHOD if ci_method is None else ci_method}
    check(ci["ci_level"], ci["ci_resamples"], ci["ci_method"])
    progress = progress or NO_PROGRESS
    if len(predictions) < 2:
        raise ValueError(msg("compare needs at least two prediction layers (methods)"))
    names = [n for n, _ in predictions]
    if len(set(names)) != len(names):
        raise ValueError(msg("method names must be unique, got {}", names))
    if len(gt.parts) == 0:
        raise ValueError(msg("the ground truth has no line"))
    ids = list(metrics) if metrics else [s.id for s in registry.all_specs()]
    for m in ids:
        registry.get(m)
    keys = score_keys(ids, scores)
    warnings = []
    nm = len(predictions)
    tiled = None
    if tiles:
        tiled = {}
        for i, (name, pred) in enumerate(predictions):
            sub = progress.sub(i / nm, (i + 1) / nm)
            tiled[name] = evaluate_tiles(gt, pred, tiles, ids, params, seed, aggregation,
                                         empty_tiles, margin, workers, dask_scheduler, sub, **ci)
            warnings += [msg("{}: {}", name, w) for w in tiled[name].warnings]
        first = tiled[names[0]]
        use = [k for k, t in enumerate(first.tiles) if not t.empty]
        refs = [first.tiles[k].tile_id for k in use]
        values, overall = {}, {}
        for m, o, key, _ in keys:
            v = np.full((len(use), nm), np.nan)
            for j, name in enumerate(names):
                tl = tiled[name].tiles
                for r, k in enumerate(use):
                    x = tl[k].scores(m).get(o, math.nan) if tl[k].metrics else math.nan
                    v[r, j] = math.nan if x is None else x
            values[key] = v
            overall[key] = np.array([tiled[n].aggregate.get(m, {}).get(o, math.nan) for n in names],
                                    dtype=float)
    else:
        tasks = [{"gt": gt, "pred": p, "metrics": ids, "params": params, "seed": seed}
                 for _, p in predictions]
        outs = run_tasks(_method_task, tasks, workers, dask_scheduler, progress, names)
        refs = ["all"]
        per = []
        for name, (ok, val) in zip(names, outs):
            if not ok:
                warnings.append(msg("{} failed: {}", name, val.splitlines()[0] if val else val))
                per.append({})
                continue
            per.append(val["scores"])
            warnings += [msg("{}: {}", name, w) for w in val["warnings"]]
        values, overall = {}, {}
        for m, o, key, _ in keys:
            row = np.array([[(s.get(m, {}).get(o, math.nan) if s.get(m, {}).get(o) is not None
                              else math.nan) for s in per]], dtype=float)
            values[key] = row
            overall[key] = row[0].copy()
    _sample_warnings(keys, values, len(refs), nm, warnings)
    progress.set(1.0)
    comp = Comparison(names, ids, keys, refs, values, overall, tiled, warnings, int(seed),
                      aggregation if tiles else None)
    if tiled:
        _set_intervals(comp)
    return comp


def _set_intervals(comp: Comparison) -> None:
    """The methods' intervals (each method's TiledEvaluation) by score key,
    their settings and the notes, named by method."""
    first = comp.tiled[comp.methods[0]].ci
    comp.ci = {k: first[k] for k in ("method", "level", "resamples", "seed")}
    comp.ci["tiles"] = {n: comp.tiled[n].ci["tiles"] for n in comp.methods}
    comp.ci["notes"] = [msg("{}: {}", n, note) for n in comp.methods
                        for note in comp.tiled[n].ci["notes"]]
    if not first["resamples"]:
        return
    for m, o, key, _ in comp.keys:
        comp.intervals[key] = np.array([comp.tiled[n].interval(m, o) for n in comp.methods],
                                       dtype=float).reshape(len(comp.methods), 2)
