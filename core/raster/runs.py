"""Connected components of a mask through its row runs (run-length
encoding), for the mask cleaning of docs/raster.md.

A run is a maximal stretch of equal pixels in one row: ``(row, start,
stop)``, ``stop`` exclusive.  Two runs of consecutive rows are 8-connected
when their column ranges overlap once one is widened by a pixel on each
side (``start' <= stop`` and ``stop' >= start``), 4-connected when they
overlap as they are (``start' < stop`` and ``stop' > start``).  The
components are those of the graph of linked runs (scipy's
``connected_components``), their sizes the sums of their runs' lengths.

This works on the runs only: time and memory follow the number of runs
(about the number of road pixels divided by the road's width), never the
raster's size, where ``ndimage.label`` writes a 4-byte label per pixel of the
raster.  The components are the same sets of pixels as ``ndimage.label``'s
with the matching structure (``tests/core/raster/test_runs.py``).
"""
from __future__ import annotations

import numpy as np
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components

ROW_CHUNK = 512
"""Rows scanned at a time: the scan's temporary arrays are about
ROW_CHUNK x width bytes."""


def row_runs(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(row, start, stop)`` of the runs of True pixels of a 2-D bool mask,
    in row-major order (int64 arrays)."""
    h, w = mask.shape
    rows, starts, stops = [], [], []
    for r0 in range(0, h, ROW_CHUNK):
        blk = mask[r0:r0 + ROW_CHUNK]
        pad = np.zeros((blk.shape[0], w + 2), dtype=bool)
        pad[:, 1:-1] = blk
        r, c = np.nonzero(pad[:, 1:] != pad[:, :-1])
        # each row changes an even number of times: start, stop, start, ...
        rows.append(r[0::2] + r0)
        starts.append(c[0::2])
        stops.append(c[1::2])
    return tuple(np.concatenate(x).astype(np.int64) if x else np.zeros(0, np.int64)
                 for x in (rows, starts, stops))


def gaps(row: np.ndarray, start: np.ndarray, stop: np.ndarray, shape: tuple
         ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The runs of the complement: the stretches of each row between the
    given runs (row-major, non-overlapping) and the row's ends, row-major."""
    h, w = shape
    first = np.ones(len(row), dtype=bool)
    first[1:] = row[1:] != row[:-1]
    last = np.ones(len(row), dtype=bool)
    last[:-1] = row[1:] != row[:-1]
    prev_stop = np.zeros(len(row), dtype=np.int64)
    prev_stop[1:] = stop[:-1]
    prev_stop[first] = 0
    before = start > prev_stop                      # the gap before each run
    after = last & (stop < w)                       # the gap after a row's last run
    empty = np.ones(h, dtype=bool)
    empty[row] = False                              # rows without runs: one gap each
    er = np.flatnonzero(empty)
    g_row = np.concatenate([row[before], row[after], er])
    g_start = np.concatenate([prev_stop[before], stop[after], np.zeros(len(er), np.int64)])
    g_stop = np.concatenate([start[before], np.full(after.sum(), w, np.int64),
                             np.full(len(er), w, np.int64)])
    order = np.lexsort((g_start, g_row))
    return g_row[order], g_start[order], g_stop[order]


def run_components(row: np.ndarray, start: np.ndarray, stop: np.ndarray, width: int,
                   eight: bool) -> tuple[np.ndarray, np.ndarray]:
    """``(label of each run, size in pixels of each label)`` of runs given in
    row-major order, 8-connected (``eight``) or 4-connected."""
    n = len(row)
    if n == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    span = np.int64(width + 2)
    key_start, key_stop = row * span + start, row * span + stop
    below = (row + 1) * span
    # runs of the next row linked to run i: indices lo[i] .. hi[i] - 1
    # (their stops reach this run's start, their starts this run's stop)
    lo = np.searchsorted(key_stop, below + start, side="left" if eight else "right")
    hi = np.searchsorted(key_start, below + stop, side="right" if eight else "left")
    count = np.maximum(hi - lo, 0)
    i = np.repeat(np.arange(n, dtype=np.int64), count)
    j = np.repeat(lo, count) + (np.arange(len(i), dtype=np.int64)
                                - np.repeat(np.cumsum(count) - count, count))
    graph = coo_matrix((np.ones(len(i), dtype=np.int8), (i, j)), shape=(n, n))
    _, label = connected_components(graph, directed=False)
    return label, np.bincount(label, weights=stop - start).astype(np.int64)


def paint(mask: np.ndarray, row: np.ndarray, start: np.ndarray, stop: np.ndarray,
          value: bool) -> None:
    """Set the pixels of the given runs of ``mask`` (in place) to ``value``."""
    if not len(row):
        return
    length = stop - start
    flat = mask.reshape(-1)
    first = row * mask.shape[1] + start
    offset = np.arange(length.sum(), dtype=np.int64) - np.repeat(np.cumsum(length) - length, length)
    flat[np.repeat(first, length) + offset] = value
