"""How much of one set of segments lies within a distance of another.

Three vectorised steps, no Python loop over segments:

* :func:`segment_pairs_within` — every pair (i, j) of a segment of A and a
  segment of B whose exact distance is at most r.  Candidates come from a
  cKDTree over piece midpoints (each segment cut into pieces of at most
  ``piece`` metres; two segments within r have pieces whose midpoints are
  within r + hA/2 + hB/2), then the exact segment-segment distance filters
  them.  Nothing is tabulated over all pairs.
* :func:`covered_interval` — for a pair (i, j), the stretch of segment i
  (arc length from its start, metres) within ``tau`` of segment j.  The
  tau-neighbourhood of a segment is a capsule (convex), so its intersection
  with segment i is one interval: the hull of the intervals cut by the
  rectangle part (Liang-Barsky clipping) and by the two end disks
  (quadratic).  Exact, up to floating point.
* :func:`union_length` — the length of the union of many intervals grouped
  by a key (for example (segment, instance of the other side)), by an event
  sweep: +1 at each start, -1 at each end, sorted by (key, position); the
  running count is an exact integer and returns to 0 at every group end, so
  one global cumulative sum serves all groups.
"""
from __future__ import annotations

from typing import Optional

import numpy as np

from ...geometry.polyline import project_points_on_segments
from ...lazy_scipy import cKDTree
from ...network.snapping import segment_pieces


class Segments:
    """Segments as arrays ax, ay, bx, by (metres) with their lengths."""

    def __init__(self, ax, ay, bx, by):
        self.ax = np.asarray(ax, float)
        self.ay = np.asarray(ay, float)
        self.bx = np.asarray(bx, float)
        self.by = np.asarray(by, float)
        self.length = np.hypot(self.bx - self.ax, self.by - self.ay)

    def __len__(self):
        return len(self.ax)

    @classmethod
    def from_polylines(cls, polylines) -> tuple:
        """Segments of a list of (k, 2) arrays; returns (Segments, index of
        the polyline of each segment).  Zero-length segments are dropped."""
        polylines = [np.asarray(p, float).reshape(-1, 2) for p in polylines]
        if not polylines:
            z = np.zeros(0)
            return cls(z, z, z, z), np.zeros(0, np.int64)
        lens = np.fromiter((len(p) for p in polylines), np.int64, len(polylines))
        xy = np.concatenate(polylines) if lens.sum() else np.zeros((0, 2))
        pid = np.repeat(np.arange(len(polylines)), lens)
        s = np.nonzero(pid[1:] == pid[:-1])[0]
        a, b = xy[s], xy[s + 1]
        keep = np.any(a != b, axis=1)
        a, b, owner = a[keep], b[keep], pid[s][keep]
        return cls(a[:, 0], a[:, 1], b[:, 0], b[:, 1]), owner

    def pieces(self, piece) -> tuple:
        """Piece midpoints (m, 2), their segment and the largest half piece
        (core.network.snapping.segment_pieces)."""
        return segment_pieces(self.ax, self.ay, self.bx, self.by, piece)


def _orient(ax, ay, bx, by, cx, cy):
    return np.sign((bx - ax) * (cy - ay) - (by - ay) * (cx - ax))


def segment_distance(A, i, B, j) -> np.ndarray:
    """Exact distance between segments A[i] and B[j] (element-wise)."""
    ax, ay, bx, by = A.ax[i], A.ay[i], A.bx[i], A.by[i]
    cx, cy, dx, dy = B.ax[j], B.ay[j], B.bx[j], B.by[j]
    d = np.minimum.reduce([
        project_points_on_segments(ax, ay, cx, cy, dx, dy)[1],
        project_points_on_segments(bx, by, cx, cy, dx, dy)[1],
        project_points_on_segments(cx, cy, ax, ay, bx, by)[1],
        project_points_on_segments(dx, dy, ax, ay, bx, by)[1],
    ])
    # proper crossings (touching and collinear cases have an end at distance 0)
    o1 = _orient(ax, ay, bx, by, cx, cy)
    o2 = _orient(ax, ay, bx, by, dx, dy)
    o3 = _orient(cx, cy, dx, dy, ax, ay)
    o4 = _orient(cx, cy, dx, dy, bx, by)
    cross = (o1 * o2 < 0) & (o3 * o4 < 0)
    return np.where(cross, 0.0, d)


def segment_pairs_within(A, B, r, piece=None, chunk=200000) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """All (i, j) with dist(A[i], B[j]) <= r, sorted by (i, j), and their
    distances."""
    if len(A) == 0 or len(B) == 0:
        z = np.zeros(0, np.int64)
        return z, z, np.zeros(0)
    piece = float(piece) if piece else max(2.0 * float(r), 1.0)
    pa, sa, ha = A.pieces(piece)
    pb, sb, hb = B.pieces(piece)
    ta, tb = cKDTree(pa), cKDTree(pb)
    radius = float(r) + ha + hb + 1e-9
    m = ta.sparse_distance_matrix(tb, radius, output_type="ndarray")
    nb = len(B)
    key = np.unique(sa[m["i"]].astype(np.int64) * nb + sb[m["j"]])
    i, j = key // nb, key % nb
    keep = np.zeros(len(i), bool)
    dist = np.zeros(len(i))
    for s in range(0, len(i), chunk):
        d = segment_distance(A, i[s:s + chunk], B, j[s:s + chunk])
        dist[s:s + chunk] = d
        keep[s:s + chunk] = d <= r
    return i[keep], j[keep], dist[keep]


def covered_interval(A, i, B, j, tau) -> tuple[np.ndarray, np.ndarray]:
    """(lo, hi): the part of segment A[i], as arc length from its start
    (clipped to [0, length]), within ``tau`` of segment B[j]; lo > hi when
    empty."""
    ax, ay = A.ax[i], A.ay[i]
    La = A.length[i]
    ux = (A.bx[i] - ax) / La
    uy = (A.by[i] - ay) / La
    cx, cy = B.ax[j], B.ay[j]
    Lb = B.length[j]
    ex = (B.bx[j] - cx) / Lb
    ey = (B.by[j] - cy) / Lb
    t2 = float(tau) ** 2
    los, his = [], []
    # end disks: |A + s u - Q|^2 <= tau^2
    for qx, qy in ((cx, cy), (B.bx[j], B.by[j])):
        wx, wy = ax - qx, ay - qy
        bq = ux * wx + uy * wy
        disc = bq * bq - (wx * wx + wy * wy - t2)
        ok = disc >= 0
        sq = np.sqrt(np.where(ok, disc, 0.0))
        los.append(np.where(ok, -bq - sq, np.inf))
        his.append(np.where(ok, -bq + sq, -np.inf))
    # rectangle: 0 <= x(s) <= Lb, -tau <= y(s) <= tau in B's frame
    wx, wy = ax - cx, ay - cy
    x0, xs = wx * ex + wy * ey, ux * ex + uy * ey
    y0, ys = -wx * ey + wy * ex, -ux * ey + uy * ex
    lo = np.full(len(ax), -np.inf)
    hi = np.full(len(ax), np.inf)
    for p0, ps, low, high in ((x0, xs, 0.0, Lb), (y0, ys, -tau, tau)):
        par = np.abs(ps) < 1e-15
        with np.errstate(divide="ignore", invalid="ignore"):
            s1 = (low - p0) / ps
            s2 = (high - p0) / ps
        smin = np.where(par, -np.inf, np.minimum(s1, s2))
        smax = np.where(par, np.inf, np.maximum(s1, s2))
        inside = (p0 >= low) & (p0 <= high)
        smin = np.where(par & ~inside, np.inf, smin)
        smax = np.where(par & ~inside, -np.inf, smax)
        lo = np.maximum(lo, smin)
        hi = np.minimum(hi, smax)
    rect_ok = lo <= hi
    los.append(np.where(rect_ok, lo, np.inf))
    his.append(np.where(rect_ok, hi, -np.inf))
    lo = np.maximum(np.minimum.reduce(los), 0.0)
    hi = np.minimum(np.maximum.reduce(his), La)
    return lo, hi


def interval_events(key, lo, hi) -> Optional[tuple]:
    """The event sweep over closed intervals [lo, hi] grouped by an integer
    key (empty intervals, lo >= hi, dropped): arrays (key, position, step,
    count) of the 2n events sorted by (key, position), starts (step +1)
    before ends (step -1) at equal positions, and the running count of open
    intervals after each event (0 at every group end); None without
    intervals."""
    key = np.asarray(key, np.int64)
    lo = np.asarray(lo, float)
    hi = np.asarray(hi, float)
    ok = hi > lo
    key, lo, hi = key[ok], lo[ok], hi[ok]
    if len(key) == 0:
        return None
    k = np.concatenate([key, key])
    pos = np.concatenate([lo, hi])
    step = np.concatenate([np.ones(len(lo), np.int64), -np.ones(len(hi), np.int64)])
    o = np.lexsort((-step, pos, k))  # starts before ends at equal positions
    k, pos, step = k[o], pos[o], step[o]
    return k, pos, step, np.cumsum(step)


def union_length(key, lo, hi, pieces=False) -> tuple:
    """Length of the union of the intervals [lo, hi] of each key (empty
    intervals, lo >= hi, ignored).  Returns (unique keys, lengths), and with
    ``pieces`` also the number of disjoint pieces of each union (intervals
    that touch are one piece)."""
    events = interval_events(key, lo, hi)
    if events is None:
        z = (np.zeros(0, np.int64), np.zeros(0))
        return z + (np.zeros(0, np.int64),) if pieces else z
    k, pos, step, count = events
    seg = np.where((count[:-1] > 0) & (k[1:] == k[:-1]), pos[1:] - pos[:-1], 0.0)
    uk, inv = np.unique(k[:-1], return_inverse=True)
    # every key has at least two events, so each appears in k[:-1]
    total = np.bincount(inv, weights=seg, minlength=len(uk))
    if not pieces:
        return uk, total
    opens = (step[:-1] == 1) & (count[:-1] - step[:-1] == 0)
    return uk, total, np.bincount(inv, weights=opens, minlength=len(uk)).astype(np.int64)
