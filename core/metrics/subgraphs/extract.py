"""Local subgraphs around seeds: control points of a whole network, computed
once, and their cropping per seed (SUBG, OPT-G, TOPO).

Control points ("holes" in the ground truth, "marbles" in the prediction):
every edge of length L gets n = ceil(L / SPACING) points at the centres of n
equal pieces, offsets L (k + 1/2) / n, k = 0 .. n-1.  So consecutive points
are L / n <= SPACING apart along the road, each point stands for one piece
of road of that length, no point sits on a node (every point has a
heading), and the points depend only on the canonical network (never on how
the features were split, drawn or ordered).  Heading: direction of the
segment under the point, modulo 180 degrees (roads are undirected).

The *chain graph* links consecutive control points along each edge and the
first and last point of an edge to the edge's end nodes, with the
along-road length as weight.  A subgraph around a centre location (a point
on the network) is cropped in two steps:

1. a KD-tree ball query keeps the vertices (control points and nodes)
   within Euclidean distance RADIUS of the centre;
2. a bounded traversal from the centre (a virtual vertex linked to the two
   chain vertices around it) keeps

   * ``euclidean``: the vertices connected to the centre inside the ball
     (graph traversal that never leaves the ball -- Citraro et al.'s SUBG
     and OPT-G code, which walks nodes while their Euclidean distance to
     the start is <= the limit);
   * ``along_graph``: the vertices whose shortest path from the centre
     along the roads is <= RADIUS (Biagioni & Eriksson's TOPO walk as in
     Sat2Graph).  The ball of step 1 holds every such vertex, because the
     straight-line distance never exceeds the path length.

Many seeds are processed at once: the ball pairs (seed, vertex) of a block of
seeds form one block-diagonal graph, cropped by one connected-components or
one multi-source Dijkstra call (scipy.sparse.csgraph) -- no Python loop over
seeds or points.
"""
from __future__ import annotations

import numpy as np

from ...geometry.polyline import project_points_on_segments
from ...lazy_scipy import cKDTree, connected_components, coo_matrix, dijkstra
from ...network.snapping import SegmentIndex
from ...text import msg

EUCLIDEAN = "euclidean"
ALONG_GRAPH = "along_graph"
MIN_WEIGHT = 1e-12  # scipy's sparse graphs drop explicit zeros


def segment_at(net, edge, offset) -> np.ndarray:
    """Index of the polyline vertex starting the segment under each
    location (edge, offset in metres)."""
    edge = np.asarray(edge, dtype=np.int64)
    if len(edge) == 0:
        return np.zeros(0, np.int64)
    base = np.concatenate([[0.0], np.cumsum(net.edge_length)])
    vglob = net.vert_len + base[:-1][net.vert_edge]
    g = base[edge] + np.clip(offset, 0.0, net.edge_length[edge])
    i = np.searchsorted(vglob, g, side="right") - 1
    return np.clip(i, net.edge_ptr[edge], net.edge_ptr[edge + 1] - 2)


def heading_at(net, edge, offset) -> np.ndarray:
    """Undirected heading (radians in [0, pi)) of the road at each location."""
    i = segment_at(net, edge, offset)
    d = net.vert_xy[i + 1] - net.vert_xy[i]
    return np.mod(np.arctan2(d[:, 1], d[:, 0]), np.pi)


def heading_difference(a, b) -> np.ndarray:
    """Angle (radians, 0 .. pi/2) between two undirected headings."""
    d = np.abs(np.mod(a - b, np.pi))
    return np.minimum(d, np.pi - d)


class ChainGraph:
    """Control points of one network and the graph linking them.

    Attributes: ``edge``, ``offset``, ``xy``, ``heading`` of the P control
    points; vertices of the chain graph are the control points (0 .. P-1)
    followed by the network's nodes (P .. P+N-1), ``vxy`` their coordinates.
    """

    def __init__(self, net, spacing):
        if not spacing > 0:
            raise ValueError(msg("SPACING must be > 0"))
        self.net = net
        self.spacing = float(spacing)
        L = net.edge_length
        E = net.n_edges
        n = np.maximum(np.ceil(L / self.spacing - 1e-9).astype(np.int64), 1) if E else \
            np.zeros(0, np.int64)
        self.per_edge = n
        self.ptr = np.concatenate([[0], np.cumsum(n)]).astype(np.int64)
        P = int(self.ptr[-1])
        self.n_points = P
        edge = np.repeat(np.arange(E), n)
        k = np.arange(P) - self.ptr[:-1][edge]
        step = L / np.maximum(n, 1)
        self.step = step
        self.edge = edge
        self.offset = (k + 0.5) * step[edge]
        self.xy = net.point_at(edge, self.offset) if P else np.zeros((0, 2))
        self.heading = heading_at(net, edge, self.offset) if P else np.zeros(0)
        self.vxy = np.vstack([self.xy, net.node_xy]) if P else np.zeros((0, 2))
        self.n_vertices = len(self.vxy)
        self._build_links(E, P, step)
        self.vtree = cKDTree(self.vxy) if len(self.vxy) else None
        self.ptree = cKDTree(self.xy) if P else None

    def _build_links(self, E, P, step):
        if P == 0:
            self.adj_ptr = np.zeros(1, np.int64)
            self.adj_idx = np.zeros(0, np.int64)
            self.adj_w = np.zeros(0)
            return
        first, last = self.ptr[:-1], self.ptr[1:] - 1
        inner = np.ones(P, dtype=bool)
        inner[last] = False
        ii = np.nonzero(inner)[0]
        a = np.concatenate([P + self.net.edge_u, ii, last])
        b = np.concatenate([first, ii + 1, P + self.net.edge_v])
        w = np.concatenate([step / 2, step[self.edge[ii]], step / 2])
        # undirected, one entry per vertex pair (a self-loop edge with one
        # point links its node to that point twice: keep the shorter)
        lo, hi = np.minimum(a, b), np.maximum(a, b)
        o = np.lexsort((w, hi, lo))
        lo, hi, w = lo[o], hi[o], w[o]
        keep = np.r_[True, (lo[1:] != lo[:-1]) | (hi[1:] != hi[:-1])]
        lo, hi, w = lo[keep], hi[keep], np.maximum(w[keep], MIN_WEIGHT)
        src = np.concatenate([lo, hi])
        dst = np.concatenate([hi, lo])
        ww = np.concatenate([w, w])
        o = np.lexsort((dst, src))
        self.adj_idx = dst[o]
        self.adj_w = ww[o]
        self.adj_ptr = np.searchsorted(src[o], np.arange(self.n_vertices + 1)).astype(np.int64)

    def bracket(self, edge, offset) -> tuple:
        """The chain vertices just before and after each location on its
        edge and the along-road gaps to them: (prev, prev_gap, next, next_gap)."""
        edge = np.asarray(edge, dtype=np.int64)
        offset = np.clip(np.asarray(offset, float), 0.0, self.net.edge_length[edge])
        n = self.per_edge[edge]
        step = self.step[edge]
        j = np.clip(np.floor(offset / step - 0.5).astype(np.int64), -1, n - 1)
        P = self.n_points
        prev = np.where(j >= 0, self.ptr[edge] + j, P + self.net.edge_u[edge])
        prev_gap = offset - np.where(j >= 0, (j + 0.5) * step, 0.0)
        jn = j + 1
        nxt = np.where(jn < n, self.ptr[edge] + jn, P + self.net.edge_v[edge])
        next_gap = np.where(jn < n, (jn + 0.5) * step, self.net.edge_length[edge]) - offset
        return prev, np.maximum(prev_gap, 0.0), nxt, np.maximum(next_gap, 0.0)

    def crop(self, seeds, centre_xy, centre_edge, centre_offset, radius, mode) -> tuple:
        """Control points of the subgraphs around the given centres.

        ``seeds``: ids to report for each centre.  Returns (seed, point,
        distance) arrays, sorted by (seed, point); distance is Euclidean
        (mode ``euclidean``) or along the roads (``along_graph``) from the
        centre, always <= radius."""
        empty = (np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0))
        B = len(seeds)
        if B == 0 or self.n_points == 0:
            return empty
        NV = self.n_vertices
        ctree = cKDTree(np.asarray(centre_xy, float))
        pairs = ctree.sparse_distance_matrix(self.vtree, radius, output_type="ndarray")
        pi = pairs["i"].astype(np.int64)
        pv = pairs["j"].astype(np.int64)
        pd = pairs["v"].astype(float)
        key = pi * NV + pv
        index = KeyIndex(key, B * NV)
        key, pi, pv, pd = index.key, pi[index.order], pv[index.order], pd[index.order]
        m = len(key)
        # links between ball vertices of the same seed
        deg = self.adj_ptr[pv + 1] - self.adj_ptr[pv]
        src = np.repeat(np.arange(m), deg)
        k = np.arange(int(deg.sum())) - np.repeat(np.cumsum(deg) - deg, deg)
        a = self.adj_ptr[pv][src] + k
        pos = index.find(pi[src] * NV + self.adj_idx[a])
        ok = pos >= 0
        ga, gb, gw = src[ok], pos[ok], self.adj_w[a[ok]]
        # virtual centre vertices m .. m+B-1 linked to the chain vertices around them
        prev, pgap, nxt, ngap = self.bracket(centre_edge, centre_offset)
        cv, cw, cc = [], [], []
        for vert, gap in ((prev, pgap), (nxt, ngap)):
            p = index.find(np.arange(B) * NV + vert)
            hit = p >= 0
            cv.append(p[hit])
            cw.append(gap[hit])
            cc.append(m + np.nonzero(hit)[0])
        n_links = len(ga)
        ga = np.concatenate([ga] + cc)
        gb = np.concatenate([gb] + cv)
        gw = np.maximum(np.concatenate([gw] + cw), MIN_WEIGHT)
        if mode == EUCLIDEAN:
            g = coo_matrix((gw, (ga, gb)), shape=(m + B, m + B)).tocsr()
            _, lab = connected_components(g, directed=False)
            keep = lab[:m] == lab[m + pi]
            dist = pd
        elif mode == ALONG_GRAPH:
            # the links already hold both directions; with the centre links
            # added both ways too, a directed search gives the undirected
            # distances without scipy's transposed copy of the graph
            ga, gb = np.concatenate([ga, gb[n_links:]]), np.concatenate([gb, ga[n_links:]])
            gw = np.concatenate([gw, gw[n_links:]])
            g = coo_matrix((gw, (ga, gb)), shape=(m + B, m + B)).tocsr()
            d = dijkstra(g, directed=True, indices=np.arange(m, m + B), min_only=True,
                         limit=radius * (1 + 1e-12))
            dist = d[:m]
            keep = dist <= radius
        else:
            raise ValueError(msg("unknown subgraph mode {}", mode))
        keep &= pv < self.n_points
        seeds = np.asarray(seeds, dtype=np.int64)
        return seeds[pi[keep]], pv[keep], dist[keep]


class KeyIndex:
    """Distinct integer keys in 0..space-1, sorted (``key``, with ``order``
    the permutation that sorts the input), and ``find(q)``: the position of
    each query among them, -1 when absent.  A direct-address table when the
    key space is small enough (4 bytes per possible key: faster than
    sorting and binary search), otherwise argsort and searchsorted."""

    TABLE_MAX = 1 << 23  # 8 M keys: at most 32 MB (int32)

    def __init__(self, key, space):
        self.table = None
        if space <= self.TABLE_MAX:
            table = np.full(space, -1, np.int32 if len(key) < 2**31 - 1 else np.int64)
            table[key] = np.arange(len(key))
            self.key = np.flatnonzero(table >= 0)
            self.order = table[self.key].astype(np.int64)
            table[self.key] = np.arange(len(self.key))
            self.table = table
        else:
            self.order = np.argsort(key, kind="stable")
            self.key = key[self.order]

    def find(self, q) -> np.ndarray:
        if len(self.key) == 0:
            return np.full(len(q), -1, np.int64)
        if self.table is not None:
            return self.table[q].astype(np.int64)
        pos = np.minimum(np.searchsorted(self.key, q), len(self.key) - 1)
        return np.where(self.key[pos] == q, pos, -1)


def uniform_locations(net, u) -> tuple[np.ndarray, np.ndarray]:
    """Locations spread uniformly along the network by length: ``u`` in
    [0, 1) -> (edge, offset), using the canonical edge order and, on closed
    loops, the direction given by :func:`loop_reversed`."""
    if len(u) == 0:
        return np.zeros(0, np.int64), np.zeros(0)
    cum = np.cumsum(net.edge_length)
    g = np.asarray(u, float) * cum[-1]
    edge = np.minimum(np.searchsorted(cum, g, side="right"), net.n_edges - 1)
    L = net.edge_length[edge]
    off = np.clip(g - (cum[edge] - L), 0.0, L)
    return edge, np.where(loop_reversed(net)[edge], L - off, off)


def loop_reversed(net) -> np.ndarray:
    """Closed loops (u == v) whose stored direction is not the one used for
    sampling.  The network orients a loop by comparing its second and
    penultimate vertices, which change when a feature is split or densified
    next to the node; the directions in which the loop leaves its node do
    not, so sampling walks a loop starting along the lexicographically
    smaller of the two unit directions."""
    flip = np.zeros(net.n_edges, bool)
    loops = np.nonzero(net.edge_u == net.edge_v)[0]
    if len(loops):
        node = net.node_xy[net.edge_u[loops]]
        out = net.vert_xy[net.edge_ptr[loops] + 1] - node
        back = net.vert_xy[net.edge_ptr[loops + 1] - 2] - node
        out /= np.hypot(out[:, 0], out[:, 1])[:, None]
        back /= np.hypot(back[:, 0], back[:, 1])[:, None]
        flip[loops] = (back[:, 0] < out[:, 0]) | ((back[:, 0] == out[:, 0])
                                                   & (back[:, 1] < out[:, 1]))
    return flip


def chain_seed_locations(net, seed_spacing) -> tuple[np.ndarray, np.ndarray]:
    """TOPO seeds along each chain (edge between nodes of degree != 2) of
    length L: none if L < seed_spacing / 2, otherwise n = max(1,
    floor(L / seed_spacing)) seeds at L (k + 1) / (n + 1) (Sat2Graph's rule)."""
    L = net.edge_length
    n = np.where(L >= seed_spacing / 2, np.maximum(np.floor(L / seed_spacing), 1), 0)
    n = n.astype(np.int64)
    edge = np.repeat(np.arange(net.n_edges), n)
    k = np.arange(int(n.sum())) - np.repeat(np.cumsum(n) - n, n)
    return edge, L[edge] * (k + 1) / (n[edge] + 1)


def locate_with_heading(net, xy, heading, max_distance, angle_tolerance) -> tuple:
    """Nearest location of ``net`` to each point whose road heading differs
    from the given one by less than ``angle_tolerance`` (radians), within
    ``max_distance``.  Returns (edge, offset, distance, xy); edge -1 when
    there is none.  Ties go to the lowest segment index."""
    xy = np.asarray(xy, float).reshape(-1, 2)
    k = len(xy)
    edge = np.full(k, -1, np.int64)
    off = np.full(k, np.nan)
    dist = np.full(k, np.inf)
    out = np.full((k, 2), np.nan)
    if k == 0 or net.is_empty():
        return edge, off, dist, out
    s = net.segments()
    idx = SegmentIndex(s["ax"], s["ay"], s["bx"], s["by"])
    pairs = cKDTree(xy).sparse_distance_matrix(idx.tree, max_distance + idx.half,
                                                output_type="ndarray")
    pi = pairs["i"].astype(np.int64)
    sg = np.unique(pi * idx.n + idx.piece_seg[pairs["j"]])
    pi, sg = sg // idx.n, sg % idx.n
    t, d, qx, qy = project_points_on_segments(xy[pi, 0], xy[pi, 1], s["ax"][sg], s["ay"][sg],
                                              s["bx"][sg], s["by"][sg])
    h = np.mod(np.arctan2(s["by"][sg] - s["ay"][sg], s["bx"][sg] - s["ax"][sg]), np.pi)
    ok = (d <= max_distance) & (heading_difference(h, heading[pi]) < angle_tolerance)
    pi, sg, t, d, qx, qy = pi[ok], sg[ok], t[ok], d[ok], qx[ok], qy[ok]
    o = np.lexsort((sg, d, pi))
    first = o[np.r_[True, pi[o][1:] != pi[o][:-1]]] if len(o) else o
    p = pi[first]
    edge[p] = s["edge"][sg[first]]
    off[p] = s["len0"][sg[first]] + t[first] * s["length"][sg[first]]
    dist[p] = d[first]
    out[p, 0] = qx[first]
    out[p, 1] = qy[first]
    return edge, off, dist, out
