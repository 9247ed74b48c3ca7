"""Minimal WKB reader for line geometries (ISO and EWKB, any byte order).

Returns the (x, y) coordinates of every line part; Z and M are dropped.
Points and polygons inside a collection are ignored (a polygon ring is not
a road).  Used by the QGIS side to turn geometries into numpy arrays without
a Python loop over vertices.
"""
from __future__ import annotations

import struct

import numpy as np

_LINE, _MULTILINE, _COLLECTION = 2, 5, 7


def _header(buf, pos):
    order = "<" if buf[pos] == 1 else ">"
    (t,) = struct.unpack_from(order + "I", buf, pos + 1)
    pos += 5
    has_z = has_m = False
    if t & 0x80000000:
        has_z = True
    if t & 0x40000000:
        has_m = True
    if t & 0x20000000:
        pos += 4  # SRID
    t &= 0x0FFFFFFF
    base = t % 1000
    dim = t // 1000
    if dim in (1, 3):
        has_z = True
    if dim in (2, 3):
        has_m = True
    return order, base, 2 + has_z + has_m, pos


def _skip(buf, pos):
    """Parse any geometry at pos; return (parts, newpos)."""
    order, base, nd, pos = _header(buf, pos)
    if base == _LINE:
        (n,) = struct.unpack_from(order + "I", buf, pos)
        pos += 4
        a = np.frombuffer(buf, dtype=np.dtype(order + "f8"), count=n * nd, offset=pos)
        pos += 8 * n * nd
        return [a.reshape(n, nd)[:, :2].astype(float)], pos
    if base == 1:  # point
        return [], pos + 8 * nd
    if base == 3:  # polygon: skip rings
        (nr,) = struct.unpack_from(order + "I", buf, pos)
        pos += 4
        for _ in range(nr):
            (n,) = struct.unpack_from(order + "I", buf, pos)
            pos += 4 + 8 * n * nd
        return [], pos
    if base in (4, _MULTILINE, 6, _COLLECTION):
        (k,) = struct.unpack_from(order + "I", buf, pos)
        pos += 4
        parts = []
        for _ in range(k):
            p, pos = _skip(buf, pos)
            parts.extend(p)
        return parts, pos
    raise ValueError(f"unsupported WKB geometry type {base} (segmentise curves first)")


def line_parts(wkb: bytes) -> list[np.ndarray]:
    """List of (n, 2) arrays, one per line part of a WKB geometry."""
    buf = bytes(wkb)
    if not buf:
        return []
    parts, _ = _skip(buf, 0)
    return parts
