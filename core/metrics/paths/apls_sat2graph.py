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

Randomness: the reference walks Go maps, whose iteration order changes from
run to run: a junction's neighbours (which of its chains is walked first)
and the control points when snapping (which point wins a contested vertex).
Most tiles give the same number in every order; doubled or parallel roads do
not (0.80 to 0.99 over 400 runs of one SpaceNet tile).  The replay first
runs one fixed order (neighbours in insertion order, points snapped in the
order kept) and checks whether any order could differ: a point that did not
get its first candidate within the snap distance, two competing candidates
in one junction's chains, or a loop with interior points.  If none, that
number is the reference's in every order.  Otherwise it averages ``orders``
random orders drawn as Go 1.19 draws them (:func:`go_map_order`), 4 at a
time until the mean's standard error is below 0.001: an estimate of the
reference's expected number, deterministic for a seed.  Deviation: an edge
between two positions that print alike (a self-loop after densifying) is
dropped; the reference keeps it as a self-neighbour, which can make its
chain walk loop.
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
        # each vertex's neighbours in the order addEdge inserted them into its Go map
        d = np.empty((2 * len(pairs), 2), np.int64)
        d[0::2], d[1::2] = pairs, pairs[:, ::-1]
        if len(d):
            d = d[np.sort(np.unique(d, axis=0, return_index=True)[1])]
            d = d[np.argsort(d[:, 0], kind="stable")]
        self._ins = d[:, 1]
        self._chains: dict = {}          # (v, next) -> the chain walked from v through next

    def inserted(self, v: int) -> np.ndarray:
        """``v``'s neighbours in insertion order (the same set as CSR's)."""
        return self._ins[self.indptr[v]:self.indptr[v + 1]]

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


def go_small_map_order(items: list, rng) -> list:
    """The order Go 1.19 iterates a map of at most 8 entries inserted as
    ``items``: one bucket of 8 slots filled in insertion order, walked from a
    random slot (empty slots skipped), so a rotation of the insertion order,
    the unrotated one with probability (9 - k) / 8."""
    if rng is None or len(items) < 2:
        return list(items)
    start = int(rng.integers(8))
    start = start if start < len(items) else 0
    return list(items[start:]) + list(items[:start])


def go_map_order(items: list, rng) -> list:
    """The order Go 1.19 iterates a ``map[int]int`` whose keys were inserted
    as ``items`` (``rng`` None: the insertion order).  The map has 2^B
    buckets, B the least with len <= 6.5 2^B; each key goes to the bucket
    its seeded hash picks (uniform), after the keys already there, 8 slots a
    bucket and overflow buckets after; iteration starts at a random bucket,
    walks them in turn and each bucket's slots from one random offset."""
    n = len(items)
    if rng is None or n <= 8:
        return go_small_map_order(items, rng)
    nb = 1
    while n > 6.5 * nb:
        nb *= 2
    bucket = rng.integers(nb, size=n)
    start, offset = int(rng.integers(nb)), int(rng.integers(8))
    by_bucket = np.argsort(bucket, kind="stable")
    first = np.searchsorted(bucket[by_bucket], bucket[by_bucket], side="left")
    pos = np.empty(n, np.int64)
    pos[by_bucket] = np.arange(n) - first          # insertion rank within the bucket
    key = ((bucket - start) % nb) * (n + 8) + (pos // 8) * 8 + (pos % 8 - offset) % 8
    return [items[i] for i in np.argsort(key, kind="stable")]


def _walk(g: Graph, v: int, nxt: int) -> list:
    """The chain from ``v`` through ``nxt`` to the next vertex of degree
    != 2 (main.go's inner loop), walked once per graph and kept."""
    chain = g._chains.get((v, nxt))
    if chain is None:
        indptr, indices, deg = g.indptr, g.indices, g.degree
        chain = [v, nxt]
        last, cur = v, nxt
        while deg[cur] == 2:
            a, b = indices[indptr[cur]], indices[indptr[cur] + 1]
            last, cur = cur, int(a + b - last)
            chain.append(cur)
            if len(chain) > g.n + 1:        # a loop the reference would never leave
                break
        g._chains[(v, nxt)] = chain
    return chain


def _chains(g: Graph, v: int, rng, visited: np.ndarray) -> list:
    """The chains walked from vertex ``v`` (degree != 2), its neighbours in
    Go's map order (``rng`` None: insertion order); marks them visited."""
    out = []
    for nxt in go_small_map_order(g.inserted(v).tolist(), rng):
        if visited[nxt]:
            continue
        chain = _walk(g, v, nxt)
        visited[chain] = True
        out.append(chain)
    return out


def _interior(chain: list, s: Setting) -> list:
    """The interior control point candidates of a chain, in walking order."""
    L = len(chain)
    if L <= s.interval_1:
        return []
    m = int(float(L) / s.interval_2) + 1
    return [chain[int(float(L) * float(i) / float(m))] for i in range(1, m)]


class _Picker:
    """main.go's control point bookkeeping: 2 m keys taken, vertices covered
    (by ids of the *other* graph's balls: the reference's defect)."""

    def __init__(self, g: Graph, other: Graph):
        self.keys = lockeys(g.loc)
        self.taken: set = set()
        self.covered = np.zeros(g.n, bool)
        self.other, self.n = other, g.n
        self.out: list = []
        self._balls: dict = {}

    def key(self, v: int) -> tuple:
        return int(self.keys[v, 0]), int(self.keys[v, 1])

    def ball(self, v: int) -> np.ndarray:
        b = self._balls.get(v)
        if b is None:
            b = self.other.ball(v, COVER_HOPS)
            b = self._balls[v] = b[b < self.n]
        return b

    def open(self, v: int) -> bool:
        """Neither its key taken nor the vertex covered."""
        return not self.covered[v] and self.key(v) not in self.taken

    def keep(self, v: int) -> None:
        k = self.key(v)
        if k in self.taken:
            return
        self.taken.add(k)
        self.out.append(v)
        self.covered[self.ball(v)] = True


def _group_depends(pk: _Picker, v: int, chains: list, cands: list, s: Setting) -> bool:
    """Whether another order of ``v``'s chains could keep other points: a
    loop back to ``v`` long enough for interior points (its walking
    direction decides them), or two open candidates of different chains
    sharing a key or lying in one another's cover ball."""
    if any(ch[-1] == v and len(ch) > s.interval_1 for ch in chains):
        return True
    by_key: dict = {}
    by_vertex: dict = {}
    for i, cs in enumerate(cands):
        for c in cs:
            if pk.open(c):
                if by_key.setdefault(pk.key(c), i) != i:
                    return True
                by_vertex[c] = i
    if len(set(by_vertex.values())) < 2:
        return False
    return any(by_vertex.get(w, i) != i
               for c, i in by_vertex.items() for w in pk.ball(c).tolist())


def control_points(g: Graph, other: Graph, s: Setting, rng=None) -> tuple[list, bool]:
    """The control points of ``g`` (vertex ids, in the order they are kept),
    with the reference's coverage defect (``other``'s balls), and whether
    another map order could give other points (checked when ``rng`` is
    None, the fixed order: neighbours in insertion order)."""
    inside = in_bound(g.loc, s)
    pk = _Picker(g, other)
    visited = np.zeros(g.n, bool)
    depends = False
    for v in np.flatnonzero(g.degree != 2).tolist():
        chains = _chains(g, v, rng, visited)
        cands = [[c for c in _interior(ch, s) if inside[c]] for ch in chains]
        if rng is None and not depends and chains:
            depends = _group_depends(pk, v, chains, cands, s)
        for cs in cands:
            for c in cs:
                if not pk.covered[c]:
                    pk.keep(c)
        if inside[v] and (not pk.covered[v] or g.degree[v] == 1):
            pk.keep(v)
    return pk.out, depends


def snap(g: Graph, points: list, other: Graph, s: Setting, rng=None) -> tuple[np.ndarray, bool]:
    """The vertex of ``other`` each control point snaps to (-1: none), one
    to one, the points taken in Go's map order (``rng`` None: the order they
    were kept); and whether the order mattered: some point did not get its
    first candidate closer than the snap distance.  Without that, every
    order gives the same matches: each point p got f(p), its first candidate
    within the snap distance, so no f(q) lies within ``prop_step`` hops of an
    earlier f(p); the hop distance is symmetric, so in any other order f(p)
    is never taken before p comes either, and p again gets f(p)."""
    match = np.full(len(points), -1, np.int64)
    if other.n == 0 or not points:
        return match, False
    tree = cKDTree(other.loc)
    q = g.loc[np.asarray(points)]
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
    near = dist < s.snap_m
    first = np.where(near.any(axis=1), cand[np.arange(len(q)), near.argmax(axis=1)], -1)
    taken = np.zeros(other.n, bool)
    for j in go_map_order(list(range(len(points))), rng):
        for c in cand[j][near[j]].tolist():
            if not taken[c]:
                match[j] = c
                taken[other.ball(c, s.prop_step)] = True
                break
    return match, bool((match != first).any())


def _score(points: list, match: np.ndarray, dg: np.ndarray, dp: np.ndarray,
           s: Setting) -> tuple[float, int, float]:
    """C(A -> B), the pairs counted and their penalty sum (main.go's pair
    loop), given the shortest paths in centimetres between the matched
    points (``dg``, in A) and between their matches (``dp``, in B)."""
    n_cp = len(points)
    ok = match >= 0
    m = int(ok.sum())
    pairs = n_cp * (n_cp - 1) // 2
    total = count = float(pairs - m * (m - 1) // 2)     # pairs with an unmatched end score 1
    if m >= 2:
        a = np.asarray(points)[ok]
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
    return score, int(count), total


def _paths(graph: Graph, ids: np.ndarray, cache: dict) -> np.ndarray:
    """Shortest paths between ``ids`` (sorted, unique) from ``cache``, which
    is recomputed for its ids and these when it lacks one of them."""
    have = cache.get("ids")
    if have is None or not np.isin(ids, have).all():
        have = ids if have is None else np.union1d(have, ids)
        cache["ids"], cache["d"] = have, graph.distances(have)
    k = np.searchsorted(cache["ids"], ids)
    return cache["d"][np.ix_(k, k)]


def _prime(g: Graph, other: Graph, batch: list, caches: tuple) -> None:
    """Fill both caches once for every point and match of a batch of orders."""
    ok = [m >= 0 for _, m in batch]
    a = np.unique(np.concatenate([np.asarray(p, np.int64)[k] for (p, _), k in zip(batch, ok)]))
    b = np.unique(np.concatenate([m[k] for (_, m), k in zip(batch, ok)]))
    if len(a):
        _paths(g, a, caches[0])
    if len(b):
        _paths(other, b, caches[1])


def _run(g: Graph, other: Graph, points: list, match: np.ndarray, s: Setting,
         caches: tuple) -> tuple[float, int, float]:
    """C(g -> other) of one order's control points and matches."""
    ok = match >= 0
    if ok.sum() < 2:
        return _score(points, match, np.zeros((0, 0)), np.zeros((0, 0)), s)
    a = np.asarray(points)[ok]
    ua, ia = np.unique(a, return_inverse=True)
    ub, ib = np.unique(match[ok], return_inverse=True)
    dg = _paths(g, ua, caches[0])[np.ix_(ia, ia)]
    dp = _paths(other, ub, caches[1])[np.ix_(ib, ib)]
    return _score(points, match, dg, dp, s)


ORDERS = 64          # the most random orders averaged
ORDER_BATCH = 4      # orders drawn at a time; the mean stops once ...
ORDER_SE = 0.001     # ... its standard error is below this


def one_way(g: Graph, other: Graph, s: Setting, orders: int = ORDERS, seed=0) -> dict:
    """C(g -> other) and its counts (main.go apls_one_way).  The fixed order
    (insertion order, points snapped in the order kept) first; when another
    order could change the result (:func:`control_points`, :func:`snap`)
    and ``orders`` > 1, the mean over random orders drawn with ``seed`` as
    Go draws them, ``ORDER_BATCH`` at a time until the mean's standard error
    is below ``ORDER_SE`` or ``orders`` are done (NaN orders left out)."""
    caches = ({}, {})
    points, depends = control_points(g, other, s)
    match, conflict = snap(g, points, other, s)
    out = {"control_points": len(points), "matched": int((match >= 0).sum()),
           "points": points, "match": match, "orders": 1}
    if not (depends or conflict) or orders <= 1:
        score, pairs, total = _run(g, other, points, match, s, caches)
        out.update(score=score, pairs=pairs, pairs_mean=float(pairs), penalty_sum=total,
                   order_min=score, order_max=score)
        return out
    rng = np.random.default_rng(seed)
    runs: list = []
    while len(runs) < orders:
        batch = []
        for _ in range(min(ORDER_BATCH, orders - len(runs))):
            pts, _ = control_points(g, other, s, rng)
            batch.append((pts, snap(g, pts, other, s, rng)[0]))
        _prime(g, other, batch, caches)
        runs += [_run(g, other, pts, m, s, caches) for pts, m in batch]
        v = np.array([r[0] for r in runs])
        v = v[np.isfinite(v)]
        if len(v) > 1 and v.std(ddof=1) / math.sqrt(len(v)) < ORDER_SE:
            break
    v = np.array([r[0] for r in runs])
    fin = v[np.isfinite(v)]
    out.update(score=float(fin.mean()) if len(fin) else math.nan, orders=len(runs),
               order_min=float(fin.min()) if len(fin) else math.nan,
               order_max=float(fin.max()) if len(fin) else math.nan,
               pairs=int(round(np.mean([r[1] for r in runs]))),
               pairs_mean=float(np.mean([r[1] for r in runs])),
               penalty_sum=float(np.mean([r[2] for r in runs])))
    return out


def replay(gt_parts: list, pred_parts: list, setting: Setting = CITYSCALE,
           orders: int = ORDERS, seed: int = 0) -> dict:
    """(gt -> pred, pred -> gt, APLS) and counts of the reference's APLS on
    two graphs given as parts in metres from the tile's corner (x = a)."""
    G = densify([to_degrees(np.asarray(p, float)) for p in gt_parts])
    P = densify([to_degrees(np.asarray(p, float)) for p in pred_parts])
    a = one_way(G, P, setting, orders, (seed, 0))
    b = one_way(P, G, setting, orders, (seed, 1))
    apls = (a["score"] + b["score"]) / 2.0
    return {"gt_to_pred": a, "pred_to_gt": b, "apls": apls, "gt": G, "pred": P}
