"""Comparing runs of one benchmark: several methods' rows on the same chips
(``rnm.compare_runs``, ``roadmetrics compare-runs``), a thin face over
core/analysis/paired.py.

A run is a batch's rows file (read strictly, with its provenance), a
:class:`BatchResult`, or rows without provenance (a pandas DataFrame, a
list of dicts) together with ``metric=``.  Runs whose provenance records
differ in how the numbers were made (metric, parameters, protocol,
empty-chip rule, pixel size, raster settings, version) are refused, as a
resume refuses them; runs of different ground truths too, where the
record names it (folders, SpaceNet CSVs).  Pairs that failed (``error``,
``grid_mismatch``) are not chips of that run; chips not in every run are
listed and left out, never silently.
"""
from __future__ import annotations

import os
from typing import Optional

from ._errors import InputError
from .core.text import message_of, msg

# provenance entries that say how the numbers were made
ALIKE = ("metric", "version", "parameters", "protocol", "pixel_size_m", "empty_chips", "raster",
         "band")
FAILED = ("error", "grid_mismatch")


def _rows_of(run, metric: Optional[str]) -> tuple:
    """(rows, provenance or None, default name) of one run."""
    from ._batch import BatchResult
    from ._rows import RowsInput
    if isinstance(run, (str, os.PathLike)):
        r = RowsInput(run)
        return r.rows, r.prov, os.path.splitext(os.path.basename(os.fspath(run)))[0]
    if isinstance(run, BatchResult):
        return run.records, run.provenance, None
    if hasattr(run, "to_dict") and hasattr(run, "columns"):      # a DataFrame
        df = run.reset_index() if "id" not in run.columns else run
        if "id" not in df.columns:
            raise InputError(msg("A DataFrame run needs an 'id' column or index (the chip ids)."))
        return df.to_dict("records"), None, None
    if isinstance(run, (list, tuple)) and all(isinstance(r, dict) for r in run):
        return list(run), None, None
    raise InputError(msg("A run is a rows file path, a BatchResult, a DataFrame or a list of "
                         "dicts, not {}.", type(run).__name__))


def _check_alike(provs: list, names: list) -> list:
    """InputError when two records differ in how the numbers were made;
    warnings for runs without a record."""
    from ._rows import differences
    known = [(n, p) for n, p in zip(names, provs) if p is not None]
    warnings = [msg("{} has no provenance record: that it was made like the others cannot be "
                    "checked", n) for n, p in zip(names, provs) if p is None]
    for n, p in known[1:]:
        n0, p0 = known[0]
        diff = [d for d in differences({k: p0.get(k) for k in ALIKE},
                                       {k: p.get(k) for k in ALIKE})]
        if diff:
            raise InputError(msg("{} and {} were not made alike, their numbers cannot be "
                                 "compared: {}.", n0, n, "; ".join(diff)))
        g0, g = _ground_truth(p0), _ground_truth(p)
        if g0 and g and g0 != g:
            raise InputError(msg("{} and {} were scored against different ground truths ({} and "
                                 "{}).", n0, n, g0, g))
    return warnings


def _ground_truth(prov: dict) -> Optional[str]:
    inputs = prov.get("inputs") or {}
    if inputs.get("kind") in ("folders", "spacenet") and inputs.get("sources"):
        return inputs["sources"][0]
    return None


def _scores(metric: str, scores) -> list:
    """[(score, orientation)] compared: 'all' (every score with a perfect
    value), 'headline' or a list of names (canonical, ``TOPO_F1``; a short
    one, ``F1``, with a FutureWarning)."""
    from .core import registry
    from .core.analysis.scoring import headline, orientation
    from ._names import canonical_names
    spec = registry.get(metric)
    oriented = [(spec.output_key(o.name), orientation(o)) for o in spec.outputs if orientation(o)]
    if scores in (None, "all"):
        return oriented
    if scores == "headline":
        return [(spec.output_key(headline(spec)), 1)]
    names = canonical_names(spec, [scores] if isinstance(scores, str) else list(scores))
    known = dict(oriented)
    bad = [s for s in names if s not in known]
    if bad:
        raise InputError(msg("{} cannot be compared for {}: the scores with a better direction "
                             "are {}.", ", ".join(bad), metric, ", ".join(known)))
    return [(s, known[s]) for s in names]


class RunComparison:
    """What :func:`compare_runs` returns.

    Attributes
    ----------
    summary : dict
        ``methods``, ``metric``, ``chips`` (``common``, ``total``,
        ``missing`` per run), ``scores`` (per score: each run's mean with
        its interval, ``ranking``, ``pairs``, and with three runs or more
        ``rank_probabilities``), ``agreement``, ``settings``, ``warnings``.
    records : list of dict
        One row per (score, pair of runs): ``score``, ``a``, ``b``,
        ``mean_difference`` (b - a), ``ci_low``, ``ci_high``, ``wins`` /
        ``ties`` / ``losses`` of b, ``p_wilcoxon``, ``p_sign``, ``test``,
        ``p``, ``p_holm``, ``better``.
    """

    def __init__(self, summary: dict):
        self.summary = summary
        self.records = [{"score": s, **p} for s, b in summary["scores"].items()
                        for p in b["pairs"]]

    @property
    def rows(self):
        """:attr:`records` as a pandas DataFrame when pandas is installed."""
        try:
            import pandas as pd
        except ImportError:
            return self.records
        return pd.DataFrame(self.records)

    def to_dict(self) -> dict:
        from .core.result import json_safe
        return json_safe(self.summary)

    def __repr__(self) -> str:
        s = self.summary
        return (f"<RunComparison {s['metric']}: {', '.join(s['methods'])} on "
                f"{s['chips']['common']} common chips, {len(s['scores'])} score(s)>")


def compare_runs(*runs, names: Optional[list] = None, metric: Optional[str] = None,
                 scores="all", level: float = 0.95, resamples: int = 10_000,
                 method: str = "bca", seed: int = 0,
                 report: Optional[str] = None) -> RunComparison:
    """Compare two or more methods scored on the same chips: per score, each
    method's mean with a bootstrap interval, the mean paired difference with
    a paired-bootstrap interval, wins / ties / losses per chip, a paired
    test (Wilcoxon signed-rank, or the sign test when a quarter of the chips
    or more are ties) with Holm's correction over the pairs, and for three
    methods or more how often each takes each rank (docs/tools.md).

    Parameters
    ----------
    *runs : str, BatchResult, DataFrame or list of dict
        Each method's rows: a batch's rows file (.csv, .jsonl, .parquet),
        a :class:`BatchResult`, or rows without provenance (give
        ``metric``).  Runs made differently are refused.  Or one result of
        :func:`compare` with tiles: its methods compared tile by tile.
    names : list of str, optional
        The methods' names (default: the rows files' names, else run1 ...).
    metric : str, optional
        The metric of rows without provenance.
    scores : 'all', 'headline' or list of str
        The scores compared (default: every score with a better direction).
    level, resamples, method, seed
        The bootstrap intervals: level (0.95), resamples (10,000), 'bca' or
        'percentile', seed of the resamples (same seed, same numbers).
    report : str, optional
        Write an HTML report there (intervals as error bars, the pairs'
        table, the rank probabilities).

    Returns
    -------
    RunComparison

    Raises
    ------
    InputError
        Fewer than two runs, runs made differently or of different ground
        truths, unreadable rows, fewer than two chips in common.

    Examples
    --------
    >>> import roadnetworkmetrics as rnm
    >>> road = [[(0, 0), (200, 0), (400, 0)], [(200, 0), (200, 300)]]
    >>> chips = [(f"c{i}", road, [[(0, i), (400, i)]]) for i in range(6)]
    >>> a = rnm.batch("ccq", chips)
    >>> b = rnm.batch("ccq", [(i, g, g) for i, g, _ in chips])
    >>> cmp = rnm.compare_runs(a, b, names=["thin", "exact"], scores="headline",
    ...                        resamples=1000)
    >>> p = cmp.records[0]
    >>> p["score"], p["better"], (p["wins"], p["ties"], p["losses"])
    ('CCQ_F1', 'exact', (6, 0, 0))
    """
    from .core.analysis.paired import compare_runs as core_compare
    if len(runs) == 1 and hasattr(runs[0], "_core") and hasattr(runs[0], "references"):
        return _from_comparison(runs[0], scores, level, resamples, method, seed, report)
    if len(runs) < 2:
        raise InputError(msg("compare_runs needs at least two runs, got {}.", len(runs)))
    read = [_rows_of(r, metric) for r in runs]
    names = list(names) if names else [d or f"run{i + 1}" for i, (_, _, d) in enumerate(read)]
    if len(names) != len(runs):
        raise InputError(msg("{} names for {} runs.", len(names), len(runs)))
    if len(set(names)) != len(names):
        raise InputError(msg("The runs' names must be unique, got {} (give names=...).",
                             ", ".join(names)))
    provs = [p for _, p, _ in read]
    warnings = _check_alike(provs, names)
    metrics = {p["metric"] for p in provs if p} | ({metric} if metric else set())
    if len(metrics) != 1:
        raise InputError(msg("The runs are of metrics {}: give one metric." if metrics else
                             "Rows without provenance need metric=... .",
                             ", ".join(sorted(metrics))))
    metric = metrics.pop()
    keys = _scores(metric, scores)
    from .core import registry
    from ._names import canonical_row
    spec = registry.get(metric)
    data = []
    for name, (rows, _, _) in zip(names, read):
        rows = [canonical_row(spec, r) for r in rows]     # rows named before TOPO_F1 ...
        data.append((name, {str(r["id"]): r for r in rows if r.get("status") not in FAILED}))
        failed = [r["id"] for r in rows if r.get("status") in FAILED]
        if failed:
            warnings.append(msg("{}: {} pair(s) not scored (error, grid_mismatch) are not chips "
                                "of this run", name, len(failed)))
    try:
        out = core_compare(data, keys, level=level, resamples=resamples, method=method,
                           seed=seed)
    except ValueError as e:
        raise InputError(message_of(e)) from None
    out["metric"] = metric
    out["warnings"] = warnings + out["warnings"]
    out["provenance"] = {n: p for n, p in zip(names, provs)}
    res = RunComparison(out)
    if report is not None:
        _write_report(res, os.fspath(report), [r for r in runs if isinstance(r, (str, os.PathLike))])
    return res


def _from_comparison(cmp, scores, level, resamples, method, seed, report) -> RunComparison:
    """The methods of :func:`compare` with tiles, compared tile by tile."""
    from .core.analysis.paired import compare_runs as core_compare
    core = cmp._core
    if len(core.references) < 2:
        raise InputError(msg("A comparison without tiles has one value per method: give it a tile "
                             "size or tiles to compare the methods tile by tile."))
    keys = [(k, o) for _, _, k, o in core.keys]
    if scores not in (None, "all"):
        names = [scores] if isinstance(scores, str) else list(scores)
        known = dict(keys)
        bad = [x for x in names if x not in known]
        if bad:
            raise InputError(msg("{} not among the compared scores ({}).", ", ".join(bad),
                                 ", ".join(known)))
        keys = [(x, known[x]) for x in names]
    runs = [(name, {str(ref): {k: float(core.values[k][r, j]) for k, _ in keys}
                    for r, ref in enumerate(core.references)})
            for j, name in enumerate(core.methods)]
    try:
        out = core_compare(runs, keys, level=level, resamples=resamples, method=method, seed=seed)
    except ValueError as e:
        raise InputError(message_of(e)) from None
    out["metric"] = ", ".join(core.metrics)
    out["warnings"] = [str(w) for w in core.warnings] + out["warnings"]
    res = RunComparison(out)
    if report is not None:
        _write_report(res, os.fspath(report), [])
    return res


def _write_report(res: RunComparison, path: str, inputs: list) -> None:
    """Write the HTML report; never over one of the rows files read."""
    from .core.reports.runs_report import runs_report
    target = os.path.realpath(path)
    for f in inputs:
        if os.path.realpath(os.fspath(f)) == target:
            raise InputError(msg("The report {} is one of the runs read: choose another path.",
                                 path))
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(runs_report(res.to_dict()))
    except OSError as e:
        raise InputError(msg("The report cannot be written to {} ({}).", path,
                             e.strerror or e)) from None
