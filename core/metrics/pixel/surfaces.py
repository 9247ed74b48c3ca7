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
from ...progress import checkpoint

# threads of the KD-tree queries (the results do not depend on it)
QUERY_WORKERS = 2


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
    from scipy import ndimage  # on first use: importing the registry stays light (issue 24)
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
    from scipy import ndimage  # on first use: importing the registry stays light (issue 24)
    h, w = float(spacing_m[0]), float(spacing_m[1])
    k = int(np.floor(radius_m / h + 1e-9))
    half = {dy: int(np.floor(np.sqrt(max(radius_m ** 2 - (dy * h) ** 2, 0.0)) / w + 1e-9))
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


def inner_band(mask: np.ndarray, width_m: float, spacing_m: tuple,
               edge: Optional[np.ndarray] = None) -> np.ndarray:
    """Boundary IoU's G_d = G and N_d(contour G) (Cheng et al., CVPR 2021,
    sec. 3): the mask pixels whose centre is at most ``width_m`` from the
    centre of a pixel outside the mask (outside the raster counts as outside),
    and at least the boundary B(M) (as Cheng et al.'s erosion by at least one
    pixel), so a width below one pixel gives the boundary itself.  ``edge``:
    B(M) when already computed."""
    mask = np.asarray(mask, dtype=bool)
    band = mask & ~erosion(mask, width_m, spacing_m)
    band |= boundary(mask) if edge is None else edge
    return band


def coordinates(mask: np.ndarray, spacing_m: tuple) -> np.ndarray:
    """(n, 2) positions (m) of the pixel centres of ``mask`` in the grid
    frame (row x height, col x width), row-major order."""
    r, c = np.nonzero(mask)
    return np.column_stack([r * float(spacing_m[0]), c * float(spacing_m[1])])
