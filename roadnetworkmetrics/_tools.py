"""The plugin's science tools as library functions: :func:`perturb`,
:func:`sensitivity` and :func:`compare`, thin faces over the same core
functions as roadmetrics:perturb, :sensitivity and :compare
(core/analysis/perturb.py, sensitivity.py, compare.py) and the same HTML
reports (core/reports/tool_reports.py).  Inputs are whatever :func:`read`
accepts, brought into metres by the library's CRS rule (_inputs.prepare)."""
from __future__ import annotations

import json
import math
import os
from typing import Any, Callable, Optional, Sequence, Union

from .core import registry
from .core.crs import RECORD_KEYS
from .core.io.source import Source
from .core.network.lineset import LineSet
from .core.progress import Progress
from .core.result import json_safe
from .core.text import message_of, msg
from ._api import _spec, field_values, normalise
from ._errors import InputError
from ._inputs import as_source, prepare
from ._progress import progress_for
from ._names import short_to_canonical
from ._raster import is_raster_path, raster_params
from ._result import records

ProgressArg = Union[bool, Callable, Progress]
# the QGIS ERRORS / OUTPUT layers' names in the library
LAYERS = ("prediction", "ground_truth", "errors")


# -- shared steps ---------------------------------------------------------------

def _run_info(info: dict) -> dict:
    """What the QGIS tools add to their JSON about the inputs (ui/checks.py
    run_info): the working CRS, a reprojection or unit conversion, the
    input warnings."""
    out = {"working_crs": info.get("working_crs")}
    for k in RECORD_KEYS:
        if info.get(k):
            out[k] = info[k]
    if info.get("warnings"):
        out["input_warnings"] = [str(w) for w in info["warnings"]]
    return out


def _read_one(obj: Any, name: str, pixel_size: Optional[float]) -> tuple:
    """(LineSet in metres, info, Source) of one line input, under the rule
    for a ground truth (the QGIS tools read their one layer so)."""
    src = as_source(obj, name)
    if src.pixel and pixel_size is None:
        raise InputError(msg("{} is in pixel coordinates: give the pixel size in metres "
                             "(pixel_size=..., --pixel-size M).", src.name))
    nothing = Source(LineSet([]), None, src.pixel, "prediction")
    lines, _, info = prepare(src, nothing, pixel_size)
    return lines, info, src


def _perturb_params(given: dict) -> dict:
    """Perturbation keywords (``gap_length=5``, ``MERGE_TOLERANCE=0.1``)
    named as in the plugin; an unknown name is refused."""
    from .core.analysis.perturb import param_specs
    names = set(param_specs())
    out = {}
    for k, v in given.items():
        if k.upper() not in names:
            raise InputError(f"unknown perturbation parameter {k} (parameters: "
                             f"{', '.join(sorted(names))})")
        out[k.upper()] = v
    return out


def _checked_perturb_params(pp: dict) -> dict:
    from .core.analysis.perturb import resolve
    try:
        return resolve(pp)
    except (ValueError, KeyError) as e:
        raise InputError(message_of(e)) from None


def _metric_ids(metrics: Optional[Sequence[str]]) -> list:
    if isinstance(metrics, str):
        metrics = [m.strip() for m in metrics.split(",") if m.strip()]
    ids = list(metrics) if metrics else [s.id for s in registry.all_specs()]
    for m in ids:
        if _spec(m).inputs == "masks":
            raise InputError(f"{m} scores two masks: the tools compare line networks "
                             f"(metrics: {', '.join(s.id for s in registry.all_specs())})")
    return ids


def _metric_params(ids: list, params: Optional[dict], seed: int) -> tuple:
    """(params for the core, {metric: resolved}, warnings): shared values
    (``MERGE_TOLERANCE``, ``SEED`` ...) and per-metric ones under the
    metric's id, checked as the QGIS tools check PARAMETERS."""
    from .core.analysis.evaluate import SHARED, metric_params
    try:
        registry.Param("SEED", "integer", "Random seed", 0, minimum=0,
                       maximum=registry.MAX_SEED).check(seed)
    except ValueError as e:
        raise InputError(message_of(e)) from None
    known = {s.id for s in registry.all_specs()}
    out, warnings = {}, []
    for k, v in (params or {}).items():
        if isinstance(v, dict):
            if k not in known:
                raise InputError(f"params: {k!r} is not a metric; per-metric parameters go under "
                                 f"the metric's id, e.g. {{'apls': {{'CONTROL_SPACING': 25}}}}")
            out[k] = normalise(_spec(k), v)
            if k not in ids:
                warnings.append(f"params has settings for {k}, which is not among the chosen "
                                f"metrics: they are not used.")
        elif k.upper() in SHARED:
            out[k.upper()] = v
        else:
            raise InputError(f"params: {k} is not a shared parameter ({', '.join(SHARED)}); "
                             f"give a metric's own parameters under its id, e.g. "
                             f"{{'apls': {{'CONTROL_SPACING': 25}}}}")
    resolved = {}
    for m in ids:
        try:
            resolved[m] = metric_params(_spec(m), out, seed)
        except (ValueError, KeyError) as e:
            raise InputError(message_of(e)) from None
    return out, resolved, warnings


def _write_html(path: Optional[str], html: str) -> str:
    if path:
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(html)
    return html


def _frame(recs: list, columns: list):
    """``recs`` as a pandas DataFrame when pandas is installed, else as they are."""
    try:
        import pandas as pd
    except ImportError:
        return recs
    return pd.DataFrame(recs, columns=columns)


def _nan(v: Any) -> float:
    return math.nan if v is None else float(v)


# -- perturb --------------------------------------------------------------------

class PerturbResult:
    """What :func:`perturb` returns (roadmetrics:perturb's outputs).

    Attributes
    ----------
    prediction, ground_truth : Source
        The perturbed prediction and the ground truth to compare it with
        (the network's roads between junctions, in the working CRS): give
        them to any metric function, ``rnm.apls(p.ground_truth, p.prediction)``.
    layers : dict
        {'prediction', 'ground_truth', 'errors': list of records}, each
        record a dict of attributes (``road``; the errors' ``error_id``,
        ``error_type``, ``layer``, ``length``, ``shift``,
        ``network_distance``) plus a shapely ``geometry``.
    n_errors : int
        Errors placed (always ``count``).
    error_type, count, seed, parameters, warnings, crs
        As in the plugin's PARAMETERS output.
    """

    def __init__(self, core, info: dict):
        self._core = core
        self._info = info
        self.crs = info.get("working_crs")
        self.error_type, self.count, self.seed = core.error_type, core.count, core.seed
        self.n_errors = core.n_errors
        self.parameters = dict(core.parameters)
        self.warnings = [str(w) for w in list(info.get("warnings") or []) + list(core.warnings)]
        self.prediction = Source(core.prediction, self.crs, False, "perturbed prediction")
        self.ground_truth = Source(core.ground_truth, self.crs, False, "ground truth to compare with")
        self._layers = None

    def __repr__(self) -> str:
        return (f"<PerturbResult {self.n_errors} {self.error_type}: prediction "
                f"{len(self._core.prediction.parts)} roads, ground truth "
                f"{len(self._core.ground_truth.parts)} roads>")

    @property
    def layers(self) -> dict:
        if self._layers is None:
            from shapely.geometry import LineString
            self._layers = {
                name: [{"road": i, "geometry": LineString([(float(x), float(y)) for x, y in xy])}
                       for i, xy in enumerate(ls.parts)]
                for name, ls in (("prediction", self._core.prediction),
                                 ("ground_truth", self._core.ground_truth))}
            self._layers["errors"] = records(self._core.errors)
        return self._layers

    def write(self, layer: str, path: str, *, rfc7946: bool = False) -> str:
        """Write ``layer`` ('prediction', 'ground_truth' or 'errors') to
        ``path``: .geojson without dependencies, .gpkg, .shp ... with
        pyogrio; ``rfc7946``: GeoJSON in WGS 84 longitude / latitude (as
        :meth:`Result.write`).  Returns ``path``."""
        from ._writers import write_layer
        if layer not in LAYERS:
            raise InputError(f"no layer {layer!r} (layers: {', '.join(LAYERS)})")
        return write_layer(self.layers[layer], path, self.crs, layer, rfc7946=rfc7946)

    def to_dict(self) -> dict:
        """The plugin's PARAMETERS output (JSON-safe), with ``n_errors``."""
        ran = _run_info(self._info)
        ran.pop("input_warnings", None)
        return json_safe(dict({"error_type": self.error_type, "count": self.count,
                               "seed": self.seed, "parameters": self.parameters,
                               "warnings": self.warnings}, **ran, n_errors=self.n_errors))

    def to_json(self, indent: Optional[int] = None) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    def to_geodataframe(self, layer: str):
        """One layer as a geopandas GeoDataFrame (needs geopandas)."""
        try:
            import geopandas
        except ImportError:
            raise ImportError("to_geodataframe needs geopandas: pip install geopandas") from None
        if layer not in LAYERS:
            raise InputError(f"no layer {layer!r} (layers: {', '.join(LAYERS)})")
        return geopandas.GeoDataFrame(self.layers[layer], geometry="geometry", crs=self.crs)


def perturb(lines: Any, error_type: str, count: int, *, seed: int = 0,
            pixel_size: Optional[float] = None, progress: ProgressArg = False,
            **params: Any) -> PerturbResult:
    """A copy of a network with ``count`` synthetic errors of one type
    (the plugin's roadmetrics:perturb; Citraro et al., ECCV 2020, sec. 4.1).

    Parameters
    ----------
    lines : path, graph, geometries, arrays or GeoDataFrame
        The network (usually a ground truth), anything :func:`read`
        accepts; in a geographic or distorted CRS it is reprojected to UTM
        as a ground truth is (docs/conventions.md).
    error_type : str
        'interruptions', 'overconnections', 'perturbations',
        'doubled_roads', 'doubled_roads_gt' or 'false_positives_far'
        (docs/tools.md).
    count : int
        Number of errors; refused when the network cannot hold them.
    seed : int, default 0
        Seed of every draw: same seed, same errors.
    pixel_size : float, optional
        Metres per pixel, for inputs in pixel coordinates.
    progress : bool or callable, default False
        As for the metric functions.
    **params
        The perturbation parameters, as in the plugin (``GAP_LENGTH``,
        ``MIN_LINK``, ``MAX_LINK``, ``DETOUR_FACTOR``, ``MAX_SHIFT``,
        ``DOUBLE_SHIFT``, ``DOUBLE_LENGTH``, ``REMOVAL_RADIUS``,
        ``MERGE_TOLERANCE``, ``NODE_CROSSINGS``; lower case works too).

    Returns
    -------
    PerturbResult
        ``prediction`` and ``ground_truth`` (Sources any metric takes),
        ``layers`` (records to write with ``write``), ``n_errors``,
        ``to_dict()`` (the plugin's PARAMETERS).

    Raises
    ------
    InputError
        Unreadable input, no line, an unknown error type, a parameter out
        of its range, more errors than the network can hold.

    Examples
    --------
    >>> import roadnetworkmetrics as rnm
    >>> steps = (0, 100, 200, 300)
    >>> grid = [[(x, y) for x in steps] for y in steps] + [[(x, y) for y in steps] for x in steps]
    >>> p = rnm.perturb(grid, "interruptions", 2, seed=2)
    >>> p.n_errors, len(p.layers["errors"]), len(p.layers["prediction"])
    (2, 2, 22)
    >>> round(rnm.optj(p.ground_truth, p.prediction).scores["OPTJ_F1"], 4)   # 2 * 44 / 92
    0.9565
    """
    from .core.analysis.perturb import perturb as _perturb
    pp = _perturb_params(params)
    glines, info, _ = _read_one(lines, "input", pixel_size)
    try:
        with progress_for(progress, "perturb") as prog:
            res = _perturb(glines, error_type, count, seed, pp, prog)
    except (ValueError, KeyError) as e:
        raise InputError(message_of(e)) from None
    return PerturbResult(res, info)


# -- sensitivity ----------------------------------------------------------------

class SensitivityResult:
    """What :func:`sensitivity` returns (roadmetrics:sensitivity's outputs).

    Attributes
    ----------
    error_types, counts, repetitions, metrics, seed, flat_threshold, parameters, warnings
        As in the plugin's RESULTS.
    summary : list of dict
        Per error type and compared score: ``error_type``, ``metric``,
        ``score``, ``key``, ``at_0``, ``at_max``, ``delta`` (negative =
        worse), ``flat`` (the plugin's SUMMARY).
    records : list of dict
        Every number of every run: ``error_type`` ('none' at count 0),
        ``count``, ``repetition``, ``metric``, ``score``, ``key``,
        ``value``, ``n_errors`` (the plugin's TABLE).
    rows : pandas.DataFrame
        ``records`` as a DataFrame when pandas is installed (else the list).
    """

    SUMMARY = ("error_type", "metric", "score", "key", "at_0", "at_max", "delta", "flat")
    COLUMNS = ("error_type", "count", "repetition", "metric", "score", "key", "value", "n_errors")

    def __init__(self, core, info: dict, gt: LineSet, rows: dict):
        self._core, self._info, self._gt, self._rows = core, info, gt, rows
        self.error_types, self.counts = list(core.types), list(core.counts)
        self.repetitions, self.metrics, self.seed = core.repetitions, list(core.metrics), core.seed
        self.flat_threshold, self.parameters = core.flat_threshold, dict(core.parameters)
        self.warnings = [str(w) for w in core.warnings]
        self.summary = [dict(zip(self.SUMMARY, r)) for r in core.summary_rows()]
        self.records = [dict(zip(self.COLUMNS, r)) for r in core.rows()]

    def __repr__(self) -> str:
        flat = sum(1 for s in self.summary if s["flat"])
        return (f"<SensitivityResult {len(self.error_types)} error type(s) x counts {self.counts} x "
                f"{self.repetitions} repetition(s), {len(self.metrics)} metric(s); {flat} flat>")

    @property
    def rows(self):
        return _frame(self.records, list(self.COLUMNS))

    def series(self, error_type: str, metric: str, score: str) -> tuple:
        """(counts, mean, std) of one score over the repetitions; ``score``
        by its key (``OPTJ_F1``) or its output name in the metric
        (``F1``), as the records' ``key`` and ``score`` columns."""
        short = {v: k for k, v in short_to_canonical(_spec(metric)).items()}
        return self._core.series(error_type, metric, short.get(score, score))

    def to_dict(self) -> dict:
        """The plugin's RESULTS (JSON-safe)."""
        return json_safe(dict(self._core.to_dict(), **_run_info(self._info)))

    def to_json(self, indent: Optional[int] = None) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    def report(self, path: Optional[str] = None, title: str = "Metric sensitivity analysis") -> str:
        """The plugin's HTML report (written to ``path`` when given);
        returns the HTML text."""
        from .core.analysis.sensitivity import examples
        from .core.reports.tool_reports import sensitivity_report
        from . import __version__
        html = sensitivity_report(title, self._rows, self._core, examples(self._gt, self._core),
                                  meta={"roadnetworkmetrics": __version__})
        return _write_html(path, html)


def _sensitivity_rows(src: Source, gt: LineSet, info: dict, res, per_metric: dict) -> dict:
    from .core.analysis.perturb import LABELS
    rows = {"ground truth": f"{src.name} ({len(gt.parts)} line parts)",
            "working CRS": info.get("working_crs") or "",
            "error types": ", ".join(LABELS[t] for t in res.types),
            "COUNTS": ", ".join(str(c) for c in res.counts), "REPETITIONS": res.repetitions,
            "metrics": ", ".join(res.metrics), "SEED": res.seed,
            "perturbation parameters": ", ".join(f"{k}={v}" for k, v in res.parameters.items()),
            "FLAT_THRESHOLD": res.flat_threshold}
    if per_metric:
        rows["PARAMETERS"] = json.dumps(per_metric)
    return rows


def _no_fields(resolved: dict) -> None:
    for m, values in resolved.items():
        used = field_values(_spec(m), values)
        if used:
            raise InputError(msg("{}: {} names a field, and the sensitivity analysis reads no "
                                 "attributes (the perturbed copies have none).", m, ", ".join(used)))


def sensitivity(ground_truth: Any, *, error_types: Optional[Sequence[str]] = None,
                counts: Union[str, Sequence[int]] = (0, 5, 10, 20, 40), repetitions: int = 1,
                metrics: Optional[Sequence[str]] = None, params: Optional[dict] = None,
                seed: int = 0, flat_threshold: float = 0.01, scores: str = "headline",
                workers: int = 1, dask: Optional[str] = None, pixel_size: Optional[float] = None,
                progress: ProgressArg = False, report: Optional[str] = None,
                **perturb_params: Any) -> SensitivityResult:
    """Every metric against the number of synthetic errors of each type on
    a ground truth (the plugin's roadmetrics:sensitivity; Citraro et al.,
    ECCV 2020, Fig. 5).

    Parameters
    ----------
    ground_truth : path, graph, geometries, arrays or GeoDataFrame
        Anything :func:`read` accepts.
    error_types : list of str, optional
        Error types (default: all six, as :func:`perturb`).
    counts : list of int or str, default (0, 5, 10, 20, 40)
        Numbers of errors ('0, 5, 10' works too); 0 is always added.
    repetitions : int, default 1
        Repetitions with other seeds (error bars).
    metrics : list of str, optional
        Metric ids (default: all of them).
    params : dict, optional
        Shared (``MERGE_TOLERANCE`` ...) and per-metric parameters under
        the metric's id, as for :func:`evaluate`.
    seed : int, default 0
        Base seed of the perturbations and the metrics.
    flat_threshold : float, default 0.01
        A score changing less than this from count 0 to the largest count
        is flagged insensitive (``flat``).
    scores : {'headline', 'all'}
        Scores summarised: one per metric, or every oriented score.
    workers : int, default 1
        Local processes (0: one per core); ``dask``: a scheduler address.
        The numbers do not depend on them.
    pixel_size, progress
        As for the metric functions.
    report : str, optional
        Write the plugin's HTML report to this file.
    **perturb_params
        Perturbation parameters as for :func:`perturb` (``GAP_LENGTH`` ...).

    Returns
    -------
    SensitivityResult
        ``summary``, ``records`` / ``rows``, ``series()``, ``to_dict()``
        (the plugin's RESULTS), ``report()``.

    Examples
    --------
    >>> import roadnetworkmetrics as rnm
    >>> steps = (0, 100, 200, 300)
    >>> grid = [[(x, y) for x in steps] for y in steps] + [[(x, y) for y in steps] for x in steps]
    >>> s = rnm.sensitivity(grid, error_types=["interruptions"], counts=[0, 1, 3], metrics=["optj"])
    >>> [round(v, 4) for v in s.series("interruptions", "optj", "OPTJ_F1")[1]]  # 1, 84/86, 92/98
    [1.0, 0.9767, 0.9388]
    >>> s.summary[0]["key"], s.summary[0]["flat"]
    ('OPTJ_F1', False)
    """
    from .core.analysis.sensitivity import sensitivity as _sensitivity
    ids = _metric_ids(metrics)
    if isinstance(repetitions, bool) or not isinstance(repetitions, (int, float)) or \
            repetitions != int(repetitions):
        raise InputError(f"repetitions must be a whole number >= 1, got {repetitions!r}")
    pp = _perturb_params(perturb_params)
    mp, resolved, warnings = _metric_params(ids, params, seed)
    _no_fields(resolved)
    for k in ("MERGE_TOLERANCE", "NODE_CROSSINGS"):  # one network model, as in the plugin
        if k in pp and k not in mp:
            mp[k] = pp[k]
    _checked_perturb_params(pp)
    gt, info, src = _read_one(ground_truth, "ground truth", pixel_size)
    info["warnings"] = warnings + list(info["warnings"])
    try:
        with progress_for(progress, "sensitivity") as prog:
            res = _sensitivity(gt, list(error_types) if error_types else None, counts, repetitions,
                               ids, mp, pp, seed, workers, dask, prog, flat_threshold, scores)
    except (ValueError, KeyError) as e:
        raise InputError(message_of(e)) from None
    per_metric = {k: v for k, v in mp.items() if isinstance(v, dict)}
    out = SensitivityResult(res, info, gt, _sensitivity_rows(src, gt, info, res, per_metric))
    if report:
        out.report(report)
    return out


# -- compare --------------------------------------------------------------------

class ComparisonResult:
    """What :func:`compare` returns (roadmetrics:compare's outputs).

    Attributes
    ----------
    methods : list of str
    metrics : list of str
    keys : list of str
        The compared scores (``APLS``, ``OPTJ_F1`` ...).
    references : list
        'all', or the tiles with ground truth.
    scores : dict
        {key: {method: number}} on the whole extent (or aggregated over the
        tiles).
    ranking : dict
        {key: [{'rank', 'method', 'value'}]}, best first.
    pairs : list of dict
        Per pair of scores: ``score_a``, ``score_b``, ``pearson``,
        ``spearman``, ``samples``, ``esr``, ``triplets``, ``missorted``,
        ``sm_min``, ``sm_median`` (the plugin's PAIRS).
    records : list of dict
        One per (method, tile, score): ``method``, ``tile`` ('all' for the
        overall value), ``metric``, ``score``, ``key``, ``value``, ``rank``
        (the plugin's SCORES_TABLE); ``rows``: as a pandas DataFrame.
    warnings : list of str
    """

    COLUMNS = ("method", "tile", "metric", "score", "key", "value", "rank")
    PAIRS = ("score_a", "score_b", "pearson", "spearman", "samples", "esr", "triplets",
             "missorted", "sm_min", "sm_median")

    def __init__(self, core, info: dict, rows: dict):
        self._core, self._info, self._rows = core, info, rows
        d = core.to_dict()
        self.methods, self.metrics, self.seed = list(core.methods), list(core.metrics), core.seed
        self.keys = [k for _, _, k, _ in core.keys]
        self.references = list(core.references)
        self.warnings = [str(w) for w in core.warnings]
        self.scores = {k: dict(zip(self.methods, (_nan(v) for v in d["scores"][k]["overall"])))
                       for k in self.keys}
        self.ranking = d["ranking"]
        self.pairs = [dict(zip(self.PAIRS, (p["a"], p["b"], p["pearson"], p["spearman"], p["n"],
                                            p["esr"], p["triplets"], p["missorted"], p["sm_min"],
                                            p["sm_median"]))) for p in d["pairs"]]
        self.records = self._records()

    def _records(self) -> list:
        comp, out = self._core, []
        for m, o, key, _ in comp.keys:
            ranks = {meth: r for r, meth, _ in comp.ranking(key)}
            for j, meth in enumerate(comp.methods):
                out.append(dict(zip(self.COLUMNS, (meth, "all", m, o, key,
                                                   float(comp.overall[key][j]), ranks[meth]))))
                if comp.tiled:
                    for r, ref in enumerate(comp.references):
                        out.append(dict(zip(self.COLUMNS, (meth, str(ref), m, o, key,
                                                           float(comp.values[key][r, j]), None))))
        return out

    def __repr__(self) -> str:
        best = ", ".join(f"{k}: {self.ranking[k][0]['method']}" for k in self.keys[:3])
        return f"<ComparisonResult {len(self.methods)} methods, best by {best}>"

    @property
    def rows(self):
        return _frame(self.records, list(self.COLUMNS))

    def to_dict(self) -> dict:
        """The plugin's RESULTS (JSON-safe)."""
        extra = {k: self._info[k] for k in ("ground_truth_raster", "prediction_rasters")
                 if k in self._info}
        return json_safe(dict(self._core.to_dict(), **_run_info(self._info), **extra))

    def to_json(self, indent: Optional[int] = None) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    def report(self, path: Optional[str] = None, title: str = "Comparison of methods") -> str:
        """The plugin's HTML report (written to ``path`` when given);
        returns the HTML text."""
        from .core.reports.tool_reports import compare_report
        from . import __version__
        html = compare_report(title, self._rows, self._core, meta={"roadnetworkmetrics": __version__})
        return _write_html(path, html)


def method_names(predictions: Any) -> list:
    """[(name, input)] of ``predictions``: a dict {name: input}, a list of
    (name, input) pairs, or a list of inputs (named after their files, else
    'method k'); a repeated name gets ' (2)', as the plugin names layers."""
    if isinstance(predictions, dict):
        pairs = [(str(k), v) for k, v in predictions.items()]
    elif isinstance(predictions, (list, tuple)):
        pairs = []
        for k, p in enumerate(predictions):
            if isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], str) and not (
                    isinstance(p[1], (int, float))):
                pairs.append(p)
            elif isinstance(p, (str, os.PathLike)) and not str(p).lstrip().upper().startswith(
                    ("LINESTRING", "MULTILINESTRING")):
                base = os.path.basename(os.fspath(p).split("|")[0])
                pairs.append((os.path.splitext(base)[0] or f"method {k + 1}", p))
            else:
                pairs.append((f"method {k + 1}", p))
    else:
        raise InputError("predictions must be a dict {method name: input} or a list of "
                         "(name, input) pairs")
    out, seen = [], set()
    for name, p in pairs:
        unique, n = name, 2
        while unique in seen:
            unique = f"{name} ({n})"
            n += 1
        seen.add(unique)
        out.append((unique, p))
    return out


def _read_methods(ground_truth: Any, named: list, fields: list, raster: dict,
                  resolved: dict, pixel_size: Optional[float]) -> tuple:
    """(gt LineSet, gt Source, [(name, LineSet)], info): every method
    brought into the ground truth's working CRS by the library's rule; the
    warnings of the ground truth once, each raster's extraction recorded."""
    from .core.registry import check_fields
    if raster and not any(is_raster_path(x) for x in [ground_truth] + [p for _, p in named]):
        raise InputError(msg("{} only apply to a raster file given as the ground truth or a "
                             "prediction (.tif ...).", ", ".join(sorted(raster))))
    gsrc = as_source(ground_truth, "ground truth", fields=fields, raster=raster)
    gt, info, preds = None, None, []
    for name, p in named:
        psrc = as_source(p, name, fields=fields, raster=raster)
        glines, plines, inf = prepare(gsrc, psrc, pixel_size)
        try:
            for m, values in resolved.items():
                check_fields(registry.get(m), values, {"GROUND_TRUTH": list(glines.attributes),
                                                       "PREDICTION": list(plines.attributes)})
        except (ValueError, KeyError) as e:
            raise InputError(message_of(e)) from None
        if info is None:
            gt, info = glines, inf
            info.pop("prediction_raster", None)
        else:
            shown = {str(w) for w in info["warnings"]}
            info["warnings"] += [w for w in inf["warnings"] if str(w) not in shown]
        if inf.get("prediction_raster"):
            info.setdefault("prediction_rasters", {})[name] = inf["prediction_raster"]
        preds.append((name, plines))
    return gt, gsrc, preds, info


def _compare_rows(gsrc: Source, gt: LineSet, preds: list, info: dict, comp, ids: list,
                  which: str, tiles: Optional[list], per_metric: dict) -> dict:
    rows = {"ground truth": f"{gsrc.name} ({len(gt.parts)} line parts)"}
    if info.get("ground_truth_raster"):
        rows["ground truth raster: centreline extraction"] = _record_text(info["ground_truth_raster"])
    rows["methods"] = "; ".join(f"{n} ({len(p.parts)} line parts)" for n, p in preds)
    for name, rec in info.get("prediction_rasters", {}).items():
        rows[f"{name} raster: centreline extraction"] = _record_text(rec)
    rows["working CRS"] = info.get("working_crs") or ""
    rows.update({"metrics": ", ".join(ids), "SCORES": which, "SEED": comp.seed,
                 "tiles": (f"{len(tiles)} ({comp.aggregation}); {len(comp.references)} with ground "
                           f"truth" if tiles else "whole extent")})
    if per_metric:
        rows["PARAMETERS"] = json.dumps(per_metric)
    return rows


def _record_text(rec: dict) -> str:
    return ", ".join(f"{k} {v}" for k, v in rec.items() if k not in ("source", "transform"))


def compare(ground_truth: Any, predictions: Any, *, metrics: Optional[Sequence[str]] = None,
            params: Optional[dict] = None, seed: int = 0, scores: str = "headline",
            tile_size: Optional[float] = None, tiles: Optional[list] = None,
            aggregation: str = "pooled", empty_tiles: str = "skip", margin: float = 0.0,
            workers: int = 1, dask: Optional[str] = None, pixel_size: Optional[float] = None,
            progress: ProgressArg = False, report: Optional[str] = None,
            ci_level: float = 0.95, ci_resamples: int = 10_000,
            ci_method: str = "bca") -> ComparisonResult:
    """Several predictions (methods) against one ground truth: scores,
    rankings, correlations between metrics, Equal-Sorting Ratio and Sorting
    Margins (the plugin's roadmetrics:compare; docs/tools.md).

    Parameters
    ----------
    ground_truth : path, graph, geometries, arrays or GeoDataFrame
        Anything :func:`read` accepts (a raster file too, with the
        ``raster_*`` keywords in ``params``).
    predictions : dict or list
        {method name: input}, a list of (name, input) pairs, or a list of
        paths (named after their files); at least two.
    metrics : list of str, optional
        Metric ids (default: all of them).
    params : dict, optional
        Shared and per-metric parameters as for :func:`evaluate`, and the
        raster ones (``raster_threshold`` ...).
    seed : int, default 0
        The SEED of every sampled metric, the same for every method.
    scores : {'headline', 'all'}
        One headline score per metric, or every score with a perfect value.
    tile_size : float, optional
        Square tiles of this size in metres: every tile is a reference.
    tiles : list, optional
        Tiles as boxes or shapely polygons (or (id, polygon) pairs) in the
        working CRS, instead of ``tile_size``.
    aggregation, empty_tiles, margin
        How tiles are pooled and counted, as for :func:`evaluate`.
    workers, dask
        Local processes (0: one per core) or a Dask scheduler address.
    pixel_size, progress
        As for the metric functions.
    report : str, optional
        Write the plugin's HTML report to this file.
    ci_level, ci_resamples, ci_method
        With tiles: the bootstrap intervals of every method's aggregated
        scores (tiles resampled whole, seeded with ``seed``; 0 resamples:
        none; docs/tools.md, Intervals).  The paired comparison of the
        methods tile by tile: :func:`compare_runs` on the result.

    Returns
    -------
    ComparisonResult
        ``scores``, ``ranking``, ``pairs``, ``records`` / ``rows``,
        ``to_dict()`` (the plugin's RESULTS), ``report()``.

    Examples
    --------
    >>> import roadnetworkmetrics as rnm
    >>> steps = (0, 100, 200, 300)
    >>> grid = [[(x, y) for x in steps] for y in steps] + [[(x, y) for y in steps] for x in steps]
    >>> broken = rnm.perturb(grid, "interruptions", 2).prediction
    >>> doubled = rnm.perturb(grid, "doubled_roads", 2).prediction
    >>> c = rnm.compare(grid, {"broken": broken, "doubled": doubled, "perfect": grid},
    ...                 metrics=["optj"])
    >>> [(r["rank"], r["method"]) for r in c.ranking["OPTJ_F1"]]
    [(1, 'perfect'), (2, 'doubled'), (3, 'broken')]
    >>> round(c.scores["OPTJ_F1"]["broken"], 4)   # 88 / 92
    0.9565
    """
    from ._batch import check_ci
    from ._evaluate import _tiles
    from .core.analysis.compare import compare as _compare
    check_ci({"level": ci_level, "resamples": ci_resamples, "method": ci_method})
    ids = _metric_ids(metrics)
    params = dict(params or {})
    raster = raster_params(params)
    mp, resolved, warnings = _metric_params(ids, params, seed)
    named = method_names(predictions)
    if len(named) < 2:
        raise InputError("compare needs at least two predictions (methods)")
    fields = sorted({v for m in ids for v in field_values(_spec(m), resolved[m])})
    gt, gsrc, preds, info = _read_methods(ground_truth, named, fields, raster, resolved, pixel_size)
    info["warnings"] = warnings + list(info["warnings"])
    tile_list = _tiles(tiles, tile_size, margin, gt)
    try:
        with progress_for(progress, "compare") as prog:
            comp = _compare(gt, preds, ids, mp, seed, tile_list, aggregation, empty_tiles, margin,
                            workers, dask, prog, scores, ci_level=ci_level,
                            ci_resamples=ci_resamples, ci_method=ci_method)
    except (ValueError, KeyError) as e:
        raise InputError(message_of(e)) from None
    per_metric = {k: v for k, v in mp.items() if isinstance(v, dict)}
    out = ComparisonResult(comp, info, _compare_rows(gsrc, gt, preds, info, comp, ids, scores,
                                                     tile_list, per_metric))
    if report:
        out.report(report)
    return out
