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
trees are grown on the network without its dead ends (a degree-1 node whose
neighbour is a junction): a dead end's distance is its neighbour's plus the
edge, and its row is the neighbour's row plus the edge.  This changes no
distance but may round the last bit of a dead end's row differently from a
tree grown at the dead end itself; the whole-matrix path stays as it was.
"""
from __future__ import annotations

import threading

import numpy as np
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import dijkstra


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
        the least-recently-used row store (rows computed when missing)."""
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
        slots = self._lru.lookup(uniq, self._rows_reduced)
        return self._lru.rows, slots[inv.reshape(-1)]

    def _dijkstra(self, nodes):
        if len(nodes) == 0:
            return np.zeros((0, self.net.n_nodes))
        self.n_dijkstra += len(nodes)
        return dijkstra(self.graph, directed=False, indices=nodes)

    def _rows_reduced(self, nodes):
        """Rows of ``nodes`` (unique) from trees grown on the network without
        its dead ends (module docstring); a dead end whose neighbour's row is
        stored takes it from the store."""
        if self._reduced is None:
            self._reduced = _DeadEnds(self.graph)
        r = self._reduced
        src = np.where(r.leaf[nodes], r.nbr[nodes], nodes)
        have = self._lru.slot_of[src] if self._lru is not None else np.full(len(src), -1)
        need = np.unique(src[have < 0])
        self.n_dijkstra += len(need)
        grown = r.expand(dijkstra(r.core_graph, directed=False, indices=r.index[need]))
        rows = np.empty((len(nodes), self.net.n_nodes))
        got = have >= 0
        rows[got] = self._lru.rows[have[got]] if got.any() else 0.0
        rows[~got] = grown[np.searchsorted(need, src[~got])]
        lf = np.nonzero(r.leaf[nodes])[0]
        if len(lf):
            rows[lf] += r.w[nodes[lf]][:, None]
            rows[lf, nodes[lf]] = 0.0
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


class _DeadEnds:
    """The network without its dead ends (degree-1 nodes whose neighbour has
    degree >= 2), for Dijkstra: ``leaf``, ``nbr`` and ``w`` (the dead end's
    neighbour and edge), ``core_graph`` on the other nodes (``index`` maps a
    node to its row there) and :meth:`expand` back to every node."""

    def __init__(self, graph):
        n = graph.shape[0]
        g = graph.tocoo()
        a, b, w = g.row.astype(np.int64), g.col.astype(np.int64), g.data
        deg = np.bincount(a, minlength=n) + np.bincount(b, minlength=n)
        self.nbr = np.full(n, -1, np.int64)
        self.w = np.zeros(n)
        for x, y in ((a, b), (b, a)):
            one = deg[x] == 1
            self.nbr[x[one]] = y[one]
            self.w[x[one]] = w[one]
        self.leaf = (deg == 1) & (deg[np.maximum(self.nbr, 0)] >= 2)
        self.core = np.nonzero(~self.leaf)[0]
        self.leaves = np.nonzero(self.leaf)[0]
        self.index = np.full(n, -1, np.int64)
        self.index[self.core] = np.arange(len(self.core))
        keep = ~self.leaf[a] & ~self.leaf[b]
        m = len(self.core)
        self.core_graph = coo_matrix((w[keep], (self.index[a[keep]], self.index[b[keep]])),
                                     shape=(m, m)).tocsr()
        self.n = n

    def expand(self, core_rows):
        """Rows over the core nodes to rows over every node (a dead end:
        its neighbour's distance plus the edge, as Dijkstra relaxes it)."""
        rows = np.empty((len(core_rows), self.n))
        rows[:, self.core] = core_rows
        lv = self.leaves
        rows[:, lv] = core_rows[:, self.index[self.nbr[lv]]] + self.w[lv]
        return rows


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
