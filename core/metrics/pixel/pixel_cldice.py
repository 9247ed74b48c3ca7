"""clDice on two masks, as its paper defines it (docs/pixel.md).

Reference: S. Shit, J. C. Paetzold et al., "clDice - a novel topology-
preserving loss function for tubular structure segmentation", CVPR 2021,
sec. 3, eq. (1)-(3); among the connectivity metrics of Reinke et al.
(MetricsReloaded).  With V_L, V_P the ground-truth and predicted masks and
S_L, S_P their skeletons (core/raster/thinning.py: scikit-image's
``skeletonize`` when installed, else the same pixels from its own Zhang-Suen
thinning):

    TPREC  = |S_P & V_L| / |S_P|        (topology precision)
    TSENS  = |S_L & V_P| / |S_L|        (topology sensitivity)
    CLDICE = 2 TPREC TSENS / (TPREC + TSENS)

Counts are pixels, as in the paper and the reference code (jocpae/clDice).
"""
from __future__ import annotations

from typing import Optional

import numpy as np

from ...progress import Progress
from ...raster.thinning import skeletonize
from ...registry import MetricSpec, Output, register
from ...result import MetricResult
from ...scores import f1, ratio
from ...text import N_
from .common import empty_warning, setup, used_params, which_empty
from .maps import SKELETON_LEGEND, SKELETON_ORDER, map_spec, skeleton_map
from .masks import Rasters

NAMES = ["CLDICE", "TPREC", "TSENS"]


def cldice_scores(g: np.ndarray, p: np.ndarray, warnings: list,
                  skeletons: Optional[list] = None) -> tuple[dict, dict]:
    """(scores, pixel counts) of clDice for two bool masks; ``skeletons``: a
    list that receives the two skeletons (ground truth, prediction)."""
    sg, sp = skeletonize(g), skeletonize(p)
    if skeletons is not None:
        skeletons.extend((sg, sp))
    n_sg, n_sp = int(np.count_nonzero(sg)), int(np.count_nonzero(sp))
    in_g, in_p = int(np.count_nonzero(sg & p)), int(np.count_nonzero(sp & g))
    counts = {"gt_skeleton_pixels": n_sg, "pred_skeleton_pixels": n_sp,
              "gt_skeleton_in_prediction": in_g, "pred_skeleton_in_ground_truth": in_p}
    empty = which_empty(g, p)
    if empty == "both":
        empty_warning(empty, warnings, "CLDICE, TPREC and TSENS = 1")
        return dict(CLDICE=1.0, TPREC=1.0, TSENS=1.0), counts
    if empty:
        empty_warning(empty, warnings, "CLDICE = 0")
    tprec, tsens = ratio(in_p, n_sp), ratio(in_g, n_sg)
    return dict(CLDICE=f1(tprec, tsens), TPREC=tprec, TSENS=tsens), counts


def compute(rasters: Rasters, params: dict, progress: Progress,
            diagnostics: bool = False) -> MetricResult:
    warnings = []
    progress.set(0.0, N_("road masks"))
    g, p, counts = setup(rasters, params, warnings)
    progress.set(0.1, N_("skeletons"))
    skeletons = [] if diagnostics else None
    scores, more = cldice_scores(g, p, warnings, skeletons)
    counts.update(more)
    out = {"SKELETON_MAP": skeleton_map(g, p, *skeletons)} if diagnostics else {}
    progress.set(1.0)
    return MetricResult("pixel_cldice", {k: float(scores[k]) for k in NAMES},
                        parameters=used_params(params, SPEC), counts=counts, warnings=warnings, maps=out)


SPEC = register(MetricSpec(
    id="pixel_cldice",
    name="Pixel clDice (masks)",
    group="Pixel metrics",
    help=("clDice of two road masks on one grid, as in its paper: the skeleton of each mask "
          "(Zhang-Suen thinning, scikit-image's skeletonize) compared with the other mask. TPREC = "
          "share of the predicted skeleton's pixels inside the ground-truth mask, TSENS = share "
          "of the ground-truth skeleton's pixels inside the predicted mask, CLDICE their "
          "harmonic mean. Empty masks: both empty -> 1; one empty -> CLDICE 0."),
    reference="Shit, Paetzold et al., clDice, CVPR 2021, eq. (1)-(3)",
    params=[],
    outputs=[
        Output("CLDICE", "clDice", "Harmonic mean of TPREC and TSENS."),
        Output("TPREC", "Topology precision", "Share of the predicted skeleton inside the "
                                              "ground-truth mask."),
        Output("TSENS", "Topology sensitivity", "Share of the ground-truth skeleton inside the "
                                                "predicted mask."),
    ],
    sinks=[],
    compute=compute,
    headline="CLDICE",
    cost=2.0,
    inputs="masks",
    maps=[map_spec("SKELETON_MAP", "Skeletons (raster)",
                   "The skeleton pixels of both masks, each inside the other mask (counted by "
                   "TSENS / TPREC) or outside it (missed ground truth, false prediction), over "
                   "the two masks in light colours.", SKELETON_LEGEND, SKELETON_ORDER)],
    doc=('docs/pixel.md', 'roadmetricspixel_cldice--pixel-cldice'),
    tags=('cldice', 'skeleton', 'centreline', 'centerline', 'mask', 'raster', 'pixel',
          'segmentation', 'topology precision', 'topology sensitivity'),
))
