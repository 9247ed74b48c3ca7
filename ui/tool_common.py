"""What the tool algorithms (evaluate, perturb, sensitivity, compare)
share: their base class (identity from class attributes), the parameters
that several of them offer (metrics, seed, run options, tiles, perturbation
and network parameters), progress bridging, per-metric JSON parameters,
report files, table sinks and styles."""
import json
import math
import os

from qgis.core import (QgsFeature, QgsFields, QgsProcessingAlgorithm, QgsProcessingException,
                       QgsProcessingParameterBoolean, QgsProcessingParameterDistance, QgsProcessingParameterEnum,
                       QgsProcessingParameterFeatureSource, QgsProcessingParameterNumber,
                       QgsProcessingParameterString)

from ..core import registry
from ..core.analysis.perturb import DEFAULTS
from ..core.analysis.perturb import param_specs as perturb_param_specs
from ..core.analysis import bootstrap
from ..core.analysis.tiles import TILE_PARAMS, check_tiling
from ..core.progress import Progress
from .catalogue import family_icon, family_icon_path, help_with_labels
from .checks import check_parameter_values
from .compat import (
    make_field,
    DistanceUnit,
    NumberType,
    ParameterFlag,
    SinkFlag,
    SourceType,
    WkbType,
)
from .i18n import tr
from .summary import error_text
from .styles import style_sink  # noqa: F401 (re-exported for the tools)

AGGREGATIONS = ["pooled", "mean"]
EMPTY = ["skip", "worst", "best"]
CI_METHODS = list(bootstrap.METHODS)


class ToolAlgorithm(QgsProcessingAlgorithm):
    """A tool: NAME and GROUP_ID as they are; DISPLAY, GROUP and HELP are
    English texts marked with tr_noop (collected for translation) and
    translated when QGIS asks for them."""

    NAME = DISPLAY = GROUP = GROUP_ID = HELP = ""

    def createInstance(self):
        return type(self)()

    def name(self):
        return self.NAME

    def displayName(self):
        return tr(self.DISPLAY)

    def group(self):
        return tr(self.GROUP)

    def groupId(self):
        return self.GROUP_ID

    def shortHelpString(self):
        labels = {d.name(): d.description() for d in self.parameterDefinitions()}
        return help_with_labels(tr(self.HELP), labels)

    def helpUrl(self):
        return registry.help_url(self.NAME)

    def tags(self):
        return registry.tags(self.NAME)

    def icon(self):
        return family_icon(self.GROUP_ID)

    def svgIconPath(self):
        return family_icon_path(self.GROUP_ID)

    def checkParameterValues(self, parameters, context):
        return check_parameter_values(self, parameters, context,
                                      super().checkParameterValues(parameters, context))

    @staticmethod
    def specs():
        """The metrics in the metric picker's stable order."""
        return registry.picker_specs()

    def add_main(self, params):
        for p in params:
            self.addParameter(p)

    def add_advanced(self, params):
        for p in params:
            p.setFlags(p.flags() | ParameterFlag.Advanced)
            self.addParameter(p)

    def chosen_metrics(self, parameters, context):
        """Ids of the metrics chosen in METRICS (all when none is)."""
        specs = self.specs()
        chosen = self.parameterAsEnums(parameters, "METRICS", context)
        return [specs[i].id for i in chosen] if chosen else [s.id for s in specs]


def metric_option(spec):
    """What the metric picker shows: 'APLS (average path length similarity)
    — path metrics'."""
    return tr("{name} — {family}").format(name=tr(spec.name), family=tr(spec.group).lower())


def metrics_parameter(specs):
    """METRICS: option i is ``specs[i]`` (registry.picker_specs(): a stable
    order, new metrics appended), shown by name and family."""
    return QgsProcessingParameterEnum("METRICS", tr("Metrics"), [metric_option(s) for s in specs],
                                      True, list(range(len(specs))), True)


def seed_parameter():
    return QgsProcessingParameterNumber("SEED", tr("Random seed"),
                                        NumberType.Integer, 0, False, 0,
                                        registry.MAX_SEED)


def run_parameters():
    """WORKERS, DASK_SCHEDULER and PARAMETERS (advanced)."""
    return [
        QgsProcessingParameterNumber("WORKERS", tr("Worker processes (0 = one per core)"),
                                     NumberType.Integer, 0, False, 0),
        QgsProcessingParameterString("DASK_SCHEDULER", tr("Dask scheduler address"), None, False, True),
        QgsProcessingParameterString("PARAMETERS", tr("Per-metric parameters (JSON)"), None, True, True),
    ]


def tile_parameters():
    """TILE_SIZE, TILES, AGGREGATION, EMPTY_TILES and the advanced MARGIN
    (evaluate-all and compare): (parameters, advanced parameters)."""
    return ([
        metres_parameter("TILE_SIZE", tr("Tile size (0 = whole extent)"), 0.0,
                         maximum=TILE_PARAMS["TILE_SIZE"].maximum),
        QgsProcessingParameterFeatureSource("TILES", tr("Tiles (polygon layer)"),
                                            [SourceType.VectorPolygon], None, True),
        QgsProcessingParameterEnum("AGGREGATION", tr("Aggregation over tiles"), AGGREGATIONS, False, 0),
        QgsProcessingParameterEnum("EMPTY_TILES", tr("Tiles without ground truth"), EMPTY, False, 0),
    ], [
        metres_parameter("MARGIN", tr("Tile margin"), 0.0, maximum=TILE_PARAMS["MARGIN"].maximum),
    ] + ci_parameters())


def ci_parameters():
    """CI_LEVEL, CI_RESAMPLES and CI_METHOD: the bootstrap intervals of the
    scores aggregated over tiles (core/analysis/bootstrap.py), seeded with SEED."""
    return [
        QgsProcessingParameterNumber("CI_LEVEL", tr("Confidence level of the intervals over tiles"),
                                     NumberType.Double, bootstrap.LEVEL, False, 0.0, 1.0),
        QgsProcessingParameterNumber("CI_RESAMPLES", tr("Bootstrap resamples (0 = no interval)"),
                                     NumberType.Integer, bootstrap.RESAMPLES, False, 0, 1_000_000),
        QgsProcessingParameterEnum("CI_METHOD", tr("Interval method"), CI_METHODS, False,
                                   CI_METHODS.index(bootstrap.METHOD)),
    ]


def ci_options(alg, parameters, context):
    """{ci_level, ci_resamples, ci_method} for evaluate_tiles / compare,
    checked by the core (a level of 0 or 1 is refused with its sentence)."""
    out = {"ci_level": alg.parameterAsDouble(parameters, "CI_LEVEL", context),
           "ci_resamples": alg.parameterAsInt(parameters, "CI_RESAMPLES", context),
           "ci_method": CI_METHODS[alg.parameterAsEnum(parameters, "CI_METHOD", context)]}
    try:
        bootstrap.check(out["ci_level"], out["ci_resamples"], out["ci_method"])
    except ValueError as e:
        raise QgsProcessingException(tr("Invalid parameters: {}").format(error_text(e)))
    return out


def tile_options(alg, parameters, context):
    """(tile size, tiles source, aggregation, empty-tile policy, margin);
    the tile size and margin checked by the core (check_tiling: NaN and
    values beyond 100 km are refused with the plugin's sentence)."""
    try:
        size, margin = check_tiling(alg.parameterAsDouble(parameters, "TILE_SIZE", context),
                                    alg.parameterAsDouble(parameters, "MARGIN", context))
    except ValueError as e:
        raise QgsProcessingException(tr("Invalid parameters: {}").format(error_text(e)))
    return (size,
            alg.parameterAsSource(parameters, "TILES", context),
            AGGREGATIONS[alg.parameterAsEnum(parameters, "AGGREGATION", context)],
            EMPTY[alg.parameterAsEnum(parameters, "EMPTY_TILES", context)],
            margin)


def write_report(path, text):
    """Write an HTML report (creating its folder); returns the path."""
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
    return path




def _metres():
    """The metre unit (ui/compat.py: Qgis.DistanceUnit on QGIS >= 3.30)."""
    return DistanceUnit.Meters


def metres_parameter(name, label, default, optional=False, minimum=0.0, maximum=None):
    """A distance in metres whatever the layers' CRS: the plugin works in
    metres (geographic layers are reprojected to UTM), so the parameter has
    no parent layer (whose CRS would make the dialog say "degrees") and
    metres as its unit.  The dialog converts other units the user picks
    (km, feet ...) to metres; scripts and models pass metres as before."""
    p = QgsProcessingParameterDistance(name, label, default, None, optional, minimum)
    if maximum is not None:
        p.setMaximum(maximum)
    p.setDefaultUnit(_metres())
    return p


def distance_param(name, label, default, parent=None, advanced=False, minimum=0.0):
    """A metres parameter (``parent`` is ignored: see metres_parameter)."""
    p = metres_parameter(name, label, default, False, minimum)
    if advanced:
        p.setFlags(p.flags() | ParameterFlag.Advanced)
    return p


def perturb_parameters(parent):
    """The perturbation parameters (shared with roadmetrics:sensitivity)."""
    out = [
        distance_param("GAP_LENGTH", tr("Gap length (interruptions)"), DEFAULTS["GAP_LENGTH"], parent),
        distance_param("MAX_SHIFT", tr("Maximum node displacement (perturbations)"),
                       DEFAULTS["MAX_SHIFT"], parent),
        distance_param("REMOVAL_RADIUS", tr("Radius of removed areas (false positives far away)"),
                       DEFAULTS["REMOVAL_RADIUS"], parent),
        distance_param("DOUBLE_SHIFT", tr("Offset of doubled roads"), DEFAULTS["DOUBLE_SHIFT"], parent, True),
        distance_param("DOUBLE_LENGTH", tr("Length of doubled roads"), DEFAULTS["DOUBLE_LENGTH"], parent, True),
        distance_param("MIN_LINK", tr("Minimum length of spurious roads (overconnections)"),
                       DEFAULTS["MIN_LINK"], parent, True),
        distance_param("MAX_LINK", tr("Maximum length of spurious roads (overconnections)"),
                       DEFAULTS["MAX_LINK"], parent, True),
    ]
    d = QgsProcessingParameterNumber("DETOUR_FACTOR", tr("Minimum detour of joined points (overconnections)"),
                                     NumberType.Double, DEFAULTS["DETOUR_FACTOR"], False, 1.0)
    d.setFlags(d.flags() | ParameterFlag.Advanced)
    out.append(d)
    # the dialog shows the ranges the core checks (core/analysis/perturb.py)
    specs = perturb_param_specs()
    for q in out:
        spec = specs.get(q.name())
        if spec is not None:
            q.setMinimum(spec.minimum)
            q.setMaximum(spec.maximum)
    return out


def perturb_values(alg, parameters, context):
    names = ["GAP_LENGTH", "MAX_SHIFT", "REMOVAL_RADIUS", "DOUBLE_SHIFT", "DOUBLE_LENGTH",
             "MIN_LINK", "MAX_LINK", "DETOUR_FACTOR", "MERGE_TOLERANCE"]
    out = {n: alg.parameterAsDouble(parameters, n, context) for n in names}
    out["NODE_CROSSINGS"] = alg.parameterAsBoolean(parameters, "NODE_CROSSINGS", context)
    return out


def network_parameters(parent):
    out = [distance_param("MERGE_TOLERANCE", tr("Vertex merge tolerance"), 0.05, parent, True),
           QgsProcessingParameterBoolean("NODE_CROSSINGS", tr("Connect lines where they cross"), False)]
    out[1].setFlags(out[1].flags() | ParameterFlag.Advanced)
    return out


def progress_for(feedback, a=0.0, b=1.0):
    from .summary import translate

    def cb(f, msg):
        feedback.setProgress(100.0 * f)
        if msg:
            feedback.setProgressText(translate(msg))
    return Progress(cb, feedback.isCanceled).sub(a, b)


def metric_parameters(alg, parameters, context):
    """PARAMETERS (JSON of per-metric parameters) plus the shared network
    parameters, as core.analysis.evaluate expects them."""
    extra = alg.parameterAsString(parameters, "PARAMETERS", context) or ""
    try:
        per_metric = json.loads(extra) if extra.strip() else {}
        if not isinstance(per_metric, dict):
            raise ValueError(tr("not an object"))
    except ValueError as e:
        raise QgsProcessingException(tr("PARAMETERS must be a JSON object like "
                                        "{{\"apls\": {{\"VARIANT\": \"sat2graph\"}}}}: {}").format(e))
    params = dict(per_metric)
    params["MERGE_TOLERANCE"] = alg.parameterAsDouble(parameters, "MERGE_TOLERANCE", context)
    params["NODE_CROSSINGS"] = alg.parameterAsBoolean(parameters, "NODE_CROSSINGS", context)
    return params, per_metric


def write_table(alg, parameters, context, name, columns, rows):
    """A feature sink without geometry: ``columns`` = [(name, 'int' |
    'double' | 'string')]; NaN written as NULL.  Returns the destination or
    None when the output is not wanted."""
    if parameters.get(name) is None:
        return None
    fields = QgsFields()
    for cname, ctype in columns:
        fields.append(make_field(cname, ctype))
    sink, dest = alg.parameterAsSink(parameters, name, context, fields, WkbType.NoGeometry)
    if sink is None:
        return None
    feats = []
    for row in rows:
        f = QgsFeature(fields)
        f.setAttributes([None if (isinstance(v, float) and math.isnan(v)) else v for v in row])
        feats.append(f)
    sink.addFeatures(feats, SinkFlag.FastInsert)
    del sink
    return dest


def read_tiles(tiles_src, size, gt, crs, context, assumed_crs=None):
    """[(tile id, polygon)] from a polygon source (in the working CRS) or a
    grid of ``size`` over the ground truth's extent; None without tiles.
    A TILES layer without a (defined) CRS is taken to be in ``assumed_crs``
    (the ground truth's own CRS, before any reprojection to UTM), as every
    layer without a CRS (docs/conventions.md)."""
    from ..core.analysis.tiles import grid_tiles
    if tiles_src is not None:
        from qgis.core import QgsCsException
        from shapely import wkb as swkb
        from .inputs import _request_in
        req, xform = _request_in(tiles_src, crs, context, assumed_crs)
        out = []
        for f in tiles_src.getFeatures(req):
            g = f.geometry()
            if g is None or g.isNull() or g.isEmpty():
                continue
            try:
                if xform is not None:
                    g.transform(xform)
            except QgsCsException:
                continue
            out.append((f.id(), swkb.loads(bytes(g.asWkb()))))
        if not out:
            raise QgsProcessingException(tr("The TILES layer has no polygon."))
        return out
    if size and size > 0:
        import numpy as np
        allp = np.concatenate(gt.parts)
        x0, y0 = allp.min(axis=0)
        x1, y1 = allp.max(axis=0)
        return grid_tiles(x0, y0, x1, y1, size)
    return None
