"""Distance metrics between two line networks, measured along the lines.

References: A. Reinke et al., "Understanding metric-related pitfalls in
image analysis validation" / "Common limitations of image processing
metrics: a picture story" (2021-2024), sec. 3 (HD, HD95, ASSD, NSD,
Boundary IoU, Figs. 7-9); S. Nikolov et al., "Clinically applicable
segmentation of head and neck anatomy for radiotherapy" (2021) (surface
Dice / NSD, DeepMind surface-distance); B. Cheng et al., "Boundary IoU",
CVPR 2021; MetricsReloaded (Maier-Hein et al., Nat. Methods 2024).

For a point a of the ground truth A, d(a, B) is its distance to the
prediction B (and the other way round).  Every statistic is weighted by
length along the lines (a line of 100 m counts 100 times a line of 1 m, not
by its number of vertices):

    HAUSDORFF   = max( max_a d(a, B), max_b d(b, A) )
    HD95        = max( q_p(d(., B) on A), q_p(d(., A) on B) )   p = PERCENTILE / 100
    HD95_POOLED = q_p of both distributions pooled (weighted by length)
    ASSD        = ( int_A d(a, B) + int_B d(b, A) ) / (|A| + |B|)
    MASD        = ( mean_A d(a, B) + mean_B d(b, A) ) / 2
    CHAMFER     = mean_A d(a, B) + mean_B d(b, A)               (= 2 MASD, metres)
    NSD         = ( |A within t of B| + |B within t of A| ) / (|A| + |B|)   t = TOLERANCE
    BOUNDARY_IOU = |N_t(A) & N_t(B)| / |N_t(A) | N_t(B)|        (areas)

Where libraries disagree: HD95 -- MetricsReloaded and MONAI take the larger
of the two directed percentiles (our HD95), medpy pools both directions
first (HD95_POOLED).  ASSD pools both directions (long networks weigh more);
MASD averages the two directed means (each direction weighs the same).
CHAMFER: the point-cloud literature sums the two directed means, often of
squared distances (PyTorch3D); we report the sum of means in metres and the
squared form in SCORES details (chamfer_squared_m2).  Boundary IoU on lines:
the IoU of the t-neighbourhoods (areas); unlike NSD it penalises any offset,
even within t (two parallel lines t apart: NSD = 1, BOUNDARY_IOU ~ 1/3).

Exactness: NSD is exact (the lines are cut where they leave the
neighbourhood, core/metrics/geometric/overlap.py); distances are sampled every <= SAMPLE_STEP
metres along the canonical network and interpolated linearly
(core/metrics/geometric/linesample.py); HAUSDORFF is then refined where the sampled maximum
could be exceeded and a certified upper bound is reported in the details;
areas come from GEOS buffers (16 segments per quarter circle).  GEOS's own
Hausdorff distance is not used: it only looks at vertices.
"""
from __future__ import annotations

import numpy as np

from .linesample import pl_quantile, refine_max
from .overlap import cover, neighbourhood_overlap
from ...registry import MetricSpec, Output, Param, Sink, register, require_in_range, require_positive
from ...network.lineset import LineSet
from ...progress import Progress
from ...result import FeatureTable, MetricResult
from . import common
from .common import GT, NAN, PRED
from ...text import N_

DIST_NAMES = ["HAUSDORFF", "HD95", "HD95_POOLED", "ASSD", "MASD", "CHAMFER"]
NAMES = DIST_NAMES[:5] + ["NSD", "BOUNDARY_IOU", "CHAMFER"]
CLASS_BREAKS = [0.0, 1.0, 2.0, 4.0, 8.0, 16.0, 1e9]
CLASS_RAMP = ["#1a9641", "#a6d96a", "#ffffbf", "#fdae61", "#d7191c", "#7b3294"]
QGRID = 200  # quantiles kept per tile for pooled percentiles (0.5 % steps)


def _quantile_grid(p):
    return np.union1d(np.linspace(0.0, 1.0, QGRID + 1), [p])


def _empty_scores(which, warnings):
    if which == "both":
        common.empty_warning(which, warnings, "distances = 0, NSD = 1, BOUNDARY_IOU = 1 "
                             "(identical: nothing on either side)")
        out = {k: 0.0 for k in DIST_NAMES}
        out.update(NSD=1.0, BOUNDARY_IOU=1.0)
    else:
        common.empty_warning(which, warnings, "every distance is undefined (NaN: no point to "
                             "measure to), NSD = 0, BOUNDARY_IOU = 0")
        out = {k: NAN for k in DIST_NAMES}
        out.update(NSD=0.0, BOUNDARY_IOU=0.0)
    return out


def compute(gt: LineSet, pred: LineSet, params: dict, progress: Progress, *,
            diagnostics: bool = True) -> MetricResult:
    tol = require_positive(params, "TOLERANCE")
    pct = require_in_range(params, "PERCENTILE", 0.0, 100.0)
    step = require_positive(params, "SAMPLE_STEP")
    p = pct / 100.0
    warnings = []
    progress.set(0.0, N_("building networks"))
    pr = common.Pair(gt, pred, params, warnings)
    layers = {"PIECES": common.line_table(), "HAUSDORFF_POINTS": FeatureTable(
        "Point", [("role", "string"), ("source", "string"), ("distance", "double")])}
    details = {}
    stats = {"gt_length": pr.LG, "pred_length": pr.LP, "percentile": pct}
    if pr.empty:
        scores = _empty_scores(pr.empty, warnings)
        stats.update(gt_empty=int(pr.gt_empty), pred_empty=int(pr.pred_empty))
    else:
        progress.set(0.05, N_("distances from the ground truth"))
        prof_g, prof_p = pr.profiles(step)
        progress.set(0.45, N_("Hausdorff distance"))
        hg = refine_max(prof_g)
        hp = refine_max(prof_p)
        qg, qp = prof_g.quantile(p), prof_p.quantile(p)
        ig = [np.concatenate([a, b]) for a, b in zip(prof_g.intervals(), prof_p.intervals())]
        pooled = pl_quantile(*ig, p)
        Ig, Ip = prof_g.integral(), prof_p.integral()
        mg, mp = Ig / pr.LG, Ip / pr.LP
        progress.set(0.55, N_("lines within the tolerance"))
        cg = cover(pr.SG, pr.BP, tol).length
        cp = cover(pr.SP, pr.BG, tol).length
        progress.set(0.65, N_("neighbourhood areas"))
        ar = neighbourhood_overlap(pr.G.edge_polylines(), pr.P.edge_polylines(), tol)
        scores = dict(HAUSDORFF=max(hg[0], hp[0]), HD95=max(qg, qp), HD95_POOLED=pooled,
                      ASSD=(Ig + Ip) / (pr.LG + pr.LP), MASD=(mg + mp) / 2.0, CHAMFER=mg + mp,
                      NSD=(cg + cp) / (pr.LG + pr.LP), BOUNDARY_IOU=ar["iou"])
        sq = prof_g.integral_sq() / pr.LG + prof_p.integral_sq() / pr.LP
        details = {
            "hausdorff_gt_to_pred_m": hg[0], "hausdorff_pred_to_gt_m": hp[0],
            "hausdorff_upper_bound_m": max(hg[3], hp[3]),
            "percentile_gt_to_pred_m": qg, "percentile_pred_to_gt_m": qp,
            "mean_gt_to_pred_m": mg, "mean_pred_to_gt_m": mp, "chamfer_squared_m2": sq,
            "gt_within_tolerance_m": cg, "pred_within_tolerance_m": cp,
            "gt_neighbourhood_area_m2": ar["area_a"], "pred_neighbourhood_area_m2": ar["area_b"],
            "neighbourhood_intersection_m2": ar["intersection"],
        }
        grid = _quantile_grid(p)
        stats.update(gt_integral=Ig, pred_integral=Ip, gt_integral_sq=prof_g.integral_sq(),
                     pred_integral_sq=prof_p.integral_sq(), gt_within=cg, pred_within=cp,
                     gt_hd=hg[0], pred_hd=hp[0], gt_area=ar["area_a"], pred_area=ar["area_b"],
                     intersection=ar["intersection"], grid=grid.tolist(),
                     gt_quantiles=prof_g.quantile(grid).tolist(),
                     pred_quantiles=prof_p.quantile(grid).tolist(),
                     gt_empty=0, pred_empty=0)
        progress.set(0.85, N_("output layers"))
        for prof, net, src in ((prof_g, pr.G, GT), (prof_p, pr.P, PRED)):
            _class_pieces(layers["PIECES"], prof, net, src)
        best = hg if hg[0] >= hp[0] else hp
        src, other = (GT, PRED) if best is hg else (PRED, GT)
        pts = np.vstack([best[1], best[2]]) + pr.origin
        layers["HAUSDORFF_POINTS"].extend(pts, role=["farthest", "nearest"],
                                          source=[src, other], distance=best[0])
    counts = pr.counts()
    used = {k: params.get(k) for k in ("TOLERANCE", "PERCENTILE", "SAMPLE_STEP",
                                       "MERGE_TOLERANCE", "NODE_CROSSINGS")}
    progress.set(1.0)
    return MetricResult("distances", {k: float(scores[k]) for k in NAMES}, parameters=used, counts=counts,
                        warnings=warnings, layers=layers, details=details, pool_stats=stats)


def _class_pieces(table, prof, net, source):
    """The network cut into runs of sampling intervals of the same distance
    class (CLASS_BREAKS, by the interval's mean distance)."""
    d0, d1, h = prof.intervals()
    if len(h) == 0:
        return
    cls = np.searchsorted(CLASS_BREAKS, (d0 + d1) / 2.0, side="right") - 1
    edge = prof.edge[prof.i0]
    first, last, _ = common.runs(edge, cls)
    common.add_pieces(table, net, edge[first], prof.offset[prof.i0[first]],
                      prof.offset[prof.i0[last] + 1], source, prof)


def pool(results) -> dict[str, float]:
    """Pooled over tiles: lengths, integrals, covered lengths and areas
    summed; HAUSDORFF the largest; percentiles from each tile's quantile
    function (kept on a 0.5 % grid plus PERCENTILE itself, linear between),
    so pooled percentiles are exact for one tile and approximate for many."""
    s = [r.pool_stats for r in results if r.pool_stats]
    if not s:
        return {}
    LG = sum(x["gt_length"] for x in s)
    LP = sum(x["pred_length"] for x in s)
    if LG <= 0 or LP <= 0:
        return _empty_scores("both" if LG <= 0 and LP <= 0 else ("gt" if LG <= 0 else "pred"),
                             [])
    full = [x for x in s if not x.get("gt_empty") and not x.get("pred_empty")]
    p = s[0]["percentile"] / 100.0
    g = lambda k: sum(x.get(k, 0.0) for x in s)
    Ig, Ip = g("gt_integral"), g("pred_integral")
    cg, cp = g("gt_within"), g("pred_within")
    inter = g("intersection")
    union = g("gt_area") + g("pred_area") - inter
    out = dict(ASSD=(Ig + Ip) / (LG + LP), MASD=(Ig / LG + Ip / LP) / 2.0, CHAMFER=Ig / LG + Ip / LP,
               NSD=(cg + cp) / (LG + LP), BOUNDARY_IOU=inter / union if union > 0 else NAN)
    if len(full) < len(s):
        # a tile with one side empty has no finite distance
        out.update(HAUSDORFF=NAN, HD95=NAN, HD95_POOLED=NAN)
        return out
    out["HAUSDORFF"] = max(max(x["gt_hd"], x["pred_hd"]) for x in s)

    def mix(key, lkey):
        d0, d1, w = [], [], []
        for x in s:
            q = np.asarray(x[key], float)
            gr = np.asarray(x["grid"], float)
            d0.append(q[:-1])
            d1.append(q[1:])
            w.append(np.diff(gr) * x[lkey])
        return [np.concatenate(v) for v in (d0, d1, w)]
    mg, mp = mix("gt_quantiles", "gt_length"), mix("pred_quantiles", "pred_length")
    out["HD95"] = max(pl_quantile(*mg, p), pl_quantile(*mp, p))
    out["HD95_POOLED"] = pl_quantile(*[np.concatenate([a, b]) for a, b in zip(mg, mp)], p)
    return out


def _dist_output(name, label, help):
    return Output(name, label, help, perfect=0.0, bounds=(0.0, None))


SPEC = register(MetricSpec(
    id="distances",
    name="Distance metrics",
    group="Geometric metrics",
    help=("Distances between the two networks measured along the lines, weighted by length: "
          "Hausdorff (largest distance of a point of either network to the other), HD95 (the "
          "larger of the two directed PERCENTILE-th percentiles; HD95_POOLED pools both "
          "directions first), ASSD (mean over both networks together), MASD (mean of the two "
          "directed means), CHAMFER (sum of the two directed means), NSD / surface Dice (share "
          "of both networks within TOLERANCE of the other) and Boundary IoU (IoU of the "
          "TOLERANCE neighbourhoods, areas). Empty inputs: both empty -> distances 0, NSD and "
          "Boundary IoU 1; one empty -> distances NaN, NSD and Boundary IoU 0."),
    reference="Reinke et al., metric pitfalls (2021-2024); Nikolov et al. 2021 (surface Dice); "
              "Cheng et al., Boundary IoU, CVPR 2021",
    params=[
        Param("TOLERANCE", "distance", "Tolerance", 4.0, unit="m", minimum=0.001,
              help="Tolerated offset for NSD and the neighbourhood half-width for Boundary IoU "
                   "(metres; 4 m ~ half a two-lane road)."),
        Param("PERCENTILE", "number", "Percentile", 95.0, minimum=0.0, maximum=100.0,
              help="Percentile of the distances reported as HD95 and HD95_POOLED (95: the "
                   "usual HD95)."),
        Param("SAMPLE_STEP", "distance", "Sampling step", 0.5, unit="m", minimum=0.001,
              advanced=True, spacing=True,
              help="Distances are computed every <= this many metres along the lines and "
                   "interpolated linearly between (error <= step / 2, usually far less); the "
                   "Hausdorff distance is refined further. NSD does not depend on it."),
    ],
    outputs=[
        _dist_output("HAUSDORFF", "Hausdorff distance (m)",
                     "Largest distance from a point of either network to the other network."),
        _dist_output("HD95", "HD95 (m)", "Larger of the two directed PERCENTILE-th "
                                         "percentiles of the distances (MetricsReloaded)."),
        _dist_output("HD95_POOLED", "HD95, both directions pooled (m)",
                     "PERCENTILE-th percentile of the distances of both networks together "
                     "(medpy)."),
        _dist_output("ASSD", "ASSD (m)", "Average symmetric surface distance: mean distance "
                                         "over both networks together."),
        _dist_output("MASD", "MASD (m)", "Mean of the two directed mean distances."),
        Output("NSD", "NSD (surface Dice)", "Share of both networks within TOLERANCE of the "
                                            "other."),
        Output("BOUNDARY_IOU", "Boundary IoU", "IoU of the TOLERANCE neighbourhoods (areas)."),
        _dist_output("CHAMFER", "Chamfer distance (m)",
                     "Sum of the two directed mean distances (= 2 MASD)."),
    ],
    sinks=[
        Sink("PIECES", "Lines by distance to the other network", "LineString",
             "Both networks cut where the distance to the other changes class (0-1-2-4-8-16 m). "
             "Fields: source, length, distance (mean), max_distance (m).",
             dict(color="#1a9641", size=0.9, graduated="distance", ramp=CLASS_RAMP,
                  breaks=CLASS_BREAKS, unit="m")),
        Sink("HAUSDORFF_POINTS", "Hausdorff point pair", "Point",
             "The point realising the Hausdorff distance (role farthest, on network 'source') "
             "and its nearest point on the other network (role nearest).",
             dict(color="#7b3294", size=4.0, shape="star")),
    ],
    compute=compute,
    pool=pool,
    cost=5,
    # cached by common.Pair.profiles
    shares="distance_profiles",
    # summaries: the robust distance, in metres
    headline="HD95",
    doc=('docs/geometric.md', 'roadmetricsdistances--distance-metrics'),
    tags=('distance', 'hausdorff', 'hd95', 'chamfer', 'assd',
          'average symmetric surface distance', 'nsd', 'surface dice', 'geometry', 'accuracy'),
    picker=4,
))
