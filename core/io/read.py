"""A path to a Source, by what the file is: GeoPackage, GeoJSON, RoadTracer
.graph, SpaceNet CSV (one chip), a graph pickle (.p, .pickle, .pkl:
Sat2Graph / SAM-Road adjacency dicts), else GDAL/OGR.  ``path|layername=NAME``
names a layer, as in QGIS."""
from __future__ import annotations

import os
from typing import Optional

from ..text import msg
from .adjacency import read_adjacency_pickle
from .graphs import not_a_graph
from .geojson import read_geojson
from .gpkg import read_gpkg
from .ogr import read_ogr
from .roadtracer import read_graph
from .source import Source
from .spacenet import read_spacenet_csv


def split_layer(path: str) -> tuple[str, Optional[str]]:
    """'file.gpkg|layername=roads' -> ('file.gpkg', 'roads')."""
    if "|" in path:
        base, opts = path.split("|", 1)
        for opt in opts.split("|"):
            if opt.lower().startswith("layername="):
                return base, opt.split("=", 1)[1]
        return base, None
    return path, None


def read_path(path: str, fields=(), layer: Optional[str] = None,
              axes: Optional[str] = None) -> Source:
    """The lines of the file at ``path``; ValueError with a sentence when the
    file is missing, unreadable or holds no lines.  ``axes`` ('xy',
    'rowcol': core/io/graphs.py) is for graph pickles only."""
    path, named = split_layer(os.fspath(path))
    layer = layer or named
    if not os.path.exists(path):
        raise ValueError(msg("{}: no such file or folder.", path))
    if os.path.isfile(path) and not os.access(path, os.R_OK):
        raise ValueError(msg("{}: not readable (permissions).", path))
    ext = os.path.splitext(path)[1].lower()
    if ext in (".p", ".pickle", ".pkl"):
        return read_adjacency_pickle(path, axes)
    if axes is not None:
        raise ValueError(not_a_graph(os.path.basename(path)))
    if ext == ".gpkg":
        return read_gpkg(path, layer, fields)
    if ext in (".geojson", ".json"):
        return read_geojson(path, fields)
    if ext == ".graph":
        return read_graph(path)
    if ext == ".csv":
        chips = read_spacenet_csv(path)
        if len(chips) != 1:
            raise ValueError(msg("{} holds {} SpaceNet chips (ImageIds); score them with "
                                 "'roadmetrics batch METRIC --spacenet GT.csv PROPOSAL.csv'.",
                                 os.path.basename(path), len(chips)))
        return next(iter(chips.values()))
    return read_ogr(path, layer, fields)
