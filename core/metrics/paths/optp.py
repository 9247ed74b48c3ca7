"""OPT-P — path connectivity precision and recall.

Reference: L. Citraro, M. Kozinski, P. Fua, "Towards reliable evaluation of
road network reconstructions", ECCV 2020, sec. 3.1 and appendix (reference
code lcit/metrics_delin, path_connectivity_metric.py).

Recall: the ground truth is decomposed into edge-disjoint paths (seeded
random walks from dead ends, core/metrics/paths/pathsample.py); each path pi is resampled
into segments of at most SEGMENT_LENGTH and aligned to the prediction with
Viterbi: each point takes one of its candidate projections (the closest
point of each prediction edge within SNAP_DISTANCE, placed on the edge's
end node when within NODE_SNAP_DISTANCE of it; cost = squared distance) or
the unmatched state (cost 0); a transition between candidates is free when
the prediction connects them by a route inside a corridor of CORRIDOR_WIDTH
around the segment walking at most MAX_HOPS (partial) edges
(core/metrics/paths/corridor.py); every other transition costs DISCONNECTION_PENALTY x
SEGMENT_LENGTH^2.  Paths are processed in their sampled order and the parts
of the prediction used by matched transitions are consumed, so no part is
matched twice (except within NODE_SNAP_DISTANCE of a junction: junction
areas are shared by the roads crossing there).  A later path is matched to
what is left, as the paper removes matched edges: a candidate on a consumed
stretch is re-projected onto the cut(s) between that stretch and the free
part of its edge, when within SNAP_DISTANCE (core/metrics/paths/pathmatch.py,
free_candidates).  The matched transitions split pi into connected pieces
S(pi):

    P_pi = sum over s in S(pi) of l(s)^2 / l(pi)^2

(the probability that a sub-path with two uniformly drawn ends is connected
in the other network).  RECALL = mean of P_pi over ground-truth paths;
PRECISION = the same with the roles exchanged; F1 = harmonic mean.
N_INTERRUPTIONS counts the unmatched stretches that split a ground-truth
path between two matched pieces (gaps that disconnect a road).
"""
from __future__ import annotations

import math

import numpy as np

from ...network.lineset import network_pair, LineSet
from .pathmatch import PathMatch
from ...parallel import cores, process_map
from .pathsample import PathPoints, decompose_paths, sub_polyline
from ...scores import f1_given_recall
from ...registry import MetricSpec, Output, Param, Sink, register
from ...progress import Progress
from ...result import FeatureTable, MetricResult
from ...network.sampling import rng
from ...text import N_, msg


def _check(params):
    seg = float(params["SEGMENT_LENGTH"])
    snap = float(params["SNAP_DISTANCE"])
    width = float(params["CORRIDOR_WIDTH"])
    hops = int(params["MAX_HOPS"])
    pen = float(params["DISCONNECTION_PENALTY"])
    node_snap = float(params["NODE_SNAP_DISTANCE"])
    if seg <= 0:
        raise ValueError(msg("SEGMENT_LENGTH must be > 0"))
    if snap < 0 or width < 0 or node_snap < 0:
        raise ValueError(msg("SNAP_DISTANCE, CORRIDOR_WIDTH and NODE_SNAP_DISTANCE must be >= 0"))
    if hops < 1:
        raise ValueError(msg("MAX_HOPS must be >= 1"))
    if pen <= 0:
        raise ValueError(msg("DISCONNECTION_PENALTY must be > 0"))
    return seg, snap, width, hops, pen, node_snap


PARALLEL_POINTS = 20_000  # path points per side from which recall and precision are
# matched on two processes (the sample has about 4,000)


def _match(common, item, progress) -> PathMatch:
    """Match the paths of one network to the other (module level: it may
    run in a worker process)."""
    points, other = item
    return PathMatch(points, other, *common, progress=progress)


def compute(gt: LineSet, pred: LineSet, params: dict, progress: Progress, *,
            diagnostics: bool = True) -> MetricResult:
    seg, snap, width, hops, pen, node_snap = _check(params)
    warnings = []
    progress.set(0.0, N_("building networks"))
    G, P = network_pair(gt, pred, params, warnings)
    if G.is_empty():
        raise ValueError(msg("the ground truth has no usable line (no edge of positive length): "
                             "OPT-P needs ground-truth paths"))
    gen = rng(params.get("SEED", 0))
    progress.set(0.02, N_("decomposing into paths"))
    paths_g = decompose_paths(G, gen)
    paths_p = decompose_paths(P, gen)
    pts_g = PathPoints(G, paths_g, seg)
    pts_p = PathPoints(P, paths_p, seg)
    penalty = pen * seg * seg
    progress.set(0.05, N_("matching paths (recall, precision)"))
    # the two directions are independent: on two processes when both are big
    # (a worker starts in about 0.5 s), the same numbers either way
    big = min(len(pts_g.xy), len(pts_p.xy)) >= PARALLEL_POINTS
    rec, prec = process_map(_match, (snap, width, hops, penalty, node_snap),
                            [(pts_g, P), (pts_p, G)], progress.sub(0.05, 0.95),
                            cores() if big else 1,
                            labels=[N_("recall"), N_("precision")])
    recall = float(rec.score.mean())
    if len(paths_p):
        precision = float(prec.score.mean())
    else:
        precision = math.nan
        warnings.append(msg("the prediction is empty: PRECISION is undefined (NaN), RECALL = 0, "
                            "F1 = 0"))
    f1 = f1_given_recall(precision, recall)
    inter_g = _interruptions(rec)
    inter_p = _interruptions(prec)
    scores = {"PRECISION": precision, "RECALL": recall, "F1": f1,
              "N_PATHS_GT": float(len(paths_g)), "N_PATHS_PRED": float(len(paths_p)),
              "N_INTERRUPTIONS": float(inter_g.sum())}
    counts = {
        "gt_paths": len(paths_g), "pred_paths": len(paths_p),
        "gt_paths_connected": int((rec.score >= 1 - 1e-9).sum()),
        "pred_paths_connected": int((prec.score >= 1 - 1e-9).sum()),
        "gt_paths_unmatched": int((rec.score == 0).sum()),
        "pred_paths_unmatched": int((prec.score == 0).sum()),
        "gt_interruptions": int(inter_g.sum()), "pred_interruptions": int(inter_p.sum()),
        "gt_points": int(len(pts_g.xy)), "pred_points": int(len(pts_p.xy)),
        "gt_candidates": rec.n_candidates, "pred_candidates": prec.n_candidates,
        "gt_matched_length_m": _matched_length(rec), "pred_matched_length_m": _matched_length(prec),
        "gt_nodes": G.n_nodes, "gt_edges": G.n_edges, "pred_nodes": P.n_nodes,
        "pred_edges": P.n_edges, "gt_length_m": G.total_length, "pred_length_m": P.total_length,
    }
    progress.set(0.95, N_("writing results"))
    layers = _layers(rec, prec)
    used = {k: params.get(k) for k in ("SEGMENT_LENGTH", "SNAP_DISTANCE", "CORRIDOR_WIDTH",
                                       "NODE_SNAP_DISTANCE", "MAX_HOPS", "DISCONNECTION_PENALTY", "SEED",
                                       "MERGE_TOLERANCE", "NODE_CROSSINGS")}
    # the score of each path is the path_score field of the output layers
    details = {}
    pool_stats = {"gt_score_sum": float(rec.score.sum()), "gt_paths": len(paths_g),
                  "pred_score_sum": float(prec.score.sum()), "pred_paths": len(paths_p),
                  "interruptions": int(inter_g.sum())}
    return MetricResult("optp", scores, parameters=used, counts=counts, warnings=warnings,
                        layers=layers, details=details,
                        pool_stats=pool_stats)


def pool(results) -> dict[str, float]:
    """Pooled OPT-P over tiles: RECALL and PRECISION are means over all the
    paths of all tiles (sums of path scores / numbers of paths), counts are
    summed."""
    s = [r.pool_stats for r in results if r.pool_stats]
    if not s:
        return {}
    tot = {k: sum(x[k] for x in s) for k in ("gt_score_sum", "gt_paths", "pred_score_sum",
                                             "pred_paths", "interruptions")}
    recall = tot["gt_score_sum"] / tot["gt_paths"] if tot["gt_paths"] else math.nan
    precision = tot["pred_score_sum"] / tot["pred_paths"] if tot["pred_paths"] else math.nan
    return {"PRECISION": precision, "RECALL": recall, "F1": f1_given_recall(precision, recall),
            "N_PATHS_GT": float(tot["gt_paths"]), "N_PATHS_PRED": float(tot["pred_paths"]),
            "N_INTERRUPTIONS": float(tot["interruptions"])}


def _interruptions(match):
    """Per path: unmatched stretches between two matched pieces."""
    path, _, _, flag = match.pieces
    n = len(match.points)
    npieces = np.bincount(path[flag], minlength=n) if len(path) else np.zeros(n, np.int64)
    return np.maximum(npieces - 1, 0)


def _matched_length(match):
    path, s0, s1, flag = match.pieces
    return float((s1 - s0)[flag].sum())


FIELDS = [("source", "string"), ("path_id", "int"), ("piece_length", "double"),
          ("path_score", "double"), ("path_length", "double")]


def _layers(rec, prec):
    out = {name: FeatureTable("LineString", FIELDS)
           for name in ("MATCHED", "UNMATCHED_GT", "UNMATCHED_PRED")}
    for match, src, um in ((rec, "ground_truth", "UNMATCHED_GT"),
                           (prec, "prediction", "UNMATCHED_PRED")):
        pts = match.points
        path, s0, s1, flag = match.pieces
        polys = {}
        for name, sel in (("MATCHED", flag), (um, ~flag)):
            i = np.nonzero(sel)[0]
            geoms = []
            for j in i:
                k = int(path[j])
                if k not in polys:
                    polys[k] = pts.path_polyline(k)
                xy, cum = polys[k]
                geoms.append(sub_polyline(xy, cum, s0[j], s1[j]))
            out[name].extend(geoms, source=src, path_id=path[i], piece_length=(s1 - s0)[i],
                             path_score=match.score[path[i]], path_length=pts.length[path[i]])
    return out


SPEC = register(MetricSpec(
    id="optp",
    name="OPT-P (path connectivity)",
    group="Path metrics",
    help=("Decomposes each network into edge-disjoint paths (seeded), resamples them every "
          "SEGMENT_LENGTH metres and aligns each path to the other network with Viterbi "
          "(candidates within SNAP_DISTANCE, free transitions only where the other network "
          "connects them inside a CORRIDOR_WIDTH corridor, an 'unmatched' state otherwise). "
          "What a path matched is removed from the other network, so no road is matched twice. "
          "A path's score is the sum of its squared connected-piece lengths over its squared "
          "length; RECALL averages it over ground-truth paths, PRECISION over predicted paths. "
          "Sensitive to gaps, missing and spurious roads, including duplicated roads that "
          "APLS and TLTS miss."),
    reference="Citraro, Kozinski, Fua, ECCV 2020, sec. 3.1 (lcit/metrics_delin)",
    params=[
        Param("SEGMENT_LENGTH", "distance", "Segment length", 12.5, unit="m", minimum=0.01,
              spacing=True,
              help="Paths are resampled so that consecutive points are at most this far apart "
                   "along the path (metres; reference 25 px at 0.5 m/px)."),
        Param("SNAP_DISTANCE", "distance", "Snap distance", 12.5, unit="m", minimum=0.0,
              help="A path point's candidates are the closest points of the other network's "
                   "edges (of their parts not matched by earlier paths) within this distance "
                   "(metres; reference 25 px)."),
        Param("CORRIDOR_WIDTH", "distance", "Corridor half-width", 12.5, unit="m", minimum=0.0,
              advanced=True,
              help="Two candidates of consecutive points are connected only through a route "
                   "of the other network lying within this distance of the segment joining "
                   "the points (metres; reference 25 px)."),
        Param("NODE_SNAP_DISTANCE", "distance", "Node snap distance", 5.0, unit="m", minimum=0.0,
              advanced=True,
              help="A candidate closer than this (along its edge) to an end of the edge is placed "
                   "on that node, and the parts of edges this close to a junction are shared by "
                   "all paths (never consumed), so roads crossing at a junction drawn as two close "
                   "nodes are not interrupted (metres; reference th_existing = 10 px)."),
        Param("MAX_HOPS", "integer", "Maximum hops per transition", 5, minimum=1, maximum=100,
              advanced=True,
              help="Edges (whole or partial) a connecting route may walk between two "
                   "consecutive candidates (reference: 5)."),
        Param("DISCONNECTION_PENALTY", "number", "Disconnection penalty factor", 10000.0,
              minimum=1e-9, maximum=1e12, advanced=True,
              help="Viterbi cost of a non-free transition (to or from 'unmatched', or between "
                   "unconnected candidates), times SEGMENT_LENGTH squared; a matched point costs "
                   "its squared distance (reference: 10000)."),
    ],
    outputs=[
        Output("PRECISION", "Path precision",
               "Mean connectivity of predicted paths in the ground truth (NaN for an empty "
               "prediction)."),
        Output("RECALL", "Path recall", "Mean connectivity of ground-truth paths in the prediction."),
        Output("F1", "Path F1", "Harmonic mean of PRECISION and RECALL."),
        Output("N_PATHS_GT", "Ground-truth paths", "Number of edge-disjoint ground-truth paths.",
               perfect=None, bounds=(0.0, None)),
        Output("N_PATHS_PRED", "Predicted paths", "Number of edge-disjoint predicted paths.",
               perfect=None, bounds=(0.0, None)),
        Output("N_INTERRUPTIONS", "Interruptions",
               "Gaps that split a ground-truth path between two matched pieces.",
               perfect=None, bounds=(0.0, None)),
    ],
    sinks=[
        Sink("MATCHED", "Matched path pieces", "LineString",
             "Connected pieces of ground-truth and predicted paths (source, path_id, "
             "piece_length, path_score).", dict(color="#1a9641", size=0.8)),
        Sink("UNMATCHED_GT", "Unmatched ground-truth pieces", "LineString",
             "Stretches of ground-truth paths not connected in the prediction (gaps, missing "
             "roads).", dict(color="#d7191c", size=1.0)),
        Sink("UNMATCHED_PRED", "Unmatched predicted pieces", "LineString",
             "Stretches of predicted paths not matched in the ground truth (spurious or "
             "duplicated roads).", dict(color="#fd8d3c", size=1.0)),
    ],
    compute=compute,
    sampled=True,
    pool=pool,
    cost=3,
    doc=('docs/paths.md', 'roadmetricsoptp--opt-p-path-connectivity'),
    tags=('opt-p', 'optp', 'path', 'connectivity', 'precision', 'recall', 'f1', 'topology',
          'graph'),
    picker=9,
))
