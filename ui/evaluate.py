"""roadmetrics:evaluate — every selected metric in one run, an HTML report,
a scores table, and optionally a tiled evaluation (grid or polygon layer)
with pooled / mean aggregation on local processes or a Dask cluster.
Metrics come from the registry: new metrics join automatically."""
import json
import math

from qgis.core import (QgsFeature, QgsFields, QgsGeometry,
                       QgsProcessingException, QgsProcessingOutputNumber, QgsProcessingParameterEnum,
                       QgsProcessingParameterBoolean,
                       QgsProcessingOutputString, QgsProcessingParameterFeatureSink,
                       QgsProcessingParameterField,
                       QgsProcessingParameterFileDestination)

from ..core import registry
from ..core.fieldnames import needs_short_names, short_field_names
from ..core.analysis.evaluate import (EvaluationFailed, evaluate, scores_document, seed_used,
                                     with_protocol)
from ..core.analysis import evaluate_pixels
from ..core.protocols import PROTOCOLS
from ..core.analysis.tiles import evaluate_tiles
from ..core.progress import Cancelled
from ..core.reports.report import evaluation_report, map_metric
from ..core.result import json_safe
from .checks import (check_run, field_names, ground_truth_parameter, layer_crs, prediction_parameter,
                     resolve_tool)
from .catalogue import help_with_labels
from .compat import FieldDataType, make_field, SinkFlag, SourceType, WkbType
from .i18n import tr, tr_noop
from .rasters import (RASTER_INPUTS, raster_grid, raster_help, raster_input_parameters,
                      raster_layer, raster_parameters, raster_values, read_inputs)
from .summary import warn
from .summary import error_text, evaluation_summary, input_rows, interval_summary, meta, translate
from .tool_common import (
    ci_options,
    metric_parameters,
    metrics_parameter,
    network_parameters,
    progress_for,
    read_tiles,
    run_parameters,
    seed_parameter,
    style_sink,
    tile_options,
    tile_parameters,
    ToolAlgorithm,
    write_report,
    write_table,
)


class EvaluateAlgorithm(ToolAlgorithm):
    NAME = "evaluate"
    DISPLAY = tr_noop("Evaluate all metrics")
    GROUP = tr_noop("Reports")
    GROUP_ID = "reports"
    HELP = tr_noop(
        "Runs every selected metric on the two layers and writes a self-contained HTML "
        "report (scores by family with their meaning, charts, per-class table, map of "
        "matched and unmatched parts, warnings) and a table of all scores. With a tile size "
        "or a polygon layer of tiles, each tile is evaluated on the networks clipped to it "
        "and the scores are aggregated: pooled (sum the counts / path statistics, then the "
        "ratios) or mean (mean of tile scores); <i>Tiles without ground truth</i> says what "
        "such tiles count as. Tiles run on several local processes (<i>Worker processes</i>) "
        "or on a Dask cluster (<i>Dask scheduler address</i>); without tiles the metrics "
        "themselves run on the worker processes, heaviest first. <i>Per-metric parameters "
        "(JSON)</i>: optional, e.g. {\"apls\": {\"VARIANT\": \"sat2graph\"}}. <i>Benchmark "
        "protocol</i>: APLS and TOPO as published tables compute them (Sat2Graph / SAM-Road "
        "City-Scale, SAM-Road SpaceNet, SpaceNet), each metric's own definition beside in the "
        "report; whole extent only. <i>Pixel metrics when both inputs are rasters</i>: with a "
        "raster ground truth and a raster prediction on one grid (same size, geotransform and "
        "CRS), the pixel metrics (IoU, distances, clDice, boundary F) also score the two "
        "rasters pixel by pixel, road pixels as RASTER_THRESHOLD / RASTER_CLASSES say (a "
        "metric's own GT_THRESHOLD / PRED_THRESHOLD under its id in the per-metric parameters "
        "win); on different grids or with tiles they are left out with a warning. All "
        "distances are in metres.")

    def shortHelpString(self):
        labels = {d.name(): d.description() for d in self.parameterDefinitions()}
        return (super().shortHelpString() + "<p>" + help_with_labels(raster_help(), labels) +
                "</p>")

    def initAlgorithm(self, config=None):
        specs = self.specs()
        self.addParameter(ground_truth_parameter())
        self.addParameter(prediction_parameter())
        for p in raster_input_parameters():
            self.addParameter(p)
        self.addParameter(metrics_parameter(specs))
        self.addParameter(QgsProcessingParameterBoolean(
            "PIXEL_METRICS", tr("Pixel metrics when both inputs are rasters on one grid"), True,
            True))
        self.addParameter(QgsProcessingParameterField(
            "CLASS_FIELD", tr("Class field (scores per class)"), None, "GROUND_TRUTH",
            FieldDataType.Any, False, True))
        self.addParameter(seed_parameter())
        self.addParameter(QgsProcessingParameterEnum(
            "PROTOCOL", tr("Benchmark protocol (APLS, TOPO)"),
            [tr("none (each metric's own definition)")] + list(PROTOCOLS), False, 0, True))
        tiles, tiles_advanced = tile_parameters()
        for p in tiles:
            self.addParameter(p)
        self.add_advanced(tiles_advanced + run_parameters() + network_parameters("GROUND_TRUTH") +
                          raster_parameters())
        self.addParameter(QgsProcessingParameterFileDestination(
            "REPORT", tr("HTML report"), tr("HTML files (*.html)"), None, True, True))
        self.addParameter(QgsProcessingParameterFeatureSink(
            "SCORES_TABLE", tr("Scores table"), SourceType.Vector, None, True, True))
        self.addParameter(QgsProcessingParameterFeatureSink(
            "TILE_SCORES", tr("Scores per tile"), SourceType.VectorPolygon, None, True, False))
        for s in specs + registry.all_specs("masks"):
            for o in s.outputs:
                self.addOutput(QgsProcessingOutputNumber(s.output_key(o.name),
                                                         f"{s.id}: {tr(o.label)}"))
        self.addOutput(QgsProcessingOutputString("SCORES", tr("Scores (JSON)")))

    def processAlgorithm(self, parameters, context, feedback):
        ids = self.chosen_metrics(parameters, context)
        pixel_ids = self._pixel_ids(parameters, context)
        class_field = self.parameterAsString(parameters, "CLASS_FIELD", context) or None
        params, per_metric = metric_parameters(self, parameters, context)
        if class_field:
            params["CLASS_FIELD"] = class_field
        seed = self.parameterAsInt(parameters, "SEED", context)
        ci_options(self, parameters, context)  # refused before any input is read
        protocol = self._protocol(parameters, context, ids, per_metric)
        checked = []
        resolved = resolve_tool(ids + pixel_ids, params, per_metric, seed, checked)
        check_run(self, parameters, context, feedback, resolved, warnings=checked)
        gt, pred, crs, info = read_inputs(self, parameters, context, feedback,
                                          field_names(resolved))
        if gt is None:
            return {}
        info["warnings"][:0] = checked
        pixels = self._pixels(parameters, context, feedback, pixel_ids, params, info)
        run = self._run(parameters, context, feedback, gt, pred, crs, ids, params, seed, protocol,
                        pixels)
        if run is None:
            return {}
        ev, tiled, numbers, aggregation, empty = run
        order = ev.order if ev is not None else ids
        outputs = {k: numbers.get(k, math.nan) for s in self.specs() + registry.all_specs("masks")
                   for k in [s.output_key(o.name) for o in s.outputs]}
        scores = scores_document(order, info, numbers, ev, tiled, aggregation, empty)
        outputs["SCORES"] = json.dumps(json_safe(scores))
        self._summary(feedback, order, scores, ev, tiled)
        report = self.parameterAsFileOutput(parameters, "REPORT", context)
        if report:
            info_rows = input_rows(self, parameters, context, info, gt, pred)
            info_rows.update(self._run_rows(order, seed, class_field, tiled, aggregation, empty,
                                            params, per_metric))
            if protocol:
                info_rows[tr("protocol")] = protocol
            text = evaluation_report(tr("Road network evaluation"), info_rows, ev, tiled,
                                     gt.parts, pred.parts, tr=tr, meta=meta(),
                                     class_field=class_field, input_warnings=info["warnings"],
                                     pixel_note=(info.get("pixel_metrics") or {}).get("skipped"))
            outputs["REPORT"] = write_report(report, text)
        self._scores_table(parameters, context, order, numbers, outputs, tiled)
        self._tile_scores(parameters, context, order, tiled, gt, crs, outputs, numbers, feedback)
        feedback.setProgress(100)
        return outputs

    def _pixel_ids(self, parameters, context):
        """The pixel metrics of this run: all of them when PIXEL_METRICS is
        on and both inputs are rasters, else none."""
        on = "PIXEL_METRICS" not in parameters or \
            self.parameterAsBoolean(parameters, "PIXEL_METRICS", context)
        both = all(parameters.get(n) not in (None, "") for n in RASTER_INPUTS.values())
        return evaluate_pixels.pixel_ids() if on and both else []

    def _pixels(self, parameters, context, feedback, ids, params, info):
        """The pixel metrics' run (core/analysis/evaluate_pixels.py): the two
        rasters read whole when they are on one grid and the run has no
        tiles, else None with a warning saying why (recorded in SCORES
        ``pixel_metrics``)."""
        if not ids:
            return None
        from ..core.metrics.pixel.masks import Rasters
        from .pixel_algorithm import read_band
        raster = raster_values(self, parameters, context)
        layers = [raster_layer(self, parameters, n, context) for n in RASTER_INPUTS.values()]
        grids = [raster_grid(layer, raster["RASTER_BAND"]) for layer in layers]
        tile_size, tiles_src, *_ = tile_options(self, parameters, context)
        skipped = evaluate_pixels.skip_reason(
            tiles_src is not None or tile_size > 0,
            evaluate_pixels.grid_problem(*grids[0], *grids[1], layers[0].crs() == layers[1].crs()))
        if skipped:
            info["warnings"].append(skipped)
            warn(feedback, translate(skipped))
            info["pixel_metrics"] = evaluate_pixels.record(ids, None, raster, skipped)
            return None
        (ga, gtr, gnd), (pa, _, pnd) = (read_band(layer, raster["RASTER_BAND"])
                                        for layer in layers)
        try:
            rasters = Rasters(ga, pa, gtr, gnd, pnd)
        except ValueError as e:
            raise QgsProcessingException(error_text(e))
        info["pixel_metrics"] = evaluate_pixels.record(ids, rasters, raster)
        return evaluate_pixels.PixelRun(
            rasters, ids, raster, maps=bool(self.parameterAsFileOutput(parameters, "REPORT",
                                                                       context)))

    def _protocol(self, parameters, context, ids, per_metric):
        """The protocol chosen (None: none), its settings put into
        ``per_metric``; the same refusals as the library's."""
        k = self.parameterAsEnum(parameters, "PROTOCOL", context) if "PROTOCOL" in parameters else 0
        if not k:
            return None
        name = list(PROTOCOLS)[k - 1]
        tile_size, tiles_src, *_ = tile_options(self, parameters, context)
        try:
            per_metric.update({m: v for m, v in with_protocol(
                ids, per_metric, name, tiles_src is not None or tile_size > 0).items()
                if isinstance(v, dict)})
        except ValueError as e:
            raise QgsProcessingException(error_text(e))
        return name

    def _run(self, parameters, context, feedback, gt, pred, crs, ids, params, seed, protocol=None,
             pixels=None):
        """Evaluate the whole extent or tile by tile: (EvaluationResult or None,
        TiledResult or None, numbers, aggregation, empty-tile policy), or None
        when cancelled."""
        tile_size, tiles_src, aggregation, empty, margin = tile_options(self, parameters, context)
        ci = ci_options(self, parameters, context)
        progress = progress_for(feedback, 0.08, 0.92)
        workers = self.parameterAsInt(parameters, "WORKERS", context)
        try:
            if tiles_src is not None or tile_size > 0:
                gt_crs = layer_crs(self.parameterAsSource(parameters, "GROUND_TRUTH", context) or
                                   self.parameterAsRasterLayer(parameters, "GROUND_TRUTH_RASTER",
                                                               context))
                tiles = read_tiles(tiles_src, tile_size, gt, crs, context, gt_crs)
                feedback.pushInfo(tr("{} tile(s), aggregation {}, empty tiles: {}").format(
                    len(tiles), aggregation, empty))
                tiled = evaluate_tiles(
                    gt, pred, tiles, ids, params, seed, aggregation, empty, margin, workers,
                    self.parameterAsString(parameters, "DASK_SCHEDULER", context) or None, progress,
                    **ci)
                for w in tiled.warnings:
                    warn(feedback, translate(w))
                return None, tiled, tiled.numbers(), aggregation, empty
            # only the report's map shows layers (one metric's): the other
            # metrics skip the work their layers alone need
            shown = map_metric(ids) if self.parameterAsFileOutput(parameters, "REPORT", context) \
                else None
            ev = evaluate(gt, pred, ids, params, seed, progress, workers=workers, strict=True,
                          diagnostics=[shown] if shown else False, protocol=protocol,
                          pixels=pixels)
            for w in ev.warnings():
                warn(feedback, translate(w))
            return ev, None, ev.numbers(), aggregation, empty
        except Cancelled:
            feedback.reportError(tr("Cancelled."))
            return None
        except EvaluationFailed as e:  # every metric failed: not a success with only NaN
            raise QgsProcessingException(tr("The evaluation failed: {}").format(error_text(e)))
        except (ValueError, KeyError) as e:
            raise QgsProcessingException(tr("Invalid parameters: {}").format(error_text(e)))

    @staticmethod
    def _summary(feedback, ids, scores, ev, tiled):
        """The short summary in the log (ui/summary.py)."""
        if tiled is not None:
            getscore = lambda m, n: tiled.aggregate.get(m, {}).get(n, math.nan)  # noqa: E731
        else:
            getscore = lambda m, n: (ev.results[m].scores.get(n, math.nan)  # noqa: E731
                                     if m in ev.results else math.nan)
        evaluation_summary(feedback, ids, getscore, scores["warnings"] + (
            ev.warnings() if ev is not None else []), ev.errors if ev is not None else None)
        if tiled is not None and tiled.intervals:
            interval_summary(feedback, ids, tiled)

    @staticmethod
    def _run_rows(ids, seed, class_field, tiled, aggregation, empty, params, per_metric):
        """The report's rows describing this run (metrics, seed, tiles,
        network parameters)."""
        rows = {
            tr("metrics"): ", ".join(ids),
            "SEED": seed_used(ids, params, seed),
            "CLASS_FIELD": class_field or "",
            tr("tiles"): (tr("{} ({}, tiles without ground truth: {})").format(
                len(tiled.tiles), tr(aggregation), tr(empty))
                if tiled is not None else tr("whole extent")),
        }
        for k in ("MERGE_TOLERANCE", "NODE_CROSSINGS"):
            rows[k] = params.get(k)
        if per_metric:
            rows["PARAMETERS"] = json.dumps(per_metric)
        return rows

    def _scores_table(self, parameters, context, ids, numbers, outputs, tiled=None):
        """One row per score: its value and, over tiles, its interval's bounds."""
        rows = []
        for m in ids:
            spec = registry.get(m)
            for o in spec.outputs:
                key = spec.output_key(o.name)
                bounds = tiled.interval(m, o.name) if tiled is not None else (math.nan, math.nan)
                rows.append([m, o.name, key, numbers.get(key, math.nan), *bounds, o.help])
        dest = write_table(self, parameters, context, "SCORES_TABLE",
                           [("metric", "string"), ("score", "string"), ("key", "string"),
                            ("value", "double"), ("ci_low", "double"), ("ci_high", "double"),
                            ("meaning", "string")], rows)
        if dest is not None:
            outputs["SCORES_TABLE"] = dest

    def _tile_scores(self, parameters, context, ids, tiled, gt, crs, outputs, numbers, feedback):
        if parameters.get("TILE_SCORES") is None:
            return
        keys = [(m, o.name, registry.get(m).output_key(o.name)) for m in ids for o in registry.get(m).outputs]
        fields = QgsFields()
        base = (("tile_id", "string"), ("empty", "int"), ("gt_parts", "int"),
                ("pred_parts", "int"), ("error", "string"))
        for n, t in base:
            fields.append(make_field(n, t))
        names = [k.lower() for _, _, k in keys]
        aliases = {}
        if needs_short_names(self.parameterAsOutputLayer(parameters, "TILE_SCORES", context)):
            # a shapefile cuts names to 10 characters: name the fields ourselves
            # and keep the full names as aliases (core/fieldnames.py)
            short = short_field_names(names, taken=tuple(n for n, _ in base))
            aliases = {s: k for s, (_, _, k) in zip(short, keys) if s != k.lower()}
            if aliases:
                feedback.pushInfo(tr("TILE_SCORES is a shapefile (field names of at most 10 "
                                     "characters): {}").format(
                    ", ".join(f"{s} = {k}" for s, k in aliases.items())))
            names = short
        for n in names:
            fields.append(make_field(n, "double"))
        sink, dest = self.parameterAsSink(parameters, "TILE_SCORES", context, fields,
                                          WkbType.Polygon, crs)
        if sink is None:
            return
        rows = []
        if tiled is not None:
            for t in tiled.tiles:
                vals = [t.scores(m).get(n, math.nan) if t.metrics else math.nan for m, n, _ in keys]
                rows.append((str(t.tile_id), t.polygon, int(t.empty), t.n_gt_parts, t.n_pred_parts,
                             t.error, vals))
        else:
            import numpy as np
            allp = np.concatenate(gt.parts)
            x0, y0 = allp.min(axis=0)
            x1, y1 = allp.max(axis=0)
            rows.append(("all", (x0, y0, x1, y1), 0, len(gt.parts), None, None,
                         [numbers.get(k, math.nan) for _, _, k in keys]))
        for tid, poly, empty, ng, np_, err, vals in rows:
            f = QgsFeature(fields)
            f.setGeometry(_polygon_geometry(poly))
            f.setAttributes([tid, empty, ng, np_, err.splitlines()[0] if err else None] +
                            [None if (v is None or math.isnan(v)) else float(v) for v in vals])
            sink.addFeature(f, SinkFlag.FastInsert)
        del sink
        # translucent: the networks stay visible under the tiles; the legend
        # names the score the colours show
        breaks = [0, 0.4, 0.6, 0.8, 1.0]
        style = {"graduated": names[0] if keys else None, "aliases": aliases,
                 "ramp": ["#d7191c", "#fdae61", "#a6d96a", "#1a9641"], "breaks": breaks,
                 "labels": [f"{keys[0][2] if keys else ''} {a:g} - {b:g}"
                            for a, b in zip(breaks[:-1], breaks[1:])],
                 "color": "#cccccc", "opacity": 0.35}
        style_sink(context, dest, "Polygon", style, crs)
        outputs["TILE_SCORES"] = dest


def _polygon_geometry(poly):
    if isinstance(poly, tuple) and len(poly) == 4:
        from qgis.core import QgsRectangle
        return QgsGeometry.fromRect(QgsRectangle(*poly))
    return QgsGeometry.fromWkt(poly.wkt)
