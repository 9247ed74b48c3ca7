"""Match sampled paths of one network to another network, consuming what is
matched (OPT-P, Citraro et al. ECCV 2020, sec. 3.1 and appendix).

For the resampled points of all paths at once, candidates are the closest
point of every edge of the other network B within ``snap`` metres (one per
point and edge); a candidate within ``node_snap`` metres of an end of its
edge is placed on that node (as the reference maps projections near a node
onto the node).  Paths are then processed in their sampled order.  The paper
removes the matched edges and matches later paths to what remains, so a
candidate lying on a part of B consumed by earlier paths is re-projected onto
the free part of its edge: it moves to the cut(s) bordering the consumed run
that contains it, when within ``snap`` (``free_candidates``).  Then the
free transitions between consecutive candidates are found in the corridor
(core/metrics/paths/corridor.py), Viterbi picks the alignment (core/metrics/paths/viterbi.py), and the
routes of B used by the matched transitions are consumed, except the first
and last ``node_snap`` metres of an edge at a junction (degree >= 3): a
junction area is shared by every road crossing it, so a crossing drawn as two
junctions joined by a short edge does not interrupt the second road through
it.
"""
from __future__ import annotations

import numpy as np

from .corridor import CorridorRouter
from ...geometry.polyline import project_points_on_segments
from .intervals import EPS, EdgeLine, IntervalSet
from ...lazy_scipy import cKDTree
from ...network.snapping import SegmentIndex
from .viterbi import viterbi

NODE_TOL = 1e-6  # metres: candidate offsets this close to an edge end sit on the node


def edge_candidates(net, xy, snap, node_snap=0.0, chunk=100000) -> list[np.ndarray]:
    """Closest point of every edge of ``net`` within ``snap`` of each point.
    A candidate closer than ``node_snap`` metres (along its edge) to an end of
    its edge is placed on that end node (the nearer one); its distance stays
    the distance to the closest point.

    Returns arrays sorted by (point, edge): point, edge, offset, distance,
    position (k, 2)."""
    out = [np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0), np.zeros(0),
           np.zeros((0, 2))]
    if net.n_edges == 0 or len(xy) == 0:
        return out
    s = net.segments()
    index = SegmentIndex(s["ax"], s["ay"], s["bx"], s["by"])
    parts = []
    for c0 in range(0, len(xy), chunk):
        pts = xy[c0:c0 + chunk]
        pairs = cKDTree(pts).sparse_distance_matrix(index.tree, snap + index.half,
                                                    output_type="ndarray")
        pi = pairs["i"].astype(np.int64)
        si = index.piece_seg[pairs["j"]]
        key = np.unique(pi * index.n + si)
        pi, si = key // index.n, key % index.n
        t, d, _, _ = project_points_on_segments(pts[pi, 0], pts[pi, 1], s["ax"][si], s["ay"][si],
                                                s["bx"][si], s["by"][si])
        ok = d <= snap
        pi, si, t, d = pi[ok], si[ok], t[ok], d[ok]
        e = s["edge"][si]
        # nearest segment per (point, edge); ties to the lowest segment
        o = np.lexsort((si, d, e, pi))
        pi, si, t, d, e = pi[o], si[o], t[o], d[o], e[o]
        first = np.r_[True, (pi[1:] != pi[:-1]) | (e[1:] != e[:-1])] if len(pi) else np.zeros(0, bool)
        pi, si, t, d, e = pi[first], si[first], t[first], d[first], e[first]
        off = s["len0"][si] + t * s["length"][si]
        cx = s["ax"][si] + t * (s["bx"][si] - s["ax"][si])
        cy = s["ay"][si] + t * (s["by"][si] - s["ay"][si])
        L = net.edge_length[e]
        tol = max(float(node_snap), NODE_TOL)
        to_u = (off < tol) & (off <= L - off)
        to_v = (L - off < tol) & ~to_u
        off = np.where(to_u, 0.0, np.where(to_v, L, off))
        cx = np.where(to_u, net.node_xy[net.edge_u[e], 0], np.where(to_v, net.node_xy[net.edge_v[e], 0], cx))
        cy = np.where(to_u, net.node_xy[net.edge_u[e], 1], np.where(to_v, net.node_xy[net.edge_v[e], 1], cy))
        parts.append((pi + c0, e, off, d, np.column_stack([cx, cy])))
    return [np.concatenate([p[k] for p in parts]) for k in range(5)]


def free_candidates(net, line, consumed, xy, cp, ce, co, cem, cxy, snap, node_snap=0.0) -> tuple:
    """Candidates of one path on what is left of ``net`` once ``consumed``
    (an IntervalSet on ``line``, an EdgeLine of ``net``) is removed.

    A candidate (point ``cp``, edge ``ce``, offset ``co`` m, emission cost
    ``cem`` = squared distance m^2, position ``cxy``) on a free location is
    kept.  One on a consumed location is re-projected onto the free part of
    its edge, as the paper matches later paths to the network with the matched
    edges removed: the consumed run [r0, r1] containing it is cut out of the
    edge and the point gets a candidate at each cut that borders a free
    stretch (r0 > 0, r1 < edge length), when that cut lies within ``snap``
    metres of the point.  On a straight edge a cut is the closest free point
    on its side, since the distance to the point grows monotonically away
    from the (consumed) closest point.  A cut within ``node_snap`` of an edge
    end is placed on the node, as for every candidate (the cost keeps the
    distance to the cut).

    Returns (cp, ce, co, cem, cxy) sorted by (point, edge, offset)."""
    g = line.at(ce, co)
    bad = consumed.overlaps(g, g)
    if not bad.any():
        return cp, ce, co, cem, cxy
    i = np.nonzero(bad)[0]
    e = ce[i]
    k = np.searchsorted(consumed.lo, g[i], side="right") - 1
    base = line.base[e]
    L = net.edge_length[e]
    r0 = consumed.lo[k] - base
    r1 = consumed.hi[k] - base
    # free stretch before the run / after it
    pt = np.concatenate([cp[i], cp[i]])
    ee = np.concatenate([e, e])
    LL = np.concatenate([L, L])
    off = np.concatenate([r0, r1])
    ok = np.concatenate([r0 > EPS, r1 < L - EPS])
    pt, ee, LL, off = pt[ok], ee[ok], LL[ok], off[ok]
    pos = net.point_at(ee, off)
    d = np.hypot(pos[:, 0] - xy[pt, 0], pos[:, 1] - xy[pt, 1])
    near = d <= snap
    pt, ee, LL, off, pos, d = pt[near], ee[near], LL[near], off[near], pos[near], d[near]
    tol = max(float(node_snap), NODE_TOL)
    to_u = (off < tol) & (off <= LL - off)
    to_v = (LL - off < tol) & ~to_u
    off = np.where(to_u, 0.0, np.where(to_v, LL, off))
    if to_u.any() or to_v.any():
        pos = pos.copy()
        pos[to_u] = net.node_xy[net.edge_u[ee[to_u]]]
        pos[to_v] = net.node_xy[net.edge_v[ee[to_v]]]
    keep = ~bad
    cp = np.concatenate([cp[keep], pt])
    ce = np.concatenate([ce[keep], ee])
    co = np.concatenate([co[keep], off])
    cem = np.concatenate([cem[keep], np.round(d, 6) ** 2])
    cxy = np.concatenate([cxy[keep], pos])
    o = np.lexsort((co, ce, cp))
    return cp[o], ce[o], co[o], cem[o], cxy[o]


class PathMatch:
    """Outcome of matching every path of ``points`` (core.metrics.paths.pathsample.PathPoints)
    to network ``other``: ``matched`` (one flag per transition, i.e. per
    segment between consecutive points, concatenated over paths, n_points -
    n_paths values), ``score`` per path (sum of squared matched piece
    lengths / squared path length) and ``consumed_length`` of ``other``."""

    def __init__(self, points, other, snap, width, max_hops, penalty, node_snap=0.0,
                 progress=None):
        self.points = points
        npaths = len(points)
        ptr = points.ptr
        nt = np.maximum(np.diff(ptr) - 1, 0)
        self.tptr = np.concatenate([[0], np.cumsum(nt)]).astype(np.int64)
        self.matched = np.zeros(int(self.tptr[-1]), dtype=bool)
        self.n_candidates = 0
        consumed = IntervalSet()
        if other.n_edges and npaths:
            line = EdgeLine(other)
            router = CorridorRouter(other, width, max_hops)
            junction = other.node_degree() >= 3
            shared_u = np.where(junction[other.edge_u], node_snap, 0.0)
            shared_v = np.where(junction[other.edge_v], node_snap, 0.0)
            cpt, ce, co, cd, cxy = edge_candidates(other, points.xy, snap, node_snap)
            self.n_candidates = len(cpt)
            em_all = np.round(cd, 6) ** 2
            cptr_all = np.searchsorted(cpt, np.arange(len(points.xy) + 1))
            step = max(1, npaths // 50)
            for k in range(npaths):
                if progress is not None and k % step == 0:
                    progress.set(k / npaths)
                p0, p1 = int(ptr[k]), int(ptr[k + 1])
                c0, c1 = int(cptr_all[p0]), int(cptr_all[p1])
                if c1 == c0 or p1 - p0 < 2:
                    continue
                lp = cpt[c0:c1] - p0
                le, lo, lem, lxy = ce[c0:c1], co[c0:c1], em_all[c0:c1], cxy[c0:c1]
                if len(consumed):
                    lp, le, lo, lem, lxy = free_candidates(
                        other, line, consumed, points.xy[p0:p1], lp, le, lo, lem, lxy, snap,
                        node_snap)
                    if len(lp) == 0:
                        continue
                n = p1 - p0
                pairs = router.free_pairs(points.xy[p0:p1], lp, le, lo, lxy, consumed)
                if len(pairs["a"]) == 0:
                    continue
                cptr = np.searchsorted(lp, np.arange(n + 1))
                pen = np.full(n - 1, float(penalty))
                state, used = viterbi(n, cptr, lem, pairs["a"], pairs["b"], pairs["t"], pen)
                ok = used >= 0
                if not ok.any():
                    continue
                self.matched[self.tptr[k]:self.tptr[k + 1]] = ok
                re, r0, r1 = router.route_intervals(pairs, used[ok], le, lo)
                # junction areas are shared by the roads crossing there
                r0 = np.maximum(r0, shared_u[re])
                r1 = np.minimum(r1, other.edge_length[re] - shared_v[re])
                consumed.add(line.at(re, r0), line.at(re, r1))
        self.consumed_length = consumed.total()
        self.score, self.pieces = self._pieces()

    def _pieces(self):
        """Per path score and, per path, the matched / unmatched stretches as
        (path, s0, s1, matched) arrays."""
        pts = self.points
        npaths = len(pts)
        score = np.zeros(npaths)
        rows = []
        for k in range(npaths):
            p0, p1 = int(pts.ptr[k]), int(pts.ptr[k + 1])
            s = pts.s[p0:p1]
            m = self.matched[self.tptr[k]:self.tptr[k + 1]]
            if len(m) == 0:
                continue
            change = np.nonzero(np.concatenate(([True], m[1:] != m[:-1])))[0]
            starts = change
            ends = np.concatenate((change[1:], [len(m)]))
            s0, s1 = s[starts], s[ends]
            flag = m[starts]
            L = pts.length[k]
            lens = s1 - s0
            score[k] = float((lens[flag] ** 2).sum() / (L * L)) if L > 0 else 0.0
            rows.append((np.full(len(starts), k), s0, s1, flag))
        if rows:
            pieces = tuple(np.concatenate([r[i] for r in rows]) for i in range(4))
        else:
            pieces = (np.zeros(0, np.int64), np.zeros(0), np.zeros(0), np.zeros(0, bool))
        return score, pieces
