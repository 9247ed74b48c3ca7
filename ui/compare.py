"""roadmetrics:compare — several predictions (methods) against one ground
truth: scores, rankings, correlations between metrics, Equal-Sorting Ratio
and Sorting Margins (core.analysis.compare), with an HTML report."""
import json
import math

import numpy as np

from qgis.core import (QgsProcessingException, QgsProcessingOutputString,
                       QgsProcessingParameterEnum, QgsProcessingParameterFeatureSink,
                       QgsProcessingParameterFileDestination,
                       QgsProcessingParameterMultipleLayers)

from ..core.analysis.bootstrap import text
from ..core.analysis.compare import compare
from ..core.progress import Cancelled
from ..core.reports.tool_reports import compare_report
from .checks import (check_run, field_names, ground_truth_parameter, layer_crs, resolve_tool,
                     run_info)
from .compat import SourceType
from .i18n import tr, tr_noop
from .summary import error_text, meta, network_text, source_text, translate
from .inputs import check_line_source, read_lines, working_crs
from .rasters import (layer_name, raster_input_parameters, raster_layer, raster_lines,
                      raster_parameters, raster_reading_parameters, raster_values, read_side,
                      unused_raster_warning)
from .summary import warn
from .tool_common import (
    ci_options,
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
    RASTER_HELP = tr_noop(
        "The ground truth can be a raster (GROUND_TRUTH_RASTER) and methods can be rasters "
        "(PREDICTION_RASTERS, e.g. the outputs of several models: 0/1 road masks, probability "
        "maps with RASTER_THRESHOLD or class maps with RASTER_CLASSES, in a projected CRS in "
        "metres), beside or instead of line layers: their centrelines are extracted first with "
        "the raster parameters (band, threshold and classes in the main panel, the extraction "
        "sizes under Advanced), the same for every raster, as the Centrelines "
        "algorithm does, and each extraction is recorded in RESULTS and the report.")

    def shortHelpString(self):
        labels = {d.name(): d.description() for d in self.parameterDefinitions()}
        from .catalogue import help_with_labels
        return super().shortHelpString() + "<p>" + help_with_labels(tr(self.RASTER_HELP),
                                                                    labels) + "</p>"

    def initAlgorithm(self, config=None):
        specs = self.specs()
        self.addParameter(ground_truth_parameter())
        self.addParameter(raster_input_parameters()[0])
        self.addParameter(QgsProcessingParameterMultipleLayers(
            "PREDICTIONS", tr("Predictions (one layer per method)"), SourceType.VectorLine,
            None, True))
        self.addParameter(QgsProcessingParameterMultipleLayers(
            "PREDICTION_RASTERS", tr("Predictions as rasters (one raster per method)"),
            SourceType.Raster, None, True))
        self.add_main(raster_reading_parameters())     # band, threshold, classes in the main panel
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
        self.add_advanced(raster_parameters())
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
        ci = ci_options(self, parameters, context)  # refused before any input is read
        params, per_metric = metric_parameters(self, parameters, context)
        seed = self.parameterAsInt(parameters, "SEED", context)
        checked = []
        resolved = resolve_tool(ids, params, per_metric, seed, checked)
        check_run(self, parameters, context, feedback, resolved, warnings=checked)
        read = self._read_inputs(parameters, context, feedback, field_names(resolved), checked)
        if read is None:
            return {}
        gt_src, gt, preds, crs, info = read
        tile_size, tiles_src, aggregation, empty, margin = tile_options(self, parameters, context)
        tiles = read_tiles(tiles_src, tile_size, gt, crs, context, layer_crs(gt_src))
        try:
            comp = compare(gt, preds, ids, params, seed, tiles, aggregation, empty, margin,
                           self.parameterAsInt(parameters, "WORKERS", context),
                           self.parameterAsString(parameters, "DASK_SCHEDULER", context) or None,
                           progress_for(feedback, 0.06, 0.95), which, **ci)
        except Cancelled:
            feedback.reportError(tr("Cancelled."))
            return {}
        except (ValueError, KeyError) as e:
            raise QgsProcessingException(tr("Invalid parameters: {}").format(error_text(e)))
        for w in comp.warnings:
            warn(feedback, translate(w))
        outputs = {"RESULTS": json.dumps(dict(comp.to_dict(), **run_info(info), **{
            k: info[k] for k in ("ground_truth_raster", "prediction_rasters") if k in info}))}
        for _, _, key, _ in comp.keys:
            r = comp.ranking(key)
            feedback.pushInfo(f"{key}: " + " > ".join(
                f"{m} ({text(v, *comp.interval(key, comp.methods.index(m)))})" for _, m, v in r))
        report = self.parameterAsFileOutput(parameters, "REPORT", context)
        if report:
            rows = self._input_rows(parameters, context, gt_src, gt, preds, info)
            rows.update({
                tr("metrics"): ", ".join(ids),
                "SCORES": which,
                "SEED": seed,
                tr("tiles"): (f"{len(tiles)} ({aggregation}, empty tiles: {empty}); "
                              f"{len(comp.references)} with ground truth" if tiles else tr("whole extent")),
            })
            if per_metric:
                rows["PARAMETERS"] = json.dumps(per_metric)
            outputs["REPORT"] = write_report(report, compare_report(
                tr("Comparison of methods"), rows, comp, tr=tr, meta=meta()))
        self._tables(parameters, context, comp, outputs)
        feedback.setProgress(100)
        return outputs

    def _read_inputs(self, parameters, context, feedback, fields, checked):
        """(ground-truth layer, its LineSet, [(method, LineSet)], working
        CRS, info) with the line layers of PREDICTIONS then the rasters of
        PREDICTION_RASTERS as methods, every raster's centrelines extracted
        (records in ``info``); None when cancelled."""
        gt_raster = raster_layer(self, parameters, "GROUND_TRUTH_RASTER", context)
        gt_src = gt_raster or self.parameterAsSource(parameters, "GROUND_TRUTH", context)
        if gt_raster is None:
            check_line_source(gt_src, tr("ground-truth"))
        layers = self.parameterAsLayerList(parameters, "PREDICTIONS", context)
        rasters = self.parameterAsLayerList(parameters, "PREDICTION_RASTERS", context)
        if len(layers) + len(rasters) < 2:
            raise QgsProcessingException(tr("Choose at least two prediction layers to compare."))
        any_raster = gt_raster is not None or bool(rasters)
        resolved = raster_values(self, parameters, context) if any_raster else None
        info = {"warnings": checked, "gt_name": layer_name(gt_src)}
        leftover = None if any_raster else unused_raster_warning(parameters)
        if leftover:   # a threshold left from an earlier raster run: ignored, said
            info["warnings"].append(leftover)
            warn(feedback, translate(leftover))
        crs = working_crs(gt_src, gt_src, context, feedback, info)
        try:
            gt = read_side(gt_src, gt_raster is not None, "ground_truth", resolved, crs, context,
                           feedback, fields, info, None, (0, 3))
        except Cancelled:
            return None
        if len(gt.parts) == 0:
            raise QgsProcessingException(tr("The ground-truth layer has no usable line."))
        preds, names = [], []
        for k, layer in enumerate(list(layers) + list(rasters)):
            name = self._method_name(layer, k, names)
            lcrs = layer_crs(layer)
            if lcrs.isValid() and crs.isValid() and lcrs != crs:
                feedback.pushInfo(tr("{}: transformed from {} to {}.").format(
                    name, lcrs.authid(), crs.authid()))
            try:
                preds.append((name, self._method_lines(layer, k >= len(layers), name, resolved,
                                                       crs, context, feedback, fields, info,
                                                       layer_crs(gt_src))))
            except Cancelled:
                return None
            if feedback.isCanceled():
                return None
        return gt_src, gt, preds, crs, info

    @staticmethod
    def _method_name(layer, k, names):
        """The layer's name, unique among the methods (appended to ``names``)."""
        name = layer.name() or tr("method {}").format(k + 1)
        base, n = name, 2
        while name in names:
            name = f"{base} ({n})"
            n += 1
        names.append(name)
        return name

    @staticmethod
    def _method_lines(layer, is_raster, name, resolved, crs, context, feedback, fields, info,
                      gt_crs):
        """One method's lines in ``crs``: a line layer, or a raster's
        centrelines (its record in ``info['prediction_rasters'][name]``; a
        raster without road gives an empty method, with a warning)."""
        if not is_raster:
            check_line_source(layer, tr("prediction"))
            return read_lines(layer, name, crs, context, feedback, fields, (3, 6), gt_crs)
        lines, rec, w = raster_lines(layer, resolved, crs, context, feedback, gt_crs, (3, 6))
        info.setdefault("prediction_rasters", {})[name] = rec
        if w is not None:
            info["warnings"].append(w)
            warn(feedback, translate(w))
        return lines

    def _input_rows(self, parameters, context, gt_src, gt, preds, info):
        """The report's rows on the inputs: the ground truth and the methods
        with their sizes, each raster's centreline extraction, the CRS."""
        raster = info.get("ground_truth_raster")
        source = gt_src.source() if raster else source_text(self, parameters, "GROUND_TRUTH",
                                                            context)
        rows = {tr("ground truth"): f"{info['gt_name']}: {source} ({network_text(gt)})"}
        extraction = tr("{} raster: centreline extraction")
        if raster:
            rows[extraction.format(tr("ground truth"))] = _record_text(raster)
        rows[tr("methods")] = "; ".join(f"{n} ({network_text(p)})" for n, p in preds)
        for name, rec in info.get("prediction_rasters", {}).items():
            rows[extraction.format(name)] = _record_text(rec)
        rows[tr("working CRS")] = info.get("working_crs")
        return rows

    def _tables(self, parameters, context, comp, outputs):
        rows = []
        for m, o, key, _ in comp.keys:
            ranks = {meth: r for r, meth, _ in comp.ranking(key)}
            for j, meth in enumerate(comp.methods):
                rows.append([meth, "all", m, o, key, float(comp.overall[key][j]), ranks[meth],
                             *comp.interval(key, j)])
                if comp.tiled:
                    for r, ref in enumerate(comp.references):
                        rows.append([meth, str(ref), m, o, key, float(comp.values[key][r, j]), None,
                                     math.nan, math.nan])
        dest = write_table(self, parameters, context, "SCORES_TABLE",
                           [("method", "string"), ("tile", "string"), ("metric", "string"),
                            ("score", "string"), ("key", "string"), ("value", "double"),
                            ("rank", "int"), ("ci_low", "double"), ("ci_high", "double")], rows)
        if dest is not None:
            outputs["SCORES_TABLE"] = dest
        rows = [[key, r, meth, v, *comp.interval(key, comp.methods.index(meth))]
                for _, _, key, _ in comp.keys for r, meth, v in comp.ranking(key)]
        dest = write_table(self, parameters, context, "RANKING",
                           [("key", "string"), ("rank", "int"), ("method", "string"),
                            ("value", "double"), ("ci_low", "double"), ("ci_high", "double")], rows)
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


def _record_text(rec):
    """A raster extraction record as the reports show it (ui/summary.py
    input_rows): every setting but the file name and the transform."""
    return ", ".join(f"{k} {v}" for k, v in rec.items()
                     if k not in ("source", "transform") and v is not None)
