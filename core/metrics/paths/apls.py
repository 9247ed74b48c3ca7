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
0 when either is 0.  Variants ``sat2graph`` and ``sat2graph_spacenet``
replay Sat2Graph's Go code (City-Scale as Sat2Graph, RNGDet++ and SAM-Road
report it; SAM-Road's SpaceNet setting), defects included: see
apls_sat2graph.py and docs/paths.md "Protocol cards".

APLS_time (SpaceNet 5) is the same computation on travel time (edge cost =
length / speed) over the same routes.

Implementation: distances between control points come from node-to-node
Dijkstra (scipy.sparse.csgraph) combined with the offsets of the points on
their edges (core/network/paths.py), in row blocks, over all control points — exact,
no sampling, memory bounded.  The row blocks of both directions run
interleaved in node (sweep) order, so each shortest-path tree is grown about
once and kept in a bounded row store while both directions need it; they run
on two threads and are added up in block order (the same numbers on one).
"""
from __future__ import annotations

import math
from collections import deque
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from ...network.lineset import network_pair, LineSet
from ...network.paths import NetworkDistances
from ...scores import harmonic_or_nan, mean_or_nan
from ...registry import MetricSpec, Output, Param, Sink, STANDARD_SINKS, register
from ...parallel import cores
from ...progress import Progress
from ...result import FeatureTable, MetricResult
from ...network.sampling import apls_control_points
from ...network.snapping import NetworkLocator
from ...text import N_, msg
from . import apls_sat2graph

VARIANT_DEFAULTS = {
    "spacenet": {"SNAP_DISTANCE": 4.0, "MIN_PATH_LENGTH": 10.0, "CONTROL_SPACING": 50.0},
    "sat2graph": {"SNAP_DISTANCE": 10.0, "MIN_PATH_LENGTH": 100.0, "CONTROL_SPACING": 50.0,
                  "TILE_SIZE": 2048.0, "TILE_MARGIN": 100.0},
    "sat2graph_spacenet": {"SNAP_DISTANCE": 10.0, "MIN_PATH_LENGTH": 30.0, "CONTROL_SPACING": 20.0,
                           "TILE_SIZE": 352.0, "TILE_MARGIN": 30.0},
}
# the replays of the reference's code (core/metrics/paths/apls_sat2graph.py): their setting
REPLAYS = {"sat2graph": apls_sat2graph.CITYSCALE, "sat2graph_spacenet": apls_sat2graph.SPACENET}
SPEED_TO_MS = {"km/h": 1 / 3.6, "m/s": 1.0, "mph": 0.44704}
EQUAL_TOL = 1e-9  # relative path-length differences below this count as equal
APLS_THREADS = 2  # at most this many threads score row blocks (_both_ways)
# below this many routes (pairs of control points, both directions) the
# blocks run on the calling thread: starting a pool costs more than it saves
# on a SpaceNet chip (about 0.3 ms, batch scoring runs thousands of them)
THREADS_MIN_ROUTES = 1_000_000
# node rows kept by all NetworkDistances of a run together (a network's whole
# node matrix when it fits in its share, else its least recently used rows)
ROW_CACHE_BYTES = 256 * 2**20
BLOCK_ELEMENTS = 2 * 2**20  # elements of one row block's pair matrices


class _Side:
    """Control points of one graph, snapped onto the other."""

    def __init__(self, net, other, spacing, snap):
        self.net = net
        if net.is_empty():
            self.edge = np.zeros(0, np.int64)
            self.off = np.zeros(0)
            self.is_node = np.zeros(0, bool)
        else:
            self.edge, self.off, self.is_node = apls_control_points(net, spacing)
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


class _OneWay:
    """C(A -> B) and per-point statistics (routes starting at each point),
    one row block at a time (:meth:`step`).

    Per row block: LA = distances in A, LB = distances in B between the
    snapped points.  R = connected in A, V = connected and long enough
    (pairs j > i only).  Ordered routes: a route (p, q) counts when V, or
    when R and its start p is missing.  Missing ends get penalty 1.  APLS_time scores the same routes with travel
    times instead of lengths (``timeA`` / ``timeB``): one code path, one
    :class:`_Measure` per quantity."""

    def __init__(self, A, B, distA, distB, min_len, timeA=None, timeB=None):
        n = self.n = len(A.edge)
        self.A, self.min_len = A, min_len
        self.timed = timeA is not None
        self.row_pen = np.zeros(n)
        self.row_n = np.zeros(n)
        self.hist = np.zeros(20)
        if n < 2:
            return
        self.measures = [_Measure(distA, distB, A, B)]
        if self.timed:
            self.measures.append(_Measure(timeA, timeB, A, B))
        self.bs = _block_size(n, A, B)
        self.total_n = 0.0
        self.pen_sums = [0.0] * len(self.measures)

    def blocks(self) -> list[tuple[int, int]]:
        """The row blocks (start, end), in order."""
        return [(s, min(self.n, s + self.bs)) for s in range(0, self.n, self.bs)] \
            if self.n >= 2 else []

    def compute(self, s, e):
        """Sums over the routes of row block s..e (thread-safe: it writes
        nothing shared; :meth:`absorb` adds them up, in block order)."""
        A, n = self.A, self.n
        LA = self.measures[0].block_in_A(s, e, n)
        R, V, mi, mj = _routes(LA, e - s, A.missing[s:e], A.missing[s:n], self.min_len)
        out = {"pen": []}
        for k, measure in enumerate(self.measures):
            pen = measure.penalties(LA if k == 0 else measure.block_in_A(s, e, n), s, e, n, mi, mj)
            # ordered routes: row and column sums both count
            r_pen, r_n, c_pen, c_n = _route_sums(pen, V, R, mi, mj)
            out["pen"].append(r_pen.sum() + c_pen.sum())
            if k == 0:
                out.update(r_pen=r_pen, r_n=r_n, c_pen=c_pen, c_n=c_n, n=r_n.sum() + c_n.sum(),
                           hist=_penalty_histogram(pen, V, R, mi, mj))
        return out

    def absorb(self, s, e, part):
        """Add block s..e's sums (in block order: the same numbers serially or
        on threads)."""
        for k, v in enumerate(part["pen"]):
            self.pen_sums[k] += v
        self.total_n += part["n"]
        self.row_pen[s:e] += part["r_pen"]
        self.row_n[s:e] += part["r_n"]
        self.row_pen[s:] += part["c_pen"]
        self.row_n[s:] += part["c_n"]
        self.hist += part["hist"]

    def result(self):
        out = dict(score=math.nan, score_time=math.nan, routes=0, row_pen=self.row_pen,
                   row_n=self.row_n, hist=self.hist)
        if self.n < 2:
            return out
        total_n, timed = self.total_n, self.timed
        total_pen = self.pen_sums[0]
        tot_pen_t = self.pen_sums[1] if timed else 0.0
        out.update(score=1.0 - total_pen / total_n if total_n > 0 else math.nan,
                   score_time=(1.0 - tot_pen_t / total_n if total_n > 0 else math.nan)
                   if timed else math.nan,
                   routes=int(round(total_n)), pen_sum=float(total_pen),
                   pen_sum_time=float(tot_pen_t), weight=float(total_n))
        return out


def _both_ways(ways, progress, workers=None):
    """Run the directions' row blocks interleaved in sweep order (fraction
    done): both sweep the networks in node order together, so the node rows
    one block computes are still cached when the other direction needs them
    (core/network/paths.py).  Blocks run on ``workers`` threads (numpy
    releases the GIL in the block arithmetic; default: the run's cores,
    core/parallel.py, at most APLS_THREADS; one below THREADS_MIN_ROUTES
    routes) and are added up in block order, so the numbers do not depend
    on ``workers``."""
    tasks = sorted((s / w.n, i, s, e) for i, w in enumerate(ways) for s, e in w.blocks())
    # progress by pairs done: a block's pairs shrink along the sweep
    routes = np.cumsum([(e - s) * (ways[i].n - s) for _, i, s, e in tasks])
    done = routes / max(routes[-1] if len(routes) else 0, 1)
    if workers is None:
        small = not len(routes) or routes[-1] < THREADS_MIN_ROUTES
        workers = 1 if small else min(APLS_THREADS, cores())
    progress.set(0.0)
    if workers <= 1 or len(tasks) < 2:
        for k, (_, i, s, e) in enumerate(tasks):
            ways[i].absorb(s, e, ways[i].compute(s, e))
            progress.set(done[k])
        return [w.result() for w in ways]
    pending = deque()
    with ThreadPoolExecutor(workers) as pool:
        try:
            for k, (_, i, s, e) in enumerate(tasks):
                pending.append((i, s, e, pool.submit(ways[i].compute, s, e)))
                while len(pending) > 2 * workers or (k == len(tasks) - 1 and pending):
                    j, a, b, f = pending.popleft()
                    ways[j].absorb(a, b, f.result())
                    progress.set(done[k - len(pending)])
        except BaseException:
            for *_, f in pending:
                f.cancel()
            raise
    return [w.result() for w in ways]


def _block_size(n, A, B):
    """Rows per block: at most BLOCK_ELEMENTS (2 M) elements per block
    matrix (16 MB per float64 array), whatever the number of points or
    nodes."""
    nodes = max(A.net.n_nodes, B.net.n_nodes, 1)
    return int(max(8, min(n, BLOCK_ELEMENTS // max(n, nodes))))


def _rows(prepared, a, b):
    """Rows a..b of prepared sources (NetworkDistances.prepare)."""
    return {k: v[a:b] for k, v in prepared.items()}


class _Measure:
    """One quantity routes are scored on (length, or travel time): the
    prepared control points in A and their snapped locations in B."""

    def __init__(self, dist_A, dist_B, A, B):
        self.dist_A = dist_A
        self.src_A = dist_A.prepare(A.edge, A.off)
        self.dist_B = dist_B if B.net.n_edges > 0 else None
        if self.dist_B is not None:
            miss = A.missing
            self.src_B = dist_B.prepare(np.where(miss, 0, A.s_edge), np.where(miss, 0.0, A.s_off))

    def block_in_A(self, s, e, n):
        """Routes in A from points s..e to points s..n."""
        return self.dist_A.block(_rows(self.src_A, s, e), _rows(self.src_A, s, n))

    def penalties(self, LA, s, e, n, mi, mj):
        """Penalty of each route of the block (1 for a missing end, or when
        B is empty)."""
        if self.dist_B is None:
            pen = np.ones_like(LA)
        else:
            pen = _penalty(LA, self.dist_B.block(_rows(self.src_B, s, e), _rows(self.src_B, s, n)))
        pen[mi, :] = 1.0
        pen[:, mj] = 1.0
        return pen


def _routes(LA, nb, miss_rows, miss_cols, min_len):
    """Which pairs of the block are routes: R (connected in A), V (scored)
    and the missing row / column points (mi, mj).  Only pairs j > i are kept:
    the lower triangle of the first ``nb`` columns (the diagonal block) of
    ``LA`` is set to infinity in place."""
    LA[:, :nb][np.tril_indices(nb)] = np.inf
    R = LA < np.inf
    V = LA >= min_len
    V &= R
    mi = np.nonzero(miss_rows)[0]
    mj = np.nonzero(miss_cols)[0]
    return R, V, mi, mj


def _route_sums(pen, V, R, mi, mj):
    """Penalty sums and route counts per row (routes starting at the row's
    point) and per column; a missing start point scores all its connected
    routes with penalty 1."""
    pv = pen * V  # penalties are finite: the same as np.where(V, pen, 0.0)
    v8 = V.view(np.uint8)
    r_pen, r_n = pv.sum(axis=1), v8.sum(axis=1, dtype=np.intp).astype(float)
    c_pen, c_n = pv.sum(axis=0), v8.sum(axis=0, dtype=np.intp).astype(float)
    if len(mi):
        rr = R[mi].sum(axis=1)
        r_pen[mi] = rr
        r_n[mi] = rr
    if len(mj):
        rc = R[:, mj].sum(axis=0)
        c_pen[mj] = rc
        c_n[mj] = rc
    return r_pen, r_n, c_pen, c_n


def _penalty_histogram(pen, V, R, mi, mj):
    """Counts of route penalties in 20 bins of 0.05 (each pair is two
    routes, and a missing start's unscored routes count as penalty 1)."""
    # bin int(20 pen) (20 for a penalty of 1 goes to the last bin); 21 marks
    # the pairs that are not scored: one bincount, no compaction by V
    codes = np.multiply(pen, 20.0).astype(np.intp)
    np.copyto(codes, 21, where=~V)
    counts = np.bincount(codes.ravel(), minlength=22)
    counts[19] += counts[20]
    hist = counts[:20].astype(float) * 2
    hist[19] += (R[mi].sum() - V[mi].sum()) + (R[:, mj].sum() - V[:, mj].sum())
    return hist


def _penalty(LA, LB):
    """min(1, |LA - LB| / LA), 1 where LB is infinite; relative differences
    below EQUAL_TOL count as 0 (floating-point noise of equal paths)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        pen = np.subtract(LA, LB)
        np.abs(pen, out=pen)
        np.divide(pen, LA, out=pen)
        small = pen < EQUAL_TOL  # NaN compares False: stays NaN here
    np.copyto(pen, 0.0, where=small)
    np.fmin(pen, 1.0, out=pen)  # min(pen, 1), and 1 where pen is NaN
    return pen


def _combine(a, b, variant):
    """APLS from its two directions: the harmonic mean (SpaceNet) or the mean
    (Sat2Graph), NaN when either is undefined (core/scores.py)."""
    return mean_or_nan(a, b) if variant in REPLAYS else harmonic_or_nan(a, b)


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


def compute(gt: LineSet, pred: LineSet, params: dict, progress: Progress, *,
            diagnostics: bool = True) -> MetricResult:
    used, spacing, snap, min_len = _settings(params)
    variant = used["VARIANT"]
    if variant in REPLAYS:
        return _replay(gt, pred, used, spacing, snap, min_len)
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
    gs = _Side(G, P, spacing, snap)
    ps = _Side(P, G, spacing, snap)
    cache = ROW_CACHE_BYTES // (4 if speed_field else 2)
    dG, dP = NetworkDistances(G, cache_bytes=cache), NetworkDistances(P, cache_bytes=cache)
    tG = tP = None
    if speed_field:
        tG = NetworkDistances(G, use_cost=True, cache_bytes=cache)
        tP = NetworkDistances(P, use_cost=True, cache_bytes=cache)
    progress.set(0.1, N_("ground truth -> prediction"))
    r1, r2 = _both_ways([_OneWay(gs, ps, dG, dP, min_len, tG, tP),
                         _OneWay(ps, gs, dP, dG, min_len, tP, tG)],
                        progress.sub(0.1, 1.0))
    a, b = r1["score"], r2["score"]
    at, bt = r1["score_time"], r2["score_time"]
    total, total_t = _totals(G, P, r1, r2, variant, bool(speed_field), warnings)
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
    return MetricResult("apls", scores, parameters=_public_params(used), counts=counts,
                        warnings=warnings, layers=layers, details=details,
                        pool_stats=pool_stats)


def _replay(gt: LineSet, pred: LineSet, used: dict, spacing: float, snap: float,
            min_len: float) -> MetricResult:
    """APLS as Sat2Graph's Go code computes it (apls_sat2graph.py), with the
    variant's constants and the parameters that override them: interior
    control points every CONTROL_SPACING / 2 hops of 2 m (Sat2Graph counts
    25 hops for 50 m; the chain needs 1.5 times that many vertices)."""
    base = REPLAYS[used["VARIANT"]]
    hops = spacing / 2.0
    setting = apls_sat2graph.Setting(
        interval_1=int(hops * 1.5), interval_2=hops, min_path_m=min_len,
        prop_step=base.prop_step, margin_m=float(used["TILE_MARGIN"]),
        region_m=float(used["TILE_SIZE"]), snap_m=snap)
    warnings = []
    if used.get("SPEED_FIELD"):
        warnings.append(msg("APLS_time is not part of Sat2Graph's APLS: SPEED_FIELD is ignored "
                            "by VARIANT={}.", used["VARIANT"]))
    r = apls_sat2graph.replay(gt.parts, pred.parts, setting, int(used["ORDERS"]),
                              int(used.get("SEED") or 0))
    a, b = r["gt_to_pred"], r["pred_to_gt"]
    for side, label in ((a, msg("ground truth")), (b, msg("prediction"))):
        if side["orders"] > 1:
            warnings.append(msg("{}: the reference's number depends on Go's random map order "
                                "here (contested snapping, e.g. doubled roads); this is the mean "
                                "over {} random orders, which range from {:.4f} to {:.4f}.",
                                label, side["orders"], side["order_min"], side["order_max"]))
        if math.isnan(side["score"]):
            warnings.append(msg("{}: no pair of control points to score (no control point inside "
                                "the tile less its {} m margin, or none at least MIN_PATH_LENGTH "
                                "apart): this direction is NaN, and so is APLS, as in the "
                                "reference.", label, _fmt(setting.margin_m)))
    scores = {"APLS": float(r["apls"]), "APLS_GT_TO_PRED": float(a["score"]),
              "APLS_PRED_TO_GT": float(b["score"]), "APLS_TIME": math.nan,
              "APLS_TIME_GT_TO_PRED": math.nan, "APLS_TIME_PRED_TO_GT": math.nan}
    counts = {"gt_control_points": a["control_points"], "pred_control_points": b["control_points"],
              "gt_missing_control_points": a["control_points"] - a["matched"],
              "pred_missing_control_points": b["control_points"] - b["matched"],
              "gt_routes": a["pairs"], "pred_routes": b["pairs"],
              "gt_nodes": r["gt"].n, "pred_nodes": r["pred"].n,
              "gt_orders": a["orders"], "pred_orders": b["orders"]}
    layers = {name: FeatureTable("Point", FIELDS) for name in STANDARD_SINKS}
    for side, graph, src, um in ((a, r["gt"], "ground_truth", "UNMATCHED_GT"),
                                 (b, r["pred"], "prediction", "UNMATCHED_PRED")):
        pts = np.asarray(side["points"], np.int64)
        xy = apls_sat2graph.to_metres(graph.loc[pts]) if len(pts) else np.zeros((0, 2))
        kind = np.where(graph.degree[pts] != 2, "node", "edge") if len(pts) else np.zeros(0, str)
        ok = side["match"] >= 0
        for name, sel in (("MATCHED", ok), (um, ~ok)):
            layers[name].extend(xy[sel], source=src, kind=kind[sel],
                                snap_distance=np.full(int(sel.sum()), np.nan),
                                n_routes=np.zeros(int(sel.sum()), np.int64),
                                mean_pen=np.full(int(sel.sum()), np.nan))
    pool_stats = {"gt_penalty": a["penalty_sum"], "gt_penalty_time": 0.0, "gt_routes": a["pairs_mean"],
                  "pred_penalty": b["penalty_sum"], "pred_penalty_time": 0.0,
                  "pred_routes": b["pairs_mean"], "gt_empty": int(r["gt"].n == 0),
                  "pred_empty": int(r["pred"].n == 0), "variant": used["VARIANT"], "time": False}
    params = _public_params(used)
    params.update(TILE_SIZE=setting.region_m, TILE_MARGIN=setting.margin_m,
                  COVER_HOPS=setting.prop_step)
    return MetricResult("apls", scores, parameters=params, counts=counts, warnings=warnings,
                        layers=layers, details={}, pool_stats=pool_stats)


def _fmt(x: float) -> str:
    return f"{x:g}"


def _settings(params):
    """The parameters with the variant's defaults filled in, and the three
    distances (spacing, snap, minimum path length, metres), checked."""
    variant = params["VARIANT"]
    if variant not in VARIANT_DEFAULTS:
        raise ValueError(msg("VARIANT must be one of {}", sorted(VARIANT_DEFAULTS)))
    used = dict(params)
    for k, v in VARIANT_DEFAULTS[variant].items():
        if used.get(k) is None:
            used[k] = v
    if variant not in REPLAYS:
        used["TILE_SIZE"] = used["TILE_MARGIN"] = None     # no tile outside the replays
        used["ORDERS"] = used["SEED"] = None               # nor Go's random order
    spacing = float(used["CONTROL_SPACING"])
    snap = float(used["SNAP_DISTANCE"])
    min_len = float(used["MIN_PATH_LENGTH"])
    if spacing <= 0:
        raise ValueError(msg("CONTROL_SPACING must be > 0"))
    if snap < 0 or min_len < 0:
        raise ValueError(msg("SNAP_DISTANCE and MIN_PATH_LENGTH must be >= 0"))
    return used, spacing, snap, min_len


def _totals(G, P, r1, r2, variant, timed, warnings):
    """(APLS, APLS_time) from the two directions, with the conventions for
    empty networks and networks without routes (docs/paths.md)."""
    a, b = r1["score"], r2["score"]
    zero_t = 0.0 if timed else math.nan
    if G.is_empty() and P.is_empty():
        warnings.append(msg("both networks are empty: APLS = 1 (SpaceNet convention)"))
        return 1.0, (1.0 if timed else math.nan)
    if P.is_empty():
        warnings.append(msg("the prediction is empty: APLS = 0"))
        return 0.0, zero_t
    if G.is_empty():
        warnings.append(msg("the ground truth is empty but the prediction is not: APLS = 0"))
        return 0.0, zero_t
    if math.isnan(a):
        warnings.append(msg("the ground truth has no route of at least MIN_PATH_LENGTH: APLS is "
                            "undefined (NaN)"))
        return math.nan, math.nan
    if math.isnan(b):
        warnings.append(msg("the prediction has no route of at least MIN_PATH_LENGTH: APLS = 0 "
                            "(as the reference scores a proposal without routes)"))
        return 0.0, zero_t
    total_t = _combine(r1["score_time"], r2["score_time"], variant) if timed else math.nan
    return _combine(a, b, variant), total_t


def pool(results) -> dict[str, float]:
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
    elif math.isnan(b) and variant not in REPLAYS:
        total, total_t = 0.0, 0.0 if timed else math.nan
    else:
        total = _combine(a, b, variant)
        total_t = _combine(at, bt, variant) if timed else math.nan
    if not timed:
        at = bt = math.nan
    return {"APLS": total, "APLS_GT_TO_PRED": a, "APLS_PRED_TO_GT": b, "APLS_TIME": total_t,
            "APLS_TIME_GT_TO_PRED": at, "APLS_TIME_PRED_TO_GT": bt}


def _public_params(used):
    keys = ["VARIANT", "CONTROL_SPACING", "SNAP_DISTANCE", "MIN_PATH_LENGTH", "TILE_SIZE",
            "TILE_MARGIN", "ORDERS", "SEED", "SPEED_FIELD", "SPEED_UNIT", "DEFAULT_SPEED", "MERGE_TOLERANCE",
            "NODE_CROSSINGS"]
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
        Param("CONTROL_SPACING", "distance", "Control point spacing", None, unit="m", minimum=0.01,
              spacing=True, optional=True,
              help="Maximum distance between control points along an edge (metres). Empty: the "
                   "variant's default (50 m; 20 m sat2graph_spacenet). The sat2graph variants "
                   "count it in hops of 2 m, as the reference does."),
        Param("SNAP_DISTANCE", "distance", "Snap distance", None, unit="m", minimum=0.0,
              optional=True,
              help="Control points farther than this from the other network are missing. "
                   "Empty: the variant's default (4 m spacenet, 10 m sat2graph)."),
        Param("MIN_PATH_LENGTH", "distance", "Minimum path length", None, unit="m", minimum=0.0,
              optional=True,
              help="Routes shorter than this are not scored. Empty: the variant's default "
                   "(10 m spacenet, 100 m sat2graph)."),
        Param("VARIANT", "enum", "Variant", "spacenet",
              options=["spacenet", "sat2graph", "sat2graph_spacenet"],
              help="spacenet: CosmiQ/SpaceNet rules, harmonic mean. sat2graph: Sat2Graph's Go APLS "
                   "replayed as City-Scale papers (Sat2Graph, RNGDet++, SAM-Road) report it, on a "
                   "tile with its corner at (0, 0), x along the reference's first pixel axis: "
                   "2 m hops, control points inside the tile less a 100 m margin, one-to-one "
                   "snapping, arithmetic mean, NaN without pairs. sat2graph_spacenet: the same "
                   "code with SAM-Road's SpaceNet constants (352 m region, 30 m margin)."),
        Param("TILE_SIZE", "distance", "Tile size (sat2graph)", None, unit="m", minimum=1.0,
              optional=True,
              help="sat2graph variants: the tile's side from (0, 0), in metres (1 px = 1 m). "
                   "Empty: 2048 (sat2graph), 352 (sat2graph_spacenet)."),
        Param("TILE_MARGIN", "distance", "Tile margin (sat2graph)", None, unit="m", minimum=0.0,
              optional=True,
              help="sat2graph variants: control points only farther than this from the tile's "
                   "sides. Empty: 100 (sat2graph), 30 (sat2graph_spacenet)."),
        Param("ORDERS", "integer", "Random orders (sat2graph)", 64, minimum=1, maximum=4096,
              advanced=True,
              help="sat2graph variants: where the reference's result depends on Go's random map "
                   "order (one-to-one snapping conflicts, e.g. doubled roads), the mean over up "
                   "to this many random orders drawn with SEED, 4 at a time until its standard "
                   "error is below 0.001; the reference's expected number. 1: one fixed order."),
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
    sampled=True,
    extra_scores=("APLS_TIME_GT_TO_PRED", "APLS_TIME_PRED_TO_GT"),
    doc=('docs/paths.md', 'roadmetricsapls--apls-average-path-length-similarity'),
    tags=('apls', 'spacenet', 'path', 'shortest path', 'length', 'travel time', 'routing',
          'connectivity', 'topology', 'graph'),
    picker=0,
))
