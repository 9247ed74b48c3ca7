"""The bundled Helsinki sample read without GDAL (GeoPackage = SQLite; each
geometry is a GeoPackage header followed by WKB), so core tests run on any
Python with numpy/scipy."""
import os
import sqlite3

from core.network.lineset import LineSet
from core.geometry.wkb import line_parts

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAMPLE = os.path.join(ROOT, "resources", "sample")
ENVELOPE_BYTES = {0: 0, 1: 32, 2: 48, 3: 48, 4: 64}


def read_gpkg_lines(path):
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        table, col = con.execute("SELECT table_name, column_name FROM gpkg_geometry_columns").fetchone()
        parts = []
        for (blob,) in con.execute(f'SELECT "{col}" FROM "{table}" ORDER BY rowid'):
            if blob is None:
                continue
            blob = bytes(blob)
            assert blob[:2] == b"GP"
            start = 8 + ENVELOPE_BYTES[(blob[3] >> 1) & 7]
            parts.extend(line_parts(blob[start:]))
        return parts
    finally:
        con.close()


def sample(name="ground_truth"):
    return LineSet(read_gpkg_lines(os.path.join(SAMPLE, f"helsinki_{name}.gpkg")))


def crop(ls, box):
    from core.analysis.tiles import clip_lineset
    return clip_lineset(ls, box)


# a 680 m x 800 m window of the sample (about 5.5 km of road, 158 line parts)
CROP = (385420, 6671900, 386100, 6672700)
