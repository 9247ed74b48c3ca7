"""What the pixel metrics share: their run set-up (road masks, counts of
the inputs) and the empty-input rule (docs/pixel.md, "Empty masks")."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import numpy as np

from ...text import msg
from .masks import Rasters, road_masks

if TYPE_CHECKING:
    from ...registry import MetricSpec


def setup(rasters: Rasters, params: dict,
          warnings: Optional[list] = None) -> tuple[np.ndarray, np.ndarray, dict]:
    """(ground-truth road mask, prediction road mask, counts) of a run; a
    0/255 mask's warning goes into ``warnings``."""
    if not isinstance(rasters, Rasters):
        raise ValueError(msg("A pixel metric scores two rasters (core.metrics.pixel.masks."
                             "Rasters), not {}.", type(rasters).__name__))
    g, p = road_masks(rasters, params, warnings)
    dy, dx = rasters.spacing_m
    counts = {"rows": int(g.shape[0]), "columns": int(g.shape[1]),
              "pixel_height_m": dy, "pixel_width_m": dx,
              "gt_road_pixels": int(np.count_nonzero(g)),
              "pred_road_pixels": int(np.count_nonzero(p))}
    return g, p, counts


def which_empty(g: np.ndarray, p: np.ndarray) -> Optional[str]:
    """'both', 'gt', 'pred' or None: which of the two sets is empty."""
    ge, pe = not g.any(), not p.any()
    if ge and pe:
        return "both"
    return "gt" if ge else ("pred" if pe else None)


def empty_warning(which: str, warnings: list, what: str) -> None:
    """Record the empty-mask convention applied."""
    text = {"both": msg("both masks are empty: {}", what),
            "gt": msg("the ground-truth mask is empty: {}", what),
            "pred": msg("the predicted mask is empty: {}", what)}[which]
    warnings.append(text)


def used_params(params: dict, spec: MetricSpec) -> dict:
    """The parameters a run used: every parameter of the metric's ``spec``
    (core.registry.MetricSpec), its own then the mask parameters, so a
    parameter declared in the spec is recorded without naming it again."""
    return {p.name: params.get(p.name) for p in spec.all_params()}
