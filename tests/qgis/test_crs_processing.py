"""The working-CRS rule (core/crs.py) through processing.run: a metre CRS
whose scale at the data is far from 1 (Web Mercator, equidistant
cylindrical at 60 N) is reprojected like a geographic one; national grids
near their area are used as they are."""
import json

import processing
import pytest

from conftest import GT_SAMPLE, PRED_SAMPLE


def _reprojected(path, epsg):
    return processing.run("native:reprojectlayer", {
        "INPUT": path, "TARGET_CRS": f"EPSG:{epsg}", "OUTPUT": "memory:"})["OUTPUT"]


@pytest.fixture(scope="module")
def native_apls(qgis_app):
    r = processing.run("roadmetrics:apls", {"GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE})
    return r["APLS"], json.loads(r["SCORES"])


@pytest.mark.parametrize("epsg", [3857, 4087])
def test_distorted_metre_crs_reprojected_to_utm(run_alg, native_apls, epsg):
    gt, pred = _reprojected(GT_SAMPLE, epsg), _reprojected(PRED_SAMPLE, epsg)
    r = run_alg("roadmetrics:apls", {"GROUND_TRUTH": gt, "PREDICTION": pred})
    s = json.loads(r["SCORES"])
    assert s["parameters"]["reprojected_to"] == "EPSG:32635"
    assert s["parameters"]["crs_scale_at_data"] == pytest.approx(2.0, abs=0.02)
    assert any(f"EPSG:{epsg}" in w and "EPSG:32635" in w for w in s["warnings"])
    # before the rule: 0.480 (3857) and 0.611 (4087) against 0.678
    assert r["APLS"] == pytest.approx(native_apls[0], abs=0.003)
    assert s["counts"]["gt_length_m"] == pytest.approx(native_apls[1]["counts"]["gt_length_m"], rel=0.003)


def test_distorted_crs_in_evaluate_scores(run_alg):
    gt, pred = _reprojected(GT_SAMPLE, 3857), _reprojected(PRED_SAMPLE, 3857)
    r = run_alg("roadmetrics:evaluate", {"GROUND_TRUTH": gt, "PREDICTION": pred,
                                         "METRICS": [0]})
    s = json.loads(r["SCORES"])
    assert s["reprojected_to"] == "EPSG:32635"
    assert s["crs_scale_at_data"] == pytest.approx(2.0, abs=0.02)


def test_national_grid_used_as_it_is(run_alg, native_apls):
    gt, pred = _reprojected(GT_SAMPLE, 3035), _reprojected(PRED_SAMPLE, 3035)
    r = run_alg("roadmetrics:apls", {"GROUND_TRUTH": gt, "PREDICTION": pred})
    s = json.loads(r["SCORES"])
    assert "reprojected_to" not in s["parameters"]
    assert s["parameters"]["working_crs"] == "EPSG:3035"
    assert r["APLS"] == pytest.approx(native_apls[0], abs=0.003)
