"""In-memory geometries as lines: shapely (Multi)LineStrings (one or a
sequence), WKT or WKB, coordinate arrays ((k, 2) or (k, 3) for one line, a
sequence of them), geopandas GeoSeries / GeoDataFrames (their CRS and
attribute columns kept)."""
from __future__ import annotations

from typing import Any, Optional

import numpy as np

from ..text import msg
from .source import LineCollector, Source


def _is_geometry(obj) -> bool:
    return hasattr(obj, "geom_type") and hasattr(obj, "wkb")


def from_geodataframe(df, name: str = "GeoDataFrame") -> Source:
    geoms = df.geometry if hasattr(df, "geometry") else df
    cols = [c for c in getattr(df, "columns", []) if c != getattr(geoms, "name", "geometry")]
    collector = LineCollector(cols)
    for i, g in enumerate(geoms):
        attrs = {c: _plain(df[c].iloc[i]) for c in cols}
        collector.add_wkb(None if g is None or g.is_empty else g.wkb, i, attrs)
    crs = getattr(df, "crs", None)
    return collector.source(name, crs.to_wkt() if hasattr(crs, "to_wkt") else crs)


def _plain(v):
    if isinstance(v, (np.integer, np.floating, np.bool_)):
        return v.item()
    try:
        if v != v:  # NaN / NaT / pd.NA: a null value
            return None
    except (TypeError, ValueError):
        return None
    return v


def _coordinates_not_raster(a: np.ndarray, name: str) -> None:
    """A bare 2-D array is a line's (k, 2) or (k, 3) coordinates; a wider
    or boolean one is a raster, which is refused with the way to give it
    (its pixels need a position and size: docs/raster.md)."""
    if a.dtype == bool or a.shape[1] not in (2, 3):
        raise ValueError(msg("{}: a 2-D array of shape {} is not a line's (k, 2) coordinates; "
                             "a raster mask or probability map needs its position and pixel "
                             "size: give centrelines(array, transform or pixel_size=...) or a "
                             "GeoTIFF path.", name, tuple(a.shape)))


def from_objects(obj: Any, name: str = "lines", crs: Optional[Any] = None) -> Source:
    """One or many shapely geometries, WKT / WKB, or coordinate arrays."""
    if hasattr(obj, "geometry") or type(obj).__name__ == "GeoSeries":
        src = from_geodataframe(obj, name)
        src.crs = crs if crs is not None else src.crs
        return src
    if _is_geometry(obj) or isinstance(obj, (str, bytes)):
        items = [obj]
    elif isinstance(obj, np.ndarray) and obj.ndim == 2 and obj.dtype != object:
        _coordinates_not_raster(obj, name)
        items = [obj]
    else:
        try:
            items = list(obj)
        except TypeError:
            raise ValueError(msg("{}: cannot read lines from a {}.", name, type(obj).__name__))
    collector = LineCollector()
    for i, it in enumerate(items):
        if it is None:
            collector.add(None, i)
        elif _is_geometry(it):
            collector.add_wkb(None if it.is_empty else it.wkb, i)
        elif isinstance(it, bytes):
            collector.add_wkb(it, i)
        elif isinstance(it, str):
            from ..geometry.shapely_support import wkb_from_wkt
            collector.add_wkb(wkb_from_wkt([it], name)[0], i)
        else:
            try:
                a = np.asarray(it, dtype=float)
            except (TypeError, ValueError):
                raise ValueError(msg("{}, item {}: not a line (a {}).", name, i + 1,
                                     type(it).__name__))
            if a.ndim != 2 or a.shape[1] < 2:
                raise ValueError(msg("{}, item {}: coordinates must be a (k, 2) array, got shape "
                                     "{}.", name, i + 1, a.shape))
            collector.add([a], i)
    return collector.source(name, crs)
