"""evaluate with a benchmark protocol in QGIS (issue 33): the protocol's
numbers for APLS and TOPO, their own definitions beside in SCORES and the
report, identical to the library; tiles refused with the library's sentence."""
import json

import pytest
from conftest import memory_layer

from qgis.core import QgsProcessingException

GT = ["LINESTRING(200 500, 601 500, 601 900)", "LINESTRING(601 500, 1200 500)"]
PRED = ["LINESTRING(200 502, 390.7 502)", "LINESTRING(601 502, 601 900)",
        "LINESTRING(601 502, 1200 502)"]


def test_protocol_numbers_and_own_definitions(run_alg, tmp_path):
    import roadnetworkmetrics as rnm
    gt, pred = memory_layer(GT), memory_layer(PRED)
    report = str(tmp_path / "r.html")
    r = run_alg("roadmetrics:evaluate", {"GROUND_TRUTH": gt, "PREDICTION": pred,
                                         "METRICS": [0], "PROTOCOL": 1, "REPORT": report})
    s = json.loads(r["SCORES"])
    apls = s["results"]["apls"]
    assert apls["parameters"]["VARIANT"] == "sat2graph"
    assert apls["details"]["protocol"] == {"name": "sat2graph_cityscale", "version": "1"}
    gl = [[(200, 500), (601, 500), (601, 900)], [(601, 500), (1200, 500)]]
    pl = [[(200, 502), (390.7, 502)], [(601, 502), (601, 900)], [(601, 502), (1200, 502)]]
    lib = rnm.apls(rnm.read(gl, crs="EPSG:3067"), rnm.read(pl, crs="EPSG:3067"), VARIANT="sat2graph")
    own = rnm.apls(rnm.read(gl, crs="EPSG:3067"), rnm.read(pl, crs="EPSG:3067"))
    assert r["APLS"] == lib.scores["APLS"]
    assert apls["details"]["clean_scores"]["APLS"] == own.scores["APLS"]
    with open(report, encoding="utf-8") as f:
        text = f.read()
    assert "Protocol sat2graph_cityscale (version 1)" in text and "own definition" in text


def test_protocol_with_tiles_is_refused(run_alg):
    with pytest.raises(QgsProcessingException, match="A protocol scores whole tiles as its "
                                                     "benchmark cuts them"):
        run_alg("roadmetrics:evaluate", {"GROUND_TRUTH": memory_layer(GT),
                                         "PREDICTION": memory_layer(PRED), "METRICS": [0],
                                         "PROTOCOL": 1, "TILE_SIZE": 500})
