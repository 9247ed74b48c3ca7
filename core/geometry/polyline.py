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
