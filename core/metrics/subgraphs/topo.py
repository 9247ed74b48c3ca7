"""TOPO -- Biagioni & Eriksson's topology metric, following Sat2Graph's code.

References: J. Biagioni and J. Eriksson, "Inferring road maps from Global
Positioning System traces", Transportation Research Record 2291, 2012;
the implementation used by Sat2Graph (S. He et al., ECCV 2020; code
songtaohe/Sat2Graph, metrics/topo) and the papers reporting its numbers.

Seeds: along every ground-truth chain (edge between nodes of degree != 2)
of length L >= SEED_SPACING / 2, n = max(1, floor(L / SEED_SPACING)) seeds at
L (k + 1) / (n + 1) (deterministic: no random draw).  Each seed is paired with
the nearest prediction location within MATCH_DISTANCE whose road heading
differs by less than ANGLE_TOLERANCE; unpaired seeds have no marbles.  From
the seed (ground truth) and from its pair (prediction) the roads are walked
up to RADIUS metres *along the graph*; the control points passed (every
<= SPACING metres, with their heading) are the holes H_s and marbles M_s.
A hole and a marble may match when |h - m| <= MATCH_DISTANCE and their
headings differ by less than ANGLE_TOLERANCE (undirected); the matching is
one-to-one and of maximum cardinality (Hopcroft-Karp), TP_s = its size.
Each hole counts once; Sat2Graph's walk puts every hole in twice (a copy
0.00001 degrees away), so there a parallel duplicate road within its match
distance loses no precision (issue 16: 1.000 on 20 doubled roads, 0.925
with the doubling off, 0.924 here).

AGGREGATION = pooled (default):

    PRECISION = sum TP_s / sum |M_s|,   RECALL = sum TP_s / sum |H_s|

(an unpaired seed adds its holes to FN).  AGGREGATION = mean (the numbers
Sat2Graph prints): over the S_e evaluated seeds (paired, with marbles and
holes) out of all S seeds,

    PRECISION = mean_e TP_s / |M_s|,
    RECALL    = (mean_e TP_s / |H_s|) * S_e / S     (coverage-scaled)

F1 = 2 PRECISION RECALL / (PRECISION + RECALL) in both; TP, FP, FN are always
the pooled sums.  ``details`` of SCORES gives both aggregations.
"""
from __future__ import annotations

import math

import numpy as np

from ...network.lineset import LineSet
from ...progress import Progress
from ...scores import f1
from ...registry import MetricSpec, Param, register, require_non_negative, require_positive
from ...result import MetricResult
from .evaluation import Centres, run
from ...layers import layers_wanted
from .matching import match_maximum
from .extract import ALONG_GRAPH, ChainGraph, chain_seed_locations, heading_at, locate_with_heading
from . import common
from ...text import N_, msg

AGGREGATIONS = ["pooled", "mean"]


def compute(gt: LineSet, pred: LineSet, params: dict, progress: Progress) -> MetricResult:
    radius = require_positive(params, "RADIUS")
    spacing = require_positive(params, "SPACING")
    dmatch = require_non_negative(params, "MATCH_DISTANCE")
    seed_spacing = require_positive(params, "SEED_SPACING")
    tol_deg = float(params["ANGLE_TOLERANCE"])
    if not 0 < tol_deg <= 90:
        raise ValueError(msg("ANGLE_TOLERANCE must be in (0, 90] degrees, got {}", tol_deg))
    tol = math.radians(tol_deg)
    agg = params["AGGREGATION"]
    if agg not in AGGREGATIONS:
        raise ValueError(msg("AGGREGATION must be one of {}, got {!r}", AGGREGATIONS, agg))
    warnings = []
    progress.set(0.0, N_("building networks"))
    G, P = common.networks(gt, pred, params, warnings)
    gcg, pcg = ChainGraph(G, spacing), ChainGraph(P, spacing)
    progress.set(0.1, N_("placing and pairing seeds"))
    e, o = chain_seed_locations(G, seed_spacing)
    n = len(e)
    xy = G.point_at(e, o) if n else np.zeros((0, 2))
    gc = Centres(n, np.ones(n, bool), xy, e, o)
    pc = Centres(n)
    if n and not P.is_empty():
        pe, po, _, pxy = locate_with_heading(P, xy, heading_at(G, e, o), dmatch, tol)
        ok = np.nonzero(pe >= 0)[0]
        pc = Centres.build(n, ok, pxy[ok], pe[ok], po[ok])
    if n == 0:
        warnings.append(msg("no ground-truth chain is at least SEED_SPACING / 2 long: no seed, "
                            "TOPO is undefined (NaN)"))
    progress.set(0.15, N_("walking and matching subgraphs"))
    counts = run(gcg, pcg, gc, pc, radius, ALONG_GRAPH, dmatch, match_maximum,
                 progress.sub(0.15, 1.0), angle_tolerance=tol, points=layers_wanted())
    pooled = common.pooled_scores(counts, warnings if agg == "pooled" else [])
    mean = _mean_scores(counts, pc.valid, warnings if agg == "mean" else [])
    scores = dict(pooled)
    if agg == "mean":
        scores.update(mean)
    details = {"pooled": {k: pooled[k] for k in ("PRECISION", "RECALL", "F1")},
               "mean": mean}
    return common.result("topo", scores, params,
                         ["RADIUS", "SPACING", "MATCH_DISTANCE", "ANGLE_TOLERANCE",
                          "SEED_SPACING", "AGGREGATION"],
                         counts, gcg, pcg, G, P, warnings,
                         {"seeds": n, "seeds_paired": int(pc.valid.sum()),
                          "seeds_evaluated": int(_evaluated(counts, pc.valid).sum())},
                         details)


def _evaluated(counts, paired):
    return paired & (counts.marbles > 0) & (counts.holes > 0)


def _mean_scores(counts, paired, warnings):
    """Sat2Graph's aggregation: mean per-seed precision over evaluated seeds;
    mean per-seed recall over them times their share of all seeds."""
    ev = _evaluated(counts, paired)
    n_all, n_ev = len(paired), int(ev.sum())
    if n_all == 0:
        return {"PRECISION": math.nan, "RECALL": math.nan, "F1": math.nan}
    tp = counts.matched_holes[ev].astype(float)
    if n_ev == 0:
        warnings.append(msg("no seed has a prediction pair: PRECISION is undefined (NaN), "
                            "RECALL = 0"))
        p = math.nan
        r = 0.0
    else:
        p = float(np.mean(tp / counts.marbles[ev]))
        r = float(np.sum(tp / counts.holes[ev])) / n_all
    return {"PRECISION": p, "RECALL": r, "F1": f1(p, r)}


SPEC = register(MetricSpec(
    id="topo",
    name="TOPO",
    group="Subgraph metrics",
    help=("Biagioni & Eriksson's TOPO as in Sat2Graph's code: seeds every ~SEED_SPACING metres "
          "along the ground-truth chains, each paired with the nearest prediction road within "
          "MATCH_DISTANCE and ANGLE_TOLERANCE; from both, the roads are walked RADIUS metres "
          "along the graph, dropping holes / marbles every SPACING metres with their heading; "
          "maximum one-to-one matching within MATCH_DISTANCE and ANGLE_TOLERANCE. "
          "AGGREGATION: pooled counts, or Sat2Graph's mean per-seed precision and "
          "coverage-scaled mean recall. Deterministic (no random seed)."),
    reference="Biagioni & Eriksson, TRR 2012; He et al. (Sat2Graph), ECCV 2020",
    params=[
        Param("RADIUS", "distance", "Walk distance", 300.0, unit="m", minimum=0.01,
              help="Roads are walked this far along the graph from each seed (Sat2Graph: "
                   "0.003 degrees, 333 m at its 111,111 m per degree; 167 m on small SpaceNet "
                   "tiles)."),
        Param("SPACING", "distance", "Hole / marble spacing", 5.0, unit="m", minimum=0.01,
              spacing=True,
              help="Holes and marbles every at most this many metres along the roads "
                   "(Sat2Graph: 0.00005 degrees, 5.6 m)."),
        Param("MATCH_DISTANCE", "distance", "Matching distance", 10.0, unit="m", minimum=0.0,
              help="A hole and a marble match when at most this far apart; also the pairing "
                   "distance of seeds (Sat2Graph: 0.0001 degrees, 11 m)."),
        Param("ANGLE_TOLERANCE", "number", "Heading tolerance [degrees]", 30.0, minimum=0.001,
              maximum=90.0,
              help="A hole and a marble (and a seed and its pair) match only if their road "
                   "headings differ by less than this (undirected, degrees)."),
        Param("SEED_SPACING", "distance", "Seed spacing", 50.0, unit="m", minimum=0.01,
              advanced=True, spacing=True,
              help="Seeds every ~this many metres along each ground-truth chain (Sat2Graph: "
                   "0.0005 degrees, about 50 m)."),
        Param("AGGREGATION", "enum", "Aggregation", "pooled", options=AGGREGATIONS,
              help="pooled: sums of matched / all holes and marbles over seeds. mean: mean "
                   "per-seed precision and coverage-scaled mean per-seed recall (Sat2Graph)."),
    ],
    outputs=common.outputs("Matched hole-marble pairs, summed over seeds (pooled in both "
                           "aggregations)."),
    sinks=common.sinks("along-graph distance"),
    compute=compute,
    pool=common.pool,
    cost=6,
))
