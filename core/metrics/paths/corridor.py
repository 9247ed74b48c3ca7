"""Connectivity of candidate locations inside a corridor (OPT-P transitions).

Two consecutive points p_t, p_t+1 of a path, with candidate locations a and b
on another network B: the transition a -> b is *free* when B has a route from
a to b that

* stays inside the corridor: every point of the route within ``width``
  metres of the segment [p_t, p_t+1] (a convex capsule, so checking the
  route's vertices and ends is exact);
* uses no part of B already consumed by earlier matches;
* is either the stretch of one edge between a and b, or leaves a's edge at
  one of its ends, crosses at most ``max_hops - 2`` whole edges of B and
  enters b's edge at one of its ends (``max_hops`` counts the edges and
  partial edges the route walks, as the reference counts graph hops).

Among free routes the shortest is kept.  The search is local: a bounded
Bellman-Ford over the edges whose both ends lie in the corridor, for all
transitions of a path at once; nothing is tabulated over node pairs.
"""
from __future__ import annotations

import numpy as np

from .intervals import EdgeLine

INSIDE_TOL = 1e-9


class CorridorRouter:
    def __init__(self, net, width, max_hops):
        self.net = net
        self.width = float(width)
        self._w2 = (self.width + INSIDE_TOL) ** 2
        self.max_mid = max(int(max_hops) - 2, 0)
        self.allow_via = int(max_hops) >= 2  # leaving a's edge and entering b's: 2 hops
        self.line = EdgeLine(net)
        n, m = net.n_nodes, net.n_edges
        ends = np.concatenate([net.edge_u, net.edge_v])
        eid = np.concatenate([np.arange(m), np.arange(m)])
        other = np.concatenate([net.edge_v, net.edge_u])
        o = np.lexsort((eid, ends))
        self.adj_ptr = np.searchsorted(ends[o], np.arange(n + 1))
        self.adj_edge = eid[o]
        self.adj_other = other[o]
        self.vglob = net.vert_len + self.line.base[net.vert_edge] if len(net.vert_xy) else np.zeros(0)
        self.ends = np.stack([net.edge_u, net.edge_v], axis=1) if m else np.zeros((0, 2), np.int64)

    # -- geometry tests ---------------------------------------------------
    def _inside(self, seg, t, xy):
        """Whether each point xy[i] lies within ``width`` of segment t[i];
        ``seg`` = (ax, ay, dx, dy, 1 / squared length) per segment."""
        ax, ay, dx, dy, inv = seg
        ax, ay, dx, dy = ax[t], ay[t], dx[t], dy[t]
        qx = xy[:, 0] - ax
        qy = xy[:, 1] - ay
        f = (qx * dx + qy * dy) * inv[t]
        np.maximum(f, 0.0, out=f)
        np.minimum(f, 1.0, out=f)
        qx -= f * dx
        qy -= f * dy
        return qx * qx + qy * qy <= self._w2

    def _interval_ok(self, seg, t, e, o1, o2, xy1, xy2, consumed):
        """[o1, o2] of edge e (o1 <= o2; its end points xy1, xy2) inside
        corridor t and not consumed: its ends and the edge vertices between
        them are tested in one go (the corridor is convex)."""
        net, base = self.net, self.line.base
        n = len(e)
        ok = np.ones(n, dtype=bool)
        if n == 0:
            return ok
        g1, g2 = base[e] + o1, base[e] + o2
        if consumed is not None and len(consumed):
            ok &= ~consumed.overlaps(g1, g2)
        i = np.nonzero(ok)[0]
        if len(i) == 0:
            return ok
        lo = np.searchsorted(self.vglob, g1[i], side="right")
        hi = np.searchsorted(self.vglob, g2[i], side="left")
        lo = np.maximum(lo, net.edge_ptr[e[i]])
        hi = np.minimum(hi, net.edge_ptr[e[i] + 1])
        cnt = np.maximum(hi - lo, 0)
        tot = int(cnt.sum())
        rows = np.concatenate([i, i])
        pts = np.concatenate([xy1[i], xy2[i]])
        if tot:
            rep = np.repeat(np.arange(len(i)), cnt)
            v = lo[rep] + np.arange(tot) - np.repeat(np.cumsum(cnt) - cnt, cnt)
            rows = np.concatenate([rows, i[rep]])
            pts = np.concatenate([pts, net.vert_xy[v]])
        bad = ~self._inside(seg, t[rows], pts)
        ok[rows[bad]] = False
        return ok

    # -- routes -------------------------------------------------------------
    def free_pairs(self, xy, cp, ce, co, cxy, consumed) -> dict[str, np.ndarray]:
        """All free transitions of one path.

        ``xy`` (n, 2) path points; candidates (sorted by point) at local point
        ``cp``, edge ``ce``, offset ``co``, position ``cxy``.  Returns a dict
        of arrays over the free pairs: a, b (candidate indices), t (transition), length (route
        length, m), kind (0: along one edge, 1: through nodes), ka, kb (end of
        a's / b's edge used: 0 = edge_u, 1 = edge_v) and state (last state of
        the intermediate chain); plus the chain states for ``route_intervals``."""
        n = len(xy)
        ax, ay = xy[:-1, 0], xy[:-1, 1]
        dx, dy = xy[1:, 0] - ax, xy[1:, 1] - ay
        seg = (ax, ay, dx, dy, 1.0 / np.maximum(dx * dx + dy * dy, 1e-300))
        self._states = None
        pairs = _candidate_pairs(cp, n)
        if pairs is None:
            return dict(a=np.zeros(0, np.int64), b=np.zeros(0, np.int64),
                        t=np.zeros(0, np.int64), length=np.zeros(0),
                        kind=np.zeros(0, np.int64), ka=np.zeros(0, np.int64),
                        kb=np.zeros(0, np.int64), state=np.zeros(0, np.int64))
        t, a, b = pairs
        direct = self._direct_lengths(seg, t, a, b, ce, co, cxy, consumed)
        ex_len, en_len = self._node_legs(seg, n, cp, ce, co, cxy, consumed)
        via, best_ka, best_kb, best_state = self._via_lengths(seg, t, a, b, cp, ce, ex_len,
                                                               en_len, consumed)
        length = np.minimum(direct, via)
        free = np.isfinite(length)
        kind = np.where(direct <= via, 0, 1)
        f = np.nonzero(free)[0]
        return dict(a=a[f], b=b[f], t=t[f], length=length[f], kind=kind[f], ka=best_ka[f],
                    kb=best_kb[f], state=best_state[f])

    def _direct_lengths(self, seg, t, a, b, ce, co, cxy, consumed):
        """Route length of each pair along one edge (inf when the two
        candidates are on different edges or the stretch leaves the corridor)."""
        ea, eb, oa, ob = ce[a], ce[b], co[a], co[b]
        direct = np.full(len(t), np.inf)
        same = np.nonzero(ea == eb)[0]
        if len(same):
            o1 = np.minimum(oa[same], ob[same])
            o2 = np.maximum(oa[same], ob[same])
            swap = oa[same] > ob[same]
            x1 = np.where(swap[:, None], cxy[b[same]], cxy[a[same]])
            x2 = np.where(swap[:, None], cxy[a[same]], cxy[b[same]])
            ok = self._interval_ok(seg, t[same], ea[same], o1, o2, x1, x2, consumed)
            direct[same[ok]] = (o2 - o1)[ok]
        return direct

    def _node_legs(self, seg, n, cp, ce, co, cxy, consumed):
        """Lengths from each candidate to the two ends of its edge (exits, as
        the start of transition cp) and from the ends to it (entries, as the
        end of transition cp - 1); inf when the leg leaves the corridor."""
        L = self.net.edge_length
        cand_idx = np.arange(len(cp))
        ex_len = np.full((len(cp), 2), np.inf)
        en_len = np.full((len(cp), 2), np.inf)
        for lens, tt in ((ex_len, cp), (en_len, cp - 1)):
            valid = (tt >= 0) & (tt < n - 1)
            for kk in (0, 1):
                i = cand_idx[valid]
                nxy = self.net.node_xy[self.ends[ce[i], kk]]
                inn = self._inside(seg, tt[i], nxy)
                i, nxy = i[inn], nxy[inn]
                if len(i) == 0:
                    continue
                if kk == 0:
                    o1, o2, x1, x2 = np.zeros(len(i)), co[i], nxy, cxy[i]
                else:
                    o1, o2, x1, x2 = co[i], L[ce[i]], cxy[i], nxy
                ok = self._interval_ok(seg, tt[i], ce[i], o1, o2, x1, x2, consumed)
                lens[i[ok], kk] = (o2 - o1)[ok]
        return ex_len, en_len

    def _via_lengths(self, seg, t, a, b, cp, ce, ex_len, en_len, consumed):
        """Shortest route of each pair through nodes (exit leg + whole edges
        in the corridor + entry leg), with the edge ends used and the chain's
        last state."""
        tot = len(t)
        via = np.full(tot, np.inf)
        best_ka = np.zeros(tot, np.int64)
        best_kb = np.zeros(tot, np.int64)
        best_state = np.full(tot, -1, np.int64)
        exits = np.nonzero(np.isfinite(ex_len))
        if not (len(exits[0]) and self.allow_via):
            return via, best_ka, best_kb, best_state
        ea, eb = ce[a], ce[b]
        reach = self._reach(seg, cp[exits[0]], self.ends[ce[exits[0]], exits[1]], consumed)
        for ka in (0, 1):
            for kb in (0, 1):
                la, lb = ex_len[a, ka], en_len[b, kb]
                ok = np.isfinite(la) & np.isfinite(lb)
                i = np.nonzero(ok)[0]
                if len(i) == 0:
                    continue
                d, st = reach(t[i], self.ends[ea[i], ka], self.ends[eb[i], kb])
                tot_len = la[i] + d + lb[i]
                better = tot_len < via[i]
                j = i[better]
                via[j] = tot_len[better]
                best_ka[j], best_kb[j], best_state[j] = ka, kb, st[better]
        return via, best_ka, best_kb, best_state

    def _reach(self, seg, root_t, root_node, consumed):
        """Bounded Bellman-Ford from (transition, node) roots over whole edges
        inside each corridor.  Returns lookup(t, n, m) -> (length, state)."""
        net = self.net
        N = max(net.n_nodes, 1)
        L = net.edge_length
        rkey = np.unique(root_t.astype(np.int64) * N + root_node)
        rt, rn = rkey // N, rkey % N
        R = len(rkey)
        # states
        s_t = rt.copy()
        s_root = np.arange(R)
        s_node = rn.copy()
        s_dist = np.zeros(R)
        s_par = np.full(R, -1, np.int64)
        s_edge = np.full(R, -1, np.int64)
        best_key = s_root * N + s_node
        best_state = np.arange(R)
        frontier = np.arange(R)
        for _ in range(self.max_mid):
            if len(frontier) == 0:
                break
            x = s_node[frontier]
            deg = self.adj_ptr[x + 1] - self.adj_ptr[x]
            tot = int(deg.sum())
            if tot == 0:
                break
            rep = np.repeat(np.arange(len(frontier)), deg)
            j = self.adj_ptr[x][rep] + np.arange(tot) - np.repeat(np.cumsum(deg) - deg, deg)
            e, y = self.adj_edge[j], self.adj_other[j]
            src = frontier[rep]
            tt = s_t[src]
            ok = net.edge_u[e] != net.edge_v[e]
            i = np.nonzero(ok)[0]
            ok[i] = self._inside(seg, tt[i], net.node_xy[y[i]])
            i = np.nonzero(ok)[0]
            ei = e[i]
            ok[i] = self._interval_ok(seg, tt[i], ei, np.zeros(len(i)), L[ei],
                                      net.node_xy[net.edge_u[ei]], net.node_xy[net.edge_v[ei]],
                                      consumed)
            i = np.nonzero(ok)[0]
            if len(i) == 0:
                break
            n0 = len(s_t)
            s_t = np.concatenate([s_t, tt[i]])
            s_root = np.concatenate([s_root, s_root[src[i]]])
            s_node = np.concatenate([s_node, y[i]])
            s_dist = np.concatenate([s_dist, s_dist[src[i]] + L[e[i]]])
            s_par = np.concatenate([s_par, src[i]])
            s_edge = np.concatenate([s_edge, e[i]])
            new = np.arange(n0, len(s_t))
            keys = np.concatenate([best_key, s_root[new] * N + s_node[new]])
            cand = np.concatenate([best_state, new])
            is_new = np.concatenate([np.zeros(len(best_key), bool), np.ones(len(new), bool)])
            o = np.lexsort((is_new, s_dist[cand], keys))
            ks = keys[o]
            first = o[np.concatenate([[True], ks[1:] != ks[:-1]])]
            best_key, best_state = keys[first], cand[first]
            frontier = cand[first[is_new[first]]]
        self._states = (s_par, s_edge)

        def lookup(t, n, m):
            r = np.searchsorted(rkey, t.astype(np.int64) * N + n)
            r = np.minimum(r, R - 1)
            okr = rkey[r] == t.astype(np.int64) * N + n
            key = r * N + m
            p = np.minimum(np.searchsorted(best_key, key), len(best_key) - 1)
            ok = okr & (best_key[p] == key)
            d = np.where(ok, s_dist[best_state[p]], np.inf)
            return d, np.where(ok, best_state[p], -1)
        return lookup

    def route_intervals(self, pairs, sel, ce, co) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The routes of the selected free pairs (indices into ``pairs``) as
        edge intervals: (edge, from offset, to offset) arrays, from <= to."""
        L = self.net.edge_length
        es, los, his = [], [], []
        a, b = pairs["a"][sel], pairs["b"][sel]
        kind = pairs["kind"][sel]
        d = kind == 0
        if d.any():
            es.append(ce[a[d]])
            los.append(np.minimum(co[a[d]], co[b[d]]))
            his.append(np.maximum(co[a[d]], co[b[d]]))
        v = ~d
        if v.any():
            ka, kb = pairs["ka"][sel][v], pairs["kb"][sel][v]
            ea, eb = ce[a[v]], ce[b[v]]
            oa, ob = co[a[v]], co[b[v]]
            es += [ea, eb]
            los += [np.where(ka == 0, 0.0, oa), np.where(kb == 0, 0.0, ob)]
            his += [np.where(ka == 0, oa, L[ea]), np.where(kb == 0, ob, L[eb])]
            s_par, s_edge = self._states
            st = pairs["state"][sel][v]
            st = st[st >= 0]
            while len(st):
                e = s_edge[st]
                e = e[e >= 0]
                es.append(e)
                los.append(np.zeros(len(e)))
                his.append(L[e])
                st = s_par[st]
                st = st[st >= 0]
        if not es:
            return np.zeros(0, np.int64), np.zeros(0), np.zeros(0)
        return np.concatenate(es), np.concatenate(los), np.concatenate(his)


def _candidate_pairs(cp, n):
    """Every (candidate at point i, candidate at point i + 1) pair of a path
    of ``n`` points whose candidates are sorted by point ``cp``: (transition
    t, a, b), or None when there is none."""
    cnt = np.bincount(cp, minlength=n)
    ptr = np.concatenate([[0], np.cumsum(cnt)])
    na, nb = cnt[:-1], cnt[1:]
    npair = na * nb
    tot = int(npair.sum())
    if tot == 0:
        return None
    t = np.repeat(np.arange(n - 1), npair)
    k = np.arange(tot) - np.repeat(np.cumsum(npair) - npair, npair)
    a = ptr[t] + k // nb[t]
    b = ptr[t + 1] + k % nb[t]
    return t, a, b
