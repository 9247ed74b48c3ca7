"""Mask boundaries and distances between them in metres, the primitives of
the pixel distance and boundary metrics (docs/pixel.md).

* Boundary (MetricsReloaded, medpy; Reinke et al., "Common limitations of
  image processing metrics", Fig. 7): the pixels of a mask with a
  4-neighbour outside it, B(M) = M xor erosion(M) with the cross-shaped
  structuring element; outside the raster counts as background, so a mask
  touching the raster's edge has a boundary there.
* Distances are Euclidean between pixel centres, in metres, with the
  pixel's height and width as the sampling of the exact Euclidean distance
  transform (scipy.ndimage.distance_transform_edt, Maurer et al. 2003), so
  anisotropic pixels are measured correctly.
"""
from __future__ import annotations

from typing import Optional

import numpy as np
from ...lazy_scipy import cKDTree
from ...parallel import cores, thread_map
from ...progress import checkpoint

# Tolerance ties: a pair at exactly the tolerance counts.  A distance d is
# within a tolerance t when d <= t (1 + TIE_RTOL).  The distance between two
# pixel centres computed in floating point from a pixel size that is not
# dyadic can land just above a tolerance it equals (4 rows of 0.3 m: 4 x 0.3 =
# 1.2000000000000002 m), so the same pair would count at 0.5 m pixels and not
# at 0.3 m.  The margin is far above floating-point rounding (about 1e-16
# relative) and far below the gap between two distinct grid distances at any
# tolerance in range: every tie counts, as in the definition (the pixels
# within t, Seidlitz et al. for NSD, Perazzi et al. for boundary F) and in
# MetricsReloaded, MONAI and DAVIS.
# Every tolerance test of the pixel metrics goes through within() / reach().
TIE_RTOL = 1e-9


def reach(tolerance_m: float) -> float:
    """The largest distance (m) counted within ``tolerance_m`` (ties kept)."""
    return float(tolerance_m) * (1.0 + TIE_RTOL)


def within(d: np.ndarray, tolerance_m: float) -> np.ndarray:
    """d <= tolerance, ties counted (TIE_RTOL)."""
    return d <= reach(tolerance_m)


# threads of the KD-tree queries (the results do not depend on it)
QUERY_WORKERS = 2
# pixels per band of rows in pairs_within (about 16 MB of ranks per band)
BAND_PIXELS = 1 << 22


def boundary(mask: np.ndarray) -> np.ndarray:
    """B(M) = M and not erosion(M): the mask pixels with a 4-neighbour
    outside the mask or outside the raster (scipy's binary_erosion with the
    cross and border_value 0, written as four shifted in-place ANDs: the
    same pixels, far faster)."""
    mask = np.asarray(mask, dtype=bool)
    inner = mask.copy()
    inner[1:] &= mask[:-1]
    inner[:-1] &= mask[1:]
    inner[:, 1:] &= mask[:, :-1]
    inner[:, :-1] &= mask[:, 1:]
    inner[[0, -1], :] = False
    inner[:, [0, -1]] = False
    return mask & ~inner


def distance_to(target: np.ndarray, spacing_m: tuple) -> np.ndarray:
    """Distance (m) of every pixel centre to the nearest ``target`` pixel
    centre (0 on the target); ``target`` must not be empty."""
    from scipy import ndimage  # on first use: importing the registry stays light
    checkpoint()
    return ndimage.distance_transform_edt(~np.asarray(target, dtype=bool), sampling=spacing_m)


def directed_distances(src: np.ndarray, dst: np.ndarray, spacing_m: tuple) -> np.ndarray:
    """d(p, dst) for every ``src`` pixel p, row-major order (m); empty when
    ``src`` is empty, NaN for each when ``dst`` is empty.  Nearest
    neighbours in a KD-tree of the ``dst`` pixel centres: the same Euclidean
    distances as the distance transform medpy and MetricsReloaded use, at a
    cost that grows with the boundary pixels, not with the raster."""
    return point_distances(np.flatnonzero(src), np.flatnonzero(dst), src.shape, spacing_m)


def point_distances(src: np.ndarray, dst: np.ndarray, shape: tuple,
                    spacing_m: tuple) -> np.ndarray:
    """:func:`directed_distances` for sorted flat pixel indices."""
    if len(src) == 0:
        return np.zeros(0)
    if len(dst) == 0:
        return np.full(len(src), np.nan)
    checkpoint()
    pos = np.minimum(np.searchsorted(dst, src), len(dst) - 1)
    on = dst[pos] == src                 # src pixels on dst: distance 0, no query
    d = np.zeros(len(src))
    if not on.all():
        tree = cKDTree(flat_coordinates(dst, shape, spacing_m), balanced_tree=False,
                       compact_nodes=False)
        d[~on] = tree.query(flat_coordinates(src[~on], shape, spacing_m), k=1,
                            workers=QUERY_WORKERS)[0]
    return d


def flat_coordinates(idx: np.ndarray, shape: tuple, spacing_m: tuple) -> np.ndarray:
    """(n, 2) positions (m) of the flat pixel indices ``idx`` in the grid
    frame (row x height, col x width)."""
    r, c = np.divmod(idx, shape[1])
    return np.column_stack([r * float(spacing_m[0]), c * float(spacing_m[1])])


def erosion(mask: np.ndarray, radius_m: float, spacing_m: tuple,
            outside: bool = False) -> np.ndarray:
    """The pixels of ``mask`` all of whose pixels within ``radius_m``
    (centre to centre, metres) are in ``mask`` too - the erosion by a disc
    in metres (an ellipse of pixels when they are not square); pixels
    outside the raster count as ``outside``.  Exact, and separable: the disc
    is a union of row segments, so the erosion is the intersection of
    one-dimensional minimum filters shifted by their row offsets (O(pixels x
    rows of the disc), where a distance transform of a 10,000^2 raster
    takes half a minute)."""
    from scipy import ndimage  # on first use: importing the registry stays light
    h, w = float(spacing_m[0]), float(spacing_m[1])
    n_rows, n_cols = np.shape(mask)
    # a disc larger than the raster: rows and half-widths beyond it read only
    # the padding (``outside``), whatever their exact reach, so they are
    # clipped to the raster (the same result; the work no longer grows with
    # the tolerance: unclipped, TOLERANCE=5000 on a 60 x 60 mask took 40 s)
    k = min(int(np.floor(radius_m / h + 1e-9)), n_rows)
    half = {dy: min(int(np.floor(np.sqrt(max(radius_m ** 2 - (dy * h) ** 2, 0.0)) / w + 1e-9)),
                    n_cols)
            for dy in range(-k, k + 1)}
    m = np.pad(np.asarray(mask, dtype=bool), ((k, k), (0, 0)), constant_values=outside)
    rows = {}
    for hw in sorted(set(half.values())):
        checkpoint()
        rows[hw] = m if hw == 0 else ndimage.minimum_filter1d(m, 2 * hw + 1, axis=1,
                                                              mode="constant", cval=outside)
    out = np.ones(mask.shape, dtype=bool)
    n = mask.shape[0]
    for dy, hw in half.items():
        out &= rows[hw][k + dy:k + dy + n]
    return out


def dilation(mask: np.ndarray, tolerance_m: float, spacing_m: tuple) -> np.ndarray:
    """dil_t(M): the pixels whose centre is at most ``tolerance_m`` from
    the centre of a pixel of M (a disc-shaped structuring element in
    metres; outside the raster is never in M)."""
    return ~erosion(~np.asarray(mask, dtype=bool), tolerance_m, spacing_m, outside=True)


def square_erosion(mask: np.ndarray, radius_m: float, spacing_m: tuple) -> np.ndarray:
    """The pixels of ``mask`` all of whose pixels within ``radius_m`` along
    each axis (|dy| x height <= radius_m and |dx| x width <= radius_m, at
    least one pixel each way) are in ``mask`` too; outside the raster is
    background.  With k pixels each way, Cheng et al.'s erosion of the mask
    padded by one zero pixel with a 3 x 3 square repeated k times (k
    erosions by the 3 x 3 square are one by the (2k + 1) x (2k + 1) square,
    Minkowski addition), done as two one-dimensional minimum filters."""
    from scipy import ndimage  # on first use: importing the registry stays light
    m = np.asarray(mask, dtype=bool)
    for axis, step in enumerate(spacing_m):
        k = max(1, int(np.floor(radius_m / float(step) + 1e-9)))
        k = min(k, m.shape[axis])        # beyond the raster: only the background border
        m = ndimage.minimum_filter1d(m, 2 * k + 1, axis=axis, mode="constant", cval=False)
    return m


# Boundary IoU's structuring elements (BAND_SHAPE of pixel_distances)
BAND_SHAPES = ["disc", "square"]


def inner_band(mask: np.ndarray, width_m: float, spacing_m: tuple,
               edge: Optional[np.ndarray] = None, shape: str = "disc") -> np.ndarray:
    """Boundary IoU's G_d = G and N_d(contour G) (Cheng et al., CVPR 2021,
    sec. 3): the mask pixels whose centre is at most ``width_m`` from the
    centre of a pixel outside the mask (outside the raster counts as outside),
    and at least the boundary B(M) (as Cheng et al.'s erosion by at least one
    pixel), so a width below one pixel gives the boundary itself.  ``edge``:
    B(M) when already computed.  ``shape``: 'disc' (Euclidean, metres) or
    'square' (at most ``width_m`` along each axis, :func:`square_erosion`:
    Cheng et al.'s reference code, a 3 x 3 erosion repeated)."""
    mask = np.asarray(mask, dtype=bool)
    if shape == "square":       # at least one pixel each way: B(M) is in the band already
        return mask & ~square_erosion(mask, width_m, spacing_m)
    band = mask & ~erosion(mask, width_m, spacing_m)
    band |= boundary(mask) if edge is None else edge
    return band


def coordinates(mask: np.ndarray, spacing_m: tuple) -> np.ndarray:
    """(n, 2) positions (m) of the pixel centres of ``mask`` in the grid
    frame (row x height, col x width), row-major order."""
    r, c = np.nonzero(mask)
    return np.column_stack([r * float(spacing_m[0]), c * float(spacing_m[1])])


def disc_offsets(radius_m: float, spacing_m: tuple, margin: float = 0.0,
                 shape: Optional[tuple] = None) -> np.ndarray:
    """(n, 2) row and column offsets (dy, dx) of the pixels whose centre is
    within ``radius_m`` of a pixel centre, (dy h)^2 + (dx w)^2 <= radius_m^2
    (times 1 + ``margin``), in lexicographic order; with a raster ``shape``,
    only the offsets that can join two of its pixels (|dy| < rows, |dx| <
    columns: a tolerance larger than the raster costs no more than its
    diagonal)."""
    h, w = float(spacing_m[0]), float(spacing_m[1])
    ky, kx = (int(np.floor(radius_m / s * (1 + 1e-9))) + 1 for s in (h, w))
    if shape is not None:
        ky, kx = min(ky, max(int(shape[0]) - 1, 0)), min(kx, max(int(shape[1]) - 1, 0))
    dy, dx = np.mgrid[-ky:ky + 1, -kx:kx + 1].reshape(2, -1)
    ok = (dy * h) ** 2 + (dx * w) ** 2 <= radius_m * radius_m * (1.0 + margin)
    return np.column_stack([dy[ok], dx[ok]])


def exact_multiples(step: float, n: int) -> bool:
    """Whether k x ``step`` is exact in floating point for 0 <= k < n (a
    dyadic step with a short mantissa: 1, 0.5, 0.25, 2 ...), so that
    k1 step - k2 step = (k1 - k2) step to the bit."""
    num, _ = float(step).as_integer_ratio()
    return abs(num) * max(int(n), 1) < 2 ** 53


def pairs_within(src: np.ndarray, dst: np.ndarray, radius_m: float, spacing_m: tuple,
                 distances: bool = True) -> tuple[np.ndarray, np.ndarray, Optional[np.ndarray]]:
    """Every pair (i, j, d) of a ``src`` pixel i and a ``dst`` pixel j
    (indices in row-major order) whose centres are at most ``radius_m``
    apart, d the distance (m), sorted by i then j; i and j are int32 when
    both masks have fewer than 2^31 such pixels (half the memory), int64
    otherwise.

    The pairs and distances a KD-tree of the pixel centres returns
    (cKDTree's sparse_distance_matrix: (yi - yj)^2 + (xi - xj)^2 <=
    radius_m^2 on the coordinates row x height and col x width, d its
    square root), found on the grid instead: the offsets within the disc
    (:func:`disc_offsets`, sorted, so a pixel's partners come in row-major
    order) are looked up in an image of the ``dst`` ranks, one band of rows
    at a time.  When the pixel sizes' multiples are exact (1 m, 0.5 m ...),
    a pair's distance is its offset's, computed as the tree does; otherwise
    (0.3 m) each pair is measured and tested on its coordinates, as the
    tree does.  The same pairs and distances to the bit, in half the time
    and without the trees.  ``distances`` False: d is None (less memory)."""
    src, dst = np.asarray(src, dtype=bool), np.asarray(dst, dtype=bool)
    exact = all(exact_multiples(s, n) for s, n in zip(spacing_m, src.shape))
    off = disc_offsets(radius_m, spacing_m, 0.0 if exact else 1e-9, src.shape)
    i, j, o = _grid_pairs(src, dst, off)
    h, w = float(spacing_m[0]), float(spacing_m[1])
    if exact and not distances:
        return i, j, None
    if exact:
        d2 = ((off[:, 0] * h) ** 2 + (off[:, 1] * w) ** 2)[o]
    else:
        d2 = _pair_distances(src, dst, i, j, spacing_m)
        keep = d2 <= radius_m * radius_m
        if not keep.all():
            i, j, d2 = i[keep], j[keep], d2[keep]
    return i, j, np.sqrt(d2, out=d2) if distances else None


def _grid_pairs(src, dst, off):
    """(i, j, offset index) of every ``src`` pixel i and ``dst`` pixel j at
    one of the offsets ``off``, sorted by i then j."""
    ky, kx = int(np.abs(off[:, 0]).max()), int(np.abs(off[:, 1]).max())
    n_rows, n_cols = src.shape
    step = off[:, 0] * (n_cols + 2 * kx) + off[:, 1]    # increasing: |dx| <= kx
    fs, fd = np.flatnonzero(src), np.flatnonzero(dst)
    band = max(1, BAND_PIXELS // max(n_cols, 1))
    cut = np.arange(0, n_rows + band, band).clip(max=n_rows) * n_cols
    s_at = np.searchsorted(fs, cut)
    d_lo = np.searchsorted(fd, (cut - ky * n_cols).clip(min=0))
    d_hi = np.searchsorted(fd, cut + ky * n_cols)
    small = np.int32 if max(len(fs), len(fd)) < 2 ** 31 else np.int64   # less memory per band

    def one(k):
        checkpoint()
        i, j, o = _band_pairs(fs[s_at[k]:s_at[k + 1]], fd[d_lo[k]:d_hi[k + 1]], s_at[k],
                              d_lo[k], cut[k] // n_cols, cut[k + 1] // n_cols, (ky, kx),
                              n_cols, step)
        return i.astype(small), j.astype(small), o.astype(np.int32)
    # the bands on threads (numpy's gathers release the GIL), joined in band order
    out = [(np.zeros(0, small), np.zeros(0, small), np.zeros(0, np.int32))]
    out += thread_map(one, list(range(len(cut) - 1)),
                      min(cores(), QUERY_WORKERS) if len(fs) > BAND_PIXELS // 8 else 1)
    return tuple(np.concatenate([x[k] for x in out], dtype=t)
                 for k, t in enumerate((small, small, np.int32)))


def _band_pairs(fs, fd, i0, j0, r0, r1, k, n_cols, step):
    """The pairs of the ``src`` pixels ``fs`` (flat indices, the first of
    rank i0) of rows r0..r1-1 with the ``dst`` pixels ``fd`` (the first of
    rank j0) of rows r0 - ky .. r1 + ky: a 0/1 image of the ``dst`` pixels
    over those rows (kx columns of padding each side) read at every ``src``
    pixel plus every offset (one byte per test: a quarter of the memory
    traffic of reading ranks), then the ``dst`` ranks read at the hits
    only.  Each offset reads a view of the image shifted by it, so no index
    array is built per offset."""
    ky, kx = k
    width = n_cols + 2 * kx
    size = (r1 - r0 + 2 * ky) * width
    base = (r0 - ky) * n_cols

    def at(f):       # flat index in the padded band image
        f = f - base
        return f + (f // n_cols) * (2 * kx) + kx
    qd = at(fd)
    has = np.zeros(size, bool)
    has[qd] = True
    lo = int(-step[0])                # the most negative offset (offsets increase)
    q = at(fs) - lo                   # has[s + lo:][q] is has[at(fs) + s]
    shifts = (step + lo).tolist()
    n_off = len(step)
    chunk = max(1, BAND_PIXELS // n_off)         # pixels x offsets read at once
    rank = None
    out = [(np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0, np.int64))]
    for p0 in range(0, len(fs), chunk):
        part = q[p0:p0 + chunk]
        cand = np.empty((n_off, len(part)), bool)
        for o, s in enumerate(shifts):
            np.take(has[s:], part, out=cand[o])
        hit = np.flatnonzero(cand.T)              # by pixel, then offset
        i, o = np.divmod(hit, n_off)
        if rank is None:
            rank = np.full(size, -1, np.int32)
            rank[qd] = np.arange(len(fd), dtype=np.int32)
        j = rank[part[i] + (step[o] + lo)]
        out.append((i + (i0 + p0), j + np.int64(j0), o))
    return tuple(np.concatenate([x[k] for x in out]) for k in range(3))


def _pair_distances(src, dst, i, j, spacing_m):
    """(yi - yj)^2 + (xi - xj)^2 for the pairs, from the pixel centres'
    coordinates (row x height, col x width), as a KD-tree computes it."""
    h, w = float(spacing_m[0]), float(spacing_m[1])
    (ys, xs), (yd, xd) = (np.nonzero(m) for m in (src, dst))
    dy = ys[i] * h
    dy -= yd[j] * h
    dx = xs[i] * w
    dx -= xd[j] * w
    dy *= dy
    dx *= dx
    dy += dx
    return dy
