"""Scores per class: a metric computed on the features of each class value.

The class of a feature is the text of its CLASS_FIELD value (null -> the
class "NULL"); a class present on one side only is evaluated against an
empty other side, with that metric's empty-input convention.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:  # for the annotations only
    from .progress import Progress
    from .registry import MetricSpec
    from .result import MetricResult

import numpy as np

from .network.lineset import LineSet
from .text import message_of, msg

NULL_CLASS = "NULL"


def class_values(lineset: LineSet, field: str) -> list[str]:
    vals = lineset.attributes[field]
    return [NULL_CLASS if v is None else str(v) for v in vals]


def subset(lineset: LineSet, feature_mask) -> LineSet:
    """The LineSet of the features where ``feature_mask`` is True."""
    feature_mask = np.asarray(feature_mask, dtype=bool)
    keep_parts = feature_mask[lineset.part_feature] if len(lineset.parts) else np.zeros(0, bool)
    new_index = np.cumsum(feature_mask) - 1
    parts = [p for p, k in zip(lineset.parts, keep_parts) if k]
    pf = new_index[lineset.part_feature[keep_parts]] if len(parts) else np.zeros(0, np.int64)
    attrs = {k: [v for v, m in zip(vals, feature_mask) if m] for k, vals in lineset.attributes.items()}
    fids = lineset.feature_ids[feature_mask] if len(lineset.feature_ids) == len(feature_mask) else None
    return LineSet(parts, pf, fids, attrs, lineset.counts)


def split_by_class(gt: LineSet, pred: LineSet, field: str) -> dict[str, tuple[LineSet, LineSet]]:
    """{class: (gt subset, pred subset)} for every class on either side."""
    for name, ls in (("ground truth", gt), ("prediction", pred)):
        if field not in ls.attributes:
            raise ValueError(msg("CLASS_FIELD '{}' is missing from the {} layer; the class "
                                 "field must exist (same name) on both layers", field, name))
    gv, pv = class_values(gt, field), class_values(pred, field)
    classes = sorted(set(gv) | set(pv))
    ga, pa = np.array(gv, dtype=object), np.array(pv, dtype=object)
    return {c: (subset(gt, ga == c), subset(pred, pa == c)) for c in classes}


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
               progress: Progress) -> MetricResult:
    """spec.compute, plus scores per class when CLASS_FIELD is set; scores
    clipped onto their bounds (MetricSpec.clip_scores) and a warning when
    the coordinates are too large for float64 (:func:`precision_warning`).
    Inner loops of the metric see ``progress`` through
    core.progress.checkpoint."""
    from .progress import active
    with active(progress):
        result = _run_metric(spec, gt, pred, params, progress)
    w = precision_warning(spec, gt, pred, params)
    if w:
        result.warnings.append(w)
    return result


def _run_metric(spec, gt, pred, params, progress):
    field = params.get("CLASS_FIELD")
    if not field or spec.handles_classes:
        result = spec.compute(gt, pred, params, progress)
        spec.clip_scores(result.scores)
        _clip_classes(spec, result)
        return result
    parts = split_by_class(gt, pred, field)
    result = spec.compute(gt, pred, params, progress.sub(0.0, 0.5))
    spec.clip_scores(result.scores)
    per_class = {}
    n = max(len(parts), 1)
    for i, (c, (g, p)) in enumerate(parts.items()):
        sub = progress.sub(0.5 + 0.5 * i / n, 0.5 + 0.5 * (i + 1) / n)
        try:
            r = spec.compute(g, p, params, sub)
            per_class[c] = {"scores": spec.clip_scores(r.scores), "n_gt_features": int(len(g.feature_ids)),
                            "n_pred_features": int(len(p.feature_ids)),
                            "gt_length_m": g.total_length(), "pred_length_m": p.total_length(),
                            "warnings": r.warnings}
        except ValueError as e:
            per_class[c] = {"scores": {}, "error": message_of(e)}
    result.details["classes"] = per_class
    result.parameters["CLASS_FIELD"] = field
    return result
