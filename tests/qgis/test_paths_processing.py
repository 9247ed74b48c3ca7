"""roadmetrics:tlts and roadmetrics:optp through processing.run: numbers,
line sinks with their attributes and styles, empty inputs, the sample data
(same numbers as the core) and qgis_process --json."""
import json
import math
import os

import pytest
from conftest import GT_SAMPLE, PRED_SAMPLE, load_lines, memory_layer

from qgis.core import QgsProcessingException, QgsVectorLayer, QgsWkbTypes
from roadmetrics.ui.compat import GeometryType

ROAD = ["LINESTRING(0 0, 400 0)"]
GAP = ["LINESTRING(0 0, 190 0)", "LINESTRING(210 0, 400 0)"]
U = ["LINESTRING(0 0, 0 100, 100 100, 100 0)"]
RING = ["LINESTRING(0 0, 0 100, 100 100, 100 0, 0 0)"]
SINKS = ("MATCHED", "UNMATCHED_GT", "UNMATCHED_PRED")


def test_algorithms_registered(qgis_app):
    from qgis.core import QgsApplication
    reg = QgsApplication.processingRegistry()
    for aid, name, params, outs in (
            ("roadmetrics:tlts", "TLTS (too long / too short)",
             ("N_PATHS", "SNAP_DISTANCE", "LENGTH_TOLERANCE", "SEED", "MATCHED", "UNMATCHED_GT"),
             ("CORRECT", "TOO_LONG", "TOO_SHORT", "INFEASIBLE", "TOO_LONG_OR_SHORT", "SCORES")),
            ("roadmetrics:optp", "OPT-P (path connectivity)",
             ("SEGMENT_LENGTH", "SNAP_DISTANCE", "CORRIDOR_WIDTH", "MAX_HOPS",
              "DISCONNECTION_PENALTY", "SEED") + SINKS,
             ("PRECISION", "RECALL", "F1", "N_PATHS_GT", "N_PATHS_PRED", "N_INTERRUPTIONS",
              "SCORES"))):
        alg = reg.algorithmById(aid)
        assert alg is not None and alg.displayName() == name
        names = [d.name() for d in alg.parameterDefinitions()]
        for n in params:
            assert n in names, n
        on = [o.name() for o in alg.outputDefinitions()]
        for n in outs:
            assert n in on, n
        assert "SNAP_DISTANCE" in alg.shortHelpString()


def test_optp_gap_numbers_and_line_sinks(run_alg):
    # tests/core/metrics/paths/test_optp.py: recall (200^2 + 187.5^2) / 400^2, one interruption
    r = run_alg("roadmetrics:optp", {"GROUND_TRUTH": memory_layer(ROAD),
                                     "PREDICTION": memory_layer(GAP),
                                     **{s: "TEMPORARY_OUTPUT" for s in SINKS}})
    assert r["RECALL"] == pytest.approx(0.4697265625)
    assert r["PRECISION"] == pytest.approx(1.0)
    assert (r["N_PATHS_GT"], r["N_PATHS_PRED"], r["N_INTERRUPTIONS"]) == (1, 2, 1)
    um = r["UNMATCHED_GT"]
    assert um.featureCount() == 1
    assert QgsWkbTypes.geometryType(um.wkbType()) == GeometryType.Line
    assert [f.name() for f in um.fields()] == ["source", "path_id", "piece_length", "path_score",
                                               "path_length"]
    f = next(um.getFeatures())
    assert f["source"] == "ground_truth" and f["piece_length"] == pytest.approx(12.5)
    assert f.geometry().length() == pytest.approx(12.5)
    assert r["MATCHED"].featureCount() == 4  # two GT pieces, two prediction paths
    assert r["UNMATCHED_PRED"].featureCount() == 0
    s = json.loads(r["SCORES"])
    assert s["metric"] == "optp" and s["parameters"]["SEGMENT_LENGTH"] == 12.5


def test_tlts_shortcut_classes_and_styled_sink(run_alg, tmp_path):
    out = str(tmp_path / "paths.gpkg")
    r = run_alg("roadmetrics:tlts", {"GROUND_TRUTH": memory_layer(U), "PREDICTION": memory_layer(RING),
                                     "N_PATHS": 200, "MATCHED": out,
                                     "UNMATCHED_GT": "TEMPORARY_OUTPUT"})
    assert r["CORRECT"] + r["TOO_SHORT"] == pytest.approx(1.0)
    assert r["TOO_LONG"] == 0.0 and r["INFEASIBLE"] == 0.0
    assert r["TOO_LONG_OR_SHORT"] == r["TOO_SHORT"] > 0
    layer = QgsVectorLayer(out, "paths", "ogr")
    assert layer.featureCount() == 200
    for f in layer.getFeatures():
        L = f["gt_length"]
        assert f["pred_length"] == pytest.approx(min(L, 400 - L), abs=1e-6)
        assert f["class"] == ("too_short" if L > 400 / 1.95 else "correct")
        assert f.geometry().length() == pytest.approx(L, abs=1e-6)
    assert os.path.exists(str(tmp_path / "paths.qml"))
    msg, ok = layer.loadNamedStyle(str(tmp_path / "paths.qml"))
    assert ok, msg
    assert layer.renderer().type() == "categorizedSymbol"
    assert layer.renderer().classAttribute() == "class_code"
    assert [c.label() for c in layer.renderer().categories()] == ["correct", "too long", "too short"]
    assert r["UNMATCHED_GT"].featureCount() == 0


def test_empty_prediction_conventions(run_alg):
    r = run_alg("roadmetrics:optp", {"GROUND_TRUTH": memory_layer(ROAD),
                                     "PREDICTION": memory_layer([])})
    assert r["RECALL"] == 0.0 and r["F1"] == 0.0 and math.isnan(r["PRECISION"])
    s = json.loads(r["SCORES"])
    assert s["scores"]["PRECISION"] is None and any("empty" in w for w in s["warnings"])
    r = run_alg("roadmetrics:tlts", {"GROUND_TRUTH": memory_layer(ROAD),
                                     "PREDICTION": memory_layer([])})
    assert r["INFEASIBLE"] == 1.0


def test_empty_ground_truth_is_a_clear_error(run_alg):
    for aid in ("roadmetrics:tlts", "roadmetrics:optp"):
        with pytest.raises(QgsProcessingException) as e:
            run_alg(aid, {"GROUND_TRUTH": memory_layer([]), "PREDICTION": memory_layer(ROAD)})
        assert "no usable line" in str(e.value)


def test_bad_parameter_is_a_clear_error(run_alg):
    with pytest.raises(QgsProcessingException) as e:
        run_alg("roadmetrics:optp", {"GROUND_TRUTH": memory_layer(ROAD),
                                     "PREDICTION": memory_layer(ROAD), "DISCONNECTION_PENALTY": 0})
    assert "DISCONNECTION_PENALTY" in str(e.value) or "penalty" in str(e.value).lower()


def test_sample_matches_core(run_alg):
    from core.runner import run as run_spec
    gt, pred = load_lines(GT_SAMPLE), load_lines(PRED_SAMPLE)
    for aid, key in (("tlts", "CORRECT"), ("optp", "F1")):
        r = run_alg(f"roadmetrics:{aid}", {"GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE,
                                           "SEED": 3})
        core = run_spec(aid, gt, pred, {"SEED": 3})
        assert r[key] == pytest.approx(core.score(key), abs=1e-12)
        assert 0.0 < r[key] < 1.0


def test_optp_sinks_load_styled(run_alg, tmp_path):
    from qgis.core import QgsProcessingContext
    ctx = QgsProcessingContext()
    r = run_alg("roadmetrics:optp", {"GROUND_TRUTH": memory_layer(ROAD),
                                     "PREDICTION": memory_layer(GAP),
                                     "UNMATCHED_GT": str(tmp_path / "gaps.shp")}, ctx)
    layer = QgsVectorLayer(r["UNMATCHED_GT"], "g", "ogr")
    msg, ok = layer.loadNamedStyle(str(tmp_path / "gaps.qml"))
    assert ok, msg
    assert layer.renderer().symbol().color().name() == "#d7191c"


def test_qgis_process_json(run_alg, qgis_process, tmp_path):
    out = str(tmp_path / "pieces.gpkg")
    res = qgis_process("roadmetrics:optp", f"GROUND_TRUTH={GT_SAMPLE}", f"PREDICTION={PRED_SAMPLE}",
                       f"UNMATCHED_PRED={out}")
    direct = run_alg("roadmetrics:optp", {"GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE})
    assert res["F1"] == pytest.approx(direct["F1"], abs=1e-12)
    assert json.loads(res["SCORES"])["metric"] == "optp"
    assert os.path.exists(out) and os.path.exists(str(tmp_path / "pieces.qml"))
