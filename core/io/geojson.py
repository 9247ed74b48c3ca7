"""GeoJSON with the standard library (RFC 7946).  Coordinates are WGS 84
longitude / latitude unless an old-style (2008) ``crs`` member names
another CRS; a file whose coordinates cannot be degrees (|x| > 180 or
|y| > 90) and that names no CRS is read without one (a warning says so)."""
from __future__ import annotations

import json
import os
from typing import Optional, Union

import numpy as np

from ..text import msg
from .source import LineCollector, Source


def _parts(geom) -> Optional[list]:
    """Line parts of a GeoJSON geometry object; None if it is not a line."""
    if geom is None:
        return []
    t = geom.get("type")
    if t == "LineString":
        return [np.asarray(geom.get("coordinates") or [], float).reshape(-1, _dim(geom))]
    if t == "MultiLineString":
        return [np.asarray(c, float).reshape(-1, _dim(geom)) for c in geom.get("coordinates") or []]
    if t == "GeometryCollection":
        out = []
        for g in geom.get("geometries") or []:
            out += _parts(g) or []
        return out
    return None


def _dim(geom) -> int:
    coords = geom.get("coordinates") or []
    while coords and isinstance(coords[0], list):
        if coords[0] and not isinstance(coords[0][0], list):
            return len(coords[0])
        coords = coords[0]
    return 2


def _named_crs(doc) -> Optional[str]:
    crs = doc.get("crs") if isinstance(doc, dict) else None
    if isinstance(crs, dict) and isinstance(crs.get("properties"), dict):
        name = crs["properties"].get("name")
        if isinstance(name, str) and name:
            code = name.rsplit(":", 1)[-1]
            if "EPSG" in name.upper() and code.isdigit():
                return f"EPSG:{code}"
            if "CRS84" in name.upper():
                return "EPSG:4326"
            return name
    return None


def read_geojson(data: Union[str, dict], fields=(), name: Optional[str] = None) -> Source:
    """A GeoJSON file path (or an already parsed document): its line
    features with the property columns named in ``fields`` (all scalar
    properties when ``fields`` is None)."""
    if isinstance(data, dict):
        doc, name = data, name or "GeoJSON"
    else:
        name = name or os.path.basename(data)
        try:
            with open(data, encoding="utf-8") as f:
                doc = json.load(f)
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
            raise ValueError(msg("{} is not a readable GeoJSON file ({}).", name, e))
    if not isinstance(doc, dict) or "type" not in doc:
        raise ValueError(msg("{} is not GeoJSON (no 'type' member).", name))
    feats = (doc.get("features") if doc["type"] == "FeatureCollection" else
             [doc] if doc["type"] == "Feature" else [{"type": "Feature", "geometry": doc}])
    if not isinstance(feats, list):
        raise ValueError(msg("{}: 'features' must be a list.", name))
    if fields is None:
        fields = sorted({k for f in feats for k, v in ((f or {}).get("properties") or {}).items()
                         if v is None or isinstance(v, (str, int, float, bool))})
    collector = LineCollector(fields)
    for i, f in enumerate(feats):
        try:
            parts = _parts((f or {}).get("geometry"))
        except (TypeError, ValueError, AttributeError):
            parts = None
        if parts is None:
            collector.counts["features"] += 1
            collector.counts["not_lines"] += 1
            continue
        collector.add(parts, i, (f or {}).get("properties") or {})
    source = collector.source(name)
    source.crs = _named_crs(doc)
    if source.crs is None and source.lines.parts:
        xy = np.abs(np.concatenate(source.lines.parts))
        if xy[:, 0].max() <= 180.0 and xy[:, 1].max() <= 90.0:
            source.crs = "EPSG:4326"
        else:
            source.warnings.append(msg("{}: coordinates are not longitude / latitude and the "
                                       "file names no CRS: they are used as they are, in "
                                       "metres.", name))
    return source
