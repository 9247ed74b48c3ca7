"""The library's :class:`Source`: the core's (lines, CRS, pixel flag, raster
record) with writers, so that what ``rnm.read`` and ``rnm.centrelines``
return can be saved and handed to geopandas."""
from __future__ import annotations

import os
from typing import Optional

from .core.io.source import Source as _CoreSource
from .core.text import msg
from ._errors import InputError


class Source(_CoreSource):
    """The lines of one input with where their coordinates are: ``lines``
    (a LineSet: ``lines.parts`` are (n, 2) arrays), ``crs``, ``pixel``
    (image pixels, y down), ``name``, ``warnings``, ``raster`` (what a
    centreline extraction did) and ``pixel_size_m``.  Every metric function
    takes it as an input."""

    def records(self) -> list:
        """One dict per line part: ``part`` (its index) and a shapely
        ``geometry``, with the extraction's ``source`` raster for centrelines."""
        from shapely.geometry import LineString
        src = (self.raster or {}).get("source")
        out = []
        for k, xy in enumerate(self.lines.parts):
            rec = {"part": k}
            if src:
                rec["source"] = os.path.basename(str(src))
            rec["geometry"] = LineString([(float(x), float(y)) for x, y in xy])
            out.append(rec)
        return out

    def to_file(self, path: str, layer: Optional[str] = None) -> str:
        """Write the lines to ``path`` (.geojson without dependencies; .gpkg,
        .shp ... with pyogrio) in their CRS; returns ``path``.  Refuses to
        write over the raster or file they were read from."""
        from ._writers import check_outputs, write_layer
        path = os.fspath(path)
        check_outputs([path], [self.path] if getattr(self, "path", None) else [])
        if self.pixel:
            raise InputError(msg("{} is in pixel coordinates: give pixel_size when reading it "
                                 "before writing it as a map layer.", self.name or "The input"))
        return write_layer(self.records(), path, self.crs, layer or "lines")

    def to_geodataframe(self):
        """The lines as a geopandas GeoDataFrame (needs geopandas)."""
        try:
            import geopandas
        except ImportError:
            raise ImportError("to_geodataframe needs geopandas: pip install geopandas") from None
        rows = self.records()
        return geopandas.GeoDataFrame(rows if rows else {"geometry": []}, geometry="geometry",
                                      crs=self.crs)


def library_source(src: _CoreSource, path=None) -> Source:
    """The core Source ``src`` as the library's (same fields, shared);
    ``path``: the file it was read from, never written over."""
    if not isinstance(src, Source):
        from dataclasses import fields
        src = Source(**{f.name: getattr(src, f.name) for f in fields(src)})
    if isinstance(path, (str, os.PathLike)):
        src.path = os.fspath(path)
    return src
