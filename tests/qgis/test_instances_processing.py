"""roadmetrics:instances through processing.run: parameters, numbers, line
sinks, the class table (a layer without geometry) and input errors."""
import json
import math

import pytest
from conftest import GT_SAMPLE, PRED_SAMPLE, memory_layer

from qgis.core import QgsProcessingException
from roadmetrics.ui.compat import GeometryType, WkbType

SINKS = {"MATCHED": "TEMPORARY_OUTPUT", "UNMATCHED_GT": "TEMPORARY_OUTPUT",
         "UNMATCHED_PRED": "TEMPORARY_OUTPUT", "CLASS_TABLE": "TEMPORARY_OUTPUT"}


def test_algorithm_parameters(qgis_app):
    from qgis.core import QgsApplication
    alg = QgsApplication.processingRegistry().algorithmById("roadmetrics:instances")
    assert alg.displayName() == "Instance matching and AP"
    defs = {d.name(): d for d in alg.parameterDefinitions()}
    for n in ("GROUND_TRUTH", "PREDICTION", "TOLERANCE", "OVERLAP", "DISSOLVE", "MIN_LENGTH",
              "CONFIDENCE_FIELD", "CLASS_FIELD", "MATCHED", "UNMATCHED_GT", "UNMATCHED_PRED",
              "CLASS_TABLE"):
        assert n in defs
    assert defs["CONFIDENCE_FIELD"].parentLayerParameterName() == "PREDICTION"
    assert defs["CLASS_FIELD"].parentLayerParameterName() == "GROUND_TRUTH"
    assert defs["DISSOLVE"].defaultValue() is True
    outs = [o.name() for o in alg.outputDefinitions()]
    for n in ("AP", "AP50", "AP75", "MEAN_IOU", "MEAN_IIOU", "SCORES"):
        assert n in outs


def test_two_classes_numbers_sinks_and_class_table(run_alg):
    # see tests/core/metrics/instances/test_instances.py: IoU_a 1, IoU_b 104/200, AP 0.55
    fields = [("kind", "string")]
    gt = memory_layer(["LINESTRING(0 0, 100 0)", "LINESTRING(0 100, 200 100)"],
                      fields=fields, values=[["a"], ["b"]])
    pred = memory_layer(["LINESTRING(0 0, 100 0)", "LINESTRING(0 100, 100 100)"],
                        fields=fields, values=[["a"], ["b"]])
    r = run_alg("roadmetrics:instances", dict(GROUND_TRUTH=gt, PREDICTION=pred,
                                              CLASS_FIELD="kind", **SINKS))
    assert r["MEAN_IOU"] == pytest.approx(0.76)
    assert r["AP"] == pytest.approx(0.55) and r["AP50"] == 1.0 and r["AP75"] == 0.5
    table = r["CLASS_TABLE"]
    assert table.wkbType() == WkbType.NoGeometry
    rows = {f["class"]: f for f in table.getFeatures()}
    assert set(rows) == {"a", "b"}
    assert rows["b"]["iou"] == pytest.approx(0.52) and rows["b"]["ap50"] == 1.0
    assert rows["b"]["n_gt"] == 1 and rows["b"]["length_gt"] == pytest.approx(200.0)
    m = r["MATCHED"]
    assert m.geometryType() == GeometryType.Line and m.featureCount() == 4
    f = next(x for x in m.getFeatures() if x["source"] == "ground_truth" and x["class"] == "b")
    assert 0.5 < f["iou"] < 0.55 and f["partner"] is not None
    assert r["UNMATCHED_GT"].featureCount() == 0 and r["UNMATCHED_PRED"].featureCount() == 0
    s = json.loads(r["SCORES"])
    assert s["details"]["classes"]["b"]["IoU"] == pytest.approx(0.52)


def test_confidence_field_on_the_prediction(run_alg):
    # tests/core/metrics/instances/test_instances.py::test_confidence_ranked_ap_by_hand: AP = 17/30
    wkt = lambda k: f"LINESTRING({1000 * k} 0, {1000 * k + 100} 0)"
    gt = memory_layer([wkt(k) for k in range(4)])
    pred = memory_layer([wkt(k) for k in (0, 5, 1, 0, 2)], fields=[("score", "double")],
                        values=[[0.9], [0.8], [0.7], [0.6], [0.5]])
    r = run_alg("roadmetrics:instances", dict(GROUND_TRUTH=gt, PREDICTION=pred,
                                              CONFIDENCE_FIELD="score", DISSOLVE=False))
    assert r["AP"] == pytest.approx(17 / 30)
    r = run_alg("roadmetrics:instances", dict(GROUND_TRUTH=gt, PREDICTION=pred, DISSOLVE=False))
    assert r["AP"] == pytest.approx(9 / 20)


def test_class_field_missing_on_prediction_is_a_clear_error(run_alg):
    gt = memory_layer(["LINESTRING(0 0, 100 0)"], fields=[("kind", "string")], values=[["a"]])
    pred = memory_layer(["LINESTRING(0 0, 100 0)"])
    with pytest.raises(QgsProcessingException) as e:
        run_alg("roadmetrics:instances", dict(GROUND_TRUTH=gt, PREDICTION=pred,
                                              CLASS_FIELD="kind"))
    assert "missing from the prediction" in str(e.value)


def test_sample_with_confidence(run_alg):
    r = run_alg("roadmetrics:instances", dict(GROUND_TRUTH=GT_SAMPLE, PREDICTION=PRED_SAMPLE,
                                              CONFIDENCE_FIELD="confidence", **SINKS))
    for n in ("AP", "AP50", "AP75", "MEAN_IOU", "MEAN_IIOU"):
        assert 0.0 <= r[n] <= 1.0 and not math.isnan(r[n])
    assert r["AP50"] >= r["AP75"]
    s = json.loads(r["SCORES"])
    tp = s["counts"]["tp50"]
    n_gt = s["counts"]["gt_instances"]
    assert r["MATCHED"].featureCount() == 2 * tp + sum(
        1 for f in r["MATCHED"].getFeatures() if f["ignored"] == 1)
    # dissolved instances are single lines: one row each, in exactly one sink
    pairs = r["MATCHED"].featureCount() // 2
    assert r["UNMATCHED_GT"].featureCount() + pairs == n_gt
    assert r["UNMATCHED_PRED"].featureCount() + pairs == s["counts"]["pred_instances"]
    assert r["CLASS_TABLE"].featureCount() == 1
