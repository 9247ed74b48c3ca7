"""A growing union of intervals on a line, with vectorised overlap queries.

Used to record which parts of a network were already matched (consumed):
locations (edge, offset) are mapped to one line by ``EdgeLine`` so that the
parts of different edges never touch.
"""
from __future__ import annotations

import numpy as np

EPS = 1e-6  # metres: overlaps shorter than this are ignored (floating-point noise)


class EdgeLine:
    """Maps (edge, offset) to a global coordinate: edges laid end to end with
    a 1 m gap between consecutive edges."""

    def __init__(self, net):
        L = net.edge_length
        self.base = np.concatenate([[0.0], np.cumsum(L + 1.0)])[:-1]
        self.length = L

    def at(self, edge, offset) -> np.ndarray:
        return self.base[edge] + offset


class IntervalSet:
    """Union of closed intervals; ``overlaps`` tests open overlap."""

    def __init__(self):
        self.lo = np.zeros(0)
        self.hi = np.zeros(0)

    def __len__(self):
        return len(self.lo)

    def add(self, lo, hi) -> None:
        lo = np.asarray(lo, float)
        hi = np.asarray(hi, float)
        keep = hi - lo > EPS
        if not keep.any():
            return
        a = np.concatenate([self.lo, lo[keep]])
        b = np.concatenate([self.hi, hi[keep]])
        o = np.argsort(a, kind="stable")
        a, b = a[o], b[o]
        reach = np.maximum.accumulate(b)
        new = np.r_[True, a[1:] > reach[:-1]]
        self.lo = a[new]
        self.hi = np.maximum.reduceat(b, np.nonzero(new)[0])

    def overlaps(self, lo, hi) -> np.ndarray:
        """For each query [lo, hi] (lo <= hi; a point when equal): True when
        an interval of the set overlaps its interior by more than EPS (for a
        point: the point lies inside an interval, EPS from its ends)."""
        lo = np.asarray(lo, float)
        hi = np.asarray(hi, float)
        if len(self.lo) == 0:
            return np.zeros(lo.shape, dtype=bool)
        k = np.searchsorted(self.lo, hi - EPS, side="left") - 1
        ok = k >= 0
        kk = np.maximum(k, 0)
        return ok & (self.hi[kk] > lo + EPS)

    def total(self) -> float:
        return float((self.hi - self.lo).sum())
