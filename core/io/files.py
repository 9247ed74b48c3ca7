"""Which files a path stands for, for the rule every face applies: an
output never replaces or restyles an input.

* a dataset's *footprint*: the files it consists of (a shapefile is .shp +
  .shx + .dbf + ...; a MapInfo table .tab + .dat + ...), with the ``.qml``
  style QGIS loads with it when asked;
* a file's *key*: what identifies it whether it exists or not (device and
  inode of an existing file, so that hard and symbolic links and other
  spellings on case-insensitive file systems are one file; the identity of
  the nearest existing folder and the rest of the path compared case-blind
  for a file still to be written; the resolved path where the file system
  has no inode numbers).

The QGIS checks (ui/checks.py) and the library's writers
(roadnetworkmetrics/_writers.py) both use these functions.
"""
from __future__ import annotations

import os
from typing import Iterable, Optional

# files that make up one dataset with the given extension (lower case)
FAMILIES = [
    (".shp", ".shx", ".dbf", ".prj", ".cpg", ".qix", ".sbn", ".sbx", ".qpj", ".shp.xml"),
    (".tab", ".dat", ".map", ".id", ".ind"),
]
# files GDAL and QGIS keep beside a raster or a vector file
RASTER_SIDECARS = (".aux.xml", ".ovr", ".msk")


def split_ext(path: str) -> tuple[str, str]:
    """(stem, lower-case extension), ``.shp.xml`` as one extension."""
    low = path.lower()
    if low.endswith(".shp.xml"):
        return path[:-8], ".shp.xml"
    stem, ext = os.path.splitext(path)
    return stem, ext.lower()


def footprint(path: str, sidecar_style: bool = False, raster_sidecars: bool = False) -> set:
    """Absolute paths of the files a dataset at ``path`` consists of; with
    ``sidecar_style`` also its .qml style; with ``raster_sidecars`` the
    files GDAL keeps beside a raster (.aux.xml, .ovr, .msk)."""
    path = os.path.abspath(os.path.expanduser(path))
    stem, ext = split_ext(path)
    out = {path}
    for fam in FAMILIES:
        if ext in fam:
            out |= {stem + e for e in fam}
    if sidecar_style:
        out.add(stem + ".qml")
    if raster_sidecars:
        out |= {path + s for s in RASTER_SIDECARS}
    return out


def file_key(path: str) -> tuple:
    """What identifies the file ``path`` names, whether it exists or not
    (module docstring)."""
    path = os.path.abspath(os.path.expanduser(path))
    head, rest = path, []
    while True:
        try:
            st = os.stat(head)
        except (OSError, ValueError):
            parent, name = os.path.split(head)
            if parent == head or not name:
                break
            rest.append(name)
            head = parent
            continue
        if not st.st_ino:  # a file system without inode numbers: compare names
            break
        if not rest:
            return ("file", st.st_dev, st.st_ino)
        return ("new", st.st_dev, st.st_ino, "/".join(reversed(rest)).casefold())
    return ("path", os.path.normcase(os.path.realpath(path)).casefold())


def clash(output: str, inputs: Iterable[str]) -> Optional[str]:
    """The input whose files (its footprint with its style and sidecars)
    the output ``output`` (its footprint) would write over, or None."""
    out_keys = {file_key(f) for f in footprint(output)}
    for i in inputs:
        if any(file_key(f) in out_keys
               for f in footprint(i, sidecar_style=True, raster_sidecars=True)):
            return i
    return None
