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
"""
from __future__ import annotations

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

    def node_rows(self, nodes: np.ndarray) -> np.ndarray:
        """Distances from the given nodes to every node: (len(nodes), N)."""
        nodes = np.asarray(nodes, dtype=np.int64)
        if self._cache_ok:
            if self._full is None:
                self._full = self._dijkstra(np.arange(self.net.n_nodes))
            return self._full[nodes]
        return self._dijkstra(nodes)

    def _dijkstra(self, nodes):
        if len(nodes) == 0:
            return np.zeros((0, self.net.n_nodes))
        self.n_dijkstra += len(nodes)
        return dijkstra(self.graph, directed=False, indices=nodes)

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
        nodes, inv = np.unique(np.concatenate([src["u"], src["v"]]), return_inverse=True)
        rows = self.node_rows(nodes)
        iu, iv = inv[:nb], inv[nb:]
        # distance from each source location to every node
        dp = rows[iu]
        dp += src["cu"][:, None]
        t = rows[iv]
        t += src["cv"][:, None]
        np.minimum(dp, t, out=dp)
        del t
        d = dp[:, dst["u"]]
        d += dst["cu"][None, :]
        t = dp[:, dst["v"]]
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
