"""LineNetwork: a planar road graph built from line coordinates.

Model (docs/conventions.md, "Network model"):

* Every input part (a LineString, or one part of a MultiLineString) is a
  polyline of (x, y) vertices in metres.  Z and M are dropped by the caller.
* Equal coordinates are one point.  An end of a line (or a junction) and
  another vertex closer than ``merge_tolerance`` (default 0.05 m) are merged
  into one node (single-linkage, representative = lexicographically smallest
  vertex), unless the lines already join them within 20 tolerances: vertices
  of one road are never merged, so vertex density never matters (see
  :func:`_merge_vertices`).  Lines that share an endpoint *or an interior
  vertex* are therefore connected; lines that merely cross are not, unless
  ``node_crossings=True``.
* Zero-length segments are dropped; identical segments (same two nodes) are
  collapsed into one and reported as a warning.
* Nodes of degree 2 are dissolved: an edge runs between two nodes of degree
  != 2 (dead ends, junctions).  A closed ring without such a node keeps one
  node at its lexicographically smallest vertex.  Hence the way features are
  split never changes the graph.
* Each edge keeps its full polyline, its length and a *cost* (length by
  default, or e.g. travel time when a cost rate in units per metre is given
  per part), so locations on the network are (edge, offset in metres).
"""
from __future__ import annotations

from typing import Optional

import numpy as np

from ..geometry.polyline import project_points_on_segments
from ..lazy_scipy import connected_components, coo_matrix
from ..progress import checkpoint
from ..text import msg

# two points closer than the merge tolerance are places of one road (never
# merged) when the lines join them by a path of at most this many merge
# tolerances (20 x 5 cm = 1 m): e.g. two roads leaving a junction at 6 degrees
ONE_ROAD_FACTOR = 20.0
# points closer than this (metres) are always one point: floating-point noise
SAME_POINT = 1e-6


class LineNetwork:
    """Graph of nodes and polyline edges.  Build it with :func:`build_network`.

    Attributes (numpy arrays):
      node_xy (N, 2); edge_u, edge_v (E,); edge_ptr (E+1,) into the vertex
      arrays; vert_xy (V, 2); vert_len (V,) arc length from the edge start;
      vert_cost (V,) cumulative cost from the edge start; vert_part (V,) the
      input part of the segment that starts at that vertex (-1 on the last
      vertex of an edge); edge_length, edge_cost (E,).
    ``warnings`` (list of str) and ``stats`` (dict of counts) describe what
    was dropped or collapsed while building.
    """

    def __init__(self, node_xy, edge_u, edge_v, edge_ptr, vert_xy, vert_len,
                 vert_cost, vert_part, warnings=None, stats=None):
        self.node_xy = node_xy
        self.edge_u = edge_u
        self.edge_v = edge_v
        self.edge_ptr = edge_ptr
        self.vert_xy = vert_xy
        self.vert_len = vert_len
        self.vert_cost = vert_cost
        self.vert_part = vert_part
        last = edge_ptr[1:] - 1
        self.edge_length = vert_len[last] if len(last) else np.zeros(0)
        self.edge_cost = vert_cost[last] if len(last) else np.zeros(0)
        self.warnings = list(warnings or [])
        self.stats = dict(stats or {})
        # global, monotone arc-length coordinate for vectorised look-ups
        base = np.zeros(len(edge_u) + 1)
        np.cumsum(self.edge_length, out=base[1:])
        self._edge_base = base
        vert_edge = np.repeat(np.arange(len(edge_u)), np.diff(edge_ptr))
        self.vert_edge = vert_edge
        self._vert_global = vert_len + base[:-1][vert_edge] if len(vert_edge) else np.zeros(0)

    # -- sizes -------------------------------------------------------------
    @property
    def n_nodes(self) -> int:
        return len(self.node_xy)

    @property
    def n_edges(self) -> int:
        return len(self.edge_u)

    @property
    def total_length(self) -> float:
        return float(self.edge_length.sum())

    def is_empty(self) -> bool:
        return self.n_edges == 0

    def node_degree(self) -> np.ndarray:
        """Number of edge ends at each node (a self-loop counts twice)."""
        return (np.bincount(self.edge_u, minlength=self.n_nodes)
                + np.bincount(self.edge_v, minlength=self.n_nodes))

    # -- segments ----------------------------------------------------------
    def segments(self) -> dict[str, np.ndarray]:
        """All segments: dict of arrays edge, ax, ay, bx, by, len0 (arc length
        of the start from the edge start), length."""
        if self.n_edges == 0:
            z = np.zeros(0)
            return dict(edge=z.astype(int), ax=z, ay=z, bx=z, by=z, len0=z, length=z)
        last = np.zeros(len(self.vert_xy), dtype=bool)
        last[self.edge_ptr[1:] - 1] = True
        start = np.nonzero(~last)[0]
        a = self.vert_xy[start]
        b = self.vert_xy[start + 1]
        return dict(edge=self.vert_edge[start], ax=a[:, 0], ay=a[:, 1],
                    bx=b[:, 0], by=b[:, 1], len0=self.vert_len[start],
                    length=self.vert_len[start + 1] - self.vert_len[start],
                    vertex=start)

    # -- locations ---------------------------------------------------------
    def _segment_of(self, edge, offset):
        edge = np.asarray(edge, dtype=np.int64)
        offset = np.clip(np.asarray(offset, dtype=float), 0.0, self.edge_length[edge])
        g = self._edge_base[edge] + offset
        i = np.searchsorted(self._vert_global, g, side="right") - 1
        lo = self.edge_ptr[edge]
        hi = self.edge_ptr[edge + 1] - 2
        i = np.clip(i, lo, hi)
        seglen = self.vert_len[i + 1] - self.vert_len[i]
        with np.errstate(invalid="ignore", divide="ignore"):
            f = np.where(seglen > 0, (offset - self.vert_len[i]) / seglen, 0.0)
        return i, np.clip(f, 0.0, 1.0)

    def point_at(self, edge: np.ndarray, offset: np.ndarray) -> np.ndarray:
        """(n, 2) coordinates of locations given as edge ids and offsets (m)."""
        if len(np.atleast_1d(edge)) == 0:
            return np.zeros((0, 2))
        i, f = self._segment_of(edge, offset)
        return self.vert_xy[i] + f[:, None] * (self.vert_xy[i + 1] - self.vert_xy[i])

    def cost_at(self, edge: np.ndarray, offset: np.ndarray) -> np.ndarray:
        """Cumulative cost from the edge start at the given offsets (m)."""
        if len(np.atleast_1d(edge)) == 0:
            return np.zeros(0)
        i, f = self._segment_of(edge, offset)
        return self.vert_cost[i] + f * (self.vert_cost[i + 1] - self.vert_cost[i])

    def edge_polyline(self, e: int) -> np.ndarray:
        return self.vert_xy[self.edge_ptr[e]:self.edge_ptr[e + 1]]

    def edge_polylines(self) -> list[np.ndarray]:
        return [self.edge_polyline(e) for e in range(self.n_edges)]

    def node_locations(self) -> tuple[np.ndarray, np.ndarray]:
        """One location (edge, offset) per node: the start or end of an
        incident edge."""
        n = self.n_nodes
        edge = np.full(n, -1, dtype=np.int64)
        off = np.zeros(n)
        eid = np.arange(self.n_edges)
        # ends first so that starts (written last) win; any choice is exact
        edge[self.edge_v] = eid
        off[self.edge_v] = self.edge_length
        edge[self.edge_u] = eid
        off[self.edge_u] = 0.0
        return edge, off


def _unique_points(xy):
    """Group exactly equal coordinates by sorting (memory linear in the
    number of vertices, however many coincide).  Returns (uid per vertex,
    unique points in lexicographic (x, y) order)."""
    n = len(xy)
    if n == 0:
        return np.zeros(0, dtype=np.int64), np.zeros((0, 2))
    order = np.lexsort((xy[:, 1], xy[:, 0]))
    sx = xy[order]
    new = np.r_[True, np.any(sx[1:] != sx[:-1], axis=1)]
    uid = np.empty(n, dtype=np.int64)
    uid[order] = np.cumsum(new) - 1
    return uid, sx[new]


def _trace_chains(nn, su, sv, node_xy):
    """Chains of segments between nodes of degree != 2 (one canonical node,
    the lexicographically smallest, on a ring without such a node).
    Returns (is_key (nn,), e_nodes, e_segs, e_ptr): the node ids along each
    chain (flat, e_ptr into it) and the segment ids between them."""
    m = len(su)
    ends = np.concatenate([su, sv])
    order = np.argsort(ends, kind="stable")
    adj_ptr = np.searchsorted(ends[order], np.arange(nn + 1))
    deg = np.diff(adj_ptr)
    is_key = (deg != 2)
    # rings with no node of degree != 2: one canonical node per ring
    ring_nodes = np.nonzero(~is_key)[0]
    if len(ring_nodes):
        # components of the graph restricted to segments between degree-2 nodes
        both2 = (~is_key[su]) & (~is_key[sv])
        g = coo_matrix((np.ones(both2.sum(), dtype=np.int8), (su[both2], sv[both2])), shape=(nn, nn))
        _, comp = connected_components(g, directed=False)
        # a component of degree-2 nodes touching no key node is a ring
        touches = np.zeros(comp.max() + 1, dtype=bool)
        mixed = is_key[su] != is_key[sv]
        nk = np.where(is_key[su[mixed]], sv[mixed], su[mixed])
        touches[comp[nk]] = True
        rn = ring_nodes[~touches[comp[ring_nodes]]]
        if len(rn):
            o = np.lexsort((node_xy[rn, 1], node_xy[rn, 0], comp[rn]))
            cr = comp[rn][o]
            canon = rn[o][np.r_[True, cr[1:] != cr[:-1]]]
            is_key[canon] = True
    # half-edges: h < m runs su -> sv along segment h, h >= m runs sv -> su
    # along segment h - m.  A half-edge entering a node of degree 2 (not a
    # key node) continues on the node's other segment; list ranking by
    # pointer jumping (log2(m) vectorised passes, no loop over segments)
    # gives each half-edge its chain's last half-edge and its rank.
    h2 = 2 * m
    tail = np.concatenate([su, sv])
    head = np.concatenate([sv, su])
    nxt = np.arange(h2)
    through = np.nonzero(~is_key & (deg == 2))[0]
    out1 = order[adj_ptr[through]]
    out2 = order[adj_ptr[through] + 1]
    nxt[(out1 + m) % h2] = out2
    nxt[(out2 + m) % h2] = out1
    dist = (nxt != np.arange(h2)).astype(np.int64)
    while True:
        nn2 = nxt[nxt]
        if np.array_equal(nn2, nxt):
            break
        dist = dist + dist[nxt]
        nxt = nn2
    last = nxt
    # a chain is traced once, from the start with the smallest (key node,
    # half-edge id): the order of the adjacency lists
    starts = np.nonzero(is_key[tail])[0]
    rev_of_last = (last[starts] + m) % h2
    chosen = starts[(tail[starts] < tail[rev_of_last])
                    | ((tail[starts] == tail[rev_of_last]) & (starts <= rev_of_last))]
    chosen = chosen[np.lexsort((chosen, tail[chosen]))]
    nc = len(chosen)
    chain_of_last = np.full(h2, -1, dtype=np.int64)
    chain_of_last[last[chosen]] = np.arange(nc)
    member = chain_of_last[last] >= 0
    hs = np.nonzero(member)[0]
    c = chain_of_last[last[hs]]
    nseg = dist[chosen] + 1
    pos = dist[chosen][c] - dist[hs]
    seg_ptr = np.concatenate([[0], np.cumsum(nseg)])
    flat = np.empty(int(seg_ptr[-1]), dtype=np.int64)
    flat[seg_ptr[c] + pos] = hs
    e_segs = flat % m if m else flat
    e_ptr = seg_ptr + np.arange(nc + 1)
    e_nodes = np.empty(int(e_ptr[-1]), dtype=np.int64)
    e_nodes[e_ptr[:-1]] = tail[chosen]
    chain_flat = np.repeat(np.arange(nc), nseg)
    e_nodes[seg_ptr[chain_flat] + chain_flat + 1 + (np.arange(len(flat)) - seg_ptr[chain_flat])] = head[flat]
    return is_key, e_nodes, e_segs, e_ptr


def _merge_vertices(xy, pid, tol):
    """Label vertices so that vertices within ``tol`` share a label, except
    points of one road: ``xy`` (n, 2) holds the parts' vertices one after
    the other (``pid``: part of each vertex; no two consecutive vertices of
    a part equal).  Returns (labels, representative xy per label).

    Rule (docs/conventions.md, "Network model"):

    1. Exactly equal coordinates are one point (a sort, not a distance
       query: k coincident vertices cost O(k), not O(k^2) pairs); points
       closer than ``SAME_POINT`` (1 micrometre) are merged in any case.
    2. These points and the parts' segments form the *exact* network; its
       chains run between nodes of degree != 2 (ends and junctions).
    3. Two points closer than ``tol`` are merged when at least one of them
       is a node of the exact network (an end of a line, or a junction)
       and the exact network does not already join them by a path of at
       most ``ONE_ROAD_FACTOR`` x ``tol`` (along one chain, or along two
       chains through their shared node).  Points joined by such a short
       path are places of one road, and merging them would cut the road
       out: however densely a line is digitised or finely it is split, it
       keeps its length.  Two points both inside roads are a crossing
       without a shared vertex (a bridge), never joined.
    4. Merged groups are the connected components of the remaining pairs
       (single linkage); the representative is the lexicographically
       smallest point of the group.

    Memory: O(n) for the sort, plus the pairs of distinct points closer
    than ``tol`` (a few per point unless a line has many vertices per
    ``tol`` of length).
    Reference: single-linkage clustering (Gower and Ross 1969).
    """
    from scipy.spatial import cKDTree
    uid, uxy = _unique_points(xy)
    nu = len(uxy)
    if nu == 0:
        return np.zeros(0, dtype=np.int64), np.zeros((0, 2))
    tol = float(tol)
    if tol > 0 and nu > 1:
        # points closer than SAME_POINT are one point (floating-point noise,
        # e.g. a line densified on its way back)
        tree = cKDTree(uxy)
        near = tree.query_pairs(min(tol, SAME_POINT), output_type="ndarray")
        if len(near):
            tree = None
            g = coo_matrix((np.ones(len(near), dtype=np.int8), (near[:, 0], near[:, 1])),
                           shape=(nu, nu))
            _, lab = connected_components(g, directed=False)
            first = np.full(lab.max() + 1, nu, dtype=np.int64)
            np.minimum.at(first, lab, np.arange(nu))
            keep = np.unique(first)  # sorted: still lexicographic order
            remap = np.full(nu, -1, dtype=np.int64)
            remap[keep] = np.arange(len(keep))
            uid = remap[first[lab]][uid]
            uxy = uxy[keep]
            nu = len(uxy)
    labels_u = np.arange(nu)
    if tol > 0 and nu > 1:
        pairs = (tree if tree is not None else cKDTree(uxy)).query_pairs(tol, output_type="ndarray")
        if len(pairs):
            pairs = pairs[_not_one_road(uxy, uid, pid, pairs, ONE_ROAD_FACTOR * tol)]
        if len(pairs):
            g = coo_matrix((np.ones(len(pairs), dtype=np.int8), (pairs[:, 0], pairs[:, 1])),
                           shape=(nu, nu))
            _, labels_u = connected_components(g, directed=False)
    # uxy is sorted lexicographically: the smallest index of a group is its
    # lexicographically smallest point
    first = np.full(labels_u.max() + 1, nu, dtype=np.int64)
    np.minimum.at(first, labels_u, np.arange(nu))
    rep = uxy[first]
    return labels_u[uid].astype(np.int64), rep


def _not_one_road(uxy, uid, pid, pairs, limit):
    """Mask of the point pairs to merge: at least one is a node of the
    exact network and they are not places of one road, i.e. not within
    ``limit`` (along the lines) of each other on one chain, nor within
    ``limit`` of two nodes joined by roads no longer than ``limit``
    (see :func:`_merge_vertices`)."""
    nu = len(uxy)
    s = np.nonzero(pid[1:] == pid[:-1])[0]
    a, b = uid[s], uid[s + 1]
    s = a != b
    a, b = a[s], b[s]
    lo, hi = np.minimum(a, b), np.maximum(a, b)
    key = np.unique(lo * np.int64(nu) + hi)
    su, sv = key // nu, key % nu
    seglen = np.hypot(*(uxy[sv] - uxy[su]).T)
    is_key, e_nodes, e_segs, e_ptr = _trace_chains(nu, su, sv, uxy)
    ne = len(e_ptr) - 1
    nv = np.diff(e_ptr)
    vert_edge = np.repeat(np.arange(ne), nv)
    # arc length of each chain vertex from its chain's start
    k = np.arange(len(e_nodes)) - e_ptr[:-1][vert_edge]
    step = np.zeros(len(e_nodes))
    step[k > 0] = seglen[e_segs]
    cum = np.cumsum(step)
    arc = cum - cum[e_ptr[:-1]][vert_edge]
    L = arc[e_ptr[1:] - 1]
    # per point: its two (node, distance) exits; a node is its own exit
    n1 = np.arange(nu)
    d1 = np.zeros(nu)
    n2 = np.arange(nu)
    d2 = np.zeros(nu)
    edge = np.full(nu, -1, dtype=np.int64)
    off = np.zeros(nu)
    interior = k > 0
    interior[e_ptr[1:] - 1] = False
    p = e_nodes[interior]
    e = vert_edge[interior]
    edge[p] = e
    off[p] = arc[interior]
    n1[p] = e_nodes[e_ptr[:-1][e]]
    d1[p] = arc[interior]
    n2[p] = e_nodes[e_ptr[1:][e] - 1]
    d2[p] = L[e] - arc[interior]
    # nodes joined by roads no longer than the limit form clusters (a
    # junction drawn as several close nodes): any two places within the
    # limit of one cluster are places of one road
    short = L <= limit
    g = coo_matrix((np.ones(short.sum(), dtype=np.int8),
                    (e_nodes[e_ptr[:-1][short]], e_nodes[e_ptr[1:][short] - 1])), shape=(nu, nu))
    _, comp = connected_components(g, directed=False)
    c1 = np.where(d1 <= limit, comp[n1], -1)
    c2 = np.where(d2 <= limit, comp[n2], -2)
    i, j = pairs[:, 0], pairs[:, 1]
    one = np.zeros(len(pairs), dtype=bool)
    for ci in (c1[i], c2[i]):
        for cj in (c1[j], c2[j]):
            one |= ci == cj
    one |= (edge[i] >= 0) & (edge[i] == edge[j]) & (np.abs(off[i] - off[j]) <= limit)
    # two points inside roads (degree 2) are a crossing without a shared
    # vertex (a bridge): never joined, whatever the vertex density
    at_node = is_key[i] | is_key[j]
    return at_node & ~one


def _node_crossings(parts, cost_rate):
    """Split lines where they cross (shapely noding); cost rates carried over
    from the original part nearest to each piece's midpoint."""
    from shapely.geometry import MultiLineString
    from shapely.ops import unary_union
    if not parts:
        return parts, cost_rate
    noded = unary_union(MultiLineString([p.tolist() for p in parts]))
    geoms = list(getattr(noded, "geoms", [noded]))
    pieces = [np.asarray(g.coords, dtype=float)[:, :2] for g in geoms if not g.is_empty]
    if cost_rate is None:
        return pieces, None
    from .snapping import SegmentIndex
    lens = np.array([len(p) for p in parts])
    xy = np.concatenate(parts)
    pid = np.repeat(np.arange(len(parts)), lens)
    ok = pid[1:] == pid[:-1]
    s = np.nonzero(ok)[0]
    idx = SegmentIndex(xy[s, 0], xy[s, 1], xy[s + 1, 0], xy[s + 1, 1])
    mids = np.array([p[len(p) // 2 - 1:len(p) // 2 + 1].mean(axis=0) if len(p) > 1 else p[0]
                     for p in pieces])
    seg, _, _ = idx.nearest(mids[:, 0], mids[:, 1], np.inf)
    rates = np.asarray(cost_rate, dtype=float)[pid[s[seg]]]
    return pieces, rates


_FLOAT = np.dtype(float)


def flatten_parts(parts: list, plain: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """All parts' (x, y) one after the other and the number of vertices of
    each part, in one pass: (xy (V, 2) float, lens (P,) int64).  A part that
    is not a 2-D array of at least two columns gets length 0 (it is dropped
    by :func:`build_network_flat` like a part of fewer than two vertices).
    Parts that are already (k, 2) float arrays (every LineSet's) are
    concatenated as they are: no per-part numpy call, so a million 2-vertex
    lines cost what one line of two million vertices costs.  ``plain``: the
    caller has checked that they are (:func:`plain_parts`)."""
    n = len(parts)
    if n == 0:
        return np.zeros((0, 2)), np.zeros(0, dtype=np.int64)
    if not (plain or plain_parts(parts)):
        parts = [_as_xy(p) for p in parts]
    lens = np.fromiter(map(len, parts), dtype=np.int64, count=n)
    return np.concatenate(parts), lens


def plain_parts(parts: list) -> bool:
    """True when every part is a (k, 2) float64 numpy array (one attribute
    check per part, no numpy call)."""
    return all(type(p) is np.ndarray and p.dtype is _FLOAT and p.ndim == 2 and p.shape[1] == 2
               for p in parts)


def _as_xy(p):
    """One part as a (k, 2) float array; (0, 2) when it has no (x, y)."""
    a = np.asarray(p, dtype=float)
    if a.ndim != 2 or a.shape[1] < 2:
        return np.zeros((0, 2))
    return a[:, :2]


def build_network(parts: list[np.ndarray], cost_rate: Optional[np.ndarray] = None,
                  merge_tolerance: float = 0.05, node_crossings: bool = False) -> LineNetwork:
    """Build a :class:`LineNetwork` from a list of (k, 2+) coordinate arrays.

    ``cost_rate``: optional cost per metre for each part (e.g. seconds per
    metre); the edge cost is then the integral of it along the edge.
    Parts with fewer than two vertices or non-finite coordinates are dropped
    and counted in ``stats['dropped_parts']``.
    """
    xy, lens = flatten_parts(parts)
    return build_network_flat(xy, lens, cost_rate, merge_tolerance, node_crossings)


def build_network_flat(xy: np.ndarray, lens: np.ndarray, cost_rate: Optional[np.ndarray] = None,
                       merge_tolerance: float = 0.05, node_crossings: bool = False) -> LineNetwork:
    """:func:`build_network` on parts given as :func:`flatten_parts` returns
    them: every step is one vectorised pass over all vertices (no loop over
    parts), with a cancel check (core.progress.checkpoint) between steps."""
    warnings = []
    nparts = len(lens)
    stats = {"input_parts": nparts}
    usable = lens >= 2
    nonfinite = np.nonzero(~np.isfinite(xy).all(axis=1))[0]
    if len(nonfinite):
        usable[np.searchsorted(np.cumsum(lens), nonfinite, side="right")] = False
    stats["dropped_parts"] = int(nparts - usable.sum())
    rates = np.asarray(cost_rate, dtype=float)[usable] if cost_rate is not None else None
    if not usable.all():
        xy, lens = xy[np.repeat(usable, lens)], lens[usable]
    if node_crossings and len(lens):
        ends = np.cumsum(lens)
        clean, rates = _node_crossings([xy[a:b] for a, b in zip((ends - lens).tolist(), ends.tolist())],
                                       rates)
        xy, lens = flatten_parts(clean)
    if not len(lens):
        return _empty(warnings, stats)
    checkpoint()
    return _build_clean(xy, lens, rates, merge_tolerance, warnings, stats)


def _build_clean(xy, lens, rates, merge_tolerance, warnings, stats):
    """The network of usable parts (at least two finite vertices each)."""
    nparts = len(lens)
    pid = np.repeat(np.arange(nparts), lens)
    # consecutive equal vertices of a part are one vertex
    dup = np.r_[False, (pid[1:] == pid[:-1]) & np.all(xy[1:] == xy[:-1], axis=1)]
    n_dup = int(dup.sum())
    if n_dup:
        xy, pid = xy[~dup], pid[~dup]
    # a part left with one vertex has no segment and joins nothing
    cnt = np.bincount(pid, minlength=nparts)
    alone = cnt[pid] < 2
    if alone.any():
        xy, pid = xy[~alone], pid[~alone]
    labels, rep = _merge_vertices(xy, pid, merge_tolerance)
    checkpoint()
    s = np.nonzero(pid[1:] == pid[:-1])[0]
    su, sv, spart = labels[s], labels[s + 1], pid[s]
    keep = su != sv
    stats["zero_length_segments"] = int((~keep).sum()) + n_dup
    su, sv, spart = su[keep], sv[keep], spart[keep]
    if len(su) == 0:
        stats["dropped_parts"] += nparts
        return _empty(warnings, stats)
    used, inv = np.unique(np.concatenate([su, sv]), return_inverse=True)
    node_xy = rep[used]
    su, sv = inv[:len(su)], inv[len(su):]
    nn = len(used)
    seglen = np.hypot(*(node_xy[sv] - node_xy[su]).T)
    rate = rates[spart] if rates is not None else np.ones(len(su))
    segcost = seglen * rate
    # collapse identical segments (same unordered node pair), keep the cheapest
    a, b = np.minimum(su, sv), np.maximum(su, sv)
    key = a * nn + b
    order = np.lexsort((np.arange(len(key)), segcost, key))
    ks = key[order]
    first = order[np.r_[True, ks[1:] != ks[:-1]]]
    ndup = len(key) - len(first)
    stats["duplicate_segments"] = int(ndup)
    if ndup:
        warnings.append(
            msg("{} duplicate overlapping segment(s) collapsed (features drawn twice)", ndup))
        first = np.sort(first)
        su, sv, spart, seglen, segcost = su[first], sv[first], spart[first], seglen[first], segcost[first]
    return _dissolve(node_xy, su, sv, spart, seglen, segcost, warnings, stats)


def _empty(warnings, stats):
    z = np.zeros(0)
    zi = np.zeros(0, dtype=np.int64)
    return LineNetwork(np.zeros((0, 2)), zi, zi, np.zeros(1, dtype=np.int64),
                       np.zeros((0, 2)), z, z, zi, warnings, stats)


def _dissolve(node_xy, su, sv, spart, seglen, segcost, warnings, stats):
    """Trace chains between nodes of degree != 2 and return the network."""
    nn = len(node_xy)
    is_key, e_nodes, e_segs, e_ptr = _trace_chains(nn, su, sv, node_xy)
    ne = len(e_ptr) - 1
    nverts = np.diff(e_ptr)
    is_last = np.zeros(len(e_nodes), dtype=bool)
    is_last[e_ptr[1:] - 1] = True
    seg_at = np.full(len(e_nodes), -1, dtype=np.int64)  # segment starting at each vertex
    seg_at[~is_last] = e_segs
    # canonical order, so that feature order, splitting and direction never
    # matter: nodes sorted by (x, y); each edge runs from its lower to its
    # higher node id (a self-loop towards its lexicographically smaller side);
    # edges sorted by (u, v, length)
    keep_nodes = np.nonzero(is_key)[0]
    keep_nodes = keep_nodes[np.lexsort((node_xy[keep_nodes, 1], node_xy[keep_nodes, 0]))]
    remap = np.full(nn, -1, dtype=np.int64)
    remap[keep_nodes] = np.arange(len(keep_nodes))
    starts, ends = e_ptr[:-1], e_ptr[1:] - 1
    u, v = remap[e_nodes[starts]], remap[e_nodes[ends]]
    # a self-loop runs in the direction in which it leaves its node first by
    # unit direction (x, then y): splitting or densifying never changes it
    base = node_xy[e_nodes[starts]]
    d1 = node_xy[e_nodes[starts + 1]] - base
    d2 = node_xy[e_nodes[ends - 1]] - base
    d1 = d1 / np.maximum(np.hypot(d1[:, 0], d1[:, 1]), 1e-300)[:, None]
    d2 = d2 / np.maximum(np.hypot(d2[:, 0], d2[:, 1]), 1e-300)[:, None]
    r1, r2 = np.round(d1, 9), np.round(d2, 9)
    other_first = (r2[:, 0] < r1[:, 0]) | ((r2[:, 0] == r1[:, 0]) & (r2[:, 1] < r1[:, 1]))
    rev = (u > v) | ((u == v) & other_first)
    seg_edge = np.repeat(np.arange(ne), nverts - 1)
    elen = np.bincount(seg_edge, weights=seglen[e_segs], minlength=ne)
    uu, vv = np.minimum(u, v), np.maximum(u, v)
    order = np.lexsort((np.round(elen, 9), vv, uu))
    nv_new = nverts[order]
    e_ptr = np.concatenate([[0], np.cumsum(nv_new)]).astype(np.int64)
    k = np.arange(e_ptr[-1]) - np.repeat(e_ptr[:-1], nv_new)
    e_old = np.repeat(order, nv_new)
    r = rev[e_old]
    vidx = np.where(r, ends[e_old] - k, starts[e_old] + k)
    sidx = np.where(r, vidx - 1, vidx)
    is_last = k == (nv_new[np.repeat(np.arange(ne), nv_new)] - 1)
    seg_at = np.where(is_last, -1, seg_at[np.maximum(sidx, 0)])
    e_nodes = e_nodes[vidx]
    vert_xy = node_xy[e_nodes]
    slen = np.where(is_last, 0.0, seglen[np.maximum(seg_at, 0)])
    scost = np.where(is_last, 0.0, segcost[np.maximum(seg_at, 0)])
    vert_part = np.where(is_last, -1, spart[np.maximum(seg_at, 0)])
    # cumulative within each edge: global cumsum shifted, minus edge base
    cl = np.concatenate([[0.0], np.cumsum(slen)[:-1]])
    cc = np.concatenate([[0.0], np.cumsum(scost)[:-1]])
    vert_edge = np.repeat(np.arange(ne), nv_new)
    vert_len = cl - cl[e_ptr[:-1]][vert_edge]
    vert_cost = cc - cc[e_ptr[:-1]][vert_edge]
    edge_u = remap[e_nodes[e_ptr[:-1]]]
    edge_v = remap[e_nodes[e_ptr[1:] - 1]]
    stats["nodes"] = int(len(keep_nodes))
    stats["edges"] = int(ne)
    return LineNetwork(node_xy[keep_nodes], edge_u, edge_v, e_ptr, vert_xy,
                       vert_len, vert_cost, vert_part, warnings, stats)


def densify_locations(net: LineNetwork, spacing: float) -> tuple[np.ndarray, np.ndarray]:
    """Evenly spaced locations along every edge, at most ``spacing`` metres
    apart, endpoints excluded: n = ceil(L / spacing) - 1 points at L k/(n+1).
    Returns (edge, offset)."""
    L = net.edge_length
    n = np.maximum(np.ceil(L / spacing - 1e-9).astype(np.int64) - 1, 0)
    edge = np.repeat(np.arange(net.n_edges), n)
    k = np.arange(n.sum()) - np.repeat(np.cumsum(n) - n, n) + 1
    off = L[edge] * k / (n[edge] + 1)
    return edge, off


def project_on_edge(net: LineNetwork, edge: np.ndarray, px: np.ndarray, py: np.ndarray) -> np.ndarray:
    """Offset (m) of the closest point of one edge to each point."""
    pl = net.edge_polyline(edge)
    ax, ay = pl[:-1, 0][None, :], pl[:-1, 1][None, :]
    bx, by = pl[1:, 0][None, :], pl[1:, 1][None, :]
    t, d, _, _ = project_points_on_segments(np.asarray(px)[:, None], np.asarray(py)[:, None], ax, ay, bx, by)
    j = np.argmin(d, axis=1)
    l0 = net.vert_len[net.edge_ptr[edge]:net.edge_ptr[edge + 1]]
    return l0[j] + t[np.arange(len(j)), j] * (l0[j + 1] - l0[j])
