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
            reader = csv.DictReader(f)
            header = reader.fieldnames or []
            rows = list(reader)
    except (OSError, UnicodeDecodeError, csv.Error) as e:
        raise ValueError(msg("{} is not a readable CSV file ({}).", name, e))
    missing = [c for c in (ID, WKT) if c not in header]
    if missing:
        raise ValueError(msg("{} is not a SpaceNet road CSV: column(s) {} missing (found: {}).",
                             name, ", ".join(missing), ", ".join(header) or "none"))
    extra = [c for c in header if c not in (ID, WKT)]
    fields = extra + ([SPEED] if {"length_m", "travel_time_s"} <= set(extra) else [])
    chips: dict[str, list] = {}
    for k, row in enumerate(rows):
        cid = (row[ID] or "").strip()
        if not cid:
            raise ValueError(msg("{}, row {}: empty ImageId.", name, k + 2))
        chips.setdefault(cid, []).append(k)
    texts = [r[WKT] or "LINESTRING EMPTY" for r in rows]
    lines = _linestrings(texts, f"{name} ({WKT})")
    attrs = [_attributes(r, extra, fields) for r in rows]
    out = {}
    for cid, ks in chips.items():
        c = LineCollector(fields)
        if lines is not None:  # every geometry a LineString: one vectorised pass
            coords, starts, counts = lines
            ks = [k for k in ks if counts[k]]
            pieces = [coords[starts[k]:starts[k] + counts[k]] for k in ks]
            offsets = np.concatenate([[0], np.cumsum([counts[k] for k in ks])])
            c.add_many(np.concatenate(pieces) if pieces else np.zeros((0, 2)), offsets,
                       {f: [attrs[k][f] for k in ks] for f in fields})
        else:
            wkbs = wkb_from_wkt([texts[k] for k in ks], f"{name} ({WKT})")
            for k, g in zip(ks, wkbs):
                if g is not None:  # LINESTRING EMPTY: the chip exists, without roads
                    c.add_wkb(g, k, attrs[k])
        out[cid] = c.source(f"{name}|{cid}", None, pixel=True)
    return out


def _attributes(row: dict, extra: list, fields: list) -> dict:
    attrs = {f: _number(row[f]) for f in extra}
    if SPEED in fields:
        ln, tt = attrs.get("length_m"), attrs.get("travel_time_s")
        ok = isinstance(ln, float) and isinstance(tt, float) and tt > 0
        attrs[SPEED] = ln / tt if ok else None
    return attrs


def _linestrings(texts: list, name: str):
    """(coordinates, start and count per text) when shapely 2 parses every
    text and each is a LineString or empty; None otherwise (the caller
    then goes text by text, which also names a text that does not parse)."""
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
