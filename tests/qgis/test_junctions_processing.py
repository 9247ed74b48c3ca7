"""roadmetrics:junct and roadmetrics:optj through processing.run: the seed
paper's Fig. 2 case with memory layers, sinks and their styles, the empty
prediction convention, and the sample against the core."""
import json
import math
import os

import pytest
from conftest import GT_SAMPLE, PRED_SAMPLE, load_lines, memory_layer

from qgis.core import QgsVectorLayer

# 600 m road with roads north at x = 200 and x = 400 (two three-way junctions)
LADDER = ["LINESTRING(0 0, 200 0, 400 0, 600 0)", "LINESTRING(200 0, 200 300)",
          "LINESTRING(400 0, 400 300)"]
# the same without the road north of x = 400 (Fig. 2: a junction lost one road)
MISSING = ["LINESTRING(0 0, 200 0, 400 0, 600 0)", "LINESTRING(200 0, 200 300)"]
# every road of LADDER interrupted in its middle by a 4 m gap
BROKEN = ["LINESTRING(0 0, 98 0)", "LINESTRING(102 0, 200 0, 298 0)",
          "LINESTRING(302 0, 400 0, 498 0)", "LINESTRING(502 0, 600 0)",
          "LINESTRING(200 0, 200 148)", "LINESTRING(200 152, 200 300)",
          "LINESTRING(400 0, 400 148)", "LINESTRING(400 152, 400 300)"]
SINKS = {"MATCHED": "TEMPORARY_OUTPUT", "UNMATCHED_GT": "TEMPORARY_OUTPUT",
         "UNMATCHED_PRED": "TEMPORARY_OUTPUT"}


def test_algorithms_registered(qgis_app):
    from qgis.core import QgsApplication
    reg = QgsApplication.processingRegistry()
    j = reg.algorithmById("roadmetrics:junct")
    o = reg.algorithmById("roadmetrics:optj")
    assert j.displayName() == "JUNCT (junction recall / error, RoadTracer)"
    assert o.displayName() == "OPT-J (junctions and end points)"
    names = [d.name() for d in j.parameterDefinitions()]
    for n in ("CLUSTER_RADIUS", "MATCH_RADIUS", "DIRECTION_DISTANCE", "ANGLE_TOLERANCE",
              "MATCHED", "UNMATCHED_GT", "UNMATCHED_PRED", "DIRECTIONS"):
        assert n in names
    assert "SEED" not in names  # deterministic
    outs = [d.name() for d in j.outputDefinitions()]
    for n in ("F_CORRECT", "F_ERROR", "F1", "N_CORRECT", "N_ERROR", "GT_JUNCTIONS",
              "PRED_JUNCTIONS", "MATCHED_JUNCTIONS", "SCORES"):
        assert n in outs
    names = [d.name() for d in o.parameterDefinitions()]
    for n in ("MAX_DISTANCE", "ALPHA", "MATCHED", "UNMATCHED_GT", "UNMATCHED_PRED"):
        assert n in names
    assert "SEED" not in names
    outs = [d.name() for d in o.outputDefinitions()]
    for n in ("PRECISION", "RECALL", "F1", "TP", "PP", "AP", "SCORES"):
        assert n in outs


def test_fig2_junct_zero_of_three(run_alg):
    r = run_alg("roadmetrics:junct", dict(SINKS, GROUND_TRUTH=memory_layer(LADDER),
                                          PREDICTION=memory_layer(MISSING),
                                          DIRECTIONS="TEMPORARY_OUTPUT"))
    assert r["F_CORRECT"] == pytest.approx(0.5) and r["F_ERROR"] == 0.0
    assert r["F1"] == pytest.approx(2 / 3)
    missed = list(r["UNMATCHED_GT"].getFeatures())
    assert len(missed) == 1
    f = missed[0]
    assert f.geometry().asPoint().x() == 400 and f["f_correct"] == 0.0 and f["gt_degree"] == 3
    m = next(r["MATCHED"].getFeatures())
    assert (m["f_correct"], m["f_error"], m["gt_degree"], m["pred_degree"]) == (1.0, 0.0, 3, 3)
    assert r["UNMATCHED_PRED"].featureCount() == 0
    # 6 ground-truth rays (3 captured) and 3 predicted rays (all captured)
    rays = list(r["DIRECTIONS"].getFeatures())
    assert len(rays) == 9 and sum(x["captured"] for x in rays) == 6
    assert [fl.name() for fl in r["MATCHED"].fields()] == [
        "source", "gt_degree", "pred_degree", "gt_nodes", "pred_nodes", "f_correct", "f_error",
        "distance"]


def test_fig2_optj_two_of_three(run_alg):
    r = run_alg("roadmetrics:optj", dict(SINKS, GROUND_TRUTH=memory_layer(LADDER),
                                         PREDICTION=memory_layer(MISSING)))
    assert (r["TP"], r["PP"], r["AP"]) == (8, 8, 10)
    assert r["RECALL"] == pytest.approx(0.8) and r["PRECISION"] == 1.0
    m = [f for f in r["MATCHED"].getFeatures() if f.geometry().asPoint().x() == 400]
    assert len(m) == 1
    f = m[0]
    assert (f["gt_degree"], f["pred_degree"], f["true_positive"]) == (3, 2, 2)
    assert f["matched_to"] == "edge_point"
    um = list(r["UNMATCHED_GT"].getFeatures())
    assert len(um) == 1 and um[0]["kind"] == "dead_end"


def test_broken_roads_junct_perfect_optj_drops(run_alg):
    p = {"GROUND_TRUTH": memory_layer(LADDER), "PREDICTION": memory_layer(BROKEN)}
    j = run_alg("roadmetrics:junct", dict(p))
    assert (j["F_CORRECT"], j["F_ERROR"], j["F1"]) == (1.0, 0.0, 1.0)
    o = run_alg("roadmetrics:optj", dict(p))
    assert o["RECALL"] == pytest.approx(2 / 3) and o["PRECISION"] == 1.0


def test_empty_prediction(run_alg):
    for alg, rec, pre in (("junct", "F_CORRECT", "F_ERROR"), ("optj", "RECALL", "PRECISION")):
        r = run_alg(f"roadmetrics:{alg}", {"GROUND_TRUTH": memory_layer(LADDER),
                                           "PREDICTION": memory_layer([])})
        assert r[rec] == 0.0 and math.isnan(r[pre]) and r["F1"] == 0.0
        s = json.loads(r["SCORES"])
        assert s["scores"][pre] is None and any("empty" in w for w in s["warnings"])


def test_styled_file_outputs(run_alg, tmp_path):
    outs = {name: str(tmp_path / f"{name.lower()}.gpkg") for name in SINKS}
    r = run_alg("roadmetrics:optj", dict(outs, GROUND_TRUTH=GT_SAMPLE, PREDICTION=PRED_SAMPLE))
    for name, path in outs.items():
        qml = path[:-5] + ".qml"
        assert os.path.exists(qml), name
        layer = QgsVectorLayer(path, name, "ogr")
        msg, ok = layer.loadNamedStyle(qml)
        assert ok, msg
    layer = QgsVectorLayer(outs["MATCHED"], "m", "ogr")
    layer.loadNamedStyle(outs["MATCHED"][:-5] + ".qml")
    assert layer.renderer().type() == "graduatedSymbol"
    assert layer.renderer().classAttribute() == "deg_diff"
    miss = QgsVectorLayer(outs["UNMATCHED_GT"], "u", "ogr")
    miss.loadNamedStyle(outs["UNMATCHED_GT"][:-5] + ".qml")
    assert miss.renderer().symbol().color().name() == "#d7191c"
    spur = QgsVectorLayer(outs["UNMATCHED_PRED"], "p", "ogr")
    spur.loadNamedStyle(outs["UNMATCHED_PRED"][:-5] + ".qml")
    assert spur.renderer().symbol().color().name() == "#fd8d3c"
    assert 0.5 < r["F1"] < 1.0


@pytest.mark.parametrize("alg,key", [("junct", "F1"), ("optj", "F1")])
def test_sample_matches_core(run_alg, alg, key):
    from core import registry
    from core.runner import run as run_spec
    r = run_alg(f"roadmetrics:{alg}", {"GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE})
    core = run_spec(alg, load_lines(GT_SAMPLE), load_lines(PRED_SAMPLE))
    for o in registry.get(alg).outputs:
        assert r[o.name] == pytest.approx(core.score(o.name), abs=1e-12), o.name
