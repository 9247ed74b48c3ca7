"""LineNetwork: a planar road graph built from line coordinates.

Model (README, "Network model"):

* Every input part (a LineString, or one part of a MultiLineString) is a
  polyline of (x, y) vertices in metres.  Z and M are dropped by the caller.
* Vertices closer than ``merge_tolerance`` (default 0.05 m) are merged into one
  node (single-linkage, representative = lexicographically smallest vertex).
  Lines that share an endpoint *or an interior vertex* are therefore connected;
  lines that merely cross are not, unless ``node_crossings=True``.
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
import numpy as np
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components

from .geometry import project_points_on_segments
from .text import msg


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
    def n_nodes(self):
        return len(self.node_xy)

    @property
    def n_edges(self):
        return len(self.edge_u)

    @property
    def total_length(self):
        return float(self.edge_length.sum())

    def is_empty(self):
        return self.n_edges == 0

    def node_degree(self):
        """Number of edge ends at each node (a self-loop counts twice)."""
        return (np.bincount(self.edge_u, minlength=self.n_nodes)
                + np.bincount(self.edge_v, minlength=self.n_nodes))

    # -- segments ----------------------------------------------------------
    def segments(self):
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

    def point_at(self, edge, offset):
        """(n, 2) coordinates of locations given as edge ids and offsets (m)."""
        if len(np.atleast_1d(edge)) == 0:
            return np.zeros((0, 2))
        i, f = self._segment_of(edge, offset)
        return self.vert_xy[i] + f[:, None] * (self.vert_xy[i + 1] - self.vert_xy[i])

    def cost_at(self, edge, offset):
        """Cumulative cost from the edge start at the given offsets (m)."""
        if len(np.atleast_1d(edge)) == 0:
            return np.zeros(0)
        i, f = self._segment_of(edge, offset)
        return self.vert_cost[i] + f * (self.vert_cost[i + 1] - self.vert_cost[i])

    def edge_polyline(self, e):
        return self.vert_xy[self.edge_ptr[e]:self.edge_ptr[e + 1]]

    def edge_polylines(self):
        return [self.edge_polyline(e) for e in range(self.n_edges)]

    def node_locations(self):
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


def _merge_vertices(xy, tol):
    """Label vertices so that vertices within ``tol`` share a label.
    Returns (labels, representative xy per label)."""
    from scipy.spatial import cKDTree
    n = len(xy)
    if n == 0:
        return np.zeros(0, dtype=np.int64), np.zeros((0, 2))
    tree = cKDTree(xy)
    pairs = tree.query_pairs(max(float(tol), 0.0), output_type="ndarray")
    if len(pairs):
        g = coo_matrix((np.ones(len(pairs), dtype=np.int8), (pairs[:, 0], pairs[:, 1])),
                       shape=(n, n))
        _, labels = connected_components(g, directed=False)
    else:
        labels = np.arange(n)
    order = np.lexsort((xy[:, 1], xy[:, 0], labels))
    sl = labels[order]
    first = order[np.r_[True, sl[1:] != sl[:-1]]]
    rep = np.zeros((labels.max() + 1, 2))
    rep[labels[first]] = xy[first]
    return labels.astype(np.int64), rep


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


def build_network(parts, cost_rate=None, merge_tolerance=0.05, node_crossings=False):
    """Build a :class:`LineNetwork` from a list of (k, 2+) coordinate arrays.

    ``cost_rate``: optional cost per metre for each part (e.g. seconds per
    metre); the edge cost is then the integral of it along the edge.
    Parts with fewer than two vertices or non-finite coordinates are dropped
    and counted in ``stats['dropped_parts']``.
    """
    warnings = []
    stats = {"input_parts": len(parts)}
    clean, rates = [], []
    dropped = 0
    for k, p in enumerate(parts):
        a = np.asarray(p, dtype=float)
        if a.ndim != 2 or a.shape[0] < 2 or a.shape[1] < 2:
            dropped += 1
            continue
        a = a[:, :2]
        if not np.all(np.isfinite(a)):
            dropped += 1
            continue
        clean.append(a)
        if cost_rate is not None:
            rates.append(float(cost_rate[k]))
    stats["dropped_parts"] = dropped
    rates = np.asarray(rates, dtype=float) if cost_rate is not None else None
    if node_crossings and clean:
        clean, rates = _node_crossings(clean, rates)
    if not clean:
        return _empty(warnings, stats)
    lens = np.fromiter((len(a) for a in clean), dtype=np.int64, count=len(clean))
    xy = np.concatenate(clean)
    pid = np.repeat(np.arange(len(clean)), lens)
    labels, rep = _merge_vertices(xy, merge_tolerance)
    s = np.nonzero(pid[1:] == pid[:-1])[0]
    su, sv, spart = labels[s], labels[s + 1], pid[s]
    keep = su != sv
    stats["zero_length_segments"] = int((~keep).sum())
    su, sv, spart = su[keep], sv[keep], spart[keep]
    if len(su) == 0:
        stats["dropped_parts"] += len(clean)
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
    m = len(su)
    ends = np.concatenate([su, sv])
    segid = np.concatenate([np.arange(m), np.arange(m)])
    order = np.argsort(ends, kind="stable")
    adj_ptr = np.searchsorted(ends[order], np.arange(nn + 1))
    deg = np.diff(adj_ptr)
    adj_seg = segid[order].tolist()
    ptr = adj_ptr.tolist()
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
    key_list = is_key.tolist()
    visited = bytearray(m)
    su_l, sv_l = su.tolist(), sv.tolist()
    e_nodes = []  # flat list of node ids per edge
    e_segs = []
    e_ptr = [0]
    for k in np.nonzero(is_key)[0].tolist():
        for j in range(ptr[k], ptr[k + 1]):
            s = adj_seg[j]
            if visited[s]:
                continue
            cur = k
            e_nodes.append(k)
            while True:
                visited[s] = 1
                nxt = sv_l[s] if su_l[s] == cur else su_l[s]
                e_nodes.append(nxt)
                e_segs.append(s)
                if key_list[nxt]:
                    break
                p0 = ptr[nxt]
                s = adj_seg[p0] if adj_seg[p0] != s else adj_seg[p0 + 1]
                cur = nxt
            e_ptr.append(len(e_nodes))
    e_ptr = np.asarray(e_ptr, dtype=np.int64)
    e_nodes = np.asarray(e_nodes, dtype=np.int64)
    e_segs = np.asarray(e_segs, dtype=np.int64)
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


def densify_locations(net, spacing):
    """Evenly spaced locations along every edge, at most ``spacing`` metres
    apart, endpoints excluded: n = ceil(L / spacing) - 1 points at L k/(n+1).
    Returns (edge, offset)."""
    L = net.edge_length
    n = np.maximum(np.ceil(L / spacing - 1e-9).astype(np.int64) - 1, 0)
    edge = np.repeat(np.arange(net.n_edges), n)
    k = np.arange(n.sum()) - np.repeat(np.cumsum(n) - n, n) + 1
    off = L[edge] * k / (n[edge] + 1)
    return edge, off


def project_on_edge(net, edge, px, py):
    """Offset (m) of the closest point of one edge to each point."""
    pl = net.edge_polyline(edge)
    ax, ay = pl[:-1, 0][None, :], pl[:-1, 1][None, :]
    bx, by = pl[1:, 0][None, :], pl[1:, 1][None, :]
    t, d, _, _ = project_points_on_segments(np.asarray(px)[:, None], np.asarray(py)[:, None], ax, ay, bx, by)
    j = np.argmin(d, axis=1)
    l0 = net.vert_len[net.edge_ptr[edge]:net.edge_ptr[edge + 1]]
    return l0[j] + t[np.arange(len(j)), j] * (l0[j + 1] - l0[j])
