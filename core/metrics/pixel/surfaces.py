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

import numpy as np
from scipy import ndimage
from scipy.spatial import cKDTree

from ...progress import checkpoint

CROSS = ndimage.generate_binary_structure(2, 1)
# threads of the KD-tree queries (the results do not depend on it)
QUERY_WORKERS = 2


def boundary(mask: np.ndarray) -> np.ndarray:
    """B(M) = M and not erosion(M): the mask pixels with a 4-neighbour
    outside the mask or outside the raster."""
    mask = np.asarray(mask, dtype=bool)
    return mask & ~ndimage.binary_erosion(mask, structure=CROSS, border_value=0)


def distance_to(target: np.ndarray, spacing_m: tuple) -> np.ndarray:
    """Distance (m) of every pixel centre to the nearest ``target`` pixel
    centre (0 on the target); ``target`` must not be empty."""
    checkpoint()
    return ndimage.distance_transform_edt(~np.asarray(target, dtype=bool), sampling=spacing_m)


def directed_distances(src: np.ndarray, dst: np.ndarray, spacing_m: tuple) -> np.ndarray:
    """d(p, dst) for every ``src`` pixel p, row-major order (m); empty when
    ``src`` is empty, NaN for each when ``dst`` is empty.  Nearest
    neighbours in a KD-tree of the ``dst`` pixel centres: the same Euclidean
    distances as the distance transform medpy and MetricsReloaded use, at a
    cost that grows with the boundary pixels, not with the raster."""
    n = int(np.count_nonzero(src))
    if n == 0:
        return np.zeros(0)
    if not dst.any():
        return np.full(n, np.nan)
    checkpoint()
    tree = cKDTree(coordinates(dst, spacing_m))
    d, _ = tree.query(coordinates(src, spacing_m), k=1, workers=QUERY_WORKERS)
    return d


def within(src: np.ndarray, dst: np.ndarray, tolerance_m: float, spacing_m: tuple) -> np.ndarray:
    """The ``src`` pixels at most ``tolerance_m`` from a ``dst`` pixel
    (bool array): the survey's dil_t(dst) restricted to src.  Computed on
    the bounding box of ``src`` widened by the tolerance only."""
    out = np.zeros(src.shape, dtype=bool)
    if not src.any() or not dst.any():
        return out
    win = _window(src, tolerance_m, spacing_m)
    if not dst[win].any():
        return out
    out[win] = src[win] & (distance_to(dst[win], spacing_m) <= tolerance_m)
    return out


def dilation(mask: np.ndarray, tolerance_m: float, spacing_m: tuple) -> np.ndarray:
    """dil_t(M): the pixels whose centre is at most ``tolerance_m`` from
    the centre of a pixel of M (a disc-shaped structuring element in metres)."""
    if not mask.any():
        return np.zeros(mask.shape, dtype=bool)
    return distance_to(mask, spacing_m) <= tolerance_m


def inner_band(mask: np.ndarray, width_m: float, spacing_m: tuple) -> np.ndarray:
    """Boundary IoU's G_d = G and N_d(contour G) (Cheng et al., CVPR 2021,
    sec. 3): the mask pixels whose centre is at most ``width_m`` from the
    centre of a pixel outside the mask (outside the raster counts as outside),
    and at least the boundary B(M) (as Cheng et al.'s erosion by at least one
    pixel), so a width below one pixel gives the boundary itself."""
    mask = np.asarray(mask, dtype=bool)
    if not mask.any():
        return mask.copy()
    padded = np.pad(mask, 1, constant_values=False)
    d = ndimage.distance_transform_edt(padded, sampling=spacing_m)[1:-1, 1:-1]
    return (mask & (d <= width_m)) | boundary(mask)


def _window(src: np.ndarray, tolerance_m: float, spacing_m: tuple) -> tuple:
    """The bounding box of ``src`` widened by ``tolerance_m`` (slices): pixels
    farther than that from src never matter for it."""
    rows = np.flatnonzero(src.any(axis=1))
    cols = np.flatnonzero(src.any(axis=0))
    pr = int(np.ceil(tolerance_m / spacing_m[0])) + 1
    pc = int(np.ceil(tolerance_m / spacing_m[1])) + 1
    return (slice(max(rows[0] - pr, 0), rows[-1] + pr + 1),
            slice(max(cols[0] - pc, 0), cols[-1] + pc + 1))


def coordinates(mask: np.ndarray, spacing_m: tuple) -> np.ndarray:
    """(n, 2) positions (m) of the pixel centres of ``mask`` in the grid
    frame (row x height, col x width), row-major order."""
    r, c = np.nonzero(mask)
    return np.column_stack([r * float(spacing_m[0]), c * float(spacing_m[1])])
