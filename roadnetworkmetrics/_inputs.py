"""What the library accepts as a ground truth or prediction, and how both
are brought into one frame in metres before any metric (the rules of the
QGIS face, docs/conventions.md; pixel inputs scaled by a pixel size)."""
from __future__ import annotations

import os
import re
from typing import Any, Optional

import numpy as np

from .core.io.graphs import from_adjacency, from_networkx, is_adjacency, not_a_graph
from .core.io.read import read_path
from .core.io.shapes import from_objects
from .core.crs import DEGREE_CRS_NAMES, prediction_crs_without_gt_crs
from .core.io.source import Source
from .core.network.lineset import LineSet, reader_warnings
from .core.text import msg
from . import _crs
from ._errors import InputError
from ._raster import is_raster_path, raster_source

LABELS = {"gt": "ground truth", "pred": "prediction"}


_WKT = re.compile(r"\s*(MULTI)?LINESTRING\s*(Z|M|ZM)?\s*(\(|EMPTY)", re.IGNORECASE)


def as_source(obj: Any, name: str, crs: Any = None, node_xy=None, layer: Optional[str] = None,
              fields=(), raster: Optional[dict] = None, axes: Optional[str] = None) -> Source:
    """``obj`` (a path, a networkx graph, shapely geometries, arrays, a
    GeoDataFrame, a LineSet or a Source) as a Source; ``crs`` overrides the
    CRS found in the object (or gives one where it has none).  A raster
    file (.tif ...) gives its centrelines, extracted with the raster
    parameters ``raster`` ({'RASTER_THRESHOLD': 0.5, ...}: _raster.py)."""
    path = isinstance(obj, os.PathLike) or (isinstance(obj, str) and not _WKT.match(obj))
    graph = (hasattr(obj, "is_directed") and hasattr(obj, "edges") and hasattr(obj, "nodes")) or \
        is_adjacency(obj) or (path and not is_raster_path(obj))
    if axes is not None and not graph:       # a file's reader refuses it unless a graph pickle
        raise InputError(not_a_graph(name))
    if is_raster_path(obj):
        return raster_source(obj, None, raster, crs=crs)
    try:
        if isinstance(obj, Source):
            src = obj
        elif isinstance(obj, LineSet):
            src = Source(obj, None, False, name)
        elif isinstance(obj, str) and _WKT.match(obj) and not os.path.exists(obj):
            src = from_objects([obj], name)      # a WKT text, not a file name
        elif isinstance(obj, (str, os.PathLike)):
            src = read_path(obj, fields, layer, axes)
        elif hasattr(obj, "is_directed") and hasattr(obj, "edges") and hasattr(obj, "nodes"):
            src = from_networkx(obj, node_xy, name, axes=axes)
        elif is_adjacency(obj):
            src = from_adjacency(obj, name, axes=axes)
        else:
            src = from_objects(obj, name)
    except ValueError as e:
        raise InputError(e.args[0] if e.args else str(e))
    if crs is not None:
        src.crs = crs
    return src


def _scaled(src: Source, pixel_size: float) -> Source:
    """Pixel coordinates (x right, y down) to metres: x * s, -y * s (done
    by the reader already when ``src.pixel_size_m`` is this size)."""
    if src.pixel_size_m is not None:
        if src.pixel_size_m != pixel_size:
            raise InputError(msg("{} was read with a pixel size of {} m, not {} m.", src.name,
                                 src.pixel_size_m, pixel_size))
        return Source(src.lines, None, False, src.name, src.warnings)
    ls = src.lines
    xy, lens = ls.flat()
    lines = LineSet.from_flat(xy * np.array([pixel_size, -pixel_size]), lens, ls.part_feature,
                              ls.feature_ids, ls.attributes, ls.counts)
    return Source(lines, None, False, src.name, src.warnings)


def _pixels(gt: Source, pred: Source, pixel_size: Optional[float], info: dict):
    if gt.pixel != pred.pixel:
        which = (gt, pred) if gt.pixel else (pred, gt)
        raise InputError(msg("{} is in pixel coordinates and {} is not: give both in pixels "
                             "(with a pixel size) or both in map coordinates.",
                             which[0].name, which[1].name))
    if not gt.pixel:
        if pixel_size is not None:
            info["pixel_size_m"] = float(pixel_size)
            return _scaled(gt, pixel_size), _scaled(pred, pixel_size)
        return gt, pred
    if pixel_size is None:
        raise InputError(msg("{} and {} are in pixel coordinates: give the pixel size in "
                             "metres (pixel_size=..., --pixel-size M; SpaceNet: 0.3).",
                             gt.name, pred.name))
    info["pixel_size_m"] = float(pixel_size)
    return _scaled(gt, pixel_size), _scaled(pred, pixel_size)


def _without_pyproj(gt: Source, pred: Source, info: dict) -> None:
    """Without pyproj a CRS cannot be checked or transformed: inputs in
    degrees, or in two different CRSs, are refused; otherwise the CRS is
    set aside with a warning and the coordinates are taken to be metres."""
    for src in (gt, pred):
        if src.crs is None or not src.lines.parts:
            continue
        xy = np.abs(np.concatenate(src.lines.parts))
        if str(src.crs).upper() in DEGREE_CRS_NAMES or (
                xy[:, 0].max() <= 180 and xy[:, 1].max() <= 90):
            raise InputError(msg("{} is in degrees ({}): reprojecting it needs pyproj (pip "
                                 "install pyproj).", src.name, src.crs))
    if gt.crs is not None and pred.crs is not None and str(gt.crs) != str(pred.crs):
        raise InputError(msg("The ground truth ({}) and the prediction ({}) are in different "
                             "CRSs: transforming one needs pyproj (pip install pyproj).",
                             gt.crs, pred.crs))
    if gt.crs is not None:
        info["warnings"].append(msg("pyproj is not installed, so the CRS {} was not checked: "
                                    "coordinates are taken to be metres on the ground (pip "
                                    "install pyproj to check and reproject).", gt.crs))
        info["unchecked_crs"] = str(gt.crs)
    gt.crs = pred.crs = None


def prepare(gt: Source, pred: Source, pixel_size: Optional[float] = None):
    """(gt LineSet, pred LineSet, info) in one frame in metres; ``info``
    holds ``working_crs``, the core.crs record and the warnings."""
    info: dict = {"warnings": list(gt.warnings) + list(pred.warnings)}
    if pixel_size is not None and not (np.isfinite(pixel_size) and pixel_size > 0):
        raise InputError(msg("The pixel size must be a positive number of metres, got {}.",
                             pixel_size))
    gt, pred = _pixels(gt, pred, pixel_size, info)
    # pyproj is imported only for inputs with a CRS (a batch of pixel chips never needs it)
    if (gt.crs is not None or pred.crs is not None) and _crs._pyproj() is None:
        _without_pyproj(gt, pred, info)
    gcrs = _crs.parse(gt.crs, gt.name)
    pcrs = _crs.parse(pred.crs, pred.name)
    glines, plines = gt.lines, pred.lines
    if not glines.parts:
        c = glines.counts
        raise InputError(msg("The ground-truth layer has no usable line: {} feature(s), {} "
                             "without geometry, {} invalid part(s). Select a layer (or "
                             "features) with roads to compare against.", c.get("features", 0),
                             c.get("null_geometries", 0), c.get("invalid_parts", 0)))
    _raster_records(gt, pred, gcrs, info)
    if gcrs is None:
        info["working_crs"] = info.pop("unchecked_crs", None)
        if pcrs is not None and plines.parts:
            try:
                info["warnings"].append(prediction_crs_without_gt_crs(
                    _crs.label(pcrs), pcrs.is_geographic, _crs.unit_of(pcrs)))
            except ValueError as e:
                raise InputError(e.args[0]) from None
        elif not gt.pixel and pixel_size is None and not info["working_crs"]:
            info["warnings"].append(msg("The ground truth has no CRS: coordinates are used as "
                                        "they are and assumed to be in metres."))
        return _checked(glines, plines, info)
    decision = _crs.decide(gcrs, glines)
    if decision.warning:
        info["warnings"].append(decision.warning)
    info.update(decision.record)
    target = _crs.parse(f"EPSG:{decision.target_epsg}", "") if decision.target_epsg else gcrs
    if target is not gcrs:
        glines = _crs.transform(glines, gcrs, target)
    if pcrs is None and plines.parts:
        info["warnings"].append(msg("The prediction has no valid CRS: its coordinates are taken "
                                    "to be in the ground truth's CRS."))
        pcrs = gcrs
    if pcrs is not None and not _crs.equivalent(pcrs, target, plines):
        if not decision.target_epsg and not _crs.equivalent(pcrs, gcrs, plines):
            info["warnings"].append(msg("The prediction's CRS ({}) differs from the ground "
                                        "truth's ({}): the prediction is transformed.",
                                        _crs.label(pcrs), _crs.label(target)))
        plines = _crs.transform(plines, pcrs, target)
    info["working_crs"] = _crs.label(target)
    for lab, ls in (("ground truth", glines), ("prediction", plines)):
        bad = ls.counts.get("transform_errors", 0)
        if bad:
            info["warnings"].append(msg("{}: {} invalid line part(s) skipped (fewer than two "
                                        "distinct vertices, non-finite coordinates or failed "
                                        "transformation).", lab, bad))
    return _checked(glines, plines, info)


def _raster_records(gt: Source, pred: Source, gcrs, info: dict) -> None:
    """A raster input's extraction recorded in ``info`` (SCORES
    parameters); a raster without a CRS is taken to be in the ground
    truth's, which must then be in metres on the ground."""
    for key, src in (("ground_truth_raster", gt), ("prediction_raster", pred)):
        if src.raster is None:
            continue
        info[key] = src.raster
        if src.crs is None and gcrs is not None and src.lines.parts:
            from ._raster import check_crs
            check_crs(gcrs, src.name, _crs.extent(src.lines))


def _checked(glines: LineSet, plines: LineSet, info: dict):
    """The LineSets and ``info`` with the core's reader warnings (parts
    beyond the coordinate bound, core/network/lineset.py) added."""
    for lab, ls in (("ground truth", glines), ("prediction", plines)):
        info["warnings"] += reader_warnings(ls, lab)
    return glines, plines, info
