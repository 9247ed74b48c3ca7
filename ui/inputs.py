"""Read the two input layers into LineSets, with the documented input rules.

* not a line layer / unusable ground truth -> QgsProcessingException;
* geographic CRS, a CRS whose unit is not the metre (feet, US survey
  feet, ...), or a metre CRS whose scale at the data is far from 1 (Web
  Mercator) -> both layers reprojected to the UTM zone (WGS 84) of the
  ground truth's centre (core/crs.py; distances are metres); different CRSs ->
  prediction transformed to the ground truth's (working) CRS;
* no CRS, or an undefined one (GeoPackage's 'Undefined geographic SRS') ->
  coordinates used as they are (ui/checks.py: layer_crs);
* null or empty geometries are skipped and counted; invalid parts (fewer
  than two distinct vertices, non-finite coordinates, failed transform) are
  skipped, counted and reported as a warning; multipart geometries give one
  part each; Z and M are dropped; curves are segmentised.
The layers themselves are only read, never modified.
"""
import math

import numpy as np
from qgis.core import (QgsCoordinateReferenceSystem, QgsCoordinateTransform, QgsCsException,
                       QgsFeatureRequest, QgsGeometry, QgsPointXY, QgsProcessingException,
                       QgsUnitTypes, QgsWkbTypes)

from ..core.crs import plan, prediction_crs_without_gt_crs, worst_scale
from ..core.network.lineset import LineSet, reader_warnings
from ..core.text import msg
from ..core.geometry.wkb import lines_from_wkbs, usable_parts
from .checks import check_line_layer, layer_crs
from .compat import DistanceUnit, RequestFlag
from .i18n import tr, tr_noop
from .summary import translate, warn


def _osr(crs):
    """The CRS as a GDAL SpatialReference (None when GDAL cannot read it)."""
    try:
        from osgeo import osr
        srs = osr.SpatialReference()
        ok = srs.ImportFromWkt(crs.toWkt(QgsCoordinateReferenceSystem.WKT_PREFERRED_GDAL)) == 0
        return srs if ok else None
    except Exception:  # no GDAL bindings, a WKT GDAL cannot read
        return None


def crs_label(crs):
    """A short name for a CRS in messages: its authority id (EPSG:2263), else
    the authority id GDAL identifies it as (90 % confidence or more), else its
    name, else 'custom CRS'; never a whole PROJ string or WKT."""
    if crs.authid():
        return crs.authid()
    srs = _osr(crs)
    try:
        for match, confidence in (srs.FindMatches() or []) if srs is not None else []:
            if confidence >= 90 and match.GetAuthorityName(None) and match.GetAuthorityCode(None):
                return f"{match.GetAuthorityName(None)}:{match.GetAuthorityCode(None)}"
    except Exception:  # an old GDAL without FindMatches
        pass
    label = crs.description() or ""
    if not label or label.strip().lower() in ("unknown", "undefined") or "[" in label or \
            label.startswith("+") or len(label) > 80:
        label = tr("custom CRS")
    return label


def crs_unit(crs):
    """The CRS's linear unit as its definition names it ('US survey foot',
    'foot', 'metre'), which QGIS 3.22 reports as 'feet' for both feet."""
    srs = _osr(crs)
    name = srs.GetLinearUnitsName() if srs is not None and srs.IsProjected() else None
    return name or QgsUnitTypes.toString(crs.mapUnits())


def _to_lonlat(crs, transform_context):
    """A function (xs, ys) -> (lons, lats) from ``crs`` to WGS 84 degrees."""
    wgs84 = QgsCoordinateReferenceSystem("EPSG:4326")
    t = QgsCoordinateTransform(crs, wgs84, transform_context)
    if not t.isValid():
        raise ValueError(tr("no transformation to WGS 84"))

    def to_lonlat(xs, ys):
        pts = [t.transform(QgsPointXY(float(x), float(y))) for x, y in zip(xs, ys)]
        return [p.x() for p in pts], [p.y() for p in pts]
    return to_lonlat


def check_line_source(source, name):
    check_line_layer(source, name)


def _unit(crs):
    """'metre', the CRS's unit name, or None when QGIS does not know it."""
    units = crs.mapUnits()
    return None if units == DistanceUnit.Unknown else (
        "metre" if units == DistanceUnit.Meters else crs_unit(crs))


def plan_args(crs, extent, context):
    """(label, geographic, unit, scale, centre) of ``crs`` measured at
    ``extent``: the arguments of core.crs.plan (and of the raster CRS
    rule, core/raster/rasterinput.py)."""
    unit = _unit(crs)
    try:
        to_lonlat = _to_lonlat(crs, context.transformContext())
    except (QgsCsException, ValueError):
        to_lonlat = None
    scale = centre = None
    if to_lonlat is not None:
        box = (extent.xMinimum(), extent.yMinimum(), extent.xMaximum(), extent.yMaximum())
        if not crs.isGeographic() and unit == "metre":
            scale = worst_scale(to_lonlat, box)
        try:
            lon, lat = to_lonlat([(box[0] + box[2]) / 2], [(box[1] + box[3]) / 2])
            centre = (lon[0], lat[0]) if math.isfinite(lon[0]) and math.isfinite(lat[0]) else None
        except QgsCsException:
            centre = None
    return crs_label(crs), crs.isGeographic(), unit, scale, centre


def _crs_plan(crs, extent, context):
    """core.crs.plan for the ground truth's CRS, measured at ``extent``."""
    return plan(*plan_args(crs, extent, context))


def layer_extent(layer):
    """The extent of a feature source or a map layer in its own CRS."""
    return layer.sourceExtent() if hasattr(layer, "sourceExtent") else layer.extent()


def working_crs(gt, pred, context, feedback, info):
    """Decide the CRS in which everything is computed (core/crs.py: distances
    are ground metres; a geographic CRS, one whose unit is not the metre, or a
    metre CRS whose scale at the data is far from 1, e.g. Web Mercator, is
    replaced by the UTM zone of the ground truth's centre); log the choice."""
    crs = layer_crs(gt)
    pcrs = layer_crs(pred)
    if not crs.isValid():
        info["working_crs"] = None
        if pred is not gt and pcrs.isValid():
            try:
                w = prediction_crs_without_gt_crs(crs_label(pcrs), pcrs.isGeographic(), _unit(pcrs))
            except ValueError as e:
                raise QgsProcessingException(translate(e.args[0]))
            feedback.pushInfo(translate(w))
            info["warnings"].append(w)
            return crs
        feedback.pushInfo(tr("The ground truth has no valid CRS: coordinates are used as they "
                             "are and assumed to be in metres."))
        return crs
    try:
        decision = _crs_plan(crs, layer_extent(gt), context)
    except ValueError as e:
        raise QgsProcessingException("{} {}".format(translate(e.args[0]), tr(
            "(Vector > Data Management Tools > Reproject Layer)")))
    if decision.warning:
        text = translate(decision.warning)
        feedback.pushInfo(text)
        info["warnings"].append(decision.warning)
    info.update(decision.record)
    if decision.target_epsg:
        crs = QgsCoordinateReferenceSystem(f"EPSG:{decision.target_epsg}")
    # warnings keep their English text in SCORES (msg) and are shown translated
    if pred is not gt and not pcrs.isValid():
        w = msg(tr_noop("The prediction has no valid CRS: its coordinates are taken to be in the "
                        "ground truth's CRS."))
        feedback.pushInfo(translate(w))
        info["warnings"].append(w)
    elif pcrs.isValid() and pcrs != crs and not (info.get("reprojected_to")):
        w = msg(tr_noop("The prediction's CRS ({}) differs from the ground truth's ({}): the "
                        "prediction is transformed."), crs_label(pcrs), crs_label(crs))
        feedback.pushInfo(translate(w))
        info["warnings"].append(w)
    info["working_crs"] = crs.authid()
    return crs


def read_lines(source, name, crs, context, feedback, fields=(), progress_range=(0, 5),
               assumed_crs=None):
    """Read a line feature source into a LineSet in ``crs``.  A source
    without a (defined) CRS is taken to be in ``assumed_crs`` when given
    (the ground truth's own CRS), else in ``crs``.  The loop over features
    only collects each geometry's WKB; they are parsed and checked in one
    vectorised pass (core/geometry/wkb.py lines_from_wkbs, usable_parts), so
    a million 2-vertex lines read at the speed of QGIS's own iteration."""
    request, xform = _request_in(source, crs, context, assumed_crs)
    available = [f.name() for f in source.fields()]
    wanted = [f for f in fields if f and f in available]
    if wanted:
        request.setSubsetOfAttributes(wanted, source.fields())
    else:
        request.setFlags(RequestFlag.NoFlags)
        request.setSubsetOfAttributes([])
    counts = {"features": 0, "null_geometries": 0, "invalid_parts": 0, "curved": 0,
              "multipart": 0, "transform_errors": 0}
    wkbs, fids, attrs = _collect(source, request, xform, wanted, feedback, progress_range, counts)
    ls = _lineset(wkbs, fids, attrs, counts)
    if counts["null_geometries"]:
        feedback.pushInfo(tr("{}: {} feature(s) without geometry skipped.").format(
            name, counts["null_geometries"]))
    return ls


def _collect(source, request, xform, wanted, feedback, progress_range, counts):
    """Each usable feature's geometry as WKB (curves segmentized, transformed
    by ``xform``), its id and the ``wanted`` attributes; null geometries
    and failed transformations counted."""
    wkbs, fids = [], []
    attrs = {f: [] for f in wanted}
    for f in _features(source, request, feedback, progress_range, counts):
        g = f.geometry()
        if g is None or g.isNull() or g.isEmpty():
            counts["null_geometries"] += 1
            continue
        if QgsWkbTypes.isCurvedType(g.wkbType()):
            counts["curved"] += 1
            g = QgsGeometry(g.constGet().segmentize())
        if xform is not None:
            try:
                g.transform(xform)
            except QgsCsException:
                counts["transform_errors"] += 1
                continue
        wkbs.append(bytes(g.asWkb()))
        fids.append(f.id())
        for fname in wanted:
            v = f[fname]
            attrs[fname].append(None if v is None or (hasattr(v, "isNull") and v.isNull()) else v)
    return wkbs, fids, attrs


def _lineset(wkbs, fids, attrs, counts):
    """The LineSet of the collected features: parts with fewer than two
    distinct vertices or non-finite coordinates, and geometries that cannot
    be parsed, are counted and left out, and so are features left without
    a part."""
    xy, lens, owner, failed = lines_from_wkbs(wkbs)
    counts["invalid_parts"] += int(failed.sum())
    nparts = np.bincount(owner, minlength=len(wkbs))
    counts["multipart"] += int((nparts > 1).sum())
    good = usable_parts(xy, lens)
    counts["invalid_parts"] += int((~good).sum())
    if not good.all():
        xy, lens, owner = xy[np.repeat(good, lens)], lens[good], owner[good]
    kept = np.zeros(len(wkbs), dtype=bool)
    kept[owner] = True
    feature_of = np.cumsum(kept) - 1
    if not kept.all():
        fids = [x for x, k in zip(fids, kept.tolist()) if k]
        attrs = {n: [x for x, k in zip(v, kept.tolist()) if k] for n, v in attrs.items()}
    return LineSet.from_flat(xy, lens, feature_of[owner], fids, attrs, counts)


def _request_in(source, crs, context, assumed_crs):
    """A feature request returning geometries in ``crs`` and, for a source
    without a CRS read as ``assumed_crs``, the transform to apply by hand."""
    request = QgsFeatureRequest()
    src_crs = layer_crs(source)
    xform = None
    if crs.isValid() and src_crs.isValid() and src_crs != crs:
        request.setDestinationCrs(crs, context.transformContext())
    elif crs.isValid() and not src_crs.isValid() and assumed_crs is not None and \
            assumed_crs.isValid() and assumed_crs != crs:
        xform = QgsCoordinateTransform(assumed_crs, crs, context.transformContext())
    return request, xform


def _features(source, request, feedback, progress_range, counts):
    """The features of ``source``, counting them and the ones that could not
    be transformed, reporting progress, stopping on cancel."""
    total = max(source.featureCount(), 1)
    it = source.getFeatures(request)
    k = 0
    while True:
        try:
            f = next(it)
        except StopIteration:
            return
        except QgsCsException:
            counts["transform_errors"] += 1
            continue
        k += 1
        if feedback.isCanceled():
            return
        if k % 1000 == 0:
            a, b = progress_range
            feedback.setProgress(a + (b - a) * k / total)
        counts["features"] += 1
        yield f


def read_inputs(alg, parameters, context, feedback, fields=()):
    """Both layers as LineSets in the working CRS, with the input rules
    applied.  Returns (gt, pred, crs, info); gt is None when cancelled.
    (ui/rasters.py read_inputs: the same with raster inputs.)"""
    gt_src = alg.parameterAsSource(parameters, "GROUND_TRUTH", context)
    pred_src = alg.parameterAsSource(parameters, "PREDICTION", context)
    check_line_source(gt_src, tr("ground-truth"))
    check_line_source(pred_src, tr("prediction"))
    info = {"warnings": [], "gt_name": gt_src.sourceName(), "pred_name": pred_src.sourceName()}
    crs = working_crs(gt_src, pred_src, context, feedback, info)
    gt = read_lines(gt_src, tr("ground truth"), crs, context, feedback, fields, (0, 4))
    pred = read_lines(pred_src, tr("prediction"), crs, context, feedback, fields, (4, 8),
                      layer_crs(gt_src))
    if feedback.isCanceled():
        return None, None, crs, info
    check_read(gt, pred, info, feedback)
    return gt, pred, crs, info


def check_read(gt, pred, info, feedback):
    """After reading: refuse a ground truth without a usable line; warn of
    skipped parts and parts beyond the coordinate bound (into ``info``)."""
    if len(gt.parts) == 0:
        c = gt.counts
        raise QgsProcessingException(
            tr("The ground-truth layer has no usable line: {} feature(s), {} without "
               "geometry, {} invalid part(s). Select a layer (or features) with roads to "
               "compare against.").format(c["features"], c["null_geometries"], c["invalid_parts"]))
    for name, ls in ((msg(tr_noop("ground truth")), gt), (msg(tr_noop("prediction")), pred)):
        c = ls.counts
        found = []
        if c["invalid_parts"] or c["transform_errors"]:
            found.append(msg(tr_noop(
                "{}: {} invalid line part(s) skipped (fewer than two distinct vertices, "
                "non-finite coordinates or failed transformation)."),
                name, c["invalid_parts"] + c["transform_errors"]))
        found += reader_warnings(ls, name)  # parts beyond the coordinate bound (core rule)
        for w in found:  # English in SCORES, translated in the log
            info["warnings"].append(w)
            warn(feedback, translate(w))
