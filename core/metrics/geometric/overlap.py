"""Which parts of a network lie within a distance of another set of lines,
exactly, and how much the neighbourhoods of two line sets overlap (areas).

* :func:`cover` -- the stretches (edge, start, end) of every edge of A that
  lie within ``radius`` of B, cut exactly where the lines leave the
  neighbourhood: every pair of an A segment and a B segment within the
  radius (core.metrics.geometric.linecover's KD-tree over piece midpoints, exact segment
  distance) gives one interval (the A segment clipped by the capsule of the
  B segment, closed form), and the intervals are united per edge by an
  event sweep.  The radius may differ per B segment (road regions of
  varying width).  Exact up to floating point; no sampling, no polygons.
* :class:`Coverage` -- such stretches: length, complement, and the line
  pieces themselves (:func:`cut_pieces`).
* :func:`neighbourhood_overlap` -- areas of N_t(A), N_t(B) (round-capped
  buffers: the points within t of the lines) and of their intersection, for
  any two sets of polylines.  Computed with shapely (GEOS buffers with
  ``QUAD_SEGS`` segments per quarter circle; arcs are inscribed polygons, so
  areas are low by at most 0.5 % of the end-cap and join areas) on a grid of
  square cells: lines are clipped to each cell widened by t, buffered and
  the buffers clipped to the cell, so the cost grows linearly with the
  network instead of with one huge polygon union.  Runs on shapely 1.8
  (a loop over cells) and 2.x (vectorised).
"""
from __future__ import annotations

import numpy as np

from .linecover import Segments, covered_interval, interval_events, segment_pairs_within
from ...progress import checkpoint
from ...geometry.shapely_support import has_vectorised_shapely

QUAD_SEGS = 16


class Coverage:
    """Disjoint stretches of the edges of ``net``: arrays ``edge``,
    ``start``, ``end`` (metres from the edge start), sorted by (edge,
    start)."""

    def __init__(self, net, edge, start, end):
        self.net = net
        self.edge = np.asarray(edge, np.int64)
        self.start = np.asarray(start, float)
        self.end = np.asarray(end, float)

    def __len__(self):
        return len(self.edge)

    @property
    def length(self) -> float:
        return float(np.sum(self.end - self.start))

    def complement(self) -> Coverage:
        """The rest of every edge, as a Coverage."""
        L = self.net.edge_length
        ne = self.net.n_edges
        # per edge, gap starts 0, end_1, ..., end_m and gap ends start_1, ...,
        # start_m, L pair up in sorted order
        ks = np.concatenate([np.arange(ne), self.edge])
        gs = np.concatenate([np.zeros(ne), self.end])
        ke = np.concatenate([self.edge, np.arange(ne)])
        ge = np.concatenate([self.start, L])
        o1, o2 = np.lexsort((gs, ks)), np.lexsort((ge, ke))
        e, gs, ge = ks[o1], gs[o1], ge[o2]
        keep = ge > gs
        return Coverage(self.net, e[keep], gs[keep], ge[keep])

    def pieces(self) -> list[np.ndarray]:
        """The stretches as polylines (original coordinates)."""
        return cut_pieces(self.net, self.edge, self.start, self.end)


def union_intervals(key, lo, hi) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Union of closed intervals per key (touching intervals merge; empty
    ones, lo >= hi, are dropped): (key, start, end) sorted."""
    events = interval_events(key, lo, hi)
    if events is None:
        return np.zeros(0, np.int64), np.zeros(0), np.zeros(0)
    k, pos, step, count = events
    opens = (step == 1) & (count == 1)
    closes = (step == -1) & (count == 0)
    return k[opens], pos[opens], pos[closes]


def edge_offsets(segs, i, lo, hi) -> tuple[np.ndarray, np.ndarray]:
    """Arc lengths on the edges of intervals [lo, hi] given from the start
    of segments ``i`` of an EdgeSegments (exact at both segment ends)."""
    L = np.hypot(segs.bx[i] - segs.ax[i], segs.by[i] - segs.ay[i])
    a, b = segs.len0[i], segs.len1[i]
    span = b - a

    def conv(x):
        f = np.where(L > 0, x / np.where(L > 0, L, 1.0), 0.0)
        return np.where(f >= 0.5, b - (1.0 - f) * span, a + f * span)
    return conv(lo), conv(hi)


def cover(segs_a, B, radius) -> Coverage:
    """Coverage of the network of ``segs_a`` (core.metrics.geometric.linesample.EdgeSegments)
    by the ``radius``-neighbourhood of the segments ``B`` (a
    core.metrics.geometric.linecover.Segments in the same local frame).  ``radius``: a number
    or one value per B segment."""
    net = segs_a.net
    A = Segments(segs_a.ax, segs_a.ay, segs_a.bx, segs_a.by)
    if len(A) == 0 or len(B) == 0:
        return Coverage(net, [], [], [])
    r_arr = np.broadcast_to(np.asarray(radius, float), (len(B),))
    rmax = float(r_arr.max())
    if rmax < 0:
        return Coverage(net, [], [], [])
    i, j, dist = segment_pairs_within(A, B, rmax)
    r = r_arr[j]
    keep = dist <= r
    i, j, r = i[keep], j[keep], r[keep]
    lo = np.empty(len(i))
    hi = np.empty(len(i))
    for val in np.unique(r):
        sel = r == val
        lo[sel], hi[sel] = covered_interval(A, i[sel], B, j[sel], float(val))
    # a zero radius still covers where the lines overlap or cross: keep
    # points (lo == hi) out, they have no length
    o0, o1 = edge_offsets(segs_a, i, lo, hi)
    e, s, f = union_intervals(segs_a.edge[i], o0, o1)
    return Coverage(net, e, s, f)


def cut_pieces(net, edge, o0, o1) -> list[np.ndarray]:
    """Polylines of the stretches (edge, o0, o1) of ``net``, in the
    network's coordinates: the point at o0, the vertices strictly between,
    the point at o1."""
    edge = np.asarray(edge, np.int64)
    o0 = np.asarray(o0, float)
    o1 = np.asarray(o1, float)
    if len(edge) == 0:
        return []
    base = np.concatenate([[0.0], np.cumsum(net.edge_length + 1.0)])
    gv = base[net.vert_edge] + net.vert_len
    a = np.searchsorted(gv, base[edge] + o0, side="right")
    b = np.searchsorted(gv, base[edge] + o1, side="left")
    c = np.maximum(b - a, 0)
    n = c + 2
    tot = int(n.sum())
    first = np.concatenate([[0], np.cumsum(n)[:-1]])
    xy = np.empty((tot, 2))
    xy[first] = net.point_at(edge, o0)
    xy[first + n - 1] = net.point_at(edge, o1)
    if c.sum():
        pos = np.repeat(first + 1, c) + (np.arange(c.sum()) - np.repeat(np.cumsum(c) - c, c))
        vid = np.repeat(a, c) + (np.arange(c.sum()) - np.repeat(np.cumsum(c) - c, c))
        xy[pos] = net.vert_xy[vid]
    return np.split(xy, np.cumsum(n)[:-1])


# -- neighbourhood areas ------------------------------------------------------

def _cells_of(lines, tol, x0, y0, c, nx, ny):
    """(line, cell) pairs: cells met by each line's bounding box widened by
    tol."""
    if not lines:
        z = np.zeros(0, np.int64)
        return z, z
    mn = np.array([l.min(axis=0) for l in lines]) - tol
    mx = np.array([l.max(axis=0) for l in lines]) + tol
    ix0 = np.clip(np.floor((mn[:, 0] - x0) / c).astype(np.int64), 0, nx - 1)
    ix1 = np.clip(np.floor((mx[:, 0] - x0) / c).astype(np.int64), 0, nx - 1)
    iy0 = np.clip(np.floor((mn[:, 1] - y0) / c).astype(np.int64), 0, ny - 1)
    iy1 = np.clip(np.floor((mx[:, 1] - y0) / c).astype(np.int64), 0, ny - 1)
    wx, wy = ix1 - ix0 + 1, iy1 - iy0 + 1
    cnt = wx * wy
    line = np.repeat(np.arange(len(lines)), cnt)
    k = np.arange(cnt.sum()) - np.repeat(np.cumsum(cnt) - cnt, cnt)
    cx = ix0[line] + k % wx[line]
    cy = iy0[line] + k // wx[line]
    return line, cy * nx + cx


def neighbourhood_overlap(lines_a, lines_b, tolerance, cell=None) -> dict[str, float]:
    """Areas (m^2) of the ``tolerance``-neighbourhoods of two sets of
    polylines (lists of (k, 2) arrays) and of their intersection: dict with
    area_a, area_b, intersection, union and iou (NaN when both are empty).
    ``cell``: grid cell size (default max(250, 25 tolerance) metres)."""
    tol = float(tolerance)
    if not tol > 0:
        raise ValueError("the neighbourhood tolerance must be > 0")
    la = [np.asarray(l, float)[:, :2] for l in lines_a if len(l) >= 2]
    lb = [np.asarray(l, float)[:, :2] for l in lines_b if len(l) >= 2]
    out = dict(area_a=0.0, area_b=0.0, intersection=0.0)
    if la or lb:
        allxy = np.concatenate(la + lb)
        origin = allxy.min(axis=0)
        la = _drop_collinear([l - origin for l in la])
        lb = _drop_collinear([l - origin for l in lb])
        ext = allxy.max(axis=0) - origin
        c = float(cell) if cell else max(250.0, 25.0 * tol)
        x0, y0 = -tol, -tol
        nx = int(np.floor((ext[0] + 2 * tol) / c)) + 1
        ny = int(np.floor((ext[1] + 2 * tol) / c)) + 1
        ra, ca = _cells_of(la, tol, x0, y0, c, nx, ny)
        rb, cb = _cells_of(lb, tol, x0, y0, c, nx, ny)
        cells = np.union1d(ca, cb)
        fn = _areas_shapely2 if has_vectorised_shapely() else _areas_shapely1
        out = fn(la, lb, ra, ca, rb, cb, cells, x0, y0, c, nx, tol)
    u = out["area_a"] + out["area_b"] - out["intersection"]
    out["union"] = u
    out["iou"] = out["intersection"] / u if u > 0 else float("nan")
    return out


def _drop_collinear(lines, eps=1e-7):
    """Drop the interior vertices lying within ``eps`` metres of the chord
    of their two neighbours (the neighbourhood moves by at most eps).  A
    line split or densified along a straight stretch then gives the very
    same polygon: GEOS would otherwise buffer the extra, almost collinear
    vertex with a sliver of a join and change areas by ~1e-9."""
    if not lines:
        return lines
    n = np.fromiter((len(l) for l in lines), np.int64, len(lines))
    xy = np.concatenate(lines)
    start = np.concatenate([[0], np.cumsum(n)[:-1]])
    keep = np.ones(len(xy), bool)
    inner = np.ones(len(xy), bool)
    inner[start] = False
    inner[start + n - 1] = False
    i = np.nonzero(inner)[0]
    if len(i):
        a, b, c = xy[i - 1], xy[i], xy[i + 1]
        ab, ac = b - a, c - a
        L = np.hypot(ac[:, 0], ac[:, 1])
        cross = np.abs(ab[:, 0] * ac[:, 1] - ab[:, 1] * ac[:, 0])
        t = (ab[:, 0] * ac[:, 0] + ab[:, 1] * ac[:, 1])
        with np.errstate(invalid="ignore", divide="ignore"):
            on = (L > 0) & (cross <= eps * L) & (t >= 0) & (t <= L * L)
        keep[i[on]] = False
    parts = np.split(xy, np.cumsum(n)[:-1])
    masks = np.split(keep, np.cumsum(n)[:-1])
    return [p[m] for p, m in zip(parts, masks)]


def _cell_box(cells, x0, y0, c, nx):
    cx, cy = cells % nx, cells // nx
    return x0 + cx * c, y0 + cy * c, x0 + (cx + 1) * c, y0 + (cy + 1) * c


def _areas_shapely2(la, lb, ra, ca, rb, cb, cells, x0, y0, c, nx, tol):
    import shapely
    xmin, ymin, xmax, ymax = _cell_box(cells, x0, y0, c, nx)
    boxes = shapely.box(xmin, ymin, xmax, ymax)

    def per_cell(lines, r, cl):
        geoms = np.full(len(cells), None, dtype=object)
        if not lines:
            return geoms
        ls = shapely.linestrings(np.concatenate(lines),
                                 indices=np.repeat(np.arange(len(lines)), [len(l) for l in lines]))
        o = np.argsort(cl, kind="stable")
        r, cl = r[o], cl[o]
        present, inv = np.unique(np.searchsorted(cells, cl), return_inverse=True)
        multi = shapely.multilinestrings(ls[r], indices=inv)
        wide = shapely.box(xmin[present] - tol, ymin[present] - tol, xmax[present] + tol,
                           ymax[present] + tol)
        clipped = shapely.intersection(multi, wide)
        buf = shapely.buffer(clipped, tol, quad_segs=QUAD_SEGS)
        geoms[present] = shapely.intersection(buf, boxes[present])
        return geoms

    na = per_cell(la, ra, ca)
    nb = per_cell(lb, rb, cb)
    aa = shapely.area(na[na != None])  # noqa: E711 (object array)
    ab = shapely.area(nb[nb != None])  # noqa: E711
    both = (na != None) & (nb != None)  # noqa: E711
    inter = shapely.area(shapely.intersection(na[both], nb[both])) if both.any() else np.zeros(0)
    return dict(area_a=float(np.sum(aa)), area_b=float(np.sum(ab)),
                intersection=float(np.sum(inter)))


def _areas_shapely1(la, lb, ra, ca, rb, cb, cells, x0, y0, c, nx, tol):
    from shapely.geometry import MultiLineString, box
    from shapely.ops import clip_by_rect
    xmin, ymin, xmax, ymax = _cell_box(cells, x0, y0, c, nx)
    pa = np.searchsorted(cells, ca)
    pb = np.searchsorted(cells, cb)
    oa, ob = np.argsort(pa, kind="stable"), np.argsort(pb, kind="stable")
    pa, ra = pa[oa], ra[oa]
    pb, rb = pb[ob], rb[ob]
    sa = np.searchsorted(pa, np.arange(len(cells) + 1))
    sb = np.searchsorted(pb, np.arange(len(cells) + 1))
    tot_a = tot_b = tot_i = 0.0
    for k in range(len(cells)):
        checkpoint()
        bx = box(xmin[k], ymin[k], xmax[k], ymax[k])
        geoms = []
        for lines, r, s in ((la, ra, sa), (lb, rb, sb)):
            idx = r[s[k]:s[k + 1]]
            if len(idx) == 0:
                geoms.append(None)
                continue
            m = MultiLineString([lines[i].tolist() for i in idx])
            g = clip_by_rect(m, xmin[k] - tol, ymin[k] - tol, xmax[k] + tol, ymax[k] + tol)
            geoms.append(None if g.is_empty else g.buffer(tol, QUAD_SEGS).intersection(bx))
        ga, gb = geoms
        if ga is not None:
            tot_a += ga.area
        if gb is not None:
            tot_b += gb.area
        if ga is not None and gb is not None:
            tot_i += ga.intersection(gb).area
    return dict(area_a=tot_a, area_b=tot_b, intersection=tot_i)
