"""Distance metrics on two masks: Hausdorff, HD95, ASSD, MASD, NSD and
Boundary IoU, in metres (docs/pixel.md).

References: Reinke et al., "Common limitations of image processing
metrics: a picture story" (the MetricsReloaded definitions, sec. 2.2 and
Figs. 7-9, boundary-based metrics); Nikolov et al. 2021 (NSD / surface
Dice); Cheng et al., "Boundary IoU", CVPR 2021, sec. 3.

With B_G, B_P the boundary pixels of the ground-truth and predicted masks
(core/metrics/pixel/surfaces.py: mask pixels with a 4-neighbour outside)
and d(p, B) the Euclidean distance in metres between pixel centres:

    HAUSDORFF    = max( max_{B_G} d(., B_P), max_{B_P} d(., B_G) )
    HD95         = max( q_p of d(., B_P) over B_G,  q_p of d(., B_G) over B_P )
    HD95_POOLED  = q_p of both directions together (medpy)
    ASSD         = ( sum_{B_G} d(., B_P) + sum_{B_P} d(., B_G) ) / ( |B_G| + |B_P| )
    MASD         = ( mean_{B_G} d(., B_P) + mean_{B_P} d(., B_G) ) / 2
    CHAMFER      = mean_{B_G} d(., B_P) + mean_{B_P} d(., B_G)
    NSD          = ( |{g in B_G: d(g, B_P) <= t}| + |{p in B_P: d(p, B_G) <= t}| ) / ( |B_G| + |B_P| )
    BOUNDARY_IOU = |(G_t & G) & (P_t & P)| / |(G_t & G) | (P_t & P)|

where q_p is numpy's linear-interpolated percentile p = PERCENTILE, t =
TOLERANCE and G_t the pixels within t of the contour of G (its inner band:
within t centre to centre with BAND_SHAPE 'disc', within t along each axis
with 'square', Cheng et al.'s 3 x 3 erosion repeated t / pixel size times).
Counts are boundary pixels, as in MetricsReloaded and medpy.
"""
from __future__ import annotations

import math

import numpy as np

from ...progress import Progress
from ...registry import MetricSpec, Output, Param, register, require_in_range, require_positive
from ...result import MetricResult
from ...scores import ratio
from ...text import N_, msg
from .common import empty_warning, setup, used_params, which_empty
from .maps import DISTANCE_LEGEND, DISTANCE_ORDER, boundary_map, map_spec
from .masks import Rasters
from .surfaces import BAND_SHAPES, boundary, inner_band, point_distances, reach, within

NAMES = ["HAUSDORFF", "HD95", "HD95_POOLED", "ASSD", "MASD", "NSD", "BOUNDARY_IOU", "CHAMFER"]
DISTANCES = ("HAUSDORFF", "HD95", "HD95_POOLED", "ASSD", "MASD", "CHAMFER")


def _empty_scores(which: str, warnings: list) -> dict[str, float]:
    if which == "both":
        empty_warning(which, warnings, "distances 0, NSD and Boundary IoU 1")
        return {**{k: 0.0 for k in DISTANCES}, "NSD": 1.0, "BOUNDARY_IOU": 1.0}
    empty_warning(which, warnings, "distances NaN, NSD and Boundary IoU 0")
    return {**{k: math.nan for k in DISTANCES}, "NSD": 0.0, "BOUNDARY_IOU": 0.0}


def distance_scores(dg: np.ndarray, dp: np.ndarray, tolerance_m: float,
                    percentile: float) -> tuple[dict, dict]:
    """(scores, details) from the directed distances of the ground-truth
    boundary pixels (``dg``) and of the predicted ones (``dp``), both
    non-empty."""
    qg, qp = float(np.percentile(dg, percentile)), float(np.percentile(dp, percentile))
    mg, mp = float(dg.mean()), float(dp.mean())
    cg = int(np.count_nonzero(within(dg, tolerance_m)))
    cp = int(np.count_nonzero(within(dp, tolerance_m)))
    n = len(dg) + len(dp)
    scores = dict(HAUSDORFF=float(max(dg.max(), dp.max())), HD95=max(qg, qp),
                  HD95_POOLED=float(np.percentile(np.concatenate([dg, dp]), percentile)),
                  ASSD=float((dg.sum() + dp.sum()) / n), MASD=(mg + mp) / 2.0, CHAMFER=mg + mp,
                  NSD=(cg + cp) / n)
    details = {"hausdorff_gt_to_pred_m": float(dg.max()), "hausdorff_pred_to_gt_m": float(dp.max()),
               "percentile_gt_to_pred_m": qg, "percentile_pred_to_gt_m": qp,
               "mean_gt_to_pred_m": mg, "mean_pred_to_gt_m": mp,
               "gt_boundary_within_tolerance": cg, "pred_boundary_within_tolerance": cp}
    return scores, details


def boundary_iou(g: np.ndarray, p: np.ndarray, width_m: float, spacing_m: tuple,
                 edges: tuple = (None, None), shape: str = "disc") -> tuple[float, dict]:
    """Boundary IoU of two masks with bands ``width_m`` wide, and its
    pixel counts (``edges``: their boundaries when already computed;
    ``shape``: the erosion's structuring element, surfaces.inner_band)."""
    bg = inner_band(g, width_m, spacing_m, edges[0], shape)
    bp = inner_band(p, width_m, spacing_m, edges[1], shape)
    inter = int(np.count_nonzero(bg & bp))
    union = int(np.count_nonzero(bg)) + int(np.count_nonzero(bp)) - inter
    return ratio(inter, union), {"gt_band_pixels": int(np.count_nonzero(bg)),
                                 "pred_band_pixels": int(np.count_nonzero(bp)),
                                 "band_intersection_pixels": inter}


def compute(rasters: Rasters, params: dict, progress: Progress,
            diagnostics: bool = False) -> MetricResult:
    tol = require_positive(params, "TOLERANCE")
    pct = require_in_range(params, "PERCENTILE", 0.0, 100.0)
    shape = params.get("BAND_SHAPE") or "disc"
    if shape not in BAND_SHAPES:
        raise ValueError(msg("BAND_SHAPE must be one of {}; got {!r}.", ", ".join(BAND_SHAPES),
                             shape))
    warnings, details = [], {}
    progress.set(0.0, N_("road masks"))
    g, p, counts = setup(rasters, params, warnings)
    spacing = rasters.spacing_m
    bg, bp = boundary(g), boundary(p)
    counts.update(gt_boundary_pixels=int(np.count_nonzero(bg)),
                  pred_boundary_pixels=int(np.count_nonzero(bp)))
    empty = which_empty(g, p)
    ig, ip = np.flatnonzero(bg), np.flatnonzero(bp)
    if empty:
        scores = _empty_scores(empty, warnings)
        # one boundary is empty: the other is farther than any tolerance from it
        dg, dp = np.full(len(ig), np.inf), np.full(len(ip), np.inf)
    else:
        progress.set(0.1, N_("distances from the ground truth"))
        dg = point_distances(ig, ip, g.shape, spacing)
        progress.set(0.35, N_("distances from the prediction"))
        dp = point_distances(ip, ig, g.shape, spacing)
        scores, details = distance_scores(dg, dp, tol, pct)
        progress.set(0.6, N_("boundary bands"))
        scores["BOUNDARY_IOU"], more = boundary_iou(g, p, reach(tol), spacing, (bg, bp), shape)
        details.update(more)
    out = {"BOUNDARY_MAP": boundary_map(g.shape, ig, ip, within(dg, tol), within(dp, tol))} \
        if diagnostics else {}
    progress.set(1.0)
    return MetricResult("pixel_distances", {k: float(scores[k]) for k in NAMES},
                        parameters=used_params(params, SPEC), counts=counts, warnings=warnings, layers={},
                        details=details, maps=out)


def _dist_output(name, label, help):
    return Output(name, label, help, perfect=0.0, bounds=(0.0, None), unit="m")


SPEC = register(MetricSpec(
    id="pixel_distances",
    name="Pixel distance metrics (masks)",
    group="Pixel metrics",
    help=("Distances between the boundaries of two road masks on one grid, in metres between "
          "pixel centres (anisotropic pixels allowed), as MetricsReloaded defines them: Hausdorff, "
          "HD95 (larger of the two directed PERCENTILE-th percentiles; HD95_POOLED pools both "
          "directions, as medpy), ASSD (mean over both boundaries together), MASD (mean of the two "
          "directed means), CHAMFER (their sum), NSD (share of boundary pixels within TOLERANCE "
          "of the other boundary) and Boundary IoU (IoU of the mask pixels within TOLERANCE of "
          "each mask's contour). Empty masks: both empty -> distances 0, NSD and Boundary IoU 1; "
          "one empty -> distances NaN, NSD and Boundary IoU 0."),
    reference="Reinke et al., Common limitations of image processing metrics (MetricsReloaded), "
              "Figs. 7-9; Nikolov et al. 2021 (surface Dice); Cheng et al., Boundary IoU, "
              "CVPR 2021",
    params=[
        Param("TOLERANCE", "distance", "Tolerance", 4.0, unit="m", minimum=0.001,
              help="Tolerated offset of a boundary pixel for NSD, and the width of the band "
                   "inside each mask's contour for Boundary IoU (metres; 4 m ~ half a two-lane "
                   "road)."),
        Param("PERCENTILE", "number", "Percentile", 95.0, minimum=0.0, maximum=100.0,
              help="Percentile of the boundary distances reported as HD95 and HD95_POOLED (95: "
                   "the usual HD95)."),
        Param("BAND_SHAPE", "enum", "Boundary IoU erosion", "disc", options=BAND_SHAPES,
              help="The structuring element that erodes each mask to its Boundary IoU band: disc "
                   "(the pixels within TOLERANCE, centre to centre, in metres) or square (within "
                   "TOLERANCE along each axis: Cheng et al.'s reference code, a 3 x 3 erosion "
                   "repeated TOLERANCE / pixel size times; wider bands on diagonal edges)."),
    ],
    outputs=[
        _dist_output("HAUSDORFF", "Hausdorff distance (m)",
                     "Largest distance from a boundary pixel of either mask to the other "
                     "boundary."),
        _dist_output("HD95", "HD95 (m)", "Larger of the two directed PERCENTILE-th percentiles "
                                         "of the boundary distances (MetricsReloaded)."),
        _dist_output("HD95_POOLED", "HD95, both directions pooled (m)",
                     "PERCENTILE-th percentile of the boundary distances of both masks together "
                     "(medpy)."),
        _dist_output("ASSD", "ASSD (m)", "Average symmetric surface distance: mean over the "
                                         "boundary pixels of both masks together."),
        _dist_output("MASD", "MASD (m)", "Mean of the two directed mean boundary distances."),
        Output("NSD", "NSD (surface Dice)", "Share of the boundary pixels of both masks within "
                                            "TOLERANCE of the other boundary."),
        Output("BOUNDARY_IOU", "Boundary IoU", "IoU of the mask pixels within TOLERANCE of each "
                                               "mask's contour."),
        _dist_output("CHAMFER", "Chamfer distance (m)", "Sum of the two directed mean boundary "
                                                        "distances."),
    ],
    sinks=[],
    compute=compute,
    headline="HD95",
    cost=2.0,
    inputs="masks",
    maps=[map_spec("BOUNDARY_MAP", "Boundary distances (raster)",
                   "The boundary pixels of both masks, each within TOLERANCE of the other "
                   "boundary (counted by NSD) or farther (missed ground-truth boundary, false "
                   "predicted boundary); pixels on both boundaries apart.", DISTANCE_LEGEND,
                   DISTANCE_ORDER)],
    doc=('docs/pixel.md', 'roadmetricspixel_distances--pixel-distance-metrics'),
    tags=('hausdorff', 'hd95', 'assd', 'masd', 'nsd', 'surface dice', 'boundary iou', 'mask',
          'raster', 'pixel', 'segmentation'),
))
