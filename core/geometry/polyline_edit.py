"""Editing polylines given as (k, 2) arrays of metres: pieces between arc
lengths, removal of arc-length intervals, vertex insertion, densification,
parallel offsets, turning angles, circle clipping, and a vectorised test of
which segments cross which (used by the synthetic-error generator,
core.analysis.perturb).  No shapely: exact, and identical on every version.
"""
from __future__ import annotations

import numpy as np

from .polyline import cumulative_lengths

EPS = 1e-9


def point_at(xy: np.ndarray, cum: np.ndarray, s) -> np.ndarray:
    """Points at arc lengths ``s`` (array) along a polyline."""
    s = np.clip(np.asarray(s, dtype=float), 0.0, cum[-1])
    return np.column_stack([np.interp(s, cum, xy[:, 0]), np.interp(s, cum, xy[:, 1])])


def sub_polyline(xy: np.ndarray, cum: np.ndarray, s: float, t: float) -> np.ndarray:
    """The piece between arc lengths s < t: interpolated ends, the original
    vertices strictly between them."""
    a, b = point_at(xy, cum, [s, t])
    inner = xy[(cum > s + EPS) & (cum < t - EPS)]
    return np.vstack([a, inner, b])


def remove_intervals(xy: np.ndarray, intervals, min_piece: float = EPS) -> tuple[list, list]:
    """Cut the arc-length ``intervals`` [(s, t), ...] (any order, may
    overlap) out of a polyline.  Returns (kept pieces, removed pieces);
    pieces shorter than ``min_piece`` are dropped."""
    cum = cumulative_lengths(xy)
    L = cum[-1]
    iv = sorted((max(0.0, float(s)), min(L, float(t))) for s, t in intervals if t > s)
    merged = []
    for s, t in iv:
        if merged and s <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], t)
        else:
            merged.append([s, t])
    kept, removed = [], []
    pos = 0.0
    for s, t in merged:
        if s - pos > min_piece:
            kept.append(sub_polyline(xy, cum, pos, s))
        if t - s > min_piece:
            removed.append(sub_polyline(xy, cum, s, t))
        pos = t
    if L - pos > min_piece:
        kept.append(sub_polyline(xy, cum, pos, L))
    return kept, removed


def insert_vertices(xy: np.ndarray, offsets) -> np.ndarray:
    """The polyline with vertices added at the given arc lengths (offsets
    that fall on an existing vertex add nothing)."""
    cum = cumulative_lengths(xy)
    off = np.unique(np.clip(np.asarray(offsets, dtype=float), 0.0, cum[-1]))
    if len(off) == 0:
        return xy.copy()
    near = np.min(np.abs(off[:, None] - cum[None, :]), axis=1) <= EPS
    off = off[~near]
    if len(off) == 0:
        return xy.copy()
    allc = np.concatenate([cum, off])
    pts = np.vstack([xy, point_at(xy, cum, off)])
    order = np.argsort(allc, kind="stable")
    return pts[order]


def densify(xy: np.ndarray, step: float) -> np.ndarray:
    """The polyline with vertices added so that no segment is longer than
    ``step`` (the shape is unchanged)."""
    d = np.diff(xy, axis=0)
    seg = np.hypot(d[:, 0], d[:, 1])
    n = np.maximum(np.ceil(seg / step - 1e-9).astype(np.int64), 1)
    if (n == 1).all():
        return xy.copy()
    k = np.arange(n.sum()) - np.repeat(np.cumsum(n) - n, n)
    i = np.repeat(np.arange(len(seg)), n)
    f = (k / n[i])[:, None]
    return np.vstack([xy[i] + f * d[i], xy[-1:]])


def drop_collinear(xy: np.ndarray, rel: float = 1e-9) -> np.ndarray:
    """The polyline without interior vertices that lie on the straight
    continuation of their neighbours (such a vertex only records where a
    feature was split); the shape is unchanged."""
    if len(xy) <= 2:
        return xy.copy()
    d = np.diff(xy, axis=0)
    a, b = d[:-1], d[1:]
    cross = a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0]
    dot = np.einsum("ij,ij->i", a, b)
    scale = np.hypot(a[:, 0], a[:, 1]) * np.hypot(b[:, 0], b[:, 1])
    drop = (np.abs(cross) <= rel * scale) & (dot > 0)
    keep = np.r_[True, ~drop, True]
    return xy[keep]


def turning_angles(xy: np.ndarray) -> np.ndarray:
    """Signed turning angle (radians, left positive) at each interior
    vertex."""
    h = np.arctan2(*np.diff(xy, axis=0)[:, ::-1].T)
    a = np.diff(h)
    return (a + np.pi) % (2 * np.pi) - np.pi


def offset_polyline(xy: np.ndarray, d: float) -> np.ndarray:
    """Parallel copy at distance ``d`` (positive: to the left of the
    direction of travel) with mitred corners: an interior vertex moves by
    d / cos(theta / 2) along the bisector of the two segment normals."""
    seg = np.diff(xy, axis=0)
    n = np.column_stack([-seg[:, 1], seg[:, 0]]) / np.hypot(seg[:, 0], seg[:, 1])[:, None]
    m = np.empty((len(xy), 2))
    m[0], m[-1] = n[0], n[-1]
    if len(n) > 1:
        dots = np.einsum("ij,ij->i", n[:-1], n[1:])
        m[1:-1] = (n[:-1] + n[1:]) / (1.0 + dots)[:, None]
    return xy + d * m


def circle_intervals(xy: np.ndarray, cx: float, cy: float,
                     r: float) -> list[tuple[float, float]]:
    """Arc-length intervals of a polyline inside the disc of centre (cx, cy)
    and radius r (exact: per segment, the roots of |a + t (b - a) - c| = r)."""
    cum = cumulative_lengths(xy)
    a = xy[:-1] - (cx, cy)
    d = np.diff(xy, axis=0)
    A = np.einsum("ij,ij->i", d, d)
    B = 2 * np.einsum("ij,ij->i", a, d)
    C = np.einsum("ij,ij->i", a, a) - r * r
    disc = B * B - 4 * A * C
    ok = (disc > 0) & (A > 0)
    sq = np.sqrt(np.where(ok, disc, 0.0))
    with np.errstate(invalid="ignore", divide="ignore"):
        t0 = np.clip((-B - sq) / (2 * A), 0.0, 1.0)
        t1 = np.clip((-B + sq) / (2 * A), 0.0, 1.0)
    ok &= t1 > t0
    seglen = np.diff(cum)
    s = cum[:-1][ok] + t0[ok] * seglen[ok]
    t = cum[:-1][ok] + t1[ok] * seglen[ok]
    return list(zip(s.tolist(), t.tolist()))


def segments_of(polylines: list, ids=None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """All segments of a list of polylines: (a (n, 2), b (n, 2), id of the
    polyline of each segment)."""
    if not polylines:
        z = np.zeros((0, 2))
        return z, z, np.zeros(0, np.int64)
    ids = np.arange(len(polylines)) if ids is None else np.asarray(ids)
    k = np.array([len(p) - 1 for p in polylines])
    a = np.vstack([p[:-1] for p in polylines])
    b = np.vstack([p[1:] for p in polylines])
    return a, b, np.repeat(ids, k)


def crossings(a0: np.ndarray, a1: np.ndarray, b0: np.ndarray, b1: np.ndarray,
              eps: float = EPS) -> tuple[np.ndarray, np.ndarray]:
    """Index pairs (i, j) where segment i of A meets segment j of B at a
    point strictly inside segment i (its ends excluded) and anywhere on
    segment j (ends included).  Parallel segments never count."""
    if len(a0) == 0 or len(b0) == 0:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    r = (a1 - a0)[:, None, :]
    s = (b1 - b0)[None, :, :]
    qp = b0[None, :, :] - a0[:, None, :]
    den = r[..., 0] * s[..., 1] - r[..., 1] * s[..., 0]
    with np.errstate(invalid="ignore", divide="ignore"):
        t = (qp[..., 0] * s[..., 1] - qp[..., 1] * s[..., 0]) / den
        u = (qp[..., 0] * r[..., 1] - qp[..., 1] * r[..., 0]) / den
    scale = np.abs(den) > 1e-12 * (np.hypot(r[..., 0], r[..., 1]) * np.hypot(s[..., 0], s[..., 1]) + 1e-300)
    hit = scale & (t > eps) & (t < 1 - eps) & (u >= -eps) & (u <= 1 + eps)
    return np.nonzero(hit)


def bbox_mask(a: np.ndarray, b: np.ndarray, box) -> np.ndarray:
    """Segments whose bounding box meets box = (xmin, ymin, xmax, ymax)."""
    x0, y0, x1, y1 = box
    return ((np.maximum(a[:, 0], b[:, 0]) >= x0) & (np.minimum(a[:, 0], b[:, 0]) <= x1)
            & (np.maximum(a[:, 1], b[:, 1]) >= y0) & (np.minimum(a[:, 1], b[:, 1]) <= y1))
