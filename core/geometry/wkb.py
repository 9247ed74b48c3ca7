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


_Z, _M, _SRID = 0x80000000, 0x40000000, 0x20000000


def _u32(buf: np.ndarray, pos: np.ndarray) -> np.ndarray:
    """Little-endian uint32 at each byte position of ``buf``."""
    b = buf[pos[:, None] + np.arange(4)].astype(np.int64)
    return b[:, 0] | (b[:, 1] << 8) | (b[:, 2] << 16) | (b[:, 3] << 24)


def _line_header(buf, pos):
    """Whether a little-endian LineString header (ISO or EWKB without SRID)
    starts at each position, and its number of ordinates per vertex."""
    t = _u32(buf, pos + 1)
    core = t & 0x0FFFFFFF
    dim = core // 1000
    nd = 2 + (((t & _Z) != 0) | (dim == 1) | (dim == 3)) + (((t & _M) != 0) | (dim == 2) | (dim == 3))
    ok = (buf[pos] == 1) & ((t & _SRID) == 0) & (core % 1000 == _LINE) & (dim <= 3)
    return ok, t, nd


def _simple(buf, off, blen):
    """Per geometry: is it one LineString, or a MultiLineString of exactly
    one, little-endian and consistent with its length (the shapes QGIS
    gives for nearly every line feature); header length, vertices,
    ordinates per vertex."""
    ok1, t, nd1 = _line_header(buf, off)
    ok2, _, nd2 = _line_header(buf, off + 9)
    multi = ((buf[off] == 1) & ((t & _SRID) == 0) & ((t & 0x0FFFFFFF) % 1000 == _MULTILINE)
             & (_u32(buf, off + 5) == 1) & ok2 & (blen >= 18))
    single = ok1 & (blen >= 9)
    h = np.where(multi, 18, 9)
    nd = np.where(multi, nd2, nd1)
    n = _u32(buf, off + h - 4)
    fast = (single | multi) & (h + n * nd * 8 == blen)
    return fast, np.where(fast, h, blen), np.where(fast, n, 0), nd


def lines_from_wkbs(wkbs: list) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every line part of many WKB geometries (``bytes``), in one pass over
    all of them instead of one parse per geometry: (xy (V, 2) float, lens
    (P,) vertices per part, owner (P,) index of each part's geometry,
    failed (G,) bool: geometries :func:`line_parts` refuses).  Parts come in
    geometry order, as :func:`line_parts` gives them geometry by geometry
    (the same numbers); geometries of other shapes (collections, several
    parts, big-endian, EWKB with SRID) are parsed one by one."""
    g = len(wkbs)
    blen = np.fromiter(map(len, wkbs), dtype=np.int64, count=g)
    off = np.cumsum(blen) - blen
    buf = np.frombuffer(b"".join(wkbs) + bytes(32), dtype=np.uint8)
    fast, skip, n, nd = _simple(buf, off, blen)
    keep = n * nd * 8
    mask = np.repeat(np.tile([False, True], g), np.column_stack([skip, keep]).ravel())
    vals = buf[:len(mask)][mask].view("<f8")
    n, nd = n[fast], nd[fast]
    if (nd == 2).all():
        xy = vals.reshape(-1, 2)
    else:
        first = np.cumsum(n * nd) - n * nd
        k = np.arange(n.sum()) - np.repeat(np.cumsum(n) - n, n)
        i = np.repeat(first, n) + k * np.repeat(nd, n)
        xy = np.column_stack([vals[i], vals[i + 1]])
    xy, lens, owner = xy.astype(float), n, np.nonzero(fast)[0]
    failed = np.zeros(g, dtype=bool)
    slow = np.nonzero(~fast)[0]
    if len(slow):
        xy, lens, owner = _with_slow(wkbs, slow, failed, xy, lens, owner)
    return xy, lens, owner, failed


def _with_slow(wkbs, slow, failed, xy, lens, owner):
    """The parts of the geometries ``slow`` parsed one by one, merged into
    the fast ones in geometry order; refused geometries marked in ``failed``."""
    parts, own = [xy], [owner]
    extra = []
    for i in slow.tolist():
        try:
            ps = line_parts(wkbs[i])
        except (ValueError, struct.error, IndexError):
            failed[i] = True
            continue
        parts.extend(ps)
        own.append(np.full(len(ps), i, dtype=np.int64))
        extra.extend(len(p) for p in ps)
    lens = np.concatenate([lens, np.asarray(extra, dtype=np.int64)]).astype(np.int64)
    owner = np.concatenate(own)
    xy = np.concatenate(parts) if len(parts) > 1 else xy
    order = np.argsort(owner, kind="stable")
    start = np.cumsum(lens) - lens
    new_lens = lens[order]
    k = np.arange(new_lens.sum()) - np.repeat(np.cumsum(new_lens) - new_lens, new_lens)
    return xy[np.repeat(start[order], new_lens) + k], new_lens, owner[order]


def usable_parts(xy: np.ndarray, lens: np.ndarray) -> np.ndarray:
    """Per part: at least two distinct consecutive vertices, every
    coordinate finite (the readers' rule; the other parts are counted as
    invalid and left out)."""
    nparts = len(lens)
    vpart = np.repeat(np.arange(nparts), lens)
    bad = np.zeros(nparts, dtype=bool)
    bad[vpart[~np.isfinite(xy).all(axis=1)]] = True
    moved = np.zeros(nparts, dtype=bool)
    step = np.nonzero((vpart[1:] == vpart[:-1]) & (xy[1:] != xy[:-1]).any(axis=1))[0]
    moved[vpart[step]] = True
    return (lens >= 2) & moved & ~bad
