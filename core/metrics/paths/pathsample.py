"""Edge-disjoint path decomposition of a LineNetwork and resampling of the
paths into short segments (OPT-P, Citraro et al. ECCV 2020, sec. 3.1).

Decomposition (seeded): repeatedly start at a random dead end of what is
left of the graph (a node with one unused edge end; a random node with
unused edges when no dead end is left), then walk: at each node take a
random unused edge leading to a node not yet on the current path; when only
edges back onto the path remain, take one of them and stop (the path closes
a loop); stop when the node has no unused edge.  Every edge belongs to
exactly one path.  The walk runs on the canonical network (core/network/build.py),
so the paths do not depend on how features are split, ordered or directed.

Resampling: every edge of a path of length L is cut into
n = max(1, ceil(L / spacing)) equal pieces, so path points include every
node the path passes and consecutive points are at most ``spacing`` metres
apart along the path.
"""
from __future__ import annotations

import numpy as np


class _IndexedSet:
    """Set of ints with O(1) insert, delete and uniformly random pick."""

    def __init__(self, size):
        self.items = []
        self.pos = np.full(size, -1, dtype=np.int64).tolist()

    def __len__(self):
        return len(self.items)

    def add(self, x):
        if self.pos[x] < 0:
            self.pos[x] = len(self.items)
            self.items.append(x)

    def discard(self, x):
        i = self.pos[x]
        if i < 0:
            return
        last = self.items.pop()
        if last != x:
            self.items[i] = last
            self.pos[last] = i
        self.pos[x] = -1

    def pick(self, gen):
        return self.items[int(gen.integers(len(self.items)))]


def loop_flips(net) -> np.ndarray:
    """For each edge, True when it is a self-loop (a ring) that should be
    walked from its end to its start to follow a canonical direction:
    the one leaving the node with the lexicographically smaller unit
    direction (dx, dy).  Unlike the order of the neighbouring vertices, the
    leaving directions do not change when a feature is split or densified.
    """
    flip = np.zeros(net.n_edges, dtype=bool)
    loops = np.nonzero(net.edge_u == net.edge_v)[0]
    if len(loops) == 0:
        return flip
    a, b = net.edge_ptr[loops], net.edge_ptr[loops + 1] - 1
    d1 = net.vert_xy[a + 1] - net.vert_xy[a]
    d2 = net.vert_xy[b - 1] - net.vert_xy[b]
    d1 = d1 / np.hypot(d1[:, 0], d1[:, 1])[:, None]
    d2 = d2 / np.hypot(d2[:, 0], d2[:, 1])[:, None]
    tol = 1e-9
    second = (d2[:, 0] < d1[:, 0] - tol) | ((np.abs(d2[:, 0] - d1[:, 0]) <= tol) & (d2[:, 1] < d1[:, 1]))
    flip[loops] = second
    return flip


def decompose_paths(net, gen) -> list:
    """Edge-disjoint paths covering every edge of ``net``.

    Returns a list of (edges, forward) int/bool arrays: the edges of each path
    in walking order and whether each is walked from edge_u to edge_v."""
    n, m = net.n_nodes, net.n_edges
    if m == 0:
        return []
    eu = net.edge_u.tolist()
    ev = net.edge_v.tolist()
    ends = np.concatenate([net.edge_u, net.edge_v])
    eid = np.concatenate([np.arange(m), np.arange(m)])
    o = np.lexsort((eid, ends))
    ptr = np.searchsorted(ends[o], np.arange(n + 1)).tolist()
    adj = eid[o].tolist()
    deg = net.node_degree().tolist()
    flips = loop_flips(net).tolist()
    used = [False] * m
    dead = _IndexedSet(n)
    alive = _IndexedSet(n)
    for k in range(n):
        if deg[k] > 0:
            alive.add(k)
        if deg[k] == 1:
            dead.add(k)

    def drop_end(k, by):
        deg[k] -= by
        if deg[k] == 1:
            dead.add(k)
        else:
            dead.discard(k)
        if deg[k] == 0:
            alive.discard(k)

    paths = []
    while len(alive):
        cur = dead.pick(gen) if len(dead) else alive.pick(gen)
        on_path = {cur}
        edges, fwd = [], []
        while True:
            opts = [e for e in adj[ptr[cur]:ptr[cur + 1]] if not used[e]]
            if not opts:
                break
            # a self-loop is listed twice at its node
            opts = list(dict.fromkeys(opts))
            open_ = [e for e in opts if (ev[e] if eu[e] == cur else eu[e]) not in on_path]
            pool = open_ if open_ else opts
            e = pool[int(gen.integers(len(pool)))] if len(pool) > 1 else pool[0]
            used[e] = True
            if eu[e] == ev[e]:
                drop_end(cur, 2)
                nxt = cur
            else:
                nxt = ev[e] if eu[e] == cur else eu[e]
                drop_end(eu[e], 1)
                drop_end(ev[e], 1)
            edges.append(e)
            fwd.append(not flips[e] if eu[e] == ev[e] else eu[e] == cur)
            if not open_:
                break
            on_path.add(nxt)
            cur = nxt
        paths.append((np.asarray(edges, dtype=np.int64), np.asarray(fwd, dtype=bool)))
    return paths


class PathPoints:
    """Resampled points of a list of paths, concatenated.

    Attributes: ``ptr`` (n_paths + 1) into the point arrays; ``xy`` (k, 2);
    ``s`` arc length of each point from its path's start (m); ``edge`` and
    ``offset`` the location of each point on the network; ``length`` the
    length of each path (m)."""

    def __init__(self, net, paths, spacing):
        if spacing <= 0:
            raise ValueError("the resampling spacing must be > 0")
        self.net = net
        self.paths = paths
        npaths = len(paths)
        if npaths == 0:
            self.ptr = np.zeros(1, dtype=np.int64)
            self.xy = np.zeros((0, 2))
            self.s = self.offset = np.zeros(0)
            self.edge = np.zeros(0, dtype=np.int64)
            self.length = np.zeros(0)
            return
        pe = np.concatenate([p[0] for p in paths])
        pf = np.concatenate([p[1] for p in paths])
        plen = np.array([len(p[0]) for p in paths])
        pid = np.repeat(np.arange(npaths), plen)
        first = np.r_[True, pid[1:] != pid[:-1]]
        L = net.edge_length[pe]
        pieces = np.maximum(np.ceil(L / spacing - 1e-9).astype(np.int64), 1)
        # points per path edge: its pieces' ends, plus the start on a path's first edge
        npts = pieces + first
        tot = int(npts.sum())
        owner = np.repeat(np.arange(len(pe)), npts)
        k = np.arange(tot) - np.repeat(np.cumsum(npts) - npts, npts) + 1 - first[owner]
        along = L[owner] * k / pieces[owner]
        self.edge = pe[owner]
        self.offset = np.where(pf[owner], along, L[owner] - along)
        self.xy = net.point_at(self.edge, self.offset)
        # arc length from the path start
        start_of_edge = np.cumsum(L) - L
        path_start = np.repeat((np.cumsum(L) - L)[first], plen)
        self.s = (start_of_edge - path_start)[owner] + along
        counts = np.bincount(pid[owner], minlength=npaths)
        self.ptr = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
        self.length = np.bincount(pid, weights=L, minlength=npaths)

    def __len__(self):
        return len(self.paths)

    def path_polyline(self, k) -> tuple[np.ndarray, np.ndarray]:
        """(polyline (v, 2), arc length at each vertex) of path k."""
        net = self.net
        edges, fwd = self.paths[k]
        xs, cs = [], []
        base = 0.0
        for j, (e, f) in enumerate(zip(edges.tolist(), fwd.tolist())):
            a, b = net.edge_ptr[e], net.edge_ptr[e + 1]
            pl = net.vert_xy[a:b]
            cl = net.vert_len[a:b]
            L = net.edge_length[e]
            if not f:
                pl = pl[::-1]
                cl = L - cl[::-1]
            if j:
                pl, cl = pl[1:], cl[1:]
            xs.append(pl)
            cs.append(cl + base)
            base += L
        return np.concatenate(xs), np.concatenate(cs)


def sub_polyline(xy, cum, s0, s1) -> np.ndarray:
    """The part of a polyline between arc lengths s0 <= s1 (interpolated
    ends); a degenerate two-point line when s0 == s1."""
    first, last = float(cum[0]), float(cum[-1])
    s0 = min(max(float(s0), first), last)
    s1 = min(max(float(s1), s0), last)
    i0 = int(cum.searchsorted(s0, side="right"))
    i1 = int(cum.searchsorted(s1, side="left"))
    k = max(i1 - i0, 0)
    out = np.empty((k + 2, 2))
    out[0] = _interp(xy, cum, s0, i0 - 1)
    if k:
        out[1:-1] = xy[i0:i1]
    out[-1] = _interp(xy, cum, s1, i1 - 1)
    return out


def _interp(xy, cum, s, i):
    """Point at arc length s on segment i (clamped to the polyline)."""
    i = min(max(i, 0), len(cum) - 2)
    c0 = float(cum[i])
    seg = float(cum[i + 1]) - c0
    f = (s - c0) / seg if seg > 0 else 0.0
    f = min(max(f, 0.0), 1.0)
    return xy[i] + f * (xy[i + 1] - xy[i])
