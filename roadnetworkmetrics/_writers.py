"""Writing result layers and score rows: GeoJSON and CSV with the standard
library, other vector formats (GeoPackage, shapefile, FlatGeobuf ...)
through pyogrio.  An output is never written over an input."""
from __future__ import annotations

import json
import os
from typing import Iterable, Optional

import numpy as np

from .core.text import msg
from ._errors import InputError


def same_file(a: str, b: str) -> bool:
    """True when two paths name one file, existing or not (hard and symbolic
    links, case-insensitive file systems; core/io/files.py)."""
    from .core.io.files import file_key
    return file_key(a.split("|")[0]) == file_key(b.split("|")[0])


def check_outputs(outputs: Iterable[str], inputs: Iterable[str]) -> None:
    """InputError when an output would replace or restyle an input (its
    files: a shapefile's sidecars, the .qml style QGIS loads with it, a
    raster's .aux.xml ...; core/io/files.py, the rule of the QGIS plugin),
    or two outputs name the same file."""
    from .core.io.files import clash
    outputs = [os.fspath(o) for o in outputs if o]
    ins = [os.fspath(i).split("|")[0] for i in inputs if isinstance(i, (str, os.PathLike))]
    for o in outputs:
        i = clash(o, ins)
        if i is not None:
            raise InputError(msg("The output {} is the input {}: inputs are never "
                                 "overwritten; choose another file name.", o, i))
    for k, o in enumerate(outputs):
        for o2 in outputs[k + 1:]:
            if same_file(o, o2):
                raise InputError(msg("Two outputs go to the same file {}.", o))


def _geometry_json(geom) -> Optional[dict]:
    if geom is None:
        return None
    if geom.geom_type == "Point":
        return {"type": "Point", "coordinates": [geom.x, geom.y]}
    return {"type": "LineString", "coordinates": [list(c) for c in geom.coords]}


def write_layer(records: list, path: str, crs: Optional[str] = None, layer: str = "",
                rfc7946: bool = False) -> str:
    """Records (dicts with a shapely ``geometry``) to ``path``: GeoJSON
    without dependencies, any other extension through pyogrio.  GeoJSON
    keeps the coordinates in ``crs``, named in an old-style ``crs`` member
    (QGIS reads it), unless ``rfc7946``: WGS 84 longitude / latitude
    without a ``crs`` member (RFC 7946), reprojected with pyproj."""
    ext = os.path.splitext(path)[1].lower()
    if rfc7946:
        if ext not in (".geojson", ".json"):
            raise InputError(msg("{}: RFC 7946 is a GeoJSON format: give a .geojson file name, or "
                                 "leave the RFC 7946 option out.", path))
        records, crs = to_wgs84(records, crs, path), None
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    if ext in (".geojson", ".json"):
        doc = {"type": "FeatureCollection", "name": layer or os.path.splitext(
            os.path.basename(path))[0], "features": [
            {"type": "Feature", "properties": {k: v for k, v in r.items() if k != "geometry"},
             "geometry": _geometry_json(r.get("geometry"))} for r in records]}
        if crs:
            doc["crs"] = {"type": "name", "properties": {"name": crs}}
        with open(path, "w", encoding="utf-8") as f:
            json.dump(doc, f)
        return path
    try:
        import pyogrio
    except ImportError:
        raise InputError(msg("Writing {} needs pyogrio (pip install pyogrio); .geojson is "
                             "written without it.", path))
    names = [k for k in (records[0] if records else {}) if k != "geometry"]
    geoms = np.array([r["geometry"].wkb if r.get("geometry") is not None else None
                      for r in records], dtype=object)
    first = next((r["geometry"] for r in records if r.get("geometry") is not None), None)
    gtype = first.geom_type if first is not None else "Unknown"
    fields = [_column([r.get(n) for r in records]) for n in names]
    import pyogrio.raw
    try:
        pyogrio.raw.write(path, geoms, fields, names, layer=layer or None, crs=crs,
                          geometry_type=gtype)
    except Exception as e:  # pyogrio's DataSourceError and GDAL's errors
        raise InputError(msg("{} cannot be written ({}).", path, e))
    return path


def to_wgs84(records: list, crs: Optional[str], path: str) -> list:
    """Copies of ``records`` with their geometries reprojected from ``crs``
    to WGS 84 longitude / latitude (pyproj); InputError for a layer without
    a CRS or without pyproj."""
    if not crs:
        raise InputError(msg("{}: RFC 7946 GeoJSON is in WGS 84 longitude / latitude, and this "
                             "layer has no CRS (pixel or unknown coordinates) to reproject it "
                             "from; write it without the RFC 7946 option.", path))
    try:
        import pyproj
    except ImportError:
        raise InputError(msg("{}: writing RFC 7946 GeoJSON needs pyproj (pip install pyproj) to "
                             "reproject the layer to WGS 84 longitude / latitude.", path)) from None
    try:
        to_lonlat = pyproj.Transformer.from_crs(pyproj.CRS.from_user_input(crs), "EPSG:4326",
                                                always_xy=True)
    except pyproj.exceptions.CRSError as e:
        raise InputError(msg("{}: the CRS {} cannot be reprojected to WGS 84 ({}).", path, crs,
                             e)) from None
    return [dict(r, geometry=_reprojected(r.get("geometry"), to_lonlat)) for r in records]


def _reprojected(geom, transformer):
    from shapely.geometry import LineString, Point
    if geom is None:
        return None
    xy = np.asarray(geom.coords, dtype=float).reshape(-1, 2)
    lon, lat = transformer.transform(xy[:, 0], xy[:, 1])
    if geom.geom_type == "Point":
        return Point(float(lon[0]), float(lat[0]))
    return LineString(np.column_stack([lon, lat]))


def _column(values: list):
    """A field's values as an array pyogrio writes: float (None -> NaN),
    int, or text."""
    present = [v for v in values if v is not None]
    if present and all(isinstance(v, bool) for v in present):
        return np.array([int(v) if v is not None else 0 for v in values], dtype=np.int32)
    if present and all(isinstance(v, int) and not isinstance(v, bool) for v in present) \
            and len(present) == len(values):
        return np.array(values, dtype=np.int64)
    if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in present):
        return np.array([float(v) if v is not None else np.nan for v in values], dtype=float)
    return np.array(["" if v is None else str(v) for v in values], dtype=object)
