"""TOPO as Sat2Graph's Python code computes it: the replay behind ``VARIANT=sat2graph``.

Reference: S. He et al., "Sat2Graph: Road Graph Extraction through
Graph-Tensor Encoding", ECCV 2020, code songtaohe/Sat2Graph
``metrics/topo/main.py``, ``topo.py`` and ``graph.py``; htcr/sam_road
``cityscale_metrics/topo/`` is the same code (Python 3), and
``spacenet_metrics/topo/`` the same with the walk radius fixed to 0.0015
degrees.  The facts below were read from that code (docs/subgraphs.md
"Protocol card: sat2graph").

Input: each graph as parts (the edges of each part's consecutive vertices,
in order), coordinates (a, b) in metres from the tile's corner (the
reference's pixels at 1 m): x is ``a``, y is ``b``.  Every edge is two-way
(the reference's pickles list each edge from both ends).  The reference
moves them to fake degrees, lat = 41 - a / 111111, lon = -71 + b / 111111 /
cos(41 deg), and measures everything there: ``distance`` = sqrt(dlat^2 +
(dlon cos(lat of the first point))^2), headings normalised with cos(40 deg).

1. Seeds: chains between vertices of degree != 2, walked from each such
   vertex (vertex order, neighbours in order); only interior vertices are
   marked visited, so a chain without interior vertex is walked from both
   ends and seeded twice.  A chain of length L >= 0.00025 gets n =
   max(int(L / 0.0005), 1) seeds at L (k + 1) / (n + 1), each on every
   segment whose closed range holds it, kept only inside the region less
   7 % of its size (main.py's region: the two graphs' extent padded by 300 /
   111111 degrees in lat and 500 / 111111 in lon).
2. Pairing: the prediction's (directed) edge nearest to the seed (point to
   segment, in the frame of the edge's first vertex) closer than 0.0001
   with 1 - |cos| < 0.04 between the two edges' headings.
3. Walks: from the two ends of the seed's segment (distances to the seed)
   and of its pair's edge (straight distances from the *seed* to the edge's
   ends), breadth first along the graph up to the radius r, marbles / holes
   every 0.00005 of walk, with the reference's phase, edge coverage and
   revisit rules; the first edge is sampled whole.  Precision holes get a
   copy at +0.00001 (lat and lon) each: every edge is two-way.
4. Matching: distance < 0.0001 (cosine of the marble's latitude) and
   1 - |cos| < 0.29 (0 when a heading's two components are equal); maximum
   cardinality, per seed: precision = matched / marbles (against the
   doubled holes), recall = matched / holes.  A seed without marble or
   hole is dropped.
5. TOPO121: seeds by decreasing precision; a seed marked by an earlier one
   is dropped unless its precision >= 0.9; a kept seed marks the seeds
   within 0.0003 (box around the seed) whose pairs are closer than 0.0002
   along the prediction graph (graph.py ``distanceBetweenTwoLocation``).
6. precision = mean over the kept seeds; recall = their mean recall x kept /
   all seeds.  No pair: 0 and 0.

Deterministic order: the reference iterates Python 3 dicts (insertion
order), so it is deterministic given its graphs' vertex and neighbour
order; the replay numbers vertices by first appearance and lists each
vertex's neighbours in the order of its edges in the parts (a pickle's
own neighbour order is not kept by lines).  Ties the reference leaves to
its R-tree (two edges exactly as near to a seed) go to the lower edge.
"""
from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass
from typing import NamedTuple, Optional

import numpy as np

from ...lazy_scipy import cKDTree
from ...progress import checkpoint
from .matching import maximum_matching

M_PER_DEGREE = 111111.0
LAT0, LON0 = 41.0, -71.0
COS_LAT0 = math.cos(math.radians(LAT0))      # main.py xy2latlon
COS_HEADING = math.cos(math.radians(40))     # topo.py latlonNorm(p1, lat=40)
SEED_DENSITY = 0.00050                       # TOPOGenerateStartingPoints density
MARGIN = 0.07                                # TOPOGenerateStartingPoints mergin
PAD_LAT, PAD_LON = 300.0, 500.0              # main.py region padding (x 1/111111)
PAIR_DISTANCE = 0.00010                      # TOPOGeneratePairs threshold
PAIR_ANGLE = 0.04                            # 1 - |cos| (16.3 deg)
STEP = 0.00005                               # main.py -interval
MATCH_DISTANCE = 0.00010                     # main.py -matching_threshold
MATCH_ANGLE = 0.29                           # 1 - |cos| (44.8 deg)
COPY_OFFSET = 0.00001                        # TOPOWalk bidirection copy
RADIUS = 0.00300                             # main.py r
RADIUS_SMALL = 0.00150                       # main.py r when 41 - min_lat < 0.01
SMALL_RULE = 0.01000
T121_BOX = 0.00030                           # TOPO121 search box and walk limit
T121_DISTANCE = 0.00020
T121_KEEP = 0.9


@dataclass(frozen=True)
class Setting:
    """The reference's walk radius: None = main.py's data rule."""

    radius: Optional[float] = None


CITYSCALE = Setting(None)
SPACENET = Setting(RADIUS_SMALL)      # SAM-Road spacenet_metrics/topo/main.py


def to_degrees(xy: np.ndarray) -> np.ndarray:
    """(lat, lon) of (a, b) metres, as main.py's xy2latlon computes them."""
    xy = np.asarray(xy, float).reshape(-1, 2)
    lat = LAT0 - xy[:, 0] * 1.0 / M_PER_DEGREE
    lon = LON0 + (xy[:, 1] * 1.0 / M_PER_DEGREE) / COS_LAT0
    return np.column_stack([lat, lon])


def to_metres(loc: np.ndarray) -> np.ndarray:
    """(a, b) metres of (lat, lon) degrees: the inverse of :func:`to_degrees`."""
    loc = np.asarray(loc, float).reshape(-1, 2)
    return np.column_stack([(LAT0 - loc[:, 0]) * M_PER_DEGREE,
                            (loc[:, 1] - LON0) * M_PER_DEGREE * COS_LAT0])


def distance(p1, p2) -> float:
    """topo.py / graph.py ``distance`` (the cosine is of p1's latitude)."""
    a = p1[0] - p2[0]
    b = (p1[1] - p2[1]) * math.cos(math.radians(p1[0]))
    return math.sqrt(a * a + b * b)


def _norm(dlat: np.ndarray, dlon: np.ndarray) -> tuple:
    """topo.py latlonNorm, row by row (cos(40 deg), not 41)."""
    p11 = dlon * COS_HEADING
    with np.errstate(invalid="ignore", divide="ignore"):
        ln = np.sqrt(p11 * p11 + dlat * dlat)
        return dlat / ln, p11 / ln


class Graph:
    """A graph in degrees: ``loc`` (n, 2), ``cos`` (cos of each latitude),
    ``nbr[v]`` = [(w, distance(w, v)), ...] in the order of the edges."""

    def __init__(self, loc: np.ndarray, edges: list):
        self.loc = loc
        self.cos = np.array([math.cos(math.radians(x)) for x in loc[:, 0].tolist()])
        self.nbr: list = [[] for _ in range(len(loc))]
        self.pts = loc.tolist()
        for u, v in edges:
            self.nbr[u].append((v, distance(self.pts[v], self.pts[u])))
            self.nbr[v].append((u, distance(self.pts[u], self.pts[v])))
        self.length = {(u, w): l for u in range(len(loc)) for w, l in self.nbr[u]}

    @property
    def n(self) -> int:
        return len(self.loc)

    def directed_edges(self) -> np.ndarray:
        """(m, 2) every edge in both directions, by first vertex then
        neighbour order (the reference's edge ids of a symmetric pickle)."""
        e = [(u, w) for u in range(self.n) for w, _ in self.nbr[u]]
        return np.array(e, np.int64).reshape(-1, 2)

    @classmethod
    def from_parts(cls, parts: list) -> Graph:
        """Vertices by first appearance of their exact (a, b); each pair of
        consecutive vertices an edge, listed once, self-loops left out."""
        ids: dict = {}
        edges: list = []
        seen: set = set()
        pos: list = []
        for p in parts:
            p = np.asarray(p, float).reshape(-1, 2)
            vs = []
            for a, b in p.tolist():
                k = (a, b)
                if k not in ids:
                    ids[k] = len(pos)
                    pos.append(k)
                vs.append(ids[k])
            for u, v in zip(vs[:-1], vs[1:]):
                if u != v and (u, v) not in seen:
                    seen.add((u, v))
                    seen.add((v, u))
                    edges.append((u, v))
        used = sorted({v for e in edges for v in e})
        if len(used) < len(pos):     # vertices without an edge are not in a pickle's graph
            remap = {v: i for i, v in enumerate(used)}
            pos = [pos[v] for v in used]
            edges = [(remap[u], remap[v]) for u, v in edges]
        loc = to_degrees(np.array(pos, float).reshape(-1, 2))
        return cls(loc, edges)


def region_and_radius(G: Graph, P: Graph, setting: Setting,
                      prior_max_a: Optional[float] = None) -> tuple:
    """main.py: the region [lat0, lon0, lat1, lon1] and the walk radius.
    ``prior_max_a``: the largest first coordinate (metres) of the tiles
    SAM-Road's City-Scale loop read before this one, whose ``min_lat`` it
    never resets (None: this tile alone, as Sat2Graph's own main.py)."""
    min_lat, max_lon = LAT0, LON0
    if prior_max_a is not None:
        min_lat = min(min_lat, LAT0 - float(prior_max_a) * 1.0 / M_PER_DEGREE)
    for g in (G, P):
        if g.n:
            min_lat = min(min_lat, float(g.loc[:, 0].min()))
            max_lon = max(max_lon, float(g.loc[:, 1].max()))
    region = [min_lat - PAD_LAT * 1.0 / M_PER_DEGREE, LON0 - PAD_LON * 1.0 / M_PER_DEGREE,
              LAT0 + PAD_LAT * 1.0 / M_PER_DEGREE, max_lon + PAD_LON * 1.0 / M_PER_DEGREE]
    if setting.radius is not None:
        return region, setting.radius
    return region, (RADIUS_SMALL if LAT0 - min_lat < SMALL_RULE else RADIUS)


def _chain(G: Graph, start: int, nxt: int) -> list:
    """The vertices from ``start`` through ``nxt`` to the next vertex of
    degree != 2."""
    chain = [start, nxt]
    cur = nxt
    while len(G.nbr[cur]) == 2:
        a, b = G.nbr[cur][0][0], G.nbr[cur][1][0]
        cur = b if chain[-2] == a else a
        chain.append(cur)
    return chain


def seeds(G: Graph, region: list) -> list:
    """TOPOGenerateStartingPoints: [(lat, lon, n1, n2, d1, d2), ...]."""
    out: list = []
    visited = np.zeros(G.n, bool)
    lat_m = MARGIN * (region[2] - region[0])
    lon_m = MARGIN * (region[3] - region[1])
    pts = G.pts
    for v in range(G.n):
        if visited[v] or len(G.nbr[v]) == 2:
            continue
        for w, _ in G.nbr[v]:
            if visited[w]:
                continue
            chain = _chain(G, v, w)
            visited[chain[1:-1]] = True
            dists = [0.0]
            dist = 0.0
            for i in range(len(chain) - 1):
                dist += distance(pts[chain[i]], pts[chain[i + 1]])
                dists.append(dist)
            if dist < SEED_DENSITY / 2:
                continue
            n = max(int(dist / SEED_DENSITY), 1)
            for k in range(n):
                t = float(k + 1) / float(n + 1) * dist
                for j in range(len(chain) - 1):
                    if not dists[j] <= t <= dists[j + 1]:
                        continue
                    a = (t - dists[j]) / (dists[j + 1] - dists[j])
                    p, q = pts[chain[j]], pts[chain[j + 1]]
                    lat = (1 - a) * p[0] + a * q[0]
                    lon = (1 - a) * p[1] + a * q[1]
                    if (lat - region[0] > lat_m and region[2] - lat > lat_m
                            and lon - region[1] > lon_m and region[3] - lon > lon_m):
                        out.append((lat, lon, chain[j], chain[j + 1], t - dists[j], dists[j + 1] - t))
    return out


def _segment_distance(P: Graph, e: np.ndarray, q: np.ndarray) -> np.ndarray:
    """topo.py pointToLineDistanceLatLon from each edge's first vertex."""
    p1, p2 = P.loc[e[:, 0]], P.loc[e[:, 1]]
    c = P.cos[e[:, 0]]
    ax, ay = p2[:, 0] - p1[:, 0], (p2[:, 1] - p1[:, 1]) * c
    bx, by = q[:, 0] - p1[:, 0], (q[:, 1] - p1[:, 1]) * c
    with np.errstate(invalid="ignore", divide="ignore"):
        d = np.sqrt(ax * ax + ay * ay)
        proj = (ax * bx + ay * by) / d
        al = proj / d
        fx, fy = bx - al * ax, by - al * ay
        out = np.sqrt(fx * fx + fy * fy)
        ex, ey = bx - ax, by - ay
        out = np.where(proj < 0, np.sqrt(bx * bx + by * by), out)
        return np.where(proj > d, np.sqrt(ex * ex + ey * ey), out)


def pairs(G: Graph, P: Graph, sd: list) -> dict:
    """TOPOGeneratePairs: {seed index: (n1, n2, d1, d2)} of the prediction."""
    edges = P.directed_edges()
    if not sd or len(edges) == 0:
        return {}
    s = np.array([x[:4] for x in sd], float)
    q = s[:, :2]
    n3, n4 = s[:, 2].astype(np.int64), s[:, 3].astype(np.int64)
    # candidates: points every <= PAIR_DISTANCE along each edge, within 1.6 of it
    l = np.hypot(*(P.loc[edges[:, 1]] - P.loc[edges[:, 0]]).T)
    k = np.maximum(np.ceil(l / PAIR_DISTANCE).astype(np.int64), 1) + 1
    eid = np.repeat(np.arange(len(edges)), k)
    t = (np.arange(k.sum()) - np.repeat(np.cumsum(k) - k, k)) / np.repeat(k - 1, k)
    sp = P.loc[edges[eid, 0]] * (1 - t)[:, None] + P.loc[edges[eid, 1]] * t[:, None]
    scale = np.array([1.0, COS_LAT0])
    found = cKDTree(sp * scale).query_ball_point(q * scale, 1.6 * PAIR_DISTANCE)
    si = np.repeat(np.arange(len(q)), [len(f) for f in found])
    ce = eid[np.concatenate([np.asarray(f, np.int64) for f in found])] if len(si) else eid[:0]
    cand = np.unique(np.column_stack([si, ce]), axis=0) if len(si) else np.zeros((0, 2), np.int64)
    si, ce = cand[:, 0], cand[:, 1]
    e = edges[ce]
    d = _segment_distance(P, e, q[si])
    a1 = _norm(P.loc[e[:, 1], 0] - P.loc[e[:, 0], 0], P.loc[e[:, 1], 1] - P.loc[e[:, 0], 1])
    a2 = _norm(G.loc[n4[si], 0] - G.loc[n3[si], 0], G.loc[n4[si], 1] - G.loc[n3[si], 1])
    with np.errstate(invalid="ignore"):
        ok = (d < PAIR_DISTANCE) & (1.0 - np.abs(a1[0] * a2[0] + a1[1] * a2[1]) < PAIR_ANGLE)
    si, ce, d = si[ok], ce[ok], d[ok]
    o = np.lexsort((ce, d, si))          # per seed: nearest, then the lower edge id
    first = o[np.r_[True, si[o][1:] != si[o][:-1]]] if len(o) else o
    out = {}
    for i, c in zip(si[first].tolist(), ce[first].tolist()):
        u, w = int(edges[c, 0]), int(edges[c, 1])
        seed = sd[i][:2]
        out[i] = (u, w, distance(P.pts[u], seed), distance(P.pts[w], seed))
    return out


class Walks:
    """Marbles or holes of many walks: the records (a, b, sign, walk) of
    the edges sampled and, flat, the ``alpha`` of every sample; a sample is
    loc[a] alpha + loc[b] (1 - alpha), heading sign (loc[a] - loc[b])."""

    def __init__(self):
        self.a: list = []
        self.b: list = []
        self.sign: list = []
        self.walk: list = []
        self.count: list = []
        self.alpha: list = []

    def points(self, g: Graph) -> tuple:
        """(walk, lat, lon, dlat, dlon) arrays, duplicates within a walk
        dropped (TOPOWalk appends a sample only when not already there)."""
        n = np.asarray(self.count, np.int64)
        rec = np.repeat(np.arange(len(n)), n)
        al = np.asarray(self.alpha, float)
        a, b = np.asarray(self.a, np.int64)[rec], np.asarray(self.b, np.int64)[rec]
        sign = np.asarray(self.sign, float)[rec]
        la, lb = g.loc[a], g.loc[b]
        lat = la[:, 0] * al + lb[:, 0] * (1 - al)
        lon = la[:, 1] * al + lb[:, 1] * (1 - al)
        dlat, dlon = sign * (la[:, 0] - lb[:, 0]), sign * (la[:, 1] - lb[:, 1])
        walk = np.asarray(self.walk, np.int64)[rec]
        if len(walk):
            rows = np.column_stack([walk.astype(float), lat, lon, dlat, dlon])
            _, first = np.unique(rows, axis=0, return_index=True)
            keep = np.sort(first)
            walk, lat, lon, dlat, dlon = walk[keep], lat[keep], lon[keep], dlat[keep], dlon[keep]
        return walk, lat, lon, dlat, dlon


def walk(g: Graph, out: Walks, wid: int, nid1: int, nid2: int, dist1: float, dist2: float,
         r: float) -> None:
    """graph.py TOPOWalk (newstyle, undirected) from the edge nid1 - nid2 at
    distances dist1, dist2: its samples appended to ``out`` as walk ``wid``."""
    step = STEP
    p1, p2 = g.pts[nid1], g.pts[nid2]
    l = distance(p2, p1)
    alphas = []
    alpha = 0.0
    while True:        # the first edge, from nid2 towards nid1, whole
        lat = p1[0] * alpha + p2[0] * (1 - alpha)
        lon = p1[1] * alpha + p2[1] * (1 - alpha)
        if dist1 - distance((lat, lon), p1) < r or dist2 - distance((lat, lon), p2) < r:
            alphas.append(alpha)
        alpha += step / l if l > 0 else math.inf
        if alpha > 1.0:
            break
    _record(out, wid, nid1, nid2, -1.0, alphas)
    label: dict = {}
    covered: dict = {}
    queue = deque([(nid1, -1, dist1), (nid2, -1, dist2)])
    nbr = g.nbr
    while queue:
        cur, prev, dist = queue.popleft()
        old = label.get(cur)
        if old is not None and old <= dist:
            continue
        if dist > r:
            continue
        label[cur] = dist
        old_d = 1.0 if old is None else old
        bias = step * math.ceil(dist / step) - dist
        for nxt, l in nbr[cur]:
            if nxt == prev or nxt == cur or nxt == nid1 or nxt == nid2:
                continue
            if old_d + l < r:
                queue.append((nxt, cur, dist + l))
                continue
            start = covered.get((cur, nxt), 0.0)
            back = covered.get((nxt, cur))
            end = l if back is None else l - back
            c = bias
            alphas = []
            while c < l:
                al = c / l
                if dist + l * al > r:
                    break
                if l * al < start:
                    c += step
                    continue
                if l * al > end:
                    break
                alphas.append(al)
                c += step
            _record(out, wid, nxt, cur, 1.0, alphas)
            covered[(cur, nxt)] = c - step
            queue.append((nxt, cur, dist + l))


def _record(out: Walks, wid: int, a: int, b: int, sign: float, alphas: list) -> None:
    if alphas:
        out.a.append(a)
        out.b.append(b)
        out.sign.append(sign)
        out.walk.append(wid)
        out.count.append(len(alphas))
        out.alpha.extend(alphas)


def _candidates(m: tuple, h: tuple) -> tuple:
    """(marble, hole) index pairs of the same walk that may match: distance
    < MATCH_DISTANCE (cosine of the marble's latitude) and 1 - |cos| <
    MATCH_ANGLE, or equal heading components (no angle test)."""
    if len(m[0]) == 0 or len(h[0]) == 0:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    scale = np.array([1.0, COS_LAT0, 1.0])
    # walks 1 degree apart in a third axis: no pair across walks
    tm = cKDTree(np.column_stack([m[1], m[2], m[0].astype(float)]) * scale)
    th = cKDTree(np.column_stack([h[1], h[2], h[0].astype(float)]) * scale)
    pr = tm.sparse_distance_matrix(th, 1.01 * MATCH_DISTANCE, output_type="ndarray")
    i, j = pr["i"].astype(np.int64), pr["j"].astype(np.int64)
    a = m[1][i] - h[1][j]
    b = (m[2][i] - h[2][j]) * np.cos(np.radians(m[1][i]))
    ddd = np.sqrt(a * a + b * b)
    n1, n2 = _norm(m[3][i], m[4][i]), _norm(h[3][j], h[4][j])
    free = (m[3][i] == m[4][i]) | (h[3][j] == h[4][j])
    with np.errstate(invalid="ignore"):
        ang = np.where(free, 0.0, 1.0 - np.abs(n1[0] * n2[0] + n1[1] * n2[1]))
        ok = (ddd < MATCH_DISTANCE) & (ang < MATCH_ANGLE)
    o = np.lexsort((j[ok], i[ok]))
    return i[ok][o], j[ok][o]


def _matched_per_walk(rows_walk: np.ndarray, nr: int, nc: int, i: np.ndarray, j: np.ndarray,
                      n_walks: int) -> tuple:
    """The size of a maximum matching of each walk's candidate graph (the
    graphs of different walks share no vertex: one matching for all), and
    the matching's rows and columns.  Its cardinality is what the reference
    counts (HopcroftKarp); matching.maximum_matching instead of scipy's
    maximum_bipartite_matching, whose depth-first search is exponential on
    the band-shaped graphs of parallel roads (scipy issue #26147)."""
    r, c = maximum_matching(nr, nc, i, j)
    return np.bincount(rows_walk[r], minlength=n_walks), r, c


def location_distance(g: Graph, loc1: tuple, loc2: tuple, max_distance: float) -> float:
    """graph.py distanceBetweenTwoLocation: locations (n1, n2, d1, d2); the
    walk starts at *both* ends of loc1 with d1 (the reference's defect) and
    never enters loc1's ends again; 100000 when loc2 is not reached."""
    if loc1[0] == loc2[0] and loc1[1] == loc2[1]:
        return abs(loc1[2] - loc2[2])
    if loc1[0] == loc2[1] and loc1[1] == loc2[0]:
        return abs(loc1[2] - loc2[3])
    ans = 100000.0
    label: dict = {}
    queue = deque([(loc1[0], -1, loc1[2]), (loc1[1], -1, loc1[2])])
    while queue:
        cur, prev, dist = queue.popleft()
        old = label.get(cur)
        if old is not None and old <= dist:
            continue
        if dist > max_distance:
            continue
        label[cur] = dist
        for nxt, l in g.nbr[cur]:
            if nxt == prev or nxt == cur or nxt == loc1[0] or nxt == loc1[1]:
                continue
            if cur == loc2[0] and nxt == loc2[1]:
                ans = min(ans, dist + loc2[2])
            elif cur == loc2[1] and nxt == loc2[0]:
                ans = min(ans, dist + loc2[3])
            queue.append((nxt, cur, dist + l))
    return ans


def topo121(result: list, P: Graph) -> list:
    """topo.py TOPO121 on [(lat, lon, precision, recall, n1, n2, d1, d2)]:
    the indices of the entries kept, in the reference's order (decreasing
    precision; among equal ones the later entry first)."""
    if not result:
        return []
    ll = np.array([x[:2] for x in result], float)
    tree = cKDTree(ll)
    box = 0.000001
    entries = []
    for ind, item in enumerate(result):
        lat, lon = item[0], item[1]
        r_lat = T121_BOX
        r_lon = T121_BOX / math.cos(math.radians(lat))
        near = tree.query_ball_point([lat, lon], math.hypot(r_lat, r_lon) + 2 * box)
        comp = []
        for c in sorted(near):
            o = result[c]
            if not (o[0] + box >= lat - r_lat and o[0] - box <= lat + r_lat
                    and o[1] + box >= lon - r_lon and o[1] - box <= lon + r_lon):
                continue
            if location_distance(P, item[4:8], o[4:8], T121_BOX) < T121_DISTANCE:
                comp.append(c)
        entries.append((item, ind, comp))
    entries.sort(key=lambda e: e[0][2])          # stable, as Python's sorted
    kept, mark = [], set()
    for item, ind, comp in reversed(entries):
        if ind in mark and item[2] < T121_KEEP:
            continue
        kept.append(ind)
        mark.update(comp)
    return kept


class SeedRow(NamedTuple):
    """One evaluated seed: its place, its precision and recall, its pair on
    the prediction (edge ends u, v and the distances to them), the seed's
    index and its counts.  The first eight fields are what TOPO121 reads."""

    lat: float
    lon: float
    precision: float
    recall: float
    u: int
    v: int
    d1: float
    d2: float
    seed: int
    marbles: int
    holes: int
    matched_marbles: int
    matched_holes: int


def replay(gt_parts: list, pred_parts: list, setting: Setting = CITYSCALE,
           prior_max_a: Optional[float] = None) -> dict:
    """The reference's TOPO on two graphs given as parts in metres from the
    tile's corner (x = a): precision, recall (overall-recall), F1 and the
    per-seed numbers (``prior_max_a``: :func:`region_and_radius`)."""
    G, P = Graph.from_parts(gt_parts), Graph.from_parts(pred_parts)
    region, r = region_and_radius(G, P, setting, prior_max_a)
    sd = seeds(G, region)
    checkpoint()
    pr = pairs(G, P, sd)
    idx = sorted(pr)                     # the reference's dict order: seed order
    mw, hw = Walks(), Walks()
    for w, i in enumerate(idx):
        checkpoint()
        u, v, d1, d2 = pr[i]
        walk(P, mw, w, u, v, d1, d2, r)
        s = sd[i]
        walk(G, hw, w, s[2], s[3], s[4], s[5], r)
    m, h = mw.points(P), hw.points(G)
    hb = tuple(np.concatenate([x, x + COPY_OFFSET]) if k in (1, 2) else np.concatenate([x, x])
               for k, x in enumerate(h))
    nw = len(idx)
    n_m = np.bincount(m[0], minlength=nw)
    n_h = np.bincount(h[0], minlength=nw)
    i, j = _candidates(m, hb)
    tp_p, mp, _ = _matched_per_walk(m[0], len(m[0]), len(hb[0]), i, j, nw)
    orig = j < len(h[0])
    tp_r, _, hr = _matched_per_walk(m[0], len(m[0]), len(h[0]), i[orig], j[orig], nw)
    rows = []
    for w, k in enumerate(idx):
        if n_m[w] == 0 or n_h[w] == 0:
            continue
        s = sd[k]
        rows.append(SeedRow(s[0], s[1], float(tp_p[w]) / int(n_m[w]), float(tp_r[w]) / int(n_h[w]),
                            *pr[k], k, int(n_m[w]), int(n_h[w]), int(tp_p[w]), int(tp_r[w])))
    checkpoint()
    kept = [rows[k] for k in topo121([x[:8] for x in rows], P)]
    p = rr = 0.0
    for x in kept:
        p += x.precision
        rr += x.recall
    if kept:
        p, rr = p / len(kept), rr / len(kept)
    recall = rr * len(kept) / float(len(sd)) if sd else math.nan
    precision = p if sd else math.nan
    f1 = (2 * precision * recall / (precision + recall) if precision + recall > 0 else 0.0) \
        if sd else math.nan
    return {"precision": precision, "recall": recall, "f1": f1, "radius": r, "region": region,
            "seeds": sd, "pairs": pr, "rows": rows, "kept": kept, "gt": G, "pred": P,
            "marbles": m, "holes": h, "walk_seed": idx, "marble_matched": mp, "hole_matched": hr}
