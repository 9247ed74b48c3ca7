"""Samples along the lines of a LineNetwork, and their distance to another
set of segments.

Samples are defined on the canonical network (core/network/build.py) by arc length
only, so splitting, reversing, reordering or densifying features never moves
one.  Every edge of length L is cut into n = max(1, ceil(L / step)) equal
intervals (at most ``step`` metres long):

* **knots** -- the n + 1 interval ends of every edge (both nodes included);
  the distance to the other network is modelled as linear between
  consecutive knots (:class:`DistanceProfile`): integrals are the trapezoid
  rule, quantiles are those of the length-weighted piecewise-linear
  distribution.  The distance to a set is 1-Lipschitz along a line, so the
  model is within step / 2 of the true distance everywhere, and exact where
  the distance is linear (e.g. along a straight line that leaves another at
  an angle);
* **centres** -- the interval midpoints, each standing for its interval's
  length (point matching: CbM, Pv).

Coordinates are taken relative to a local origin (``local_origin``) before
any arithmetic, so results do not depend on map coordinates of 10^6 m.

:class:`NearestSegment` gives the exact distance of many points to a set of
segments: a cKDTree over piece midpoints (segments cut into pieces of at
most ``piece`` metres) returns the K nearest pieces of every point; the
exact point-to-segment distance to their segments is certified when it is
not larger than (distance to the K-th piece midpoint - half a piece): every
other segment is then at least that far.  The few uncertified points (far
from every segment) go to core.network.snapping.SegmentIndex.nearest (unbounded,
exact).
"""
from __future__ import annotations

import threading

import numpy as np

from ...geometry.polyline import project_points_on_segments, straight_runs
from ...network.snapping import SegmentIndex, piece_tree
from ...parallel import cores, thread_map

PARALLEL_POINTS = 100_000  # query points from which chunks run on several threads
_FALLBACK_LOCK = threading.Lock()


def local_origin(*nets) -> np.ndarray:
    """Lower-left corner of the vertices of the given networks (0, 0 when
    all are empty)."""
    xy = [n.vert_xy for n in nets if len(n.vert_xy)]
    if not xy:
        return np.zeros(2)
    return np.min([a.min(axis=0) for a in xy], axis=0)


class EdgeSegments:
    """The segments of a network in local coordinates, in edge and vertex
    order: ``ax, ay, bx, by`` (m), ``edge``, ``len0``/``len1`` (arc length
    of both ends from the edge start), ``first`` (index of each edge's first
    segment, plus the total)."""

    def __init__(self, net, origin):
        s = net.segments()
        self.net = net
        self.origin = np.asarray(origin, float)
        self.ax = s["ax"] - origin[0]
        self.ay = s["ay"] - origin[1]
        self.bx = s["bx"] - origin[0]
        self.by = s["by"] - origin[1]
        self.edge = np.asarray(s["edge"], np.int64)
        self.len0 = s["len0"]
        self.len1 = s["len0"] + s["length"]
        if len(self.edge):
            v = s["vertex"]
            self.len1 = net.vert_len[v + 1]
            self._merge_straight_runs()
        self.first = np.searchsorted(self.edge, np.arange(net.n_edges + 1))
        self.heading = np.arctan2(self.by - self.ay, self.bx - self.ax)
        self._base = np.concatenate([[0.0], np.cumsum(net.edge_length + 1.0)])
        self._gstart = self._base[self.edge] + self.len0

    def __len__(self):
        return len(self.ax)

    def _merge_straight_runs(self):
        """Consecutive segments of one edge that form a straight line (every
        vertex between them within core.geometry.polyline.STRAIGHT_EPS_M of the line joining the
        run's ends, all pointing forward) become one segment.  Densely
        digitised or densified lines then cost what the lines as drawn
        without those vertices cost (the segment pairs within a tolerance
        grow with vertices x tolerance / segment length); the shape moves
        by at most STRAIGHT_EPS_M, and arc lengths (len0, len1) are the
        network's own."""
        run, first, last = straight_runs(self.edge, self.ax, self.ay, self.bx, self.by)
        if len(first) == len(self.edge):
            return
        self.ax, self.ay = self.ax[first], self.ay[first]
        self.bx, self.by = self.bx[last], self.by[last]
        self.edge = self.edge[first]
        self.len0, self.len1 = self.len0[first], self.len1[last]

    def locate(self, edge, offset) -> tuple:
        """Segment index, local (x, y) and heading at locations (edge, offset)."""
        edge = np.asarray(edge, np.int64)
        offset = np.asarray(offset, float)
        if len(edge) == 0:
            return np.zeros(0, np.int64), np.zeros((0, 2)), np.zeros(0)
        # last segment of the edge whose start is <= offset, searched on one
        # global arc-length line (edges laid end to end, 1 m apart)
        lo, hi = self.first[edge], self.first[edge + 1] - 1
        g = self._base[edge] + offset
        s = np.clip(np.searchsorted(self._gstart, g, side="right") - 1, lo, hi)
        span = self.len1[s] - self.len0[s]
        with np.errstate(invalid="ignore", divide="ignore"):
            f = np.where(span > 0, (offset - self.len0[s]) / span, 0.0)
        f = np.clip(f, 0.0, 1.0)
        xy = np.column_stack([self.ax[s] + f * (self.bx[s] - self.ax[s]),
                              self.ay[s] + f * (self.by[s] - self.ay[s])])
        return s, xy, self.heading[s]


def knot_layout(net, step) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Knots of every edge: (edge, offset, ptr) with ptr[e]:ptr[e+1] the
    knots of edge e (n_e + 1 of them, n_e = max(1, ceil(L / step)))."""
    L = net.edge_length
    n = np.maximum(np.ceil(L / step - 1e-9).astype(np.int64), 1)
    m = n + 1
    edge = np.repeat(np.arange(net.n_edges), m)
    k = np.arange(m.sum()) - np.repeat(np.cumsum(m) - m, m)
    off = L[edge] * k / n[edge]
    ptr = np.concatenate([[0], np.cumsum(m)]).astype(np.int64)
    return edge, off, ptr


def centre_layout(net, spacing) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Interval midpoints of every edge: (edge, offset, weight = interval
    length)."""
    L = net.edge_length
    n = np.maximum(np.ceil(L / spacing - 1e-9).astype(np.int64), 1)
    edge = np.repeat(np.arange(net.n_edges), n)
    k = np.arange(n.sum()) - np.repeat(np.cumsum(n) - n, n)
    off = L[edge] * (k + 0.5) / n[edge]
    return edge, off, (L / n)[edge]


class NearestSegment:
    """Exact nearest segment of many points (see the module docstring)."""

    K = 8

    def __init__(self, ax, ay, bx, by, piece=4.0):
        self.ax, self.ay = np.asarray(ax, float), np.asarray(ay, float)
        self.bx, self.by = np.asarray(bx, float), np.asarray(by, float)
        self.n = len(self.ax)
        if self.n == 0:
            return
        self.tree, self.piece_seg, self.half = piece_tree(self.ax, self.ay, self.bx, self.by, piece)
        self._fallback = None

    @classmethod
    def of(cls, segs, piece=4.0) -> NearestSegment:
        return cls(segs.ax, segs.ay, segs.bx, segs.by, piece)

    def query(self, px, py, chunk=250000) -> tuple:
        """(distance, segment, qx, qy) of the closest point of the segments
        to every point (inf, -1, nan, nan when there is no segment).  Chunks
        of points run on the run's cores (core/parallel.py: the KD-tree
        query and the projections release the GIL; each point's answer is
        its own, so the numbers do not depend on the chunks)."""
        px = np.asarray(px, float)
        py = np.asarray(py, float)
        m = len(px)
        dist = np.full(m, np.inf)
        seg = np.full(m, -1, np.int64)
        qx = np.full(m, np.nan)
        qy = np.full(m, np.nan)
        if m == 0 or self.n == 0:
            return dist, seg, qx, qy
        K = int(min(self.K, self.tree.n))
        n = cores() if m >= PARALLEL_POINTS else 1
        # n chunks in flight hold as many points as one serial chunk: the same peak memory
        chunk = max(1, min(-(-m // n), chunk // n))
        bounds = [(s, min(m, s + chunk)) for s in range(0, m, chunk)]

        def one(b):
            return self._query_chunk(px[b[0]:b[1]], py[b[0]:b[1]], K)
        for (s, e), r in zip(bounds, thread_map(one, bounds, n)):
            dist[s:e], seg[s:e], qx[s:e], qy[s:e] = r
        return dist, seg, qx, qy

    def _query_chunk(self, px, py, K) -> tuple:
        """query() for one chunk of points (K nearest pieces each)."""
        m = len(px)
        dk, ik = self.tree.query(np.column_stack([px, py]), k=K)
        dk = dk.reshape(m, K)
        cand = self.piece_seg[ik.reshape(m, K)]
        t, d, cx, cy = project_points_on_segments(
            px[:, None], py[:, None], self.ax[cand], self.ay[cand], self.bx[cand], self.by[cand])
        # lowest distance, ties to the lowest segment index
        d2 = np.where(d == d.min(axis=1, keepdims=True), cand, np.iinfo(np.int64).max)
        j = np.argmin(d2, axis=1)
        r = np.arange(m)
        dist, seg, qx, qy = d[r, j], cand[r, j], cx[r, j], cy[r, j]
        if K < self.tree.n:
            bad = dist > dk[:, -1] - self.half
            if bad.any():
                b = np.nonzero(bad)[0]
                with _FALLBACK_LOCK:  # chunks may run on threads: one fallback index
                    if self._fallback is None:
                        self._fallback = SegmentIndex(self.ax, self.ay, self.bx, self.by)
                sg, tt, dd = self._fallback.nearest(px[b], py[b])
                dist[b] = dd
                seg[b] = sg
                qx[b] = self.ax[sg] + tt * (self.bx[sg] - self.ax[sg])
                qy[b] = self.ay[sg] + tt * (self.by[sg] - self.ay[sg])
        return dist, seg, qx, qy


class PLDistribution:
    """Length-weighted piecewise-linear distribution: interval i (weight
    w_i) has its values spread uniformly between d0_i and d1_i (a jump where
    d0_i = d1_i).  Its CDF is built once (sorted breakpoints, slopes, jumps);
    :meth:`quantile` inverts it for any number of probabilities."""

    def __init__(self, d0, d1, w):
        d0 = np.asarray(d0, float)
        d1 = np.asarray(d1, float)
        w = np.asarray(w, float)
        keep = w > 0
        lo = np.minimum(d0, d1)[keep]
        hi = np.maximum(d0, d1)[keep]
        w = w[keep]
        self.empty = len(w) == 0
        if self.empty:
            return
        flat = hi - lo <= 1e-12 * np.maximum(1.0, hi)
        slope = np.where(flat, 0.0, w / np.where(flat, 1.0, hi - lo))
        pos = np.concatenate([lo, hi])
        o = np.argsort(pos, kind="stable")
        ps = pos[o]
        dslope = np.concatenate([slope, -slope])[o]
        jump = np.concatenate([np.where(flat, w, 0.0), np.zeros(len(hi))])[o]
        new = np.r_[True, ps[1:] != ps[:-1]]
        grp = np.cumsum(new) - 1
        X = ps[new]
        ds = np.bincount(grp, weights=dslope, minlength=len(X))
        J = np.bincount(grp, weights=jump, minlength=len(X))
        self.X = X
        self.J = J
        self.s_after = np.cumsum(ds)
        lin = np.concatenate([[0.0], np.cumsum(self.s_after[:-1] * np.diff(X))])
        self.F = np.cumsum(J) + lin

    def quantile(self, p) -> float | np.ndarray:
        """The smallest x with F(x) >= p (p in [0, 1], number or array);
        NaN when the total weight is 0."""
        scalar = np.ndim(p) == 0
        ps = np.clip(np.atleast_1d(np.asarray(p, float)), 0.0, 1.0)
        if self.empty:
            out = np.full(len(ps), np.nan)
            return float(out[0]) if scalar else out
        X, F, J, s_after = self.X, self.F, self.J, self.s_after
        total = F[-1]
        target = ps * total
        tol = 1e-12 * total
        k = np.minimum(np.searchsorted(F, target - tol, side="left"), len(X) - 1)
        left = F[k] - J[k]  # F just before X[k]
        km = np.maximum(k - 1, 0)
        inside = (k > 0) & (left > target + tol) & (s_after[km] > 0)
        with np.errstate(invalid="ignore", divide="ignore"):
            x = X[km] + (target - F[km]) / s_after[km]
        x = np.where(inside, np.clip(x, X[km], X[k]), X[k])
        return float(x[0]) if scalar else x


def pl_quantile(d0, d1, w, p) -> float | np.ndarray:
    """p-quantile(s) of a :class:`PLDistribution` given by its intervals."""
    return PLDistribution(d0, d1, w).quantile(p)


class DistanceProfile:
    """Distance from the lines of network A to a set of segments B, sampled
    at the knots of A (see the module docstring).

    Attributes: ``edge``, ``offset``, ``xy`` (local), ``d``, ``near``
    (index of the nearest B segment), ``qxy`` (nearest point of B, local)
    per knot; intervals ``i0`` (first knot of each interval; the second is
    i0 + 1) with lengths ``h``."""

    def __init__(self, net, segs, nearest, step):
        self.net = net
        self.step = float(step)
        self.segs = segs
        self.nearest = nearest
        self.edge, self.offset, self.ptr = knot_layout(net, step)
        _, self.xy, _ = segs.locate(self.edge, self.offset)
        self.d, self.near, qx, qy = nearest.query(self.xy[:, 0], self.xy[:, 1])
        self.qxy = np.column_stack([qx, qy])
        last = np.zeros(len(self.edge), bool)
        last[self.ptr[1:] - 1] = True
        self.i0 = np.nonzero(~last)[0]
        self.h = self.offset[self.i0 + 1] - self.offset[self.i0]
        # cumulative integrals of d and d^2 from the start of every edge
        d0, d1 = self.d[self.i0], self.d[self.i0 + 1]
        self._I1 = self._cum_by_edge(self.h * (d0 + d1) / 2.0)
        self._I2 = self._cum_by_edge(self.h * (d0 * d0 + d0 * d1 + d1 * d1) / 3.0)
        self._dist = None

    def _cum_by_edge(self, vals):
        """Value at every knot: sum of ``vals`` over the intervals of its
        edge before it."""
        out = np.zeros(len(self.edge))
        if len(vals):
            c = np.cumsum(vals)
            ie = self.edge[self.i0]
            tot = np.bincount(ie, weights=vals, minlength=self.net.n_edges)
            before = np.concatenate([[0.0], np.cumsum(tot)[:-1]])
            out[self.i0 + 1] = c - before[ie]
        return out

    @property
    def length(self) -> float:
        return float(self.h.sum())

    def integral(self) -> float:
        return float(np.sum(self.h * (self.d[self.i0] + self.d[self.i0 + 1]) / 2.0))

    def integral_sq(self) -> float:
        d0, d1 = self.d[self.i0], self.d[self.i0 + 1]
        return float(np.sum(self.h * (d0 * d0 + d0 * d1 + d1 * d1) / 3.0))

    def intervals(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(d0, d1, h) of every interval, for quantiles."""
        return self.d[self.i0], self.d[self.i0 + 1], self.h

    def quantile(self, p) -> float | np.ndarray:
        """p-quantile(s) of the distance along the lines (p in [0, 1])."""
        if self._dist is None:
            self._dist = PLDistribution(*self.intervals())
        return self._dist.quantile(p)

    def _at(self, edge, offset, cum):
        """Integral from the edge start to ``offset`` with cumulative array
        ``cum`` (I1 or I2) and the interpolated distance there."""
        edge = np.asarray(edge, np.int64)
        offset = np.asarray(offset, float)
        n = np.diff(self.ptr)[edge] - 1
        L = self.net.edge_length[edge]
        with np.errstate(invalid="ignore", divide="ignore"):
            k = np.clip(np.floor(offset / np.where(L > 0, L, 1.0) * n).astype(np.int64), 0, n - 1)
        i = self.ptr[edge] + k
        x = offset - self.offset[i]
        h = self.offset[i + 1] - self.offset[i]
        d0, d1 = self.d[i], self.d[i + 1]
        with np.errstate(invalid="ignore", divide="ignore"):
            slope = np.where(h > 0, (d1 - d0) / h, 0.0)
        if cum is self._I1:
            part = d0 * x + slope * x * x / 2.0
        else:
            part = d0 * d0 * x + d0 * slope * x * x + slope * slope * x ** 3 / 3.0
        return cum[i] + part, d0 + slope * x

    def piece_stats(self, edge, o0, o1) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """For pieces (edge, o0 < o1): mean distance, RMS distance and the
        maximum distance (over the knots inside and both ends)."""
        edge = np.asarray(edge, np.int64)
        o0 = np.asarray(o0, float)
        o1 = np.asarray(o1, float)
        if len(edge) == 0:
            z = np.zeros(0)
            return z, z, z
        a1, da = self._at(edge, o0, self._I1)
        b1, db = self._at(edge, o1, self._I1)
        a2, _ = self._at(edge, o0, self._I2)
        b2, _ = self._at(edge, o1, self._I2)
        ln = np.maximum(o1 - o0, 1e-300)
        mean = (b1 - a1) / ln
        rms = np.sqrt(np.maximum((b2 - a2) / ln, 0.0))
        # knots strictly inside each piece
        n = np.diff(self.ptr)[edge] - 1
        L = self.net.edge_length[edge]
        with np.errstate(invalid="ignore", divide="ignore"):
            k0 = np.floor(o0 / np.where(L > 0, L, 1.0) * n).astype(np.int64) + 1
            k1 = np.ceil(o1 / np.where(L > 0, L, 1.0) * n).astype(np.int64) - 1
        k0 = np.clip(k0, 0, n)
        k1 = np.clip(k1, -1, n)
        mx = np.maximum(da, db)
        has = k1 >= k0
        if has.any():
            s = self.ptr[edge[has]] + k0[has]
            cnt = k1[has] - k0[has] + 1
            idx = np.repeat(s - np.concatenate([[0], np.cumsum(cnt)[:-1]]), cnt) + np.arange(cnt.sum())
            starts = np.concatenate([[0], np.cumsum(cnt)[:-1]])
            mx[has] = np.maximum(mx[has], np.maximum.reduceat(self.d[idx], starts))
        return mean, rms, mx

    def within(self, r) -> tuple[float, float, float]:
        """Length, integral of d and of d^2 over the parts of A where the
        modelled distance is <= r."""
        d0, d1, h = self.intervals()
        lo, hi = np.minimum(d0, d1), np.maximum(d0, d1)
        full = hi <= r
        part = (lo <= r) & ~full
        with np.errstate(invalid="ignore", divide="ignore"):
            frac = np.where(part, (r - lo) / (hi - lo), 0.0)
        # on a partial interval the kept stretch runs from lo to r linearly
        Lk = np.where(full, h, frac * h)
        top = np.where(full, hi, r)
        bot = lo
        I1 = Lk * (bot + top) / 2.0
        I2 = Lk * (bot * bot + bot * top + top * top) / 3.0
        return float(Lk.sum()), float(I1.sum()), float(I2.sum())

    def max_point(self) -> int:
        """Index of the knot with the largest distance (first one on ties)."""
        return int(np.argmax(self.d)) if len(self.d) else -1


def refine_max(profile, rounds=3, sub=16, cap=20000) -> tuple:
    """The directed Hausdorff distance max_a d(a, B) along A, refined.

    Between two knots the distance is at most (d0 + d1 + h) / 2
    (1-Lipschitz).  Where both knots of an interval lie on one straight
    segment of A and have the same nearest segment b of B, the maximum over
    the interval is at a knot (the distance to b is convex along a straight
    line and bounds the distance to B from above, with equality at the
    knots).  Every other interval whose bound exceeds the current maximum is
    cut into ``sub`` pieces and evaluated, ``rounds`` times (at most ``cap``
    intervals per round, those of largest bound first).

    Returns (value, local xy on A, local xy on B, upper bound): the largest
    distance found and a certified upper bound of the true maximum."""
    if len(profile.d) == 0:
        return np.nan, None, None, np.nan
    k = profile.max_point()
    best = float(profile.d[k])
    pa, pb = profile.xy[k].copy(), profile.qxy[k].copy()
    segs, nearest = profile.segs, profile.nearest
    i0 = profile.i0
    edge = profile.edge[i0]
    o0, o1 = profile.offset[i0], profile.offset[i0 + 1]
    d0, d1 = profile.d[i0], profile.d[i0 + 1]
    n0, n1 = profile.near[i0], profile.near[i0 + 1]
    s0, _, _ = segs.locate(edge, o0)
    s1, _, _ = segs.locate(edge, np.maximum(o1 - 1e-12 * np.maximum(o1, 1.0), o0))
    certified = (n0 == n1) & (s0 == s1)
    bound = (d0 + d1 + (o1 - o0)) / 2.0
    bound = np.where(certified, np.maximum(d0, d1), bound)
    for _ in range(rounds):
        cand = np.nonzero(bound > best)[0]
        if len(cand) == 0:
            break
        if len(cand) > cap:
            o = np.lexsort((cand, -bound[cand]))
            cand = cand[o[:cap]]
        e = np.repeat(edge[cand], sub + 1)
        f = np.tile(np.arange(sub + 1) / sub, len(cand))
        oo = np.repeat(o0[cand], sub + 1) + f * np.repeat(o1[cand] - o0[cand], sub + 1)
        s, xy, _ = segs.locate(e, oo)
        dd, nn, qx, qy = nearest.query(xy[:, 0], xy[:, 1])
        j = int(np.argmax(dd))
        if dd[j] > best:
            best = float(dd[j])
            pa, pb = xy[j].copy(), np.array([qx[j], qy[j]])
        # new sub-intervals replace the refined ones
        dd = dd.reshape(len(cand), sub + 1)
        nn = nn.reshape(len(cand), sub + 1)
        ss = s.reshape(len(cand), sub + 1)
        oo = oo.reshape(len(cand), sub + 1)
        sd0, sd1 = dd[:, :-1].ravel(), dd[:, 1:].ravel()
        so0, so1 = oo[:, :-1].ravel(), oo[:, 1:].ravel()
        cert = ((nn[:, :-1] == nn[:, 1:]) & (ss[:, :-1] == ss[:, 1:])).ravel()
        sb = np.where(cert, np.maximum(sd0, sd1), (sd0 + sd1 + (so1 - so0)) / 2.0)
        keep = np.ones(len(bound), bool)
        keep[cand] = False
        edge = np.concatenate([edge[keep], np.repeat(edge[cand], sub)])
        o0 = np.concatenate([o0[keep], so0])
        o1 = np.concatenate([o1[keep], so1])
        bound = np.concatenate([bound[keep], sb])
    upper = max(best, float(bound.max()) if len(bound) else best)
    return best, pa, pb, upper
