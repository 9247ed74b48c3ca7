"""One engine, three faces: for every metric, the library, the command line
and qgis_process give identical scores on the sample (default parameters;
the sampled metrics with their default SEED)."""
import json
import os
import sys

import pytest

from conftest import GT_SAMPLE, PRED_SAMPLE

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "library"))

import roadnetworkmetrics as rnm  # noqa: E402
from helpers_lib import cli  # noqa: E402
from core import registry  # noqa: E402


@pytest.mark.parametrize("metric", rnm.metrics())
def test_library_cli_and_qgis_process_identical(qgis_process, metric):
    lib = rnm.compute(metric, GT_SAMPLE, PRED_SAMPLE).to_dict()["scores"]
    c = cli(metric, GT_SAMPLE, PRED_SAMPLE, "--json")
    assert c.returncode == 0, c.stderr
    from_cli = json.loads(c.stdout)["scores"]
    res = qgis_process(f"roadmetrics:{metric}", f"GROUND_TRUTH={GT_SAMPLE}",
                       f"PREDICTION={PRED_SAMPLE}")
    from_qgis = json.loads(res["SCORES"])["scores"]
    assert from_cli == lib
    # QGIS names the scores by the algorithm's output ids (F1), the library and the
    # command line as evaluate does (TOPO_F1): the same numbers
    spec = registry.get(metric)
    assert {spec.output_key(k): v for k, v in from_qgis.items()} == lib


def rasterised_prediction(path, pixel_m=1.0, width_px=2):
    """The sample's prediction burnt into a 0/1 GeoTIFF (GDAL): lines
    rasterised at ``pixel_m`` and widened by ``width_px`` pixels each side
    (scipy), a mask like a segmentation model's."""
    import numpy as np
    from osgeo import gdal, ogr
    from scipy import ndimage
    src = ogr.Open(PRED_SAMPLE)
    layer = src.GetLayer(0)
    x0, x1, y0, y1 = layer.GetExtent()
    w, h = int((x1 - x0) / pixel_m) + 20, int((y1 - y0) / pixel_m) + 20
    mem = gdal.GetDriverByName("MEM").Create("", w, h, 1, gdal.GDT_Byte)
    mem.SetGeoTransform((x0 - 10 * pixel_m, pixel_m, 0.0, y1 + 10 * pixel_m, 0.0, -pixel_m))
    mem.SetProjection(layer.GetSpatialRef().ExportToWkt())
    gdal.RasterizeLayer(mem, [1], layer, burn_values=[1])
    mask = ndimage.binary_dilation(mem.GetRasterBand(1).ReadAsArray() > 0,
                                   iterations=width_px).astype(np.uint8)
    out = gdal.GetDriverByName("GTiff").CreateCopy(str(path), mem)
    out.GetRasterBand(1).WriteArray(mask)
    out = mem = src = None
    return str(path)


def test_raster_prediction_identical_on_every_face(qgis_process, tmp_path):
    """A GeoTIFF prediction: its centrelines extracted by each face (GDAL in
    QGIS, rasterio or GDAL in the library) give the same scores and record."""
    tif = rasterised_prediction(tmp_path / "pred_mask.tif")
    lib = rnm.compute("ccq", GT_SAMPLE, tif, {"raster_prune": 8.0}).to_dict()
    c = cli("ccq", GT_SAMPLE, tif, "--raster-prune", "8", "--json")
    assert c.returncode == 0, c.stderr
    from_cli = json.loads(c.stdout)
    res = qgis_process("roadmetrics:ccq", f"GROUND_TRUTH={GT_SAMPLE}",
                       f"PREDICTION_RASTER={tif}", "RASTER_PRUNE=8")
    from_qgis = json.loads(res["SCORES"])
    qualified = {registry.get("ccq").output_key(k): v for k, v in from_qgis["scores"].items()}
    assert from_cli["scores"] == lib["scores"] and qualified == lib["scores"]
    assert lib["scores"]["CCQ_QUALITY"] > 0.8
    rec = lib["parameters"]["prediction_raster"]
    assert rec["prune_m"] == 8.0 and rec["lines"] > 100
    for doc in (from_cli, from_qgis):
        assert doc["parameters"]["prediction_raster"] == rec


# -- the science tools (issue 34): perturb, sensitivity, compare --------------------------

def _metric_index(metric_id):
    from core import registry
    return [s.id for s in registry.picker_specs()].index(metric_id)


def _lines(path):
    return sorted(tuple(map(tuple, p.tolist())) for p in rnm.read(path).lines.parts)


def test_perturb_identical_on_every_face(qgis_process, tmp_path):
    from core.analysis.perturb import ERROR_TYPES
    lib = rnm.perturb(GT_SAMPLE, "overconnections", 3, seed=2, max_link=80)
    out, err = str(tmp_path / "cli_pred.geojson"), str(tmp_path / "cli_err.geojson")
    c = cli("perturb", GT_SAMPLE, "--error-type", "overconnections", "--count", "3", "--seed", "2",
            "--max-link", "80", "--output", out, "--errors", err, "--json")
    assert c.returncode == 0, c.stderr
    res = qgis_process("roadmetrics:perturb", f"INPUT={GT_SAMPLE}",
                       f"ERROR_TYPE={ERROR_TYPES.index('overconnections')}", "COUNT=3", "SEED=2",
                       "MAX_LINK=80", f"OUTPUT={tmp_path / 'q_pred.gpkg'}",
                       f"GROUND_TRUTH_OUTPUT={tmp_path / 'q_gt.gpkg'}",
                       f"ERRORS={tmp_path / 'q_err.gpkg'}")
    doc = lib.to_dict()
    assert json.loads(c.stdout) == doc
    assert res["N_ERRORS"] == doc["n_errors"] == 3
    assert json.loads(res["PARAMETERS"]) == {k: v for k, v in doc.items() if k != "n_errors"}
    pred = sorted(tuple(map(tuple, p.tolist())) for p in lib.prediction.lines.parts)
    assert _lines(out) == pred and _lines(str(tmp_path / "q_pred.gpkg")) == pred
    gt = sorted(tuple(map(tuple, p.tolist())) for p in lib.ground_truth.lines.parts)
    assert _lines(str(tmp_path / "q_gt.gpkg")) == gt
    errors = sorted(tuple(map(tuple, r["geometry"].coords)) for r in lib.layers["errors"])
    assert _lines(err) == errors and _lines(str(tmp_path / "q_err.gpkg")) == errors


def test_sensitivity_identical_on_every_face(qgis_process, tmp_path):
    lib = rnm.sensitivity(GT_SAMPLE, error_types=["interruptions", "doubled_roads"],
                          counts=[0, 2], metrics=["optj", "ccq"], seed=1).to_dict()
    c = cli("sensitivity", GT_SAMPLE, "--error-types", "interruptions,doubled_roads",
            "--counts", "0,2", "--metrics", "optj,ccq", "--seed", "1", "--json")
    assert c.returncode == 0, c.stderr
    res = qgis_process("roadmetrics:sensitivity", f"GROUND_TRUTH={GT_SAMPLE}", "ERROR_TYPES=0",
                       "ERROR_TYPES=3", "COUNTS=0,2", f"METRICS={_metric_index('optj')}",
                       f"METRICS={_metric_index('ccq')}", "SEED=1", "WORKERS=1")
    assert json.loads(c.stdout) == lib
    assert json.loads(res["RESULTS"]) == lib
    assert lib["summary"][0]["at_max"] < 1


def test_compare_identical_on_every_face(qgis_process, tmp_path):
    broken, doubled = str(tmp_path / "broken.geojson"), str(tmp_path / "doubled.geojson")
    rnm.perturb(GT_SAMPLE, "interruptions", 20, seed=3).write("prediction", broken)
    rnm.perturb(GT_SAMPLE, "doubled_roads", 20, seed=3).write("prediction", doubled)
    lib = rnm.compare(GT_SAMPLE, [PRED_SAMPLE, broken, doubled], metrics=["optj", "ccq"],
                      tile_size=600).to_dict()
    c = cli("compare", GT_SAMPLE, PRED_SAMPLE, broken, doubled, "--metrics", "optj,ccq",
            "--tile-size", "600", "--json")
    assert c.returncode == 0, c.stderr
    res = qgis_process("roadmetrics:compare", f"GROUND_TRUTH={GT_SAMPLE}",
                       f"PREDICTIONS={PRED_SAMPLE}", f"PREDICTIONS={broken}", f"PREDICTIONS={doubled}",
                       f"METRICS={_metric_index('optj')}", f"METRICS={_metric_index('ccq')}",
                       "TILE_SIZE=600", "WORKERS=1")
    assert json.loads(c.stdout) == lib
    assert json.loads(res["RESULTS"]) == lib
    assert lib["methods"] == ["helsinki_prediction", "broken", "doubled"]
    assert len(lib["references"]) > 2 and lib["ranking"]["OPTJ_F1"][-1]["method"] == "helsinki_prediction"


def test_tile_intervals_identical_on_every_face(qgis_process):
    """evaluate with tiles (600 m: 6 tiles of the sample, each with ground truth):
    the library, the CLI and qgis_process give the same bootstrap intervals
    (one engine, the same seed, the same resamples)."""
    from core import registry
    metrics = ["apls", "ccq"]
    lib = rnm.evaluate(GT_SAMPLE, PRED_SAMPLE, metrics, tile_size=600.0, seed=3,
                       ci_resamples=2000, ci_method="percentile", ci_level=0.9).to_dict()
    c = cli("evaluate", GT_SAMPLE, PRED_SAMPLE, "--metrics", ",".join(metrics), "--tile-size",
            "600", "--seed", "3", "--ci-resamples", "2000", "--ci-method", "percentile",
            "--ci-level", "0.9", "--json")
    assert c.returncode == 0, c.stderr
    picker = [s.id for s in registry.picker_specs()]
    res = qgis_process("roadmetrics:evaluate", f"GROUND_TRUTH={GT_SAMPLE}",
                       f"PREDICTION={PRED_SAMPLE}", "TILE_SIZE=600", "SEED=3", "CI_RESAMPLES=2000",
                       "CI_METHOD=1", "CI_LEVEL=0.9", "WORKERS=1",
                       *[f"METRICS={picker.index(m)}" for m in metrics])
    iv = lib["intervals"]
    assert (iv["method"], iv["level"], iv["resamples"], iv["seed"]) == ("percentile", 0.9, 2000, 3)
    assert iv["tiles"] == {"apls": 6, "ccq": 6}
    assert iv["scores"]["APLS"]["ci_low"] < iv["scores"]["APLS"]["value"] < iv["scores"]["APLS"]["ci_high"]
    assert iv["scores"]["CCQ_QUALITY"]["ci_low"] < iv["scores"]["CCQ_QUALITY"]["ci_high"]
    # the same resamples; the bounds are quantiles of BLAS matrix products
    # (bootstrap.py), whose summation order may change with the BLAS threads of
    # the process: equal to 1e-12 relative, the settings and values exactly
    for doc in (json.loads(c.stdout), json.loads(res["SCORES"])):
        got = doc["intervals"]
        assert {k: v for k, v in got.items() if k != "scores"} == \
            {k: v for k, v in iv.items() if k != "scores"}
        assert got["scores"].keys() == iv["scores"].keys()
        for k, v in iv["scores"].items():
            assert got["scores"][k]["value"] == v["value"], k
            for b in ("ci_low", "ci_high"):
                assert got["scores"][k][b] == (None if v[b] is None else
                                               pytest.approx(v[b], rel=1e-12, abs=0)), (k, b)
