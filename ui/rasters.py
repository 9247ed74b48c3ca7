"""Rasters where lines are expected (docs/raster.md): the
optional GROUND_TRUTH_RASTER / PREDICTION_RASTER inputs of every metric
algorithm and of evaluate-all, the raster parameters generated from
core/raster/params.py, and a raster layer read with GDAL window by window
into centrelines (core/raster/rasterinput.py) in the working CRS.

Rules (the same as the library's): the raster's CRS must be in metres on
the ground (a geographic, feet or Web Mercator raster is refused with the
UTM zone to warp it to); a raster without a CRS is taken to be in the
ground truth's CRS, as a vector layer without one; a raster without
georeferencing is refused; rotated and sheared geotransforms are used as
they are; the extracted lines are transformed to the working CRS like any
vector layer.  The raster is only read."""
import os

from qgis.core import (QgsCoordinateTransform, QgsCsException, QgsFeature, QgsFields,
                       QgsGeometry, QgsLineString, QgsProcessingException,
                       QgsProcessingParameterFeatureSink, QgsProcessingParameterRasterLayer)

from ..core.network.lineset import LineSet
from ..core.progress import Cancelled, Progress
from ..core.raster.mask import NotAMask
from ..core.raster.params import READING, RASTER_PARAMS, THRESHOLD_LABEL, resolve
from ..core.raster.rasterinput import crs_problem, empty_warning, extract, mask_warning
from ..core.text import msg
from .checks import layer_crs
from .compat import SinkFlag, SourceType, WkbType, make_field
from .i18n import tr
from .inputs import _lineset, check_line_source, check_read, plan_args, read_lines, working_crs
from .inputs import read_inputs as read_vector_inputs
from .qgsparams import parameter_value, qgis_parameter
from .styles import style_sink
from .summary import error_text, translate, warn

# the centrelines algorithm's output style, also that of the centrelines a
# metric scored on a raster input
CENTRELINE_STYLE = {"color": "#2b83ba", "size": 0.6}
# the optional outputs of the centrelines a metric scored: input -> sink
CENTRELINE_SINKS = {"GROUND_TRUTH": "GROUND_TRUTH_CENTRELINES",
                    "PREDICTION": "PREDICTION_CENTRELINES"}

# the vector input -> its raster alternative
RASTER_INPUTS = {"GROUND_TRUTH": "GROUND_TRUTH_RASTER", "PREDICTION": "PREDICTION_RASTER"}
COUNTS = ("features", "null_geometries", "invalid_parts", "curved", "multipart",
          "transform_errors")


def raster_help():
    """The help sentence every algorithm with raster inputs adds."""
    return tr("Each input is given as lines or as a raster (GROUND_TRUTH_RASTER, "
              "PREDICTION_RASTER: a 0/1 road mask, a probability map with RASTER_THRESHOLD or a "
              "class map with RASTER_CLASSES, in a projected CRS in metres; RASTER_BAND, "
              "RASTER_THRESHOLD and RASTER_CLASSES are right under the raster inputs): its "
              "centrelines are extracted first, with the sizes under Advanced Parameters, as the "
              "Centrelines algorithm does, and the extraction is recorded in SCORES.")


def raster_input_parameters():
    """GROUND_TRUTH_RASTER and PREDICTION_RASTER (optional: a road mask,
    probability or class map used instead of the line layer), then the
    band, threshold and classes (main panel, right under them)."""
    return [
        QgsProcessingParameterRasterLayer(
            "GROUND_TRUTH_RASTER", tr("Ground truth: or a raster (instead of lines)"), None, True),
        QgsProcessingParameterRasterLayer(
            "PREDICTION_RASTER", tr("Prediction: or a raster (instead of lines)"), None, True),
    ] + raster_reading_parameters()


def raster_reading_parameters():
    """RASTER_BAND, RASTER_THRESHOLD, RASTER_CLASSES: which pixels are road
    (main panel in every algorithm that takes a raster)."""
    return [qgis_parameter(p, False) for p in RASTER_PARAMS if p.name in READING]


def raster_parameters(advanced=True):
    """The four sizes of the extraction (core/raster/params.py) as QGIS
    parameters, advanced."""
    return [qgis_parameter(p, advanced) for p in RASTER_PARAMS if p.name not in READING]


def not_a_mask_text(alg, e, param):
    """The refusal of a band that is not a 0/1 mask, naming the parameter
    to set by its label and id and where it is."""
    d = alg.parameterDefinition(param) if alg is not None else None
    label = d.description() if d is not None else tr(THRESHOLD_LABEL)
    return error_text(e) + " " + tr(
        "Set '{}' [{}] in the main panel of the dialog, right under the raster input (e.g. 0.5 "
        "for a probability map), or the road classes beside it.").format(label, param)


def raster_values(alg, parameters, context):
    """The raster parameters given, resolved and checked by the core."""
    values = {p.name: parameter_value(alg, p, parameters, context) for p in RASTER_PARAMS
              if alg.parameterDefinition(p.name) is not None}
    try:
        return resolve(values)
    except (ValueError, KeyError) as e:
        raise QgsProcessingException(tr("Invalid parameters: {}").format(error_text(e)))


def raster_layer(alg, parameters, name, context):
    """The raster layer of the parameter ``name`` (None when not given)."""
    if alg.parameterDefinition(name) is None or parameters.get(name) in (None, ""):
        return None
    layer = alg.parameterAsRasterLayer(parameters, name, context)
    if layer is None:
        raise QgsProcessingException(tr("Could not load the raster {} ({}).").format(
            name, parameters.get(name)))
    return layer


def _open_band(layer, band):
    """(GDAL dataset, band) of a raster layer; QgsProcessingException
    with a sentence when it is not a file GDAL reads or lacks the band."""
    if layer.providerType() != "gdal":
        raise QgsProcessingException(tr(
            "The raster {} is not a file GDAL reads (provider {}): save it as a GeoTIFF "
            "first.").format(layer.name(), layer.providerType()))
    from osgeo import gdal
    gdal.PushErrorHandler("CPLQuietErrorHandler")
    try:
        ds = gdal.Open(layer.source(), gdal.GA_ReadOnly)
    except RuntimeError:  # GDAL in exception mode
        ds = None
    finally:
        gdal.PopErrorHandler()
    if ds is None:
        raise QgsProcessingException(tr("The raster {} ({}) cannot be opened with GDAL.").format(
            layer.name(), layer.source()))
    if not 1 <= band <= ds.RasterCount:
        raise QgsProcessingException(tr(
            "The raster {} has {} band(s): band {} (RASTER_BAND) does not exist.").format(
            layer.name(), ds.RasterCount, band))
    return ds, ds.GetRasterBand(band)


def _transform(ds, name):
    """The (a, b, c, d, e, f) transform of a GDAL dataset (its geotransform
    is (c, a, b, f, d, e)); refused without georeferencing."""
    gt = ds.GetGeoTransform(can_return_null=True)
    if gt is None:
        raise QgsProcessingException(tr(
            "The raster {} has no georeferencing (no geotransform): its pixels have no position "
            "or size in metres. Georeference it first (Raster > Georeferencer).").format(name))
    c, a, b, f, d, e = gt
    return (a, b, c, d, e, f)


def raster_grid(layer, band):
    """(shape (rows, columns), transform (a, b, c, d, e, f)) of a raster
    layer's band, from its header (nothing is read)."""
    ds, _ = _open_band(layer, band)
    try:
        return (ds.RasterYSize, ds.RasterXSize), _transform(ds, layer.name())
    finally:
        ds = None


def _check_crs(layer, crs, context):
    """Refuse a raster whose CRS (``crs``: its own, or the one it is taken
    to be in) is not in metres on the ground (core/raster/rasterinput.py)."""
    if crs is None or not crs.isValid():
        return
    problem = crs_problem(layer.name(), *plan_args(crs, layer.extent(), context))
    if problem:
        raise QgsProcessingException(translate(problem))


def raster_lines(layer, resolved, crs, context, feedback, assumed_crs=None,
                 progress_range=(0, 5), alg=None):
    """(LineSet in ``crs``, record for SCORES, warning or None) of a raster
    layer: its CRS checked (a raster without one is taken to be in
    ``assumed_crs``), the band read in windows and thresholded, centrelines
    extracted, then transformed to ``crs`` when it differs."""
    own = layer_crs(layer)
    own = own if own.isValid() else assumed_crs
    _check_crs(layer, own, context)
    ds, band = _open_band(layer, resolved["RASTER_BAND"])
    lo, hi = progress_range
    progress = Progress(lambda f, m: _progress(feedback, lo + (hi - lo) * f, m),
                        feedback.isCanceled)

    def read(r0, c0, nr, nc):
        a = band.ReadAsArray(c0, r0, nc, nr)
        band.FlushCache()  # each block is read once: GDAL's cache would only grow
        return a
    try:
        lines, rec = extract((ds.RasterYSize, ds.RasterXSize), read, _transform(ds, layer.name()),
                             band.GetNoDataValue(), resolved, _file_name(layer),
                             band.GetBlockSize()[1], progress)
    except NotAMask as e:
        raise QgsProcessingException(tr("The raster {}: {}").format(
            layer.name(), not_a_mask_text(alg, e, "RASTER_THRESHOLD")))
    except ValueError as e:
        raise QgsProcessingException(tr("The raster {}: {}").format(layer.name(), error_text(e)))
    finally:
        band = ds = None
    w = mask_warning(layer.name(), rec)
    if w is not None:
        warn(feedback, translate(w))
    if own is not None and own.isValid() and crs.isValid() and own != crs:
        lines = _transformed(lines, own, crs, context)
    else:
        counts = dict.fromkeys(COUNTS, 0)
        counts["features"] = len(lines.parts)
        lines = LineSet(lines.parts, counts=counts)
    return lines, rec, empty_warning(layer.name(), rec)


def _file_name(layer):
    """The raster's file name (as the library records it), else its name."""
    source = layer.source()
    return os.path.basename(source) if os.path.isfile(source) else layer.name()


def _progress(feedback, percent, message):
    feedback.setProgress(percent)
    if message:
        feedback.setProgressText(translate(message))


def _transformed(lines, source, target, context):
    """``lines`` from CRS ``source`` to ``target`` (one geometry per line,
    failed transformations counted)."""
    xform = QgsCoordinateTransform(source, target, context.transformContext())
    counts = dict.fromkeys(COUNTS, 0)
    counts["features"] = len(lines.parts)
    wkbs = []
    for p in lines.parts:
        g = QgsGeometry(QgsLineString(p[:, 0].tolist(), p[:, 1].tolist()))
        try:
            g.transform(xform)
        except QgsCsException:
            counts["transform_errors"] += 1
            continue
        wkbs.append(bytes(g.asWkb()))
    return _lineset(wkbs, list(range(len(wkbs))), {}, counts)


def read_inputs(alg, parameters, context, feedback, fields=()):
    """ui/inputs.py read_inputs with raster inputs: a GROUND_TRUTH_RASTER
    or PREDICTION_RASTER given instead of the line layer is turned into
    centrelines first (its extraction recorded in ``info``
    'ground_truth_raster' / 'prediction_raster', which go into SCORES and
    the report).  Returns (gt, pred, crs, info); gt is None when cancelled."""
    rasters = {n: raster_layer(alg, parameters, r, context) for n, r in RASTER_INPUTS.items()}
    if not any(rasters.values()):
        unused = unused_raster_warning(parameters)
        gt, pred, crs, info = read_vector_inputs(alg, parameters, context, feedback, fields)
        if unused is not None and info is not None:
            info.setdefault("warnings", []).append(unused)
            warn(feedback, translate(unused))
        return gt, pred, crs, info
    resolved = raster_values(alg, parameters, context)
    layers = {}
    for n, label in (("GROUND_TRUTH", tr("ground-truth")), ("PREDICTION", tr("prediction"))):
        layers[n] = rasters[n] or alg.parameterAsSource(parameters, n, context)
        if rasters[n] is None:
            check_line_source(layers[n], label)
    gt_l, pred_l = layers["GROUND_TRUTH"], layers["PREDICTION"]
    info = {"warnings": [], "gt_name": layer_name(gt_l), "pred_name": layer_name(pred_l)}
    crs = working_crs(gt_l, pred_l, context, feedback, info)
    try:
        gt = read_side(gt_l, rasters["GROUND_TRUTH"] is not None, "ground_truth", resolved,
                       crs, context, feedback, fields, info, None, (0, 4), alg)
        pred = read_side(pred_l, rasters["PREDICTION"] is not None, "prediction", resolved,
                         crs, context, feedback, fields, info, layer_crs(gt_l), (4, 8), alg)
    except Cancelled:
        return None, None, crs, info
    if feedback.isCanceled():
        return None, None, crs, info
    check_read(gt, pred, info, feedback)
    return gt, pred, crs, info


def unused_raster_warning(parameters):
    """A warning for a threshold or classes given to a run whose inputs are
    all line layers (a leftover of an earlier raster run: ignored), else None."""
    given = [n for n in ("RASTER_THRESHOLD", "RASTER_CLASSES")
             if parameters.get(n) not in (None, "")]
    if not given:
        return None
    return msg("{} only apply to a raster input (GROUND_TRUTH_RASTER or PREDICTION_RASTER), and "
               "both inputs are line layers: ignored.", ", ".join(given))


def layer_name(layer):
    """A feature source's or a layer's name (as read_inputs records it)."""
    return layer.sourceName() if hasattr(layer, "sourceName") else layer.name()


def read_side(layer, is_raster, key, resolved, crs, context, feedback, fields, info, assumed,
              progress_range, alg=None):
    """One input as a LineSet in ``crs``: a line layer read as usual, or a
    raster's centrelines (recorded in ``info[key + '_raster']``; a
    warning when it gives no line, refused for the ground truth)."""
    if not is_raster:
        label = tr("ground truth") if key == "ground_truth" else tr("prediction")
        return read_lines(layer, label, crs, context, feedback, fields, progress_range, assumed)
    lines, rec, w = raster_lines(layer, resolved, crs, context, feedback, assumed,
                                 progress_range, alg)
    info[key + "_raster"] = rec
    mw = mask_warning(layer.name(), rec)
    if mw is not None:
        info["warnings"].append(mw)
    if w is not None:
        if key == "ground_truth":
            raise QgsProcessingException(translate(w) + " " + tr(
                "The ground truth needs at least one line."))
        info["warnings"].append(w)
        warn(feedback, translate(w))
    return lines


def centreline_sinks(prefix):
    """The optional outputs (off by default) of the centrelines a metric
    scored for a raster ground truth or prediction; ``prefix``: the
    metric's short name, so the layers of several runs stay apart."""
    from .catalogue import layer_label
    labels = {"GROUND_TRUTH": tr("Centrelines of the ground-truth raster (scored)"),
              "PREDICTION": tr("Centrelines of the prediction raster (scored)")}
    return [QgsProcessingParameterFeatureSink(
        sink, layer_label(prefix, labels[side]), SourceType.VectorLine, None, True, False)
        for side, sink in CENTRELINE_SINKS.items()]


def write_centrelines(alg, parameters, name, context, parts, crs):
    """Write lines to the sink ``name`` as the centrelines algorithm does
    (fields id and length_m, its style); returns the destination."""
    fields = QgsFields()
    fields.append(make_field("id", "int"))
    fields.append(make_field("length_m", "double"))
    sink, dest = alg.parameterAsSink(parameters, name, context, fields, WkbType.LineString, crs)
    if sink is None:
        return None
    feats = []
    for i, p in enumerate(parts):
        f = QgsFeature(fields)
        g = QgsGeometry(QgsLineString(p[:, 0].tolist(), p[:, 1].tolist()))
        f.setGeometry(g)
        f.setAttributes([i + 1, float(g.length())])
        feats.append(f)
    sink.addFeatures(feats, SinkFlag.FastInsert)
    del sink
    style_sink(context, dest, "LineString", CENTRELINE_STYLE, crs)
    return dest


def scored_centrelines(alg, parameters, context, feedback, info, lines, crs):
    """{sink: destination} of the scored centrelines asked for: each raster
    input's lines as the metric scored them (in the working CRS); a sink
    asked for a side given as lines is left out with a note."""
    out = {}
    for side, sink in CENTRELINE_SINKS.items():
        if alg.parameterDefinition(sink) is None or parameters.get(sink) is None:
            continue
        key = "ground_truth_raster" if side == "GROUND_TRUTH" else "prediction_raster"
        if key not in info:
            feedback.pushInfo(tr("{} is not written: that input is lines, not a raster.").format(
                sink))
            continue
        dest = write_centrelines(alg, parameters, sink, context, lines[side].parts, crs)
        if dest is not None:
            out[sink] = dest
    return out
