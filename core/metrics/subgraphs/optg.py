"""OPT-G -- subgraph comparison with seeds in both graphs and one-to-one
matching.

Reference: L. Citraro, M. Kozinski, P. Fua, "Towards Reliable Evaluation of
Road Network Reconstructions", ECCV 2020, section 3.3 and Fig. 3 (reference
code lcit/metrics_delin, holes_marbles_new_metric.py).

N_SEEDS seeds; each is drawn from the ground truth or from the prediction
with probability 1/2, uniformly along that network (by length).  The seed's
centre in the other network is its nearest location there within
MATCH_DISTANCE (none: that subgraph is empty).  Around each centre the
subgraph holds the control points (every <= SPACING metres along the roads)
reachable by a graph traversal that stays inside the Euclidean disc of
radius RADIUS.  Holes H_s and marbles M_s of each seed are matched
*one-to-one*, a pair only if |h - m| <= MATCH_DISTANCE:

* MATCHING = optimal (default): the largest number of pairs and, among such
  matchings, the smallest total distance (the paper's Hungarian assignment
  restricted to pairs within MATCH_DISTANCE; exact: one dense assignment per
  connected component of the candidate graph, core/metrics/subgraphs/matching.py);
* MATCHING = greedy: closest pairs first (what the reference code runs by
  default; never more pairs than optimal).

With TP = sum_s |matching_s|:

    PRECISION = TP / sum_s |M_s|,   RECALL = TP / sum_s |H_s|,
    F1 = 2 PRECISION RECALL / (PRECISION + RECALL),
    FP = sum_s |M_s| - TP,  FN = sum_s |H_s| - TP.

Seeds in the prediction make spurious roads far from the ground truth count
(their marbles are unmatched); one-to-one matching makes a missed road next
to a predicted one count (its holes find no free marble).
"""
from __future__ import annotations

import functools

import numpy as np

from ...network.lineset import LineSet
from ...progress import Progress
from ...registry import MetricSpec, Param, register
from ...result import MetricResult
from ...network.sampling import rng
from .evaluation import Centres, run
from .matching import match_greedy, match_maximum, match_optimal
from .extract import EUCLIDEAN, ChainGraph, uniform_locations
from . import common
from .subg import seed_settings, other_centres, seed_params
from ...text import N_, msg

MATCHINGS = ["optimal", "greedy"]


def compute(gt: LineSet, pred: LineSet, params: dict, progress: Progress, *,
            diagnostics: bool = True) -> MetricResult:
    n, radius, spacing, dmatch = seed_settings(params)
    matching = params["MATCHING"]
    if matching not in MATCHINGS:
        raise ValueError(msg("MATCHING must be one of {}, got {!r}", MATCHINGS, matching))
    warnings = []
    progress.set(0.0, N_("building networks"))
    G, P = common.networks(gt, pred, params, warnings)
    gcg, pcg = ChainGraph(G, spacing), ChainGraph(P, spacing)
    progress.set(0.1, N_("drawing seeds"))
    g = rng(params["SEED"])
    in_gt = g.random(n) < 0.5
    u = g.random(n)
    if P.is_empty() and G.is_empty():
        n, in_gt, u = 0, in_gt[:0], u[:0]
        warnings.append(msg("both networks are empty: no seed, every score is NaN"))
    elif P.is_empty():
        in_gt[:] = True
        warnings.append(msg("the prediction is empty: every seed is drawn from the ground truth"))
    elif G.is_empty():
        in_gt[:] = False
        warnings.append(msg("the ground truth is empty: every seed is drawn from the prediction"))
    gi, pi = np.nonzero(in_gt)[0], np.nonzero(~in_gt)[0]
    ge, go = uniform_locations(G, u[gi])
    gxy = G.point_at(ge, go)
    gc = Centres.build(n, gi, gxy, ge, go)
    pc = Centres(n)
    if len(pi):
        pe, po = uniform_locations(P, u[pi])
        pxy = P.point_at(pe, po)
        pc = Centres.build(n, pi, pxy, pe, po)
        # the other network's centre of every seed
        back = other_centres(G, pxy, dmatch)
        _merge(gc, back, pi)
    fwd = other_centres(P, gxy, dmatch)
    _merge(pc, fwd, gi)
    progress.set(0.15, N_("cropping and matching subgraphs"))
    points = diagnostics
    if matching == "optimal" and points:
        # a partial, not a closure: it may be sent to worker processes
        matcher = functools.partial(match_optimal, max_distance=dmatch)
    elif matching == "optimal":
        # the scores count the pairs of a maximum-cardinality matching; which
        # of them (least total distance) only the layers show: without
        # layers, any maximum matching gives the same counts, without the
        # assignments (the runner's diagnostics argument)
        matcher = match_maximum
    else:
        matcher = match_greedy
    counts = run(gcg, pcg, gc, pc, radius, EUCLIDEAN, dmatch, matcher, progress.sub(0.15, 1.0),
                 points=points)
    scores = common.pooled_scores(counts, warnings)
    return common.result("optg", scores, params,
                         ["N_SEEDS", "RADIUS", "SPACING", "MATCH_DISTANCE", "MATCHING", "SEED"],
                         counts, gcg, pcg, G, P, warnings,
                         {"seeds": n, "seeds_in_ground_truth": int(in_gt.sum()),
                          "seeds_in_prediction": int((~in_gt).sum()),
                          "seeds_with_both_centres": int((gc.valid & pc.valid).sum())})


def _merge(dst, src, idx):
    """Copy the centres of seeds ``idx`` (indexed 0..len(idx)-1 in src)."""
    ok = src.valid
    k = idx[ok]
    dst.valid[k] = True
    dst.xy[k] = src.xy[ok]
    dst.edge[k] = src.edge[ok]
    dst.offset[k] = src.offset[ok]


SPEC = register(MetricSpec(
    id="optg",
    name="OPT-G (subgraph, one-to-one)",
    group="Subgraph metrics",
    help=("Citraro et al.'s OPT-G: N_SEEDS seeds drawn from the ground truth or the prediction "
          "(probability 1/2 each, uniform along the roads); around each, the ground-truth and "
          "prediction subgraphs (roads reachable within RADIUS, Euclidean) are compared through "
          "their control points (every SPACING metres), matched one-to-one within "
          "MATCH_DISTANCE. Sensitive to spurious roads far from the ground truth and to a "
          "missed road next to a predicted one, unlike SUBG."),
    reference="Citraro, Kozinski, Fua, ECCV 2020, sec. 3.3, Fig. 3; lcit/metrics_delin",
    params=seed_params("Subgraph: control points reachable from the seed without leaving the "
                       "disc of this radius (Euclidean, as the reference code; 300 px at 0.5 "
                       "m/px).") + [
        Param("MATCHING", "enum", "Matching", "optimal", options=MATCHINGS,
              help="optimal: most pairs, then least total distance (exact assignment, the "
                   "paper's Hungarian). greedy: closest pairs first (the reference code's "
                   "default)."),
    ],
    outputs=common.outputs("Matched pairs (one-to-one), summed over subgraphs."),
    sinks=common.sinks("Euclidean distance"),
    compute=compute,
    sampled=True,
    test_params={"N_SEEDS": 120},  # the properties hold for any number of seeds
    pool=common.pool,
    cost=11,
    doc=('docs/subgraphs.md', 'opt-g--subgraphs-one-to-one-roadmetricsoptg'),
    tags=('opt-g', 'optg', 'subgraph', 'one-to-one', 'precision', 'recall', 'f1', 'topology',
          'graph'),
    picker=7,
))
