"""clDice -- centreline Dice for line networks.

Reference: S. Shit, J. C. Paetzold et al., "clDice - a novel topology-
preserving loss function for tubular structure segmentation", CVPR 2021,
eq. (1)-(3); listed among the connectivity metrics by Reinke et al. (metric
pitfalls, sec. 3).

On masks, clDice compares the skeletons S_P, S_G of the predicted and true
masks V_P, V_G:  Tprec = |S_P & V_G| / |S_P|, Tsens = |S_G & V_P| / |S_G|,
clDice = 2 Tprec Tsens / (Tprec + Tsens).  For vector roads the skeleton is
the line itself and the mask is the road region: every line part buffered
by half its width (WIDTH_FIELD of that part, or DEFAULT_WIDTH), so

    TPREC  = |prediction lines inside the ground-truth road region| / |prediction|
    TSENS  = |ground-truth lines inside the predicted road region| / |ground truth|
    CLDICE = 2 TPREC TSENS / (TPREC + TSENS)

Lengths are exact: each line is cut where it leaves the region, the region
being the union of one capsule per input segment with its own radius
(core/metrics/geometric/overlap.py); no raster, no polygon union.  The region is built from
the input parts (so each keeps its width); lengths are those of the
canonical network (duplicate segments count once).
"""
from __future__ import annotations

import math

import numpy as np

from .linecover import Segments
from .overlap import cover
from ...scores import f1, ratio
from ...registry import MetricSpec, Output, Param, Sink, register, require_positive
from ...network.lineset import LineSet
from ...progress import Progress
from ...result import MetricResult
from . import common
from .common import GT, PRED
from ...text import N_, msg

NAMES = ["CLDICE", "TPREC", "TSENS"]
FIELDS = [("source", "string"), ("length", "double")]


def region_segments(lineset, origin, field, default, warnings, label) -> tuple:
    """Segments of the input parts of a LineSet (local frame) and the road
    half-width of each (m)."""
    parts = [p for p in lineset.parts]
    widths = np.full(len(parts), float(default))
    if field:
        if field not in lineset.attributes:
            warnings.append(msg("{} has no field '{}': DEFAULT_WIDTH used for all of it",
                                label, field))
        else:
            vals = lineset.part_attribute(field)
            bad = 0
            for k, v in enumerate(vals):
                try:
                    w = float(v)
                except (TypeError, ValueError):
                    w = math.nan
                if math.isfinite(w) and w > 0:
                    widths[k] = w
                else:
                    bad += 1
            if bad:
                warnings.append(msg("{}: {} line part(s) without a valid width in '{}' use "
                                    "DEFAULT_WIDTH", label, bad, field))
    ok = [k for k, p in enumerate(parts)
          if len(p) >= 2 and np.all(np.isfinite(p))]
    segs, owner = Segments.from_polylines([parts[k] - origin for k in ok])
    return segs, widths[np.asarray(ok, np.int64)][owner] / 2.0 if len(ok) else np.zeros(0)


def scores_from(in_g, LG, in_p, LP, warnings) -> dict[str, float]:
    if LG <= 0 and LP <= 0:
        common.empty_warning("both", warnings, "CLDICE, TPREC and TSENS = 1")
        return dict(CLDICE=1.0, TPREC=1.0, TSENS=1.0)
    tprec = ratio(in_p, LP)
    tsens = ratio(in_g, LG)
    if LG <= 0:
        common.empty_warning("gt", warnings, "TSENS undefined (NaN), TPREC = 0, CLDICE = 0")
    elif LP <= 0:
        common.empty_warning("pred", warnings, "TPREC undefined (NaN), TSENS = 0, CLDICE = 0")
    cl = 0.0 if (LG <= 0 or LP <= 0) else f1(tprec, tsens)
    return dict(CLDICE=cl, TPREC=tprec, TSENS=tsens)


def compute(gt: LineSet, pred: LineSet, params: dict, progress: Progress, *,
            diagnostics: bool = True) -> MetricResult:
    default = require_positive(params, "DEFAULT_WIDTH")
    field = params.get("WIDTH_FIELD") or None
    warnings = []
    progress.set(0.0, N_("building networks"))
    pr = common.Pair(gt, pred, params, warnings)
    rg, wg = region_segments(gt, pr.origin, field, default, warnings, msg("ground truth"))
    rp, wp = region_segments(pred, pr.origin, field, default, warnings, msg("prediction"))
    progress.set(0.2, N_("cutting the centrelines at the road regions"))
    cov_g = cover(pr.SG, rp, wp)  # ground-truth centreline inside the predicted region
    cov_p = cover(pr.SP, rg, wg)
    in_g, in_p = cov_g.length, cov_p.length
    scores = scores_from(in_g, pr.LG, in_p, pr.LP, warnings)
    progress.set(0.8, N_("output layers"))
    layers = {k: common.line_table(FIELDS) for k in ("MATCHED", "UNMATCHED_GT", "UNMATCHED_PRED")}
    for net, cov, src, um in ((pr.G, cov_g, GT, "UNMATCHED_GT"), (pr.P, cov_p, PRED,
                                                                   "UNMATCHED_PRED")):
        common.add_pieces(layers["MATCHED"], net, cov.edge, cov.start, cov.end, src)
        rest = cov.complement()
        common.add_pieces(layers[um], net, rest.edge, rest.start, rest.end, src)
    counts = pr.counts()
    counts.update(gt_inside_length_m=in_g, pred_inside_length_m=in_p)
    used = {k: params.get(k) for k in ("WIDTH_FIELD", "DEFAULT_WIDTH", "MERGE_TOLERANCE",
                                       "NODE_CROSSINGS")}
    stats = {"in_g": in_g, "in_p": in_p, "gt_length": pr.LG, "pred_length": pr.LP}
    progress.set(1.0)
    return MetricResult("cldice", {k: float(scores[k]) for k in NAMES}, parameters=used,
                        counts=counts, warnings=warnings,
                        layers=layers, details={}, pool_stats=stats)


def pool(results) -> dict[str, float]:
    """Pooled over tiles: inside and total lengths summed, then the ratios."""
    t = {k: 0.0 for k in ("in_g", "in_p", "gt_length", "pred_length")}
    for r in results:
        for k in t:
            t[k] += float(r.pool_stats.get(k, 0.0))
    return scores_from(t["in_g"], t["gt_length"], t["in_p"], t["pred_length"], [])


SPEC = register(MetricSpec(
    id="cldice",
    name="clDice (centreline Dice)",
    group="Geometric metrics",
    help=("Centreline Dice of Shit et al. for vector roads: the road region of each network is "
          "its lines buffered by half the road width (WIDTH_FIELD, else DEFAULT_WIDTH). TPREC = "
          "share of the predicted lines inside the ground-truth region, TSENS = share of the "
          "ground-truth lines inside the predicted region, CLDICE = their harmonic mean. "
          "Lengths are exact (lines cut where they leave a region). Empty inputs: both empty "
          "-> 1; one empty -> the rate of the empty side NaN, the other 0, CLDICE 0."),
    reference="Shit et al., clDice, CVPR 2021",
    params=[
        Param("WIDTH_FIELD", "field", "Road width field (both layers)", None, optional=True,
              field_type="numeric",
              help="Numeric road width in metres, same field name in both layers; features "
                   "without a valid (positive) value use DEFAULT_WIDTH."),
        Param("DEFAULT_WIDTH", "distance", "Default road width", 7.0, unit="m", minimum=0.001,
              help="Road width (metres) where WIDTH_FIELD is not given or not valid; 7 m ~ a "
                   "two-lane road with shoulders. The region is the line buffered by half of "
                   "it."),
    ],
    outputs=[
        Output("CLDICE", "clDice", "Harmonic mean of TPREC and TSENS."),
        Output("TPREC", "Topology precision",
               "Share of the predicted lines inside the ground-truth road region."),
        Output("TSENS", "Topology sensitivity",
               "Share of the ground-truth lines inside the predicted road region."),
    ],
    sinks=[
        Sink("MATCHED", "Lines inside the other network's region", "LineString",
             "Parts of both networks inside the other's road region. Fields: source, length.",
             dict(color="#1a9641", size=0.9)),
        Sink("UNMATCHED_GT", "Ground truth outside the predicted region", "LineString",
             "Parts of the ground-truth lines outside the predicted road region.",
             dict(color="#d7191c", size=1.1)),
        Sink("UNMATCHED_PRED", "Prediction outside the ground-truth region", "LineString",
             "Parts of the predicted lines outside the ground-truth road region.",
             dict(color="#fd8d3c", size=1.1)),
    ],
    compute=compute,
    pool=pool,
    doc=('docs/geometric.md', 'roadmetricscldice--cldice-centreline-dice'),
    tags=('cldice', 'dice', 'centreline', 'centerline', 'skeleton', 'topology precision',
          'topology sensitivity', 'precision', 'recall', 'geometry'),
    picker=3,
))
