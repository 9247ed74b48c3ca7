"""Running one metric: its compute() on two LineSets with the checks and
additions every face relies on (scores per class, scores clipped onto their
bounds, the float64 precision warning).  The QGIS algorithms, evaluate-all
and the Python library all run a metric through :func:`run_metric` (or
:func:`run`, which resolves the parameters first), so they give the same
numbers."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Union

import numpy as np

from . import registry
from .classes import split_by_class
from .network.lineset import LineSet
from .progress import NO_PROGRESS, active
from .text import message_of, msg

if TYPE_CHECKING:  # for the annotations only
    from .progress import Progress
    from .result import MetricResult

MetricSpec = registry.MetricSpec


def run(spec: Union[MetricSpec, str], gt: LineSet, pred: LineSet, params: Optional[dict] = None,
        progress: Optional[Progress] = None, diagnostics: bool = True) -> MetricResult:
    """Resolve ``params`` (defaults, checks: MetricSpec.resolve) and run the
    metric ``spec`` (a MetricSpec or a metric id) with :func:`run_metric`."""
    if isinstance(spec, str):
        spec = registry.get(spec)
    return run_metric(spec, gt, pred, spec.resolve(params), progress or NO_PROGRESS,
                      diagnostics)


def run_masks(spec: Union[MetricSpec, str], rasters, params: Optional[dict] = None,
              progress: Optional[Progress] = None, diagnostics: bool = False) -> MetricResult:
    """Run the mask metric ``spec`` (inputs='masks') on ``rasters`` (a
    core.metrics.pixel.masks.Rasters): parameters resolved and checked,
    cancel and progress bridged, scores clipped onto their bounds.  Every
    face runs a pixel metric through here.  ``diagnostics``: also build the
    metric's diagnostic maps (``result.maps``, spec.maps); off, they cost
    nothing."""
    if isinstance(spec, str):
        spec = registry.get(spec)
    if spec.inputs != "masks":
        raise ValueError(msg("{} scores two line layers, not rasters.", spec.id))
    resolved = spec.resolve(params)
    progress = progress or NO_PROGRESS
    with active(progress):
        result = spec.compute(rasters, resolved, progress, diagnostics=bool(diagnostics))
    spec.clip_scores(result.scores)
    _clip_classes(spec, result)
    return result


def _clip_classes(spec, result):
    """Scores per class computed by the metric itself, clipped as the
    main scores (MetricSpec.clip_scores)."""
    for c in (result.details.get("classes") or {}).values():
        if isinstance(c, dict) and isinstance(c.get("scores"), dict):
            spec.clip_scores(c["scores"])


# coordinates are too large when float64's spacing there exceeds this
# fraction of the smallest distance parameter (MERGE_TOLERANCE by default)
PRECISION_FRACTION = 1e-3


def precision_warning(spec: MetricSpec, gt: LineSet, pred: LineSet,
                      params: dict) -> Optional[str]:
    """A warning when the coordinates are so large that float64 no longer
    resolves the smallest distance parameter finely: its spacing near the
    largest |coordinate| M is at most M x 2^-52, and it must stay below
    PRECISION_FRACTION x that parameter (at the default 5 cm merge tolerance:
    |coordinates| up to about 2e11).  None when they are fine."""
    m = 0.0
    for ls in (gt, pred):
        if len(ls.parts):
            a = np.abs(np.concatenate(ls.parts))
            a = a[np.isfinite(a)]
            if len(a):
                m = max(m, float(a.max()))
    if m == 0.0:
        return None
    dists = [(p.name, params.get(p.name)) for p in spec.all_params() if p.kind == "distance"]
    dists = [(n, float(v)) for n, v in dists if v is not None and float(v) > 0]
    if not dists:
        return None
    name, tol = min(dists, key=lambda x: x[1])
    res = m * 2.0 ** -52
    if res <= PRECISION_FRACTION * tol:
        return None
    return (f"coordinates reach {m:.3g} m, where float64 resolves only about {res:.2g} m (more "
            f"than 1/1000 of {name}, {tol:g} m): scores may change by rounding; move the data "
            f"nearer the origin (a local projected CRS)")


def run_metric(spec: MetricSpec, gt: LineSet, pred: LineSet, params: dict,
               progress: Progress, diagnostics: bool = True) -> MetricResult:
    """spec.compute, plus scores per class when CLASS_FIELD is set; scores
    clipped onto their bounds (MetricSpec.clip_scores) and a warning when
    the coordinates are too large for float64 (:func:`precision_warning`).
    Inner loops of the metric see ``progress`` through
    core.progress.checkpoint.

    ``diagnostics``: build the metric's layers (matched / missed features).
    A face or tool that throws them away passes False (evaluate-all keeps
    only the layers its report maps, tiles, compare and sensitivity keep
    none, the scores per class never use theirs); a metric whose layers cost
    work beyond its scores may then skip it, with the same scores (OPT-G's
    least-distance assignment only decides which control points its layers
    draw as matched; tests/core/metrics/subgraphs/test_optg.py checks the
    scores are equal).  The pixel metrics' maps are their diagnostics
    (:func:`run_masks`)."""
    with active(progress):
        result = _run_metric(spec, gt, pred, params, progress, diagnostics)
    w = precision_warning(spec, gt, pred, params)
    if w:
        result.warnings.append(w)
    return result


def _run_metric(spec, gt, pred, params, progress, diagnostics=True):
    if spec.inputs != "lines":
        raise ValueError(msg("{} scores two rasters (masks), not two line layers: run it on "
                             "rasters (roadmetrics:{}, roadnetworkmetrics.{}).",
                             spec.id, spec.id, spec.id))
    field = params.get("CLASS_FIELD")
    if not field or spec.handles_classes:
        result = spec.compute(gt, pred, params, progress, diagnostics=diagnostics)
        spec.clip_scores(result.scores)
        _clip_classes(spec, result)
        return result
    parts = split_by_class(gt, pred, field)
    result = spec.compute(gt, pred, params, progress.sub(0.0, 0.5), diagnostics=diagnostics)
    spec.clip_scores(result.scores)
    per_class = {}
    n = max(len(parts), 1)
    for i, (c, (g, p)) in enumerate(parts.items()):
        sub = progress.sub(0.5 + 0.5 * i / n, 0.5 + 0.5 * (i + 1) / n)
        try:
            r = spec.compute(g, p, params, sub, diagnostics=False)  # never shown
            per_class[c] = {"scores": spec.clip_scores(r.scores), "n_gt_features": int(len(g.feature_ids)),
                            "n_pred_features": int(len(p.feature_ids)),
                            "gt_length_m": g.total_length(), "pred_length_m": p.total_length(),
                            "warnings": r.warnings}
        except ValueError as e:
            per_class[c] = {"scores": {}, "error": message_of(e)}
    result.details["classes"] = per_class
    result.parameters["CLASS_FIELD"] = field
    return result


# what the faces record in ``info`` about the inputs besides the CRS record
# (core.crs.RECORD_KEYS): the pixel size of pixel inputs, a raster input's
# centreline extraction (core/raster/params.py record)
INPUT_RECORD_KEYS = ("pixel_size_m", "ground_truth_raster", "prediction_raster")


def with_inputs(result: MetricResult, info: dict, gt: LineSet, pred: LineSet) -> MetricResult:
    """What every face adds to a metric's result about its inputs: the
    input warnings first, the working CRS and what was done to the
    coordinates (core.crs.RECORD_KEYS, INPUT_RECORD_KEYS: ``pixel_size_m``,
    a raster input's extraction) in ``parameters``,
    the readers' counts in ``counts``.  Changes ``result`` and returns it."""
    from .crs import RECORD_KEYS
    result.warnings = list(info.get("warnings") or []) + result.warnings
    result.parameters["working_crs"] = info.get("working_crs")
    for k in RECORD_KEYS + INPUT_RECORD_KEYS:
        if info.get(k):
            result.parameters[k] = info[k]
    result.counts["input_ground_truth"] = gt.counts
    result.counts["input_prediction"] = pred.counts
    return result
