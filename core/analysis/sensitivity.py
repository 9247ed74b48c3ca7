"""Metric sensitivity analysis: every score against the number of synthetic
errors of each type (Citraro et al., ECCV 2020, sec. 4.1, Fig. 5).

For a ground truth G, each error type t, each count c in COUNTS and each
repetition r, the pair (G_t,c,r, P_t,c,r) = perturb(G, t, c, seed_t,c,r) is
evaluated with every selected metric.  Count 0 is the unperturbed pair
(G vs itself, through the same network model), computed once per repetition
and shared by all error types.  Seeds:

    perturbation seed = SeedSequence([SEED, type index, count, r])
    metric seed       = SeedSequence([SEED, r])     (same for every level)

so a repetition compares all levels with the same metric draws (common
random numbers), and the numbers are identical serially, on local
processes or on Dask (core.executor.run_tasks).

Per (type, score): mean and standard deviation over repetitions at each
count, and the change

    delta = mean score at the largest count - mean score at count 0

oriented so that a negative delta is a worse score (scores where lower is
better are negated).  A score is *flat* (insensitive to that error type)
when |delta| < FLAT_THRESHOLD.
"""
from __future__ import annotations

from typing import Optional

import math

import numpy as np


from .. import registry
from ..network.lineset import LineSet
from ..progress import NO_PROGRESS, Progress
from .evaluate import evaluate
from ..executor import run_tasks
from .perturb import ERROR_TYPES, perturb, resolve
from .scoring import score_keys
from ..text import msg


def derived_seed(*values: int) -> int:
    return int(np.random.SeedSequence([int(v) for v in values]).generate_state(1)[0] & 0x7FFFFFFF)


def parse_counts(text: str) -> list[int]:
    """'0, 5, 10' -> [0, 5, 10] (sorted, unique; 0 always included)."""
    if isinstance(text, (list, tuple)):
        vals = list(text)
    else:
        vals = [v for v in str(text).replace(";", ",").replace(" ", ",").split(",") if v.strip()]
    try:
        counts = sorted({int(float(v)) for v in vals})
    except ValueError:
        raise ValueError(msg("COUNTS must be a list of integers like '0, 5, 10, 20, 40', got "
                             "{!r}", text))
    if any(c < 0 for c in counts):
        raise ValueError(msg("COUNTS must not be negative"))
    if 0 not in counts:
        counts = [0] + counts
    if len(counts) < 2:
        raise ValueError(msg("COUNTS needs at least one count above 0"))
    return counts


def _task(task, progress=NO_PROGRESS):
    """One (type, count, repetition): perturb, then evaluate (module level,
    so that worker processes and Dask can run it); ``progress`` carries
    cancellation into the metrics."""
    t = task["type"] or ERROR_TYPES[0]
    pert = perturb(task["gt"], t, task["count"], task["perturb_seed"], task["pparams"])
    ev = evaluate(pert.ground_truth, pert.prediction, task["metrics"], task["params"],
                  task["metric_seed"], progress, diagnostics=False)
    scores = {m: dict(ev.results[m].scores) for m in ev.results}
    return {"scores": scores, "errors": dict(ev.errors), "warnings": ev.warnings(),
            "n_errors": pert.n_errors}


class SensitivityResult:
    def __init__(self, types, counts, repetitions, metrics, runs, keys, flat_threshold, seed,
                 parameters, warnings):
        self.types = list(types)
        self.counts = list(counts)
        self.repetitions = repetitions
        self.metrics = list(metrics)
        self.runs = runs            # list of dicts: type (None at count 0), count, rep, scores ...
        self.keys = keys            # [(metric, output, key, orientation)] plotted / summarised
        self.flat_threshold = flat_threshold
        self.seed = seed
        self.parameters = parameters
        self.warnings = warnings

    def values(self, error_type: str, count: int, metric: str, output: str) -> list[float]:
        vals = []
        for r in self.runs:
            if r["count"] != count or (count > 0 and r["type"] != error_type):
                continue
            v = r.get("scores", {}).get(metric, {}).get(output, math.nan)
            vals.append(float(v) if v is not None else math.nan)
        return vals

    def series(self, error_type: str, metric: str, output: str) -> tuple[list, list, list]:
        """(counts, mean, std) over repetitions (NaN runs left out)."""
        mean, std = [], []
        for c in self.counts:
            v = np.array([x for x in self.values(error_type, c, metric, output) if not math.isnan(x)])
            mean.append(float(v.mean()) if len(v) else math.nan)
            std.append(float(v.std()) if len(v) else math.nan)
        return self.counts, mean, std

    def delta(self, error_type: str, metric: str, output: str, sign: int = 1) -> float:
        _, mean, _ = self.series(error_type, metric, output)
        return sign * (mean[-1] - mean[0])

    def is_flat(self, error_type: str, metric: str, output: str, sign: int = 1) -> bool:
        d = self.delta(error_type, metric, output, sign)
        return (not math.isnan(d)) and abs(d) < self.flat_threshold

    def rows(self) -> list[list]:
        """(error_type, count, repetition, metric, output, key, value, n_errors)."""
        out = []
        for r in self.runs:
            for m in self.metrics:
                spec = registry.get(m)
                for o in spec.outputs:
                    v = r.get("scores", {}).get(m, {}).get(o.name, math.nan)
                    out.append((r["type"] or "none", r["count"], r["rep"], m, o.name,
                                spec.output_key(o.name), float(v) if v is not None else math.nan,
                                r.get("n_errors")))
        return out

    def summary_rows(self) -> list[list]:
        """(error_type, metric, output, key, mean at 0, mean at max, delta, flat)."""
        out = []
        for t in self.types:
            for m, o, k, s in self.keys:
                _, mean, _ = self.series(t, m, o)
                d = self.delta(t, m, o, s)
                out.append((t, m, o, k, mean[0], mean[-1], d, self.is_flat(t, m, o, s)))
        return out

    def to_dict(self) -> dict:
        from ..result import json_safe
        return json_safe({
            "error_types": self.types, "counts": self.counts, "repetitions": self.repetitions,
            "metrics": self.metrics, "seed": self.seed, "flat_threshold": self.flat_threshold,
            "parameters": self.parameters, "warnings": self.warnings,
            "summary": [dict(zip(("error_type", "metric", "score", "key", "at_0", "at_max",
                                  "delta", "flat"), r)) for r in self.summary_rows()],
            "runs": [{k: r.get(k) for k in ("type", "count", "rep", "perturb_seed", "metric_seed",
                                             "n_errors", "scores", "errors", "failed")}
                     for r in self.runs],
        })


def sensitivity(gt: LineSet, error_types: Optional[list[str]] = None,
                counts: tuple = (0, 5, 10, 20, 40), repetitions: int = 1,
                metrics: Optional[list[str]] = None, params: Optional[dict] = None,
                perturb_params: Optional[dict] = None, seed: int = 0, workers: int = 1,
                dask_scheduler: Optional[str] = None, progress: Optional[Progress] = None,
                flat_threshold: float = 0.01, scores: str = "headline") -> SensitivityResult:
    """Run the sensitivity analysis on a ground-truth LineSet.

    ``metrics``: metric ids (default: every registered metric); ``params``:
    shared and per-metric parameters as for core.analysis.evaluate;
    ``perturb_params``: GAP_LENGTH, MAX_SHIFT ... (core.analysis.perturb);
    ``scores``: 'headline' (one per metric) or 'all' for the summary."""
    progress = progress or NO_PROGRESS
    types = list(error_types) if error_types else list(ERROR_TYPES)
    for t in types:
        if t not in ERROR_TYPES:
            raise ValueError(msg("unknown error type {!r}; choose among {}",
                                 t, ', '.join(ERROR_TYPES)))
    counts = parse_counts(counts)
    seed = registry.Param("SEED", "integer", "Random seed", 0, minimum=0,
                          maximum=registry.MAX_SEED).check(seed)
    repetitions = int(repetitions)
    if repetitions < 1:
        raise ValueError(msg("REPETITIONS must be >= 1"))
    if not flat_threshold >= 0:
        raise ValueError(msg("FLAT_THRESHOLD must be >= 0"))
    ids = list(metrics) if metrics else [s.id for s in registry.all_specs()]
    for m in ids:
        registry.get(m)
    keys = score_keys(ids, scores)
    pp = dict(perturb_params or {})
    for k in ("MERGE_TOLERANCE", "NODE_CROSSINGS"):
        if k in (params or {}) and k not in pp:
            pp[k] = params[k]
    used = resolve(pp)
    if len(gt.parts) == 0:
        raise ValueError(msg("the ground truth has no line"))
    tasks, labels = [], []
    for r in range(repetitions):
        ms = derived_seed(seed, r)
        tasks.append({"type": None, "count": 0, "rep": r, "perturb_seed": 0, "metric_seed": ms})
        labels.append(f"count 0, repetition {r + 1}")
        for ti, t in enumerate(types):
            ti_global = ERROR_TYPES.index(t)
            for c in counts:
                if c == 0:
                    continue
                tasks.append({"type": t, "count": c, "rep": r,
                              "perturb_seed": derived_seed(seed, ti_global, c, r), "metric_seed": ms})
                labels.append(f"{t} x {c}, repetition {r + 1}")
    payload = [dict(t, gt=gt, metrics=ids, params=params, pparams=used) for t in tasks]
    outs = run_tasks(_task, payload, workers, dask_scheduler, progress, labels)
    runs, warnings = [], []
    for t, label, (ok, val) in zip(tasks, labels, outs):
        run = dict(t)
        if ok:
            run.update(val)
            for m, e in val["errors"].items():
                warnings.append(msg("{}: {} failed: {}", label, m, e))
        else:
            run["failed"] = val.splitlines()[0] if val else "failed"
            run["scores"] = {}
            warnings.append(msg("{} failed: {}", label, run['failed']))
        runs.append(run)
    progress.set(1.0)
    return SensitivityResult(types, counts, repetitions, ids, runs, keys, float(flat_threshold),
                             int(seed), used, warnings)


def examples(gt: LineSet, result: SensitivityResult) -> list[tuple]:
    """For the report's maps: [(error type, unmodified roads, error lines)]
    of the first repetition at the largest count (types whose perturbation
    failed are left out)."""
    from .perturb import TARGET
    out = []
    c = result.counts[-1]
    for t in result.types:
        try:
            p = perturb(gt, t, c, derived_seed(result.seed, ERROR_TYPES.index(t), c, 0),
                        result.parameters)
        except ValueError:
            continue
        base = p.ground_truth if TARGET[t] == "prediction" else p.prediction
        out.append((t, base.parts, list(p.errors.coords)))
    return out
