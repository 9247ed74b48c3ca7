"""SUBG -- "holes and marbles" local subgraph comparison.

References: J. Biagioni and J. Eriksson, "Inferring road maps from Global
Positioning System traces", Transportation Research Record 2291, 2012
(the holes-and-marbles idea); as reviewed in L. Citraro, M. Kozinski,
P. Fua, "Towards Reliable Evaluation of Road Network Reconstructions",
ECCV 2020, section 2.4 (reference code lcit/metrics_delin,
holes_marbles_metric.py).

N_SEEDS seeds are drawn uniformly along the ground truth (by length).  For
each seed s, the nearest location of the prediction within MATCH_DISTANCE is
its prediction centre (none: the prediction subgraph is empty).  Around each
centre, the subgraph is the set of control points (every <= SPACING metres
along the roads) reachable from the centre by a graph traversal that stays
inside the Euclidean disc of radius RADIUS (as the reference code).  Holes
H_s (ground truth) and marbles M_s (prediction) are matched *many-to-one*:

    hole h matched   <=>  some marble m in M_s with |h - m| <= MATCH_DISTANCE
    marble m matched <=>  some hole h in H_s with |h - m| <= MATCH_DISTANCE

pooled over seeds:

    RECALL    = sum_s #matched holes   / sum_s |H_s|        (TP / (TP + FN))
    PRECISION = sum_s #matched marbles / sum_s |M_s|
    F1        = 2 PRECISION RECALL / (PRECISION + RECALL)

TP = matched holes, FN = unmatched holes, FP = unmatched marbles.  Because
the matching is many-to-one, one predicted road can fill the holes of two
close parallel roads, and spurious roads far from every ground-truth road
never enter a subgraph: the two insensitivities OPT-G removes (Citraro et
al., Fig. 3).
"""
from __future__ import annotations

import numpy as np

from ...network.lineset import LineSet
from ...progress import Progress
from ...registry import MetricSpec, Param, register, require_non_negative, require_positive
from ...result import MetricResult
from ...network.sampling import rng
from ...network.snapping import NetworkLocator
from .evaluation import Centres, run
from .matching import match_within
from .extract import EUCLIDEAN, ChainGraph, uniform_locations
from . import common
from ...text import N_, msg


def seed_params(radius_help) -> list:
    return [
        Param("N_SEEDS", "integer", "Number of seeds", 1000, minimum=1,
              help="Number of subgraphs sampled (Citraro et al.: N = 1000)."),
        Param("RADIUS", "distance", "Subgraph radius", 150.0, unit="m", minimum=0.01,
              help=radius_help),
        Param("SPACING", "distance", "Control point spacing", 5.0, unit="m", minimum=0.01,
              spacing=True,
              help="Control points (holes and marbles) are placed along every road at most this "
                   "far apart (10 px at 0.5 m/px in the reference code)."),
        Param("MATCH_DISTANCE", "distance", "Matching distance", 12.5, unit="m", minimum=0.0,
              help="A hole and a marble match when at most this far apart; a seed's other "
                   "centre must be this close too (25 px at 0.5 m/px)."),
    ]


def seed_settings(params) -> tuple:
    n = int(params["N_SEEDS"])
    if n < 1:
        raise ValueError(msg("N_SEEDS must be >= 1, got {}", params['N_SEEDS']))
    return (n, require_positive(params, "RADIUS"), require_positive(params, "SPACING"),
            require_non_negative(params, "MATCH_DISTANCE"))


def other_centres(net, xy, max_distance) -> Centres:
    """Nearest locations of ``net`` within max_distance of the points."""
    n = len(xy)
    if net.is_empty() or n == 0:
        return Centres(n)
    e, o, _, q = NetworkLocator(net).locate(xy[:, 0], xy[:, 1], max_distance)
    ok = np.nonzero(e >= 0)[0]
    return Centres.build(n, ok, q[ok], e[ok], o[ok])


def compute(gt: LineSet, pred: LineSet, params: dict, progress: Progress, *,
            diagnostics: bool = True) -> MetricResult:
    n, radius, spacing, dmatch = seed_settings(params)
    warnings = []
    progress.set(0.0, N_("building networks"))
    G, P = common.networks(gt, pred, params, warnings)
    gcg, pcg = ChainGraph(G, spacing), ChainGraph(P, spacing)
    progress.set(0.1, N_("drawing seeds"))
    u = rng(params["SEED"]).random(n)
    if G.is_empty():
        n, u = 0, u[:0]
        warnings.append(msg("no seed: SUBG seeds only in the ground truth; every score is NaN"))
    e, o = uniform_locations(G, u)
    xy = G.point_at(e, o)
    gc = Centres(n, np.ones(n, bool), xy, e, o)
    pc = other_centres(P, xy, dmatch)
    progress.set(0.15, N_("cropping and matching subgraphs"))
    counts = run(gcg, pcg, gc, pc, radius, EUCLIDEAN, dmatch, match_within,
                 progress.sub(0.15, 1.0), points=diagnostics)
    scores = common.pooled_scores(counts, warnings)
    return common.result("subg", scores, params,
                         ["N_SEEDS", "RADIUS", "SPACING", "MATCH_DISTANCE", "SEED"],
                         counts, gcg, pcg, G, P, warnings,
                         {"seeds": n, "seeds_with_prediction_centre": int(pc.valid.sum())})


SPEC = register(MetricSpec(
    id="subg",
    name="SUBG (holes and marbles)",
    group="Subgraph metrics",
    help=("Samples N_SEEDS points along the ground truth; around each, crops the ground-truth "
          "and prediction subgraphs (roads reachable within RADIUS, Euclidean) and compares "
          "their control points (holes and marbles, every SPACING metres). Many-to-one: a "
          "point is matched if any point of the other subgraph is within MATCH_DISTANCE. "
          "Known blind spots (Citraro et al. 2020): one predicted road can fill two close "
          "parallel roads, and spurious roads far from the ground truth are never sampled; "
          "OPT-G fixes both."),
    reference="Biagioni & Eriksson, TRR 2012; Citraro et al., ECCV 2020, sec. 2.4",
    params=seed_params("Subgraph: control points reachable from the seed without leaving the "
                       "disc of this radius (Euclidean, as the reference code; 300 px at 0.5 "
                       "m/px)."),
    outputs=common.outputs("Matched holes (ground-truth control points with a marble within "
                           "MATCH_DISTANCE), summed over subgraphs."),
    sinks=common.sinks("Euclidean distance"),
    compute=compute,
    sampled=True,
    test_params={"N_SEEDS": 120},  # the properties hold for any number of seeds
    pool=common.pool,
    cost=4,
    doc=('docs/subgraphs.md', 'subg--holes-and-marbles-roadmetricssubg'),
    tags=('subg', 'subgraph', 'holes', 'marbles', 'precision', 'recall', 'f1', 'topology', 'graph'),
    picker=10,
))
