"""roadmetrics:subg, roadmetrics:optg and roadmetrics:topo through processing.run:
parameters, numbers, styled point sinks."""
import json
import math
import os

import pytest
from conftest import GT_SAMPLE, PRED_SAMPLE, load_lines, memory_layer

from qgis.core import NULL, QgsProcessingException, QgsVectorLayer

# Citraro et al. Fig. 3: two parallel roads 8 m apart joined at both ends; prediction: one
GT_FIG3 = ["LINESTRING(0 0, 200 0)", "LINESTRING(0 0, 0 8, 200 8, 200 0)"]
PRED_FIG3 = ["LINESTRING(0 0, 200 0)"]
SINKS = {"MATCHED": "TEMPORARY_OUTPUT", "UNMATCHED_GT": "TEMPORARY_OUTPUT",
         "UNMATCHED_PRED": "TEMPORARY_OUTPUT"}
FIELDS = ["source", "seed_id", "n_subgraphs", "seed_distance", "match_distance", "heading"]


@pytest.mark.parametrize("alg,params", [
    ("subg", ["N_SEEDS", "RADIUS", "SPACING", "MATCH_DISTANCE", "SEED"]),
    ("optg", ["N_SEEDS", "RADIUS", "SPACING", "MATCH_DISTANCE", "MATCHING", "SEED"]),
    ("topo", ["RADIUS", "SPACING", "MATCH_DISTANCE", "ANGLE_TOLERANCE", "SEED_SPACING",
              "AGGREGATION"]),
])
def test_algorithms_registered(qgis_app, alg, params):
    from qgis.core import QgsApplication
    a = QgsApplication.processingRegistry().algorithmById(f"roadmetrics:{alg}")
    assert a is not None
    names = [d.name() for d in a.parameterDefinitions()]
    for n in params + ["GROUND_TRUTH", "PREDICTION", "MATCHED", "UNMATCHED_GT", "UNMATCHED_PRED"]:
        assert n in names, n
    if alg == "topo":
        assert "SEED" not in names  # deterministic
    outs = [o.name() for o in a.outputDefinitions()]
    for n in ("PRECISION", "RECALL", "F1", "TP", "FP", "FN", "SCORES"):
        assert n in outs


def test_fig3_subg_versus_optg(run_alg):
    gt, pred = memory_layer(GT_FIG3), memory_layer(PRED_FIG3)
    p = {"GROUND_TRUTH": gt, "PREDICTION": pred, "N_SEEDS": 50, "RADIUS": 1000, **SINKS}
    s = run_alg("roadmetrics:subg", p)
    o = run_alg("roadmetrics:optg", p)
    # 84 holes (40 on A, 44 on B) and 40 marbles per seed: SUBG fills every hole,
    # OPT-G pairs 40 of 84
    assert s["RECALL"] == 1.0 and s["PRECISION"] == 1.0 and s["TP"] == 84 * 50
    assert o["RECALL"] == pytest.approx(10 / 21) and o["PRECISION"] == 1.0
    assert (o["TP"], o["FN"], o["FP"]) == (40 * 50, 44 * 50, 0)
    um = o["UNMATCHED_GT"]
    assert um.featureCount() == 44
    assert [f.name() for f in um.fields()] == FIELDS
    f = next(um.getFeatures())
    assert f["source"] == "ground_truth" and f["n_subgraphs"] == 50 and f["seed_id"] == 0
    assert f["match_distance"] == NULL  # unmatched: no partner distance
    assert s["UNMATCHED_GT"].featureCount() == 0
    assert o["MATCHED"].featureCount() == 80  # 40 holes of A + 40 marbles
    js = json.loads(o["SCORES"])
    assert js["parameters"]["MATCHING"] == "optimal" and js["counts"]["seeds"] == 50


def test_topo_crossing_road_and_aggregation_enum(run_alg):
    gt = memory_layer(["LINESTRING(0 0, 200 0)"])
    pred = memory_layer(["LINESTRING(0 0, 100 0)", "LINESTRING(100 -100, 100 0, 100 100)"])
    r = run_alg("roadmetrics:topo", {"GROUND_TRUTH": gt, "PREDICTION": pred, **SINKS})
    # see tests/core/metrics/subgraphs/test_topo.py: TP 40, FP 80 (the crossing road), FN 120
    assert (r["TP"], r["FP"], r["FN"]) == (40, 80, 120)
    assert r["PRECISION"] == pytest.approx(1 / 3) and r["RECALL"] == pytest.approx(0.25)
    spur = r["UNMATCHED_PRED"]
    assert spur.featureCount() == 40
    assert all(f.geometry().asPoint().x() == 100 for f in spur.getFeatures())
    m = run_alg("roadmetrics:topo", {"GROUND_TRUTH": gt, "PREDICTION": memory_layer(
        ["LINESTRING(0 0, 100 0)"]), "RADIUS": 50, "AGGREGATION": 1})
    assert m["RECALL"] == pytest.approx(0.425)
    assert json.loads(m["SCORES"])["parameters"]["AGGREGATION"] == "mean"


def test_empty_prediction_nan_precision(run_alg):
    r = run_alg("roadmetrics:optg", {"GROUND_TRUTH": memory_layer(GT_FIG3),
                                     "PREDICTION": memory_layer([]), "N_SEEDS": 20})
    assert r["RECALL"] == 0.0 and r["F1"] == 0.0 and math.isnan(r["PRECISION"])
    assert json.loads(r["SCORES"])["scores"]["PRECISION"] is None


def test_bad_parameter_is_a_processing_error(run_alg):
    with pytest.raises(QgsProcessingException) as e:
        run_alg("roadmetrics:topo", {"GROUND_TRUTH": memory_layer(GT_FIG3),
                                     "PREDICTION": memory_layer(PRED_FIG3),
                                     "SEED_SPACING": 0.0})
    assert "SEED_SPACING" in str(e.value) or "invalid" in str(e.value).lower()


@pytest.mark.parametrize("sink,color", [("MATCHED", "#1a9641"), ("UNMATCHED_GT", "#d7191c"),
                                        ("UNMATCHED_PRED", "#fd8d3c")])
def test_sink_styles(qgis_app, sink, color):
    from core import registry
    from roadmetrics.ui.styles import StylePostProcessor
    for alg in ("subg", "optg", "topo"):
        s = [s for s in registry.get(alg).sinks if s.name == sink][0]
        layer = memory_layer([], geom="Point")
        StylePostProcessor.create(s.geometry, s.style).postProcessLayer(layer, None, None)
        assert layer.renderer().symbol().color().name() == color


def test_sample_topo_matches_core_and_file_sink_is_styled(run_alg, tmp_path):
    from core.runner import run as run_spec
    out = str(tmp_path / "missing.gpkg")
    r = run_alg("roadmetrics:topo", {"GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE,
                                     "UNMATCHED_GT": out})
    core = run_spec("topo", load_lines(GT_SAMPLE), load_lines(PRED_SAMPLE))
    assert r["F1"] == pytest.approx(core.score("F1"), abs=1e-12)
    assert 0.5 < r["RECALL"] < 0.9 and 0.8 < r["PRECISION"] <= 1.0
    assert os.path.exists(str(tmp_path / "missing.qml"))
    layer = QgsVectorLayer(out, "m", "ogr")
    assert layer.featureCount() == len(core.layers["UNMATCHED_GT"]) > 0


def test_qgis_thread_setting_sets_the_cores(run_alg, monkeypatch):
    """A metric algorithm may use as many cores as QGIS's thread setting
    allows (ui/compat.py max_threads; -1: all); the numbers do not change."""
    from qgis.core import QgsApplication
    from core.metrics.subgraphs import evaluation
    from core.parallel import available_cores
    monkeypatch.setattr(evaluation, "PARALLEL_PAIRS", 0)
    used = []
    real = evaluation.process_map
    monkeypatch.setattr(evaluation, "process_map",
                        lambda *a, **k: used.append(a[4]) or real(*a[:4], 1, **k))
    before = QgsApplication.maxThreads()
    out, allowed = {}, []
    try:
        for n in (1, 2, -1):
            QgsApplication.setMaxThreads(n)
            # what QGIS made of it: QGIS 3.40 keeps at least 2 threads (1 reads back as 2)
            m = QgsApplication.maxThreads()
            allowed.append(available_cores() if m <= 0 else m)
            r = run_alg("roadmetrics:topo", {"GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE})
            out[n] = json.loads(r["SCORES"])["scores"]
    finally:
        QgsApplication.setMaxThreads(before)
    assert used == allowed
    assert allowed[1] == 2 and allowed[2] == available_cores()
    assert out[1] == out[2] == out[-1]
