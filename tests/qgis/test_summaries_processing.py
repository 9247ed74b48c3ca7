"""Every algorithm ends with a short summary in the log (headline scores,
counts, warnings) and an optional HTML page (OUTPUT_HTML, REPORT for
evaluate) that QGIS lists in the Results Viewer; SCORES stays small."""
import json

import pytest
from conftest import GT_SAMPLE, PRED_SAMPLE

from qgis.core import QgsApplication, QgsProcessingFeedback, QgsProcessingOutputHtml


class LogFeedback(QgsProcessingFeedback):
    def __init__(self):
        super().__init__()
        self.lines = []

    def pushInfo(self, info):  # noqa: N802 (Qt naming)
        self.lines.append(info)
        super().pushInfo(info)


def _run(alg, params):
    import processing
    from qgis.core import QgsProcessingContext
    fb = LogFeedback()
    res = processing.run(alg, params, feedback=fb, context=QgsProcessingContext())
    return res, "\n".join(fb.lines)


@pytest.mark.parametrize("alg_id", ["apls", "ccq", "distances", "optp"])
def test_metric_algorithms_offer_an_html_output(qgis_app, alg_id):
    alg = QgsApplication.processingRegistry().algorithmById(f"roadmetrics:{alg_id}")
    p = alg.parameterDefinition("OUTPUT_HTML")
    assert p is not None and p.flags() & p.FlagOptional
    assert isinstance(alg.outputDefinition("OUTPUT_HTML"), QgsProcessingOutputHtml)


def test_apls_summary_in_log_and_html(qgis_app, tmp_path):
    html = str(tmp_path / "apls.html")
    res, log = _run("roadmetrics:apls", {"GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE,
                                         "OUTPUT_HTML": html})
    # the log: a titled block with every score, the headline's verdict, inputs and warnings
    assert "=== APLS (average path length similarity) ===" in log
    assert f"APLS (APLS): {res['APLS']:.3f}  [" in log
    assert "APLS ground truth -> prediction (APLS_GT_TO_PRED)" in log
    assert "Inputs: ground truth 727 line parts, 21.26 km" in log
    assert "Warnings:" in log
    assert len(log) < 3000
    assert res["OUTPUT_HTML"] == html
    text = open(html, encoding="utf-8").read()
    assert "<h2>Summary</h2>" in text and "APLS_GT_TO_PRED" in text
    assert "helsinki_ground_truth.gpkg" in text and "QGIS 3." in text
    assert "Scores per class" not in text  # no class field chosen
    assert "http://" not in text.replace("http://www.w3.org/2000/svg", "")


def test_optp_scores_has_no_per_path_detail(qgis_app):
    res, log = _run("roadmetrics:optp", {"GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE})
    s = json.loads(res["SCORES"])
    assert "gt_path_scores" not in s["details"] and "pool_stats" not in s
    assert len(res["SCORES"]) < 4000
    assert "=== OPT-P (path connectivity) ===" in log and "Path F1 (F1): " in log


def test_evaluate_prints_headline_scores(qgis_app, tmp_path):
    from test_tools_processing import metric_index
    chosen = [metric_index(m) for m in ("apls", "ccq", "distances")]
    res, log = _run("roadmetrics:evaluate", {"GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE,
                                             "METRICS": chosen, "REPORT": str(tmp_path / "r.html")})
    assert "=== Headline scores ===" in log
    assert f"APLS (average path length similarity): APLS = {res['APLS']:.3f}" in log
    assert f"Distance metrics: HD95 (m) = {res['DISTANCES_HD95']:.2f} m" in log
    text = open(tmp_path / "r.html", encoding="utf-8").read()
    assert text.index("<h2>Summary</h2>") < text.index("<h2>Scores by family</h2>")
    assert "helsinki_prediction.gpkg" in text


@pytest.fixture
def french(qgis_app, tmp_path):
    """The French catalogue installed for one test (compiled with lrelease)."""
    import os
    import subprocess
    from conftest import find_lrelease
    from test_i18n import TS
    from qgis.PyQt.QtCore import QCoreApplication, QTranslator
    lrelease = find_lrelease()
    if lrelease is None:
        pytest.skip("lrelease not installed (qttools5-dev-tools)")
    qm = str(tmp_path / "fr.qm")
    subprocess.run([lrelease, TS, "-qm", qm], check=True, capture_output=True)
    t = QTranslator()
    assert t.load(qm) and os.path.getsize(qm) > 0
    QCoreApplication.installTranslator(t)
    try:
        yield t
    finally:
        QCoreApplication.removeTranslator(t)


class WarnFeedback(LogFeedback):
    def __init__(self):
        super().__init__()
        self.warnings = []

    def pushWarning(self, warning):  # noqa: N802 (Qt naming)
        self.warnings.append(warning)
        super().pushWarning(warning)


def test_french_summary_report_and_core_warnings(french, tmp_path):
    import processing
    from conftest import memory_layer
    from qgis.core import QgsProcessingContext
    wkts = ["LINESTRING(0 0, 200 0)", "LINESTRING(100 0, 100 200)"]
    gt = memory_layer(wkts, fields=[("speed", "string")], values=[["fast"], ["50"]])
    pred = memory_layer(wkts, fields=[("speed", "string")], values=[["50"], ["50"]])
    html = str(tmp_path / "fr.html")
    fb = WarnFeedback()
    processing.run("roadmetrics:apls", {"GROUND_TRUTH": gt, "PREDICTION": pred,
                                        "SPEED_FIELD": "speed", "OUTPUT_HTML": html},
                   feedback=fb, context=QgsProcessingContext())
    log = "\n".join(fb.lines)
    # the core's warning, translated where it is shown
    expected = ("vérité terrain\u00a0: 1 partie(s) de lignes sans vitesse valide dans « speed » "
                "utilisent DEFAULT_SPEED")
    assert expected in fb.warnings, fb.warnings
    assert "Avertissements\u00a0: 1 (ci-dessus)." in log and "parties de lignes" in log
    text = open(html, encoding="utf-8").read()
    assert "<html lang='fr'>" in text and "<h2>Résumé</h2>" in text
    assert "Scores par famille" in text and "sans vitesse valide dans « speed »" in text
    assert "Generated" not in text and "Summary" not in text
