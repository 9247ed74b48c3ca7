"""OPT-J — junction and road-end precision / recall.

Reference: L. Citraro, M. Kozinski, P. Fua, "Towards Reliable Evaluation of
Road Network Reconstructions", ECCV 2020, sec. 3.2 and Fig. 2; reference code
lcit/metrics_delin (junction_based/junction_new_metric.py).

Features are the nodes of degree o != 2: dead ends (o = 1) and junctions
(o >= 3).  A match (i, j) pairs a ground-truth feature i with a predicted
feature j, or a feature of one network with the closest point of the other
network's edges (o = 2 by convention); the two must be within MAX_DISTANCE
(d_max).  Matches are chosen greedily by increasing cost

    c_ij = ALPHA * d_ij + |o_i - o_j|

each feature used at most once, an edge point taking any number of features.
Pass 1 matches the ground-truth features into the prediction; pass 2 matches
the predicted features still unmatched into the ground truth (its features
still unmatched and its edges), the same way.  With M the matches and F-gt,
F-pred the unmatched features:

    TP = sum over M of min(o_i, o_j)
    PP = sum over M of o_j + sum over F-pred of o_j
    AP = sum over M of o_i + sum over F-gt of o_i
    PRECISION = TP / PP,  RECALL = TP / AP,  F1 = harmonic mean

A junction that lost one of its three roads still scores 2/3 (matched to the
prediction's edge point), and a road break adds two dead ends that match the
ground truth's edge points (o = 2), lowering recall.  Deterministic.  Empty
prediction: RECALL 0, PRECISION NaN, F1 0.
"""
from __future__ import annotations

import math

import numpy as np

from .features import feature_nodes
from ...lazy_scipy import cKDTree
from ...network.lineset import network_pair, LineSet
from ... import scores as score_rules
from ...registry import MetricSpec, Output, Param, Sink, STANDARD_SINKS, register
from ...progress import Progress
from ...result import FeatureTable, MetricResult
from ...network.snapping import NetworkLocator
from ...text import N_, msg

END_TOL = 1e-6  # metres: a nearest edge point this close to an edge end is that node
COST_DIGITS = 9  # costs are compared rounded, so float noise never reorders ties


class _Features:
    def __init__(self, net):
        self.net = net
        self.node, self.degree = feature_nodes(net)
        self.xy = net.node_xy[self.node] if len(self.node) else np.zeros((0, 2))
        self.tree = cKDTree(self.xy) if len(self.node) else None
        self.locator = NetworkLocator(net) if net.n_edges else None
        self.is_feature_node = net.node_degree() != 2

    def __len__(self):
        return len(self.node)


def candidates(src_xy, src_deg, dst, dst_free, max_distance, alpha) -> dict[str, np.ndarray]:
    """Every admissible match of the source features into ``dst``: the free
    features of dst within max_distance, and the closest point of dst's edges
    (unless that point is one of dst's feature nodes).  Returns arrays
    src, dst (feature index, -1 for an edge point), dst_degree, distance,
    cost, xy (the matched location)."""
    parts = []
    n = len(src_xy)
    if n and len(dst):
        sd = cKDTree(src_xy).sparse_distance_matrix(dst.tree, float(max_distance),
                                                    output_type="ndarray")
        i, j = sd["i"].astype(np.int64), sd["j"].astype(np.int64)
        d = np.hypot(*(src_xy[i] - dst.xy[j]).T)
        ok = (d <= max_distance) & dst_free[j]
        i, j, d = i[ok], j[ok], d[ok]
        parts.append((i, j, dst.degree[j], d, dst.xy[j]))
    if n and dst.locator is not None:
        e, off, d, xy = dst.locator.locate(src_xy[:, 0], src_xy[:, 1], float(max_distance))
        ok = e >= 0
        i = np.nonzero(ok)[0]
        e, off, d, xy = e[ok], off[ok], d[ok], xy[ok]
        L = dst.net.edge_length[e]
        at_u = (off <= END_TOL) & dst.is_feature_node[dst.net.edge_u[e]]
        at_v = (off >= L - END_TOL) & dst.is_feature_node[dst.net.edge_v[e]]
        keep = ~(at_u | at_v)
        i, d, xy = i[keep], d[keep], xy[keep]
        parts.append((i, np.full(len(i), -1, np.int64), np.full(len(i), 2, np.int64), d, xy))
    if not parts:
        z = np.zeros(0)
        zi = np.zeros(0, np.int64)
        return dict(src=zi, dst=zi, dst_degree=zi, distance=z, cost=z, xy=np.zeros((0, 2)))
    i, j, o, d, xy = (np.concatenate(c) for c in zip(*parts))
    cost = alpha * d + np.abs(src_deg[i] - o)
    return dict(src=i, dst=j, dst_degree=o, distance=d, cost=cost, xy=xy.reshape(-1, 2))


def greedy(c, n_src, n_dst) -> np.ndarray:
    """Greedy matching by increasing cost (ties: shorter distance, feature
    before edge point, lower indices).  A source feature and a destination
    feature are used once; edge points (dst = -1) any number of times.
    Returns the indices into the candidate arrays of the chosen matches."""
    kind = (c["dst"] < 0).astype(np.int64)
    o = np.lexsort((c["dst"], kind, c["src"], np.round(c["distance"], COST_DIGITS),
                    np.round(c["cost"], COST_DIGITS)))
    used_s = np.zeros(n_src, dtype=bool)
    used_d = np.zeros(n_dst, dtype=bool)
    pick = []
    for k, s, t in zip(o.tolist(), c["src"][o].tolist(), c["dst"][o].tolist()):
        if used_s[s] or (t >= 0 and used_d[t]):
            continue
        used_s[s] = True
        if t >= 0:
            used_d[t] = True
        pick.append(k)
    return np.asarray(pick, dtype=np.int64)


def match_features(Fg, Fp, max_distance, alpha) -> tuple:
    """Both passes.  Returns a dict of per-match arrays (gt index or -1,
    pred index or -1, gt degree, pred degree, distance, pass, xy of the
    matched feature) and the unmatched feature masks."""
    gt_free = np.ones(len(Fg), dtype=bool)
    pred_free = np.ones(len(Fp), dtype=bool)
    # pass 1: ground-truth features into the prediction
    c1 = candidates(Fg.xy, Fg.degree, Fp, pred_free, max_distance, alpha)
    p1 = greedy(c1, len(Fg), len(Fp))
    g1 = c1["src"][p1]
    d1 = c1["dst"][p1]
    gt_free[g1] = False
    pred_free[d1[d1 >= 0]] = False
    # pass 2: the predicted features left into the ground truth
    left = np.nonzero(pred_free)[0]
    c2 = candidates(Fp.xy[left], Fp.degree[left], Fg, gt_free, max_distance, alpha)
    p2 = greedy(c2, len(left), len(Fg))
    s2 = left[c2["src"][p2]]
    t2 = c2["dst"][p2]
    pred_free[s2] = False
    gt_free[t2[t2 >= 0]] = False
    m = dict(
        gt=np.concatenate([g1, t2]),
        pred=np.concatenate([d1, s2]),
        gt_degree=np.concatenate([Fg.degree[g1], c2["dst_degree"][p2]]),
        pred_degree=np.concatenate([c1["dst_degree"][p1], Fp.degree[s2]]),
        distance=np.concatenate([c1["distance"][p1], c2["distance"][p2]]),
        matching_pass=np.concatenate([np.ones(len(p1), np.int64), np.full(len(p2), 2, np.int64)]),
        xy=np.vstack([Fg.xy[g1].reshape(-1, 2), Fp.xy[s2].reshape(-1, 2)]),
        to_edge=np.concatenate([d1 < 0, t2 < 0]),
    )
    return m, gt_free, pred_free


def compute(gt: LineSet, pred: LineSet, params: dict, progress: Progress, *,
            diagnostics: bool = True) -> MetricResult:
    dmax = float(params["MAX_DISTANCE"])
    alpha = float(params["ALPHA"])
    if dmax < 0:
        raise ValueError(msg("MAX_DISTANCE must be >= 0"))
    if alpha < 0:
        raise ValueError(msg("ALPHA must be >= 0"))
    warnings = []
    progress.set(0.0, N_("building networks"))
    G, P = network_pair(gt, pred, params, warnings)
    progress.set(0.3, N_("finding features"))
    Fg, Fp = _Features(G), _Features(P)
    progress.set(0.5, N_("matching features"))
    m, gt_free, pred_free = match_features(Fg, Fp, dmax, alpha)
    tp = float(np.minimum(m["gt_degree"], m["pred_degree"]).sum())
    pp = float(m["pred_degree"].sum() + Fp.degree[pred_free].sum())
    ap = float(m["gt_degree"].sum() + Fg.degree[gt_free].sum())
    precision = tp / pp if pp > 0 else math.nan
    recall = tp / ap if ap > 0 else math.nan
    if G.is_empty():
        precision = recall = math.nan
        warnings.append(msg("the ground truth is empty: OPT-J is undefined (NaN)"))
    elif P.is_empty():
        recall, precision = 0.0, math.nan
        warnings.append(msg("the prediction is empty: RECALL = 0, PRECISION undefined (NaN), F1 "
                            "= 0"))
    elif ap == 0 and pp == 0:
        precision = recall = 1.0
        warnings.append(msg("neither network has a junction or a dead end (closed rings only): "
                            "PRECISION = RECALL = 1 by convention (nothing to find, nothing "
                            "spurious)"))
    elif ap == 0:
        warnings.append(msg("the ground truth has no junction or dead end: RECALL is undefined "
                            "(NaN)"))
    f1 = score_rules.f1(precision, recall) if not G.is_empty() else math.nan
    scores = {"PRECISION": precision, "RECALL": recall, "F1": f1, "TP": tp, "PP": pp, "AP": ap}
    counts = {
        "gt_features": len(Fg), "pred_features": len(Fp),
        "gt_junctions": int((Fg.degree >= 3).sum()), "gt_dead_ends": int((Fg.degree == 1).sum()),
        "pred_junctions": int((Fp.degree >= 3).sum()),
        "pred_dead_ends": int((Fp.degree == 1).sum()),
        "matches": int(len(m["gt"])),
        "matches_pass1_feature": int(((m["matching_pass"] == 1) & ~m["to_edge"]).sum()),
        "matches_pass1_edge_point": int(((m["matching_pass"] == 1) & m["to_edge"]).sum()),
        "matches_pass2": int((m["matching_pass"] == 2).sum()),
        "unmatched_gt_features": int(gt_free.sum()),
        "unmatched_pred_features": int(pred_free.sum()),
        "gt_nodes": G.n_nodes, "gt_edges": G.n_edges, "pred_nodes": P.n_nodes,
        "pred_edges": P.n_edges, "gt_length_m": G.total_length, "pred_length_m": P.total_length,
    }
    progress.set(0.9, N_("writing layers"))
    layers = _layers(Fg, Fp, m, gt_free, pred_free)
    progress.set(1.0)
    used = {k: params.get(k) for k in ("MAX_DISTANCE", "ALPHA", "MERGE_TOLERANCE",
                                       "NODE_CROSSINGS")}
    return MetricResult("optj", scores, parameters=used, counts=counts, warnings=warnings, layers=layers)


FIELDS = [("source", "string"), ("kind", "string"), ("gt_degree", "int"), ("pred_degree", "int"),
          ("matched_to", "string"), ("distance", "double"), ("true_positive", "int"),
          ("deg_diff", "int"), ("matching_pass", "int")]


def _kind(deg):
    return np.where(deg == 1, "dead_end", "junction")


def _layers(Fg, Fp, m, gt_free, pred_free):
    out = {name: FeatureTable("Point", FIELDS) for name in STANDARD_SINKS}
    src = np.where(m["matching_pass"] == 1, "ground_truth", "prediction")
    # the matched partner of a feature: another feature or an edge point
    matched_to = np.where(m["to_edge"], "edge_point", "feature")
    own = np.where(m["matching_pass"] == 1, m["gt_degree"], m["pred_degree"])
    out["MATCHED"].extend(m["xy"], source=src, kind=_kind(own), gt_degree=m["gt_degree"],
                          pred_degree=m["pred_degree"], matched_to=matched_to,
                          distance=m["distance"],
                          true_positive=np.minimum(m["gt_degree"], m["pred_degree"]),
                          deg_diff=np.abs(m["gt_degree"] - m["pred_degree"]),
                          matching_pass=m["matching_pass"])
    out["UNMATCHED_GT"].extend(Fg.xy[gt_free], source="ground_truth",
                               kind=_kind(Fg.degree[gt_free]), gt_degree=Fg.degree[gt_free],
                               true_positive=0)
    out["UNMATCHED_PRED"].extend(Fp.xy[pred_free], source="prediction",
                                 kind=_kind(Fp.degree[pred_free]),
                                 pred_degree=Fp.degree[pred_free], true_positive=0)
    return out


def pool(results) -> dict[str, float]:
    """Pooled OPT-J over tiles: PRECISION = sum TP / sum PP, RECALL = sum TP /
    sum AP."""
    from ...pooling import precision_recall_from, sums
    t = sums(results, ("TP", "PP", "AP"))
    return precision_recall_from(t["TP"], t["PP"], t["TP"], t["AP"], t)


SPEC = register(MetricSpec(
    id="optj",
    name="OPT-J (junctions and end points)",
    group="Junction metrics",
    help=("Compares junctions and dead ends (nodes of degree other than 2) of the two networks "
          "(Citraro et al. 2020). A feature is matched greedily, by increasing cost "
          "ALPHA x distance + |degree difference|, to a feature of the other network or to the "
          "closest point of its roads (degree 2), within MAX_DISTANCE; each feature is used "
          "once. Ground-truth features are matched first, then the predicted ones left. "
          "TP sums min(degree) over matches; PRECISION = TP / PP and RECALL = TP / AP, where "
          "PP and AP sum the predicted and ground-truth degrees. Sensitive to road breaks "
          "(extra dead ends) and fair to junctions that lost one road."),
    reference="Citraro, Kozinski, Fua, ECCV 2020, sec. 3.2; lcit/metrics_delin",
    params=[
        Param("MAX_DISTANCE", "distance", "Maximum match distance", 12.5, unit="m", minimum=0.0,
              help="Features farther apart than this are never matched (d_max; 25 px at "
                   "0.5 m/px as in the reference code)."),
        Param("ALPHA", "number", "Distance weight ALPHA (per metre)", 0.02, unit="1/m",
              minimum=0.0, maximum=1000.0,
              help="Weight of the distance in the cost ALPHA x d + |o_i - o_j|. The default "
                   "(the reference code's 1/100 per pixel at 0.5 m/px) keeps ALPHA x MAX_DISTANCE "
                   "< 1, so a degree mismatch outweighs any distance."),
    ],
    outputs=[
        Output("PRECISION", "Precision", "Share of the predicted incident roads that are matched: TP / PP."),
        Output("RECALL", "Recall", "Share of the ground-truth incident roads that are found: TP / AP."),
        Output("F1", "F1", "Harmonic mean of precision and recall."),
        Output("TP", "TP (matched incident roads)", "Sum of min(o_i, o_j) over the matches.",
               perfect=None, bounds=(0.0, None)),
        Output("PP", "PP (predicted incident roads)",
               "Sum of predicted degrees over matches and unmatched predicted features.",
               perfect=None, bounds=(0.0, None)),
        Output("AP", "AP (ground-truth incident roads)",
               "Sum of ground-truth degrees over matches and unmatched ground-truth features.",
               perfect=None, bounds=(0.0, None)),
    ],
    sinks=[
        Sink("MATCHED", "Matched features", "Point",
             "One point per match, at the matched feature (ground truth in pass 1, prediction "
             "in pass 2): both degrees, distance, matched_to (feature / edge_point); "
             "graduated by deg_diff.",
             dict(STANDARD_SINKS["MATCHED"], graduated="deg_diff",
                  ramp=["#1a9641", "#c2a5cf", "#7b3294"], breaks=[0, 0.5, 1.5, 100],
                  labels=["same degree", "degree differs by 1", "degree differs by 2 or more"])),
        Sink("UNMATCHED_GT", "Missed ground-truth features", "Point",
             "Ground-truth junctions and dead ends without a match (kind: junction / dead_end).",
             STANDARD_SINKS["UNMATCHED_GT"]),
        Sink("UNMATCHED_PRED", "Spurious predicted features", "Point",
             "Predicted junctions and dead ends without a match (kind: junction / dead_end).",
             STANDARD_SINKS["UNMATCHED_PRED"]),
    ],
    compute=compute,
    pool=pool,
    doc=('docs/junctions.md', 'roadmetricsoptj--opt-j-junctions-and-end-points'),
    tags=('opt-j', 'optj', 'junction', 'intersection', 'dead end', 'node', 'precision', 'recall',
          'f1', 'topology', 'graph'),
    picker=8,
))
