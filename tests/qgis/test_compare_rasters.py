"""roadmetrics:compare with rasters (issue 21): several model outputs
(PREDICTION_RASTERS) beside line layers, a raster ground truth
(GROUND_TRUTH_RASTER), the RASTER_* parameters shared by every raster and
each extraction recorded in RESULTS and the report; the numbers of
extracting in the core then scoring; bad combinations refused with one
sentence, the rasters unchanged."""
import json

import numpy as np
import pytest
from qgis.core import QgsProcessingException

from conftest import memory_layer

from core.network.lineset import LineSet
from core.raster.centrelines import extract_centrelines
from core.runner import run
from test_raster_inputs import (PIX, X0, Y0, cross, digest, gdal_transform, gt_layer, gt_lines,
                                write_tif)
from test_tools_processing import metric_index

T = gdal_transform((X0, PIX, 0.0, Y0, 0.0, -PIX))


def one_road(value=1, dtype=np.uint8):
    """The cross without its north-south road (a method that misses it)."""
    a = cross(value, dtype)
    a[:, 75:85] = 0
    a[55:65, 10:150] = value
    return a


def _overall(res, key):
    doc = json.loads(res["RESULTS"])
    return dict(zip(doc["methods"], doc["scores"][key]["overall"]))


def test_raster_methods_beside_a_line_layer(run_alg, tmp_path):
    full = write_tif(tmp_path / "full.tif", cross())
    half = write_tif(tmp_path / "half.tif", one_road())
    before = digest(full, half)
    lines = gt_layer()
    lines.setName("lines")
    report = str(tmp_path / "cmp.html")
    res = run_alg("roadmetrics:compare", {
        "GROUND_TRUTH": gt_layer(), "PREDICTIONS": [lines], "PREDICTION_RASTERS": [full, half],
        "METRICS": [metric_index("ccq")], "WORKERS": 1, "RASTER_SIMPLIFY": 1.0,
        "REPORT": report})
    doc = json.loads(res["RESULTS"])
    assert doc["methods"] == ["lines", "full", "half"]
    gt = LineSet([np.array(line) for line in gt_lines()])
    f1 = _overall(res, "CCQ_F1")
    for name, mask in (("full", cross()), ("half", one_road())):
        core = run("ccq", gt, extract_centrelines(mask, T, simplify_m=1.0))
        assert f1[name] == core.scores["F1"], name
    assert f1["lines"] == 1.0 and f1["full"] > f1["half"]
    assert [r["method"] for r in doc["ranking"]["CCQ_F1"]] == ["lines", "full", "half"]
    recs = doc["prediction_rasters"]
    assert set(recs) == {"full", "half"} and "ground_truth_raster" not in doc
    assert recs["full"]["source"] == "full.tif" and recs["half"]["simplify_m"] == 1.0
    assert recs["full"]["lines"] == 4 and recs["half"]["lines"] == 1
    with open(report, encoding="utf-8") as fh:
        text = fh.read()
    assert "half raster: centreline extraction" in text and "simplify_m 1.0" in text
    assert digest(full, half) == before


def test_raster_ground_truth_and_probability_maps(run_alg, tmp_path):
    """A mask as the ground truth, two probability maps as the methods:
    one threshold for both, every extraction recorded."""
    gt = write_tif(tmp_path / "gt.tif", cross())
    prob = lambda a: (a * np.float32(0.8) + np.float32(0.1)).astype(np.float32)  # noqa: E731
    a = write_tif(tmp_path / "a.tif", prob(cross(1, np.float32)))
    b = write_tif(tmp_path / "b.tif", prob(one_road(1, np.float32)))
    res = run_alg("roadmetrics:compare", {
        "GROUND_TRUTH_RASTER": gt, "PREDICTION_RASTERS": [a, b], "RASTER_THRESHOLD": 0.5,
        "METRICS": [metric_index("ccq"), metric_index("apls")], "WORKERS": 1})
    doc = json.loads(res["RESULTS"])
    assert doc["ground_truth_raster"]["source"] == "gt.tif"
    assert doc["ground_truth_raster"]["threshold"] == 0.5  # one setting for every raster
    assert {k: r["threshold"] for k, r in doc["prediction_rasters"].items()} == \
        {"a": 0.5, "b": 0.5}
    core_gt = extract_centrelines(cross(), T)
    core_b = extract_centrelines(one_road(), T)
    assert _overall(res, "CCQ_F1")["b"] == run("ccq", core_gt, core_b).scores["F1"]
    assert _overall(res, "CCQ_F1")["a"] == 1.0
    # without the threshold a probability map is refused with the reason
    with pytest.raises(QgsProcessingException, match="not a 0/1 mask"):
        run_alg("roadmetrics:compare", {"GROUND_TRUTH_RASTER": gt, "PREDICTION_RASTERS": [a, b],
                                        "METRICS": [metric_index("ccq")], "WORKERS": 1})


def test_compare_raster_inputs_refused_clearly(run_alg, tmp_path):
    tif = write_tif(tmp_path / "m.tif", cross())
    before = digest(tif)
    ccq = [metric_index("ccq")]
    cases = [
        ({"GROUND_TRUTH": gt_layer(), "GROUND_TRUTH_RASTER": tif, "PREDICTION_RASTERS": [tif, tif]},
         "not both"),
        ({"PREDICTION_RASTERS": [tif, tif]}, "Give the ground truth as lines"),
        ({"GROUND_TRUTH": gt_layer(), "PREDICTION_RASTERS": [tif]}, "at least two"),
        ({"GROUND_TRUTH": gt_layer(), "PREDICTION_RASTERS": [tif, tif], "RASTER_BAND": 2},
         "band 2"),
    ]
    wkts = [f"LINESTRING({X0} {Y0}, {X0 + 50} {Y0})"]
    with_class = memory_layer(wkts, fields=[("class", "string")], values=[["a"]])
    cases.append(({"GROUND_TRUTH": with_class, "PREDICTIONS": [with_class],
                   "PREDICTION_RASTERS": [tif], "PARAMETERS": '{"ccq": {"CLASS_FIELD": "class"}}'},
                  "missing from the prediction"))  # a raster's centrelines have no attributes
    for params, pattern in cases:
        with pytest.raises(QgsProcessingException, match=pattern):
            run_alg("roadmetrics:compare", dict(params, METRICS=ccq, WORKERS=1))
    empty = write_tif(tmp_path / "empty.tif", np.zeros((50, 50), np.uint8))
    with pytest.raises(QgsProcessingException, match="no road pixel.*needs at least one line"):
        run_alg("roadmetrics:compare", {"GROUND_TRUTH_RASTER": empty,
                                        "PREDICTION_RASTERS": [tif, tif], "METRICS": ccq})
    # an empty method is a method that finds nothing, with a warning
    res = run_alg("roadmetrics:compare", {"GROUND_TRUTH": gt_layer(),
                                          "PREDICTION_RASTERS": [tif, empty], "METRICS": ccq,
                                          "WORKERS": 1})
    doc = json.loads(res["RESULTS"])
    assert any("no road pixel" in w for w in doc["input_warnings"])
    assert _overall(res, "CCQ_F1")["empty"] == 0.0
    assert digest(tif) == before


def test_compare_rasters_through_qgis_process(qgis_process, tmp_path):
    """Several rasters are given by repeating PREDICTION_RASTERS; the
    numbers of processing.run."""
    gt = write_tif(tmp_path / "gt.tif", cross())
    a = write_tif(tmp_path / "a.tif", cross())
    b = write_tif(tmp_path / "b.tif", one_road())
    res = qgis_process("roadmetrics:compare", f"GROUND_TRUTH_RASTER={gt}",
                       f"PREDICTION_RASTERS={a}", f"PREDICTION_RASTERS={b}",
                       f"METRICS={metric_index('ccq')}", "WORKERS=1")
    doc = json.loads(res["RESULTS"])
    assert doc["methods"] == ["a", "b"] and sorted(doc["prediction_rasters"]) == ["a", "b"]
    core = run("ccq", extract_centrelines(cross(), T), extract_centrelines(one_road(), T))
    assert doc["scores"]["CCQ_F1"]["overall"] == [1.0, core.scores["F1"]]


def test_a_leftover_threshold_on_line_methods_is_ignored_with_a_warning(run_alg):
    """As the metric algorithms: a RASTER_THRESHOLD left from an earlier raster
    run, with every input a line layer, does not abort compare; RESULTS say it
    was ignored."""
    res = run_alg("roadmetrics:compare", {
        "GROUND_TRUTH": gt_layer(), "PREDICTIONS": [gt_layer(), gt_layer()],
        "METRICS": [metric_index("ccq")], "RASTER_THRESHOLD": 0.5, "WORKERS": 1})
    warnings = json.loads(res["RESULTS"])["input_warnings"]
    assert any("RASTER_THRESHOLD only apply to a raster input" in w and "ignored" in w
               for w in warnings)
