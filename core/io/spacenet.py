"""SpaceNet road CSVs (SpaceNet 3 and 5 challenges): one row per road line,
columns ``ImageId`` and ``WKT_Pix`` (a LINESTRING in pixel coordinates of
the chip, x right, y down from its top-left corner; ``LINESTRING EMPTY``
for a chip without roads), and in SpaceNet 5 also ``length_m`` and
``travel_time_s``, from which a speed in m/s is derived per line
(``speed_m_s`` = length_m / travel_time_s, for APLS_time with
``SPEED_FIELD='speed_m_s'``, ``SPEED_UNIT='m/s'``).  Other numeric columns
are kept as attributes."""
from __future__ import annotations

import csv
import os

import numpy as np

from ..geometry.shapely_support import wkb_from_wkt
from ..text import msg
from .source import LineCollector, Source

ID, WKT = "ImageId", "WKT_Pix"
SPEED = "speed_m_s"


def _number(v):
    try:
        x = float(v)
    except (TypeError, ValueError):
        return v if v not in ("", None) else None
    return x


def read_spacenet_csv(path: str) -> dict[str, Source]:
    """{ImageId: Source} in the order of first appearance; every Source is
    in pixel coordinates (``pixel=True``)."""
    name = os.path.basename(path)
    try:
        with open(path, newline="", encoding="utf-8-sig") as f:
            reader = csv.reader(f)
            header = next(reader, [])
            rows = [r for r in reader if r]  # csv.DictReader skips blank rows too
    except (OSError, UnicodeDecodeError, csv.Error) as e:
        raise ValueError(msg("{} is not a readable CSV file ({}).", name, e))
    missing = [c for c in (ID, WKT) if c not in header]
    if missing:
        raise ValueError(msg("{} is not a SpaceNet road CSV: column(s) {} missing (found: {}).",
                             name, ", ".join(missing), ", ".join(header) or "none"))
    extra = [c for c in header if c not in (ID, WKT)]
    fields = extra + ([SPEED] if {"length_m", "travel_time_s"} <= set(extra) else [])
    ids = _column(rows, header.index(ID))
    chips: dict[str, list] = {}
    for k, cid in enumerate(ids):
        cid = cid.strip()
        if not cid:
            raise ValueError(msg("{}, row {}: empty ImageId.", name, k + 2))
        chips.setdefault(cid, []).append(k)
    texts = [t or "LINESTRING EMPTY" for t in _column(rows, header.index(WKT))]
    lines = _linestrings(texts, f"{name} ({WKT})")
    attrs = _attributes({f: _column(rows, header.index(f)) for f in extra}, fields)
    out = {}
    for cid, ks in chips.items():
        c = LineCollector(fields)
        if lines is not None:  # every geometry a LineString: one vectorised pass
            _add_rows(c, lines, ks, attrs)
        else:
            wkbs = wkb_from_wkt([texts[k] for k in ks], f"{name} ({WKT})")
            for k, g in zip(ks, wkbs):
                if g is not None:  # LINESTRING EMPTY: the chip exists, without roads
                    c.add_wkb(g, k, {f: v[k] for f, v in attrs.items()})
        out[cid] = c.source(f"{name}|{cid}", None, pixel=True)
    return out


def _column(rows: list, i: int) -> list:
    """Column ``i`` of the rows as strings ("" where a row is short, as
    csv.DictReader's restval)."""
    return [r[i] if i < len(r) else "" for r in rows]


def _add_rows(c: LineCollector, lines: tuple, ks: list, attrs: dict) -> None:
    """Rows ``ks`` (LineStrings, parsed together) added to ``c`` in one
    call; rows one after the other in the file (a chip's rows usually are)
    are a slice of the coordinates, without a copy."""
    coords, starts, counts = lines
    ks = [k for k in ks if counts[k]]
    if ks and ks[-1] - ks[0] == len(ks) - 1:
        a, b = starts[ks[0]], starts[ks[-1]] + counts[ks[-1]]
        xy, offsets = coords[a:b], np.append(starts[ks[0]:ks[-1] + 1], b) - a
    else:
        pieces = [coords[starts[k]:starts[k] + counts[k]] for k in ks]
        xy = np.concatenate(pieces) if pieces else np.zeros((0, 2))
        offsets = np.concatenate([[0], np.cumsum([counts[k] for k in ks])])
    c.add_many(xy, offsets, {f: [v[k] for k in ks] for f, v in attrs.items()})


def _attributes(columns: dict, fields: list) -> dict:
    """{field: one value per row}: numbers where a text reads as one; the
    SpaceNet 5 speed (length_m / travel_time_s, m/s) when both are there."""
    attrs = {f: [_number(v) for v in col] for f, col in columns.items()}
    if SPEED in fields:
        attrs[SPEED] = [ln / tt if isinstance(ln, float) and isinstance(tt, float) and tt > 0
                        else None for ln, tt in zip(attrs["length_m"], attrs["travel_time_s"])]
    return attrs


def _linestrings(texts: list, name: str):
    """(coordinates, start and count per text) when every text is a 2-D
    LINESTRING or LINESTRING EMPTY; None otherwise (the caller then goes
    text by text, which also names a text that does not parse).  shapely
    2's vectorised reader first; with shapely 1.8 (QGIS on Debian 12),
    which reads one text at a time, the plain SpaceNet form in one pass."""
    lines = _shapely_linestrings(texts)
    return lines if lines is not None else _plain_linestrings(texts)


_PREFIX, _EMPTY = "LINESTRING (", "LINESTRING EMPTY"


def _plain_linestrings(texts: list):
    """The texts as SpaceNet writes them (``LINESTRING (x y, x y, ...)``,
    ``LINESTRING EMPTY``) read with one split and one float conversion for
    the whole column (for shapely 1.8: 10x faster than its parser text by
    text; shapely 2's vectorised reader is faster still); None
    when any text is written otherwise (Z, another type, a vertex without
    exactly two numbers) or a number does not read: shapely then decides.
    The check: joined with ';' between texts and ',' between vertices,
    every third token is a separator and no other one is."""
    n = len(texts)
    empty = np.fromiter((t == _EMPTY for t in texts), dtype=bool, count=n)
    full = [t for t, e in zip(texts, empty.tolist()) if not e]
    if not all(t.startswith(_PREFIX) and t.endswith(")") for t in full):
        return None
    counts = np.zeros(n, dtype=np.int64)
    if not full:
        return np.zeros((0, 2)), counts.copy(), counts
    bodies = " ; ".join(t[len(_PREFIX):-1] for t in full).replace(",", " , ")
    tokens = np.array((bodies + " ;").split())
    sep = (tokens == ",") | (tokens == ";")
    if len(tokens) % 3 or not sep[2::3].all() or sep.sum() * 3 != len(tokens):
        return None
    try:
        values = tokens[~sep].astype(float)
    except ValueError:
        return None
    ends = np.flatnonzero(tokens[2::3] == ";")
    counts[~empty] = np.diff(np.concatenate([[-1], ends]))
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    return values.reshape(-1, 2), starts, counts


def _shapely_linestrings(texts: list):
    """As _linestrings, through shapely 2's vectorised WKT reader; None
    with shapely 1.8, or when a text does not parse or is not a LineString."""
    try:
        import shapely
        if not hasattr(shapely, "from_wkt"):
            return None
        geoms = shapely.from_wkt(np.asarray(texts, dtype=object), on_invalid="raise")
    except Exception:  # shapely 1.8, or a text that does not parse
        return None
    empty = shapely.is_empty(geoms)
    if not ((shapely.get_type_id(geoms) == 1) | empty).all():
        return None
    coords, idx = shapely.get_coordinates(geoms, return_index=True)
    counts = np.bincount(idx, minlength=len(texts))
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    return coords, starts, counts
