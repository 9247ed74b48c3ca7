"""Evaluate-all: run any set of registered metrics on one pair of LineSets.

``evaluate(gt, pred, metrics, params, seed)`` returns an :class:`Evaluation`
holding each metric's MetricResult (or its error message: one failing metric
never loses the others).  Shared parameters (SEED, CLASS_FIELD,
MERGE_TOLERANCE, NODE_CROSSINGS) are passed to every metric that has them;
``params`` may also hold per-metric overrides as {metric_id: {NAME: value}}.
"""
from __future__ import annotations

from typing import Collection, Optional, Union

import math
import traceback

from .. import registry
from ..runner import run_metric
from ..progress import NO_PROGRESS, Cancelled
from ..network.lineset import LineSet
from ..progress import Progress
from ..executor import run_shared
from ..parallel import cores_for_run
from ..text import message_of, msg

SHARED = ("SEED", "CLASS_FIELD", "MERGE_TOLERANCE", "NODE_CROSSINGS")


class EvaluationFailed(ValueError):
    """No metric of an evaluation gave a result (evaluate(strict=True)):
    the run must not end as a success with nothing but NaN."""


class Evaluation:
    def __init__(self, results, errors, order):
        self.results = results
        self.errors = errors
        self.order = order

    def specs(self) -> list[registry.MetricSpec]:
        return [registry.get(m) for m in self.order]

    def numbers(self) -> dict[str, float]:
        """{output key: value} for every number of every metric (NaN for a
        metric that failed)."""
        out = {}
        for spec in self.specs():
            r = self.results.get(spec.id)
            for o in spec.outputs:
                v = r.scores.get(o.name, math.nan) if r is not None else math.nan
                out[spec.output_key(o.name)] = float(v)
        return out

    def rows(self) -> list[tuple]:
        """(metric, output, key, value, meaning) for the scores table."""
        rows = []
        for spec in self.specs():
            r = self.results.get(spec.id)
            for o in spec.outputs:
                v = r.scores.get(o.name, math.nan) if r is not None else math.nan
                rows.append((spec.id, o.name, spec.output_key(o.name), float(v), o.help))
        return rows

    def warnings(self) -> list:
        w = []
        for m in self.order:
            if m in self.errors:
                w.append(msg("{}: failed: {}", m, self.errors[m]))
            elif m in self.results:
                w.extend(msg("{}: {}", m, x) for x in self.results[m].warnings)
        return w


def metric_params(spec: registry.MetricSpec, params: Optional[dict],
                  seed: Optional[int] = None) -> dict:
    """The parameters of one metric from shared values and per-metric
    overrides; unknown shared names are ignored."""
    names = {p.name for p in spec.all_params()}
    out = {}
    for k in SHARED:
        if k in (params or {}) and k in names:
            out[k] = params[k]
    if seed is not None and "SEED" in names:
        out["SEED"] = int(seed)
    for k, v in ((params or {}).get(spec.id) or {}).items():
        out[k] = v
    return spec.resolve(out)


def seed_used(ids: list, params: Optional[dict], seed: Optional[int] = None) -> str:
    """The SEED the sampled metrics of ``ids`` run with, as the reports show
    it (resolved as metric_params does: ``seed``, else a shared SEED of
    ``params``, else the default; a metric's own SEED wins): one number when
    they all use the same, else "seed (metric, ...)" groups joined by "; ";
    "" when none of them samples."""
    by_seed: dict = {}
    for m in ids:
        spec = registry.get(m)
        if any(p.name == "SEED" for p in spec.all_params()):
            by_seed.setdefault(metric_params(spec, params, seed).get("SEED"), []).append(m)
    if len(by_seed) <= 1:
        return "".join(str(s) for s in by_seed)
    return "; ".join(f"{s} ({', '.join(ms)})" for s, ms in by_seed.items())


def _run_group(common, group, progress):
    """The metrics of one task of an evaluation, one after the other
    (module level: it may run in a worker): [(ok, result or message)].
    A metric that rejects its input says why (ValueError); one that crashes
    is reported as an internal error; the others are kept either way."""
    gt, pred, params, seed, diagnostics, metric_cores = common
    with cores_for_run(metric_cores):
        return _run_metrics(gt, pred, params, seed, diagnostics, group, progress)


def _run_metrics(gt, pred, params, seed, diagnostics, group, progress):
    """_run_group's metrics, one after the other."""
    out = []
    costs = [max(registry.get(m).cost, 0.0) for m in group]
    total = sum(costs) or 1.0
    done = 0.0
    for i, m in enumerate(group):
        spec = registry.get(m)
        # each metric's own progress, on a share of the group's by its cost
        sub = progress.sub(done / total, (done + costs[i]) / total)
        done += costs[i]
        sub.set(0.0, spec.name)
        keep = _keeps_layers(diagnostics, m)
        try:
            r = run_metric(spec, gt, pred, metric_params(spec, params, seed), sub, keep)
        except ValueError as e:
            out.append((False, message_of(e)))
            continue
        except Cancelled:
            raise
        except Exception as e:  # a bug
            out.append((False, f"internal error: {type(e).__name__}: {e}\n"
                               f"{traceback.format_exc(limit=3)}"))
            continue
        if not keep:
            r.layers = {}
        out.append((True, r))
    return out


def _keeps_layers(diagnostics, metric) -> bool:
    """evaluate's ``diagnostics`` for one metric: True / False for all, or
    the ids of the metrics whose layers are kept."""
    if isinstance(diagnostics, bool):
        return diagnostics
    return metric in diagnostics


def _tasks(ids):
    """Metrics grouped by what they share (MetricSpec.shares), heaviest
    group first."""
    groups = {}
    for m in ids:
        spec = registry.get(m)
        groups.setdefault(spec.shares or ("metric", m), []).append(m)
    return sorted(groups.values(), key=lambda g: -sum(registry.get(m).cost for m in g))


def with_protocol(ids: list, params: Optional[dict], protocol: str, tiled: bool = False) -> dict:
    """``params`` with a benchmark protocol's settings (core/protocols.py)
    for the metrics it covers among ``ids``; ValueError for an unknown
    protocol, a parameter that contradicts it, no metric it covers, or
    tiles (``tiled``: a protocol's tiles are the benchmark's files)."""
    from .. import protocols
    if tiled:
        raise ValueError(msg("A protocol scores whole tiles as its benchmark cuts them: give the "
                             "tiles as files to batch scoring with the protocol, not tiles of "
                             "one evaluation."))
    proto = protocols.get(protocol)
    covered = [m for m in ids if m in proto.params]
    if not covered:
        raise ValueError(msg("The protocol {} covers {}, not {}.", proto.name,
                             ", ".join(sorted(proto.params)), ", ".join(ids)))
    out = dict(params or {})
    for m in covered:
        out[m] = protocols.protocol_params(proto, m, dict(out.get(m) or {}))
    return out


def add_clean_scores(ev: Evaluation, gt: LineSet, pred: LineSet, params: dict,
                     seed: Optional[int], protocol: str) -> None:
    """Beside each protocol number, the sound one (a protocol's
    number is only comparable with published figures, so both are reported):
    every metric the protocol covers is run again with its own default
    definition on the same inputs; its scores go to the protocol run's
    ``details['clean_scores']``, with ``details['protocol']`` (name and
    version).  The report shows both (core/reports/report.py)."""
    from .. import protocols
    proto = protocols.get(protocol)
    for m, r in ev.results.items():
        if m not in proto.params:
            continue
        spec = registry.get(m)
        clean = {k: v for k, v in (params.get(m) or {}).items() if k not in proto.params[m]}
        try:
            c = run_metric(spec, gt, pred, metric_params(spec, {**params, m: clean}, seed),
                           NO_PROGRESS, diagnostics=False)
            r.details["clean_scores"] = dict(c.scores)
        except ValueError as e:
            r.details["clean_scores"] = {"error": message_of(e)}
        r.details["protocol"] = proto.record()


def evaluate(gt: LineSet, pred: LineSet, metrics: Optional[list[str]] = None,
             params: Optional[dict] = None, seed: Optional[int] = None,
             progress: Optional[Progress] = None,
             diagnostics: Union[bool, Collection[str]] = True,
             workers: int = 1, strict: bool = False,
             protocol: Optional[str] = None, pixels=None) -> Evaluation:
    """``diagnostics``: the metrics' layers are built (True), not built
    (False) or built for the metrics of these ids only; a metric run
    without them may skip the work only its layers need, with the same
    scores (core/runner.py run_metric).

    ``workers`` > 1 (0 = one per core) runs the metrics on this process
    and workers - 1 spawned ones at once, heaviest first (each metric is
    seeded by its own parameters, so the numbers do not depend on which
    process ran it); metrics that share intermediate results run in the
    same process.  Each metric may use one core then, and ``workers`` cores
    otherwise (a single metric, or ``workers`` = 1: one core).  ``strict`` (evaluate-all's own run, not a tile or a
    method of compare): EvaluationFailed when every metric failed, with
    their errors.  ``protocol``: a benchmark protocol's variants for the
    metrics it covers, with their default definitions' scores beside
    (:func:`add_clean_scores`).  ``pixels``: a
    core.analysis.evaluate_pixels.PixelRun, the pixel metrics run on the
    two rasters after the line metrics (their results join the others';
    ``metrics`` = [] then runs the pixel metrics only)."""
    progress = progress or NO_PROGRESS
    if metrics is not None and (metrics or pixels is not None):
        ids = list(metrics)
    else:
        ids = [s.id for s in registry.all_specs()]
    for m in ids:
        registry.get(m)  # KeyError for an unknown metric
    if protocol is not None:
        params = with_protocol(ids, params, protocol)
    line_progress, pixel_progress = progress, None
    if pixels is not None and pixels.ids:
        line_progress, pixel_progress = (progress.sub(0.0, 0.8), progress.sub(0.8, 1.0)) if ids \
            else (progress.sub(0.0, 0.0), progress)
    spread = workers != 1 and len(ids) > 1
    # cores per metric (core/parallel.py): one when the metrics share the
    # workers, else the workers (one metric, or WORKERS = 1: tiles, tools)
    common = (gt, pred, params, seed, diagnostics, 1 if spread else workers)
    if spread:
        tasks = _tasks(ids)
        done = run_shared(_run_group, common, tasks, workers, line_progress,
                          [", ".join(registry.get(m).name for m in t) for t in tasks],
                          weights=[sum(registry.get(m).cost for m in t) for t in tasks])
    else:
        tasks = [ids]
        done = [(True, _run_group(common, ids, line_progress))]
    results, errors = {}, {}
    for group, (ok, value) in zip(tasks, done):
        for i, m in enumerate(group):
            if not ok:  # the task itself failed (its worker could not run it)
                errors[m] = f"internal error: {value}"
            elif value[i][0]:
                results[m] = value[i][1]
            else:
                errors[m] = value[i][1]
    ev = Evaluation(results, errors, ids)
    if protocol is not None:
        add_clean_scores(ev, gt, pred, params, seed, protocol)
    if pixel_progress is not None:
        from .evaluate_pixels import run_pixel_metrics
        pixel_results, pixel_errors = run_pixel_metrics(pixels, params, pixel_progress)
        results.update(pixel_results)
        errors.update(pixel_errors)
        ev.order = ids + list(pixels.ids)
    progress.set(1.0)
    if strict and ev.order and not results:
        raise EvaluationFailed(msg("no metric could be computed; {}", "; ".join(
            msg("{}: {}", m, str(errors[m]).splitlines()[0] if errors[m] else "")
            for m in ev.order)))
    return ev


def scores_document(ids: list, info: dict, numbers: dict, ev: Optional[Evaluation] = None,
                    tiled=None, aggregation: Optional[str] = None,
                    empty: Optional[str] = None) -> dict:
    """evaluate-all's SCORES (the same in QGIS, the library and the CLI):
    the metrics run, the working CRS and what was done to the inputs
    (``info``: ``working_crs``, core.crs.RECORD_KEYS, the runner's
    INPUT_RECORD_KEYS such as a raster input's extraction, ``warnings``), the flat
    ``numbers``, and each metric's result (whole extent: ``results`` and
    ``errors``) or the aggregate over tiles (``aggregate``, tile counts,
    ``intervals``: TiledEvaluation.interval_record, each score's ``ci_low``
    and ``ci_high`` with the settings; the scores of each tile stay out, so
    SCORES stays bounded)."""
    from ..crs import RECORD_KEYS
    from ..runner import INPUT_RECORD_KEYS
    scores = {"metrics": list(ids), "working_crs": info.get("working_crs"),
              "warnings": list(info.get("warnings") or []), "numbers": numbers}
    for k in RECORD_KEYS + INPUT_RECORD_KEYS:
        if info.get(k):
            scores[k] = info[k]
    if info.get("pixel_metrics"):
        scores["pixel_metrics"] = info["pixel_metrics"]
    if ev is not None:
        scores["results"] = {m: r.to_dict() for m, r in ev.results.items()}
        scores["errors"] = ev.errors
    if tiled is not None:
        scores["aggregation"] = aggregation
        scores["empty_tiles"] = empty
        scores["aggregate"] = tiled.aggregate
        scores["tiles"] = {"count": len(tiled.tiles),
                           "empty": sum(1 for t in tiled.tiles if t.empty),
                           "failed": sum(1 for t in tiled.tiles if t.error)}
        scores["warnings"] += tiled.warnings
        if tiled.ci is not None:
            # every score with its bootstrap interval over the tiles, and the settings
            scores["intervals"] = tiled.interval_record()
    return scores
