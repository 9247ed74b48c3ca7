"""GeoPackage line layers read with the standard library (sqlite3): no GDAL
needed.  A GeoPackage geometry is a small header ('GP', version, flags,
srs_id, optional envelope; OGC 12-128r18, section 2.1.3) followed by WKB."""
from __future__ import annotations

import os
import sqlite3
import struct
from typing import Optional

from ..text import msg
from .source import LineCollector, Source

_ENVELOPE_BYTES = {0: 0, 1: 32, 2: 48, 3: 48, 4: 64}


def gpkg_wkb(blob: bytes) -> Optional[bytes]:
    """The WKB of a GeoPackage geometry blob (None for an empty geometry)."""
    if blob is None:
        return None
    b = bytes(blob)
    if len(b) < 8 or b[:2] != b"GP":
        raise ValueError(msg("not a GeoPackage geometry"))
    flags = b[3]
    env = _ENVELOPE_BYTES.get((flags >> 1) & 0x7)
    if env is None:
        raise ValueError(msg("bad GeoPackage envelope"))
    if flags & 0x10:  # empty geometry
        return None
    return b[8 + env:]


def _connect(path: str) -> sqlite3.Connection:
    uri = "file:" + os.path.abspath(path).replace("?", "%3f").replace("#", "%23") + "?mode=ro"
    return sqlite3.connect(uri, uri=True)


def layers(path: str) -> list[str]:
    """The feature tables of a GeoPackage."""
    try:
        con = _connect(path)
        try:
            rows = con.execute("SELECT table_name FROM gpkg_geometry_columns").fetchall()
        finally:
            con.close()
    except sqlite3.Error as e:
        raise ValueError(msg("{} is not a readable GeoPackage ({}).", path, e))
    return [r[0] for r in rows]


def _crs(con, srs_id) -> Optional[str]:
    row = con.execute("SELECT organization, organization_coordsys_id, definition FROM "
                      "gpkg_spatial_ref_sys WHERE srs_id = ?", (srs_id,)).fetchone()
    if row is None or srs_id in (0, -1):
        return None  # GeoPackage's 'undefined' geographic / cartesian systems
    org, code, definition = row
    if org and code is not None and str(org).upper() == "EPSG":
        return f"EPSG:{code}"
    return definition if definition and definition != "undefined" else None


def read_gpkg(path: str, layer: Optional[str] = None, fields=()) -> Source:
    """One line layer of a GeoPackage (the only one, or ``layer``) with the
    attribute columns named in ``fields`` that exist."""
    names = layers(path)
    if layer is None:
        if len(names) != 1:
            raise ValueError(msg("{} holds {} layers ({}): name one with '{}|layername=NAME'.",
                                 path, len(names), ", ".join(names)))
        layer = names[0]
    match = [n for n in names if n.lower() == layer.lower()]
    if not match:
        raise ValueError(msg("{} has no layer '{}' (layers: {}).", path, layer, ", ".join(names)))
    layer = match[0]
    con = _connect(path)
    try:
        gcol, srs_id = con.execute("SELECT column_name, srs_id FROM gpkg_geometry_columns WHERE "
                                   "table_name = ?", (layer,)).fetchone()
        cols = [r[1] for r in con.execute(f'PRAGMA table_info("{_q(layer)}")')]
        pk = [r[1] for r in con.execute(f'PRAGMA table_info("{_q(layer)}")') if r[5]]
        wanted = ([c for c in cols if c != gcol and c not in pk] if fields is None else
                  [f for f in fields if f and f in cols and f != gcol])
        fid = pk[0] if pk else "rowid"
        sel = ", ".join(f'"{_q(c)}"' for c in [fid, gcol] + wanted)
        collector = LineCollector(wanted)
        for row in con.execute(f'SELECT {sel} FROM "{_q(layer)}" ORDER BY "{_q(fid)}"'):
            try:
                wkb = gpkg_wkb(row[1])
            except ValueError:
                wkb = b"\x01\x01\x00\x00\x00" + struct.pack("<dd", 0, 0)  # counted as not a line
            collector.add_wkb(wkb, int(row[0]), dict(zip(wanted, row[2:])))
        crs = _crs(con, srs_id)
    except sqlite3.Error as e:
        raise ValueError(msg("{}: cannot read layer '{}' ({}).", path, layer, e))
    finally:
        con.close()
    return collector.source(f"{os.path.basename(path)}|{layer}", crs)


def _q(name: str) -> str:
    return str(name).replace('"', '""')
