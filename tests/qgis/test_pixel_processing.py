"""The pixel metrics through QGIS (ui/pixel_algorithm.py): processing.run
on two GeoTIFFs gives the core's numbers; grids and CRSs that differ are
refused with a sentence; the library, the command line and qgis_process give
identical scores."""
import json
import os
import sys

import numpy as np
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "core"))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "library"))

from core import registry  # noqa: E402
from core.metrics.pixel.masks import Rasters  # noqa: E402
from core.runner import run_masks  # noqa: E402

PIXEL = [s.id for s in registry.all_specs("masks")]
BOX = (385420, 6671900, 385820, 6672300)     # a 400 m x 400 m window of the sample


def write_tif(path, array, transform, epsg=3067, nodata=None):
    from osgeo import gdal, osr
    a, b, c, d, e, f = transform
    ds = gdal.GetDriverByName("GTiff").Create(str(path), array.shape[1], array.shape[0], 1,
                                              gdal.GDT_Byte)
    ds.SetGeoTransform((c, a, b, f, d, e))
    if epsg is not None:
        srs = osr.SpatialReference()
        srs.ImportFromEPSG(epsg)
        ds.SetProjection(srs.ExportToWkt())
    band = ds.GetRasterBand(1)
    if nodata is not None:
        band.SetNoDataValue(nodata)
    band.WriteArray(array.astype(np.uint8))
    ds = None
    return str(path)


@pytest.fixture(scope="module")
def tifs(tmp_path_factory):
    from pixel_data import sample_masks
    g, p, t = sample_masks(1.0, 3.0, box=BOX)
    d = tmp_path_factory.mktemp("pixel")
    return (write_tif(d / "gt.tif", g, t), write_tif(d / "pred.tif", p, t),
            Rasters(g.astype(np.uint8), p.astype(np.uint8), t))


@pytest.mark.parametrize("metric", PIXEL)
def test_processing_run_gives_the_core_numbers(run_alg, tifs, metric):
    gt, pred, rasters = tifs
    res = run_alg(f"roadmetrics:{metric}", {"GROUND_TRUTH": gt, "PREDICTION": pred})
    core = run_masks(metric, rasters).scores
    for k, v in core.items():
        assert res[k] == pytest.approx(v, abs=1e-12), k
    scores = json.loads(res["SCORES"])
    assert scores["parameters"]["pixel_size_m"] == [1.0, 1.0]


def test_strategy_index_and_threshold(run_alg, tifs, tmp_path):
    gt, _, rasters = tifs
    prob = np.where(rasters.pred == 1, 200, 40).astype(np.uint8)
    pred = write_tif(tmp_path / "prob.tif", prob, rasters.transform)
    res = run_alg("roadmetrics:pixel_boundaryf", {"GROUND_TRUTH": gt, "PREDICTION": pred,
                                                   "STRATEGY": 2, "PRED_THRESHOLD": 128})
    core = run_masks("pixel_boundaryf", rasters, {"STRATEGY": "correspondence"}).scores
    assert res["F"] == pytest.approx(core["F"], abs=1e-12)


def test_band_shape_and_outlier_cost(run_alg, tifs):
    # issue 32 item 12: the enum by index and the number reach the core, and
    # the SCORES record holds them
    gt, pred, rasters = tifs
    res = run_alg("roadmetrics:pixel_distances", {"GROUND_TRUTH": gt, "PREDICTION": pred,
                                                  "BAND_SHAPE": 1})
    core = run_masks("pixel_distances", rasters, {"BAND_SHAPE": "square"}).scores
    assert res["BOUNDARY_IOU"] == pytest.approx(core["BOUNDARY_IOU"], abs=1e-12)
    assert res["BOUNDARY_IOU"] != run_masks("pixel_distances", rasters).scores["BOUNDARY_IOU"]
    assert json.loads(res["SCORES"])["parameters"]["BAND_SHAPE"] == "square"
    res = run_alg("roadmetrics:pixel_boundaryf", {"GROUND_TRUTH": gt, "PREDICTION": pred,
                                                   "STRATEGY": 2, "OUTLIER_COST": 100.0})
    core = run_masks("pixel_boundaryf", rasters, {"STRATEGY": "correspondence",
                                                  "OUTLIER_COST": 100.0}).scores
    assert res["F"] == pytest.approx(core["F"], abs=1e-12)
    assert json.loads(res["SCORES"])["parameters"]["OUTLIER_COST"] == 100.0


def test_different_grids_and_crs_are_refused(run_alg, tifs, tmp_path):
    from qgis.core import QgsProcessingException
    gt, _, rasters = tifs
    shifted = list(rasters.transform)
    shifted[2] += 1.0
    other = write_tif(tmp_path / "shifted.tif", rasters.pred, shifted)
    with pytest.raises(QgsProcessingException, match="one grid"):
        run_alg("roadmetrics:pixel_iou", {"GROUND_TRUTH": gt, "PREDICTION": other})
    crs = write_tif(tmp_path / "crs.tif", rasters.pred, rasters.transform, epsg=3035)
    with pytest.raises(QgsProcessingException, match="different CRSs"):
        run_alg("roadmetrics:pixel_iou", {"GROUND_TRUTH": gt, "PREDICTION": crs})
    values = rasters.pred * 200
    values[0, 0] = 100                               # three values: not a mask
    prob = write_tif(tmp_path / "prob.tif", values, rasters.transform)
    with pytest.raises(QgsProcessingException,
                       match=r"prediction: The raster is not a 0/1 mask.*'Prediction raster "
                             r"threshold .*' \[PRED_THRESHOLD\] in the main panel"):
        run_alg("roadmetrics:pixel_iou", {"GROUND_TRUTH": gt, "PREDICTION": prob})


def test_0_255_mask_read_as_road_with_a_warning(run_alg, tmp_path):
    """Issue 37: a 0/200 prediction is read as road = 200 (the same numbers
    as the 0/1 mask) with a warning in SCORES."""
    from pixel_data import sample_masks
    g, p, t = sample_masks(1.0, 3.0, box=BOX)
    gt = write_tif(tmp_path / "gt.tif", g, t)
    one = write_tif(tmp_path / "one.tif", p, t)
    two = write_tif(tmp_path / "two.tif", p.astype(np.uint8) * 200, t)
    a = run_alg("roadmetrics:pixel_iou", {"GROUND_TRUTH": gt, "PREDICTION": one})
    b = run_alg("roadmetrics:pixel_iou", {"GROUND_TRUTH": gt, "PREDICTION": two})
    assert a["IOU"] == b["IOU"]
    assert any("prediction: The raster holds only 0 and 200" in w
               for w in json.loads(b["SCORES"])["warnings"])


def test_mask_parameters_right_under_their_rasters():
    from qgis.core import QgsApplication
    alg = QgsApplication.processingRegistry().algorithmById("roadmetrics:pixel_boundaryf")
    names = [d.name() for d in alg.parameterDefinitions()]
    assert names[:7] == ["GROUND_TRUTH", "GT_BAND", "GT_THRESHOLD", "PREDICTION", "PRED_BAND",
                         "PRED_THRESHOLD", "ROAD_CLASSES"]
    assert alg.parameterDefinition("PRED_THRESHOLD").description() == \
        "Prediction raster threshold (probability map: road where value >= threshold)"
    assert alg.parameterDefinition("ROAD_CLASSES").description() == \
        "Raster road classes (class map)"


def test_rasters_without_crs_run_with_a_warning(run_alg, tifs, tmp_path):
    _, _, rasters = tifs
    gt = write_tif(tmp_path / "g.tif", rasters.gt, rasters.transform, epsg=None)
    pred = write_tif(tmp_path / "p.tif", rasters.pred, rasters.transform, epsg=None)
    res = run_alg("roadmetrics:pixel_cldice", {"GROUND_TRUTH": gt, "PREDICTION": pred})
    assert res["CLDICE"] == pytest.approx(run_masks("pixel_cldice", rasters).scores["CLDICE"])
    assert any("no CRS" in w for w in json.loads(res["SCORES"])["warnings"])


def test_line_algorithms_and_evaluate_do_not_list_pixel_metrics(qgis_app):
    from qgis.core import QgsApplication
    reg = QgsApplication.processingRegistry()
    for m in PIXEL:
        alg = reg.algorithmById(f"roadmetrics:{m}")
        assert alg is not None
        assert alg.parameterDefinition("GROUND_TRUTH").type() == "raster"
    evaluate = reg.algorithmById("roadmetrics:evaluate")
    options = evaluate.parameterDefinition("METRICS").options()
    assert not any("mask" in o.lower() for o in options)


@pytest.mark.parametrize("metric", PIXEL)
def test_library_cli_and_qgis_process_identical(qgis_process, tifs, metric):
    import roadnetworkmetrics as rnm
    from helpers_lib import cli
    gt, pred, _ = tifs
    lib = getattr(rnm, metric)(gt, pred).to_dict()["scores"]
    c = cli(metric, gt, pred, "--json")
    assert c.returncode == 0, c.stderr
    res = qgis_process(f"roadmetrics:{metric}", f"GROUND_TRUTH={gt}", f"PREDICTION={pred}")
    assert json.loads(c.stdout)["scores"] == lib
    # QGIS: the algorithm's output ids (IOU); library and command line: evaluate's names
    spec = registry.get(metric)
    assert {spec.output_key(k): v for k, v in json.loads(res["SCORES"])["scores"].items()} == lib


def test_rasters_without_georeferencing_are_refused_in_every_face(run_alg, tifs, tmp_path):
    """Issue 32, item 3: a GeoTIFF without a geotransform has no pixel size;
    it was scored with 1 m pixels by the pixel metrics (GDAL's and rasterio's
    default transform).  The same first sentence in QGIS and the library."""
    from osgeo import gdal
    from qgis.core import QgsProcessingException
    import roadnetworkmetrics as rnm
    _, _, rasters = tifs
    paths = []
    for name, a in (("g", rasters.gt), ("p", rasters.pred)):
        ds = gdal.GetDriverByName("GTiff").Create(str(tmp_path / f"{name}.tif"), a.shape[1],
                                                  a.shape[0], 1, gdal.GDT_Byte)
        ds.GetRasterBand(1).WriteArray(a.astype(np.uint8))
        ds = None
        paths.append(str(tmp_path / f"{name}.tif"))
    first = "has no georeferencing (no geotransform): its pixels have no position or size in metres"
    with pytest.raises(QgsProcessingException, match=r"has no georeferencing \(no geotransform\)"):
        run_alg("roadmetrics:pixel_iou", {"GROUND_TRUTH": paths[0], "PREDICTION": paths[1]})
    with pytest.raises(rnm.InputError) as e:
        rnm.pixel_iou(*paths)
    assert first in str(e.value) and "pixel_size" in str(e.value)
    # with the pixel size it is scored, as the same masks at that size
    got = rnm.pixel_distances(*paths, pixel_size=1.0).scores
    assert got["PIXEL_DISTANCES_HAUSDORFF"] == pytest.approx(
        run_masks("pixel_distances", Rasters(rasters.gt, rasters.pred, (1.0, 0, 0, 0, -1.0, 0)))
        .scores["HAUSDORFF"])


def test_a_raster_too_large_for_memory_is_refused_from_its_header(run_alg, tmp_path):
    """Issue 32 item 5, as in the library: a 200,000 x 200,000 sparse GeoTIFF
    (7 MB on disk) is refused before reading, with the memory it needs (more
    than 200 GiB: beyond any machine this suite runs on)."""
    from osgeo import gdal, osr
    from qgis.core import QgsProcessingException
    path = str(tmp_path / "big.tif")
    ds = gdal.GetDriverByName("GTiff").Create(path, 200_000, 200_000, 1, gdal.GDT_Byte,
                                              ["TILED=YES", "COMPRESS=DEFLATE", "SPARSE_OK=TRUE",
                                               "BIGTIFF=YES"])
    ds.SetGeoTransform((385000.0, 0.5, 0.0, 6672000.0, 0.0, -0.5))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(3067)
    ds.SetProjection(srs.ExportToWkt())
    ds.GetRasterBand(1).WriteArray(np.ones((256, 256), np.uint8))
    ds = None
    with pytest.raises(QgsProcessingException, match=r"200000 x 200000 pixels: reading and scoring "
                                                     r"it needs at least 260\.8 GiB"):
        run_alg("roadmetrics:pixel_iou", {"GROUND_TRUTH": path, "PREDICTION": path})
    with pytest.raises(QgsProcessingException, match=r"needs at least 409\.8 GiB"):
        run_alg("roadmetrics:centrelines", {"INPUT": path, "OUTPUT": str(tmp_path / "c.gpkg")})
