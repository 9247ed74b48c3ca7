"""The checks every algorithm of the plugin runs before any work
(``check_run``): single metrics and the tools (evaluate, compare, perturb,
sensitivity) share them, so a tool refuses exactly what a single metric
refuses, up front.

* outputs: no output may resolve to an input's file (GeoPackage, shapefile
  and its sidecars, CSV, ...: inputs are never modified), no two outputs may
  go to the same file (except distinct layers of one GeoPackage given as
  ``ogr:dbname='x.gpkg' table="name"``), and the HTML report must be
  writable;
* layers: line layers where lines are expected, polygons for TILES;
* parameters: every metric's parameters resolved and validated by the core
  (unknown names, wrong types or values in the PARAMETERS JSON, metric ids
  that do not exist), field parameters present on the layers they must be on
  (``core.registry.check_fields``);
* DASK_SCHEDULER reachable (a few seconds, not the 30 s of a Dask client);
* a warning when the ground truth and the prediction are the same data.
"""
import os
import re
import socket
from urllib.parse import urlsplit

from qgis.core import (QgsCoordinateReferenceSystem, QgsDataSourceUri, QgsProcessingException,
                       QgsProcessingFeatureSourceDefinition, QgsProcessingOutputLayerDefinition,
                       QgsProcessingUtils, QgsProperty, QgsProviderRegistry, QgsVectorFileWriter,
                       QgsWkbTypes)

from ..core import registry
from ..core.crs import RECORD_KEYS as CRS_RECORD_KEYS
from ..core.io.files import file_key, footprint, split_ext as _split_ext
from ..core.text import msg
from .compat import GeometryType, ParameterFlag, SourceType, WkbType
from .i18n import tr, tr_noop
from .summary import error_text, translate, warn

SOURCE_TYPES = ("source", "vector", "multilayer", "raster", "layer", "file")
DASK_TIMEOUT_S = 3.0
LINE_INPUTS = {"GROUND_TRUTH": tr_noop("ground-truth"), "PREDICTION": tr_noop("prediction"),
               "INPUT": tr_noop("input")}


def _gdal_files(path, seen=None):
    """The files GDAL reads for the vector dataset at ``path``
    (GetFileList: a shapefile's sidecars, the sources of a VRT, every layer
    of a folder), VRTs followed to their own sources; empty when GDAL cannot
    open it."""
    seen = set() if seen is None else seen
    if path in seen or len(seen) > 64:
        return set()
    seen.add(path)
    try:
        from osgeo import gdal
    except ImportError:
        return set()
    gdal.PushErrorHandler("CPLQuietErrorHandler")
    try:
        ds = gdal.OpenEx(path, gdal.OF_VECTOR | gdal.OF_READONLY)
        files = ds.GetFileList() if ds is not None else None
    except Exception:  # GDAL raises or returns None, by its exception mode
        files = None
    finally:
        ds = None
        gdal.PopErrorHandler()
    out = set()
    for f in files or []:
        if f.startswith("/vsi"):
            continue
        f = os.path.abspath(f)
        out.add(f)
        if f.lower().endswith(".vrt") and f != path:
            out |= _gdal_files(f, seen)
    return out


def input_files(layer):
    """{path: True for the style QGIS loads with it} of the files an input
    (a map layer or a file path) reads.  The layer's source is decoded by
    QGIS's provider registry (path, layer name, archive); a folder of
    shapefiles given as ``folder|layername=roads`` reads roads.shp/.shx/...;
    every file GDAL lists for the dataset is added (a VRT's sources, a
    shapefile's sidecars), and so is the .qml style QGIS loads with the file,
    whether it exists or not: an output writing it would restyle the input."""
    if layer is None:
        return {}
    if isinstance(layer, str):
        parts = {"path": layer}
    else:
        try:
            parts = QgsProviderRegistry.instance().decodeUri(layer.providerType(), layer.source())
        except Exception:  # a provider without decodeUri
            parts = {}
    path = (parts or {}).get("path")
    if not path:
        return {}
    path = os.path.abspath(os.path.expanduser(str(path)))
    if parts.get("vsiPrefix"):  # /vsizip/archive.zip/...: the archive is the file
        return {path: False}
    out = {path: False}
    name = parts.get("layerName")
    if os.path.isdir(path) and name:  # a folder of shapefiles (or MapInfo files)
        for ext in (".shp", ".tab"):
            out.update(dict.fromkeys(footprint(os.path.join(path, str(name)) + ext), False))
        out[os.path.join(path, str(name)) + ".qml"] = True
        return out
    out.update(dict.fromkeys(footprint(path), False))
    out.update(dict.fromkeys(_gdal_files(path), False))
    if not os.path.isdir(path):
        out[_split_ext(path)[0] + ".qml"] = True
    return out


def layer_file(layer):
    """The file behind a map layer (None for memory layers, databases, ...)."""
    if layer is None:
        return None
    try:
        parts = QgsProviderRegistry.instance().decodeUri(layer.providerType(), layer.source())
    except Exception:  # a provider without decodeUri
        parts = {}
    path = parts.get("path") if parts else None
    if not path:
        path = layer.source().split("|")[0].split("?")[0]
        if path.startswith("file://"):
            path = path[7:]
    return path if path and os.path.exists(path) else None


def _layer(alg, parameters, name, context):
    """The map layer of a source parameter (also for 'selected features
    only' definitions)."""
    value = parameters.get(name)
    if isinstance(value, QgsProcessingFeatureSourceDefinition):
        src = value.source.valueAsString(context.expressionContext())[0]
        return QgsProcessingUtils.mapLayerFromString(src, context)
    return alg.parameterAsVectorLayer(parameters, name, context)


def input_layers(alg, parameters, context):
    """[(parameter name, map layer)] of every layer input that is set."""
    out = []
    for d in alg.parameterDefinitions():
        if d.isDestination() or d.type() not in SOURCE_TYPES or parameters.get(d.name()) is None:
            continue
        if d.type() == "multilayer":
            out += [(d.name(), lay)
                    for lay in alg.parameterAsLayerList(parameters, d.name(), context)]
        elif d.type() == "file":
            path = alg.parameterAsFile(parameters, d.name(), context)
            if path:
                out.append((d.name(), path))
        elif d.type() == "raster":
            out.append((d.name(), alg.parameterAsRasterLayer(parameters, d.name(), context)))
        else:
            out.append((d.name(), _layer(alg, parameters, d.name(), context)))
    return out


def sink_targets(dest):
    """[(file path, layer name or None)] a feature sink destination string
    writes, read as QGIS reads it (QgsProcessingUtils::createFeatureSink and
    parseDestinationString): 'provider://uri' or 'provider:uri' (3 or more
    characters before the colon) names a provider, whose URI is decoded by
    QGIS (QgsDataSourceUri for 'ogr:dbname=... table=...', single or double
    quotes; the provider registry for the others; memory and database
    providers write no file); anything else is a file path, to which QGIS
    appends .gpkg when its extension names no vector format.  A plain path
    with '|layername=' is also checked as that layer of the file before the
    '|' (QGIS would write a file of the whole name)."""
    dest = str(dest)
    if dest.startswith("memory:"):
        return []
    ok, provider, uri = QgsProcessingUtils.decodeProviderKeyAndUri(dest)
    if not ok:
        m = re.match(r"^(.{3,}?):(.*)$", dest, re.S)
        ok, provider, uri = (True, m.group(1), m.group(2)) if m else (False, "", "")
    if ok:
        if provider == "ogr":
            ds = QgsDataSourceUri(uri)
            if ds.database():
                return [(ds.database(), ds.table() or None)]
            path, _, rest = uri.partition("|")
            m = re.search(r"layername=([^|]+)", rest)
            return [(path, m.group(1) if m else None)] if path else []
        try:
            parts = QgsProviderRegistry.instance().decodeUri(provider, uri)
        except Exception:  # an unknown provider
            parts = {}
        if parts.get("path"):
            return [(parts["path"], parts.get("layerName") or None)]
        return [(uri, None)] if provider == "file" and uri else []
    out = []
    ext = dest.rsplit(".", 1)[1] if "." in os.path.basename(dest) else ""
    out.append((dest if QgsVectorFileWriter.driverForExtension(ext) else dest + ".gpkg", None))
    if "|" in dest:
        path, _, rest = dest.partition("|")
        m = re.search(r"layername=([^|]+)", rest)
        out.append((path, m.group(1) if m else None))
    return out


def destinations(alg, parameters, name, context):
    """[(file path, layer name in it or None)] an output writes; empty when
    it writes no file (temporary or memory layer, database)."""
    d = alg.parameterDefinition(name)
    if d.type() == "fileDestination":
        dest = alg.parameterAsFileOutput(parameters, name, context)
        return [(str(dest), None)] if dest else []
    # read the value itself: parameterAsOutputLayer may register the
    # destination as a layer to load on completion
    dest = parameters.get(name)
    if isinstance(dest, QgsProcessingOutputLayerDefinition):
        dest = dest.sink
    if isinstance(dest, QgsProperty):
        dest = dest.valueAsString(context.expressionContext())[0]
    if not isinstance(dest, str) or not dest or dest == "TEMPORARY_OUTPUT":
        return []
    return sink_targets(dest)


def _input_keys(alg, parameters, context):
    """{file key: (input as the dialog names it, its path, is its style)}."""
    inputs = {}
    for pname, layer in input_layers(alg, parameters, context):
        files = input_files(layer)
        if not files:
            continue
        shown = layer if isinstance(layer, str) else (layer_file(layer) or layer.source())
        for f, style in sorted(files.items()):
            inputs.setdefault(file_key(f), (_named(alg, pname), shown, style, f))
    return inputs


def check_outputs(alg, parameters, context):
    """Refuse an output that would replace an input's file or another
    output, and an HTML report that cannot be written; before any work.
    Files are compared by identity (file_key), GeoPackage layer names
    case-blind."""
    inputs = _input_keys(alg, parameters, context)
    written = {}
    for d in alg.destinationParameterDefinitions():
        name = d.name()
        if parameters.get(name) is None:
            continue
        for path, table in destinations(alg, parameters, name, context):
            styled = d.type() == "sink" and QgsWkbTypes.geometryType(
                _sink_wkb(d)) != GeometryType.Null and table is None
            main = os.path.abspath(os.path.expanduser(path))  # named first in messages
            files = sorted(footprint(path, sidecar_style=styled), key=lambda f: (f != main, f))
            keys = [file_key(f) for f in files]
            for f, k in zip(files, keys):
                if k in inputs:
                    _refuse_over_input(alg, name, path, f, inputs[k])
            for k in keys:
                _check_shared(alg, name, path, table, written.get(k))
            for k in keys:
                written.setdefault(k, (name, table))
            if d.type() == "fileDestination":
                check_writable(path, _named(alg, name))


def _refuse_over_input(alg, name, path, f, found):
    pname, ipath, style, _ = found
    if style or f.lower().endswith(".qml"):
        raise QgsProcessingException(tr(
            "The output {} ({}) would write the style file {}, which QGIS loads as the style of "
            "the input {} ({}): it would overwrite or restyle the input, and inputs are never "
            "modified. Choose another file name for {}.").format(
            _named(alg, name), path, f, pname, ipath, _named(alg, name)))
    if os.path.normcase(os.path.abspath(str(ipath))) != os.path.normcase(f):
        raise QgsProcessingException(tr(
            "The output {} ({}) would overwrite {}, a file the input {} ({}) reads: inputs are "
            "never modified. Choose another file for {}.").format(
            _named(alg, name), path, f, pname, ipath, _named(alg, name)))
    raise QgsProcessingException(tr(
        "The output {} ({}) would overwrite the input {} ({}): inputs are never "
        "modified. Choose another file for {}.").format(
        _named(alg, name), path, pname, ipath, _named(alg, name)))


def _check_shared(alg, name, path, table, other):
    """Refuse a second output into a file already written (``other``: the
    first output's (name, layer name)), unless both are distinct layers of
    it; GeoPackage layer names ignore case."""
    if other is None:
        return
    if other[1] is not None and table is not None:
        if other[1].casefold() != table.casefold():
            return
        if other[1] != table:
            raise QgsProcessingException(tr(
                "The outputs {} and {} are both written to the layer '{}' of {}: layer names in a "
                "GeoPackage ignore case, so '{}' and '{}' are one layer and the second would "
                "replace the first. Give each output its own layer name.").format(
                _named(alg, other[0]), _named(alg, name), table, path, other[1], table))
    raise QgsProcessingException(tr(
        "The outputs {} and {} are both written to {}: the second would replace the "
        "first. Give each output its own file, or write them as separate layers of "
        "one GeoPackage ('Save to GeoPackage...' in the dialog, or "
        "ogr:dbname='{}' table=\"{}\" (geom) and another table name for "
        "the other).").format(_named(alg, other[0]), _named(alg, name), path, path, name.lower()))


def _named(alg, name):
    """A parameter as the dialog shows it, with its id for scripts:
    'HTML report' [REPORT]."""
    d = alg.parameterDefinition(name)
    label = d.description() if d is not None else ""
    return f"'{label}' [{name}]" if label and label != name else name


def _sink_wkb(definition):
    t = definition.dataType()
    return {SourceType.Vector: WkbType.NoGeometry,
            SourceType.VectorPoint: WkbType.Point,
            SourceType.VectorPolygon: WkbType.Polygon}.get(t, WkbType.LineString)


def check_writable(path, name="REPORT"):
    """Refuse a file output that cannot be written (checked before the
    computation, not after it): a folder, a read-only file or folder, a
    parent that is a file."""
    path = os.path.abspath(os.path.expanduser(path))
    problem = None
    if os.path.isdir(path):
        problem = tr("it is a folder")
    elif os.path.exists(path):
        if not os.access(path, os.W_OK):
            problem = tr("the file is read-only")
        else:
            try:
                with open(path, "a", encoding="utf-8"):
                    pass  # opening to append changes nothing
            except OSError as e:
                problem = e.strerror or str(e)
    else:
        parent = os.path.dirname(path)
        while parent and not os.path.exists(parent):
            up = os.path.dirname(parent)
            if up == parent:
                break
            parent = up
        if not os.path.isdir(parent):
            problem = tr("{} is not a folder").format(parent)
        elif not os.access(parent, os.W_OK | os.X_OK):
            problem = tr("the folder {} is not writable").format(parent)
        elif os.path.dirname(path) == parent:
            probe = os.path.join(parent, f".{os.path.basename(path)}.{os.getpid()}.probe")
            try:
                with open(probe, "w", encoding="utf-8"):
                    pass
                os.remove(probe)
            except OSError as e:
                problem = e.strerror or str(e)
    if problem:
        raise QgsProcessingException(tr("Cannot write {} to {}: {}. Choose another file; nothing "
                                        "was computed.").format(name, path, problem))


def check_dask(address, timeout_s=DASK_TIMEOUT_S):
    """Refuse, within ``timeout_s`` seconds, a Dask scheduler address that
    does not accept connections (tcp://host:port, host:port, tls://...)."""
    if not address:
        return
    text = address.strip()
    if text.startswith("inproc://"):
        return
    url = urlsplit(text if "://" in text else "tcp://" + text)
    try:
        host, port = url.hostname, url.port or 8786
    except ValueError as e:
        raise QgsProcessingException(tr("DASK_SCHEDULER '{}' is not an address like "
                                        "tcp://host:8786: {}").format(address, e))
    if not host:
        raise QgsProcessingException(tr("DASK_SCHEDULER '{}' is not an address like "
                                        "tcp://host:8786.").format(address))
    try:
        socket.create_connection((host, port), timeout=timeout_s).close()
    except OSError as e:
        raise QgsProcessingException(tr(
            "Cannot reach the Dask scheduler at {} ({}). Start it ('dask scheduler'), check the "
            "address and firewall, or leave DASK_SCHEDULER empty to run on local "
            "processes.").format(address, e.strerror or e))


def undefined_crs(crs):
    """True for a CRS that only says 'no CRS': GDAL's GeoPackage 'Undefined
    geographic SRS' / 'Undefined Cartesian SRS' (valid for QGIS, but without
    an authority and meaning nothing)."""
    if not crs.isValid():
        return True
    if crs.authid():
        return False
    return crs.description().strip().lower().startswith("undefined ")


def layer_crs(source):
    """The CRS of a feature source or layer; an undefined CRS (see
    undefined_crs) is returned as the invalid CRS, i.e. a missing one."""
    crs = source.sourceCrs() if hasattr(source, "sourceCrs") else source.crs()
    return QgsCoordinateReferenceSystem() if undefined_crs(crs) else crs


def check_line_layer(source, label):
    if source is None:
        raise QgsProcessingException(tr("Could not load the {} layer.").format(label))
    gtype = QgsWkbTypes.geometryType(source.wkbType())
    if gtype != GeometryType.Line:
        raise QgsProcessingException(
            tr("The {} layer must contain lines, but it has {} geometries. Choose a line "
               "layer (for polygons, run 'Polygons to lines' first).").format(
                label, QgsWkbTypes.geometryDisplayString(gtype)))


def check_tiles_layer(source):
    if source is None:
        return
    gtype = QgsWkbTypes.geometryType(source.wkbType())
    if gtype != GeometryType.Polygon:
        raise QgsProcessingException(tr(
            "The TILES layer must contain polygons (one per tile), but it has {} geometries. "
            "Leave TILES empty and set TILE_SIZE for a square grid.").format(
            QgsWkbTypes.geometryDisplayString(gtype)))


def check_per_metric(per_metric, ids, warnings):
    """Validate PARAMETERS ({metric id: {NAME: value}}): every key a metric,
    every name a parameter of it, every value of the parameter's type.
    Settings for a metric that is not run are reported in ``warnings``."""
    known = {s.id: s for s in registry.all_specs(None)}
    for m, values in per_metric.items():
        if m not in known:
            raise QgsProcessingException(tr(
                "PARAMETERS: '{}' is not a metric. Per-metric parameters go under the metric's "
                "id, e.g. {{\"apls\": {{\"VARIANT\": \"sat2graph\"}}}}; metrics: {}.").format(
                m, ", ".join(sorted(known))))
        if not isinstance(values, dict):
            raise QgsProcessingException(tr(
                "PARAMETERS: the value of '{}' must be an object of parameter names and values, "
                "e.g. {{\"{}\": {{\"{}\": ...}}}}.").format(
                m, m, known[m].all_params()[0].name))
        params = {p.name: p for p in known[m].all_params()}
        for k, v in values.items():
            if k not in params:
                raise QgsProcessingException(tr(
                    "PARAMETERS: {} has no parameter '{}'; its parameters: {}.").format(
                    m, k, ", ".join(sorted(params))))
            try:  # the same check and sentence as the single algorithm's
                params[k].check(v)
            except ValueError as e:
                raise QgsProcessingException(tr("PARAMETERS: {}: {}").format(m, error_text(e)))
        if m not in ids:
            warnings.append(msg(tr_noop("PARAMETERS has settings for {}, which is not among the "
                                        "chosen metrics: they are not used."), m))


def same_data(a, b):
    """True when two input layers are the same data (same provider and
    source, same subset, whole layers)."""
    if a is None or b is None:
        return False
    if a is b or (a.id() and a.id() == b.id()):
        return True
    if a.providerType() != b.providerType():
        return False
    fa, fb = layer_file(a), layer_file(b)
    if fa and fb:
        pa = QgsProviderRegistry.instance().decodeUri(a.providerType(), a.source())
        pb = QgsProviderRegistry.instance().decodeUri(b.providerType(), b.source())
        la = pa.get("layerName") or _first_layer(fa)
        lb = pb.get("layerName") or _first_layer(fb)
        return (os.path.realpath(fa) == os.path.realpath(fb) and la == lb
                and a.subsetString() == b.subsetString())
    return a.source() == b.source()


def _first_layer(path):
    """Name of the layer a file opens on without a layer name (OGR's first)."""
    try:
        from osgeo import ogr
        ds = ogr.Open(path)
        return ds.GetLayer(0).GetName() if ds is not None and ds.GetLayerCount() else None
    except Exception:  # no GDAL bindings, unreadable file: compare as given
        return None


def _selected_only(parameters, name):
    v = parameters.get(name)
    return isinstance(v, QgsProcessingFeatureSourceDefinition) and (
        v.selectedFeaturesOnly or v.featureLimit != -1)


def check_parameter_values(alg, parameters, context, base):
    """checkParameterValues of every algorithm: QGIS's own check
    (``base``), then the output and prediction checks, so that the dialog
    refuses them before it starts (check_run repeats them for models and
    scripts that do not call it)."""
    ok, msg = base
    if not ok:
        return ok, own_sentence(alg, parameters, context) or msg
    try:
        check_outputs(alg, parameters, context)
        _check_prediction_given(alg, parameters)
    except QgsProcessingException as e:
        return False, str(e)
    return True, ""


def own_sentence(alg, parameters, context):
    """The plugin's sentence for a number QGIS's own check refused with its
    generic "Incorrect parameter value for X": the QGIS parameter carries
    the core Param's range (the dialog's spin box), so QGIS refuses a value
    beyond it before the plugin's check (Param.check) could explain it.
    None when no number parameter is out of its range."""
    from ..core.analysis.perturb import param_specs
    params = dict(param_specs())
    spec = getattr(alg, "spec", None)
    if spec is not None:
        params.update({p.name: p for p in spec.all_params()})
    for d in alg.parameterDefinitions():
        value = parameters.get(d.name())
        if d.type() not in ("number", "distance") or value is None or \
                d.checkValueIsAcceptable(value, context):
            continue
        p = params.get(d.name())
        if p is not None:
            try:
                p.check(alg.parameterAsDouble(parameters, d.name(), context))
            except ValueError as e:
                return tr("Invalid parameters: {}").format(error_text(e))
        return tr("Invalid parameters: {} must be a number from {} to {}; got {}.").format(
            _named(alg, d.name()), f"{d.minimum():g}", f"{d.maximum():g}", value)
    return None


def _given(alg, parameters, name):
    return alg.parameterDefinition(name) is not None and parameters.get(name) not in (None, "")


def _check_prediction_given(alg, parameters):
    """Both inputs given, each as lines or (where the algorithm takes one)
    as a raster (GROUND_TRUTH_RASTER, PREDICTION_RASTER), not both ways."""
    for name, label in (("GROUND_TRUTH", tr_noop("ground truth")),
                        ("PREDICTION", tr_noop("prediction"))):
        if alg.parameterDefinition(name) is None:
            continue
        vector, raster = _given(alg, parameters, name), _given(alg, parameters, name + "_RASTER")
        if vector and raster:
            raise QgsProcessingException(tr(
                "Give the {} as lines ({}) or as a raster ({}), not both.").format(
                tr(label), name, name + "_RASTER"))
        if vector or raster:
            continue
        if alg.parameterDefinition(name + "_RASTER") is not None:
            raise QgsProcessingException(tr("Give the {} as lines ({}) or as a raster ({}).").format(
                tr(label), _named(alg, name), _named(alg, name + "_RASTER")))
        if name == "PREDICTION":
            raise QgsProcessingException(tr("Choose the prediction layer (the lines to evaluate)."))
        if alg.parameterDefinition(name).flags() & ParameterFlag.Optional:
            raise QgsProcessingException(tr("Choose the ground-truth layer (the reference lines) "
                                            "or raster."))


def check_run(alg, parameters, context, feedback, metric_params=None, fields=True,
              warnings=None):
    """Every check before any work (see the module's docstring); raises
    QgsProcessingException with a clear message.  ``metric_params``:
    {metric id: resolved parameters} to validate against the layers' fields
    (``fields=False``: the algorithm reads no attributes, so any field
    parameter is refused).  Returns ``warnings`` with the new ones added;
    all of them are logged."""
    warnings = [] if warnings is None else warnings
    check_outputs(alg, parameters, context)
    names = [d.name() for d in alg.parameterDefinitions()]
    sources = {}
    for n, label in LINE_INPUTS.items():
        if n in names and parameters.get(n) not in (None, "") and \
                alg.parameterDefinition(n).type() == "source":
            sources[n] = alg.parameterAsSource(parameters, n, context)
            check_line_layer(sources[n], tr(label))
    _check_prediction_given(alg, parameters)
    preds = []
    if "PREDICTIONS" in names:
        preds = alg.parameterAsLayerList(parameters, "PREDICTIONS", context)
        for layer in preds:
            check_line_layer(layer, tr("prediction") + f" '{layer.name()}'")
    if "TILES" in names and parameters.get("TILES") is not None:
        check_tiles_layer(alg.parameterAsSource(parameters, "TILES", context))
    gt = sources.get("GROUND_TRUTH") or sources.get("INPUT")
    gt_fields = set(gt.fields().names()) if (gt is not None and fields) else set()
    pred_sets = ([set(sources["PREDICTION"].fields().names())] if "PREDICTION" in sources else
                 [set(p.fields().names()) for p in preds])
    if not fields or not pred_sets or parameters.get("PREDICTION_RASTERS"):
        pred_sets.append(set())  # a raster's centrelines have no attributes
    for m, params in (metric_params or {}).items():
        spec = registry.get(m)
        for ps in pred_sets:
            try:
                registry.check_fields(spec, params, {"GROUND_TRUTH": gt_fields, "PREDICTION": ps})
            except ValueError as e:
                extra = "" if fields else " " + tr(
                    "(this tool reads no attributes: the perturbed copies have none)")
                raise QgsProcessingException(tr("Invalid parameters: {}").format(
                    error_text(e)) + extra)
    if "GROUND_TRUTH" in sources and "PREDICTION" in sources and not (
            _selected_only(parameters, "GROUND_TRUTH") or _selected_only(parameters, "PREDICTION")):
        a = _layer(alg, parameters, "GROUND_TRUTH", context)
        b = _layer(alg, parameters, "PREDICTION", context)
        if same_data(a, b):
            warnings.append(msg(tr_noop(
                "The ground truth and the prediction are the same data ({}): every score is "
                "perfect. Choose the prediction layer."), a.name() if a is not None else ""))
    if preds and "GROUND_TRUTH" in sources:
        a = _layer(alg, parameters, "GROUND_TRUTH", context)
        for b in preds:
            if not _selected_only(parameters, "GROUND_TRUTH") and same_data(a, b):
                warnings.append(msg(tr_noop("The ground truth and the prediction '{}' are the "
                                            "same data: its scores are perfect."), b.name()))
    if "DASK_SCHEDULER" in names:
        check_dask(alg.parameterAsString(parameters, "DASK_SCHEDULER", context))
    for w in warnings:  # English in SCORES (msg texts), translated in the log
        warn(feedback, translate(w))
    return warnings


def resolve_single(spec, values):
    """A single metric's parameters, resolved and validated by the core."""
    try:
        return spec.resolve(values)
    except (ValueError, KeyError) as e:
        raise QgsProcessingException(tr("Invalid parameters: {}").format(
            error_text(e)))


def resolve_tool(ids, params, per_metric, seed, warnings):
    """{metric id: resolved parameters} of a tool's metrics: PARAMETERS
    validated (check_per_metric), then each metric's parameters as the core
    will build them (core.analysis.evaluate.metric_params)."""
    from ..core.analysis.evaluate import metric_params
    check_per_metric(per_metric, ids, warnings)
    out = {}
    for m in ids:
        try:
            out[m] = metric_params(registry.get(m), params, seed)
        except (ValueError, KeyError) as e:
            raise QgsProcessingException(tr("Invalid parameters: {}").format(
                error_text(e)))
    return out


def field_names(metric_params):
    """The attribute names the metrics' field parameters use (to be read)."""
    out = []
    for m, params in metric_params.items():
        for p in registry.get(m).all_params():
            v = params.get(p.name) if p.kind == "field" else None
            if v and v not in out:
                out.append(v)
    return out


def ground_truth_parameter():
    """GROUND_TRUTH, optional for QGIS because the algorithms that also
    take GROUND_TRUTH_RASTER accept either (check_run asks for one).  An
    optional layer starts empty in a dialog; like a mandatory one it
    proposes the active (else the first) line layer of the project, in the
    dialog only (guiDefaultValueOverride: qgis_process and models are not
    given a layer they were not asked for)."""
    from qgis.core import QgsProcessingParameterFeatureSource
    p = QgsProcessingParameterFeatureSource(
        "GROUND_TRUTH", tr("Ground truth: lines"), [SourceType.VectorLine], None, True)
    layer = desktop_line_layer()
    if layer is not None:
        p.setGuiDefaultValueOverride(layer.id())
    return p


def desktop_line_layer():
    """The line layer a dialog proposes: the active layer of QGIS desktop
    when it is a line layer, else the first line layer of the layer tree;
    None outside the desktop (qgis_process, tests) or without one."""
    try:
        from qgis.utils import iface
    except ImportError:
        return None
    if iface is None:
        return None
    from qgis.core import QgsProject, QgsVectorLayer
    from .compat import GeometryType

    def is_line(layer):
        return isinstance(layer, QgsVectorLayer) and layer.geometryType() == GeometryType.Line
    active = iface.activeLayer()
    if is_line(active):
        return active
    tree = QgsProject.instance().layerTreeRoot()
    return next((t.layer() for t in tree.findLayers() if is_line(t.layer())), None)


def prediction_parameter():
    """PREDICTION without a default layer: QGIS fills a mandatory layer
    parameter with the active layer, i.e. the same layer as the ground
    truth; this one starts empty and check_run asks for it."""
    from qgis.core import QgsProcessingParameterFeatureSource
    return QgsProcessingParameterFeatureSource(
        "PREDICTION", tr("Prediction: lines to evaluate"), [SourceType.VectorLine],
        None, True)


def run_info(info):
    """What the tools record about the inputs in their JSON output: the
    working CRS, a reprojection and unit conversion, the input warnings."""
    out = {"working_crs": info.get("working_crs")}
    for k in CRS_RECORD_KEYS:
        if info.get(k):
            out[k] = info[k]
    if info.get("warnings"):
        out["input_warnings"] = list(info["warnings"])
    return out
