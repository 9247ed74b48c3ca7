"""TLTS — too long / too short paths.

Reference: J.D. Wegner, J.A. Montoya-Zegarra, K. Schindler, "A higher-order
CRF model for road network extraction", CVPR 2013; as described and used in
L. Citraro, M. Kozinski, P. Fua, "Towards reliable evaluation of road network
reconstructions", ECCV 2020, sec. 2.2 and Table 1 (reference code
lcit/metrics_delin, toolong_tooshort_metric.py).

N_PATHS pairs of points (p, q) are drawn uniformly along the ground-truth
network (by length), keeping pairs connected in the ground truth.  Each end
is mapped to the nearest location p', q' of the prediction within
SNAP_DISTANCE.  With L = d_GT(p, q) and L' = d_pred(p', q') (length-weighted
shortest paths) and r = (L - L') / L:

    infeasible   if p' or q' does not exist or no path joins them
    too short    if r >  LENGTH_TOLERANCE
    too long     if r < -LENGTH_TOLERANCE
    correct      otherwise

The outputs are the fractions of the N_PATHS paths in each class;
TOO_LONG_OR_SHORT = too long + too short (the paper's "2l+2s" column).
"""
from __future__ import annotations

import math

import numpy as np

from ...lazy_scipy import connected_components, coo_matrix
from ...network.lineset import network_pair, LineSet
from .pairroutes import PairRouter
from .pathsample import loop_flips
from ...network.paths import NetworkDistances
from ...registry import MetricSpec, Output, Param, Sink, register
from ...progress import Progress
from ...result import FeatureTable, MetricResult
from ...network.sampling import rng
from ...network.snapping import NetworkLocator
from ...text import N_, msg

CLASSES = ["correct", "too_long", "too_short", "infeasible"]
MAX_DRAWS_PER_PATH = 100  # as the reference: give up after 100 x N_PATHS draws


def sample_connected_pairs(net, gen, n_paths) -> tuple:
    """Pairs of locations drawn uniformly by length on ``net`` (canonical
    order, so feature splitting does not change the draws), keeping pairs
    whose ends lie in the same connected component and differ.
    Returns (edge_p, off_p, edge_q, off_q, draws)."""
    L = net.edge_length
    cum = np.concatenate([[0.0], np.cumsum(L)])
    total = cum[-1]
    g = coo_matrix((np.ones(net.n_edges), (net.edge_u, net.edge_v)),
                   shape=(net.n_nodes, net.n_nodes))
    _, comp = connected_components(g, directed=False)
    ecomp = comp[net.edge_u]
    flips = loop_flips(net)
    got = [[], [], [], []]
    have = draws = 0
    while have < n_paths and draws < MAX_DRAWS_PER_PATH * n_paths:
        m = n_paths - have
        u = gen.random((m, 2)) * total
        e = np.clip(np.searchsorted(cum, u, side="right") - 1, 0, net.n_edges - 1)
        o = np.clip(u - cum[e], 0.0, L[e])
        o = np.where(flips[e], L[e] - o, o)  # rings measured in their canonical direction
        ok = (ecomp[e[:, 0]] == ecomp[e[:, 1]]) & ((e[:, 0] != e[:, 1]) | (o[:, 0] != o[:, 1]))
        draws += m
        for lst, v in zip(got, (e[ok, 0], o[ok, 0], e[ok, 1], o[ok, 1])):
            lst.append(v)
        have += int(ok.sum())
    out = [np.concatenate(v)[:n_paths] if v else np.zeros(0) for v in got]
    return out[0].astype(np.int64), out[1], out[2].astype(np.int64), out[3], draws


def classify(L, Lp, tol) -> np.ndarray:
    """Class index (0 correct, 1 too long, 2 too short, 3 infeasible)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        r = (L - Lp) / L
    cls = np.zeros(len(L), dtype=np.int64)
    cls[r < -tol] = 1
    cls[r > tol] = 2
    cls[~np.isfinite(Lp)] = 3
    return cls


def compute(gt: LineSet, pred: LineSet, params: dict, progress: Progress, *,
            diagnostics: bool = True) -> MetricResult:
    n_paths = int(params["N_PATHS"])
    snap = float(params["SNAP_DISTANCE"])
    tol_pct = float(params["LENGTH_TOLERANCE"])
    if n_paths < 1:
        raise ValueError(msg("N_PATHS must be >= 1"))
    if snap < 0:
        raise ValueError(msg("SNAP_DISTANCE must be >= 0"))
    if tol_pct < 0:
        raise ValueError(msg("LENGTH_TOLERANCE must be >= 0 (percent)"))
    tol = tol_pct / 100.0
    warnings = []
    progress.set(0.0, N_("building networks"))
    G, P = network_pair(gt, pred, params, warnings)
    if G.is_empty():
        raise ValueError(msg("the ground truth has no usable line (no edge of positive length): "
                             "TLTS samples its paths there"))
    progress.set(0.05, N_("sampling ground-truth paths"))
    gen = rng(params.get("SEED", 0))
    pe, po, qe, qo, draws = sample_connected_pairs(G, gen, n_paths)
    n = len(pe)
    if n < n_paths:
        warnings.append(msg("only {} of {} pairs of connected ground-truth points found in {} "
                            "draws", n, n_paths, draws))
    progress.set(0.1, N_("ground-truth shortest paths"))
    L, geoms = PairRouter(NetworkDistances(G)).routes(pe, po, qe, qo, geometry=True)
    progress.set(0.5, N_("snapping to the prediction"))
    Lp = np.full(n, np.inf)
    reason = np.array(["no path in the prediction"] * n, dtype=object)
    pxy, qxy = G.point_at(pe, po), G.point_at(qe, qo)
    if P.is_empty():
        warnings.append(msg("the prediction is empty: every path is infeasible"))
        reason[:] = "prediction empty"
    else:
        loc = NetworkLocator(P)
        pe2, po2, _, _ = loc.locate(pxy[:, 0], pxy[:, 1], snap)
        qe2, qo2, _, _ = loc.locate(qxy[:, 0], qxy[:, 1], snap)
        ok = (pe2 >= 0) & (qe2 >= 0)
        reason[pe2 < 0] = "start not within SNAP_DISTANCE"
        reason[(pe2 >= 0) & (qe2 < 0)] = "end not within SNAP_DISTANCE"
        progress.set(0.6, N_("prediction shortest paths"))
        i = np.nonzero(ok)[0]
        Lp[i], _ = PairRouter(NetworkDistances(P)).routes(pe2[i], po2[i], qe2[i], qo2[i])
    cls = classify(L, Lp, tol)
    progress.set(0.95, N_("writing results"))
    if n:
        frac = np.bincount(cls, minlength=4) / n
        scores = dict(CORRECT=frac[0], TOO_LONG=frac[1], TOO_SHORT=frac[2], INFEASIBLE=frac[3],
                      TOO_LONG_OR_SHORT=frac[1] + frac[2])
    else:
        scores = {k: math.nan for k in ("CORRECT", "TOO_LONG", "TOO_SHORT", "INFEASIBLE",
                                        "TOO_LONG_OR_SHORT")}
        warnings.append(msg("no pair of connected ground-truth points: TLTS is undefined (NaN)"))
    scores = {k: float(v) for k, v in scores.items()}
    cnt = np.bincount(cls, minlength=4)
    counts = {"paths": n, "draws": int(draws), "correct": int(cnt[0]), "too_long": int(cnt[1]),
              "too_short": int(cnt[2]), "infeasible": int(cnt[3]),
              "gt_nodes": G.n_nodes, "gt_edges": G.n_edges, "pred_nodes": P.n_nodes,
              "pred_edges": P.n_edges, "gt_length_m": G.total_length,
              "pred_length_m": P.total_length}
    layers = _layers(geoms, cls, L, Lp, reason)
    used = {k: params.get(k) for k in ("N_PATHS", "SNAP_DISTANCE", "LENGTH_TOLERANCE", "SEED",
                                       "MERGE_TOLERANCE", "NODE_CROSSINGS")}
    pool_stats = {"paths": n, "correct": int(cnt[0]), "too_long": int(cnt[1]),
                  "too_short": int(cnt[2]), "infeasible": int(cnt[3])}
    return MetricResult("tlts", scores, parameters=used, counts=counts, warnings=warnings,
                        layers=layers, pool_stats=pool_stats)


def pool(results) -> dict[str, float]:
    """Pooled TLTS over tiles: class counts summed over tiles, then the
    fractions (each sampled path weighs the same)."""
    s = [r.pool_stats for r in results if r.pool_stats]
    n = sum(x["paths"] for x in s)
    if n == 0:
        return {}
    c = {k: sum(x[k] for x in s) / n for k in ("correct", "too_long", "too_short", "infeasible")}
    return {"CORRECT": c["correct"], "TOO_LONG": c["too_long"], "TOO_SHORT": c["too_short"],
            "INFEASIBLE": c["infeasible"], "TOO_LONG_OR_SHORT": c["too_long"] + c["too_short"]}


FIELDS = [("source", "string"), ("path_id", "int"), ("class", "string"), ("class_code", "int"),
          ("gt_length", "double"), ("pred_length", "double"), ("relative_difference", "double"),
          ("reason", "string")]


def _layers(geoms, cls, L, Lp, reason):
    out = {"MATCHED": FeatureTable("LineString", FIELDS),
           "UNMATCHED_GT": FeatureTable("LineString", FIELDS)}
    n = len(cls)
    if n == 0:
        return out
    with np.errstate(invalid="ignore", divide="ignore"):
        rel = np.where(np.isfinite(Lp), (Lp - L) / L, np.nan)
    pl = np.where(np.isfinite(Lp), Lp, np.nan)
    ids = np.arange(n)
    names = np.array(CLASSES, dtype=object)[cls]
    for name, sel in (("MATCHED", cls != 3), ("UNMATCHED_GT", cls == 3)):
        i = np.nonzero(sel)[0]
        out[name].extend([geoms[j] for j in i], source="ground_truth", path_id=ids[i],
                         **{"class": names[i].tolist()}, class_code=cls[i], gt_length=L[i],
                         pred_length=pl[i], relative_difference=rel[i],
                         reason=[reason[j] if name == "UNMATCHED_GT" else None for j in i])
    return out


SPEC = register(MetricSpec(
    id="tlts",
    name="TLTS (too long / too short)",
    group="Path metrics",
    help=("Samples N_PATHS pairs of points uniformly along the ground truth (connected pairs "
          "only), maps both ends to the nearest prediction location within SNAP_DISTANCE and "
          "compares the length-weighted shortest-path lengths L (ground truth) and L' "
          "(prediction): correct when |L - L'| <= LENGTH_TOLERANCE % of L, too long or too "
          "short otherwise, infeasible when an end has no prediction nearby or the prediction "
          "does not connect them. Outputs are fractions of the sampled paths."),
    reference="Wegner et al. CVPR 2013; Citraro et al. ECCV 2020 sec. 2.2 (lcit/metrics_delin)",
    params=[
        Param("N_PATHS", "integer", "Number of sampled paths", 1000, minimum=1,
              help="Pairs of ground-truth points drawn (reference: 1000)."),
        Param("SNAP_DISTANCE", "distance", "Snap distance", 12.5, unit="m", minimum=0.0,
              help="A path end farther than this from the prediction makes the path infeasible "
                   "(metres; reference 25 px at 0.5 m/px)."),
        Param("LENGTH_TOLERANCE", "number", "Length tolerance", 5.0, unit="%", minimum=0.0,
              maximum=1000.0,
              help="A path is correct when the prediction's length is within this percentage "
                   "of the ground truth's (reference 5 %)."),
    ],
    outputs=[
        Output("CORRECT", "Correct paths", "Fraction of paths within LENGTH_TOLERANCE."),
        Output("TOO_LONG", "Too long paths", "Fraction of paths longer in the prediction.",
               perfect=0.0),
        Output("TOO_SHORT", "Too short paths", "Fraction of paths shorter in the prediction.",
               perfect=0.0),
        Output("INFEASIBLE", "Infeasible paths",
               "Fraction of paths with an end off the prediction or not connected there.",
               perfect=0.0),
        Output("TOO_LONG_OR_SHORT", "Too long or too short paths",
               "TOO_LONG + TOO_SHORT (the '2l+2s' column of Citraro et al.).", perfect=0.0),
    ],
    sinks=[
        Sink("MATCHED", "Sampled paths (correct / too long / too short)", "LineString",
             "Ground-truth shortest paths whose ends reach the prediction and are connected "
             "there; class and both lengths as attributes; coloured by class (green "
             "correct, purple too long, orange too short).",
             dict(color="#1a9641", size=0.8, categorized="class_code",
                  categories=[(0, "#1a9641", "correct"), (1, "#7b3294", "too long"),
                              (2, "#fd8d3c", "too short")])),
        Sink("UNMATCHED_GT", "Infeasible paths", "LineString",
             "Ground-truth shortest paths with an end off the prediction or not connected in it.",
             dict(color="#d7191c", size=0.8, categorized="class_code",
                  categories=[(3, "#d7191c", "infeasible")])),
    ],
    compute=compute,
    sampled=True,
    pool=pool,
    cost=1,
    doc=('docs/paths.md', 'roadmetricstlts--tlts-too-long--too-short'),
    tags=('tlts', 'too long', 'too short', 'path', 'shortest path', 'detour', 'shortcut',
          'connectivity', 'topology', 'graph'),
    picker=11,
))
