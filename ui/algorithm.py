"""The one base algorithm of the plugin.  Parameters, outputs, sinks and help
of each algorithm are generated from its registry entry (core/registry.py):
adding a metric needs no code here.

processAlgorithm: read and validate both layers (ui/inputs.py), collect the
parameter values, call the core with progress and cancel bridged, write the
sinks (styled on load, .qml sidecars for files) and return the numbers and
the SCORES JSON string.
"""
import math

from qgis.core import (QgsFeature, QgsFields, QgsGeometry,
                       QgsLineString, QgsPoint, QgsProcessingAlgorithm,
                       QgsProcessingException, QgsProcessingOutputNumber,
                       QgsProcessingOutputString, QgsProcessingParameterFeatureSink)

from ..core import registry
from ..core.runner import run_metric, with_inputs
from ..core.parallel import cores_for_run
from ..core.progress import Cancelled, Progress
from .catalogue import family_icon, family_icon_path, help_with_labels, html_label, sink_label
from .checks import (
    check_parameter_values,
    check_run,
    field_names,
    ground_truth_parameter,
    prediction_parameter,
    resolve_single,
)
from .compat import (
    make_field,
    max_threads,
    SinkFlag,
    SourceType,
    WkbType,
)
from .i18n import tr
from .rasters import (centreline_sinks, raster_help, raster_input_parameters, raster_parameters,
                      read_inputs, scored_centrelines)
from .summary import warn
from .styles import style_sink
from .summary import (
    HTML_OUTPUT,
    error_text,
    html_parameter,
    input_rows,
    metric_html,
    metric_summary,
    translate,
)
from .qgsparams import parameter_value, qgis_parameter
from .tool_common import write_report



def algorithm_class(spec):
    """A QgsProcessingAlgorithm subclass for one registry entry."""
    name = "".join(w.capitalize() for w in spec.id.split("_")) + "Algorithm"
    return type(name, (MetricAlgorithm,), {"spec": spec})


class MetricAlgorithm(QgsProcessingAlgorithm):
    spec = None  # set by algorithm_class

    # -- identity -----------------------------------------------------------
    def createInstance(self):
        return type(self)()

    def name(self):
        return self.spec.id

    def displayName(self):
        return tr(self.spec.name)

    def group(self):
        return tr(self.spec.group)

    def groupId(self):
        return self.spec.group.lower().replace(" ", "_")

    def shortHelpString(self):
        labels = {p.name: tr(p.label) for p in self.spec.all_params()}
        labels.update({s.name: sink_label(self.spec, s) for s in self.spec.sinks})
        lines = self._help_intro(labels)
        if self.spec.reference:
            lines.append(tr("Reference: {}").format(self.spec.reference))
        lines.append("<h3>" + tr("Parameters") + "</h3><ul>")
        for p in self.spec.all_params():
            d = f"<code>{p.name}</code>"
            if p.default is not None:
                d += f", {tr('default')} {p.default}" + (f" {p.unit}" if p.unit else "")
            lines.append(f"<li><b>{labels[p.name]}</b> ({d}): "
                         f"{help_with_labels(tr(p.help), labels)}</li>")
        lines.append("</ul>" + self._help_after_parameters())
        lines.append("<h3>" + tr("Outputs") + "</h3><ul>")
        for o in self.spec.outputs:
            lines.append(f"<li><b>{o.name}</b>: {help_with_labels(tr(o.help), labels)}</li>")
        lines.append("<li><b>SCORES</b>: " + tr("JSON with every score, the parameters used, "
                                                "counts and warnings.") + "</li>")
        for s in self.spec.sinks:
            lines.append(f"<li><b>{sink_label(self.spec, s)}</b> (<code>{s.name}</code>): "
                         f"{help_with_labels(tr(s.help), labels)}</li>")
        for m in self.spec.maps:                 # mask metrics: raster outputs
            lines.append(f"<li><b>{tr(m.label)}</b> (<code>{m.name}</code>): "
                         f"{help_with_labels(tr(m.help), labels)}</li>")
        lines.append("</ul>")
        return "\n".join(lines)

    def _help_intro(self, labels):
        """The help's first paragraphs: the metric's description."""
        return [help_with_labels(tr(self.spec.help), labels)]

    def _help_after_parameters(self):
        """HTML after the parameter list: the raster inputs' rules."""
        raster_labels = {d.name(): d.description() for d in self.parameterDefinitions()}
        return "<p>" + help_with_labels(raster_help() + " " + tr(
            "The centrelines a raster input gave, as they were scored, can be written too "
            "(GROUND_TRUTH_CENTRELINES, PREDICTION_CENTRELINES: off by default), styled as the "
            "Centrelines algorithm's output."), raster_labels) + "</p>"

    def helpUrl(self):
        return registry.help_url(self.spec.id)

    def tags(self):
        return registry.tags(self.spec.id)

    def icon(self):
        return family_icon(self.groupId())

    def svgIconPath(self):
        return family_icon_path(self.groupId())

    def checkParameterValues(self, parameters, context):
        return check_parameter_values(self, parameters, context,
                                      super().checkParameterValues(parameters, context))

    # -- parameters ---------------------------------------------------------
    def initAlgorithm(self, config=None):
        gt_raster, pred_raster, *reading = raster_input_parameters()
        for qp in [ground_truth_parameter(), gt_raster, prediction_parameter(), pred_raster]:
            self.addParameter(qp)          # each input as lines or, right under, as a raster
        for qp in reading:                 # band, threshold, classes: main panel
            self.addParameter(qp)
        for p in self.spec.all_params():
            self.addParameter(qgis_parameter(p))
        for qp in raster_parameters():
            self.addParameter(qp)
        for s in self.spec.sinks:
            t = {"Point": SourceType.VectorPoint, "None": SourceType.Vector}.get(
                s.geometry, SourceType.VectorLine)
            self.addParameter(QgsProcessingParameterFeatureSink(
                s.name, sink_label(self.spec, s), t, optional=True, createByDefault=True))
        for o in self.spec.outputs:
            self.addOutput(QgsProcessingOutputNumber(o.name, tr(o.label)))
        self.addOutput(QgsProcessingOutputString("SCORES", tr("Scores (JSON)")))
        for qp in centreline_sinks(registry.short_name(tr(self.spec.name))):
            self.addParameter(qp)           # off by default: the centrelines a raster gave
        self.addParameter(html_parameter(label=html_label(self.spec)))

    def _values(self, parameters, context):
        return {p.name: parameter_value(self, p, parameters, context)
                for p in self.spec.all_params()}

    # -- run ----------------------------------------------------------------
    def processAlgorithm(self, parameters, context, feedback):
        values = self._values(parameters, context)
        resolved = {self.spec.id: resolve_single(self.spec, values)}
        checked = check_run(self, parameters, context, feedback, resolved)
        gt, pred, crs, info = read_inputs(self, parameters, context, feedback,
                                          field_names(resolved))
        if gt is None:
            return {}
        info["warnings"][:0] = checked
        progress = Progress(lambda f, msg: self._progress(feedback, f, msg), feedback.isCanceled)
        try:
            # the cores the metric may use: QGIS's thread setting (core/parallel.py)
            with cores_for_run(max_threads(context)):
                result = run_metric(self.spec, gt, pred, resolved[self.spec.id],
                                    progress.sub(0.08, 0.95))
        except Cancelled:
            feedback.reportError(tr("Cancelled."))
            return {}
        except (ValueError, KeyError) as e:
            raise QgsProcessingException(tr("Invalid parameters: {}").format(error_text(e)))
        with_inputs(result, info, gt, pred)
        for w in result.warnings[len(info["warnings"]):]:
            self._warn(feedback, translate(w))
        outputs = {}
        for s in self.spec.sinks:
            table = result.layers.get(s.name)
            dest = self._write_sink(parameters, context, s, table, crs)
            if dest is not None:
                outputs[s.name] = dest
        outputs.update(scored_centrelines(self, parameters, context, feedback, info,
                                          {"GROUND_TRUTH": gt, "PREDICTION": pred}, crs))
        for o in self.spec.outputs:
            v = result.scores.get(o.name, math.nan)
            outputs[o.name] = float(v) if v is not None else math.nan
        outputs["SCORES"] = result.to_json()
        metric_summary(feedback, self.spec, result, gt, pred)
        html = self.parameterAsFileOutput(parameters, HTML_OUTPUT, context)
        if html:
            rows = input_rows(self, parameters, context, info, gt, pred)
            rows.update({p.name: values[p.name] for p in self.spec.all_params()
                         if values.get(p.name) is not None})
            outputs[HTML_OUTPUT] = write_report(
                html, metric_html(self.spec, result, rows, gt, pred, values.get("CLASS_FIELD")))
        feedback.setProgress(100)
        return outputs

    @staticmethod
    def _progress(feedback, f, msg):
        feedback.setProgress(100.0 * f)
        if msg:
            feedback.setProgressText(translate(msg))

    @staticmethod
    def _warn(feedback, msg):
        warn(feedback, msg)

    def _write_sink(self, parameters, context, s, table, crs):
        if parameters.get(s.name) is None:
            return None
        fields = QgsFields()
        tfields = table.fields if table is not None else []
        for fname, ftype in tfields:
            fields.append(make_field(fname, ftype))
        wkb = {"Point": WkbType.Point, "None": WkbType.NoGeometry}.get(
            s.geometry, WkbType.LineString)
        sink, dest = self.parameterAsSink(parameters, s.name, context, fields, wkb, crs)
        if sink is None:
            return None
        if table is not None:
            feats = []
            for xy, row in zip(table.coords, table.rows()):
                f = QgsFeature(fields)
                if s.geometry == "None":
                    pass
                elif s.geometry == "Point":
                    f.setGeometry(QgsGeometry(QgsPoint(float(xy[0]), float(xy[1]))))
                else:
                    f.setGeometry(QgsGeometry(QgsLineString([QgsPoint(float(x), float(y)) for x, y in xy])))
                f.setAttributes(row)
                feats.append(f)
            sink.addFeatures(feats, SinkFlag.FastInsert)
        del sink
        if s.geometry == "None":
            return dest
        style_sink(context, dest, s.geometry, s.style, crs)
        return dest
