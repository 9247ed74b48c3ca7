"""APLS inside a graphical model (its number feeds another algorithm) and
headless through qgis_process --json."""
import json
import os

import pytest
from conftest import GT_SAMPLE, PRED_SAMPLE

from roadmetrics.ui.compat import SourceType


def test_apls_number_feeds_another_algorithm_in_a_model(run_alg):
    from qgis.core import (QgsProcessingModelAlgorithm, QgsProcessingModelChildAlgorithm,
                           QgsProcessingModelChildParameterSource, QgsProcessingModelOutput,
                           QgsProcessingModelParameter, QgsProcessingParameterVectorLayer,
                           QgsProcessingContext, QgsProcessingFeedback)
    m = QgsProcessingModelAlgorithm("apls then buffer", "tests")
    for name in ("gt", "pred"):
        m.addModelParameter(QgsProcessingParameterVectorLayer(name, name, [SourceType.VectorLine]),
                            QgsProcessingModelParameter(name))
    a = QgsProcessingModelChildAlgorithm("roadmetrics:apls")
    a.setChildId("apls")
    a.addParameterSources("GROUND_TRUTH", [QgsProcessingModelChildParameterSource.fromModelParameter("gt")])
    a.addParameterSources("PREDICTION", [QgsProcessingModelChildParameterSource.fromModelParameter("pred")])
    m.addChildAlgorithm(a)
    # buffer the ground truth by 10 x APLS metres: the APLS number is an input
    b = QgsProcessingModelChildAlgorithm("native:buffer")
    b.setChildId("buffer")
    b.addParameterSources("INPUT", [QgsProcessingModelChildParameterSource.fromModelParameter("gt")])
    b.addParameterSources("DISTANCE", [QgsProcessingModelChildParameterSource.fromExpression(
        "@apls_APLS * 10")])
    out = QgsProcessingModelOutput("buffered")
    out.setChildOutputName("OUTPUT")
    out.setChildId("buffer")
    b.setModelOutputs({"buffered": out})
    b.addParameterSources("OUTPUT", [QgsProcessingModelChildParameterSource.fromStaticValue("TEMPORARY_OUTPUT")])
    from qgis.core import QgsProcessingModelChildDependency
    b.setDependencies([QgsProcessingModelChildDependency("apls")])
    m.addChildAlgorithm(b)
    ctx, fb = QgsProcessingContext(), QgsProcessingFeedback()
    res, ok = m.run({"gt": GT_SAMPLE, "pred": PRED_SAMPLE, "buffer:buffered": "TEMPORARY_OUTPUT"}, ctx, fb)
    assert ok
    buffered = res["buffer:buffered"]
    layer = ctx.getMapLayer(buffered) if isinstance(buffered, str) else buffered
    assert layer is not None and layer.featureCount() > 0
    # the area of one buffered feature tells which distance was used
    apls = run_alg("roadmetrics:apls", {"GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE})["APLS"]
    from qgis.core import QgsVectorLayer
    src = QgsVectorLayer(GT_SAMPLE, "gt", "ogr")
    got = sum(f.geometry().area() for f in layer.getFeatures())
    want = sum(f.geometry().buffer(apls * 10, 5).area() for f in src.getFeatures())
    assert got == pytest.approx(want, rel=1e-6)
    assert got != pytest.approx(sum(f.geometry().buffer(10, 5).area() for f in src.getFeatures()),
                                rel=1e-3)


def test_qgis_process_json_smoke(run_alg, qgis_process, tmp_path):
    out = str(tmp_path / "matched.gpkg")
    res = qgis_process("roadmetrics:apls", f"GROUND_TRUTH={GT_SAMPLE}", f"PREDICTION={PRED_SAMPLE}",
                       f"MATCHED={out}")
    direct = run_alg("roadmetrics:apls", {"GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE})
    assert res["APLS"] == pytest.approx(direct["APLS"], abs=1e-12)
    assert res["APLS_TIME"] is None  # NaN without a speed field -> JSON null
    assert json.loads(res["SCORES"])["metric"] == "apls"
    assert os.path.exists(out) and os.path.exists(str(tmp_path / "matched.qml"))
