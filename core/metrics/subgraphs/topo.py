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
distance loses no precision (measured beside Sat2Graph's code on 20
doubled roads: 1.000 there, 0.925 with its doubling off, 0.924 here).

AGGREGATION = pooled (default):

    PRECISION = sum TP_s / sum |M_s|,   RECALL = sum TP_s / sum |H_s|

(an unpaired seed adds its holes to FN).  AGGREGATION = mean (the numbers
Sat2Graph prints): over the S_e evaluated seeds (paired, with marbles and
holes) out of all S seeds,

    PRECISION = mean_e TP_s / |M_s|,
    RECALL    = (mean_e TP_s / |H_s|) * S_e / S     (coverage-scaled)

F1 = 2 PRECISION RECALL / (PRECISION + RECALL) in both; TP, FP, FN are always
the pooled sums.  ``details`` of SCORES gives both aggregations.

VARIANT = sat2graph / sat2graph_spacenet replay Sat2Graph's Python TOPO
(City-Scale as Sat2Graph, RNGDet++ and SAM-Road report it; SAM-Road's
SpaceNet setting), defects included, in the reference's fake degrees with
its own constants (the distance parameters and AGGREGATION are not used):
see topo_sat2graph.py and docs/subgraphs.md "Protocol card: sat2graph".
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
from .matching import match_maximum
from .extract import ALONG_GRAPH, ChainGraph, chain_seed_locations, heading_at, locate_with_heading
from . import common
from ...text import N_, msg
from ...result import FeatureTable
from ...registry import STANDARD_SINKS
from . import topo_sat2graph as s2g
from .evaluation import FIELDS

AGGREGATIONS = ["pooled", "mean"]
VARIANTS = ["standard", "sat2graph", "sat2graph_spacenet"]
# the replays of the reference's code (topo_sat2graph.py): their setting
REPLAYS = {"sat2graph": s2g.CITYSCALE, "sat2graph_spacenet": s2g.SPACENET}


def compute(gt: LineSet, pred: LineSet, params: dict, progress: Progress, *,
            diagnostics: bool = True) -> MetricResult:
    variant = params.get("VARIANT") or "standard"
    if variant not in VARIANTS:
        raise ValueError(msg("VARIANT must be one of {}, got {!r}", VARIANTS, variant))
    if variant in REPLAYS:
        return _replay(gt, pred, params, variant, progress, diagnostics)
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
                 progress.sub(0.15, 1.0), angle_tolerance=tol, points=diagnostics)
    pooled = common.pooled_scores(counts, warnings if agg == "pooled" else [])
    mean = _mean_scores(counts, pc.valid, warnings if agg == "mean" else [])
    scores = dict(pooled)
    if agg == "mean":
        scores.update(mean)
    details = {"pooled": {k: pooled[k] for k in ("PRECISION", "RECALL", "F1")},
               "mean": mean}
    return common.result("topo", scores, params,
                         ["VARIANT", "RADIUS", "SPACING", "MATCH_DISTANCE", "ANGLE_TOLERANCE",
                          "SEED_SPACING", "AGGREGATION"],
                         counts, gcg, pcg, G, P, warnings,
                         {"seeds": n, "seeds_paired": int(pc.valid.sum()),
                          "seeds_evaluated": int(_evaluated(counts, pc.valid).sum())},
                         details)


def _replay(gt: LineSet, pred: LineSet, params: dict, variant: str,
            progress: Progress, diagnostics: bool = True) -> MetricResult:
    """TOPO as Sat2Graph's Python code computes it (topo_sat2graph.py): the
    numbers it prints for one tile (precision=, overall-recall=), F1 of the
    two (0 when both are 0)."""
    progress.set(0.0, N_("walking and matching subgraphs"))
    prior = params.get("PRIOR_MAX_A")
    r = s2g.replay(gt.parts, pred.parts, REPLAYS[variant],
                   None if prior is None else float(prior))
    warnings = []
    if not r["seeds"]:
        warnings.append(msg("no ground-truth chain is long enough for a seed: TOPO is undefined "
                            "(NaN); the reference divides by zero."))
    elif r["pred"].n == 0:
        warnings.append(msg("the prediction is empty: PRECISION = RECALL = 0, as in the "
                            "reference."))
    kept = r["kept"]
    m_all = sum(x.marbles for x in kept)
    h_all = sum(x.holes for x in kept)
    tp_p = sum(x.matched_marbles for x in kept)
    tp_r = sum(x.matched_holes for x in kept)
    scores = {"PRECISION": float(r["precision"]), "RECALL": float(r["recall"]),
              "F1": float(r["f1"]), "TP": float(tp_r), "FP": float(m_all - tp_p),
              "FN": float(h_all - tp_r)}
    M = s2g.M_PER_DEGREE
    used = {"VARIANT": variant, "RADIUS": r["radius"] * M, "SPACING": s2g.STEP * M,
            "MATCH_DISTANCE": s2g.MATCH_DISTANCE * M, "SEED_SPACING": s2g.SEED_DENSITY * M,
            "ANGLE_TOLERANCE": math.degrees(math.acos(1 - s2g.MATCH_ANGLE)),
            "AGGREGATION": "mean", "PRIOR_MAX_A": prior, "MERGE_TOLERANCE": None,
            "NODE_CROSSINGS": None}
    counts = {"seeds": len(r["seeds"]), "seeds_paired": len(r["pairs"]),
              "seeds_evaluated": len(r["rows"]), "seeds_kept": len(kept),
              "holes": int(h_all), "marbles": int(m_all), "matched_holes": int(tp_r),
              "matched_marbles": int(tp_p), "gt_nodes": r["gt"].n, "pred_nodes": r["pred"].n}
    details = {"constants_degrees": {
        "radius": r["radius"], "interval": s2g.STEP, "matching_threshold": s2g.MATCH_DISTANCE,
        "matching_angle": s2g.MATCH_ANGLE, "pair_threshold": s2g.PAIR_DISTANCE,
        "pair_angle": s2g.PAIR_ANGLE, "seed_density": s2g.SEED_DENSITY,
        "topo121_distance": s2g.T121_DISTANCE, "topo121_box": s2g.T121_BOX,
        "topo121_keep": s2g.T121_KEEP, "metres_per_degree": M},
        "region": r["region"]}
    stats = {"variant": variant, "precision": scores["PRECISION"], "recall": scores["RECALL"],
             "f1": scores["F1"], "matched_marbles": float(tp_p), "marbles": float(m_all),
             "TP": float(tp_r), "holes": float(h_all), "FP": scores["FP"], "FN": scores["FN"]}
    layers = _replay_layers(r) if diagnostics else {}
    return MetricResult("topo", scores, parameters=used, counts=counts, warnings=warnings,
                        layers=layers, details=details, pool_stats=stats)


def _replay_layers(r: dict) -> dict:
    """The holes and marbles of the seeds TOPO121 keeps, matched or not
    (each walk's own points: seed_id = the seed, n_subgraphs = 1)."""
    out = {name: FeatureTable("Point", FIELDS) for name in STANDARD_SINKS}
    seed_of_walk = np.asarray(r["walk_seed"], np.int64)
    kept = np.zeros(len(seed_of_walk), bool)
    kept_seeds = {x.seed for x in r["kept"]}
    kept[:] = [s in kept_seeds for s in seed_of_walk.tolist()]
    for pts, matched, src, um in ((r["holes"], r["hole_matched"], "ground_truth", "UNMATCHED_GT"),
                                  (r["marbles"], r["marble_matched"], "prediction",
                                   "UNMATCHED_PRED")):
        w, lat, lon, dlat, dlon = pts
        ok = np.zeros(len(w), bool)
        ok[matched] = True
        heading = np.degrees(np.arctan2(dlon * s2g.COS_LAT0, -dlat)) % 180.0
        xy = s2g.to_metres(np.column_stack([lat, lon]))
        for name, sel in (("MATCHED", ok), (um, ~ok)):
            sel = sel & kept[w]
            k = int(sel.sum())
            out[name].extend(xy[sel], source=src, seed_id=seed_of_walk[w[sel]],
                             n_subgraphs=np.ones(k, np.int64), seed_distance=np.full(k, np.nan),
                             match_distance=np.full(k, np.nan), heading=heading[sel])
    return out


def pool(results) -> dict[str, float]:
    """Over tiles: the standard variant pools the counts (subgraphs/common.py);
    the replays aggregate as their reference scripts do (tiles without a
    seed, NaN, left out): sat2graph as SAM-Road's cityscale_metrics/topo.py
    (mean per-tile F1, precision and recall), sat2graph_spacenet as its
    spacenet_metrics/topo.py (tiles with precision + recall = 0 left out;
    F1 of the mean precision and mean recall)."""
    s = [r.pool_stats for r in results if r.pool_stats]
    if not s or s[0].get("variant") not in REPLAYS:
        return common.pool(results)
    s = [x for x in s if not math.isnan(x["precision"])]
    if s and s[0]["variant"] == "sat2graph_spacenet":
        s = [x for x in s if x["precision"] + x["recall"] != 0]
    t = {k: float(sum(x[k] for x in s)) for k in ("TP", "FP", "FN")}
    if not s:
        return {"PRECISION": math.nan, "RECALL": math.nan, "F1": math.nan, **t}
    p = float(np.mean([x["precision"] for x in s]))
    r = float(np.mean([x["recall"] for x in s]))
    if s[0]["variant"] == "sat2graph":
        f = float(np.mean([x["f1"] for x in s]))
    else:
        f = 2 * p * r / (p + r) if p + r > 0 else 0.0
    return {"PRECISION": p, "RECALL": r, "F1": f, **t}


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
          "coverage-scaled mean recall. VARIANT sat2graph / sat2graph_spacenet: a replay of "
          "Sat2Graph's Python TOPO (City-Scale; SAM-Road's SpaceNet setting) with the "
          "reference's own constants. Deterministic (no random seed)."),
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
                   "per-seed precision and coverage-scaled mean per-seed recall (Sat2Graph's "
                   "aggregation, without its TOPO121 filter: VARIANT=sat2graph gives its numbers)."),
        Param("VARIANT", "enum", "Variant", "standard", options=VARIANTS,
              help="standard: this implementation, with the parameters above. sat2graph: a "
                   "replay of Sat2Graph's Python TOPO as City-Scale papers report it (the input "
                   "in metres = pixels from the tile's corner, x = the first pixel coordinate; "
                   "fake degrees, 1 degree = 111,111 m; seeds every 0.0005 degree, walk 0.003 "
                   "degree, or 0.0015 when every vertex has x < 1111 m; holes every 0.00005; "
                   "matching within 0.0001 degree and 45 degrees; TOPO121 filter; recall scaled "
                   "by kept / all seeds). sat2graph_spacenet: the same with the walk always "
                   "0.0015 degree (SAM-Road's SpaceNet). The replays ignore RADIUS, SPACING, "
                   "MATCH_DISTANCE, ANGLE_TOLERANCE, SEED_SPACING, AGGREGATION and the network "
                   "options, and record the constants they used."),
        Param("PRIOR_MAX_A", "distance", "Rows read before (sat2graph)", None, unit="m",
              minimum=0.0, optional=True, advanced=True,
              help="VARIANT=sat2graph: the largest first coordinate of the tiles SAM-Road's "
                   "City-Scale script read before this one. Its loop never resets min_lat, so "
                   "a tile with roads only above row 1111 walks 0.003 degree when an earlier "
                   "tile reached further down. Batch scoring with --protocol "
                   "sat2graph_cityscale fills it in the script's tile order. Empty: the tile "
                   "alone."),
    ],
    outputs=common.outputs("Matched hole-marble pairs, summed over seeds (pooled in both "
                           "aggregations)."),
    sinks=common.sinks("along-graph distance"),
    compute=compute,
    pool=pool,
    cost=6,
    doc=('docs/subgraphs.md', 'topo-roadmetricstopo'),
    tags=('topo', 'holes', 'marbles', 'subgraph', 'precision', 'recall', 'f1', 'topology', 'graph'),
    picker=12,
))
