"""The bundled Helsinki sample read without GDAL (core/io/gpkg.py: a
GeoPackage is SQLite, each geometry a small header followed by WKB), so core
tests run on any Python with numpy/scipy."""
import os

from core.io.gpkg import read_gpkg
from core.network.lineset import LineSet

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAMPLE = os.path.join(ROOT, "resources", "sample")


def read_gpkg_lines(path):
    """The line parts of the GeoPackage's one layer (core/io/gpkg.py)."""
    return read_gpkg(path).lines.parts


def sample(name="ground_truth"):
    return LineSet(read_gpkg_lines(os.path.join(SAMPLE, f"helsinki_{name}.gpkg")))


def crop(ls, box):
    from core.analysis.tiles import clip_lineset
    return clip_lineset(ls, box)


# a 680 m x 800 m window of the sample (about 5.5 km of road, 158 line parts)
CROP = (385420, 6671900, 386100, 6672700)
