"""Nearest location on a set of segments for many points at once.

The index cuts every segment into pieces no longer than ``piece_length``
and stores the piece midpoints in a cKDTree (scipy; no rtree needed).  A
point within distance r of a segment is within r + piece_length / 2 of one
of its piece midpoints, so a ball query of that radius finds every candidate
segment exactly; the exact distance is then computed by projection.
"""
from __future__ import annotations

import numpy as np

from ..geometry.polyline import project_points_on_segments
from ..lazy_scipy import cKDTree


def segment_pieces(ax: np.ndarray, ay: np.ndarray, bx: np.ndarray, by: np.ndarray,
                   piece_length: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Cut every segment (arrays, metres) into k = max(1, ceil(L /
    piece_length)) equal pieces.  Returns the piece midpoints (m, 2), the
    segment of every piece and half the longest piece length (0.0 without
    segments): a point within r of a segment is within r + half of one of
    its piece midpoints."""
    L = np.hypot(bx - ax, by - ay)
    k = np.maximum(np.ceil(L / piece_length).astype(np.int64), 1)
    seg = np.repeat(np.arange(len(L)), k)
    j = np.arange(k.sum()) - np.repeat(np.cumsum(k) - k, k)
    f = (j + 0.5) / k[seg]
    mx = ax[seg] + f * (bx[seg] - ax[seg])
    my = ay[seg] + f * (by[seg] - ay[seg])
    half = float((L / k).max()) / 2.0 if len(k) else 0.0
    return np.column_stack([mx, my]), seg, half


def piece_tree(ax: np.ndarray, ay: np.ndarray, bx: np.ndarray, by: np.ndarray,
               piece_length: float) -> tuple:
    """(cKDTree over the piece midpoints, segment of every piece, half the
    longest piece + 1e-9) of non-empty segment arrays (:func:`segment_pieces`);
    the 1e-9 keeps ball queries of radius r + half inclusive."""
    xy, seg, half = segment_pieces(ax, ay, bx, by, piece_length)
    return cKDTree(xy), seg, half + 1e-9


class SegmentIndex:
    def __init__(self, ax, ay, bx, by, piece_length=8.0):
        self.ax, self.ay = np.asarray(ax, float), np.asarray(ay, float)
        self.bx, self.by = np.asarray(bx, float), np.asarray(by, float)
        n = len(self.ax)
        self.n = n
        if n == 0:
            self.tree = None
            self.half = 0.0
            return
        self.tree, self.piece_seg, self.half = piece_tree(self.ax, self.ay, self.bx, self.by, piece_length)

    def _candidates(self, px, py, radius):
        """Unique (point, segment) pairs whose piece midpoint is within radius."""
        pts = cKDTree(np.column_stack([px, py]))
        pairs = pts.sparse_distance_matrix(self.tree, radius, output_type="ndarray")
        pi = pairs["i"].astype(np.int64)
        si = self.piece_seg[pairs["j"]]
        key = np.unique(pi * self.n + si)
        return key // self.n, key % self.n

    def nearest(self, px: np.ndarray, py: np.ndarray,
                max_distance: float = np.inf) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """For each point: (segment, t, distance) of the closest segment
        within ``max_distance`` (segment -1, t nan and distance inf when
        none).  Ties go to the lowest segment index (deterministic)."""
        px = np.asarray(px, float)
        py = np.asarray(py, float)
        m = len(px)
        seg = np.full(m, -1, dtype=np.int64)
        tt = np.full(m, np.nan)
        dd = np.full(m, np.inf)
        if m == 0 or self.n == 0:
            return seg, tt, dd
        todo = np.arange(m)
        radius = (max_distance if np.isfinite(max_distance) else 0.0) + self.half
        if not np.isfinite(max_distance):
            # an upper bound per point from its nearest piece midpoint
            dm, _ = self.tree.query(np.column_stack([px, py]))
            radius = None
            bound = dm + 2 * self.half
        while len(todo):
            if radius is None:
                # group points by bound to keep ball queries small
                r = bound[todo]
                # process in order of bound; one ball radius per chunk
                order = np.argsort(r)
                chunk = todo[order[: max(1, min(len(order), 4096))]]
                rad = float(bound[chunk].max())
            else:
                chunk, rad = todo, radius
            ip, isg = self._candidates(px[chunk], py[chunk], rad)
            ip = chunk[ip]
            t, d, _, _ = project_points_on_segments(px[ip], py[ip], self.ax[isg], self.ay[isg],
                                                    self.bx[isg], self.by[isg])
            ok = d <= max_distance
            ip, isg, t, d = ip[ok], isg[ok], t[ok], d[ok]
            o = np.lexsort((isg, d, ip))
            ip, isg, t, d = ip[o], isg[o], t[o], d[o]
            first = np.r_[True, ip[1:] != ip[:-1]] if len(ip) else np.zeros(0, bool)
            seg[ip[first]] = isg[first]
            tt[ip[first]] = t[first]
            dd[ip[first]] = d[first]
            if radius is not None:
                break
            todo = np.setdiff1d(todo, chunk)
        return seg, tt, dd


class NetworkLocator:
    """Snap points to the nearest location (edge, offset) of a LineNetwork."""

    def __init__(self, net, piece_length=8.0):
        self.net = net
        s = net.segments()
        self.seg = s
        self.index = SegmentIndex(s["ax"], s["ay"], s["bx"], s["by"], piece_length)

    def locate(self, px: np.ndarray, py: np.ndarray,
               max_distance: float = np.inf) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Returns (edge, offset_m, distance, xy) arrays; edge -1 where no
        edge is within max_distance."""
        sg, t, d = self.index.nearest(px, py, max_distance)
        ok = sg >= 0
        edge = np.full(len(sg), -1, dtype=np.int64)
        off = np.full(len(sg), np.nan)
        xy = np.full((len(sg), 2), np.nan)
        s = sg[ok]
        edge[ok] = self.seg["edge"][s]
        off[ok] = self.seg["len0"][s] + t[ok] * self.seg["length"][s]
        xy[ok, 0] = self.seg["ax"][s] + t[ok] * (self.seg["bx"][s] - self.seg["ax"][s])
        xy[ok, 1] = self.seg["ay"][s] + t[ok] * (self.seg["by"][s] - self.seg["ay"][s])
        return edge, off, d, xy
