"""The loop shared by SUBG, OPT-G and TOPO: crop the two subgraphs of every
seed, match their control points, count.

A seed has a centre on the ground truth and/or on the prediction (the
location it was drawn at, and the nearest location of the other network
when there is one).  Seeds are processed in blocks; for each block the
subgraphs of both networks are cropped (core/metrics/subgraphs/extract.py), the candidate
pairs of the block are looked up in the global list of control-point pairs
within MATCH_DISTANCE (one KD-tree query for the whole run), and one matching
call handles every subgraph pair of the block (core/metrics/subgraphs/matching.py).
"""
from __future__ import annotations


import numpy as np

from ...parallel import cores, process_map
from ...progress import checkpoint
from ...result import FeatureTable
from .matching import candidate_pairs
from .extract import KeyIndex, heading_difference
from ...scores import f1, ratio
from ...text import msg

BLOCK_PAIRS = 250_000  # (seed, vertex) ball pairs per block: bounds memory; small
# blocks also keep the Dijkstra heap in cache (faster than a few big blocks)
PARALLEL_PAIRS = 2_000_000  # from this many ball pairs (8 blocks; TOPO on a 4x
# mosaic of the sample) the blocks run on every core the run may use


class Centres:
    """Centres of the subgraphs of one network: ``valid`` (bool per seed),
    ``xy``, ``edge``, ``offset`` (meaningful where valid)."""

    def __init__(self, n, valid=None, xy=None, edge=None, offset=None):
        self.valid = np.zeros(n, bool) if valid is None else np.asarray(valid, bool)
        self.xy = np.zeros((n, 2)) if xy is None else np.asarray(xy, float)
        self.edge = np.zeros(n, np.int64) if edge is None else np.asarray(edge, np.int64)
        self.offset = np.zeros(n) if offset is None else np.asarray(offset, float)

    @classmethod
    def build(cls, n, idx, xy, edge, offset) -> Centres:
        """Centres given only for the seeds ``idx``."""
        c = cls(n)
        c.valid[idx] = True
        c.xy[idx] = xy
        c.edge[idx] = edge
        c.offset[idx] = offset
        return c


class PointOutcomes:
    """Per control point and outcome (matched / unmatched): how many
    subgraphs, the first seed, the distance from that seed's centre and the
    sum of match distances."""

    def __init__(self, n):
        self.count = np.zeros((2, n), np.int64)
        self.first_seed = np.full((2, n), -1, np.int64)
        self.seed_distance = np.full((2, n), np.nan)
        self.sum_match = np.zeros(n)

    def add(self, seed, point, seed_dist, matched, match_dist) -> None:
        for out in (0, 1):
            sel = matched if out == 1 else ~matched
            p, s, sd = point[sel], seed[sel], seed_dist[sel]
            self.count[out] += np.bincount(p, minlength=self.count.shape[1])
            # rows come sorted by seed: the first row of a point has its lowest seed
            up, first = np.unique(p, return_index=True)
            new = self.first_seed[out, up] < 0
            self.first_seed[out, up[new]] = s[first[new]]
            self.seed_distance[out, up[new]] = sd[first[new]]
        self.sum_match += np.bincount(point[matched], weights=match_dist[matched],
                                      minlength=len(self.sum_match))


class SubgraphCounts:
    """Per-seed counts and per-point outcomes of a run (``points`` False:
    no per-point outcomes, ``gt_points`` and ``pred_points`` None: they
    feed only the layers)."""

    def __init__(self, n_seeds, n_holes_total, n_marbles_total, points=True):
        self.holes = np.zeros(n_seeds, np.int64)
        self.marbles = np.zeros(n_seeds, np.int64)
        self.matched_holes = np.zeros(n_seeds, np.int64)
        self.matched_marbles = np.zeros(n_seeds, np.int64)
        self.gt_points = PointOutcomes(n_holes_total) if points else None
        self.pred_points = PointOutcomes(n_marbles_total) if points else None

    def totals(self) -> dict[str, float]:
        H, M = int(self.holes.sum()), int(self.marbles.sum())
        th, tm = int(self.matched_holes.sum()), int(self.matched_marbles.sum())
        return dict(TP=th, FP=M - tm, FN=H - th, holes=H, marbles=M, matched_marbles=tm)


def run(gcg, pcg, gc, pc, radius, mode, match_distance, matcher, progress,
        angle_tolerance=None, points=True) -> SubgraphCounts:
    """Crop, match and count for every seed.

    ``gcg``/``pcg``: ChainGraph of the ground truth / prediction; ``gc``/
    ``pc``: their Centres; ``matcher(nr, nc, r, c, d)`` from
    core/metrics/subgraphs/matching.py; ``angle_tolerance`` (radians): candidate
    pairs must also differ in heading by less than it (TOPO); ``points``:
    also the per-point outcomes (for the layers, :func:`layers`)."""
    n = len(gc.valid)
    out = SubgraphCounts(n, gcg.n_points, pcg.n_points, points)
    ci, cj, cd = candidate_pairs(gcg.xy, pcg.xy, match_distance)
    if angle_tolerance is not None and len(ci):
        ok = heading_difference(gcg.heading[ci], pcg.heading[cj]) < angle_tolerance
        ci, cj, cd = ci[ok], cj[ok], cd[ok]
    cptr = np.searchsorted(ci, np.arange(gcg.n_points + 1))
    # blocks of seeds holding about BLOCK_PAIRS (seed, vertex) ball pairs each
    size = _ball_sizes(gcg, gc, radius) + _ball_sizes(pcg, pc, radius)
    block = np.cumsum(size) // BLOCK_PAIRS
    starts = np.nonzero(np.r_[True, block[1:] != block[:-1]])[0] if n else np.zeros(0, int)
    blocks = [(int(s), int(e)) for s, e in zip(starts, np.r_[starts[1:], n])]
    common = (gcg, pcg, gc, pc, radius, mode, matcher, cptr, cj, cd)
    # big runs on several processes (a worker starts in about 0.5 s); the
    # blocks' results are added in block order either way: the same numbers
    procs = cores() if int(size.sum()) >= PARALLEL_PAIRS else 1
    parts = process_map(_block, common, blocks, progress, procs,
                        labels=[msg("seeds {}-{}", s, e) for s, e in blocks],
                        weights=[float(size[s:e].sum()) + 1.0 for s, e in blocks])
    for hs, hp, hd, ms, mp, md, rm, rdist, cm, cdist in parts:
        out.holes += np.bincount(hs, minlength=n)
        out.marbles += np.bincount(ms, minlength=n)
        out.matched_holes += np.bincount(hs[rm], minlength=n)
        out.matched_marbles += np.bincount(ms[cm], minlength=n)
        if points:
            out.gt_points.add(hs, hp, hd, rm, rdist)
            out.pred_points.add(ms, mp, md, cm, cdist)
    progress.set(1.0)
    return out


def _block(common, block, progress) -> tuple:
    """Crop and match the seeds of one block (module level: it may run in a
    worker process): the holes (seed, point, distance from the centre), the
    marbles, and the matching's (row matched, distance, column matched,
    distance)."""
    gcg, pcg, gc, pc, radius, mode, matcher, cptr, cj, cd = common
    ids = np.arange(*block)
    progress.set(0.0)
    hs, hp, hd = _crop(gcg, gc, ids, radius, mode)
    checkpoint()
    ms, mp, md = _crop(pcg, pc, ids, radius, mode)
    checkpoint()
    r, c, d = _block_candidates(hs, hp, ms, mp, pcg.n_points, cptr, cj, cd)
    checkpoint()
    rm, rdist, cm, cdist = matcher(len(hs), len(ms), r, c, d)
    progress.set(1.0)
    return hs, hp, hd, ms, mp, md, rm, rdist, cm, cdist


def _ball_sizes(cg, centres, radius):
    """Number of chain vertices within the radius of each valid centre."""
    out = np.zeros(len(centres.valid), np.int64)
    if cg.vtree is not None and centres.valid.any():
        out[centres.valid] = cg.vtree.query_ball_point(centres.xy[centres.valid], radius,
                                                       return_length=True)
    return out


def _crop(cg, centres, ids, radius, mode):
    sel = ids[centres.valid[ids]]
    return cg.crop(sel, centres.xy[sel], centres.edge[sel], centres.offset[sel], radius, mode)


def _block_candidates(hs, hp, ms, mp, n_marbles, cptr, cj, cd):
    """Candidate pairs between the holes (hs, hp) and marbles (ms, mp) of
    the same seed: row index into the holes, column index into the marbles."""
    if len(hs) == 0 or len(ms) == 0:
        z = np.zeros(0, np.int64)
        return z, z, np.zeros(0)
    cnt = cptr[hp + 1] - cptr[hp]
    row = np.repeat(np.arange(len(hs)), cnt)
    k = np.arange(int(cnt.sum())) - np.repeat(np.cumsum(cnt) - cnt, cnt)
    a = cptr[hp][row] + k
    s0 = min(int(ms.min()), int(hs.min()))
    span = max(int(ms.max()), int(hs.max())) - s0 + 1
    # (seed, point) keys of the marbles: distinct, and already sorted (crop
    # returns rows sorted by (seed, point)), so their positions are the rows
    index = KeyIndex((ms - s0) * n_marbles + mp, span * n_marbles)
    pos = index.find((hs[row] - s0) * n_marbles + cj[a])
    ok = pos >= 0
    return row[ok], pos[ok], cd[a[ok]]


def precision_recall_f1(tp_marbles, marbles, tp_holes, holes, warnings) -> tuple[float, float, float]:
    """Pooled precision, recall and F1 with the NaN conventions: precision
    NaN without marbles, recall NaN without holes, F1 = 0 when either is 0
    (or precision is NaN and recall is 0), otherwise NaN if one is NaN."""
    p = ratio(tp_marbles, marbles)
    r = ratio(tp_holes, holes)
    if marbles == 0:
        warnings.append(msg("no prediction control point in any subgraph: PRECISION is "
                            "undefined (NaN)"))
    if holes == 0:
        warnings.append(msg("no ground-truth control point in any subgraph: RECALL is undefined "
                            "(NaN)"))
    return p, r, f1(p, r)


FIELDS = [("source", "string"), ("seed_id", "int"), ("n_subgraphs", "int"),
          ("seed_distance", "double"), ("match_distance", "double"), ("heading", "double")]


def layers(gcg, pcg, counts) -> dict:
    """Sinks: one feature per control point and outcome.  A point in several
    subgraphs appears once in MATCHED (if it was matched in any) and once in
    UNMATCHED_GT / UNMATCHED_PRED (if it was left unmatched in any), with the
    number of those subgraphs, the lowest such seed id, its distance from
    that seed's centre and the mean match distance.  Without per-point
    outcomes (``counts.gt_points`` None: the run discards the layers): none."""
    if counts.gt_points is None:
        return {}
    out = {"MATCHED": FeatureTable("Point", FIELDS),
           "UNMATCHED_GT": FeatureTable("Point", FIELDS),
           "UNMATCHED_PRED": FeatureTable("Point", FIELDS)}
    for cg, po, src, um in ((gcg, counts.gt_points, "ground_truth", "UNMATCHED_GT"),
                            (pcg, counts.pred_points, "prediction", "UNMATCHED_PRED")):
        for outcome, name in ((1, "MATCHED"), (0, um)):
            sel = np.nonzero(po.count[outcome] > 0)[0]
            if outcome == 1:
                md = po.sum_match[sel] / po.count[1, sel]
            else:
                md = np.full(len(sel), np.nan)
            out[name].extend(cg.xy[sel], source=src, seed_id=po.first_seed[outcome, sel],
                             n_subgraphs=po.count[outcome, sel],
                             seed_distance=po.seed_distance[outcome, sel], match_distance=md,
                             heading=np.degrees(cg.heading[sel]))
    return out
