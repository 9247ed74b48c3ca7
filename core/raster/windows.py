"""A raster band read window by window into one road mask
(docs/raster.md): a 20,000 x 20,000 band is never held as float64 (3.2 GB);
each window is read, thresholded (core/raster/mask.py ``road_mask``) and
written into a bool mask of one byte per pixel.

The reading itself is the face's: QGIS and the library pass a callable
``read_window(row0, col0, n_rows, n_cols) -> 2-D array`` (GDAL's
``ReadAsArray``, rasterio's ``read(window=...)``), so both faces threshold
the same way and the result is the same as ``road_mask`` on the whole band.
"""
from __future__ import annotations

from typing import Callable, Optional

import numpy as np

from ..progress import NO_PROGRESS, Progress, checkpoint
from ..text import msg
from .mask import binary_road, not_a_mask, road_mask, two_valued_warning, valid_mask

WINDOW_PIXELS = 1 << 22
"""Pixels per window (4 Mi: 32 MB as float64, whatever the band's type)."""

ReadWindow = Callable[[int, int, int, int], np.ndarray]


def window_rows(shape: tuple, block_rows: int = 1, window_pixels: int = WINDOW_PIXELS) -> int:
    """Rows per window: full-width strips of at most ``window_pixels``
    pixels, a multiple of the file's block height ``block_rows`` (so no
    block is decoded twice), at least one block."""
    rows, cols = int(shape[0]), int(shape[1])
    block_rows = max(1, int(block_rows))
    h = max(1, int(window_pixels) // max(cols, 1))
    h = max(block_rows, h - h % block_rows)
    return min(h, max(rows, 1))


def read_mask(shape: tuple, read_window: ReadWindow, *, threshold: Optional[float] = None,
              classes=None, nodata: Optional[float] = None, block_rows: int = 1,
              window_pixels: int = WINDOW_PIXELS, progress: Optional[Progress] = None,
              warnings: Optional[list] = None) -> np.ndarray:
    """The road mask (bool, ``shape``) of a band read in full-width windows
    of about ``window_pixels`` pixels: in each window the pixels ``>=
    threshold``, or whose value is one of ``classes``; with neither, the
    band must be a mask of 0 and one value v, decided on the whole band as
    road_mask does (a 0/1 mask, or a 0/255 one read as road = 255 with a
    warning appended to ``warnings``; a band with two non-zero values is
    refused at the first window that shows it, even when each window alone
    holds one).  ``nodata`` and NaN pixels are background."""
    rows, cols = int(shape[0]), int(shape[1])
    if rows <= 0 or cols <= 0:
        raise ValueError(msg("The raster is empty ({} x {} pixels).", rows, cols))
    progress = progress or NO_PROGRESS
    out = np.zeros((rows, cols), dtype=bool)
    h = window_rows((rows, cols), block_rows, window_pixels)
    as_mask = threshold is None and classes is None
    value = None
    for r0 in range(0, rows, h):
        n = min(h, rows - r0)
        a = np.asarray(read_window(r0, 0, n, cols))
        if a.shape != (n, cols):
            raise ValueError(msg("The raster's window at row {} has shape {}, not {}.",
                                 r0, tuple(a.shape), (n, cols)))
        if as_mask:
            out[r0:r0 + n], value = _mask_window(a, nodata, value)
        else:
            out[r0:r0 + n] = road_mask(a, threshold=threshold, classes=classes, nodata=nodata)
        progress.set((r0 + n) / rows, None)
        checkpoint()
    w = two_valued_warning(value) if as_mask else None
    if w is not None and warnings is not None:
        warnings.append(w)
    return out


def _mask_window(a: np.ndarray, nodata: Optional[float], value: Optional[float]) -> tuple:
    """(road pixels, road value so far) of one window of a band read as a
    mask; NotAMask when its road value differs from the earlier windows'."""
    if not (np.issubdtype(a.dtype, np.number) or a.dtype == bool):
        raise ValueError(msg("The raster must hold numbers, not {}.", a.dtype))
    valid = valid_mask(a, nodata)
    road, v = binary_road(a, valid)
    if v is not None and value is not None and v != value:
        raise not_a_mask(np.array([value, v, 0.0]))
    return road, (value if v is None else v)
