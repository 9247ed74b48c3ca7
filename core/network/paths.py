"""Shortest-path distances between arbitrary locations on a LineNetwork.

A location is (edge, offset in metres).  With D the node-to-node distance
(scipy.sparse.csgraph Dijkstra), the distance between p on edge (u, v) and
q on edge (u', v') is

    d(p, q) = min over a in {u, v}, b in {u', v'} of  c(p, a) + D[a, b] + c(b, q)

and, when p and q lie on the same edge, also |c_p - c_q| (the direct way
along the edge), where c(p, a) is the cost along the edge between p and its
end a.  Only Dijkstra from nodes (degree != 2) is needed and no control point
is ever inserted into a graph.  Distances are computed in row blocks so the
memory stays bounded; the node matrix is cached whole only when small.

On a larger network, node rows are kept in a least-recently-used store of
``cache_bytes``: control points come in edge order and edges in node order
(lexicographic in x, y), so the row blocks of both APLS directions sweep the
network together and each shortest-path tree is computed about once.  Those
trees are grown on a contracted core (:class:`_Contracted`: the junctions
left once dead-end trees are trimmed, degree-2 chains left out; on the 8x8
mosaic of the sample 6,346 of 10,354 and 4,938 of 16,498 nodes): another
node's distance is a minimum over the core nodes its piece hangs from (one
or two on roads), plus the way inside the piece.  This changes no distance
but may round the last bits differently from a tree grown on the whole
network; the whole-matrix path of small networks stays as it was.
"""
from __future__ import annotations

import threading

import numpy as np

from ..lazy_scipy import connected_components, coo_matrix, dijkstra


DIJKSTRA_CHUNK = 8  # trees per dijkstra call on the row store's path


class NetworkDistances:
    def __init__(self, net, use_cost=False, cache_bytes=256 * 2**20):
        self.net = net
        self.use_cost = use_cost
        n = net.n_nodes
        w = net.edge_cost if use_cost else net.edge_length
        u, v = net.edge_u, net.edge_v
        ok = u != v
        u, v, w = u[ok], v[ok], np.maximum(w[ok], 1e-12)
        a, b = np.minimum(u, v), np.maximum(u, v)
        # keep the cheapest of parallel edges (csgraph would add duplicates)
        o = np.lexsort((w, b, a))
        a, b, w = a[o], b[o], w[o]
        first = np.r_[True, (a[1:] != a[:-1]) | (b[1:] != b[:-1])] if len(a) else np.zeros(0, bool)
        self.graph = coo_matrix((w[first], (a[first], b[first])), shape=(n, n)).tocsr()
        self._full = None
        self._cache_ok = n * n * 8 <= cache_bytes
        self.n_dijkstra = 0
        self._capacity = max(64, int(cache_bytes // max(8 * n, 1)))
        self._lru = None
        self._reduced = None
        self._lock = threading.RLock()

    def node_rows(self, nodes: np.ndarray) -> np.ndarray:
        """Distances from the given nodes to every node: (len(nodes), N)."""
        with self._lock:
            store, slots = self.row_slots(np.asarray(nodes, dtype=np.int64))
            return store[slots]

    def row_slots(self, nodes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(store, slots): ``store[slots[i]]`` is the row of ``nodes[i]``.
        The store is the whole node matrix when it fits in the cache, else
        the least-recently-used row store (rows computed when missing; the
        next call may replace them, so threads sharing this object call it
        and copy the rows under ``self._lock``, as :meth:`block` does)."""
        nodes = np.asarray(nodes, dtype=np.int64)
        if self._cache_ok:
            if self._full is None:
                self._full = self._dijkstra(np.arange(self.net.n_nodes))
            return self._full, nodes
        uniq, inv = np.unique(nodes, return_inverse=True)
        if len(uniq) > self._capacity:
            return self._rows_reduced(uniq), inv.reshape(-1)
        if self._lru is None:
            self._lru = _RowStore(self._capacity, self.net.n_nodes)
        anchors = self._anchors(uniq)
        if len(anchors) + len(uniq) <= self._capacity:
            # the anchors' rows first, stored: other nodes' rows are made from them
            self._lru.lookup(anchors, self._rows_reduced)
        slots = self._lru.lookup(uniq, self._rows_reduced)
        return self._lru.rows, slots[inv.reshape(-1)]

    def _dijkstra(self, nodes):
        if len(nodes) == 0:
            return np.zeros((0, self.net.n_nodes))
        self.n_dijkstra += len(nodes)
        return dijkstra(self.graph, directed=False, indices=nodes)

    def _anchors(self, nodes):
        """The core nodes the rows of non-core ``nodes`` are made from."""
        if self._reduced is None:
            self._reduced = _Contracted(self.graph)
        r = self._reduced
        other = nodes[r.index[nodes] < 0]
        return np.unique(r.anchor[:, other][np.isfinite(r.off[:, other])])

    def _rows_reduced(self, nodes):
        """Rows of ``nodes`` (unique) from trees grown on the network's core
        (:class:`_Contracted`); rows of core nodes already stored are taken
        from the store."""
        if self._reduced is None:
            self._reduced = _Contracted(self.graph)
        r = self._reduced
        is_core = r.index[nodes] >= 0
        other = nodes[~is_core]
        need = np.unique(np.r_[nodes[is_core], self._anchors(other)])
        have = self._lru.slot_of[need] if self._lru is not None else np.full(len(need), -1)
        grow = need[have < 0]
        self.n_dijkstra += len(grow)
        # a few trees per call: scipy's dijkstra holds the GIL, and short calls
        # let the other thread's block arithmetic run in between
        idx = r.index[grow]
        grown = r.expand(np.concatenate(
            [dijkstra(r.core_graph, directed=False, indices=idx[k:k + DIJKSTRA_CHUNK])
             for k in range(0, len(idx), DIJKSTRA_CHUNK)]) if len(idx) else
            np.zeros((0, len(r.core))))
        core_rows = np.empty((len(need), self.net.n_nodes))
        core_rows[have < 0] = grown
        if (have >= 0).any():
            core_rows[have >= 0] = self._lru.rows[have[have >= 0]]
        rows = np.empty((len(nodes), self.net.n_nodes))
        rows[is_core] = core_rows[np.searchsorted(need, nodes[is_core])]
        if len(other):
            rows[~is_core] = r.other_rows(other, lambda c: core_rows[np.searchsorted(need, c)])
        return rows

    def end_costs(self, edge: np.ndarray, offset: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Cost from each location to its edge's start and end node."""
        c = self.net.cost_at(edge, offset) if self.use_cost else np.clip(
            np.asarray(offset, float), 0, self.net.edge_length[edge])
        total = (self.net.edge_cost if self.use_cost else self.net.edge_length)[edge]
        return c, total - c

    def prepare(self, edge: np.ndarray, offset: np.ndarray) -> dict[str, np.ndarray]:
        """Pre-compute what :meth:`block` needs for a set of locations."""
        edge = np.asarray(edge, dtype=np.int64)
        cu, cv = self.end_costs(edge, offset)
        return dict(edge=edge, u=self.net.edge_u[edge], v=self.net.edge_v[edge], cu=cu, cv=cv)

    def block(self, src: dict, dst: dict) -> np.ndarray:
        """Distance matrix (len(src), len(dst)) between prepared location
        sets; inf where no path exists."""
        nb = len(src["edge"])
        if nb == 0 or len(dst["edge"]) == 0:
            return np.full((nb, len(dst["edge"])), np.inf)
        with self._lock:  # blocks may run on threads: rows are copied before any eviction
            rows, slots = self.row_slots(np.concatenate([src["u"], src["v"]]))
            iu, iv = slots[:nb], slots[nb:]
            # distance from each source location to every node
            dp = rows[iu]
            t = rows[iv]
        dp += src["cu"][:, None]
        t += src["cv"][:, None]
        np.minimum(dp, t, out=dp)
        del t
        # np.take gathers columns about 4x faster than dp[:, index]
        d = np.take(dp, dst["u"], axis=1)
        d += dst["cu"][None, :]
        t = np.take(dp, dst["v"], axis=1)
        t += dst["cv"][None, :]
        np.minimum(d, t, out=d)
        del t, dp
        # the direct way along a shared edge: pairs found by sorting, not by
        # comparing every source with every destination
        i, j = same_edge_pairs(src["edge"], dst["edge"])
        if len(i):
            direct = np.abs(src["cu"][i] - dst["cu"][j])
            d[i, j] = np.minimum(d[i, j], direct)
        return d


class _RowStore:
    """At most ``capacity`` node rows, the least recently used replaced
    first.  The store is allocated untouched (np.empty), so memory grows
    only with the rows actually computed."""

    def __init__(self, capacity, n):
        self.rows = np.empty((capacity, n))
        self.slot_of = np.full(n, -1, np.int64)
        self.node_of = np.full(capacity, -1, np.int64)
        self.stamp = np.zeros(capacity, np.int64)
        self.clock = 0

    def lookup(self, nodes, compute):
        """Slots of ``nodes`` (unique, at most ``capacity``), rows computed
        by ``compute(missing nodes)`` where missing."""
        self.clock += 1
        slots = self.slot_of[nodes]
        self.stamp[slots[slots >= 0]] = self.clock
        miss = nodes[slots < 0]
        if len(miss):
            victims = np.argsort(self.stamp, kind="stable")[:len(miss)]
            rows = compute(miss)  # may read stored rows, the victims' too
            old = self.node_of[victims]
            self.slot_of[old[old >= 0]] = -1
            self.rows[victims] = rows
            self.slot_of[miss] = victims
            self.node_of[victims] = miss
            slots = self.slot_of[nodes]
        self.stamp[slots] = self.clock
        return slots


class _Contracted:
    """The network reduced to a core for Dijkstra (module docstring): every
    junction of the network's 2-core (dead-end trees trimmed, degree-2 chains
    left out), plus one node of each component without one.  The other nodes
    fall into *pieces* (components of the non-core nodes); a non-core node's
    distance from a core node is a minimum over its piece's anchors (the core
    nodes next to the piece) of the anchor's distance plus ``off``, the
    distance inside the piece.  ``core_graph`` joins the core nodes by their
    edges and by shortcuts through the pieces; ``piece_graph`` holds the
    pieces, each with its own copy of its anchors."""

    def __init__(self, graph):
        n = self.n = graph.shape[0]
        g = graph.tocoo()
        a, b, w = g.row.astype(np.int64), g.col.astype(np.int64), g.data
        sym = coo_matrix((np.r_[w, w], (np.r_[a, b], np.r_[b, a])), shape=(n, n)).tocsr()
        core = _core_nodes(sym)
        self.core, self.other = np.nonzero(core)[0], np.nonzero(~core)[0]
        self.index = np.full(n, -1, np.int64)
        self.index[self.core] = np.arange(len(self.core))
        self.pg_index = np.full(n, -1, np.int64)
        self.pg_index[self.other] = np.arange(len(self.other))
        anchors, pg = self._pieces(a, b, w, core)
        self.piece_graph = pg
        self._anchor_distances(anchors, a, b, w, core)

    def _pieces(self, a, b, w, core):
        """The piece graph (non-core nodes, then one copy of each anchor per
        piece) and the anchors: (piece, core node) pairs, ordered."""
        n, no = self.n, len(self.other)
        oo = ~core[a] & ~core[b]
        sub = coo_matrix((w[oo], (a[oo], b[oo])), shape=(n, n))
        label = connected_components(sub, directed=False)[1]
        _, piece = np.unique(label[self.other], return_inverse=True)
        self.piece = np.full(n, -1, np.int64)
        self.piece[self.other] = piece.reshape(-1)
        cross = core[a] != core[b]
        x = np.where(core[a[cross]], b[cross], a[cross])
        c = np.where(core[a[cross]], a[cross], b[cross])
        pairs, copy = np.unique(np.c_[self.piece[x], c], axis=0, return_inverse=True)
        copy = copy.reshape(-1)
        src = np.r_[self.pg_index[a[oo]], self.pg_index[x]]
        dst = np.r_[self.pg_index[b[oo]], no + copy]
        pg = coo_matrix((np.r_[w[oo], w[cross]], (src, dst)),
                        shape=(no + len(pairs), no + len(pairs))).tocsr()
        return pairs, pg

    def _anchor_distances(self, pairs, a, b, w, core):
        """``anchor`` / ``off`` (slot k of every non-core node: its piece's
        k-th anchor and the distance to it inside the piece, inf when the
        piece has fewer anchors) and the core graph with the shortcuts."""
        no = len(self.other)
        first = np.r_[0, np.nonzero(np.diff(pairs[:, 0]))[0] + 1] if len(pairs) else np.zeros(0, int)
        slot = np.arange(len(pairs)) - np.repeat(first, np.diff(np.r_[first, len(pairs)]))
        k_max = int(slot.max()) + 1 if len(pairs) else 0
        self.anchor = np.zeros((k_max, self.n), np.int64)
        self.off = np.full((k_max, self.n), np.inf)
        cc = core[a] & core[b]
        sa, sb, sw = [a[cc]], [b[cc]], [w[cc]]
        for k in range(k_max):
            mine = np.nonzero(slot == k)[0]
            dist = dijkstra(self.piece_graph, directed=False, indices=no + mine, min_only=True)
            of_piece = np.full(len(first), -1, np.int64)
            of_piece[pairs[mine, 0]] = pairs[mine, 1]
            self.off[k, self.other] = dist[:no]
            self.anchor[k, self.other] = np.maximum(of_piece[self.piece[self.other]], 0)
            # shortcuts: from each piece's k-th anchor to its other anchors
            to = of_piece[pairs[:, 0]]
            ok = (to >= 0) & (to != pairs[:, 1]) & np.isfinite(dist[no:])
            sa.append(to[ok])
            sb.append(pairs[ok, 1])
            sw.append(dist[no:][ok])
        sa, sb, sw = (np.concatenate(v) for v in (sa, sb, sw))
        lo, hi = self.index[np.minimum(sa, sb)], self.index[np.maximum(sa, sb)]
        o = np.lexsort((sw, hi, lo))
        lo, hi, sw = lo[o], hi[o], sw[o]
        keep = np.r_[True, (lo[1:] != lo[:-1]) | (hi[1:] != hi[:-1])] if len(lo) else np.zeros(0, bool)
        m = len(self.core)
        self.core_graph = coo_matrix((sw[keep], (lo[keep], hi[keep])), shape=(m, m)).tocsr()

    def expand(self, core_rows):
        """Rows over the core nodes to rows over every node."""
        rows = np.empty((len(core_rows), self.n))
        rows[:, self.core] = core_rows
        ot = self.other
        if len(ot):
            rows[:, ot] = np.inf
            for k in range(len(self.anchor)):
                t = core_rows[:, self.index[self.anchor[k, ot]]] + self.off[k, ot]
                np.minimum(rows[:, ot], t, out=t)
                rows[:, ot] = t
        return rows

    def other_rows(self, nodes, anchor_row):
        """Rows of non-core ``nodes``: through an anchor (``anchor_row(core
        node)`` gives its row) or inside the piece."""
        rows = np.full((len(nodes), self.n), np.inf)
        for k in range(len(self.anchor)):
            off = self.off[k, nodes]
            ok = np.isfinite(off)
            if ok.any():
                t = anchor_row(self.anchor[k, nodes[ok]]) + off[ok][:, None]
                rows[ok] = np.minimum(rows[ok], t)
        inside = dijkstra(self.piece_graph, directed=False, indices=self.pg_index[nodes])
        ot = self.other
        rows[:, ot] = np.minimum(rows[:, ot], inside[:, :len(ot)])
        return rows


def _core_nodes(sym):
    """Core of :class:`_Contracted`: trim degree <= 1 nodes until none is
    left (the 2-core), keep its nodes of degree != 2, then one node of each
    component without a core node."""
    n = sym.shape[0]
    indptr, indices = sym.indptr.tolist(), sym.indices.tolist()
    deg = np.diff(sym.indptr).tolist()
    alive = [True] * n
    stack = [x for x in range(n) if deg[x] <= 1]
    while stack:
        x = stack.pop()
        if not alive[x]:
            continue
        alive[x] = False
        for y in indices[indptr[x]:indptr[x + 1]]:
            if alive[y]:
                deg[y] -= 1
                if deg[y] == 1:
                    stack.append(y)
    core = np.array(alive, bool) & (np.array(deg) != 2)
    label = connected_components(sym, directed=False)[1]
    has = np.zeros(label.max() + 1 if n else 0, bool)
    has[label[core]] = True
    _, first = np.unique(label, return_index=True)
    core[first[~has]] = True
    return core


def same_edge_pairs(a: dict, b: dict) -> tuple[np.ndarray, np.ndarray]:
    """All index pairs (i, j) with a[i] == b[j]."""
    ob = np.argsort(b, kind="stable")
    sb = b[ob]
    lo = np.searchsorted(sb, a, side="left")
    hi = np.searchsorted(sb, a, side="right")
    cnt = hi - lo
    tot = int(cnt.sum())
    if tot == 0:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    i = np.repeat(np.arange(len(a)), cnt)
    k = np.arange(tot) - np.repeat(np.cumsum(cnt) - cnt, cnt)
    j = ob[np.repeat(lo, cnt) + k]
    return i, j
