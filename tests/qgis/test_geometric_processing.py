"""roadmetrics:ccq, distances, cldice and boundaryf through processing.run:
registration, hand-checked numbers, sinks (fields, exact cuts), styles,
the width field read from both layers, and the sample."""
import json
import math
import os

import pytest
from conftest import GT_SAMPLE, PRED_SAMPLE, memory_layer

from qgis.core import QgsProcessingException, QgsVectorLayer

GT = ["LINESTRING(0 0, 100 0)"]
HALF = ["LINESTRING(0 0, 50 0)"]
GAP = ["LINESTRING(0 1, 4 1)", "LINESTRING(6 1, 10 1)"]


@pytest.mark.parametrize("alg,params,outputs", [
    ("ccq", ["BUFFER", "SAMPLE_STEP", "MATCHED", "UNMATCHED_GT", "UNMATCHED_PRED"],
     ["CORRECTNESS", "COMPLETENESS", "QUALITY", "QUALITY_RATIO", "F1", "REDUNDANCY",
      "RMS_OFFSET", "SCORES"]),
    ("distances", ["TOLERANCE", "PERCENTILE", "SAMPLE_STEP", "PIECES", "HAUSDORFF_POINTS"],
     ["HAUSDORFF", "HD95", "HD95_POOLED", "ASSD", "MASD", "NSD", "BOUNDARY_IOU", "CHAMFER"]),
    ("cldice", ["WIDTH_FIELD", "DEFAULT_WIDTH", "MATCHED", "UNMATCHED_GT", "UNMATCHED_PRED"],
     ["CLDICE", "TPREC", "TSENS"]),
    ("boundaryf", ["STRATEGY", "TOLERANCE", "ALPHA", "SAMPLE_SPACING", "ANGLE_TOLERANCE",
                   "CORRESPONDENCES"], ["PRECISION", "RECALL", "F", "TP", "FP", "FN"]),
])
def test_registered(qgis_app, alg, params, outputs):
    from qgis.core import QgsApplication
    a = QgsApplication.processingRegistry().algorithmById(f"roadmetrics:{alg}")
    assert a is not None
    names = [d.name() for d in a.parameterDefinitions()]
    for n in ["GROUND_TRUTH", "PREDICTION"] + params:
        assert n in names, n
    outs = [o.name() for o in a.outputDefinitions()]
    for n in outputs:
        assert n in outs, n


def test_ccq_half_covered_with_exact_cut(run_alg):
    r = run_alg("roadmetrics:ccq", {"GROUND_TRUTH": memory_layer(GT),
                                    "PREDICTION": memory_layer(HALF), "BUFFER": 10.0,
                                    "UNMATCHED_GT": "TEMPORARY_OUTPUT",
                                    "MATCHED": "TEMPORARY_OUTPUT"})
    assert r["COMPLETENESS"] == pytest.approx(0.6)
    assert r["CORRECTNESS"] == pytest.approx(1.0)
    assert r["QUALITY"] == pytest.approx(5 / 9)
    assert r["QUALITY_RATIO"] == pytest.approx(0.6)
    um = r["UNMATCHED_GT"]
    assert [f.name() for f in um.fields()] == ["source", "length", "distance", "max_distance"]
    f = next(um.getFeatures())
    assert f.geometry().asWkt() == "LineString (60 0, 100 0)"
    assert f["distance"] == pytest.approx(30.0) and f["source"] == "ground_truth"
    assert r["MATCHED"].featureCount() == 2
    s = json.loads(r["SCORES"])
    assert s["parameters"]["BUFFER"] == 10.0


def test_distances_gap_case(run_alg):
    r = run_alg("roadmetrics:distances", {"GROUND_TRUTH": memory_layer(["LINESTRING(0 0, 10 0)"]),
                                          "PREDICTION": memory_layer(GAP), "TOLERANCE": 1.0,
                                          "HAUSDORFF_POINTS": "TEMPORARY_OUTPUT",
                                          "PIECES": "TEMPORARY_OUTPUT"})
    assert r["HAUSDORFF"] == pytest.approx(math.sqrt(2), abs=1e-6)
    assert r["NSD"] == pytest.approx(16 / 18)
    pts = list(r["HAUSDORFF_POINTS"].getFeatures())
    assert [p["role"] for p in pts] == ["farthest", "nearest"]
    assert pts[0].geometry().asPoint().x() == pytest.approx(5.0)
    assert r["PIECES"].featureCount() >= 3


def test_distances_empty_prediction_gives_nan_and_zero(run_alg):
    r = run_alg("roadmetrics:distances", {"GROUND_TRUTH": memory_layer(GT),
                                          "PREDICTION": memory_layer([])})
    assert math.isnan(r["HAUSDORFF"]) and r["NSD"] == 0.0
    assert json.loads(r["SCORES"])["scores"]["HAUSDORFF"] is None


def test_cldice_width_field_from_both_layers(run_alg):
    gt = memory_layer(GT, fields=[("w", "double")], values=[[4.0]])
    pred = memory_layer(["LINESTRING(0 3, 100 3)"], fields=[("w", "double")], values=[[8.0]])
    r = run_alg("roadmetrics:cldice", {"GROUND_TRUTH": gt, "PREDICTION": pred,
                                       "WIDTH_FIELD": "w", "UNMATCHED_PRED": "TEMPORARY_OUTPUT"})
    assert (r["TPREC"], r["TSENS"], r["CLDICE"]) == (0.0, 1.0, 0.0)
    assert r["UNMATCHED_PRED"].featureCount() == 1
    r = run_alg("roadmetrics:cldice", {"GROUND_TRUTH": gt, "PREDICTION": pred})
    assert r["CLDICE"] == pytest.approx(1.0)


@pytest.mark.parametrize("strategy,recall", [(0, 0.6), (1, None), (2, 0.5), (3, 0.6)])
def test_boundaryf_strategies(run_alg, strategy, recall):
    r = run_alg("roadmetrics:boundaryf", {"GROUND_TRUTH": memory_layer(GT),
                                          "PREDICTION": memory_layer(HALF), "TOLERANCE": 10.0,
                                          "STRATEGY": strategy,
                                          "CORRESPONDENCES": "TEMPORARY_OUTPUT"})
    assert r["PRECISION"] == pytest.approx(1.0)
    if recall is not None:
        assert r["RECALL"] == pytest.approx(recall)
    n = r["CORRESPONDENCES"].featureCount()
    assert (n > 0) == (strategy in (2, 3))


def test_bad_parameter_is_a_clear_error(run_alg):
    with pytest.raises(QgsProcessingException) as e:
        run_alg("roadmetrics:distances", {"GROUND_TRUTH": memory_layer(GT),
                                          "PREDICTION": memory_layer(HALF), "PERCENTILE": 0.0,
                                          "SAMPLE_STEP": 0.0})
    assert "SAMPLE_STEP" in str(e.value)


def test_sample_and_styled_file_outputs(run_alg, tmp_path):
    out = str(tmp_path / "pieces.gpkg")
    r = run_alg("roadmetrics:distances", {"GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE,
                                          "PIECES": out})
    assert 0.9 < r["NSD"] <= 1.0 and r["HAUSDORFF"] > r["HD95"] > r["ASSD"] > 0
    layer = QgsVectorLayer(out, "p", "ogr")
    msg, ok = layer.loadNamedStyle(str(tmp_path / "pieces.qml"))
    assert ok, msg
    assert layer.renderer().type() == "graduatedSymbol"
    assert layer.renderer().classAttribute() == "distance"
    c = run_alg("roadmetrics:ccq", {"GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE,
                                    "UNMATCHED_GT": str(tmp_path / "miss.gpkg")})
    assert os.path.exists(str(tmp_path / "miss.qml"))
    miss = QgsVectorLayer(str(tmp_path / "miss.gpkg"), "m", "ogr")
    miss.loadNamedStyle(str(tmp_path / "miss.qml"))
    assert miss.renderer().symbol().color().name() == "#d7191c"
    assert c["COMPLETENESS"] == pytest.approx(1 - miss_length(miss) / gt_length(), rel=1e-9)


def miss_length(layer):
    return sum(f.geometry().length() for f in layer.getFeatures())


def gt_length():
    layer = QgsVectorLayer(GT_SAMPLE, "g", "ogr")
    return sum(f.geometry().length() for f in layer.getFeatures())
