"""Zhang-Suen thinning as scikit-image's 2-D ``skeletonize`` does it.

The image is thinned in iterations of two sub-passes.  In a sub-pass every
foreground pixel gets a code from its 8 neighbours (bit k set when the
neighbour in direction k is foreground: 1 north-west, 2 north, 4 north-east,
8 east, 16 south-east, 32 south, 64 south-west, 128 west; outside the image
is background) and is removed when its code is in that sub-pass's set; all
the codes of a sub-pass are read before any pixel is removed (parallel
thinning).  It stops after an iteration that removed nothing.

The sets are scikit-image's lookup table (skimage/morphology, the 2-D
``_fast_skeletonize``: value 1 removes in the first sub-pass, 2 in the
second, 3 in both), which is Zhang and Suen's rule (CACM 27(3), 1984) with
changes of its own that are documented nowhere (scikit-image issue #6175),
so it is given as data here.  ``tests/core/raster/test_centrelines.py``
checks that this code and scikit-image give the same pixels.
"""
from __future__ import annotations

import numpy as np

from ..progress import checkpoint
from ..text import msg

# neighbourhood codes removed in the first sub-pass only, in the second only,
# and in both (scikit-image's table values 1, 2 and 3)
_FIRST_ONLY = (3, 6, 11, 12, 14, 131, 134, 143, 159, 161, 194, 198, 207, 227, 231, 243)
_SECOND_ONLY = (24, 26, 56, 62, 63, 96, 104, 108, 126, 176, 192, 224, 248, 249, 252)
_BOTH = (7, 10, 15, 28, 30, 31, 40, 60, 112, 120, 124, 130, 135, 160, 193, 195, 199, 225, 240,
         241)


def _removable() -> tuple[np.ndarray, np.ndarray]:
    first = np.zeros(256, dtype=bool)
    second = np.zeros(256, dtype=bool)
    first[list(_FIRST_ONLY + _BOTH)] = True
    second[list(_SECOND_ONLY + _BOTH)] = True
    return first, second


REMOVE_FIRST, REMOVE_SECOND = _removable()


def neighbour_offsets(width: int) -> np.ndarray:
    """Flat-index offsets of the 8 neighbours in a row-major image ``width``
    pixels wide, in the order of the code bits (NW, N, NE, E, SE, S, SW, W)."""
    w = int(width)
    return np.array([-w - 1, -w, -w + 1, 1, w + 1, w, w - 1, -1], dtype=np.int64)


CHUNK = 1 << 20
"""Pixels whose codes are read at a time: the temporary arrays stay a few
MB, reused by the allocator instead of fresh pages for each (page faults
cost as much as the reads on 10^7 pixels)."""


def _codes(flat: np.ndarray, idx: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """The neighbourhood code (uint8) of each pixel ``idx`` of ``flat``."""
    code = np.empty(len(idx), dtype=np.uint8)
    for a in range(0, len(idx), CHUNK):
        part = idx[a:a + CHUNK]
        c = np.zeros(len(part), dtype=np.uint8)
        for bit, off in enumerate(offsets.tolist()):
            c |= flat[part + off] << np.uint8(bit)
        code[a:a + CHUNK] = c
    return code


def sorted_unique(x: np.ndarray) -> np.ndarray:
    """The distinct values of a 1-D integer array, sorted.  A stable sort
    (timsort: linear on a concatenation of a few sorted runs, which is what
    it gets here) and a comparison; numpy 2's hash-based ``np.unique`` is
    many times slower on millions of pixel indices."""
    x = np.sort(x, kind="stable")
    if len(x) < 2:
        return x
    keep = np.empty(len(x), dtype=bool)
    keep[0] = True
    np.not_equal(x[1:], x[:-1], out=keep[1:])
    return x[keep]


def zhang_suen(mask: np.ndarray) -> np.ndarray:
    """The skeleton (bool array, the shape of ``mask``) of the nonzero
    pixels of a 2-D ``mask``, pixel for pixel scikit-image's
    ``skeletonize(mask)``.

    Vectorised per sub-pass over a front of candidates: at first the
    boundary pixels (a background neighbour); then, for each sub-pass, only
    the foreground neighbours of the pixels removed since that sub-pass last
    ran.  A pixel whose neighbourhood has not changed since a sub-pass kept
    it keeps it again (its code is the same), so the front gives the
    removals of a sweep over every pixel, in time and memory proportional to
    the pixels removed rather than to the raster or the skeleton."""
    mask = np.asarray(mask)
    if mask.ndim != 2:
        raise ValueError(msg("A 2-D mask is needed, got an array of shape {}.", mask.shape))
    h, w = mask.shape
    img = np.zeros((h + 2, w + 2), dtype=np.uint8)
    img[1:-1, 1:-1] = mask if mask.dtype == bool else mask != 0
    flat = img.reshape(-1)
    offsets = neighbour_offsets(w + 2)
    fg = np.flatnonzero(flat.view(bool))  # several times faster than on uint8
    if flat.size < 2 ** 31 - 1:
        fg, offsets = fg.astype(np.int32), offsets.astype(np.int32)  # half the bytes to move
    border = fg[_codes(flat, fg, offsets) != 255]
    del fg
    front = [border, border]  # candidates of the first and the second sub-pass
    removed_any = True
    while removed_any:
        removed_any = False
        for k, table in enumerate((REMOVE_FIRST, REMOVE_SECOND)):
            checkpoint()
            cand = front[k]
            cand = cand[flat[cand] != 0]
            gone = cand[table[_codes(flat, cand, offsets)]]
            if not len(gone):
                front[k] = gone
                continue
            removed_any = True
            flat[gone] = 0
            near = (gone[None, :] + offsets[:, None]).reshape(-1)  # 8 sorted runs
            near = sorted_unique(near[flat[near] != 0])
            front[k] = near
            front[1 - k] = sorted_unique(np.concatenate([front[1 - k], near]))
    return img[1:-1, 1:-1].astype(bool)


def skeletonize(mask: np.ndarray, use_skimage: bool = True) -> np.ndarray:
    """The skeleton of ``mask``: scikit-image's ``skeletonize`` when it is
    installed (and ``use_skimage``), else :func:`zhang_suen` (the same
    pixels)."""
    if use_skimage:
        try:
            from skimage.morphology import skeletonize as sk
        except ImportError:
            pass
        else:
            return _on_bounding_box(mask, lambda m: np.asarray(sk(m), dtype=bool))
    return zhang_suen(mask)


def _on_bounding_box(mask: np.ndarray, thin) -> np.ndarray:
    """``thin`` (a skeletonisation that sweeps every pixel of the array it
    is given, as scikit-image's does) applied to the bounding box of the
    mask's nonzero pixels only: outside is background either way, so the
    pixels are the same and an empty margin costs nothing."""
    mask = np.asarray(mask)
    if mask.ndim != 2:
        raise ValueError(msg("A 2-D mask is needed, got an array of shape {}.", mask.shape))
    fg = mask if mask.dtype == bool else mask != 0
    rows, cols = np.flatnonzero(fg.any(axis=1)), np.flatnonzero(fg.any(axis=0))
    out = np.zeros(mask.shape, dtype=bool)
    if len(rows):
        box = (slice(rows[0], rows[-1] + 1), slice(cols[0], cols[-1] + 1))
        out[box] = thin(np.ascontiguousarray(fg[box]))
    return out
