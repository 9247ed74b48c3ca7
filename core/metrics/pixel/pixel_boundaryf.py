"""Boundary F-measure of two masks with the four matching strategies of
Lopez-Molina et al.'s survey (sec. 3, eqs. 2-7; docs/pixel.md).

E_G, E_P: the boundary pixels of the ground-truth and predicted masks
(core/metrics/pixel/surfaces.py), d the Euclidean distance in metres between
pixel centres, t = TOLERANCE:

* ``distance`` (DbM, eq. 2-3): TP = |{p in E_P: d(p, E_G) <= t}|,
  FP = |E_P| - TP, FN = |{g in E_G: d(g, E_P) > t}| (many to one).
* ``area`` (AbM, eq. 4): TP = |dil_t(E_G) & dil_t(E_P)|,
  FP = |dil_t(E_P)| - TP, FN = |dil_t(E_G)| - TP, in m^2 (dil_t: the pixels
  within t, a disc in metres); any offset costs area.
* ``correspondence`` (CbM, eq. 5): a one-to-one matching of E_P and E_G
  over pairs within t, the exact minimum of (sum of matched distances +
  OUTLIER_COST x t x unmatched pixels) (core/network/assignment.py, the
  solver of the vector boundary F); TP = matched prediction pixels, FP, FN
  the unmatched ones.  OUTLIER_COST 1 (default): any pair within t is worth
  matching, re-assignments only when they pay; 100: BSDS's correspondPixels
  (outlier cost 100 x maxDist, Martin et al.), where the number of matches
  dominates (more matches at longer distances, F higher).
* ``validation`` (Pv, eqs. 6-7, Estrada and Jepson, IJCV 2009): a pixel is
  validated by a pixel of the other boundary within t whose outward normal
  (the gradient of the mask smoothed by a Gaussian of one pixel) differs by
  at most ANGLE_TOLERANCE: matched edges must face the same way, so the
  left edge of a thin road never validates the right edge of the other
  (Estrada and Jepson's "no other boundary in between" on masks);
  PRECISION = |validated E_P| / |E_P|, RECALL = |validated E_G| / |E_G|.

Then PRECISION = TP / (TP + FP), RECALL = TP_G / (TP_G + FN) and
F = P R / (ALPHA P + (1 - ALPHA) R) (F_alpha of the survey; 0 when both are 0).
TP, FP, FN are boundary pixels (m^2 for ``area``).
"""
from __future__ import annotations

import math

import numpy as np

from ...network.assignment import min_cost_matching
from ...parallel import thread_map
from ...progress import Progress, checkpoint
from ...registry import MetricSpec, Output, Param, register, require_in_range, require_positive
from ...result import MetricResult
from ...scores import ratio
from ...text import N_, msg
from .common import empty_warning, setup, used_params, which_empty
from .maps import AREA_LEGEND, MATCH_LEGEND, MATCH_ORDER, area_map, boundary_map, map_spec
from .masks import Rasters
from .surfaces import boundary, dilation, pairs_within, point_distances, reach, within

NAMES = ["F", "PRECISION", "RECALL", "TP", "FP", "FN"]
STRATEGIES = ["distance", "area", "correspondence", "validation"]
# OUTLIER_COST (times TOLERANCE): from half (every pair within the tolerance
# is still worth matching alone, d <= t <= 2 x cost) to ten times BSDS's 100
OUTLIER_COST_RANGE = (0.5, 1000.0)


def f_alpha(precision: float, recall: float, alpha: float) -> float:
    """F = P R / (alpha P + (1 - alpha) R); 0 when P or R is 0, NaN when
    either is NaN otherwise."""
    if precision == 0 or recall == 0:
        return 0.0
    if math.isnan(precision) or math.isnan(recall):
        return math.nan
    return precision * recall / (alpha * precision + (1.0 - alpha) * recall)


def distance_match(eg, ep, tol, spacing, flags=None) -> tuple[int, int, int, int]:
    """DbM: (TP on the prediction, TP on the ground truth, FP, FN).
    ``flags``: a list that receives (gt matched, prediction matched) per
    boundary pixel (row-major), for the map; the same in every strategy."""
    ig, ip = np.flatnonzero(eg), np.flatnonzero(ep)
    ok_p = within(point_distances(ip, ig, eg.shape, spacing), tol)
    ok_g = within(point_distances(ig, ip, eg.shape, spacing), tol)
    if flags is not None:
        flags.extend((ok_g, ok_p))
    tp_p, tp_g = int(np.count_nonzero(ok_p)), int(np.count_nonzero(ok_g))
    return tp_p, tp_g, int(np.count_nonzero(ep)) - tp_p, int(np.count_nonzero(eg)) - tp_g


def area_match(eg, ep, tol, spacing, pixel_area, flags=None) -> tuple[float, float, float, float]:
    """AbM: (TP, TP, FP, FN) in m^2 (``flags`` receives the two dilations)."""
    dg, dp = dilation(eg, reach(tol), spacing), dilation(ep, reach(tol), spacing)
    if flags is not None:
        flags.extend((dg, dp))
    tp = int(np.count_nonzero(dg & dp))
    return (tp * pixel_area, tp * pixel_area, (int(np.count_nonzero(dp)) - tp) * pixel_area,
            (int(np.count_nonzero(dg)) - tp) * pixel_area)


def _pairs(eg, ep, tol, spacing, distances=True):
    """(pixels of E_P, pixels of E_G, then the candidate pairs: prediction
    index, gt index, distance m within tol or None without ``distances``),
    both boundaries in row-major order, the pairs sorted by prediction then
    gt index (the KD-tree's pairs and distances, found on the grid:
    surfaces.pairs_within)."""
    i, j, d = pairs_within(ep, eg, reach(tol), spacing, distances)
    return int(np.count_nonzero(ep)), int(np.count_nonzero(eg)), i, j, d


def correspondence_match(eg, ep, tol, spacing, flags=None,
                         outlier_cost: float = 1.0) -> tuple[int, int, int, int]:
    """CbM: one-to-one matching within tol (exact minimum cost), an
    unmatched pixel costing ``outlier_cost`` x tol (100: BSDS)."""
    n_p, n_g, i, j, d = _pairs(eg, ep, tol, spacing)
    checkpoint()
    row, col = min_cost_matching(n_p, n_g, i, j, d, outlier_cost * tol)
    del i, j, d
    if flags is not None:
        flags.extend((col >= 0, row >= 0))
    tp = int(np.count_nonzero(row >= 0))
    return tp, tp, n_p - tp, n_g - tp


# pairs per chunk of the validation's angle test
CHUNK = 1 << 20
# the Gaussian of the normals: sigma one pixel, truncated at NORMAL_RADIUS pixels
NORMAL_RADIUS = 3


def outward_normals(mask, edge, spacing) -> np.ndarray:
    """Angle (radians) of the outward normal at each ``edge`` pixel (row-major
    order): minus the gradient of the mask smoothed by a Gaussian of one
    pixel, evaluated at the pixel with the derivative of the Gaussian,
    -grad (G * M)(p) = sum_q M(q) (q - p) G(q - p) / sigma^2 up to the sign
    convention, over a window of NORMAL_RADIUS pixels (outside the raster is
    background): ``arctan2`` of :func:`normal_sums`."""
    gy, gx = normal_sums(mask, edge, spacing)
    # the mask lies towards +(gy, gx): the outward normal points the other way
    return np.arctan2(-gy, -gx)


def normal_sums(mask, edge, spacing) -> tuple[np.ndarray, np.ndarray]:
    """(gy, gx) at each ``edge`` pixel: the sums over the window's mask
    pixels q of G(q - p) (q - p) (in metres, ``spacing`` per row / column).
    Only the edge pixels are visited: one gather of the mask per window
    offset, and its term added to every pixel (0 where the mask is off:
    x + 0 = x, since the sums start at +0 and never become -0, so the sums
    are those of adding the terms of the mask pixels only, in (dy, dx)
    order)."""
    r = NORMAL_RADIUS
    w = mask.shape[1]
    width = w + 2 * r
    m = np.pad(np.asarray(mask, dtype=bool), r).ravel()
    at = np.flatnonzero(edge)
    at += (at // w) * (2 * r) + r * width + r       # the pixel in the padded raster
    gy = np.zeros(len(at))
    gx = np.zeros(len(at))
    term = np.empty(len(at))
    for dy in range(-r, r + 1):
        for dx in range(-r, r + 1):
            wt = math.exp(-(dy * dy + dx * dx) / 2.0)
            if (dy == 0 and dx == 0) or wt < 1e-12:
                continue
            hit = m[at + (dy * width + dx)]
            if dy:          # (the dy = 0 terms are 0: nothing to add)
                gy += np.multiply(hit, wt * dy * spacing[0], out=term)
            if dx:
                gx += np.multiply(hit, wt * dx * spacing[1], out=term)
    return gy, gx


def validation_match(g, p, eg, ep, tol, spacing, angle_deg,
                     flags=None) -> tuple[int, int, int, int]:
    """Pv: (validated prediction, validated gt, FP, FN)."""
    _, _, i, j, _ = _pairs(eg, ep, tol, spacing, distances=False)
    ap, ag = outward_normals(p, ep, spacing), outward_normals(g, eg, spacing)
    vp = np.zeros(len(ap), bool)
    vg = np.zeros(len(ag), bool)
    for k in range(0, len(i), CHUNK):          # chunks: no complex array of every pair
        ik, jk = i[k:k + CHUNK], j[k:k + CHUNK]
        diff = np.abs(np.angle(np.exp(1j * (ap[ik] - ag[jk]))))
        ok = diff <= math.radians(angle_deg) + 1e-12
        vp[ik[ok]] = True
        vg[jk[ok]] = True
    if flags is not None:
        flags.extend((vg, vp))
    tp_p, tp_g = int(vp.sum()), int(vg.sum())
    return tp_p, tp_g, len(ap) - tp_p, len(ag) - tp_g


def _match(strategy, g, p, eg, ep, params, rasters, flags=None):
    tol = require_positive(params, "TOLERANCE")
    spacing = rasters.spacing_m
    if strategy == "distance":
        return distance_match(eg, ep, tol, spacing, flags)
    if strategy == "area":
        return area_match(eg, ep, tol, spacing, rasters.pixel_area_m2, flags)
    if strategy == "correspondence":
        cost = require_in_range(params, "OUTLIER_COST", *OUTLIER_COST_RANGE)
        return correspondence_match(eg, ep, tol, spacing, flags, cost)
    angle = require_in_range(params, "ANGLE_TOLERANCE", 0.0, 180.0)
    return validation_match(g, p, eg, ep, tol, spacing, angle, flags)


def map_codes(params: dict) -> list:
    """The BOUNDARY_MAP codes a STRATEGY can give: the area strategy's
    neighbourhoods 7-9; a pixel on both boundaries is always matched by the
    distance strategy (distance 0), so only correspondence and validation
    give 6."""
    strategy = params.get("STRATEGY") or "distance"
    if strategy == "area":
        return [0, 7, 8, 9]
    return [0, 1, 2, 3, 4, 5] + ([6] if strategy != "distance" else [])


def _match_map(strategy, eg, ep, flags, params, rasters) -> np.ndarray:
    """BOUNDARY_MAP from the matching's flags (none when a side is empty:
    nothing is matched; the area strategy's neighbourhoods then are the other
    side's alone)."""
    if strategy == "area":
        if not flags:
            tol = params["TOLERANCE"]
            flags = [dilation(eg, reach(tol), rasters.spacing_m) if eg.any() else
                     np.zeros_like(eg),
                     dilation(ep, reach(tol), rasters.spacing_m) if ep.any() else
                     np.zeros_like(ep)]
        return area_map(*flags)
    ig, ip = np.flatnonzero(eg), np.flatnonzero(ep)
    ok_g, ok_p = flags if flags else (np.zeros(len(ig), bool), np.zeros(len(ip), bool))
    return boundary_map(eg.shape, ig, ip, ok_g, ok_p)


def compute(rasters: Rasters, params: dict, progress: Progress,
            diagnostics: bool = False) -> MetricResult:
    strategy = params.get("STRATEGY") or "distance"
    if strategy not in STRATEGIES:
        raise ValueError(msg("STRATEGY must be one of {}; got {!r}.", ", ".join(STRATEGIES),
                             strategy))
    alpha = require_in_range(params, "ALPHA", 0.0, 1.0)
    warnings = []
    progress.set(0.0, N_("road masks"))
    g, p, counts = setup(rasters, params, warnings)
    eg, ep = thread_map(boundary, [g, p])   # numpy's array operations release the GIL
    counts.update(gt_boundary_pixels=int(np.count_nonzero(eg)),
                  pred_boundary_pixels=int(np.count_nonzero(ep)))
    empty = which_empty(g, p)
    if strategy != "validation":    # only the boundaries from here: the masks' memory back
        g = p = None
    progress.set(0.1, N_("matching boundaries"))
    flags = [] if diagnostics else None
    if empty == "both":
        empty_warning(empty, warnings, "PRECISION, RECALL and F = 1")
        scores = dict(F=1.0, PRECISION=1.0, RECALL=1.0, TP=0.0, FP=0.0, FN=0.0)
    else:
        tp_p, tp_g, fp, fn = (_match(strategy, g, p, eg, ep, params, rasters, flags) if not empty
                              else (0, 0, counts["pred_boundary_pixels"],
                                    counts["gt_boundary_pixels"]))
        if empty:
            empty_warning(empty, warnings, "F = 0")
        if strategy == "area" and empty:
            fp, fn = (float(np.count_nonzero(dilation(e, params["TOLERANCE"], rasters.spacing_m)))
                      * rasters.pixel_area_m2 for e in (ep, eg))
        prec, rec = ratio(tp_p, tp_p + fp), ratio(tp_g, tp_g + fn)
        scores = dict(F=f_alpha(prec, rec, alpha), PRECISION=prec, RECALL=rec, TP=float(tp_p),
                      FP=float(fp), FN=float(fn))
        counts.update(tp_gt=float(tp_g), tp_pred=float(tp_p))
    out = {"BOUNDARY_MAP": _match_map(strategy, eg, ep, flags, params, rasters)} if diagnostics else {}
    progress.set(1.0)
    return MetricResult("pixel_boundaryf", {k: float(scores[k]) for k in NAMES},
                        parameters=used_params(params, SPEC),
                        counts=counts, warnings=warnings, maps=out)


SPEC = register(MetricSpec(
    id="pixel_boundaryf",
    name="Pixel boundary F-measure (masks)",
    group="Pixel metrics",
    help=("Boundary F-measure of two road masks on one grid, counted on their boundary pixels, "
          "with one of the four matching strategies of Lopez-Molina et al.: distance (a boundary "
          "pixel is matched within TOLERANCE of the other boundary), area (overlap of the "
          "TOLERANCE neighbourhoods of both boundaries, m2), correspondence (one-to-one "
          "matching within TOLERANCE, exact minimum cost) or validation (matched within "
          "TOLERANCE by a pixel whose boundary faces the same way, within ANGLE_TOLERANCE). "
          "F = P R / (ALPHA P + (1 - ALPHA) R). Both empty -> 1; one empty -> F 0."),
    reference="Lopez-Molina et al., survey of boundary matching strategies, eqs. 2-7; Estrada "
              "and Jepson, IJCV 2009 (validation); BSDS (correspondence)",
    params=[
        Param("STRATEGY", "enum", "Matching strategy", "distance", options=STRATEGIES,
              help="distance (DbM), area (AbM), correspondence (CbM, one to one) or validation "
                   "(Pv, with boundary orientation)."),
        Param("TOLERANCE", "distance", "Tolerance", 4.0, unit="m", minimum=0.001,
              help="Largest distance between matched boundary pixels; the neighbourhood radius "
                   "for area (metres)."),
        Param("ALPHA", "number", "Alpha (precision weight)", 0.5, minimum=0.0, maximum=1.0,
              help="F = P R / (ALPHA P + (1 - ALPHA) R); 0.5 is the harmonic mean."),
        Param("ANGLE_TOLERANCE", "number", "Angle tolerance (validation)", 45.0, unit="degrees",
              minimum=0.0, maximum=180.0,
              help="validation: largest difference between the outward normals of two matched "
                   "boundary pixels (Estrada and Jepson use 45 degrees)."),
        Param("OUTLIER_COST", "number", "Unmatched pixel cost (correspondence)", 1.0,
              minimum=OUTLIER_COST_RANGE[0], maximum=OUTLIER_COST_RANGE[1],
              help="correspondence: the cost of leaving a boundary pixel unmatched, in multiples "
                   "of TOLERANCE, against the distance of a matched pair. 1: a re-assignment is "
                   "made only when it pays; 100: BSDS's correspondPixels (outlier cost 100 x "
                   "maxDist), which maximises the number of matches first (F higher, slower)."),
    ],
    outputs=[
        Output("F", "Boundary F-measure", "F_alpha of precision and recall."),
        Output("PRECISION", "Precision", "Matched predicted boundary / predicted boundary."),
        Output("RECALL", "Recall", "Matched ground-truth boundary / ground-truth boundary."),
        Output("TP", "True positives (pixels or m2)", "Matched predicted boundary pixels (m2 for "
                                                      "area).", perfect=None, bounds=(0.0, None),
               unit="count"),
        Output("FP", "False positives (pixels or m2)", "Unmatched predicted boundary pixels (m2 "
                                                       "for area).", perfect=0.0,
               bounds=(0.0, None), unit="count"),
        Output("FN", "False negatives (pixels or m2)", "Unmatched ground-truth boundary pixels "
                                                       "(m2 for area).", perfect=0.0,
               bounds=(0.0, None), unit="count"),
    ],
    sinks=[],
    compute=compute,
    headline="F",
    inputs="masks",
    maps=[map_spec("BOUNDARY_MAP", "Boundary matches (raster)",
                   "The boundary pixels of both masks, matched or not by the chosen STRATEGY "
                   "(unmatched ground truth: FN, unmatched prediction: FP); with the area "
                   "strategy, the TOLERANCE neighbourhoods of both boundaries instead (in both: "
                   "TP, only the ground truth's: FN, only the prediction's: FP).",
                   MATCH_LEGEND + AREA_LEGEND, MATCH_ORDER, map_codes)],
    doc=('docs/pixel.md', 'roadmetricspixel_boundaryf--pixel-boundary-f-measure'),
    tags=('boundary', 'f-measure', 'bf score', 'contour', 'mask', 'raster', 'pixel',
          'segmentation', 'precision', 'recall'),
))
