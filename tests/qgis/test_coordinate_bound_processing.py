"""One absurd vertex through processing.run (issue 23, item 7): the part
is skipped with a warning naming the layer (the core rule of LineSet,
docs/conventions.md), and the metrics are computed."""
import json
import math

from conftest import memory_layer

L_SHAPE = ["LINESTRING(0 0, 200 0)", "LINESTRING(200 0, 200 200)"]
GAP = ["LINESTRING(0 0, 90 0)", "LINESTRING(110 0, 200 0, 200 200)"]


def test_a_vertex_at_1e308_is_skipped_with_a_warning(run_alg):
    gt = memory_layer(L_SHAPE)
    pred = memory_layer(GAP + ["LINESTRING(0 0, 1e308 1e308)"])
    r = run_alg("roadmetrics:evaluate", {"GROUND_TRUTH": gt, "PREDICTION": pred,
                                         "METRICS": [0, 2], "WORKERS": 1})
    s = json.loads(r["SCORES"])
    warnings = [w for w in s["warnings"] if "2^53 m" in w]
    assert len(warnings) == 1 and warnings[0].startswith("prediction: 1 line part(s) skipped")
    clean = json.loads(run_alg("roadmetrics:evaluate", {
        "GROUND_TRUTH": gt, "PREDICTION": memory_layer(GAP), "METRICS": [0, 2],
        "WORKERS": 1})["SCORES"])
    assert math.isfinite(s["numbers"]["APLS"])
    assert s["numbers"] == clean["numbers"]
