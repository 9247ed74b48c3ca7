"""Warnings in a French QGIS (issue 23, item 9): the log and the HTML
reports show them in French, SCORES keeps their stable English text (for
scripts that read it); the report map's legend is French too."""
import json
import os
import re
import subprocess

import pytest
from conftest import ROOT, find_lrelease, memory_layer

from qgis.core import QgsProcessingContext, QgsProcessingFeedback
from qgis.PyQt.QtCore import QCoreApplication, QTranslator

GT = ["LINESTRING(0 0, 100 0)", "LINESTRING(100 0, 100 100)"]
# drawn twice (core warning), a degenerate line (reader warning), no CRS (input warning)
PRED = ["LINESTRING(0 0, 100 0)", "LINESTRING(100 0, 0 0)", "LINESTRING(5 5, 5 5)",
        "LINESTRING(100 0, 100 90)"]
ENGLISH = ["The prediction has no valid CRS: its coordinates are taken to be in the ground truth's CRS.",
           "prediction: 1 invalid line part(s) skipped (fewer than two distinct vertices, "
           "non-finite coordinates or failed transformation).",
           "prediction: 1 duplicate overlapping segment(s) collapsed (features drawn twice)"]
FRENCH = ["La prédiction n'a pas de SCR valide",
          "prédiction\xa0: 1 partie(s) de ligne invalide(s) ignorée(s)",
          "prédiction\xa0: 1 segment(s) superposé(s) en double fusionné(s)"]


@pytest.fixture
def french(qgis_app, tmp_path):
    lrelease = find_lrelease()
    if lrelease is None:
        pytest.skip("lrelease not installed (qttools5-dev-tools)")
    qm = tmp_path / "roadmetrics_fr.qm"
    subprocess.run([lrelease, os.path.join(ROOT, "i18n", "roadmetrics_fr.ts"), "-qm", str(qm)],
                   check=True, capture_output=True)
    t = QTranslator()
    assert t.load(str(qm)) and QCoreApplication.installTranslator(t)
    try:
        yield
    finally:
        QCoreApplication.removeTranslator(t)


class Log(QgsProcessingFeedback):
    """Every line the algorithm writes to the log."""

    def __init__(self):
        super().__init__()
        self.lines = []

    def pushWarning(self, text):
        self.lines.append(text)

    def reportError(self, text, fatal=False):
        self.lines.append(text)

    def pushInfo(self, text):
        self.lines.append(text)


def _run(alg, params):
    import processing
    log = Log()
    gt = memory_layer(GT)
    pred = memory_layer(PRED, crs="")
    r = processing.run(alg, dict(params, GROUND_TRUTH=gt, PREDICTION=pred), feedback=log,
                       context=QgsProcessingContext())
    # processing.run logs the outputs at the end ("Results: {...}"), SCORES included
    return r, "\n".join(x for x in log.lines if not x.startswith("Results:"))


def _read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def _english_in_scores(texts):
    for e in ENGLISH:
        assert any(e in t for t in texts), (e, texts)
    assert not any(f in t for f in FRENCH for t in texts), texts


def _french_where_shown(text):
    for f in FRENCH:
        assert f in text, (f, text)
    assert not any(e in text for e in ENGLISH), text


def test_evaluate_warnings_french_in_log_and_report_english_in_scores(french, tmp_path):
    report = str(tmp_path / "evaluate.html")
    r, log = _run("roadmetrics:evaluate", {"METRICS": [0], "REPORT": report})
    s = json.loads(r["SCORES"])
    _english_in_scores(s["warnings"] + s["results"]["apls"]["warnings"])
    _french_where_shown(log)
    html = _read(report)
    _french_where_shown(" ".join(re.findall("<li class='warn'>(.*?)</li>", html)).replace("&#x27;", "'"))
    # the map's legend (core/reports/report.py MAP_LAYERS)
    assert "manquant (vérité terrain seule)" in html and "en trop (prédiction seule)" in html
    assert "missing (ground truth only)" not in html and ">matched<" not in html


def test_metric_warnings_french_in_log_and_page_english_in_scores(french, tmp_path):
    page = str(tmp_path / "apls.html")
    r, log = _run("roadmetrics:apls", {"OUTPUT_HTML": page})
    _english_in_scores(json.loads(r["SCORES"])["warnings"])
    _french_where_shown(log)
    html = _read(page)
    _french_where_shown(" ".join(re.findall("<li class='warn'>(.*?)</li>", html)).replace("&#x27;", "'"))
