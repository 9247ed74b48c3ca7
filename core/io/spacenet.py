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
    geoms = wkb_from_wkt([r[WKT] or "LINESTRING EMPTY" for r in rows], f"{name} ({WKT})")
    chips: dict[str, LineCollector] = {}
    for k, (row, g) in enumerate(zip(rows, geoms)):
        cid = (row[ID] or "").strip()
        if not cid:
            raise ValueError(msg("{}, row {}: empty ImageId.", name, k + 2))
        c = chips.setdefault(cid, LineCollector(fields))
        if g is None:  # LINESTRING EMPTY: the chip exists, without roads
            continue
        attrs = {f: _number(row[f]) for f in extra}
        if SPEED in fields:
            ln, tt = attrs.get("length_m"), attrs.get("travel_time_s")
            ok = isinstance(ln, float) and isinstance(tt, float) and tt > 0
            attrs[SPEED] = ln / tt if ok else None
        c.add_wkb(g, k, attrs)
    return {cid: c.source(f"{name}|{cid}", None, pixel=True) for cid, c in chips.items()}
