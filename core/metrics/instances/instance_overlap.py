"""Overlap (IoU) between line instances of two layers, for candidate pairs.

Two definitions, both 1 for identical instances and 0 for instances farther
apart than their neighbourhoods reach:

* ``area`` — IoU of the tau-neighbourhoods (round-capped buffers, shapely,
  16 segments per quarter circle):  |N(g) & N(p)| / |N(g) | N(p)|.  The
  direct transfer of mask IoU to lines drawn tau wide.
* ``length`` — length-based mutual coverage: with cov(g|p) the length of g
  within tau of p (exact, core.metrics.geometric.linecover) and I = (cov(g|p) + cov(p|g)) / 2
  the overlap length,  I / (len(g) + len(p) - I).  No polygon maths; two
  collinear lines offset by less than tau count as identical.

Candidate pairs are the instance pairs with a segment pair within 2 tau
(area) or tau (length), from core.metrics.geometric.linecover's spatial index.  Polygons are
only intersected for pairs that can reach the lowest threshold ``min_iou``
by two upper bounds: IoU <= smaller area / larger area, and
|N(g) & N(p)| <= |N(g')| <= 2 tau len(g') + pi tau^2 k(g'), where g' is the
part of g within 2 tau of p (every point of the intersection is within tau
of such a point) in k(g') connected pieces (Steiner's bound for the
neighbourhood of a connected curve); the same with p' and p.

Coordinates are shifted to a common local origin before buffering, so the
result does not depend on where the data lie (map coordinates of 10^6 m).
Works with shapely 1.8 (loops over instances and pairs) and 2.x
(vectorised).
"""
from __future__ import annotations

import numpy as np

from ..geometric.linecover import covered_interval, union_length
from ...geometry.shapely_support import has_vectorised_shapely

QUAD_SEGS = 16  # segments per quarter circle (the shapely / GEOS default of geometry.buffer)


def _geometries(polylines, origin):
    """One (Multi)LineString per instance from a list of lists of (k, 2)
    arrays."""
    if has_vectorised_shapely():
        import shapely
        lines = [p - origin for ps in polylines for p in ps]
        owner = np.repeat(np.arange(len(polylines)), [len(ps) for ps in polylines])
        if not lines:
            return np.empty(0, dtype=object)
        xy = np.concatenate(lines)
        lid = np.repeat(np.arange(len(lines)), [len(p) for p in lines])
        ls = shapely.linestrings(xy, indices=lid)
        return shapely.multilinestrings(ls, indices=owner)
    from shapely.geometry import LineString, MultiLineString
    out = []
    for ps in polylines:
        ps = [(p - origin).tolist() for p in ps]
        out.append(LineString(ps[0]) if len(ps) == 1 else MultiLineString(ps))
    return out


def _buffer_areas(geoms, tau):
    if has_vectorised_shapely():
        import shapely
        b = shapely.buffer(geoms, tau, quad_segs=QUAD_SEGS)
        return b, shapely.area(b)
    b = [g.buffer(tau, QUAD_SEGS) for g in geoms]
    return b, np.array([x.area for x in b], float)


def _intersection_areas(bg, bp, ig, ip):
    if len(ig) == 0:
        return np.zeros(0)
    if has_vectorised_shapely():
        import shapely
        return shapely.area(shapely.intersection(bg[ig], bp[ip]))
    return np.array([bg[a].intersection(bp[b]).area for a, b in zip(ig, ip)], float)


def intersection_bound(G, P, i, j, tau, eps=1e-6) -> tuple[np.ndarray, np.ndarray]:
    """Upper bound of |N(g) & N(p)| for every instance pair with a segment
    pair (i, j) within 2 tau: (pair keys g * len(P) + p, bound).  Intervals
    are laid on each instance's own arc-length coordinate (``seg_off``), so
    the pieces of g' along g are counted; they are widened by ``eps`` so that
    floating-point seams between consecutive segments never split a piece
    (a bridge of eps adds only 2 tau eps to the bound)."""
    npi, ngi = max(len(P), 1), max(len(G), 1)
    # lengths of g within 2 tau of p (keyed by g, p) and of p within 2 tau of g
    lo, hi = covered_interval(G.segs, i, P.segs, j, 2 * tau)
    key_g = G.seg_inst[i] * npi + P.seg_inst[j]
    kg, lg, cg = union_length(key_g, G.seg_off[i] + lo, G.seg_off[i] + hi + eps, pieces=True)
    lo, hi = covered_interval(P.segs, j, G.segs, i, 2 * tau)
    key_p = P.seg_inst[j] * ngi + G.seg_inst[i]
    kp, lp, cp = union_length(key_p, P.seg_off[j] + lo, P.seg_off[j] + hi + eps, pieces=True)
    kp = (kp % ngi) * npi + kp // ngi
    o = np.argsort(kp)
    kp, lp, cp = kp[o], lp[o], cp[o]
    disc = np.pi * tau * tau
    keys = np.union1d(kg, kp)
    ub = np.full(len(keys), np.inf)
    ub[np.searchsorted(keys, kg)] = 2 * tau * lg + disc * cg
    bp = np.full(len(keys), np.inf)
    bp[np.searchsorted(keys, kp)] = 2 * tau * lp + disc * cp
    ub = np.minimum(ub, bp)
    return keys, ub * (1 + 1e-6) + 1e-6


def area_iou(G, P, pair_g, pair_p, tau, min_iou=0.5, bound=None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """IoU of tau-neighbourhoods for candidate instance pairs.  ``G``, ``P``
    have ``polylines`` (list per instance of (k, 2) arrays).  ``bound``:
    optional upper bound of the intersection area per pair.  Returns
    (pair_g, pair_p, iou) for the pairs that can reach ``min_iou``."""
    pair_g = np.asarray(pair_g, np.int64)
    pair_p = np.asarray(pair_p, np.int64)
    if len(pair_g) == 0:
        return pair_g, pair_p, np.zeros(0)
    ug, ig = np.unique(pair_g, return_inverse=True)
    up, ip = np.unique(pair_p, return_inverse=True)
    allxy = np.concatenate([p for k in ug for p in G.polylines[k]]
                           + [p for k in up for p in P.polylines[k]])
    origin = allxy.min(axis=0)
    bg, ag = _buffer_areas(_geometries([G.polylines[k] for k in ug], origin), tau)
    bp, ap = _buffer_areas(_geometries([P.polylines[k] for k in up], origin), tau)
    a, b = ag[ig], ap[ip]
    inter_ub = np.minimum(a, b) if bound is None else np.minimum(np.minimum(a, b), bound)
    with np.errstate(invalid="ignore", divide="ignore"):
        iou_ub = inter_ub / np.maximum(a + b - inter_ub, 1e-300)
    ok = iou_ub >= min_iou * (1 - 1e-9)
    ig, ip, a, b = ig[ok], ip[ok], a[ok], b[ok]
    inter = _intersection_areas(bg, bp, ig, ip)
    union = a + b - inter
    with np.errstate(invalid="ignore", divide="ignore"):
        iou = np.where(union > 0, inter / union, 0.0)
    return ug[ig], up[ip], np.clip(iou, 0.0, 1.0)


def length_iou(seg_pair_i, seg_pair_j, lo_g, hi_g, lo_p, hi_p, G, P) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Length-based IoU from the covered intervals of segment pairs (GT
    segment i covered on [lo_g, hi_g] by predicted segment j, and j on
    [lo_p, hi_p] by i).  ``G``, ``P`` have ``seg_inst`` and ``length`` per
    instance.  Returns (pair_g, pair_p, iou) for every instance pair with a
    positive overlap."""
    ng, np_ = len(G.length), len(P.length)
    gi, pj = G.seg_inst[seg_pair_i], P.seg_inst[seg_pair_j]
    # length of each GT segment covered by each predicted instance, summed
    # per (GT instance, predicted instance); then the other way round
    k, cov = union_length(seg_pair_i * np_ + pj, lo_g, hi_g)
    key_gp = G.seg_inst[k // np_] * np_ + k % np_
    kg, inv = np.unique(key_gp, return_inverse=True)
    cov_g = np.bincount(inv, weights=cov, minlength=len(kg))
    k, cov = union_length(seg_pair_j * ng + gi, lo_p, hi_p)
    key_pg = (k % ng) * np_ + P.seg_inst[k // ng]
    kp, inv = np.unique(key_pg, return_inverse=True)
    cov_p = np.bincount(inv, weights=cov, minlength=len(kp))
    keys = np.union1d(kg, kp)
    cg = np.zeros(len(keys))
    cp = np.zeros(len(keys))
    cg[np.searchsorted(keys, kg)] = cov_g
    cp[np.searchsorted(keys, kp)] = cov_p
    g, p = keys // np_, keys % np_
    cg = np.minimum(cg, G.length[g])
    cp = np.minimum(cp, P.length[p])
    inter = (cg + cp) / 2.0
    union = G.length[g] + P.length[p] - inter
    iou = np.where(union > 0, inter / union, 0.0)
    keep = iou > 0
    return g[keep], p[keep], np.clip(iou[keep], 0.0, 1.0)
