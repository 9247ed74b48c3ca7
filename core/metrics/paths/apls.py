"""APLS — Average Path Length Similarity.

Reference: A. Van Etten, J. Shermeyer, D. Hogan, N. Weir, R. Lewis,
"Road network and travel time extraction from multiple look angles with
SpaceNet data", IGARSS 2020 (SpaceNet 3 / 5); reference code CosmiQ/apls.

For graphs A and B and the control points of A (every node, plus points
along the edges every <= CONTROL_SPACING metres), each control point a is
snapped to the nearest location a' of B; it is *missing* when farther than
SNAP_DISTANCE.  For every ordered pair (a, b) of A's control points that is
connected in A, with L = d_A(a, b) and L' = d_B(a', b'):

    penalty(a, b) = min(1, |L - L'| / L)
                    1 if a or b is missing or a', b' are not connected in B

    C(A -> B) = 1 - mean penalty

Variant ``spacenet`` (CosmiQ/apls): pairs with L < MIN_PATH_LENGTH are not
scored unless the start point a is missing (the reference scores every route
of a missing start point); APLS = harmonic mean of C(GT -> P) and C(P -> GT),
0 when either is 0.  Variant ``sat2graph`` (Sat2Graph Go code, used by
RNGDet++ and SAM-Road): unordered pairs; a pair with a missing end always
scores 1 (even when not connected in A); otherwise only pairs with
L > MIN_PATH_LENGTH are scored; interior control points only on edges longer
than 1.5 x CONTROL_SPACING; APLS = arithmetic mean.

APLS_time (SpaceNet 5) is the same computation on travel time (edge cost =
length / speed) over the same routes.

Implementation: distances between control points come from node-to-node
Dijkstra (scipy.sparse.csgraph) combined with the offsets of the points on
their edges (core/network/paths.py), in row blocks, over all control points — exact,
no sampling, memory bounded.
"""
import math

import numpy as np

from ...network.lineset import network_pair
from ...network.paths import NetworkDistances
from ...registry import MetricSpec, Output, Param, Sink, STANDARD_SINKS, register
from ...result import FeatureTable, MetricResult
from ...network.sampling import apls_control_points
from ...network.snapping import NetworkLocator
from ...text import N_, msg

VARIANT_DEFAULTS = {
    "spacenet": {"SNAP_DISTANCE": 4.0, "MIN_PATH_LENGTH": 10.0},
    "sat2graph": {"SNAP_DISTANCE": 10.0, "MIN_PATH_LENGTH": 100.0},
}
SPEED_TO_MS = {"km/h": 1 / 3.6, "m/s": 1.0, "mph": 0.44704}
EQUAL_TOL = 1e-9  # relative path-length differences below this count as equal


def control_points(net, spacing, variant):
    if variant == "sat2graph":
        # interior points only on edges longer than 1.5 x spacing, at L i / n,
        # n = floor(L / spacing) + 1 (Sat2Graph's chain rule, in metres)
        ne, no = net.node_locations()
        L = net.edge_length
        n = np.where(L > 1.5 * spacing, np.floor(L / spacing).astype(np.int64) + 1, 1)
        k = n - 1
        de = np.repeat(np.arange(net.n_edges), k)
        i = np.arange(k.sum()) - np.repeat(np.cumsum(k) - k, k) + 1
        do = L[de] * i / n[de]
        edge = np.concatenate([ne, de])
        off = np.concatenate([no, do])
        is_node = np.r_[np.ones(len(ne), bool), np.zeros(len(de), bool)]
        o = np.lexsort((off, edge))
        return edge[o], off[o], is_node[o]
    return apls_control_points(net, spacing)


class _Side:
    """Control points of one graph, snapped onto the other."""

    def __init__(self, net, other, spacing, snap, variant):
        self.net = net
        if net.is_empty():
            self.edge = np.zeros(0, np.int64)
            self.off = np.zeros(0)
            self.is_node = np.zeros(0, bool)
        else:
            self.edge, self.off, self.is_node = control_points(net, spacing, variant)
        self.xy = net.point_at(self.edge, self.off) if len(self.edge) else np.zeros((0, 2))
        n = len(self.edge)
        if other.is_empty() or n == 0:
            self.s_edge = np.full(n, -1, np.int64)
            self.s_off = np.full(n, np.nan)
            self.s_dist = np.full(n, np.inf)
        else:
            loc = NetworkLocator(other)
            self.s_edge, self.s_off, self.s_dist, _ = loc.locate(self.xy[:, 0], self.xy[:, 1], snap)
        self.missing = self.s_edge < 0


def _one_way(A, B, distA, distB, min_len, variant, progress, timeA=None, timeB=None):
    """C(A -> B) and per-point statistics (routes starting at each point).

    Per row block: LA = distances in A, LB = distances in B between the
    snapped points.  R = connected in A, V = connected and long enough
    (pairs j > i only).  spacenet (ordered routes): a route (p, q) counts when
    V, or when R and its start p is missing.  sat2graph (unordered): a pair
    counts when V (with > instead of >=), or always when an end is missing.
    Missing ends get penalty 1."""
    n = len(A.edge)
    row_pen = np.zeros(n)
    row_n = np.zeros(n)
    hist = np.zeros(20)
    tot_pen_t = 0.0
    if n < 2:
        return dict(score=math.nan, score_time=math.nan, routes=0, row_pen=row_pen, row_n=row_n,
                    hist=hist)
    srcA = distA.prepare(A.edge, A.off)
    miss = A.missing
    b_ok = B.net.n_edges > 0
    if b_ok:
        se = np.where(miss, 0, A.s_edge)
        so = np.where(miss, 0.0, A.s_off)
        srcB = distB.prepare(se, so)
        if timeB is not None:
            srcBt = timeB.prepare(se, so)
    if timeA is not None:
        srcAt = timeA.prepare(A.edge, A.off)
    nodes = max(A.net.n_nodes, B.net.n_nodes, 1)
    budget = 3 * 2**20  # elements per block matrix (~25 MB per float64 array)
    bs = int(max(8, min(n, budget // max(n, nodes))))
    sub = lambda d, a, b: {k: v[a:b] for k, v in d.items()}
    total_n = total_pen = 0.0
    for s in range(0, n, bs):
        progress.set(s / n)
        e = min(n, s + bs)
        nb = e - s
        LA = distA.block(sub(srcA, s, e), sub(srcA, s, n))
        # keep pairs j > i only: the first nb columns hold the diagonal block
        LA[:, :nb][np.tril_indices(nb)] = np.inf
        R = LA < np.inf
        V = (LA > min_len) if variant == "sat2graph" else (LA >= min_len)
        V &= R
        mi = np.nonzero(miss[s:e])[0]
        mj = np.nonzero(miss[s:n])[0]
        if b_ok:
            LB = distB.block(sub(srcB, s, e), sub(srcB, s, n))
            pen = _penalty(LA, LB)
            del LB
        else:
            pen = np.ones_like(LA)
        pen[mi, :] = 1.0
        pen[:, mj] = 1.0
        if variant == "sat2graph":
            U = np.ones_like(R)
            U[:, :nb][np.tril_indices(nb)] = False
            V[mi, :] = U[mi, :]
            V[:, mj] = U[:, mj]
            del U
            pv = np.where(V, pen, 0.0)
            r_pen, r_n = pv.sum(axis=1), V.sum(axis=1)
            c_pen, c_n = pv.sum(axis=0), V.sum(axis=0)
            weights = V
            total_n += r_n.sum()
            total_pen += r_pen.sum()
        else:
            pv = np.where(V, pen, 0.0)
            r_pen, r_n = pv.sum(axis=1), V.sum(axis=1).astype(float)
            c_pen, c_n = pv.sum(axis=0), V.sum(axis=0).astype(float)
            # a missing start point scores all its connected routes
            if len(mi):
                rr = R[mi].sum(axis=1)
                r_pen[mi] = rr
                r_n[mi] = rr
            if len(mj):
                rc = R[:, mj].sum(axis=0)
                c_pen[mj] = rc
                c_n[mj] = rc
            total_n += r_n.sum() + c_n.sum()
            total_pen += r_pen.sum() + c_pen.sum()
            weights = V
        row_pen[s:e] += r_pen
        row_n[s:e] += r_n
        row_pen[s:n] += c_pen
        row_n[s:n] += c_n
        hv = pen[weights]
        hist += np.bincount(np.minimum((hv * 20).astype(np.int64), 19), minlength=20)[:20] * (
            1 if variant == "sat2graph" else 2)
        if variant != "sat2graph":
            extra = (R[mi].sum() - V[mi].sum()) + (R[:, mj].sum() - V[:, mj].sum())
            hist[19] += extra
        del pv, hv
        if timeA is not None:
            TA = timeA.block(sub(srcAt, s, e), sub(srcAt, s, n))
            if b_ok:
                TB = timeB.block(sub(srcBt, s, e), sub(srcBt, s, n))
                pt = _penalty(TA, TB)
            else:
                pt = np.ones_like(TA)
            pt[mi, :] = 1.0
            pt[:, mj] = 1.0
            if variant == "sat2graph":
                tot_pen_t += np.where(V, pt, 0.0).sum()
            else:
                ptv = np.where(V, pt, 0.0)
                rp, cp = ptv.sum(axis=1), ptv.sum(axis=0)
                if len(mi):
                    rp[mi] = R[mi].sum(axis=1)
                if len(mj):
                    cp[mj] = R[:, mj].sum(axis=0)
                tot_pen_t += rp.sum() + cp.sum()
    progress.set(1.0)
    score = 1.0 - total_pen / total_n if total_n > 0 else math.nan
    score_t = (1.0 - tot_pen_t / total_n if total_n > 0 else math.nan) if timeA is not None else math.nan
    return dict(score=score, score_time=score_t, routes=int(round(total_n)), row_pen=row_pen,
                row_n=row_n, hist=hist, pen_sum=float(total_pen), pen_sum_time=float(tot_pen_t),
                weight=float(total_n))


def _penalty(LA, LB):
    """min(1, |LA - LB| / LA), 1 where LB is infinite; relative differences
    below EQUAL_TOL count as 0 (floating-point noise of equal paths)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        pen = np.subtract(LA, LB)
        np.abs(pen, out=pen)
        np.divide(pen, LA, out=pen)
    pen[pen < EQUAL_TOL] = 0.0
    np.minimum(pen, 1.0, out=pen)
    pen[np.isnan(pen)] = 1.0
    return pen


def _combine(a, b, variant):
    if math.isnan(a) or math.isnan(b):
        return math.nan
    if variant == "sat2graph":
        return (a + b) / 2.0
    if a <= 0 or b <= 0:
        return 0.0
    return 2 * a * b / (a + b)


def _speed_rates(lineset, field, unit, default_speed, warnings, label):
    """Seconds per metre for every part of a LineSet."""
    factor = SPEED_TO_MS[unit]
    default_ms = float(default_speed) * factor
    if default_ms <= 0:
        raise ValueError(msg("DEFAULT_SPEED must be > 0"))
    nparts = len(lineset.parts)
    if field not in lineset.attributes:
        warnings.append(msg("{} has no field '{}': DEFAULT_SPEED used for all of it", label, field))
        return np.full(nparts, 1.0 / default_ms)
    vals = lineset.part_attribute(field)
    sp = np.full(nparts, np.nan)
    for i, v in enumerate(vals):
        try:
            sp[i] = float(v) * factor
        except (TypeError, ValueError):
            pass
    bad = ~(np.isfinite(sp) & (sp > 0))
    if bad.any():
        warnings.append(msg("{}: {} line part(s) without a valid speed in '{}' use "
                            "DEFAULT_SPEED", label, int(bad.sum()), field))
        sp[bad] = default_ms
    return 1.0 / sp


def compute(gt, pred, params, progress):
    variant = params["VARIANT"]
    if variant not in VARIANT_DEFAULTS:
        raise ValueError(msg("VARIANT must be one of {}", sorted(VARIANT_DEFAULTS)))
    used = dict(params)
    for k, v in VARIANT_DEFAULTS[variant].items():
        if used.get(k) is None:
            used[k] = v
    spacing = float(used["CONTROL_SPACING"])
    snap = float(used["SNAP_DISTANCE"])
    min_len = float(used["MIN_PATH_LENGTH"])
    if spacing <= 0:
        raise ValueError(msg("CONTROL_SPACING must be > 0"))
    if snap < 0 or min_len < 0:
        raise ValueError(msg("SNAP_DISTANCE and MIN_PATH_LENGTH must be >= 0"))
    warnings = []
    speed_field = used.get("SPEED_FIELD") or None
    rates_gt = rates_pred = None
    if speed_field:
        rates_gt = _speed_rates(gt, speed_field, used["SPEED_UNIT"], used["DEFAULT_SPEED"],
                                warnings, msg("ground truth"))
        rates_pred = _speed_rates(pred, speed_field, used["SPEED_UNIT"], used["DEFAULT_SPEED"],
                                  warnings, msg("prediction"))
    progress.set(0.0, N_("building networks"))
    G, P = network_pair(gt, pred, used, warnings, (rates_gt, rates_pred))
    progress.set(0.05, N_("snapping control points"))
    gs = _Side(G, P, spacing, snap, variant)
    ps = _Side(P, G, spacing, snap, variant)
    dG, dP = NetworkDistances(G), NetworkDistances(P)
    tG = tP = None
    if speed_field:
        tG, tP = NetworkDistances(G, use_cost=True), NetworkDistances(P, use_cost=True)
    progress.set(0.1, N_("ground truth -> prediction"))
    r1 = _one_way(gs, ps, dG, dP, min_len, variant, progress.sub(0.1, 0.55), tG, tP)
    progress.set(0.55, N_("prediction -> ground truth"))
    r2 = _one_way(ps, gs, dP, dG, min_len, variant, progress.sub(0.55, 1.0), tP, tG)
    a, b = r1["score"], r2["score"]
    at, bt = r1["score_time"], r2["score_time"]
    if G.is_empty() and P.is_empty():
        total, total_t = 1.0, (1.0 if speed_field else math.nan)
        warnings.append(msg("both networks are empty: APLS = 1 (SpaceNet convention)"))
    elif P.is_empty():
        total, total_t = 0.0, (0.0 if speed_field else math.nan)
        warnings.append(msg("the prediction is empty: APLS = 0"))
    elif G.is_empty():
        total, total_t = 0.0, (0.0 if speed_field else math.nan)
        warnings.append(msg("the ground truth is empty but the prediction is not: APLS = 0"))
    elif math.isnan(a):
        total = total_t = math.nan
        warnings.append(msg("the ground truth has no route of at least MIN_PATH_LENGTH: APLS is "
                            "undefined (NaN)"))
    elif math.isnan(b):
        total, total_t = 0.0, (0.0 if speed_field else math.nan)
        warnings.append(msg("the prediction has no route of at least MIN_PATH_LENGTH: APLS = 0 "
                            "(as the reference scores a proposal without routes)"))
    else:
        total = _combine(a, b, variant)
        total_t = _combine(at, bt, variant) if speed_field else math.nan
    scores = {k: float(v) for k, v in {"APLS": total, "APLS_GT_TO_PRED": a, "APLS_PRED_TO_GT": b, "APLS_TIME": total_t,
              "APLS_TIME_GT_TO_PRED": at, "APLS_TIME_PRED_TO_GT": bt}.items()}
    counts = {
        "gt_control_points": len(gs.edge), "pred_control_points": len(ps.edge),
        "gt_missing_control_points": int(gs.missing.sum()),
        "pred_missing_control_points": int(ps.missing.sum()),
        "gt_routes": r1["routes"], "pred_routes": r2["routes"],
        "gt_nodes": G.n_nodes, "gt_edges": G.n_edges, "pred_nodes": P.n_nodes,
        "pred_edges": P.n_edges, "gt_length_m": G.total_length, "pred_length_m": P.total_length,
        "gt_dropped_parts": G.stats.get("dropped_parts", 0),
        "pred_dropped_parts": P.stats.get("dropped_parts", 0),
    }
    layers = _layers(gs, ps, r1, r2)
    details = {"penalty_histogram_gt_to_pred": r1["hist"].tolist(),
               "penalty_histogram_pred_to_gt": r2["hist"].tolist(),
               "histogram_bins": np.linspace(0, 1, 21).tolist()}
    pool_stats = {"gt_penalty": r1.get("pen_sum", 0.0), "gt_penalty_time": r1.get("pen_sum_time", 0.0),
                  "gt_routes": r1.get("weight", 0.0), "pred_penalty": r2.get("pen_sum", 0.0),
                  "pred_penalty_time": r2.get("pen_sum_time", 0.0), "pred_routes": r2.get("weight", 0.0),
                  "gt_empty": int(G.is_empty()), "pred_empty": int(P.is_empty()),
                  "variant": variant, "time": bool(speed_field)}
    return MetricResult("apls", scores, _public_params(used), counts, warnings, layers, details,
                        pool_stats)


def pool(results):
    """Pooled APLS over tiles: per direction 1 - (sum of penalties) / (sum of
    routes) over all tiles, then combined as in one run."""
    s = [r.pool_stats for r in results if r.pool_stats]
    if not s:
        return {}
    variant = s[0]["variant"]
    tot = {k: sum(x[k] for x in s) for k in ("gt_penalty", "gt_penalty_time", "gt_routes",
                                             "pred_penalty", "pred_penalty_time", "pred_routes")}
    c = lambda pen, n: 1.0 - pen / n if n > 0 else math.nan
    a, b = c(tot["gt_penalty"], tot["gt_routes"]), c(tot["pred_penalty"], tot["pred_routes"])
    at = c(tot["gt_penalty_time"], tot["gt_routes"])
    bt = c(tot["pred_penalty_time"], tot["pred_routes"])
    timed = s[0]["time"]
    if math.isnan(a):
        total = total_t = math.nan
    elif math.isnan(b):
        total, total_t = 0.0, 0.0 if timed else math.nan
    else:
        total = _combine(a, b, variant)
        total_t = _combine(at, bt, variant) if timed else math.nan
    if not timed:
        at = bt = math.nan
    return {"APLS": total, "APLS_GT_TO_PRED": a, "APLS_PRED_TO_GT": b, "APLS_TIME": total_t,
            "APLS_TIME_GT_TO_PRED": at, "APLS_TIME_PRED_TO_GT": bt}


def _public_params(used):
    keys = ["VARIANT", "CONTROL_SPACING", "SNAP_DISTANCE", "MIN_PATH_LENGTH", "SPEED_FIELD",
            "SPEED_UNIT", "DEFAULT_SPEED", "MERGE_TOLERANCE", "NODE_CROSSINGS"]
    return {k: used.get(k) for k in keys}


FIELDS = [("source", "string"), ("kind", "string"), ("snap_distance", "double"),
          ("n_routes", "int"), ("mean_pen", "double")]


def _layers(gs, ps, r1, r2):
    out = {name: FeatureTable("Point", FIELDS) for name in STANDARD_SINKS}
    for side, r, src, um in ((gs, r1, "ground_truth", "UNMATCHED_GT"),
                             (ps, r2, "prediction", "UNMATCHED_PRED")):
        with np.errstate(invalid="ignore", divide="ignore"):
            mp = np.where(r["row_n"] > 0, r["row_pen"] / np.maximum(r["row_n"], 1), np.nan)
        kind = np.where(side.is_node, "node", "edge")
        nr = np.round(r["row_n"]).astype(np.int64)
        for name, sel in (("MATCHED", ~side.missing), (um, side.missing)):
            out[name].extend(side.xy[sel], source=src, kind=kind[sel],
                             snap_distance=np.where(sel & ~side.missing, side.s_dist, np.nan)[sel],
                             n_routes=nr[sel], mean_pen=mp[sel])
    return out


SPEC = register(MetricSpec(
    id="apls",
    name="APLS (average path length similarity)",
    group="Path metrics",
    help=("Compares shortest-path lengths between control points of the two networks "
          "(SpaceNet APLS). Control points are every node plus points every CONTROL_SPACING "
          "metres along the roads; each is snapped to the other network within "
          "SNAP_DISTANCE. A route's penalty is min(1, |L - L'| / L), 1 when an end is missing "
          "or no path exists. APLS combines both directions (ground truth -> prediction "
          "catches gaps and missing roads, prediction -> ground truth catches spurious roads). "
          "Exact: all control points are used."),
    reference="Van Etten et al., SpaceNet 3/5 (IGARSS 2020); CosmiQ/apls",
    params=[
        Param("CONTROL_SPACING", "distance", "Control point spacing", 50.0, unit="m", minimum=0.01,
              spacing=True,
              help="Maximum distance between control points along an edge (metres)."),
        Param("SNAP_DISTANCE", "distance", "Snap distance", None, unit="m", minimum=0.0,
              optional=True,
              help="Control points farther than this from the other network are missing. "
                   "Empty: the variant's default (4 m spacenet, 10 m sat2graph)."),
        Param("MIN_PATH_LENGTH", "distance", "Minimum path length", None, unit="m", minimum=0.0,
              optional=True,
              help="Routes shorter than this are not scored. Empty: the variant's default "
                   "(10 m spacenet, 100 m sat2graph)."),
        Param("VARIANT", "enum", "Variant", "spacenet", options=["spacenet", "sat2graph"],
              help="spacenet: CosmiQ/SpaceNet rules, harmonic mean. sat2graph: Sat2Graph / "
                   "RNGDet++ / SAM-Road rules (missing ends always penalised, arithmetic mean)."),
        Param("SPEED_FIELD", "field", "Speed field (for APLS_time)", None, optional=True,
              field_type="numeric",
              help="Numeric speed attribute (same field name in both layers). Adds APLS_TIME."),
        Param("SPEED_UNIT", "enum", "Speed unit", "km/h", options=["km/h", "m/s", "mph"],
              help="Unit of the speed field and of DEFAULT_SPEED."),
        Param("DEFAULT_SPEED", "number", "Default speed", 50.0, minimum=0.001, maximum=1000.0,
              help="Speed used for features without a valid speed value (in SPEED_UNIT)."),
    ],
    outputs=[
        Output("APLS", "APLS", "Combined score in [0, 1]."),
        Output("APLS_GT_TO_PRED", "APLS ground truth -> prediction",
               "1 - mean penalty of ground-truth routes (gaps, missing roads)."),
        Output("APLS_PRED_TO_GT", "APLS prediction -> ground truth",
               "1 - mean penalty of predicted routes (spurious roads and shortcuts)."),
        Output("APLS_TIME", "APLS (travel time)", "APLS on travel times; NaN without SPEED_FIELD.",
               perfect=None),
    ],
    sinks=[
        Sink("MATCHED", "Matched control points", "Point",
             "Control points snapped to the other network; graduated by mean_pen.",
             dict(STANDARD_SINKS["MATCHED"], graduated="mean_pen",
                  ramp=["#1a9641", "#a6d96a", "#c2a5cf", "#7b3294"],
                  breaks=[0.0, 0.1, 0.3, 0.6, 1.0],
                  labels=["penalty under 0.1 (paths agree)", "penalty 0.1 - 0.3",
                          "penalty 0.3 - 0.6", "penalty over 0.6 (paths disagree)"])),
        Sink("UNMATCHED_GT", "Missing ground-truth control points", "Point",
             "Ground-truth control points with no prediction within SNAP_DISTANCE.",
             STANDARD_SINKS["UNMATCHED_GT"]),
        Sink("UNMATCHED_PRED", "Spurious prediction control points", "Point",
             "Prediction control points with no ground truth within SNAP_DISTANCE.",
             STANDARD_SINKS["UNMATCHED_PRED"]),
    ],
    compute=compute,
    pool=pool,
))
