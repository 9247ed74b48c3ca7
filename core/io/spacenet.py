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
from typing import Optional

import numpy as np

from ..geometry.shapely_support import wkb_from_wkt
from ..text import msg
from ..network.lineset import LineSet
from .source import LineCollector, Source, invalid_parts_warning, usable_parts

ID, WKT = "ImageId", "WKT_Pix"
SPEED = "speed_m_s"


def _number(v):
    try:
        x = float(v)
    except (TypeError, ValueError):
        return v if v not in ("", None) else None
    return x


def read_spacenet_csv(path: str, pixel_size_m: Optional[float] = None) -> dict[str, Source]:
    """{ImageId: Source} in the order of first appearance; every Source is
    in pixel coordinates (``pixel=True``).  With ``pixel_size_m`` (a
    batch, which knows it before reading) the coordinates of the whole file
    are scaled to metres (x s, -y s) in one multiplication, and the Sources
    say so (``Source.pixel_size_m``), instead of each pair scaling its own
    chip; the same numbers."""
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
    if lines is not None:  # every geometry a LineString: one vectorised pass
        if pixel_size_m is not None:
            lines = (lines[0] * np.array([pixel_size_m, -pixel_size_m]),) + lines[1:]
        return _chip_sources(name, lines, chips, attrs, fields, pixel_size_m)
    out = {}
    for cid, ks in chips.items():
        c = LineCollector(fields)
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


def _chip_sources(name: str, lines: tuple, chips: dict, attrs: dict, fields: list,
                  pixel_size_m: Optional[float] = None) -> dict:
    """{ImageId: Source} from the rows' coordinates read together: the
    parts' checks (core/io/source.py usable_parts) made once for the whole
    file; a chip whose rows follow each other in the file (as they usually
    do) takes a slice of the coordinates, without a copy.  The same LineSets,
    counts and warnings as a LineCollector fed chip by chip; a feature's id
    is its row in the file (0 = the first after the header), as there."""
    coords, starts, counts = lines
    good = usable_parts(coords, np.append(starts, len(coords)))
    out = {}
    for cid, ks in chips.items():
        ks = np.asarray(ks, dtype=np.int64)
        ks = ks[counts[ks] > 0]   # LINESTRING EMPTY: the chip exists, without roads
        keep = ks[good[ks]]
        lens = counts[keep]
        if len(keep) and keep[-1] - keep[0] == len(keep) - 1:
            xy = coords[starts[keep[0]]:starts[keep[-1]] + lens[-1]]
        else:
            ends = np.cumsum(lens)
            xy = coords[np.arange(int(ends[-1]) if len(ends) else 0) +
                        np.repeat(starts[keep] - (ends - lens), lens)]
        bad = len(ks) - len(keep)
        tally = {"features": len(ks), "null_geometries": 0, "invalid_parts": bad,
                 "multipart": 0, "not_lines": 0}
        picked = keep.tolist()
        ls = LineSet.from_flat(xy, lens, None, keep, {f: [attrs[f][k] for k in picked]
                                                      for f in fields}, tally)
        label = f"{name}|{cid}"
        out[cid] = Source(ls, None, True, label, [invalid_parts_warning(label, bad)]
                          if bad else [], pixel_size_m=pixel_size_m)
    return out


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
    text by text, which also names a text that does not parse).  The plain
    SpaceNet form in one pass first, then shapely 2's vectorised reader
    (shapely 1.8, in QGIS on Debian 12, reads one text at a time: the
    caller's text-by-text path)."""
    lines = _plain_linestrings(texts)
    return lines if lines is not None else _shapely_linestrings(texts)


_PREFIX, _EMPTY = "LINESTRING (", "LINESTRING EMPTY"
_NUMBER_BYTES = np.zeros(256, dtype=bool)
_NUMBER_BYTES[np.frombuffer(b"0123456789.eE+-", dtype=np.uint8)] = True


def _plain_linestrings(texts: list):
    """The texts as SpaceNet writes them (``LINESTRING (x y, x y, ...)``,
    ``LINESTRING EMPTY``) read in one pass over the bytes of the whole
    column (2-4x faster than shapely 2's vectorised reader, 10x faster than
    shapely 1.8's text by text); None when any text is written otherwise (Z,
    another type, a vertex without exactly two numbers, a number that does
    not read): shapely then decides.

    The check, on the texts' bodies joined by ';': every token (a run of
    bytes that are neither blanks nor separators) is made of number bytes
    (digits . e E + -), exactly two tokens lie between two separators, and
    numpy's text reader turns the tokens into exactly that many numbers
    (it stops with an error at a token that is not one number)."""
    n = len(texts)
    split = _bodies(texts)
    if split is None:
        return None
    empty, b = split
    counts = np.zeros(n, dtype=np.int64)
    if empty.all():
        return np.zeros((0, 2)), counts.copy(), counts
    body = b.tobytes()
    sep = (b == ord(",")) | (b == ord(";"))
    token = ~sep & (b != ord(" "))
    if not _NUMBER_BYTES[b[token]].all():
        return None
    first = token.copy()
    first[1:] &= ~token[:-1]
    seen = np.cumsum(first, dtype=np.int32)[sep]
    if len(seen) == 0 or not (np.diff(seen, prepend=0) == 2).all():
        return None
    values = _numbers(body.replace(b",", b" ").replace(b";", b" "), 2 * len(seen))
    if values is None:
        return None
    per_text = np.flatnonzero(b[sep] == ord(";"))
    if len(per_text) != n - int(np.count_nonzero(empty)):   # a ';' inside a text
        return None
    counts[~empty] = np.diff(per_text, prepend=-1)
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    return values.reshape(-1, 2), starts, counts


_PREFIX_BYTES = np.frombuffer(_PREFIX.encode(), dtype=np.uint8)
_EMPTY_BYTES = np.frombuffer(_EMPTY.encode(), dtype=np.uint8)


def _bodies(texts: list):
    """(which texts are LINESTRING EMPTY, the bodies of the others -- what
    lies between 'LINESTRING (' and the closing ')' -- each followed by
    ';', as one uint8 array), from the bytes of all the texts joined by ';'
    and checked there at once (no Python work per text); None when a text
    is neither form, or holds a ';' or a byte that is not ASCII."""
    if not texts:
        return np.zeros(0, dtype=bool), np.zeros(0, dtype=np.uint8)
    try:
        b = np.frombuffer((";".join(texts) + ";").encode("ascii"), dtype=np.uint8)
    except UnicodeEncodeError:
        return None
    ends = np.flatnonzero(b == ord(";"))        # the ';' after every text
    if len(ends) != len(texts):
        return None
    starts = np.concatenate([[0], ends[:-1] + 1])
    size = ends - starts
    empty = size == len(_EMPTY)
    k = np.flatnonzero(empty)
    empty[k] = (b[starts[k, None] + np.arange(len(_EMPTY))] == _EMPTY_BYTES).all(axis=1)
    fs, fe = starts[~empty], ends[~empty]
    if (size[~empty] < len(_PREFIX) + 1).any() or not (
            (b[fs[:, None] + np.arange(len(_PREFIX))] == _PREFIX_BYTES).all() and
            (b[fe - 1] == ord(")")).all()):
        return None
    inside = np.zeros(len(b) + 1, dtype=np.int8)   # +1 where a body starts, -1 at its ')'
    inside[fs + len(_PREFIX)] += 1
    inside[fe - 1] -= 1
    keep = np.cumsum(inside[:-1], dtype=np.int8) > 0
    keep[fe] = True
    return empty, b[keep]


def _numbers(text: bytes, expected: int):
    """The blank-separated numbers of ``text`` (numpy's C reader), or None
    unless every token reads as exactly one number."""
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("error")   # numpy < 2 warns where numpy 2 raises
        try:
            values = np.fromstring(text, dtype=float, sep=" ")
        except (ValueError, DeprecationWarning):
            return None
    return values if len(values) == expected else None


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
