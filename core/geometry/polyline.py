"""Vectorised segment maths on 2-D coordinates (metres).

Every function works on whole arrays at once; no Python loop over vertices.
"""
from __future__ import annotations

import numpy as np


def segment_lengths(xy: np.ndarray) -> np.ndarray:
    """Lengths of the segments of a polyline given as an (n, 2) array."""
    d = np.diff(np.asarray(xy, dtype=float), axis=0)
    return np.hypot(d[:, 0], d[:, 1])


def cumulative_lengths(xy: np.ndarray) -> np.ndarray:
    """Arc length at every vertex of a polyline, starting at 0."""
    out = np.zeros(len(xy))
    if len(xy) > 1:
        np.cumsum(segment_lengths(xy), out=out[1:])
    return out


def project_points_on_segments(px, py, ax, ay, bx, by) -> tuple[np.ndarray, ...]:
    """Project points P on segments AB, element by element.

    Returns ``(t, dist, qx, qy)``: the clamped parameter t in [0, 1] of the
    closest point Q = A + t (B - A) and the Euclidean distance |PQ|.
    """
    dx = bx - ax
    dy = by - ay
    den = dx * dx + dy * dy
    with np.errstate(invalid="ignore", divide="ignore"):
        t = ((px - ax) * dx + (py - ay) * dy) / den
    t = np.where(den > 0, t, 0.0)
    t = np.clip(t, 0.0, 1.0)
    qx = ax + t * dx
    qy = ay + t * dy
    return t, np.hypot(px - qx, py - qy), qx, qy


def headings(xy: np.ndarray) -> np.ndarray:
    """Heading (radians, counter-clockwise from the x axis) of each segment."""
    d = np.diff(np.asarray(xy, dtype=float), axis=0)
    return np.arctan2(d[:, 1], d[:, 0])


# largest distance (metres) of a dropped vertex from the straight segment
# that replaces its run (straight_runs): far below any
# tolerance and the metres reported with 3 decimals
STRAIGHT_EPS_M = 1e-6


def straight_runs(edge: np.ndarray, ax: np.ndarray, ay: np.ndarray, bx: np.ndarray,
                  by: np.ndarray, eps: float = STRAIGHT_EPS_M) -> tuple[np.ndarray, ...]:
    """Runs of consecutive segments with the same ``edge`` (any group key;
    a group's segments consecutive and chained) that make one straight
    segment: (run of each segment, first and last segment of each run).
    A vertex joins its two segments when it lies within ``eps`` of the line
    through their outer ends and they point the same way; a run is kept
    merged only when every vertex inside lies within ``eps`` of the line
    joining the run's ends (slow curves made of tiny turns stay as drawn)."""
    n = len(edge)
    ux, uy = bx - ax, by - ay
    cx, cy = bx[1:] - ax[:-1], by[1:] - ay[:-1]
    chord = np.hypot(cx, cy)
    cross = ux[:-1] * cy - uy[:-1] * cx
    dot = ux[:-1] * ux[1:] + uy[:-1] * uy[1:]
    join = (edge[1:] == edge[:-1]) & (dot > 0) & (np.abs(cross) <= eps * chord)
    start = np.r_[True, ~join]
    run = np.cumsum(start) - 1
    first = np.nonzero(start)[0]
    last = np.r_[first[1:] - 1, n - 1]
    # every inner vertex against its run's chord
    inner = np.nonzero(~np.r_[~join, True])[0]  # segment k whose end is inside a run
    if len(inner):
        r = run[inner]
        rx, ry = bx[last[r]] - ax[first[r]], by[last[r]] - ay[first[r]]
        rl = np.hypot(rx, ry)
        dev = np.abs(rx * (by[inner] - ay[first[r]]) - ry * (bx[inner] - ax[first[r]]))
        bad_run = np.zeros(len(first), bool)
        np.logical_or.at(bad_run, r, ~(dev <= eps * rl))
        if bad_run.any():  # those runs stay as drawn
            start = start | bad_run[run]
            run = np.cumsum(start) - 1
            first = np.nonzero(start)[0]
            last = np.r_[first[1:] - 1, n - 1]
    return run, first, last
