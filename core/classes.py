"""Scores per class: a metric computed on the features of each class value.

The class of a feature is the text of its CLASS_FIELD value (null -> the
class "NULL"); a class present on one side only is evaluated against an
empty other side, with that metric's empty-input convention.
"""
from __future__ import annotations

import numpy as np

from .network.lineset import LineSet
from .text import msg

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
