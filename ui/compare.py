"""roadmetrics:compare — several predictions (methods) against one ground
truth: scores, rankings, correlations between metrics, Equal-Sorting Ratio
and Sorting Margins (core.analysis.compare), with an HTML report."""
import json
import math

import numpy as np

from qgis.core import (QgsProcessingException, QgsProcessingOutputString,
                       QgsProcessingParameterEnum, QgsProcessingParameterFeatureSink,
                       QgsProcessingParameterFeatureSource, QgsProcessingParameterFileDestination,
                       QgsProcessingParameterMultipleLayers)

from ..core.analysis.compare import compare
from ..core.progress import Cancelled
from ..core.reports.tool_reports import compare_report
from .checks import check_run, field_names, layer_crs, resolve_tool, run_info
from .compat import SourceType
from .i18n import tr, tr_noop
from .summary import error_text, meta, network_text, source_text, translate
from .inputs import check_line_source, read_lines, working_crs
from .summary import warn
from .tool_common import (
    metric_parameters,
    metrics_parameter,
    network_parameters,
    progress_for,
    read_tiles,
    run_parameters,
    seed_parameter,
    tile_options,
    tile_parameters,
    ToolAlgorithm,
    write_report,
    write_table,
)

SCORES = ["headline", "all"]


class CompareAlgorithm(ToolAlgorithm):
    NAME = "compare"
    DISPLAY = tr_noop("Compare methods")
    GROUP = tr_noop("Metric analysis")
    GROUP_ID = "metric_analysis"
    HELP = tr_noop(
        "Scores several predictions (one layer per method) against one ground truth with "
        "every selected metric, ranks the methods by each score, and measures how "
        "consistently the metrics rank them: Pearson and Spearman correlations between "
        "scores, Equal-Sorting Ratio (share of triplets (reference, method B, method C) that "
        "two scores sort alike) and Sorting Margins (Lopez-Molina et al.). With a tile size "
        "or a polygon layer of tiles, every tile is a reference (as the cities of Citraro et "
        "al., Fig. 6 and 8) and the overall scores are aggregated (pooled or mean). "
        "<i>Scores compared</i>: one headline score per metric (F1, APLS, TLTS correct ...) or "
        "every score with a perfect value (lower-is-better scores are negated before "
        "comparing). The HTML report shows the scores and ranks, the pairwise-preference "
        "bars, the correlation and ESR matrices and the Sorting Margin distributions. All "
        "distances are in metres.")

    def initAlgorithm(self, config=None):
        specs = self.specs()
        self.addParameter(QgsProcessingParameterFeatureSource(
            "GROUND_TRUTH", tr("Ground truth (reference lines)"), [SourceType.VectorLine]))
        self.addParameter(QgsProcessingParameterMultipleLayers(
            "PREDICTIONS", tr("Predictions (one layer per method)"), SourceType.VectorLine))
        self.addParameter(metrics_parameter(specs))
        self.addParameter(QgsProcessingParameterEnum(
            "SCORES", tr("Scores compared"), SCORES, False, 0))
        self.addParameter(seed_parameter())
        tiles, tiles_advanced = tile_parameters()
        for p in tiles:
            self.addParameter(p)
        self.add_advanced(tiles_advanced + run_parameters())
        for p in network_parameters("GROUND_TRUTH"):
            self.addParameter(p)
        self.addParameter(QgsProcessingParameterFileDestination(
            "REPORT", tr("HTML report"), tr("HTML files (*.html)"), None, True, True))
        self.addParameter(QgsProcessingParameterFeatureSink(
            "SCORES_TABLE", tr("Scores per method"), SourceType.Vector, None, True, True))
        self.addParameter(QgsProcessingParameterFeatureSink(
            "RANKING", tr("Ranking of the methods"), SourceType.Vector, None, True, True))
        self.addParameter(QgsProcessingParameterFeatureSink(
            "PAIRS", tr("Consistency of metric pairs"), SourceType.Vector, None, True, True))
        self.addOutput(QgsProcessingOutputString("RESULTS", tr("Results (JSON)")))

    def processAlgorithm(self, parameters, context, feedback):
        ids = self.chosen_metrics(parameters, context)
        which = SCORES[self.parameterAsEnum(parameters, "SCORES", context)]
        params, per_metric = metric_parameters(self, parameters, context)
        seed = self.parameterAsInt(parameters, "SEED", context)
        checked = []
        resolved = resolve_tool(ids, params, per_metric, seed, checked)
        check_run(self, parameters, context, feedback, resolved, warnings=checked)
        fields = field_names(resolved)
        gt_src = self.parameterAsSource(parameters, "GROUND_TRUTH", context)
        check_line_source(gt_src, tr("ground-truth"))
        layers = self.parameterAsLayerList(parameters, "PREDICTIONS", context)
        if len(layers) < 2:
            raise QgsProcessingException(tr("Choose at least two prediction layers to compare."))
        info = {"warnings": checked}
        crs = working_crs(gt_src, gt_src, context, feedback, info)
        gt = read_lines(gt_src, tr("ground truth"), crs, context, feedback, fields, (0, 3))
        if len(gt.parts) == 0:
            raise QgsProcessingException(tr("The ground-truth layer has no usable line."))
        preds, names = [], []
        for k, layer in enumerate(layers):
            check_line_source(layer, tr("prediction"))
            name = layer.name() or tr("method {}").format(k + 1)
            base, n = name, 2
            while name in names:
                name = f"{base} ({n})"
                n += 1
            names.append(name)
            lcrs = layer_crs(layer)
            if lcrs.isValid() and crs.isValid() and lcrs != crs:
                feedback.pushInfo(tr("{}: transformed from {} to {}.").format(
                    name, lcrs.authid(), crs.authid()))
            preds.append((name, read_lines(layer, name, crs, context, feedback, fields, (3, 6),
                                           layer_crs(gt_src))))
            if feedback.isCanceled():
                return {}
        tile_size, tiles_src, aggregation, empty, margin = tile_options(self, parameters, context)
        tiles = read_tiles(tiles_src, tile_size, gt, crs, context, layer_crs(gt_src))
        try:
            comp = compare(gt, preds, ids, params, seed, tiles, aggregation, empty, margin,
                           self.parameterAsInt(parameters, "WORKERS", context),
                           self.parameterAsString(parameters, "DASK_SCHEDULER", context) or None,
                           progress_for(feedback, 0.06, 0.95), which)
        except Cancelled:
            feedback.reportError(tr("Cancelled."))
            return {}
        except (ValueError, KeyError) as e:
            raise QgsProcessingException(tr("Invalid parameters: {}").format(error_text(e)))
        for w in comp.warnings:
            warn(feedback, translate(w))
        outputs = {"RESULTS": json.dumps(dict(comp.to_dict(), **run_info(info)))}
        for _, _, key, _ in comp.keys:
            r = comp.ranking(key)
            feedback.pushInfo(f"{key}: " + " > ".join(f"{m} ({v:.4f})" for _, m, v in r))
        report = self.parameterAsFileOutput(parameters, "REPORT", context)
        if report:
            rows = {
                tr("ground truth"): f"{gt_src.sourceName()}: "
                                    f"{source_text(self, parameters, 'GROUND_TRUTH', context)} "
                                    f"({network_text(gt)})",
                tr("methods"): "; ".join(f"{n} ({network_text(p)})" for n, p in preds),
                tr("working CRS"): info.get("working_crs"),
                tr("metrics"): ", ".join(ids),
                "SCORES": which,
                "SEED": seed,
                tr("tiles"): (f"{len(tiles)} ({aggregation}, empty tiles: {empty}); "
                              f"{len(comp.references)} with ground truth" if tiles else tr("whole extent")),
            }
            if per_metric:
                rows["PARAMETERS"] = json.dumps(per_metric)
            outputs["REPORT"] = write_report(report, compare_report(
                tr("Comparison of methods"), rows, comp, tr=tr, meta=meta()))
        self._tables(parameters, context, comp, outputs)
        feedback.setProgress(100)
        return outputs

    def _tables(self, parameters, context, comp, outputs):
        rows = []
        for m, o, key, _ in comp.keys:
            ranks = {meth: r for r, meth, _ in comp.ranking(key)}
            for j, meth in enumerate(comp.methods):
                rows.append([meth, "all", m, o, key, float(comp.overall[key][j]), ranks[meth]])
                if comp.tiled:
                    for r, ref in enumerate(comp.references):
                        rows.append([meth, str(ref), m, o, key, float(comp.values[key][r, j]), None])
        dest = write_table(self, parameters, context, "SCORES_TABLE",
                           [("method", "string"), ("tile", "string"), ("metric", "string"),
                            ("score", "string"), ("key", "string"), ("value", "double"),
                            ("rank", "int")], rows)
        if dest is not None:
            outputs["SCORES_TABLE"] = dest
        rows = [[key, r, meth, v] for _, _, key, _ in comp.keys for r, meth, v in comp.ranking(key)]
        dest = write_table(self, parameters, context, "RANKING",
                           [("key", "string"), ("rank", "int"), ("method", "string"),
                            ("value", "double")], rows)
        if dest is not None:
            outputs["RANKING"] = dest
        rows = []
        for p in comp.pairs():
            sm = p["sm"]
            rows.append([p["a"], p["b"], p["pearson"], p["spearman"], p["n"], p["esr"],
                         p["triplets"], int((sm < 0).sum()),
                         float(sm.min()) if len(sm) else math.nan,
                         float(np.median(sm)) if len(sm) else math.nan])
        dest = write_table(self, parameters, context, "PAIRS",
                           [("score_a", "string"), ("score_b", "string"), ("pearson", "double"),
                            ("spearman", "double"), ("samples", "int"), ("esr", "double"),
                            ("triplets", "int"), ("missorted", "int"), ("sm_min", "double"),
                            ("sm_median", "double")], rows)
        if dest is not None:
            outputs["PAIRS"] = dest
