"""roadmetrics:evaluate: numbers equal the single algorithms, the report and
tables are written, tiles aggregate, bad JSON is a clear error."""
import json
import os
import shutil
import subprocess

import pytest
from conftest import GT_SAMPLE, PRED_SAMPLE, memory_layer

from qgis.core import QgsProcessingException, QgsVectorLayer


def test_evaluate_matches_single_algorithm_and_writes_outputs(run_alg, tmp_path):
    report = str(tmp_path / "report.html")
    r = run_alg("roadmetrics:evaluate", {
        "GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE, "METRICS": ["apls"] and [0],
        "REPORT": report, "SCORES_TABLE": "TEMPORARY_OUTPUT", "TILE_SCORES": "TEMPORARY_OUTPUT"})
    single = run_alg("roadmetrics:apls", {"GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE})
    assert r["APLS"] == pytest.approx(single["APLS"], abs=1e-12)
    with open(report, encoding="utf-8") as fh:
        text = fh.read()
    assert "<svg" in text and "APLS_GT_TO_PRED" in text and "http://" not in text.replace(
        "http://www.w3.org/2000/svg", "")
    # one inline script (the map's pan and zoom), nothing loaded from elsewhere
    assert text.count("<script") == 1 and "<script src" not in text
    table = r["SCORES_TABLE"]
    rows = {f["key"]: f["value"] for f in table.getFeatures()}
    assert rows["APLS"] == pytest.approx(r["APLS"])
    tiles = r["TILE_SCORES"]
    assert tiles.featureCount() == 1
    s = json.loads(r["SCORES"])
    assert s["metrics"] == ["apls"] and "apls" in s["results"]


@pytest.mark.slow
def test_tiled_pooled_and_mean(run_alg, tmp_path):
    base = {"GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE, "METRICS": [0],
            "TILE_SIZE": 600.0, "WORKERS": 1}
    pooled = run_alg("roadmetrics:evaluate", dict(base, TILE_SCORES=str(tmp_path / "t.gpkg")))
    mean = run_alg("roadmetrics:evaluate", dict(base, AGGREGATION=1,
                                                TILE_SCORES=str(tmp_path / "m.gpkg")))
    sp, sm = json.loads(pooled["SCORES"]), json.loads(mean["SCORES"])
    assert sp["aggregation"] == "pooled" and sm["aggregation"] == "mean"
    # the scores of each tile are in the TILE_SCORES layer, not in SCORES
    assert set(sm["tiles"]) == {"count", "empty", "failed"}
    tiles = [f for f in QgsVectorLayer(str(tmp_path / "m.gpkg"), "m", "ogr").getFeatures()
             if not f["empty"]]
    vals = [f["apls"] for f in tiles]
    assert len(vals) == sm["tiles"]["count"] - sm["tiles"]["empty"]
    assert mean["APLS"] == pytest.approx(sum(vals) / len(vals))
    assert pooled["APLS"] != pytest.approx(mean["APLS"])
    layer = QgsVectorLayer(str(tmp_path / "t.gpkg"), "t", "ogr")
    assert layer.featureCount() == sp["tiles"]["count"]
    assert os.path.exists(str(tmp_path / "t.qml"))
    # identical numbers on two local processes
    par = run_alg("roadmetrics:evaluate", dict(base, WORKERS=2))
    assert par["APLS"] == pytest.approx(pooled["APLS"], abs=1e-12)


def test_tiles_from_a_polygon_layer(run_alg):
    gt = memory_layer(["LINESTRING(0 0, 200 0)", "LINESTRING(1000 0, 1200 0)"])
    tiles = memory_layer(["POLYGON((-10 -10, 300 -10, 300 10, -10 10, -10 -10))",
                          "POLYGON((900 -10, 1300 -10, 1300 10, 900 10, 900 -10))"], geom="Polygon")
    r = run_alg("roadmetrics:evaluate", {"GROUND_TRUTH": gt, "PREDICTION": gt, "METRICS": [0],
                                         "TILES": tiles})
    s = json.loads(r["SCORES"])
    assert s["tiles"]["count"] == 2 and r["APLS"] == pytest.approx(1.0)


def test_bad_parameters_json_is_a_clear_error(run_alg):
    with pytest.raises(QgsProcessingException) as e:
        run_alg("roadmetrics:evaluate", {"GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE,
                                         "METRICS": [0], "PARAMETERS": "{not json"})
    assert "JSON" in str(e.value)


def test_per_metric_parameters(run_alg):
    r = run_alg("roadmetrics:evaluate", {"GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE,
                                         "METRICS": [0],
                                         "PARAMETERS": '{"apls": {"VARIANT": "sat2graph"}}'})
    s = json.loads(r["SCORES"])
    assert s["results"]["apls"]["parameters"]["VARIANT"] == "sat2graph"


def test_report_renders_in_headless_chromium(run_alg, tmp_path):
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None:
        pytest.skip("chromium is not installed (documented check in docs/evaluate.md)")
    report = str(tmp_path / "report.html")
    run_alg("roadmetrics:evaluate", {"GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE,
                                     "METRICS": [0], "REPORT": report})
    png = str(tmp_path / "report.png")
    subprocess.run([exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking", "--disable-component-update",
                    "--disable-sync", f"--user-data-dir={tmp_path / 'chr'}", "--window-size=1000,1400",
                    f"--screenshot={png}", "file://" + report], capture_output=True, timeout=120)
    assert os.path.exists(png) and os.path.getsize(png) > 20000


@pytest.mark.slow
def test_metrics_on_two_processes_give_the_serial_numbers(run_alg):
    # without tiles WORKERS spreads the metrics over processes (spawned from QGIS)
    base = {"GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE, "METRICS": [0, 2, 4, 10]}
    one = run_alg("roadmetrics:evaluate", dict(base, WORKERS=1))
    two = run_alg("roadmetrics:evaluate", dict(base, WORKERS=2))
    keys = [k for k, v in one.items() if isinstance(v, float) and v == v]
    assert len(keys) > 10
    assert all(one[k] == two[k] for k in keys)


def test_metrics_on_processes_spawned_from_qgis_process(run_alg, qgis_process):
    # the worker is started from qgis_process (whose sys.executable is not a Python)
    from test_tools_processing import metric_index
    chosen = [metric_index(m) for m in ("ccq", "distances", "junct", "optj")]
    res = qgis_process("roadmetrics:evaluate", f"GROUND_TRUTH={GT_SAMPLE}", f"PREDICTION={PRED_SAMPLE}",
                       "METRICS=" + ",".join(map(str, chosen)), "WORKERS=2")
    assert json.loads(res["SCORES"])["errors"] == {}
    serial = run_alg("roadmetrics:evaluate", {"GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE,
                                              "METRICS": chosen, "WORKERS": 1})
    for k in ("CCQ_QUALITY", "DISTANCES_HD95", "JUNCT_F1", "OPTJ_F1"):
        assert res[k] == pytest.approx(serial[k], abs=1e-12), k


@pytest.mark.slow
def test_tile_scores_in_a_shapefile_keep_every_score_apart(run_alg, tmp_path):
    """A shapefile cuts field names to 10 characters: boundaryf_precision,
    boundaryf_recall, ... would all become 'boundaryf_' and numbered copies.
    The plugin names them itself (unique, at most 10 characters), the full
    names are the fields' aliases (the .qml sidecar) and every value is the
    one of the GeoPackage output."""
    from test_tools_processing import metric_index
    from core import registry
    metrics = ["boundaryf", "ccq", "distances", "instances"]
    base = {"GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE,
            "METRICS": [metric_index(m) for m in metrics], "WORKERS": 1}
    shp, gpkg = str(tmp_path / "tiles.shp"), str(tmp_path / "full.gpkg")
    run_alg("roadmetrics:evaluate", dict(base, TILE_SCORES=shp))
    run_alg("roadmetrics:evaluate", dict(base, TILE_SCORES=gpkg))
    short = QgsVectorLayer(shp, "shp", "ogr")
    full = QgsVectorLayer(gpkg, "gpkg", "ogr")
    names = short.fields().names()
    assert all(len(n) <= 10 for n in names) and len(set(n.lower() for n in names)) == len(names)
    keys = [registry.get(m).output_key(o.name) for m in metrics for o in registry.get(m).outputs]
    score_names = names[5:]
    assert len(score_names) == len(keys) and "boun_preci" in score_names
    with open(str(tmp_path / "tiles.qml"), encoding="utf-8") as fh:
        qml = fh.read()
    assert 'field="boun_preci"' in qml and 'name="BOUNDARYF_PRECISION"' in qml
    # as QGIS opens it: the sidecar is the default style, the alias is shown
    assert short.fields().field("boun_preci").alias() == "BOUNDARYF_PRECISION"
    fs, fg = next(short.getFeatures()), next(full.getFeatures())
    for s, k in zip(score_names, keys):
        a, b = fs[s], fg[k.lower()]
        if b is None or b != b:
            assert a is None or a != a, k
        else:
            assert a == pytest.approx(b, rel=1e-12), k


def test_tiles_intervals_parameters(run_alg, tmp_path):
    """CI_LEVEL / CI_RESAMPLES / CI_METHOD: the intervals over tiles in SCORES,
    the scores table and the report; 0 resamples: none; a level of 1 refused."""
    from qgis.core import QgsVectorLayer
    base = {"GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE, "METRICS": [0],
            "TILE_SIZE": 600.0, "WORKERS": 1, "CI_RESAMPLES": 1000, "CI_METHOD": 1,
            "CI_LEVEL": 0.8}
    report = str(tmp_path / "r.html")
    r = run_alg("roadmetrics:evaluate", dict(base, REPORT=report,
                                             SCORES_TABLE=str(tmp_path / "s.gpkg")))
    iv = json.loads(r["SCORES"])["intervals"]
    assert (iv["method"], iv["level"], iv["resamples"], iv["seed"]) == ("percentile", 0.8, 1000, 0)
    lo, hi = iv["scores"]["APLS"]["ci_low"], iv["scores"]["APLS"]["ci_high"]
    assert lo < r["APLS"] < hi
    rows = {f["key"]: f for f in QgsVectorLayer(str(tmp_path / "s.gpkg"), "s", "ogr").getFeatures()}
    assert (rows["APLS"]["ci_low"], rows["APLS"]["ci_high"]) == (lo, hi)
    with open(report, encoding="utf-8") as fh:
        text = fh.read()
    assert "Intervals over tiles" in text and "percentile 80 %" in text
    none = run_alg("roadmetrics:evaluate", dict(base, CI_RESAMPLES=0))
    assert json.loads(none["SCORES"])["intervals"]["scores"]["APLS"]["ci_low"] is None
    assert none["APLS"] == r["APLS"]
    with pytest.raises(QgsProcessingException, match="confidence level"):
        run_alg("roadmetrics:evaluate", dict(base, CI_LEVEL=1.0))
