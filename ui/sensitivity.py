"""roadmetrics:sensitivity — every selected metric against the number of
synthetic errors of each type on the user's ground truth
(core.analysis.sensitivity), with an HTML report of small multiples."""
import json

from qgis.core import (QgsProcessingException, QgsProcessingOutputString,
                       QgsProcessingParameterEnum, QgsProcessingParameterFeatureSink,
                       QgsProcessingParameterFeatureSource, QgsProcessingParameterFileDestination,
                       QgsProcessingParameterNumber, QgsProcessingParameterString)

from ..core.analysis.perturb import ERROR_TYPES, LABELS
from ..core.analysis.sensitivity import examples, sensitivity
from ..core.progress import Cancelled
from ..core.reports.tool_reports import sensitivity_report
from .checks import check_run, resolve_tool, run_info
from .compat import NumberType, SourceType
from .i18n import tr, tr_noop
from .summary import error_text, meta, network_text, source_text, translate
from .inputs import check_line_source, read_lines, working_crs
from .summary import warn
from .tool_common import (
    metric_parameters,
    metrics_parameter,
    network_parameters,
    perturb_parameters,
    perturb_values,
    progress_for,
    run_parameters,
    seed_parameter,
    ToolAlgorithm,
    write_report,
    write_table,
)


class SensitivityAlgorithm(ToolAlgorithm):
    NAME = "sensitivity"
    DISPLAY = tr_noop("Metric sensitivity analysis")
    GROUP = tr_noop("Metric analysis")
    GROUP_ID = "metric_analysis"
    HELP = tr_noop(
        "Reproduces Citraro et al.'s synthetic benchmark (ECCV 2020, Fig. 5) on your ground "
        "truth: for each error type, each number of errors and each repetition, a perturbed "
        "copy is made (as 'Perturb a network') and every selected metric compares it with the "
        "ground truth. The report has one plot per error type (score against number of "
        "errors, one line per metric); a score that changes by less than the flat threshold "
        "between 0 and the largest number of errors is flagged as insensitive to that error "
        "type. Runs are spread over several local processes (<i>Worker processes</i>) or a "
        "Dask cluster (<i>Dask scheduler address</i>); the numbers do not depend on how they "
        "are run. The table of every run holds every score; the summary holds the change of "
        "each headline score per error type. All distances are in metres.")

    def initAlgorithm(self, config=None):
        specs = self.specs()
        self.addParameter(QgsProcessingParameterFeatureSource(
            "GROUND_TRUTH", tr("Ground truth (reference lines)"), [SourceType.VectorLine]))
        self.addParameter(QgsProcessingParameterEnum(
            "ERROR_TYPES", tr("Error types"), list(ERROR_TYPES), True,
            list(range(len(ERROR_TYPES))), True))
        self.addParameter(QgsProcessingParameterString(
            "COUNTS", tr("Numbers of errors (comma separated)"), "0, 5, 10, 20, 40"))
        self.addParameter(QgsProcessingParameterNumber(
            "REPETITIONS", tr("Repetitions (different seeds)"), NumberType.Integer,
            1, False, 1))
        self.addParameter(metrics_parameter(specs))
        self.addParameter(seed_parameter())
        for p in perturb_parameters("GROUND_TRUTH"):
            self.addParameter(p)
        self.add_advanced([
            QgsProcessingParameterNumber("FLAT_THRESHOLD", tr("Flat threshold (insensitive below)"),
                                         NumberType.Double, 0.01, False, 0.0),
        ] + run_parameters())
        for p in network_parameters("GROUND_TRUTH"):
            self.addParameter(p)
        self.addParameter(QgsProcessingParameterFileDestination(
            "REPORT", tr("HTML report"), tr("HTML files (*.html)"), None, True, True))
        self.addParameter(QgsProcessingParameterFeatureSink(
            "TABLE", tr("Scores of every run"), SourceType.Vector, None, True, True))
        self.addParameter(QgsProcessingParameterFeatureSink(
            "SUMMARY", tr("Sensitivity summary"), SourceType.Vector, None, True, True))
        self.addOutput(QgsProcessingOutputString("RESULTS", tr("Results (JSON)")))

    def processAlgorithm(self, parameters, context, feedback):
        ids = self.chosen_metrics(parameters, context)
        tchosen = self.parameterAsEnums(parameters, "ERROR_TYPES", context)
        types = [ERROR_TYPES[i] for i in tchosen] if tchosen else list(ERROR_TYPES)
        params, per_metric = metric_parameters(self, parameters, context)
        seed = self.parameterAsInt(parameters, "SEED", context)
        checked = []
        resolved = resolve_tool(ids, params, per_metric, seed, checked)
        check_run(self, parameters, context, feedback, resolved, fields=False, warnings=checked)
        src = self.parameterAsSource(parameters, "GROUND_TRUTH", context)
        check_line_source(src, tr("ground-truth"))
        info = {"warnings": checked}
        crs = working_crs(src, src, context, feedback, info)
        gt = read_lines(src, tr("ground truth"), crs, context, feedback, (), (0, 4))
        if feedback.isCanceled():
            return {}
        if len(gt.parts) == 0:
            raise QgsProcessingException(tr("The ground-truth layer has no usable line."))
        counts = self.parameterAsString(parameters, "COUNTS", context)
        reps = self.parameterAsInt(parameters, "REPETITIONS", context)
        pp = perturb_values(self, parameters, context)
        try:
            res = sensitivity(gt, types, counts, reps, ids, params, pp, seed,
                              self.parameterAsInt(parameters, "WORKERS", context),
                              self.parameterAsString(parameters, "DASK_SCHEDULER", context) or None,
                              progress_for(feedback, 0.05, 0.95),
                              self.parameterAsDouble(parameters, "FLAT_THRESHOLD", context))
        except Cancelled:
            feedback.reportError(tr("Cancelled."))
            return {}
        except (ValueError, KeyError) as e:
            raise QgsProcessingException(tr("Invalid parameters: {}").format(error_text(e)))
        for w in res.warnings:
            warn(feedback, translate(w))
        for t, m, o, k, a, b, d, flat in res.summary_rows():
            if flat:
                feedback.pushInfo(tr("{} is flat for {} (change {:.4f})").format(k, t, d))
        outputs = {"RESULTS": json.dumps(dict(res.to_dict(), **run_info(info)))}
        report = self.parameterAsFileOutput(parameters, "REPORT", context)
        if report:
            rows = {
                tr("ground truth"): f"{src.sourceName()}: "
                                    f"{source_text(self, parameters, 'GROUND_TRUTH', context)} "
                                    f"({network_text(gt)})",
                tr("working CRS"): info.get("working_crs"),
                tr("error types"): ", ".join(tr(LABELS[t]) for t in types),
                "COUNTS": ", ".join(str(c) for c in res.counts),
                "REPETITIONS": reps,
                tr("metrics"): ", ".join(ids),
                "SEED": seed,
                tr("perturbation parameters"): ", ".join(f"{k}={v}" for k, v in res.parameters.items()),
                "FLAT_THRESHOLD": res.flat_threshold,
            }
            if per_metric:
                rows["PARAMETERS"] = json.dumps(per_metric)
            text = sensitivity_report(tr("Metric sensitivity analysis"), rows, res, examples(gt, res),
                                      tr=tr, meta=meta())
            outputs["REPORT"] = write_report(report, text)
        dest = write_table(self, parameters, context, "TABLE",
                           [("error_type", "string"), ("count", "int"), ("repetition", "int"),
                            ("metric", "string"), ("score", "string"), ("key", "string"),
                            ("value", "double"), ("n_errors", "int")],
                           [list(r) for r in res.rows()])
        if dest is not None:
            outputs["TABLE"] = dest
        dest = write_table(self, parameters, context, "SUMMARY",
                           [("error_type", "string"), ("metric", "string"), ("score", "string"),
                            ("key", "string"), ("at_0", "double"), ("at_max", "double"),
                            ("delta", "double"), ("flat", "int")],
                           [list(r[:7]) + [int(r[7])] for r in res.summary_rows()])
        if dest is not None:
            outputs["SUMMARY"] = dest
        feedback.setProgress(100)
        return outputs
