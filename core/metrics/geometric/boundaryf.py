"""Boundary F-measure with the four matching strategies of Lopez-Molina et al.

Reference: C. Lopez-Molina, B. De Baets, H. Bustince, "Quantitative error
measures for edge detection" / "A unified framework for boundary matching"
(survey of boundary-matching strategies: DbM, AbM, CbM, Pv; eqs. 2-7);
D. Martin, C. Fowlkes, J. Malik, BSDS boundary benchmark (CbM with CSA);
F. Estrada, A. Jepson, "Benchmarking image segmentation algorithms", IJCV
2009 (Pv).  Transferred from pixels to lines: every count is a length along
the lines (or an area for AbM).

STRATEGY (t = TOLERANCE):

* distance (DbM): a part of a line is matched when it lies within t of the
  other network (many-to-one).  Exact lengths: lines cut where they leave
  the t-neighbourhood (core/metrics/geometric/overlap.py).
* area (AbM): TP = |N_t(GT) & N_t(P)|, FP = |N_t(P)| - TP, FN = |N_t(GT)| - TP
  (areas of the round-capped t-buffers, m^2).  Any offset costs something,
  even within t.
* correspondence (CbM): both networks sampled every <= SAMPLE_SPACING
  metres (interval midpoints, each standing for its interval's length);
  one-to-one matching of samples within t minimising the total distance
  plus t for every sample left unmatched (an unmatched point costs as much
  as the largest tolerated displacement; BSDS's CSA uses a larger outlier
  cost, 100 t, which favours more matches at longer distances).  Exact
  sparse successive-shortest-path assignment over the candidate pairs only
  (core/network/assignment.py), never a dense matrix.
* validation (Pv, Estrada & Jepson): every sample looks for a partner among
  the other network's samples within t, closest first; a candidate is
  rejected when the line orientations at the two samples differ by more
  than ANGLE_TOLERANCE (undirected) or when another line (of either
  network) crosses the straight segment between them; the first candidate
  accepted validates the sample (many-to-one).

    PRECISION = matched prediction / prediction,  RECALL = matched GT / GT
    F = PRECISION RECALL / (ALPHA PRECISION + (1 - ALPHA) RECALL)   (0 when both are 0)
    TP = matched prediction, FP = prediction - TP, FN = ground truth - matched GT

(metres, rounded to the millimetre; m^2 for AbM, where matched GT = matched
prediction = TP).
"""
from __future__ import annotations

import math

import numpy as np

from ...lazy_scipy import cKDTree
from ...network.assignment import min_cost_matching
from .linecover import Segments
from .linesample import centre_layout
from .overlap import cover, neighbourhood_overlap
from ...scores import ratio
from ...registry import MetricSpec, Output, Param, Sink, register, require_in_range, require_positive
from ...network.lineset import LineSet
from ...progress import Progress
from ...result import MetricResult
from ..subgraphs.matching import candidate_pairs
from . import common
from .common import GT, NAN, PRED
from ...text import N_, msg

STRATEGIES = ["distance", "area", "correspondence", "validation"]
NAMES = ["PRECISION", "RECALL", "F", "TP", "FP", "FN"]
FIELDS = [("source", "string"), ("length", "double")]
PAIR_FIELDS = [("source", "string"), ("distance", "double")]
EPS = 1e-7  # metres: a point this close to a line lies on it


def f_alpha(p, r, alpha) -> float:
    if math.isnan(p) or math.isnan(r):
        return NAN
    den = alpha * p + (1.0 - alpha) * r
    return p * r / den if den > 0 else 0.0


def scores_from(tp_pred, pred_total, tp_gt, gt_total, alpha, warnings, unit="m") -> dict[str, float]:
    if gt_total <= 0 and pred_total <= 0:
        common.empty_warning("both", warnings, "PRECISION = RECALL = F = 1, TP = FP = FN = 0")
        return dict(PRECISION=1.0, RECALL=1.0, F=1.0, TP=0.0, FP=0.0, FN=0.0)
    if gt_total <= 0:
        common.empty_warning("gt", warnings, "RECALL undefined (NaN), PRECISION = 0, F = 0")
    elif pred_total <= 0:
        common.empty_warning("pred", warnings, "PRECISION undefined (NaN), RECALL = 0, F = 0")
    p = ratio(tp_pred, pred_total)
    r = ratio(tp_gt, gt_total)
    f = 0.0 if (gt_total <= 0 or pred_total <= 0) else f_alpha(p, r, alpha)
    return dict(PRECISION=p, RECALL=r, F=f, TP=_mm(tp_pred), FP=_mm(pred_total - tp_pred),
                FN=_mm(gt_total - tp_gt))


def _mm(x):
    """Lengths (areas) rounded to 1e-3 m (m^2): map coordinates of 10^6 m
    carry about 1e-9 m of rounding noise per vertex, which sums over a
    network's length; a millimetre is far below any meaningful difference."""
    return round(max(float(x), 0.0), 3)


class Samples:
    """Interval midpoints of a network (local frame) with their weights and
    line headings."""

    def __init__(self, segs, spacing):
        self.net = segs.net
        self.edge, self.offset, self.weight = centre_layout(segs.net, spacing)
        _, self.xy, self.heading = segs.locate(self.edge, self.offset)
        self.half = self.weight / 2.0

    def __len__(self):
        return len(self.edge)


def _pieces_of_samples(table_m, table_u, smp, matched, source):
    """Runs of matched / unmatched sample intervals as line pieces."""
    first, last, flag = common.runs(smp.edge, matched)
    e = smp.edge[first]
    o0 = smp.offset[first] - smp.half[first]
    o1 = smp.offset[last] + smp.half[last]
    L = smp.net.edge_length[e]
    o0 = np.clip(o0, 0.0, L)
    o1 = np.clip(o1, 0.0, L)
    common.add_pieces(table_m, smp.net, e[flag], o0[flag], o1[flag], source)
    common.add_pieces(table_u, smp.net, e[~flag], o0[~flag], o1[~flag], source)


def _links(a, b):
    """Two-point lines from the rows of a to those of b."""
    return list(np.stack([a, b], axis=1)) if len(a) else []


def _crossed(ax, ay, bx, by, segs, tree, piece_seg, half, chunk=200000):
    """For straight links a-b: does a segment of ``segs`` (ax, ay, bx, by
    arrays, local frame) cross the link between its ends?  a and b must lie
    strictly on opposite sides of the segment's line, and the segment must
    reach the link's line (touching counts, lying along it does not).  Lines
    through a or b themselves never block."""
    n = len(ax)
    out = np.zeros(n, bool)
    if n == 0 or tree is None:
        return out
    L = np.hypot(bx - ax, by - ay)
    mx, my = (ax + bx) / 2.0, (ay + by) / 2.0
    for s in range(0, n, chunk):
        e = min(n, s + chunk)
        rad = float(L[s:e].max()) / 2.0 + half + 1e-9
        m = cKDTree(np.column_stack([mx[s:e], my[s:e]])).sparse_distance_matrix(
            tree, rad, output_type="ndarray")
        if len(m) == 0:
            continue
        key = np.unique(m["i"].astype(np.int64) * len(segs[0]) + piece_seg[m["j"]])
        li, si = key // len(segs[0]) + s, key % len(segs[0])
        cx, cy, dx, dy = segs[0][si], segs[1][si], segs[2][si], segs[3][si]
        px, py, qx, qy = ax[li], ay[li], bx[li], by[li]
        lc = np.hypot(dx - cx, dy - cy)
        ll = L[li]
        with np.errstate(invalid="ignore", divide="ignore"):
            sa = ((dx - cx) * (py - cy) - (dy - cy) * (px - cx)) / lc
            sb = ((dx - cx) * (qy - cy) - (dy - cy) * (qx - cx)) / lc
            sc = ((qx - px) * (cy - py) - (qy - py) * (cx - px)) / ll
            sd = ((qx - px) * (dy - py) - (qy - py) * (dx - px)) / ll
        sides = (np.abs(sa) > EPS) & (np.abs(sb) > EPS) & (sa * sb < 0)
        zc, zd = np.abs(sc) <= EPS, np.abs(sd) <= EPS
        reach = (zc | zd | (sc * sd < 0)) & ~(zc & zd)
        hit = sides & reach & (ll > EPS) & (lc > 0)
        out[np.unique(li[hit])] = True
    return out


def _validate(i, j, d, n_rows, order_key, blocked_of):
    """Closest-first validation of the rows of candidate pairs (i, j, d):
    row i is validated by its closest candidate that passes (orientation
    already filtered; ``blocked_of(pair indices)`` tests crossings, cached
    by the caller).  Returns the partner pair of each row (-1: none)."""
    partner = np.full(n_rows, -1, np.int64)
    if len(i) == 0:
        return partner
    o = np.lexsort((order_key, d, i))
    si = i[o]
    start = np.r_[True, si[1:] != si[:-1]]
    grp = np.cumsum(start) - 1
    firsts = np.nonzero(start)[0]
    rank = np.arange(len(o)) - firsts[grp]
    done = np.zeros(n_rows, bool)
    for r in range(int(rank.max()) + 1):
        sel = o[(rank == r)]
        sel = sel[~done[i[sel]]]
        if len(sel) == 0:
            break
        ok = ~blocked_of(sel)
        good = sel[ok]
        partner[i[good]] = good
        done[i[good]] = True
    return partner


def compute(gt: LineSet, pred: LineSet, params: dict, progress: Progress, *,
            diagnostics: bool = True) -> MetricResult:
    strategy = params.get("STRATEGY")
    if strategy not in STRATEGIES:
        raise ValueError(msg("STRATEGY must be one of {}, got {!r}", STRATEGIES, strategy))
    tol = require_positive(params, "TOLERANCE")
    alpha = require_in_range(params, "ALPHA", 0.0, 1.0)
    spacing = require_positive(params, "SAMPLE_SPACING")
    angle = require_in_range(params, "ANGLE_TOLERANCE", 0.0, 90.0)
    warnings = []
    progress.set(0.0, N_("building networks"))
    pr = common.Pair(gt, pred, params, warnings)
    layers = {k: common.line_table(FIELDS) for k in ("MATCHED", "UNMATCHED_GT", "UNMATCHED_PRED")}
    layers["CORRESPONDENCES"] = common.line_table(PAIR_FIELDS)
    counts = pr.counts()
    details = {}
    progress.set(0.1, msg("matching ({})", strategy))
    if strategy in ("distance", "area"):
        tp_p, tot_p, tp_g, tot_g = _by_cover(pr, strategy, tol, layers, details)
    else:
        sg, sp = Samples(pr.SG, spacing), Samples(pr.SP, spacing)
        i, j, d = candidate_pairs(sg.xy, sp.xy, tol)
        progress.set(0.3)
        if strategy == "correspondence":
            mg, mp = _by_correspondence(pr, sg, sp, i, j, d, tol, layers, counts, details)
            n_pairs = len(i)
        else:  # candidate pairs counted: those within the angle tolerance
            mg, mp, n_pairs = _by_validation(pr, sg, sp, i, j, d, tol, angle, layers)
        tp_g, tp_p = float(sg.weight[mg].sum()), float(sp.weight[mp].sum())
        tot_g, tot_p = pr.LG, pr.LP
        counts.update(gt_samples=len(sg), pred_samples=len(sp), candidate_pairs=int(n_pairs),
                      gt_matched_samples=int(mg.sum()), pred_matched_samples=int(mp.sum()))
        _pieces_of_samples(layers["MATCHED"], layers["UNMATCHED_GT"], sg, mg, GT)
        _pieces_of_samples(layers["MATCHED"], layers["UNMATCHED_PRED"], sp, mp, PRED)
    progress.set(0.9)
    scores = scores_from(tp_p, tot_p, tp_g, tot_g, alpha, warnings)
    counts.update(tp_gt=tp_g, tp_pred=tp_p, gt_total=tot_g, pred_total=tot_p)
    used = {k: params.get(k) for k in ("STRATEGY", "TOLERANCE", "ALPHA", "SAMPLE_SPACING",
                                       "ANGLE_TOLERANCE", "MERGE_TOLERANCE", "NODE_CROSSINGS")}
    stats = {"tp_pred": tp_p, "pred_total": tot_p, "tp_gt": tp_g, "gt_total": tot_g,
             "alpha": alpha}
    progress.set(1.0)
    return MetricResult("boundaryf", {k: float(scores[k]) for k in NAMES}, parameters=used, counts=counts,
                        warnings=warnings, layers=layers, details=details, pool_stats=stats)


def _by_cover(pr, strategy, tol, layers, details):
    """'distance' (lengths within ``tol`` of the other network) and 'area'
    (overlap of the tolerance bands): (tp_pred, pred_total, tp_gt, gt_total)."""
    cov_g = cover(pr.SG, pr.BP, tol)
    cov_p = cover(pr.SP, pr.BG, tol)
    for net, cov, src, um in ((pr.G, cov_g, GT, "UNMATCHED_GT"),
                              (pr.P, cov_p, PRED, "UNMATCHED_PRED")):
        common.add_pieces(layers["MATCHED"], net, cov.edge, cov.start, cov.end, src)
        rest = cov.complement()
        common.add_pieces(layers[um], net, rest.edge, rest.start, rest.end, src)
    if strategy == "distance":
        return cov_p.length, pr.LP, cov_g.length, pr.LG
    ar = neighbourhood_overlap(pr.G.edge_polylines(), pr.P.edge_polylines(), tol)
    details.update(gt_area_m2=ar["area_a"], pred_area_m2=ar["area_b"],
                   intersection_m2=ar["intersection"])
    return ar["intersection"], ar["area_b"], ar["intersection"], ar["area_a"]


def _by_correspondence(pr, sg, sp, i, j, d, tol, layers, counts, details):
    """'correspondence': a one-to-one minimum-cost matching of the samples;
    the matched flags of both sides."""
    rp, cp = min_cost_matching(len(sg), len(sp), i, j, d, tol)
    mg, mp = rp >= 0, cp >= 0
    gi = np.nonzero(mg)[0]
    a = sg.xy[gi] + pr.origin
    b = sp.xy[rp[gi]] + pr.origin
    dist = np.hypot(*(a - b).T) if len(gi) else np.zeros(0)
    layers["CORRESPONDENCES"].extend(_links(a, b), source="pair", distance=dist)
    counts.update(matched_pairs=int(len(gi)))
    details.update(mean_pair_distance_m=float(dist.mean()) if len(dist) else NAN)
    return mg, mp


def _by_validation(pr, sg, sp, i, j, d, tol, angle, layers):
    """'validation': each sample's nearest counterpart within the angle
    tolerance whose link crosses no other line; the matched flags of both
    sides and the number of candidate pairs within the angle."""
    dth = np.abs(sg.heading[i] - sp.heading[j]) % np.pi
    dth = np.minimum(dth, np.pi - dth)
    ok = dth <= math.radians(angle) + 1e-12
    i, j, d = i[ok], j[ok], d[ok]
    blocked_of = _crossing_test(pr, sg, sp, i, j, tol)
    pg = _validate(i, j, d, len(sg), j, blocked_of)
    pp = _validate(j, i, d, len(sp), i, blocked_of)
    mg, mp = pg >= 0, pp >= 0
    for part, src, ok_ in ((pg, GT, mg), (pp, PRED, mp)):
        k = np.nonzero(ok_)[0]
        e = part[k]
        if src == GT:
            a, b = sg.xy[k], sp.xy[j[e]]
        else:
            a, b = sp.xy[k], sg.xy[i[e]]
        layers["CORRESPONDENCES"].extend(_links(a + pr.origin, b + pr.origin),
                                         source=src, distance=d[e])
    return mg, mp, len(i)


def _crossing_test(pr, sg, sp, i, j, tol):
    """``blocked_of(sel)``: whether the links of candidate pairs ``sel`` cross
    a line of either network (computed once per pair, on demand)."""
    allseg = [np.concatenate([a, b]) for a, b in
              ((pr.SG.ax, pr.SP.ax), (pr.SG.ay, pr.SP.ay), (pr.SG.bx, pr.SP.bx),
               (pr.SG.by, pr.SP.by))]
    tree = piece_seg = None
    half = 0.0
    if len(allseg[0]):
        pm, piece_seg, half = Segments(*allseg).pieces(max(tol, 1.0))
        tree = cKDTree(pm)
    cache = np.full(len(i), -1, np.int8)

    def blocked_of(sel):
        todo = sel[cache[sel] < 0]
        if len(todo):
            a, b = sg.xy[i[todo]], sp.xy[j[todo]]
            cache[todo] = _crossed(a[:, 0], a[:, 1], b[:, 0], b[:, 1], allseg, tree,
                                   piece_seg, half)
        return cache[sel] == 1
    return blocked_of


def pool(results) -> dict[str, float]:
    """Pooled over tiles: matched and total lengths (areas) summed, then the
    ratios."""
    s = [r.pool_stats for r in results if r.pool_stats]
    if not s:
        return {}
    t = {k: sum(float(x.get(k, 0.0)) for x in s) for k in ("tp_pred", "pred_total", "tp_gt",
                                                           "gt_total")}
    return scores_from(t["tp_pred"], t["pred_total"], t["tp_gt"], t["gt_total"], s[0]["alpha"],
                       [])


SPEC = register(MetricSpec(
    id="boundaryf",
    name="Boundary F-measure",
    group="Geometric metrics",
    help=("Precision, recall and F-measure of the lines under one of four matching strategies "
          "(Lopez-Molina et al.): distance (a line part is matched within TOLERANCE of the "
          "other network; exact lengths), area (overlap of the TOLERANCE neighbourhoods; TP, "
          "FP, FN in square metres), correspondence (one-to-one exact assignment of points "
          "sampled every SAMPLE_SPACING metres, as the BSDS benchmark) and validation "
          "(closest point first, rejected when another line lies between the two points or "
          "the orientations differ by more than ANGLE_TOLERANCE). F = P R / (ALPHA P + "
          "(1 - ALPHA) R). Empty inputs: both empty -> 1; one empty -> the rate of the empty "
          "side NaN, the other 0, F 0."),
    reference="Lopez-Molina et al., boundary matching survey; Martin et al., BSDS; "
              "Estrada & Jepson, IJCV 2009",
    params=[
        Param("STRATEGY", "enum", "Matching strategy", "distance", options=STRATEGIES,
              help="distance (DbM), area (AbM), correspondence (CbM, one-to-one), validation "
                   "(Pv)."),
        Param("TOLERANCE", "distance", "Tolerance", 4.0, unit="m", minimum=0.001,
              help="Largest distance between matched lines or points; the neighbourhood "
                   "radius for area (metres; 4 m ~ half a two-lane road)."),
        Param("ALPHA", "number", "Alpha (F weight)", 0.5, minimum=0.0, maximum=1.0,
              help="F = P R / (ALPHA P + (1 - ALPHA) R); 0.5 = harmonic mean, 1 = recall, "
                   "0 = precision."),
        Param("SAMPLE_SPACING", "distance", "Sample spacing (correspondence, validation)", 1.0,
              unit="m", minimum=0.01, spacing=True,
              help="Points are sampled every <= this many metres along both networks for the "
                   "correspondence and validation strategies (the pixels of the image "
                   "benchmarks; 1 m = 2 px at 0.5 m/px)."),
        Param("ANGLE_TOLERANCE", "number", "Angle tolerance (validation)", 45.0, unit="degrees",
              minimum=0.0, maximum=90.0,
              help="validation: largest difference of line orientation between two matched "
                   "points (degrees; Estrada and Jepson use pi/4)."),
    ],
    outputs=[
        Output("PRECISION", "Precision", "Matched prediction / prediction (length, or area)."),
        Output("RECALL", "Recall", "Matched ground truth / ground truth (length, or area)."),
        Output("F", "F-measure", "P R / (ALPHA P + (1 - ALPHA) R); 0 when both are 0."),
        Output("TP", "True positives (m or m2)", "Matched prediction length (area for AbM).",
               perfect=None, bounds=(0.0, None)),
        Output("FP", "False positives (m or m2)", "Unmatched prediction length (area for AbM).",
               perfect=None, bounds=(0.0, None)),
        Output("FN", "False negatives (m or m2)", "Unmatched ground-truth length (area for "
                                                  "AbM).", perfect=None, bounds=(0.0, None)),
    ],
    sinks=[
        Sink("MATCHED", "Matched parts", "LineString",
             "Matched parts of both networks (area: the parts within TOLERANCE of the other). "
             "Fields: source, length.", dict(color="#1a9641", size=0.9)),
        Sink("UNMATCHED_GT", "Missed ground truth", "LineString",
             "Unmatched parts of the ground truth (false negatives).",
             dict(color="#d7191c", size=1.1)),
        Sink("UNMATCHED_PRED", "Spurious prediction", "LineString",
             "Unmatched parts of the prediction (false positives).",
             dict(color="#fd8d3c", size=1.1)),
        Sink("CORRESPONDENCES", "Point correspondences", "LineString",
             "correspondence: one line per matched pair of points (source 'pair'); validation: "
             "one line from each validated point to its partner (source = the network of the "
             "point). Empty for the other strategies. Field distance (m).",
             dict(color="#2b83ba", size=0.3)),
    ],
    compute=compute,
    pool=pool,
    doc=('docs/geometric.md', 'roadmetricsboundaryf--boundary-f-measure'),
    tags=('boundary', 'f-measure', 'f1', 'bf score', 'contour', 'precision', 'recall', 'geometry'),
    picker=1,
))
