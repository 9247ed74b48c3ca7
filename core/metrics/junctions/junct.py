"""JUNCT — junction recall and error (RoadTracer).

Reference: F. Bastani et al., "RoadTracer: Automatic Extraction of Road
Networks from Aerial Images", CVPR 2018 (junction metric, Go code
``junction_metric.go``); described and criticised in L. Citraro,
M. Kozinski, P. Fua, "Towards Reliable Evaluation of Road Network
Reconstructions", ECCV 2020, sec. 2.3 and Fig. 2.

Junctions are nodes with at least three incident roads (our network model
dissolves degree-2 nodes).  In node order, each junction not yet grouped
seeds a cluster holding every ungrouped junction closer than CLUSTER_RADIUS
(and within 2 x CLUSTER_RADIUS along the network); the cluster sits at its
seed.  Both networks are clustered by this rule.  The *directions* of a
cluster are the points DIRECTION_DISTANCE along each road leaving it (the
road's far end, a junction or a dead end, when it is shorter), as angles
seen from the cluster.

A direction of cluster a is *captured* by cluster b when b has a direction
less than ANGLE_TOLERANCE away.  For a ground-truth cluster v and a predicted
cluster u:

    f_correct(v, u) = captured directions of v / directions of v
    f_error(v, u)   = directions of u not captured by v / directions of u
                      (0 and 1 when either has no direction)

Ground-truth clusters are matched one by one (in node order) to the unused
predicted cluster within MATCH_RADIUS that maximises
f_correct - f_error - distance / MATCH_RADIUS, among those with
f_correct - f_error > 0.  Unmatched: f_correct(v) = 0, f_error(u) = 1.

    n_correct = sum over ground-truth clusters of f_correct
    n_error   = sum over predicted clusters of f_error
    F_correct = n_correct / |V|,  F_error = n_error / (n_error + n_correct)
    F1        = 2 F_correct (1 - F_error) / (F_correct + 1 - F_error)

Deterministic (no sampling).  Empty prediction: F_correct 0, F_error NaN,
F1 0.  Neither network has a junction: F_correct 1, F_error 0, F1 1 (nothing
to find, nothing spurious), with a warning.
"""
from __future__ import annotations

import math

import numpy as np

from .features import JunctionClusters, angle_difference, junction_nodes
from ...lazy_scipy import cKDTree
from ...network.lineset import network_pair, LineSet
from ... import scores as score_rules
from ...scores import ratio
from ...registry import MetricSpec, Output, Param, Sink, STANDARD_SINKS, register
from ...progress import Progress
from ...result import FeatureTable, MetricResult
from ...text import N_, msg


def pair_scores(A, B, ia, ib, tolerance) -> tuple:
    """f_correct and f_error for the cluster pairs (A[ia[k]], B[ib[k]]), and
    per direction whether it is captured: (fc, fe, cap_a, cap_b) where cap_a
    is flat over the pairs' A directions (pair by pair), cap_b likewise."""
    ia = np.asarray(ia, dtype=np.int64)
    ib = np.asarray(ib, dtype=np.int64)
    na = A.n_directions[ia]
    nb = B.n_directions[ib]
    npair = len(ia)
    cnt = na * nb
    k = np.repeat(np.arange(npair), cnt)
    t = np.arange(cnt.sum()) - np.repeat(np.cumsum(cnt) - cnt, cnt)
    ja = t // np.maximum(nb[k], 1)
    jb = t % np.maximum(nb[k], 1)
    da = A.dir_ptr[ia][k] + ja
    db = B.dir_ptr[ib][k] + jb
    ok = angle_difference(A.dir_angle[da], B.dir_angle[db]) < tolerance
    slot_a = (np.cumsum(na) - na)[k] + ja
    slot_b = (np.cumsum(nb) - nb)[k] + jb
    cap_a = np.bincount(slot_a, weights=ok, minlength=int(na.sum())) > 0
    cap_b = np.bincount(slot_b, weights=ok, minlength=int(nb.sum())) > 0
    good_a = np.bincount(np.repeat(np.arange(npair), na), weights=cap_a, minlength=npair)
    good_b = np.bincount(np.repeat(np.arange(npair), nb), weights=cap_b, minlength=npair)
    both = (na > 0) & (nb > 0)
    fc = np.where(both, good_a / np.maximum(na, 1), 0.0)
    fe = np.where(both, (nb - good_b) / np.maximum(nb, 1), 1.0)
    return fc, fe, cap_a, cap_b


def match_clusters(A, B, match_radius, tolerance) -> tuple:
    """RoadTracer's greedy matching.  Returns (ia, ib, distance, f_correct,
    f_error) of the matched pairs, in ground-truth order."""
    empty = (np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0), np.zeros(0), np.zeros(0))
    if len(A) == 0 or len(B) == 0:
        return empty
    sd = cKDTree(A.xy).sparse_distance_matrix(cKDTree(B.xy), float(match_radius),
                                              output_type="ndarray")
    ia, ib = sd["i"].astype(np.int64), sd["j"].astype(np.int64)
    d = np.hypot(*(A.xy[ia] - B.xy[ib]).T)
    inside = d <= match_radius
    ia, ib, d = ia[inside], ib[inside], d[inside]
    fc, fe, _, _ = pair_scores(A, B, ia, ib, tolerance)
    score = fc - fe
    ok = score > 0
    ia, ib, d, fc, fe, score = ia[ok], ib[ok], d[ok], fc[ok], fe[ok], score[ok]
    fscore = score - d / match_radius if match_radius > 0 else score
    o = np.lexsort((ib, -fscore, ia))
    used = np.zeros(len(B), dtype=bool)
    done = np.zeros(len(A), dtype=bool)
    pick = []
    for k, a, b in zip(o.tolist(), ia[o].tolist(), ib[o].tolist()):
        if done[a] or used[b]:
            continue
        done[a] = used[b] = True
        pick.append(k)
    pick = np.asarray(pick, dtype=np.int64)
    return ia[pick], ib[pick], d[pick], fc[pick], fe[pick]


def compute(gt: LineSet, pred: LineSet, params: dict, progress: Progress, *,
            diagnostics: bool = True) -> MetricResult:
    cr = float(params["CLUSTER_RADIUS"])
    mr = float(params["MATCH_RADIUS"])
    dd = float(params["DIRECTION_DISTANCE"])
    tol_deg = float(params["ANGLE_TOLERANCE"])
    if cr < 0 or mr < 0:
        raise ValueError(msg("CLUSTER_RADIUS and MATCH_RADIUS must be >= 0"))
    if dd <= 0:
        raise ValueError(msg("DIRECTION_DISTANCE must be > 0"))
    if not 0 < tol_deg <= 180:
        raise ValueError(msg("ANGLE_TOLERANCE must be in (0, 180] degrees"))
    tol = math.radians(tol_deg)
    warnings = []
    progress.set(0.0, N_("building networks"))
    G, P = network_pair(gt, pred, params, warnings)
    progress.set(0.2, N_("clustering junctions"))
    A = JunctionClusters(G, cr, dd)
    B = JunctionClusters(P, cr, dd)
    progress.set(0.6, N_("matching junctions"))
    ia, ib, dist, fc, fe = match_clusters(A, B, mr, tol)
    V, U, M = len(A), len(B), len(ia)
    n_correct = float(fc.sum())
    n_error = float(fe.sum()) + (U - M)
    f_correct = ratio(n_correct, V)
    f_error = ratio(n_error, n_error + n_correct)
    if G.is_empty():
        f_correct = f_error = math.nan
        warnings.append(msg("the ground truth is empty: JUNCT is undefined (NaN)"))
    elif P.is_empty():
        f_correct, f_error = 0.0, math.nan
        warnings.append(msg("the prediction is empty: F_CORRECT = 0, F_ERROR undefined (NaN), "
                            "F1 = 0"))
    elif V == 0 and U == 0:
        f_correct, f_error = 1.0, 0.0
        warnings.append(msg("neither network has a junction (node with >= 3 roads): F_CORRECT = "
                            "1, F_ERROR = 0 by convention (nothing to find, nothing spurious)"))
    elif V == 0:
        warnings.append(msg("the ground truth has no junction: F_CORRECT is undefined (NaN)"))
    elif U == 0:
        warnings.append(msg("the prediction has no junction: F_CORRECT = 0, F_ERROR undefined "
                            "(NaN)"))
    f1 = score_rules.f1(1.0 - f_error, f_correct) if not G.is_empty() else math.nan
    scores = {"F_CORRECT": f_correct, "F_ERROR": f_error, "F1": f1,
              "N_CORRECT": n_correct, "N_ERROR": float(n_error),
              "GT_JUNCTIONS": float(V), "PRED_JUNCTIONS": float(U), "MATCHED_JUNCTIONS": float(M)}
    counts = {
        "gt_junction_nodes": int(len(junction_nodes(G))),
        "pred_junction_nodes": int(len(junction_nodes(P))),
        "gt_junctions": V, "pred_junctions": U, "matched_junctions": M,
        "gt_directions": int(len(A.dir_angle)), "pred_directions": int(len(B.dir_angle)),
        "gt_nodes": G.n_nodes, "gt_edges": G.n_edges, "pred_nodes": P.n_nodes,
        "pred_edges": P.n_edges, "gt_length_m": G.total_length, "pred_length_m": P.total_length,
    }
    progress.set(0.9, N_("writing layers"))
    layers = _layers(A, B, ia, ib, dist, fc, fe, tol)
    progress.set(1.0)
    used = {k: params.get(k) for k in ("CLUSTER_RADIUS", "MATCH_RADIUS", "DIRECTION_DISTANCE",
                                       "ANGLE_TOLERANCE", "MERGE_TOLERANCE", "NODE_CROSSINGS")}
    return MetricResult("junct", scores, parameters=used, counts=counts, warnings=warnings, layers=layers)


FIELDS = [("source", "string"), ("gt_degree", "int"), ("pred_degree", "int"),
          ("gt_nodes", "int"), ("pred_nodes", "int"), ("f_correct", "double"),
          ("f_error", "double"), ("distance", "double")]
DIR_FIELDS = [("source", "string"), ("matched", "int"), ("captured", "int"),
              ("angle_deg", "double")]


def _layers(A, B, ia, ib, dist, fc, fe, tol):
    out = {name: FeatureTable("Point", FIELDS) for name in STANDARD_SINKS}
    out["MATCHED"].extend(A.xy[ia], source="ground_truth", gt_degree=A.n_directions[ia],
                          pred_degree=B.n_directions[ib], gt_nodes=A.size[ia],
                          pred_nodes=B.size[ib], f_correct=fc, f_error=fe, distance=dist)
    ua = np.setdiff1d(np.arange(len(A)), ia)
    ub = np.setdiff1d(np.arange(len(B)), ib)
    out["UNMATCHED_GT"].extend(A.xy[ua], source="ground_truth", gt_degree=A.n_directions[ua],
                               gt_nodes=A.size[ua], f_correct=0.0)
    out["UNMATCHED_PRED"].extend(B.xy[ub], source="prediction", pred_degree=B.n_directions[ub],
                                 pred_nodes=B.size[ub], f_error=1.0)
    # direction rays, captured or not by the matched cluster of the other side
    dirs = FeatureTable("LineString", DIR_FIELDS)
    _, _, cap_a, cap_b = pair_scores(A, B, ia, ib, tol)
    for C, idx, cap, src in ((A, ia, cap_a, "ground_truth"), (B, ib, cap_b, "prediction")):
        captured = np.zeros(len(C.dir_angle), dtype=np.int64)
        matched = np.zeros(len(C.dir_angle), dtype=np.int64)
        n = C.n_directions[idx]
        slots = np.repeat(C.dir_ptr[idx], n) + (np.arange(n.sum()) - np.repeat(np.cumsum(n) - n, n))
        captured[slots] = cap.astype(np.int64)
        matched[slots] = 1
        owner = np.repeat(np.arange(len(C)), C.n_directions)
        rays = list(np.stack([C.xy[owner].reshape(-1, 2), C.dir_xy], axis=1))
        dirs.extend(rays, source=src, matched=matched, captured=captured,
                    angle_deg=np.degrees(C.dir_angle))
    out["DIRECTIONS"] = dirs
    return out


def pool(results) -> dict[str, float]:
    """Pooled JUNCT over tiles: F_CORRECT = sum N_CORRECT / sum GT_JUNCTIONS,
    F_ERROR = sum N_ERROR / (sum N_ERROR + sum N_CORRECT)."""
    from ...pooling import sums
    t = sums(results, ("N_CORRECT", "N_ERROR", "GT_JUNCTIONS", "PRED_JUNCTIONS",
                       "MATCHED_JUNCTIONS"))
    fc = ratio(t["N_CORRECT"], t["GT_JUNCTIONS"])
    fe = ratio(t["N_ERROR"], t["N_ERROR"] + t["N_CORRECT"])
    if t["GT_JUNCTIONS"] == 0 and t["PRED_JUNCTIONS"] == 0:
        fc, fe = 1.0, 0.0  # the metric's convention: nothing to find, nothing spurious
    out = {"F_CORRECT": fc, "F_ERROR": fe, "F1": score_rules.f1(1.0 - fe, fc)}
    out.update(t)
    return out


SPEC = register(MetricSpec(
    id="junct",
    name="JUNCT (junction recall / error, RoadTracer)",
    group="Junction metrics",
    help=("Compares road junctions (nodes with 3 or more roads) as the RoadTracer junction "
          "metric does. Junctions closer than CLUSTER_RADIUS form one junction; its directions "
          "are read DIRECTION_DISTANCE along each road leaving it. Ground-truth junctions are "
          "matched greedily to predicted ones within MATCH_RADIUS. F_CORRECT is the mean share "
          "of ground-truth directions found at the matched predicted junction (0 when "
          "unmatched); F_ERROR is the share of spurious predicted directions (unmatched "
          "predicted junctions count fully). Insensitive to road breaks away from junctions; a "
          "junction that lost one of three roads counts as entirely missed (use OPT-J)."),
    reference="Bastani et al., RoadTracer (CVPR 2018), junction_metric.go; Citraro et al. "
              "ECCV 2020 sec. 2.3",
    params=[
        Param("CLUSTER_RADIUS", "distance", "Junction cluster radius", 42.5, unit="m", minimum=0.0,
              help="Junctions closer than this (and within twice this along the network) are one "
                   "junction. Default: RoadTracer's 50 px x 1.7 at 0.5 m/px."),
        Param("MATCH_RADIUS", "distance", "Match radius", 55.25, unit="m", minimum=0.0,
              help="A predicted junction farther than this from a ground-truth junction cannot "
                   "match it. Default: RoadTracer's 65 px x 1.7 at 0.5 m/px."),
        Param("DIRECTION_DISTANCE", "distance", "Direction distance", 55.25, unit="m",
              minimum=0.01,
              help="How far along each road leaving a junction its direction is read (the road's "
                   "far end when it is shorter). Default: RoadTracer's 65 px x 1.7 at 0.5 m/px."),
        Param("ANGLE_TOLERANCE", "number", "Angle tolerance (degrees)", 90.0, unit="deg",
              minimum=0.001, maximum=180.0,
              help="A direction is captured when the other junction has a direction less than "
                   "this many degrees away."),
    ],
    outputs=[
        Output("F_CORRECT", "F_correct (junction recall)",
               "Mean share of ground-truth junction directions found (0 for missed junctions)."),
        Output("F_ERROR", "F_error (junction error rate)",
               "n_error / (n_error + n_correct): share of spurious directions; 0 is perfect.",
               perfect=0.0),
        Output("F1", "F1", "Harmonic mean of F_correct and 1 - F_error."),
        Output("N_CORRECT", "n_correct", "Sum of f_correct over ground-truth junctions.",
               perfect=None, bounds=(0.0, None)),
        Output("N_ERROR", "n_error", "Sum of f_error over predicted junctions.",
               perfect=0.0, bounds=(0.0, None)),
        Output("GT_JUNCTIONS", "Ground-truth junctions", "Junction clusters of the ground truth.",
               perfect=None, bounds=(0.0, None)),
        Output("PRED_JUNCTIONS", "Predicted junctions", "Junction clusters of the prediction.",
               perfect=None, bounds=(0.0, None)),
        Output("MATCHED_JUNCTIONS", "Matched junctions", "Matched junction pairs.",
               perfect=None, bounds=(0.0, None)),
    ],
    sinks=[
        Sink("MATCHED", "Matched junctions", "Point",
             "Ground-truth junctions with their matched prediction: f_correct, f_error, "
             "degrees (roads leaving) on both sides; graduated by f_correct.",
             dict(STANDARD_SINKS["MATCHED"], graduated="f_correct",
                  ramp=["#7b3294", "#c2a5cf", "#a6d96a", "#1a9641"],
                  breaks=[0.0, 0.5, 0.75, 0.999, 1.0],
                  labels=["under half of its roads found", "half to three quarters found",
                          "over three quarters found", "all its roads found"])),
        Sink("UNMATCHED_GT", "Missed ground-truth junctions", "Point",
             "Ground-truth junctions without a predicted match (f_correct = 0).",
             STANDARD_SINKS["UNMATCHED_GT"]),
        Sink("UNMATCHED_PRED", "Spurious predicted junctions", "Point",
             "Predicted junctions without a ground-truth match (f_error = 1).",
             STANDARD_SINKS["UNMATCHED_PRED"]),
        Sink("DIRECTIONS", "Junction directions", "LineString",
             "One line per road direction, from the junction to where it is read; captured = 1 "
             "when the matched junction on the other side has a direction within "
             "ANGLE_TOLERANCE.",
             dict(color="#1a9641", categorized="captured", size=0.5,
                  categories=[(1, "#1a9641", "captured"), (0, "#d7191c", "missed")])),
    ],
    compute=compute,
    pool=pool,
    doc=('docs/junctions.md', 'roadmetricsjunct--junct-junction-recall--error-roadtracer'),
    tags=('junct', 'junction', 'intersection', 'roadtracer', 'recall', 'error', 'node',
          'topology', 'graph'),
    picker=6,
))
