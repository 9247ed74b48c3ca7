"""From a raster band to a clean road mask: threshold, affine transform,
small components removed, small holes filled (docs/raster.md)."""
from __future__ import annotations

from typing import Optional, Sequence

import numpy as np
from ..text import msg
from .runs import gaps, paint, row_runs, run_components

def as_transform(transform) -> tuple:
    """``(a, b, c, d, e, f)`` from a 6-sequence in that order (rasterio /
    affine: x = a col + b row + c, y = d col + e row + f) or an
    ``affine.Affine`` (9 values ending 0, 0, 1).  Rotated and sheared
    transforms are accepted; a singular or non-finite one is refused, and so
    is a GDAL geotransform (x0, a, b, y0, d, e) given in this order (north up:
    its zeros at places 3 and 5 and a pixel step as long as the origin's
    distance from (0, 0)), with the reordered tuple in the sentence."""
    try:
        t = [float(v) for v in transform]
    except (TypeError, ValueError):
        raise ValueError(msg("The transform must be 6 numbers (a, b, c, d, e, f: x = a col + "
                             "b row + c, y = d col + e row + f), got {!r}.", transform)) from None
    if len(t) == 9 and t[6:] == [0.0, 0.0, 1.0]:
        t = t[:6]
    if len(t) != 6 or not np.isfinite(t).all():
        raise ValueError(msg("The transform must be 6 finite numbers (a, b, c, d, e, f: x = a "
                             "col + b row + c, y = d col + e row + f), got {!r}.", transform))
    gdal_like = t[2] == 0 and t[4] == 0 and t[1] != 0 and t[5] != 0
    if t[0] * t[4] - t[1] * t[3] == 0:
        if gdal_like:
            raise ValueError(_gdal_order(t))
        raise ValueError(msg("The transform {!r} is singular (its pixels have no area).",
                             tuple(t)))
    # GDAL's geotransform (x0, a, b, y0, d, e) read in this order: the origin
    # becomes a pixel step, millions of metres long beside a step of a pixel
    if gdal_like and np.hypot(t[0], t[3]) > MAX_ASPECT * abs(t[1]):
        raise ValueError(_gdal_order(t))
    return tuple(t)


# a pixel whose two steps differ by more than this factor is not a raster's
MAX_ASPECT = 100.0


def _gdal_order(t: list):
    """The refusal of a transform given in GDAL's order."""
    return msg("The transform {!r} looks like a GDAL geotransform (x0, pixel width, 0, y0, 0, "
               "pixel height): give it in the affine / rasterio order (a, b, c, d, e, f: x = a col "
               "+ b row + c, y = d col + e row + f), here {!r}, or as affine.Affine.from_gdal(*gt).",
               tuple(t), (t[1], t[2], t[0], t[4], t[5], t[3]))


def pixel_area(transform: Sequence[float]) -> float:
    """Area of one pixel in map units squared (|a e - b d|)."""
    a, b, _, d, e, _ = transform
    return abs(a * e - b * d)


def pixel_size(transform: Sequence[float]) -> float:
    """The larger side of a pixel in map units (pixel width or height)."""
    a, b, _, d, e, _ = transform
    return max(float(np.hypot(a, d)), float(np.hypot(b, e)))


def to_map(rc: np.ndarray, transform: Sequence[float]) -> np.ndarray:
    """Map (x, y) of (row, col) positions, counted so that a pixel's centre
    is at its integer (row, col) (so the map point is the pixel centre)."""
    a, b, c, d, e, f = transform
    rc = np.asarray(rc, dtype=float).reshape(-1, 2)
    col, row = rc[:, 1] + 0.5, rc[:, 0] + 0.5
    return np.column_stack([a * col + b * row + c, d * col + e * row + f])


class NotAMask(ValueError):
    """A band read without a threshold or classes that is neither a 0/1
    mask nor a two-valued {0, v} mask; ``param`` is the parameter a face
    names as the way out (set by the caller that knows it)."""

    param = None


def binary_road(a: np.ndarray, valid: np.ndarray) -> tuple:
    """(road pixels, their value) of a band read as a mask: the valid
    non-zero pixels, which must all hold one value v (1 for a 0/1 mask, 255
    for a 0/255 one; None when there is none); NotAMask otherwise."""
    if a.dtype == bool:
        road = valid & a
        return road, (1.0 if road.any() else None)
    road = valid & (a != 0)
    if not road.any():
        return road, None
    values = a[road]
    lo, hi = values.min(), values.max()
    if lo != hi:
        raise not_a_mask(a[valid])
    return road, float(lo)


def not_a_mask(values: np.ndarray) -> NotAMask:
    """The refusal of a band that is not a mask, with the values it holds."""
    return NotAMask(msg("The raster is not a 0/1 mask (its values include {}): give a "
                        "threshold for a probability map or the road classes of a class map.",
                        _examples(values)))


def two_valued_warning(value: Optional[float]) -> Optional[object]:
    """The warning of a mask whose road value is not 1 (a 0/255 mask), else None."""
    if value is None or value == 1:
        return None
    return msg("The raster holds only 0 and {} (a 0/{} mask): its {} pixels are read as road.",
               f"{value:g}", f"{value:g}", f"{value:g}")


def road_mask(array, threshold: Optional[float] = None, classes=None,
              nodata: Optional[float] = None, warnings: Optional[list] = None) -> np.ndarray:
    """The road pixels of a 2-D band: ``array >= threshold`` (a
    probability or score), pixels whose value is one of ``classes`` (a
    class map), or, with neither, the non-zero pixels of a mask holding 0
    and one other value v (a 0/1 or bool mask; a 0/255 mask is read as road
    = 255 with a warning appended to ``warnings``).  ``nodata`` pixels and
    NaN are never road; any other band without threshold or classes:
    NotAMask."""
    a = np.asarray(array)
    if a.ndim == 3 and a.shape[0] == 1:
        a = a[0]
    if a.ndim != 2:
        raise ValueError(msg("A raster of one band (a 2-D array) is needed, got an array of "
                             "shape {}.", tuple(a.shape)))
    if a.size == 0:
        raise ValueError(msg("The raster is empty (shape {}).", tuple(a.shape)))
    if not (np.issubdtype(a.dtype, np.number) or a.dtype == bool):
        raise ValueError(msg("The raster must hold numbers, not {}.", a.dtype))
    if a.dtype == bool and nodata is None and threshold is None and classes is None:
        return a.copy()
    valid = valid_mask(a, nodata)
    if threshold is not None and classes is not None:
        raise ValueError(msg("Give a threshold (probability maps) or classes (class maps), "
                             "not both."))
    if threshold is not None:
        if not np.isfinite(threshold):
            raise ValueError(msg("The threshold must be a finite number, got {}.", threshold))
        return valid & (a >= threshold)  # NaN compares False; no float copy of the raster
    if classes is not None:
        values = np.atleast_1d(np.asarray(classes))
        return valid & np.isin(a, values)
    road, value = binary_road(a, valid)
    w = two_valued_warning(value)
    if w is not None and warnings is not None:
        warnings.append(w)
    return road


def valid_mask(a: np.ndarray, nodata: Optional[float]) -> np.ndarray:
    """The pixels of ``a`` that hold data: not NaN, not ``nodata``."""
    valid = np.ones(a.shape, dtype=bool)
    if np.issubdtype(a.dtype, np.floating):
        valid &= ~np.isnan(a)
    if nodata is not None and not (isinstance(nodata, float) and np.isnan(nodata)):
        valid &= a != nodata
    return valid


def _examples(values: np.ndarray) -> str:
    u = np.unique(values)
    shown = ", ".join(f"{v:g}" for v in u[:5].tolist())
    return shown + (", ..." if len(u) > 5 else "")


def remove_small_components(mask: np.ndarray, min_pixels: float) -> np.ndarray:
    """``mask`` without its 8-connected components of fewer than
    ``min_pixels`` pixels."""
    return clean_mask(mask, min_pixels, 0)


def fill_small_holes(mask: np.ndarray, max_pixels: float) -> np.ndarray:
    """``mask`` with its holes (4-connected background components that do
    not touch the raster's edge) of fewer than ``max_pixels`` pixels
    filled."""
    return clean_mask(mask, 0, max_pixels)


def clean_mask(mask: np.ndarray, min_pixels: float, max_pixels: float) -> np.ndarray:
    """``mask`` (2-D bool) without its 8-connected components of fewer than
    ``min_pixels`` pixels, then with its holes (4-connected background
    components not touching the raster's edge) of fewer than ``max_pixels``
    pixels filled; ``mask`` itself when neither step changes anything.
    Computed on the mask's row runs (core/raster/runs.py): one scan of the
    raster, then work and memory in proportion to the number of runs."""
    mask = np.asarray(mask, dtype=bool)
    if (min_pixels <= 1 and max_pixels <= 0) or not mask.any():
        return mask
    row, start, stop = row_runs(mask)
    drop = np.zeros(len(row), dtype=bool)
    if min_pixels > 1:
        label, size = run_components(row, start, stop, mask.shape[1], eight=True)
        drop = size[label] < min_pixels
    fill = np.zeros(0, dtype=bool)
    if max_pixels > 0:
        g_row, g_start, g_stop = gaps(row[~drop], start[~drop], stop[~drop], mask.shape)
        label, size = run_components(g_row, g_start, g_stop, mask.shape[1], eight=False)
        edge = (g_row == 0) | (g_row == mask.shape[0] - 1) | (g_start == 0) | \
            (g_stop == mask.shape[1])
        hole = size < max_pixels
        hole[label[edge]] = False
        fill = hole[label]
    if not drop.any() and not fill.any():
        return mask
    out = np.array(mask, dtype=bool, order="C")
    paint(out, row[drop], start[drop], stop[drop], False)
    if fill.any():
        paint(out, g_row[fill], g_start[fill], g_stop[fill], True)
    return out
