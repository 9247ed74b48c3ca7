"""roadmetrics:apls through processing.run: numbers, sinks, styles and the
documented input rules (each tested)."""
import json
import math
import os

import pytest
from conftest import GT_SAMPLE, PRED_SAMPLE, load_lines, memory_layer

from qgis.core import QgsProcessingException, QgsVectorLayer

L_SHAPE = ["LINESTRING(0 0, 200 0)", "LINESTRING(200 0, 200 200)"]
GAP = ["LINESTRING(0 0, 90 0)", "LINESTRING(110 0, 200 0, 200 200)"]


def test_provider_and_algorithm_registered(qgis_app):
    from qgis.core import QgsApplication
    p = QgsApplication.processingRegistry().providerById("roadmetrics")
    assert p is not None and p.name() == "Road network metrics"
    alg = QgsApplication.processingRegistry().algorithmById("roadmetrics:apls")
    assert alg.displayName() == "APLS (average path length similarity)"
    names = [d.name() for d in alg.parameterDefinitions()]
    for n in ("GROUND_TRUTH", "PREDICTION", "CONTROL_SPACING", "SNAP_DISTANCE", "MIN_PATH_LENGTH",
              "VARIANT", "SPEED_FIELD", "SPEED_UNIT", "DEFAULT_SPEED", "MATCHED", "UNMATCHED_GT",
              "UNMATCHED_PRED"):
        assert n in names
    outs = [o.name() for o in alg.outputDefinitions()]
    for n in ("APLS", "APLS_GT_TO_PRED", "APLS_PRED_TO_GT", "APLS_TIME", "SCORES"):
        assert n in outs
    assert "SNAP_DISTANCE" in alg.shortHelpString()


def test_gap_case_numbers_and_layers(run_alg):
    gt, pred = memory_layer(L_SHAPE), memory_layer(GAP)
    r = run_alg("roadmetrics:apls", {"GROUND_TRUTH": gt, "PREDICTION": pred,
                                     "MATCHED": "TEMPORARY_OUTPUT",
                                     "UNMATCHED_GT": "TEMPORARY_OUTPUT",
                                     "UNMATCHED_PRED": "TEMPORARY_OUTPUT"})
    assert r["APLS_GT_TO_PRED"] == pytest.approx(4 / 9)
    assert r["APLS"] == pytest.approx(2 * (4 / 9) / (1 + 4 / 9))
    assert math.isnan(r["APLS_TIME"])
    um = r["UNMATCHED_GT"]
    assert um.featureCount() == 1
    f = next(um.getFeatures())
    assert f["source"] == "ground_truth" and f["n_routes"] == 8 and f["mean_pen"] == 1.0
    assert f.geometry().asPoint().x() == 100
    assert [fl.name() for fl in um.fields()] == ["source", "kind", "snap_distance", "n_routes",
                                                 "mean_pen"]
    # 8 ground-truth points + prediction: 90 m edge (3 points) and 290 m edge (7)
    assert r["MATCHED"].featureCount() == 8 + 10
    assert r["UNMATCHED_PRED"].featureCount() == 0
    s = json.loads(r["SCORES"])
    assert s["scores"]["APLS"] == pytest.approx(r["APLS"])
    assert s["parameters"]["SNAP_DISTANCE"] == 4.0


def test_travel_time_from_speed_field(run_alg):
    gt = memory_layer(["LINESTRING(0 0, 200 0)"], fields=[("speed", "double")], values=[[50]])
    pred = memory_layer(["LINESTRING(0 0, 200 0)"], fields=[("speed", "double")], values=[[40]])
    r = run_alg("roadmetrics:apls", {"GROUND_TRUTH": gt, "PREDICTION": pred, "SPEED_FIELD": "speed"})
    assert r["APLS"] == 1.0
    assert r["APLS_TIME"] == pytest.approx(2 * 0.75 * 0.8 / 1.55)


def test_variant_switches_defaults_unless_set(run_alg):
    gt, pred = memory_layer(L_SHAPE), memory_layer(GAP)
    r = run_alg("roadmetrics:apls", {"GROUND_TRUTH": gt, "PREDICTION": pred, "VARIANT": 1})
    p = json.loads(r["SCORES"])["parameters"]
    assert (p["VARIANT"], p["SNAP_DISTANCE"], p["MIN_PATH_LENGTH"]) == ("sat2graph", 10.0, 100.0)
    r = run_alg("roadmetrics:apls", {"GROUND_TRUTH": gt, "PREDICTION": pred, "VARIANT": 1,
                                     "SNAP_DISTANCE": 2.5})
    assert json.loads(r["SCORES"])["parameters"]["SNAP_DISTANCE"] == 2.5


def test_not_a_line_layer_is_a_clear_error(run_alg):
    poly = memory_layer(["POLYGON((0 0, 10 0, 10 10, 0 0))"], geom="Polygon")
    with pytest.raises(QgsProcessingException) as e:
        run_alg("roadmetrics:apls", {"GROUND_TRUTH": poly, "PREDICTION": memory_layer(L_SHAPE)})
    assert "line" in str(e.value).lower()


def test_empty_ground_truth_is_a_clear_error(run_alg):
    with pytest.raises(QgsProcessingException) as e:
        run_alg("roadmetrics:apls", {"GROUND_TRUTH": memory_layer([]),
                                     "PREDICTION": memory_layer(L_SHAPE)})
    assert "no usable line" in str(e.value)


def test_empty_prediction_scores_zero_with_warning(run_alg):
    r = run_alg("roadmetrics:apls", {"GROUND_TRUTH": memory_layer(L_SHAPE),
                                     "PREDICTION": memory_layer([])})
    assert r["APLS"] == 0.0
    s = json.loads(r["SCORES"])
    assert s["scores"]["APLS_PRED_TO_GT"] is None
    assert any("empty" in w for w in s["warnings"])


def test_geographic_crs_reprojected_to_utm(run_alg):
    # around Helsinki (24.94 E, 60.17 N): UTM zone 35N
    gt = memory_layer(["LINESTRING(24.940 60.170, 24.944 60.170, 24.944 60.172)"], crs="EPSG:4326")
    r = run_alg("roadmetrics:apls", {"GROUND_TRUTH": gt, "PREDICTION": gt})
    s = json.loads(r["SCORES"])
    assert s["parameters"]["reprojected_to"] == "EPSG:32635"
    assert r["APLS"] == pytest.approx(1.0)
    assert s["counts"]["gt_length_m"] == pytest.approx(223 + 222, rel=0.02)
    assert any("geographic" in w for w in s["warnings"])


def test_mismatched_crs_prediction_transformed(run_alg, qgis_app):
    from qgis.core import (QgsCoordinateReferenceSystem, QgsCoordinateTransform, QgsProject)
    gt = memory_layer(L_SHAPE)
    tr = QgsCoordinateTransform(QgsCoordinateReferenceSystem("EPSG:3067"),
                                QgsCoordinateReferenceSystem("EPSG:3857"), QgsProject.instance())
    wkts = []
    for f in gt.getFeatures():
        g = f.geometry()
        g.transform(tr)
        wkts.append(g.asWkt(9))
    pred = memory_layer(wkts, crs="EPSG:3857")
    r = run_alg("roadmetrics:apls", {"GROUND_TRUTH": gt, "PREDICTION": pred})
    assert r["APLS"] == pytest.approx(1.0, abs=1e-6)
    assert any("transformed" in w for w in json.loads(r["SCORES"])["warnings"])


def test_null_invalid_multipart_z_m_curved(run_alg):
    # the same L-shape network written in awkward ways, plus junk features
    messy = memory_layer([
        None,                                                 # null geometry
        "LINESTRING(5 5, 5 5)",                               # degenerate (invalid)
        "MULTILINESTRING ZM((0 0 1 2, 100 0 1 2),(100 0 3 4, 200 0 5 6))",
        "COMPOUNDCURVE((200 0, 200 200))",
    ], geom="MultiLineStringZM")
    assert messy.featureCount() == 4
    r = run_alg("roadmetrics:apls", {"GROUND_TRUTH": memory_layer(L_SHAPE), "PREDICTION": messy})
    assert r["APLS"] == pytest.approx(1.0)
    s = json.loads(r["SCORES"])
    c = s["counts"]["input_prediction"]
    assert c["null_geometries"] == 1 and c["invalid_parts"] == 1 and c["multipart"] == 1
    assert any("invalid" in w for w in s["warnings"])


def test_curved_geometry_segmentised(run_alg):
    arc = memory_layer(["CIRCULARSTRING(0 0, 100 100, 200 0)"], geom="CompoundCurve")
    r = run_alg("roadmetrics:apls", {"GROUND_TRUTH": arc, "PREDICTION": arc})
    s = json.loads(r["SCORES"])
    assert r["APLS"] == pytest.approx(1.0)
    assert s["counts"]["input_ground_truth"]["curved"] == 1
    assert s["counts"]["gt_length_m"] == pytest.approx(math.pi * 100, rel=1e-3)


def test_inputs_never_modified(run_alg):
    gt, pred = memory_layer(L_SHAPE), memory_layer(GAP)
    before = [(f.id(), f.geometry().asWkt()) for f in pred.getFeatures()]
    run_alg("roadmetrics:apls", {"GROUND_TRUTH": gt, "PREDICTION": pred,
                                 "MATCHED": "TEMPORARY_OUTPUT"})
    assert [(f.id(), f.geometry().asWkt()) for f in pred.getFeatures()] == before
    assert not pred.isModified() and not gt.isModified()


def test_file_outputs_get_qml_sidecars_and_load_styled(run_alg, tmp_path):
    out = str(tmp_path / "matched.gpkg")
    r = run_alg("roadmetrics:apls", {"GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE,
                                     "MATCHED": out, "UNMATCHED_GT": str(tmp_path / "miss.shp")})
    assert os.path.exists(str(tmp_path / "matched.qml"))
    assert os.path.exists(str(tmp_path / "miss.qml"))
    layer = QgsVectorLayer(out, "m", "ogr")
    assert layer.featureCount() > 100
    msg, ok = layer.loadNamedStyle(str(tmp_path / "matched.qml"))
    assert ok, msg
    assert layer.renderer().type() == "graduatedSymbol"
    assert layer.renderer().classAttribute() == "mean_pen"
    assert 0.3 < r["APLS"] < 0.95


def test_style_post_processor(qgis_app):
    from core import registry
    from roadmetrics.ui.styles import StylePostProcessor
    spec = registry.get("apls")
    layer = memory_layer([], geom="Point")
    sink = [s for s in spec.sinks if s.name == "UNMATCHED_GT"][0]
    StylePostProcessor.create(sink.geometry, sink.style).postProcessLayer(layer, None, None)
    assert layer.renderer().symbol().color().name() == "#d7191c"


def test_sample_matches_core(run_alg):
    from core.runner import run as run_spec
    r = run_alg("roadmetrics:apls", {"GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE})
    # same numbers straight from the core on the same coordinates
    core = run_spec("apls", load_lines(GT_SAMPLE), load_lines(PRED_SAMPLE))
    assert r["APLS"] == pytest.approx(core.score("APLS"), abs=1e-12)


def test_cancel_returns_without_crash(qgis_app):
    from qgis.core import QgsApplication, QgsProcessingContext, QgsProcessingFeedback
    alg = QgsApplication.processingRegistry().createAlgorithmById("roadmetrics:apls")
    fb = QgsProcessingFeedback()
    fb.cancel()
    ctx = QgsProcessingContext()
    res, ok = alg.run({"GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE}, ctx, fb)
    assert "APLS" not in (res or {})


def test_class_field_scores_per_class_and_missing_field_error(run_alg):
    gt = memory_layer(["LINESTRING(0 0, 100 0)", "LINESTRING(0 500, 100 500)"],
                      fields=[("kind", "string")], values=[["a"], ["b"]])
    pred = memory_layer(["LINESTRING(0 0, 100 0)"], fields=[("kind", "string")], values=[["a"]])
    r = run_alg("roadmetrics:apls", {"GROUND_TRUTH": gt, "PREDICTION": pred, "CLASS_FIELD": "kind"})
    c = json.loads(r["SCORES"])["details"]["classes"]
    assert c["a"]["scores"]["APLS"] == 1.0 and c["b"]["scores"]["APLS"] == 0.0
    nofield = memory_layer(["LINESTRING(0 0, 100 0)"])
    with pytest.raises(QgsProcessingException) as e:
        run_alg("roadmetrics:apls", {"GROUND_TRUTH": gt, "PREDICTION": nofield, "CLASS_FIELD": "kind"})
    assert "missing from the prediction" in str(e.value)


def test_nan_and_out_of_range_parameters_refused_clearly(run_alg):
    # issue 17: NaN passed QGIS's range check (SNAP_DISTANCE=nan gave APLS 0,
    # CONTROL_SPACING=nan a numpy traceback); huge values overflowed
    gt, pred = memory_layer(L_SHAPE), memory_layer(GAP)
    for name, value, text in (
            ("SNAP_DISTANCE", math.nan, "Snap distance (SNAP_DISTANCE) must be a finite number from 0 "
                                        "to 100000 m; got nan."),
            ("CONTROL_SPACING", math.nan, "Control point spacing (CONTROL_SPACING) must be a finite "
                                          "number"),
            ("MERGE_TOLERANCE", math.nan, "Vertex merge tolerance (MERGE_TOLERANCE)"),
            ("MERGE_TOLERANCE", 1e6, None),
            ("CONTROL_SPACING", 1e308, None)):
        with pytest.raises(QgsProcessingException) as e:
            run_alg("roadmetrics:apls", {"GROUND_TRUTH": gt, "PREDICTION": pred, name: value})
        assert "Traceback" not in str(e.value)
        if text:
            assert text in str(e.value), str(e.value)
        else:  # refused by QGIS's own range check (the registry's maximum)
            assert name in str(e.value), str(e.value)
    from qgis.core import QgsApplication
    alg = QgsApplication.processingRegistry().algorithmById("roadmetrics:apls")
    d = alg.parameterDefinition("CONTROL_SPACING")
    assert d.minimum() == 0.01 and d.maximum() == 100000.0
    assert alg.parameterDefinition("MERGE_TOLERANCE").maximum() == 1.0
    seed = QgsApplication.processingRegistry().algorithmById("roadmetrics:tlts").parameterDefinition("SEED")
    assert seed.maximum() == 2 ** 31 - 1
