"""What every algorithm tells the user when it ends: a short summary in the
log (headline scores, counts, warnings) and an optional HTML page (shown in
QGIS's Results Viewer), both generated from the metric registry, so a new
metric needs nothing here."""
import math

from qgis.core import Qgis, QgsDataSourceUri, QgsProcessingParameterFileDestination

from ..core import registry
from ..core.analysis.evaluate import Evaluation
from ..core.reports.report import evaluation_report, human, summary_lines
from ..core.text import translate as _translate
from .i18n import tr

HTML_OUTPUT = "OUTPUT_HTML"


def translate(text):
    """A core text (plain or built by core.text.msg) in the user's language."""
    return _translate(text, tr)


def html_parameter(name=HTML_OUTPUT, label=None):
    """An optional .html destination, written to a temporary file unless the
    user skips it; QGIS lists the page in the Results Viewer."""
    return QgsProcessingParameterFileDestination(
        name, label or tr("Summary (HTML)"), tr("HTML files (*.html)"), None, True, True)


def qgis_version():
    v = Qgis.version() if hasattr(Qgis, "version") else getattr(Qgis, "QGIS_VERSION", "")
    return str(v)


def meta():
    """Traceability shown under a report's title."""
    return {"QGIS": qgis_version()}


def source_text(alg, parameters, name, context):
    """Where an input comes from: the layer's source (file path, database
    table...) without any password, or the parameter value as given."""
    try:
        layer = alg.parameterAsVectorLayer(parameters, name, context)
    except Exception:  # noqa: BLE001 - a feature-source definition, ...
        layer = None
    if layer is not None:
        src = layer.source()
        try:
            src = QgsDataSourceUri.removePassword(src)
        except (AttributeError, TypeError):
            pass
        return src
    value = parameters.get(name)
    return str(getattr(value, "source", value))


def network_text(ls):
    """'727 line parts, 21.26 km'."""
    return tr("{} line parts, {}").format(human(len(ls.parts), "count", tr),
                                          human(ls.total_length(), "m", tr))


def input_rows(alg, parameters, context, info, gt, pred):
    """{label: text} of both inputs and the working CRS; a raster input
    names its file and the extraction's parameters."""
    rows = {}
    for key, name, label, ls in (("gt", "GROUND_TRUTH", tr("ground truth"), gt),
                                 ("pred", "PREDICTION", tr("prediction"), pred)):
        raster = info.get(("ground_truth" if key == "gt" else "prediction") + "_raster")
        source = source_text(alg, parameters, name + ("_RASTER" if raster else ""), context)
        rows[label] = f"{info.get(key + '_name')}: {source} ({network_text(ls)})"
        if raster:
            rows[tr("{} raster: centreline extraction").format(label)] = record_text(raster)
    rows[tr("working CRS")] = info.get("working_crs") or ""
    return rows


def record_text(rec):
    """A raster extraction record as the reports show it: every setting but
    the file name and the transform, none left empty (no Python 'None': a
    band read without threshold or classes says it is read as a mask)."""
    parts = []
    for k, v in rec.items():
        if k in ("source", "transform") or v is None:
            continue
        if isinstance(v, (list, tuple)):
            v = " x ".join(f"{x:g}" if isinstance(x, float) else str(x) for x in v) \
                if k in ("shape",) else ", ".join(f"{x:g}" if isinstance(x, float) else str(x)
                                                  for x in v)
        parts.append(f"{k} {v}")
    if rec.get("threshold") is None and rec.get("classes") is None:
        parts.append(tr("read as a 0/1 mask") if rec.get("road_value") is None else
                     tr("read as a 0/{} mask").format(f"{rec['road_value']:g}"))
    return ", ".join(parts)


def log_block(feedback, title, lines):
    """A titled block of lines in the log."""
    feedback.pushInfo("")
    feedback.pushInfo(f"=== {title} ===")
    for line in lines:
        feedback.pushInfo(line)


def metric_summary(feedback, spec, result, gt, pred):
    """The log summary of one metric: its scores (headline with a verdict),
    the input sizes and the number of warnings."""
    lines = summary_lines(spec, result.scores, tr)
    lines.append(tr("Inputs: ground truth {}; prediction {}.").format(network_text(gt),
                                                                    network_text(pred)))
    n = len(result.warnings)
    lines.append(tr("Warnings: {} (listed above).").format(n) if n else tr("Warnings: none."))
    log_block(feedback, tr(spec.name), lines)


def evaluation_summary(feedback, ids, getscore, warnings, errors=None):
    """The log summary of evaluate-all: one line per metric with its
    headline score and verdict, then the counts of warnings and failures."""
    from ..core.reports.report import goodness, verdict
    lines = []
    for m in ids:
        spec = registry.get(m)
        o = spec.headline_output()
        v = getscore(m, o.name)
        g = goodness(o, v)
        word = f"  [{verdict(g, tr)}]" if g is not None else ""
        lines.append(f"{tr(spec.name)}: {tr(o.label)} = {human(v, o.unit, tr)}{word}")
    if errors:
        lines.append(tr("Failed metrics: {}").format(", ".join(errors)))
    lines.append(tr("Warnings: {} (listed above).").format(len(warnings)) if warnings
                 else tr("Warnings: none."))
    log_block(feedback, tr("Headline scores"), lines)


def interval_summary(feedback, ids, tiled):
    """The log's block of each headline score aggregated over tiles with
    its bootstrap interval: ``0.678 [0.651, 0.704]``."""
    from ..core.analysis.bootstrap import text
    ci = tiled.ci
    lines = []
    for m in ids:
        spec = registry.get(m)
        o = spec.headline_output()
        v = tiled.aggregate.get(m, {}).get(o.name, math.nan)
        lines.append(f"{tr(spec.name)}: {tr(o.label)} = {text(v, *tiled.interval(m, o.name))}")
    lines += [translate(n) for n in ci["notes"]]
    log_block(feedback, tr("Intervals over tiles ({} {} %, {} resamples, seed {})").format(
        ci["method"], f"{100 * ci['level']:g}", ci["resamples"], ci["seed"]), lines)


def metric_html(spec, result, rows, gt, pred, class_field=None):
    """The HTML page of one metric: the evaluation report of that metric."""
    ev = Evaluation({spec.id: result}, {}, [spec.id])
    return evaluation_report(tr(spec.name), rows, ev, None, gt.parts, pred.parts, tr=tr,
                             meta=meta(), class_field=class_field)


def error_text(e):
    """The message of a core error (ValueError / KeyError raised with a
    core.text message) in the user's language."""
    if e.args and isinstance(e.args[0], str):
        return translate(e.args[0])
    return str(e)


def warn(feedback, text):
    """A warning in the log: pushWarning where QGIS has it (3.22 and later
    do), else reportError without stopping the run."""
    if hasattr(feedback, "pushWarning"):
        feedback.pushWarning(text)
    else:
        feedback.reportError(text, False)
