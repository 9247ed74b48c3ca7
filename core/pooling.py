"""Pooled aggregation over tiles: sum each tile's additive counts, then
compute the ratios once (MetricSpec.pool).  A metric's pool function takes
the per-tile MetricResults (scores + pool_stats) and returns its scores."""
from __future__ import annotations

from typing import Optional

import math

from .scores import f1, ratio


def sums(results: list, keys: list[str], source: str = "scores") -> dict[str, float]:
    """{key: sum over results} of scores (or pool_stats) entries; NaN
    entries count as 0."""
    out = {k: 0.0 for k in keys}
    for r in results:
        d = r.scores if source == "scores" else r.pool_stats
        for k in keys:
            v = d.get(k, 0.0)
            if v is not None and not (isinstance(v, float) and math.isnan(v)):
                out[k] += float(v)
    return out


def precision_recall_from(tp_pred: float, pred_total: float, tp_gt: float, gt_total: float,
                          extra: Optional[dict] = None) -> dict[str, float]:
    """PRECISION / RECALL / F1 from matched and total counts of each side."""
    p, r = ratio(tp_pred, pred_total), ratio(tp_gt, gt_total)
    if gt_total > 0 and pred_total == 0:
        r, p = 0.0, math.nan
    out = {"PRECISION": p, "RECALL": r, "F1": f1(p, r)}
    out.update(extra or {})
    return out
