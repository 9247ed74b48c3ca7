"""Shortest routes between given pairs of locations (not all pairs).

For pairs (p_k, q_k) of locations (edge, offset) the route length is

    min over ends a of p's edge, b of q's edge of  c(p, a) + D[a, b] + c(b, q)

and |c_p - c_q| along a shared edge, as in core/network/paths.py, but only the k
needed values are gathered: Dijkstra runs from the end nodes of a block of
source locations at a time (memory bounded), never over all node pairs.
Optionally the route geometry is traced from Dijkstra's predecessors.
"""
from __future__ import annotations

import numpy as np

from .intervals import EdgeLine
from ...lazy_scipy import dijkstra


def edge_pieces(net, e, o1, o2) -> tuple[np.ndarray, np.ndarray]:
    """Many edge pieces at once: piece k runs along edge e[k] from offset
    o1[k] to o2[k] (backwards when o1 > o2): its interpolated ends and the
    edge vertices strictly between.  Returns (xy, ptr) with piece k in
    xy[ptr[k]:ptr[k+1]]."""
    line = EdgeLine(net)
    vglob = net.vert_len + line.base[net.vert_edge]
    lo, hi = np.minimum(o1, o2), np.maximum(o1, o2)
    a = np.searchsorted(vglob, line.base[e] + lo, side="right")
    b = np.searchsorted(vglob, line.base[e] + hi, side="left")
    a = np.maximum(a, net.edge_ptr[e])
    b = np.minimum(b, net.edge_ptr[e + 1])
    inner = np.maximum(b - a, 0)
    cnt = inner + 2
    ptr = np.concatenate([[0], np.cumsum(cnt)]).astype(np.int64)
    n = int(ptr[-1])
    owner = np.repeat(np.arange(len(e)), cnt)
    j = np.arange(n) - ptr[:-1][owner]  # 0 .. cnt - 1 within the piece
    rev = o1 > o2
    jj = np.where(rev[owner], cnt[owner] - 1 - j, j)  # position in increasing offset order
    xy = np.empty((n, 2))
    first = jj == 0
    lastp = jj == cnt[owner] - 1
    mid = ~(first | lastp)
    xy[first] = net.point_at(e[owner[first]], lo[owner[first]])
    xy[lastp] = net.point_at(e[owner[lastp]], hi[owner[lastp]])
    xy[mid] = net.vert_xy[a[owner[mid]] + jj[mid] - 1]
    return xy, ptr


def edge_piece(net, e, o1, o2) -> np.ndarray:
    """Polyline of edge ``e`` from offset o1 to offset o2."""
    xy, _ = edge_pieces(net, np.array([e]), np.array([float(o1)]), np.array([float(o2)]))
    return xy


class PairRouter:
    """Route lengths (and optionally geometries) between location pairs on
    the network of a core.network.paths.NetworkDistances (length-weighted)."""

    def __init__(self, distances, block=128):
        self.nd = distances
        self.net = distances.net
        self.block = int(block)
        self._edge_of = None

    def _edge_lookup(self):
        """(min node, max node) -> the cheapest edge between them, the one
        NetworkDistances keeps in its graph."""
        if self._edge_of is None:
            net = self.net
            u, v = net.edge_u, net.edge_v
            ok = np.nonzero(u != v)[0]
            a, b = np.minimum(u[ok], v[ok]), np.maximum(u[ok], v[ok])
            w = np.maximum(net.edge_length[ok], 1e-12)
            o = np.lexsort((w, b, a))
            a, b, e = a[o], b[o], ok[o]
            first = np.r_[True, (a[1:] != a[:-1]) | (b[1:] != b[:-1])] if len(a) else np.zeros(0, bool)
            self._edge_of = dict(zip(zip(a[first].tolist(), b[first].tolist()), e[first].tolist()))
        return self._edge_of

    def routes(self, se, so, de, do, geometry=False) -> tuple:
        """Lengths (inf where not connected) and, with ``geometry``, a list of
        polylines (None where not connected)."""
        net = self.net
        se = np.asarray(se, dtype=np.int64)
        de = np.asarray(de, dtype=np.int64)
        so = np.asarray(so, dtype=float)
        do = np.asarray(do, dtype=float)
        n = len(se)
        dist = np.full(n, np.inf)
        if n == 0 or net.n_edges == 0:
            return dist, ([None] * n if geometry else None)
        scu, scv = self.nd.end_costs(se, so)
        dcu, dcv = self.nd.end_costs(de, do)
        su, sv = net.edge_u[se], net.edge_v[se]
        du, dv = net.edge_u[de], net.edge_v[de]
        order = np.argsort(se, kind="stable")
        plan = [None] * n
        for s0 in range(0, n, self.block):
            idx = order[s0:s0 + self.block]
            k = len(idx)
            nodes, inv = np.unique(np.concatenate([su[idx], sv[idx]]), return_inverse=True)
            # Dijkstra from this block's end nodes only (never all pairs)
            if geometry:
                D, pred = dijkstra(self.nd.graph, directed=False, indices=nodes,
                                   return_predecessors=True)
            else:
                D = dijkstra(self.nd.graph, directed=False, indices=nodes)
            iu, iv = inv[:k], inv[k:]
            c = np.stack([scu[idx] + D[iu, du[idx]] + dcu[idx],
                          scu[idx] + D[iu, dv[idx]] + dcv[idx],
                          scv[idx] + D[iv, du[idx]] + dcu[idx],
                          scv[idx] + D[iv, dv[idx]] + dcv[idx]])
            best = np.argmin(c, axis=0)
            val = c[best, np.arange(k)]
            direct = np.where(se[idx] == de[idx], np.abs(scu[idx] - dcu[idx]), np.inf)
            use_direct = direct <= val
            dist[idx] = np.where(use_direct, direct, val)
            if geometry:
                for j in np.nonzero(np.isfinite(dist[idx]))[0].tolist():
                    plan[idx[j]] = self._plan(idx[j], use_direct[j], best[j],
                                              iu[j] if best[j] < 2 else iv[j], pred,
                                              se, so, de, do)
        return dist, (self._build(plan) if geometry else None)

    def _build(self, plan):
        """Polylines from route plans (lists of (edge, from offset, to
        offset) pieces), all pieces extracted at once."""
        net = self.net
        rows = [(k, e, a, b) for k, p in enumerate(plan) if p is not None for (e, a, b) in p]
        out = [None] * len(plan)
        if not rows:
            return out
        r = np.array(rows, dtype=float)
        route = r[:, 0].astype(np.int64)
        xy, ptr = edge_pieces(net, r[:, 1].astype(np.int64), r[:, 2], r[:, 3])
        owner = np.repeat(route, np.diff(ptr))
        dup = np.r_[False, np.all(xy[1:] == xy[:-1], axis=1) & (owner[1:] == owner[:-1])]
        xy, owner = xy[~dup], owner[~dup]
        cut = np.searchsorted(owner, np.arange(len(plan) + 1))
        for k in range(len(plan)):
            if plan[k] is not None:
                g = xy[cut[k]:cut[k + 1]]
                out[k] = g if len(g) > 1 else np.vstack([g, g])
        return out

    def _plan(self, i, direct, combo, row, pred, se, so, de, do):
        """The pieces (edge, from offset, to offset) of one route."""
        net = self.net
        if direct:
            return [(se[i], so[i], do[i])]
        from_u = combo < 2
        to_u = combo % 2 == 0
        a = net.edge_u[se[i]] if from_u else net.edge_v[se[i]]
        b = net.edge_u[de[i]] if to_u else net.edge_v[de[i]]
        pieces = [(se[i], so[i], 0.0 if from_u else net.edge_length[se[i]])]
        seq = [int(b)]
        while seq[-1] != a:
            p = int(pred[row, seq[-1]])
            if p < 0:
                break
            seq.append(p)
        seq.reverse()
        lookup = self._edge_lookup()
        L = net.edge_length
        for x, y in zip(seq[:-1], seq[1:]):
            e = lookup[(min(x, y), max(x, y))]
            pieces.append((e, 0.0, L[e]) if net.edge_u[e] == x else (e, L[e], 0.0))
        pieces.append((de[i], 0.0 if to_u else L[de[i]], do[i]))
        return pieces
