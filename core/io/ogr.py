"""Any vector format GDAL/OGR reads (shapefile, FlatGeobuf, GML, KML, ...),
through pyogrio when installed, else GDAL's own Python bindings (osgeo.ogr,
which QGIS ships).  Without either, ValueError saying what to install."""
from __future__ import annotations

import os
from typing import Optional

from ..text import msg
from .source import LineCollector, Source


def read_ogr(path: str, layer: Optional[str] = None, fields=()) -> Source:
    name = os.path.basename(path) + (f"|{layer}" if layer else "")
    try:
        import pyogrio.raw
    except ImportError:
        pyogrio = None
    if pyogrio is not None:
        return _pyogrio(path, layer, fields, name)
    try:
        from osgeo import ogr, osr  # noqa: F401
    except ImportError:
        raise ValueError(msg("{}: reading this format needs pyogrio (pip install pyogrio) or "
                             "GDAL's Python bindings; GeoPackage, GeoJSON, RoadTracer .graph and "
                             "SpaceNet CSV files are read without them.", name))
    return _gdal(path, layer, fields, name)


def _pyogrio(path, layer, fields, name) -> Source:
    import pyogrio
    import pyogrio.raw
    try:
        info = pyogrio.read_info(path, layer=layer)
        wanted = (list(info["fields"]) if fields is None else
                  [f for f in fields if f and f in list(info["fields"])])
        meta, fids, geoms, field_data = pyogrio.raw.read(path, layer=layer, columns=wanted,
                                                        return_fids=True)
    except Exception as e:  # pyogrio's DataSourceError, DataLayerError, ...
        raise ValueError(msg("{} cannot be read ({}).", name, e))
    collector = LineCollector(wanted)
    for i, g in enumerate(geoms):
        attrs = {f: _plain(field_data[k][i]) for k, f in enumerate(wanted)}
        collector.add_wkb(g, int(fids[i]) if fids is not None else i, attrs)
    return collector.source(name, meta.get("crs"))


def _plain(v):
    if hasattr(v, "item"):
        v = v.item()
    return None if isinstance(v, float) and v != v else v


def _gdal(path, layer, fields, name) -> Source:
    from osgeo import ogr
    ds = ogr.Open(path, 0)
    if ds is None:
        raise ValueError(msg("{} cannot be read by GDAL.", name))
    lyr = ds.GetLayerByName(layer) if layer else ds.GetLayer(0)
    if lyr is None:
        raise ValueError(msg("{}: no such layer.", name))
    defn = lyr.GetLayerDefn()
    have = [defn.GetFieldDefn(i).GetName() for i in range(defn.GetFieldCount())]
    wanted = have if fields is None else [f for f in fields if f and f in have]
    collector = LineCollector(wanted)
    for f in lyr:
        g = f.GetGeometryRef()
        if g is not None and g.IsEmpty():
            g = None
        if g is not None:
            g = g.GetLinearGeometry() if g.HasCurveGeometry() else g
        collector.add_wkb(bytes(g.ExportToIsoWkb()) if g is not None else None, f.GetFID(),
                          {w: f.GetField(w) for w in wanted})
    srs = lyr.GetSpatialRef()
    crs = None
    if srs is not None:
        code = srs.GetAuthorityCode(None)
        crs = f"EPSG:{code}" if code and srs.GetAuthorityName(None) == "EPSG" else srs.ExportToWkt()
    return collector.source(name, crs)
