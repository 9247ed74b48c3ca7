"""Writing result layers and score rows: GeoJSON and CSV with the standard
library, other vector formats (GeoPackage, shapefile, FlatGeobuf ...)
through pyogrio.  An output is never written over an input."""
from __future__ import annotations

import json
import os
from typing import Iterable, Optional

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


def write_layer(records: list, path: str, crs: Optional[str] = None, layer: str = "") -> str:
    """Records (dicts with a shapely ``geometry``) to ``path``: GeoJSON
    without dependencies, any other extension through pyogrio."""
    ext = os.path.splitext(path)[1].lower()
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
        import numpy as np
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


def _column(values: list):
    """A field's values as an array pyogrio writes: float (None -> NaN),
    int, or text."""
    import numpy as np
    present = [v for v in values if v is not None]
    if present and all(isinstance(v, bool) for v in present):
        return np.array([int(v) if v is not None else 0 for v in values], dtype=np.int32)
    if present and all(isinstance(v, int) and not isinstance(v, bool) for v in present) \
            and len(present) == len(values):
        return np.array(values, dtype=np.int64)
    if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in present):
        return np.array([float(v) if v is not None else np.nan for v in values], dtype=float)
    return np.array(["" if v is None else str(v) for v in values], dtype=object)
