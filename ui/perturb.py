"""roadmetrics:perturb — a copy of a line layer with COUNT synthetic errors of
one type (core.analysis.perturb), for testing metrics on known errors."""
import json

from qgis.core import (QgsFeature, QgsFields, QgsGeometry,
                       QgsLineString, QgsPoint, QgsProcessingException, QgsProcessingOutputNumber,
                       QgsProcessingOutputString, QgsProcessingParameterEnum,
                       QgsProcessingParameterFeatureSink, QgsProcessingParameterFeatureSource,
                       QgsProcessingParameterNumber)

from ..core import registry
from ..core.analysis.perturb import ERROR_TYPES, perturb
from ..core.progress import Cancelled
from ..core.result import json_safe
from .checks import check_run, run_info
from .compat import make_field, NumberType, SinkFlag, SourceType, WkbType
from .i18n import tr, tr_noop
from .summary import error_text, translate
from .inputs import check_line_source, read_lines, working_crs
from .tool_common import (
    network_parameters,
    perturb_parameters,
    perturb_values,
    progress_for,
    seed_parameter,
    style_sink,
    ToolAlgorithm,
)

STYLES = {
    "OUTPUT": {"color": "#2b6cb0", "size": 0.6},
    "GROUND_TRUTH_OUTPUT": {"color": "#8a8a8a", "size": 1.2},
    "ERRORS": {"color": "#d7191c", "size": 1.4},
}

class PerturbAlgorithm(ToolAlgorithm):
    NAME = "perturb"
    DISPLAY = tr_noop("Perturb a network (synthetic errors)")
    GROUP = tr_noop("Metric analysis")
    GROUP_ID = "metric_analysis"
    HELP = tr_noop(
        "Writes a copy of a line layer with a number of synthetic errors of one type (Citraro "
        "et al., ECCV 2020, sec. 4.1): interruptions (gaps of the given length that disconnect "
        "the road), overconnections (straight spurious roads between the minimum and maximum "
        "length, joining points at least the minimum detour farther apart along the network), "
        "perturbations (junctions and dead ends displaced by half the maximum displacement to "
        "the maximum, roads following, nothing disconnected), doubled roads (a shifted copy "
        "joined at both ends), doubled roads in the ground truth (the copies go into the "
        "ground truth to compare with) and false positives far away (roads within the radius "
        "of random points removed from the ground truth to compare with). The perturbed "
        "prediction and the ground truth to compare it with hold the network's roads between "
        "junctions (attributes are not kept); the optional errors layer marks each error. "
        "Same random seed, same errors. All distances are in metres.")

    def initAlgorithm(self, config=None):
        self.addParameter(QgsProcessingParameterFeatureSource(
            "INPUT", tr("Line layer (ground truth)"), [SourceType.VectorLine]))
        self.addParameter(QgsProcessingParameterEnum(
            "ERROR_TYPE", tr("Error type"), list(ERROR_TYPES), False, 0))
        self.addParameter(QgsProcessingParameterNumber(
            "COUNT", tr("Number of errors"), NumberType.Integer, 10, False, 0, registry.MAX_COUNT))
        self.addParameter(seed_parameter())
        for p in perturb_parameters("INPUT") + network_parameters("INPUT"):
            self.addParameter(p)
        self.addParameter(QgsProcessingParameterFeatureSink(
            "OUTPUT", tr("Perturbed prediction"), SourceType.VectorLine))
        # optional (created by default in the dialog): scripts that only want the
        # perturbed prediction need not name it
        self.addParameter(QgsProcessingParameterFeatureSink(
            "GROUND_TRUTH_OUTPUT", tr("Ground truth to compare with"), SourceType.VectorLine,
            None, True, True))
        self.addParameter(QgsProcessingParameterFeatureSink(
            "ERRORS", tr("Errors"), SourceType.VectorLine, None, True, True))
        self.addOutput(QgsProcessingOutputNumber("N_ERRORS", tr("Number of errors placed")))
        self.addOutput(QgsProcessingOutputString("PARAMETERS", tr("Parameters used (JSON)")))

    def processAlgorithm(self, parameters, context, feedback):
        checked = check_run(self, parameters, context, feedback)
        src = self.parameterAsSource(parameters, "INPUT", context)
        check_line_source(src, tr("input"))
        info = {"warnings": checked}
        crs = working_crs(src, src, context, feedback, info)
        lines = read_lines(src, tr("input"), crs, context, feedback, (), (0, 10))
        if feedback.isCanceled():
            return {}
        if len(lines.parts) == 0:
            raise QgsProcessingException(tr("The input layer has no usable line."))
        etype = ERROR_TYPES[self.parameterAsEnum(parameters, "ERROR_TYPE", context)]
        count = self.parameterAsInt(parameters, "COUNT", context)
        seed = self.parameterAsInt(parameters, "SEED", context)
        try:
            res = perturb(lines, etype, count, seed, perturb_values(self, parameters, context),
                          progress_for(feedback, 0.1, 0.9))
        except Cancelled:
            feedback.reportError(tr("Cancelled."))
            return {}
        except ValueError as e:
            raise QgsProcessingException(tr("Invalid parameters: {}").format(error_text(e)))
        for w in info["warnings"] + res.warnings:
            feedback.pushInfo(translate(w))
        outputs = {"N_ERRORS": res.n_errors}
        for name, ls in (("OUTPUT", res.prediction), ("GROUND_TRUTH_OUTPUT", res.ground_truth)):
            dest = self._write(parameters, context, name, ls.parts, [("road", "int")],
                               [[i] for i in range(len(ls.parts))], crs)
            if dest is not None:
                outputs[name] = dest
        dest = self._write(parameters, context, "ERRORS", res.errors.coords, res.errors.fields,
                           list(res.errors.rows()), crs)
        if dest is not None:
            outputs["ERRORS"] = dest
        ran = run_info(info)
        ran.pop("input_warnings", None)
        outputs["PARAMETERS"] = json.dumps(json_safe(dict({
            "error_type": etype, "count": count, "seed": seed, "parameters": res.parameters,
            "warnings": info["warnings"] + res.warnings}, **ran)))
        feedback.pushInfo(tr("{} error(s) of type {} placed.").format(res.n_errors, etype))
        feedback.setProgress(100)
        return outputs

    def _write(self, parameters, context, name, lines, ftypes, rows, crs):
        if parameters.get(name) is None:
            return None
        fields = QgsFields()
        for fname, ftype in ftypes:
            fields.append(make_field(fname, ftype))
        sink, dest = self.parameterAsSink(parameters, name, context, fields, WkbType.LineString, crs)
        if sink is None:
            return None
        feats = []
        for xy, row in zip(lines, rows):
            f = QgsFeature(fields)
            f.setGeometry(QgsGeometry(QgsLineString([QgsPoint(float(x), float(y)) for x, y in xy])))
            f.setAttributes(list(row))
            feats.append(f)
        sink.addFeatures(feats, SinkFlag.FastInsert)
        del sink
        style_sink(context, dest, "LineString", STYLES[name], crs)
        return dest
