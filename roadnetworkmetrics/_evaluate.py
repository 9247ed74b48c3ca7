"""evaluate(): several metrics on one pair of inputs, on the whole extent
or tile by tile, with the plugin's SCORES document and HTML report."""
from __future__ import annotations

import json
import os
from typing import Any, Callable, Optional, Sequence, Union

import numpy as np

from .core import registry
from .core.analysis.evaluate import evaluate as _evaluate
from .core.analysis.evaluate import metric_params, scores_document, seed_used, with_protocol
from .core.analysis.evaluate_pixels import (PixelRun, grid_problem, pixel_params, record,
                                            skip_reason, split_metrics)
from .core.analysis.tiles import check_tiling, evaluate_tiles, grid_tiles
from .core.progress import Progress
from .core.registry import check_fields
from .core.result import json_safe
from .core.text import message_of, msg
from ._api import _spec, normalise, sources
from ._errors import InputError
from ._inputs import prepare
from ._raster import is_raster_path, raster_params
from ._progress import progress_for
from ._result import Result


class EvaluationResult:
    """What :func:`evaluate` returns.

    Attributes
    ----------
    numbers : dict
        {score key: number} of every metric, keys as in the plugin's
        evaluate-all outputs (``APLS``, ``CCQ_QUALITY``, ``TOPO_F1`` ...).
    results : dict
        {metric id: Result} (whole extent only).
    errors : dict
        {metric id: message} of metrics that could not be computed.
    aggregate : dict
        {metric id: {output: number}} over the tiles (tiles only).
    intervals : dict
        {score key: (low, high)}: the bootstrap confidence interval of each
        aggregated score over the tiles (tiles only; NaN bounds for counts
        and without resamples); their settings are in
        ``to_dict()['intervals']``.
    warnings : list of str
    """

    def __init__(self, document: dict, results: dict, evaluation, tiled, inputs):
        self._doc = document
        self.numbers = document["numbers"]
        self.results = results
        self.errors = document.get("errors", {})
        self.aggregate = document.get("aggregate", {})
        iv = document.get("intervals") or {}
        self.intervals = {k: (v["ci_low"], v["ci_high"]) for k, v in iv.get("scores", {}).items()
                          } if iv.get("resamples") else {}
        self.warnings = [str(w) for w in document["warnings"]]
        self._evaluation, self._tiled, self._inputs = evaluation, tiled, inputs

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={v:.4g}" for k, v in list(self.numbers.items())[:4])
        return f"<EvaluationResult {len(self.numbers)} scores: {shown}, ...>"

    def to_dict(self) -> dict:
        """The plugin's evaluate SCORES document (JSON-safe)."""
        return json_safe(self._doc)

    def to_json(self, indent: Optional[int] = None) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    def plot(self, ax=None, **kwargs: Any) -> Any:
        """A small-multiple bar chart with matplotlib (``pip install
        matplotlib``): one panel per metric, its scores between 0 and 1
        (the headline dark and first, up to five more light), the headline
        in the panel's title; a metric that could not be computed says so.
        ``ax``: as many Axes as metrics (default: a new figure; ``**kwargs``
        go to ``matplotlib.pyplot.subplots``).  Returns the Axes (an array
        of them for several metrics)."""
        from ._plot import plot_evaluation
        return plot_evaluation(self, ax, **kwargs)

    def report(self, path: Optional[str] = None, title: str = "Road network evaluation") -> str:
        """The HTML report of the plugin (written to ``path`` when given);
        returns the HTML text."""
        from .core.reports.report import evaluation_report
        from . import __version__
        gt, pred, rows, input_warnings = self._inputs
        html = evaluation_report(title, rows, self._evaluation, self._tiled, gt.parts, pred.parts,
                                 meta={"roadnetworkmetrics": __version__}, input_warnings=input_warnings,
                                 pixel_note=(self._doc.get("pixel_metrics") or {}).get("skipped"))
        if path:
            with open(path, "w", encoding="utf-8") as f:
                f.write(html)
        return html


def _check(ids: list, params: dict, seed: Optional[int], raster: Optional[dict] = None) -> dict:
    resolved = {}
    for m in ids:
        spec = _spec(m)
        try:
            resolved[m] = (pixel_params(spec, params, raster) if spec.inputs == "masks" else
                           metric_params(spec, params, seed))
        except (ValueError, KeyError) as e:
            raise InputError(message_of(e))
    return resolved


def _select(metrics, pixel_metrics: bool, ground_truth, prediction) -> tuple:
    """(line metric ids, pixel metric ids) of a selection: the pixel
    metrics only when both inputs are raster files (one named in
    ``metrics`` with other inputs is refused)."""
    for m in metrics or ():
        _spec(m)
    try:
        lines, pixels = split_metrics(metrics, pixel_metrics)
    except ValueError as e:
        raise InputError(message_of(e)) from None
    if not (is_raster_path(ground_truth) and is_raster_path(prediction)):
        named = [m for m in metrics or () if m in pixels]
        if named:
            raise InputError(msg("{} score two rasters: give the ground truth and the prediction "
                                 "as raster files on one grid.", ", ".join(named)))
        pixels = []
    return (lines if lines is not None else [s.id for s in registry.all_specs()]), pixels


def _pixel_run(ground_truth, prediction, ids: list, raster: dict, tiled: bool,
               info: dict) -> Optional[PixelRun]:
    """The pixel metrics' run on two raster files: their headers compared
    first (core/analysis/evaluate_pixels.py), then both read whole; None
    with a warning (and SCORES ``pixel_metrics``) when they are not on one
    grid or the run has tiles."""
    from ._pixel import _same_crs, rasters_of
    from ._raster import open_raster
    band = raster["RASTER_BAND"]
    with open_raster(os.fspath(ground_truth), band) as (gshape, _, gtr, gcrs, *_), \
            open_raster(os.fspath(prediction), band) as (pshape, _, ptr, pcrs, *_):
        pass
    same_crs = not (gcrs and pcrs and gcrs != pcrs and not _same_crs(gcrs, pcrs))
    skipped = skip_reason(tiled, grid_problem(gshape, gtr, pshape, ptr, same_crs))
    if skipped:
        info["warnings"].append(skipped)
        info["pixel_metrics"] = record(ids, None, raster, skipped)
        return None
    rasters, crs = rasters_of(ground_truth, prediction, band=band)
    info["pixel_metrics"] = record(ids, rasters, raster)
    info["pixel_crs"] = crs              # the rasters' own CRS (WKT), for their maps
    return PixelRun(rasters, ids, raster, maps=True)


def _check_ci(level, resamples, method) -> None:
    """The interval settings, refused with a sentence before any input is read."""
    from .core.analysis.bootstrap import check
    try:
        check(level, resamples, method)
    except ValueError as e:
        raise InputError(message_of(e)) from None


def _tiles(tiles, tile_size, margin, gt):
    try:
        check_tiling(tile_size or 0.0, margin)
    except ValueError as e:
        raise InputError(message_of(e))
    if tiles is not None:
        # (id, tile) pairs as given, else tiles numbered from 0; a tile is a
        # box (xmin, ymin, xmax, ymax), a shapely polygon or a ring
        paired = all(isinstance(t, tuple) and len(t) == 2 and not isinstance(t[1], (int, float))
                     for t in tiles)
        return list(tiles) if paired else list(enumerate(tiles))
    if tile_size:
        xy = np.concatenate(gt.parts)
        (x0, y0), (x1, y1) = xy.min(axis=0), xy.max(axis=0)
        return grid_tiles(x0, y0, x1, y1, tile_size)
    return None


def evaluate(ground_truth: Any, prediction: Any, metrics: Optional[Sequence[str]] = None,
             params: Optional[dict] = None, *, seed: Optional[int] = None,
             tile_size: Optional[float] = None, tiles: Optional[list] = None,
             aggregation: str = "pooled", empty_tiles: str = "skip", margin: float = 0.0,
             workers: int = 1, pixel_size: Optional[float] = None,
             progress: Union[bool, Callable, Progress] = False,
             protocol: Optional[str] = None, ci_level: float = 0.95, ci_resamples: int = 10_000,
             ci_method: str = "bca", pixel_metrics: bool = True) -> EvaluationResult:
    """Several metrics on one pair of inputs (the plugin's evaluate-all).

    Parameters
    ----------
    ground_truth, prediction : path, graph, geometries, arrays or GeoDataFrame
        As for the metric functions (:func:`roadnetworkmetrics.apls`).
        Two raster files on one grid are also scored pixel by pixel (see
        ``pixel_metrics``).
    metrics : list of str, optional
        Metric ids (default: all of them, :func:`roadnetworkmetrics.metrics`);
        pixel metric ids (:func:`roadnetworkmetrics.pixel_metrics`) choose
        which pixel metrics run on two rasters.
    params : dict, optional
        Shared parameters (``{"MERGE_TOLERANCE": 0.1}``) and per-metric ones
        under the metric's id (``{"apls": {"CONTROL_SPACING": 25}}``).
    seed : int, optional
        The SEED of every sampled metric.
    tile_size : float, optional
        Square tiles of this size in metres over the ground truth's extent.
    tiles : list, optional
        Tiles as (xmin, ymin, xmax, ymax) boxes or shapely polygons (or
        (id, polygon) pairs) in the working CRS.
    aggregation : {'pooled', 'mean'}
        How tile scores are combined (docs/evaluate.md).
    empty_tiles : {'skip', 'worst', 'best'}
        How tiles without ground truth count.
    margin : float
        Context around each tile in metres.
    workers : int
        Local processes (0: one per core).
    pixel_size, progress
        As for the metric functions.
    protocol : str, optional
        A benchmark protocol (``'sat2graph_cityscale'`` ...; docs/paths.md,
        protocol cards): the metrics it covers run with its variants, and
        their own definitions' scores are kept beside
        (``results[m].details['clean_scores']``, and in the report).  The
        whole extent only: tiles of a benchmark are files, scored with
        :func:`batch` and ``protocol=``.
    ci_level, ci_resamples, ci_method : float, int, {'bca', 'percentile'}
        With tiles: the bootstrap confidence intervals of the aggregated
        scores over the tiles (level, resamples: 0 for none, method;
        docs/tools.md, Intervals), seeded with ``seed``; tiles are resampled
        whole and pooled scores recomputed from the resampled sums.

    Returns
    -------
    EvaluationResult

    Examples
    --------
    >>> import roadnetworkmetrics as rnm
    >>> road = [[(0, 0), (200, 0), (400, 0)], [(200, 0), (200, 300)]]
    >>> ev = rnm.evaluate(road, road, metrics=["ccq", "junct"])
    >>> ev.numbers["CCQ_QUALITY"], ev.numbers["JUNCT_F1"]
    (1.0, 1.0)
    """
    ids, pixel_ids = _select(metrics, pixel_metrics, ground_truth, prediction)
    params = dict(params or {})
    raster = raster_params(params)
    for m in ids + pixel_ids:
        if isinstance(params.get(m), dict):
            params[m] = normalise(_spec(m), params[m])
    shared = {k.upper(): v for k, v in params.items() if not isinstance(v, dict)}
    params = {**shared, **{k: v for k, v in params.items() if isinstance(v, dict)}}
    if protocol is not None:
        try:
            params = with_protocol(ids, params, protocol, tiles is not None or tile_size is not None)
        except ValueError as e:
            raise InputError(message_of(e)) from None
    from ._raster import _resolve
    resolved = _check(ids + pixel_ids, params, seed, _resolve(raster))
    _check_ci(ci_level, ci_resamples, ci_method)
    # the tiles' seeds derive from one base: seed=, else a shared SEED in params, else 0
    tile_base = seed if seed is not None else int(shared.get("SEED") or 0)
    fields = sorted({v for m in ids for p in registry.get(m).all_params()
                     if p.kind == "field" for v in [resolved[m].get(p.name)] if v})
    gt, pred = sources(ground_truth, prediction, fields, raster)
    glines, plines, info = prepare(gt, pred, pixel_size)
    tile_list = _tiles(tiles, tile_size, margin, glines)
    pixels = _pixel_run(ground_truth, prediction, pixel_ids, _resolve(raster),
                        tile_list is not None, info) if pixel_ids else None
    if not ids and pixels is None:  # only pixel metrics chosen, and they cannot run
        raise InputError(msg("No metric can run: {}.", info["warnings"][-1]))
    ev = tiled = None
    try:
        for m in ids:
            check_fields(registry.get(m), resolved[m], {"GROUND_TRUTH": list(glines.attributes),
                                                        "PREDICTION": list(plines.attributes)})
        with progress_for(progress, "evaluate") as prog:
            if tile_list is not None:
                tiled = evaluate_tiles(glines, plines, tile_list, ids, params, tile_base,
                                       aggregation, empty_tiles, margin, workers, None, prog,
                                       ci_level=ci_level, ci_resamples=ci_resamples,
                                       ci_method=ci_method)
                numbers = tiled.numbers()
            else:
                ev = _evaluate(glines, plines, ids, params, seed, prog, workers=workers, strict=True,
                               protocol=protocol, pixels=pixels)
                numbers = ev.numbers()
    except (ValueError, KeyError) as e:
        raise InputError(message_of(e))
    order = ev.order if ev is not None else ids
    doc = scores_document(order, info, numbers, ev, tiled, aggregation if tiled else None,
                          empty_tiles if tiled else None)
    results = {m: Result(r, info.get("working_crs")) for m, r in (ev.results.items() if ev else [])}
    for m, r in results.items():
        r._inputs = (glines.parts, plines.parts)
        if pixels is not None and m in pixels.ids:
            r.transform = pixels.rasters.transform   # Result.write_map writes on the grid
            r.crs = info.get("pixel_crs")                # ... in the rasters' CRS
    rows = {"ground truth": gt.name, "prediction": pred.name,
            "working CRS": info.get("working_crs") or "", "metrics": ", ".join(order),
            "SEED": seed_used(ids, params, seed if tile_list is None else tile_base)}
    if protocol is not None:
        rows["protocol"] = protocol
    for label, src in (("ground truth", gt), ("prediction", pred)):
        if src.raster:
            rows[f"{label} raster: centreline extraction"] = ", ".join(
                f"{k} {v}" for k, v in src.raster.items() if k not in ("source", "transform"))
    return EvaluationResult(doc, results, ev, tiled, (glines, plines, rows, list(info.get("warnings") or [])))
