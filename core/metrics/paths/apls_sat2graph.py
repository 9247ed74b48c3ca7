"""APLS as Sat2Graph's Go code computes it: the replay behind ``VARIANT=sat2graph``.

Reference: S. He et al., "Sat2Graph: Road Graph Extraction through
Graph-Tensor Encoding", ECCV 2020, code songtaohe/Sat2Graph
``metrics/apls/main.go``; the same file is what RNGDet++ and SAM-Road
(htcr/sam_road ``cityscale_metrics/``, ``spacenet_metrics/``) report.  The
facts below were read from that code and checked against its output
(tests/fixtures/protocols, docs/paths.md "Protocol cards").

Input: the edges of each graph in the order the reference's converter lists
them (an adjacency dict's first listing of each pair; a line's consecutive
vertices), coordinates (a, b) in metres from the tile's corner (the
reference's pixels at 1 m): x is ``a``, y is ``b``.  The reference moves
them to fake degrees, lat = 41 - a / 111111, lon = -71 + b / 111111 /
cos(41 deg), and measures with GPSDistance: sqrt((dlat 111111)^2 + (dlon
111111 cos(lat1))^2).  Everything below is done in those degrees, as the
reference does, so that every threshold falls where it falls there.

1. Densify: an edge longer than 3 m becomes int(d / 2) + 1 equal hops;
   vertices whose positions print alike at 7 decimals are one vertex.
2. Control points of graph A (for A -> B): for every vertex of degree != 2
   (in vertex order), the chains from it (walked through degree-2
   vertices; a chain is walked once): a chain of more than ``interval_1``
   vertices gets points at indices int(len i / n), n = int(len /
   interval_2) + 1, i = 1 .. n - 1; then the vertex itself.  A point counts
   only inside the tile less its margin, once per 2 m grid cell (``lockey``,
   truncated towards zero), and not when "covered" (dead ends excepted for
   vertices).  A kept point covers the ids within 4 hops of *the vertex with
   the same id in graph B*: the reference's defect, reproduced.
3. Snapping, one to one: each control point takes, among the 10 vertices of
   B nearest in degree space (rtreego's distance to a 1e-6 degree box), the
   first not yet taken and closer than SNAP_DISTANCE; the vertices within
   ``prop_step`` hops of a taken one are taken too.
4. Pairs: every unordered pair of control points; a pair with an unmatched
   end scores 1; otherwise, when d_A > MIN_PATH_LENGTH, min(1, |d_A - d_B| /
   d_A) with d_B = 0 when unreachable.  Shortest paths in integer
   centimetres, each hop truncated (int(GPSDistance x 100)).
5. C(A -> B) = 1 - sum / count, NaN without any pair; APLS = the mean of
   the two directions (NaN when either is).

Randomness: the reference walks Go maps, whose order changes from run to
run (APLS apart by up to 0.0035 on one tile).  The replay fixes the order:
a vertex's chains in increasing neighbour id, control points snapped in
increasing vertex id.  Deviation: an edge between two positions that print
alike (a self-loop after densifying) is dropped; the reference keeps it as
a self-neighbour, which can make its chain walk loop.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ...lazy_scipy import cKDTree, csr_matrix, dijkstra

M_PER_DEGREE = 111111.0
LAT0, LON0 = 41.0, -71.0
COS_LAT0 = math.cos(math.radians(LAT0))          # convert.py: math.cos(math.radians(41))
GO_PI = 3.1415926                                # main.go GPSInBound's pi
RTREE_TOL = 0.000001                             # main.go gpsnode bounds: +- tol degree
NEAREST = 10                                     # main.go rt.NearestNeighbors(10, q)
COVER_HOPS = 4                                   # main.go: propagate(chain[idx], 4, ...)


@dataclass(frozen=True)
class Setting:
    """The constants of one reference setting (main.go's globals)."""

    interval_1: int          # a chain needs more vertices than this for interior points
    interval_2: float        # vertices between interior points
    min_path_m: float        # min_distance_filter
    prop_step: int           # hops taken around a snapped vertex
    margin_m: float          # margin_size
    region_m: float          # region_size
    snap_m: float = 10.0     # hard-coded 10.0 in main.go


CITYSCALE = Setting(interval_1=37, interval_2=25.0, min_path_m=100.0, prop_step=4,
                    margin_m=100.0, region_m=2048.0)
# SAM-Road spacenet_metrics/apls/main.go, small-tile branch (a 4th argument)
SPACENET = Setting(interval_1=15, interval_2=10.0, min_path_m=30.0, prop_step=3,
                   margin_m=30.0, region_m=352.0)


def to_degrees(xy: np.ndarray) -> np.ndarray:
    """(lat, lon) of (a, b) metres, as convert.py's xy2latlon computes them."""
    lat = LAT0 - xy[:, 0] * 1.0 / M_PER_DEGREE
    lon = LON0 + (xy[:, 1] * 1.0 / M_PER_DEGREE) / COS_LAT0
    return np.column_stack([lat, lon])


def to_metres(loc: np.ndarray) -> np.ndarray:
    """(a, b) metres of (lat, lon) degrees: the inverse of :func:`to_degrees`."""
    return np.column_stack([(LAT0 - loc[:, 0]) * M_PER_DEGREE,
                            (loc[:, 1] - LON0) * M_PER_DEGREE * COS_LAT0])


def gps_distance(p1: np.ndarray, p2: np.ndarray) -> np.ndarray:
    """main.go GPSDistance, row by row (its cosine is of p1's latitude)."""
    a = (p1[:, 0] - p2[:, 0]) * M_PER_DEGREE
    b = (p1[:, 1] - p2[:, 1]) * M_PER_DEGREE * np.cos(p1[:, 0] / 360.0 * 2.0 * math.pi)
    return np.sqrt(a * a + b * b)


class Graph:
    """A densified graph: ``loc`` (n, 2) degrees, ``nbr`` sorted neighbour
    lists (CSR: ``indptr``, ``indices``), ids in the reference's order."""

    def __init__(self, loc: np.ndarray, pairs: np.ndarray):
        self.loc = loc
        n = len(loc)
        pairs = pairs[pairs[:, 0] != pairs[:, 1]]
        both = np.unique(np.concatenate([pairs, pairs[:, ::-1]]), axis=0) if len(pairs) else \
            np.zeros((0, 2), np.int64)
        self.indptr = np.searchsorted(both[:, 0], np.arange(n + 1)) if n else np.zeros(1, np.int64)
        self.indices = both[:, 1]
        self.src = both[:, 0]
        self.degree = np.diff(self.indptr)

    @property
    def n(self) -> int:
        return len(self.loc)

    def neighbours(self, v: int) -> np.ndarray:
        return self.indices[self.indptr[v]:self.indptr[v + 1]]

    def ball(self, v: int, hops: int) -> np.ndarray:
        """The vertices within ``hops`` hops of ``v`` (main.go propagate:
        breadth first, so the hop count is the shortest one); a vertex id
        this graph does not have is its own ball."""
        if v >= self.n:
            return np.array([v], np.int64)
        seen = {v}
        frontier = [v]
        for _ in range(hops):
            nxt = []
            for u in frontier:
                for w in self.indices[self.indptr[u]:self.indptr[u + 1]].tolist():
                    if w not in seen:
                        seen.add(w)
                        nxt.append(w)
            frontier = nxt
            if not frontier:
                break
        return np.fromiter(seen, np.int64, len(seen))

    def hop_centimetres(self) -> np.ndarray:
        """Every directed hop's length (CSR order) in integer centimetres,
        int(GPSDistance x 100) with the cosine of the hop's start."""
        return np.floor(gps_distance(self.loc[self.src], self.loc[self.indices]) * 100.0)

    def distances(self, ends: np.ndarray) -> np.ndarray:
        """Shortest paths in centimetres between the vertices ``ends`` (rows
        from, columns to; inf when unreachable).  The chains of degree-2
        vertices between key vertices (degree != 2, or in ``ends``) are
        summed first (pointer doubling over the directed hops), so Dijkstra
        runs on the key vertices only: integer sums, the same numbers as
        the reference's Dijkstra over every hop."""
        key = self.degree != 2
        key[ends] = True
        e_src, e_dst, w = self.src, self.indices, self.hop_centimetres()
        E = len(e_src)
        # the hop after each hop through a degree-2 vertex: out of it, not back
        nxt = np.full(E + 1, E, np.int64)
        through = ~key[e_dst]
        v = e_dst[through]
        first = self.indptr[v]
        nxt[:E][through] = np.where(self.indices[first] == e_src[through], first + 1, first)
        acc = np.append(w, 0.0)
        last = np.where(nxt[:E] == E, np.arange(E), nxt[:E])
        last = np.append(last, E)
        for _ in range(max(1, int(E).bit_length() + 1)):
            if (nxt[:E] == E).all():
                break
            acc = acc + acc[nxt]
            nxt = nxt[nxt]
            last = last[last]
        start = np.flatnonzero(key[e_src] & (nxt[:E] == E))     # keyless cycles never end
        ks = np.flatnonzero(key)
        code = np.full(self.n, -1, np.int64)
        code[ks] = np.arange(len(ks))
        a, b, c = code[e_src[start]], code[e_dst[last[start]]], acc[start]
        c = np.where(c == 0, 1e-7, c)          # scipy drops zero weights: 1e-7 cm, floored away
        # csr_matrix would sum parallel chains between two key vertices: keep the shortest
        order = np.lexsort((c, b, a))
        keep = np.r_[True, (np.diff(a[order]) != 0) | (np.diff(b[order]) != 0)][:len(order)]
        a, b, c = a[order][keep], b[order][keep], c[order][keep]
        m = csr_matrix((c, (a, b)), shape=(len(ks), len(ks)))
        d = dijkstra(m, directed=True, indices=code[ends])[:, code[ends]]
        return np.floor(d)


def densify(parts: list) -> Graph:
    """main.go GraphDensify on the edges of ``parts`` ((k, 2) arrays in
    degrees; each consecutive pair an edge, in order)."""
    starts = [p[:-1] for p in parts if len(p) >= 2]
    if not starts:
        return Graph(np.zeros((0, 2)), np.zeros((0, 2), np.int64))
    p1 = np.concatenate(starts)
    p2 = np.concatenate([p[1:] for p in parts if len(p) >= 2])
    d = gps_distance(p1, p2)
    n = np.where(d > 3.0, (d / 2.0).astype(np.int64) + 1, 1)
    # every hop's two ends, in the order of addEdge calls
    e = np.repeat(np.arange(len(p1)), n)
    i = np.arange(n.sum()) - np.repeat(np.cumsum(n) - n, n)
    nn = n[e].astype(float)
    a1, a2 = i / nn, (i + 1) / nn
    loc1 = p1[e] * (1 - a1)[:, None] + p2[e] * a1[:, None]
    loc2 = p1[e] * (1 - a2)[:, None] + p2[e] * a2[:, None]
    first, last = i == 0, i == n[e] - 1
    loc1[first] = p1[e[first]]
    loc2[last] = p2[e[last]]
    locs = np.empty((2 * len(e), 2))
    locs[0::2], locs[1::2] = loc1, loc2
    keys = np.char.add(np.char.mod("%.7f_", locs[:, 0]), np.char.mod("%.7f", locs[:, 1]))
    uniq, first_at, inverse = np.unique(keys, return_index=True, return_inverse=True)
    order = np.argsort(first_at, kind="stable")          # ids by first appearance
    rank = np.empty(len(order), np.int64)
    rank[order] = np.arange(len(order))
    ids = rank[inverse.reshape(-1)]
    loc = locs[first_at[order]]
    return Graph(loc, ids.reshape(-1, 2))


def in_bound(loc: np.ndarray, s: Setting) -> np.ndarray:
    """main.go GPSInBound: inside the tile less its margin (degrees)."""
    c = math.cos(LAT0 / 180.0 * GO_PI)
    lat2 = LAT0 - s.region_m / M_PER_DEGREE
    lon2 = LON0 + s.region_m / M_PER_DEGREE / c
    lat, lon = loc[:, 0], loc[:, 1]
    return ((lat > lat2 + s.margin_m / M_PER_DEGREE) & (lat < LAT0 - s.margin_m / M_PER_DEGREE)
            & (lon > LON0 + s.margin_m / M_PER_DEGREE / c) & (lon < lon2 - s.margin_m / M_PER_DEGREE / c))


def lockeys(loc: np.ndarray) -> np.ndarray:
    """main.go lockey(loc, 2.0): the 2 m grid cell, truncated towards zero."""
    return np.trunc(loc * M_PER_DEGREE / 2.0).astype(np.int64)


def control_points(g: Graph, other: Graph, s: Setting) -> list:
    """The control points of ``g`` (vertex ids, in the order they are
    kept), with the reference's coverage defect (``other``'s balls)."""
    inside = in_bound(g.loc, s)
    keys = lockeys(g.loc)
    taken_keys: set = set()
    covered = np.zeros(g.n, bool)
    visited = np.zeros(g.n, bool)
    out: list = []
    deg = g.degree
    indptr, indices = g.indptr, g.indices

    def keep(v: int) -> None:
        k = (int(keys[v, 0]), int(keys[v, 1]))
        if k in taken_keys:
            return
        taken_keys.add(k)
        out.append(v)
        ball = other.ball(v, COVER_HOPS)
        covered[ball[ball < g.n]] = True

    for v in np.flatnonzero(deg != 2).tolist():
        for nxt in indices[indptr[v]:indptr[v + 1]].tolist():
            if visited[nxt]:
                continue
            chain = [v, nxt]
            last, cur = v, nxt
            while deg[cur] == 2:
                a, b = indices[indptr[cur]], indices[indptr[cur] + 1]
                last, cur = cur, int(a + b - last)
                chain.append(cur)
                if len(chain) > g.n + 1:        # a loop the reference would never leave
                    break
            L = len(chain)
            if L > s.interval_1:
                m = int(float(L) / s.interval_2) + 1
                for i in range(1, m):
                    c = chain[int(float(L) * float(i) / float(m))]
                    if inside[c] and not covered[c]:
                        keep(c)
            visited[chain] = True
        if inside[v] and (not covered[v] or deg[v] == 1):
            keep(v)
    return out


def snap(g: Graph, points: list, other: Graph, s: Setting) -> np.ndarray:
    """The vertex of ``other`` each control point snaps to (-1: none), one
    to one, in increasing control point id."""
    match = np.full(len(points), -1, np.int64)
    if other.n == 0 or not points:
        return match
    tree = cKDTree(other.loc)
    order = np.argsort(points, kind="stable")
    q = g.loc[np.asarray(points)[order]]
    k = min(other.n, NEAREST + 6)
    _, idx = tree.query(q, k=k)
    idx = np.asarray(idx).reshape(len(q), k)
    # rtreego's distance: squared distance to the vertex's +- tol box, ties kept in order
    dd = np.maximum(np.abs(other.loc[idx] - q[:, None, :]) - RTREE_TOL, 0.0)
    rd = (dd ** 2).sum(axis=2)
    rank = np.argsort(rd, axis=1, kind="stable")[:, :NEAREST]
    cand = np.take_along_axis(idx, rank, axis=1)
    dist = gps_distance(other.loc[cand.reshape(-1)], np.repeat(q, cand.shape[1], axis=0)
                        ).reshape(cand.shape)
    taken = np.zeros(other.n, bool)
    for row, j in enumerate(order.tolist()):
        for c, dc in zip(cand[row].tolist(), dist[row].tolist()):
            if taken[c]:
                continue
            if dc < s.snap_m:
                match[j] = c
                taken[other.ball(c, s.prop_step)] = True
                break
    return match


def one_way(g: Graph, other: Graph, s: Setting) -> dict:
    """C(g -> other) and its counts (main.go apls_one_way)."""
    points = control_points(g, other, s)
    match = snap(g, points, other, s)
    n_cp = len(points)
    ok = match >= 0
    m = int(ok.sum())
    pairs = n_cp * (n_cp - 1) // 2
    unmatched_pairs = pairs - m * (m - 1) // 2
    total = float(unmatched_pairs)
    count = float(unmatched_pairs)
    if m >= 2:
        a = np.asarray(points)[ok]
        b = match[ok]
        dg = g.distances(a)
        ub, inv = np.unique(b, return_inverse=True)
        dp = other.distances(ub)[inv][:, inv]
        d1 = dg / 100.0
        d2 = dp / 100.0
        d1[~np.isfinite(dg)] = -1.0
        d2[~np.isfinite(dp)] = 0.0
        iu = np.triu_indices(m, 1)
        # the pair (cp1, cp2) with cp1 < cp2 uses the distance from cp1
        lo = a[iu[0]] < a[iu[1]]
        r = np.where(lo, iu[0], iu[1])
        c = np.where(lo, iu[1], iu[0])
        d1p, d2p = d1[r, c], d2[r, c]
        scored = d1p > s.min_path_m
        pen = np.minimum(np.abs(d1p[scored] - d2p[scored]) / d1p[scored], 1.0)
        total += float(pen.sum())
        count += float(scored.sum())
    score = 1.0 - total / count if count > 0 else math.nan
    return {"score": score, "control_points": n_cp, "matched": m, "pairs": int(count),
            "penalty_sum": total, "points": points, "match": match}


def replay(gt_parts: list, pred_parts: list, setting: Setting = CITYSCALE) -> dict:
    """(gt -> pred, pred -> gt, APLS) and counts of the reference's APLS on
    two graphs given as parts in metres from the tile's corner (x = a)."""
    G = densify([to_degrees(np.asarray(p, float)) for p in gt_parts])
    P = densify([to_degrees(np.asarray(p, float)) for p in pred_parts])
    a = one_way(G, P, setting)
    b = one_way(P, G, setting)
    apls = (a["score"] + b["score"]) / 2.0
    return {"gt_to_pred": a, "pred_to_gt": b, "apls": apls, "gt": G, "pred": P}
