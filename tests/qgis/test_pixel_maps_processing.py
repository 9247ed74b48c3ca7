"""The pixel metrics' diagnostic maps and HTML report through QGIS
(ui/pixel_algorithm.py): processing.run on two GeoTIFFs writes each map as a
GeoTIFF on the prediction's grid (same geotransform and CRS, nodata 255, the
legend as colour table, a .qml style QGIS loads), with exactly the core's
codes and the library's file; the HTML report has the scores, the maps and
the inputs.  A map left empty is not built."""
import os
import sys

import numpy as np
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "core"))

from core import registry  # noqa: E402
from core.runner import run_masks  # noqa: E402
from test_pixel_processing import BOX, write_tif  # noqa: E402

MAPS = [(s.id, m.name) for s in registry.all_specs("masks") for m in s.maps]


def read(path):
    from osgeo import gdal
    ds = gdal.Open(str(path))
    b = ds.GetRasterBand(1)
    return ds, b, b.ReadAsArray()


@pytest.fixture(scope="module")
def tifs(tmp_path_factory):
    from pixel_data import sample_masks
    from core.metrics.pixel.masks import Rasters
    g, p, t = sample_masks(1.0, 3.0, box=BOX)
    d = tmp_path_factory.mktemp("pixelmaps")
    # a few ground-truth nodata pixels: IoU leaves them out, its map marks them 255
    gn = g.astype(np.uint8)
    gn[:3, :5] = 9
    return (write_tif(d / "gt.tif", gn, t, nodata=9), write_tif(d / "pred.tif", p, t),
            Rasters(gn, p.astype(np.uint8), t, 9, None), d)


@pytest.mark.parametrize("metric,name", MAPS)
def test_map_file_is_the_core_map_on_the_prediction_grid(run_alg, tifs, tmp_path, metric, name):
    gt, pred, rasters, _ = tifs
    out = str(tmp_path / f"{name}.tif")
    res = run_alg(f"roadmetrics:{metric}", {"GROUND_TRUTH": gt, "PREDICTION": pred, name: out})
    assert res[name] == out
    core = run_masks(metric, rasters, diagnostics=True)
    ds, band, codes = read(out)
    np.testing.assert_array_equal(codes, core.maps[name])
    pds = read(pred)[0]
    assert ds.GetGeoTransform() == pds.GetGeoTransform()
    assert ds.GetProjection() == pds.GetProjection()
    assert band.GetNoDataValue() == 255
    spec = {m.name: m for m in registry.get(metric).maps}[name]
    legend = spec.legend_for(core.parameters)    # the codes of this run only (issue 37)
    table = band.GetRasterColorTable()
    for code, colour, _ in legend:
        if colour:
            assert "#%02x%02x%02x" % table.GetColorEntry(code)[:3] == colour
    left_out = {c for c, _, _ in spec.legend} - {c for c, _, _ in legend}
    assert left_out == {"pixel_boundaryf": {6, 7, 8, 9}, "pixel_iou": {4}}.get(metric, set())
    names = band.GetCategoryNames() or []
    assert all(not names[c] for c in left_out if c < len(names))
    assert os.path.exists(str(tmp_path / f"{name}.qml"))
    for k, v in core.scores.items():
        assert res[k] == pytest.approx(v, abs=1e-12), k


def test_ignored_pixels_are_nodata_in_the_iou_map(run_alg, tifs, tmp_path):
    gt, pred, _, _ = tifs
    out = str(tmp_path / "c.tif")
    run_alg("roadmetrics:pixel_iou", {"GROUND_TRUTH": gt, "PREDICTION": pred,
                                      "CONFUSION_MAP": out})
    codes = read(out)[2]
    assert (codes[:3, :5] == 255).all() and (codes[3:] != 255).all()
    assert {1, 2, 3} <= set(np.unique(codes).tolist())


def test_maps_not_asked_are_not_built(run_alg, tifs, tmp_path):
    gt, pred, _, _ = tifs
    res = run_alg("roadmetrics:pixel_boundaryf", {"GROUND_TRUTH": gt, "PREDICTION": pred})
    assert "BOUNDARY_MAP" not in res or not res["BOUNDARY_MAP"]


def test_map_layer_opens_with_its_legend(run_alg, tifs, tmp_path):
    """The file opens in QGIS as a paletted raster with the legend's texts
    (the .qml beside it), and renders: TP green, FN red."""
    from qgis.core import QgsRasterLayer
    gt, pred, _, _ = tifs
    out = str(tmp_path / "skel.tif")
    run_alg("roadmetrics:pixel_cldice", {"GROUND_TRUTH": gt, "PREDICTION": pred,
                                         "SKELETON_MAP": out})
    layer = QgsRasterLayer(out, "skel")
    assert layer.isValid()
    layer.loadDefaultStyle()
    r = layer.renderer()
    assert r.type() == "paletted"
    labels = {c.value: c.label for c in r.classes()}
    assert "missed" in labels[2] and "false" in labels[4]
    assert 0 not in labels                      # transparent


def test_html_report_has_scores_maps_and_inputs(run_alg, tifs, tmp_path):
    gt, pred, _, _ = tifs
    html = str(tmp_path / "r.html")
    res = run_alg("roadmetrics:pixel_distances", {"GROUND_TRUTH": gt, "PREDICTION": pred,
                                                  "BOUNDARY_MAP": "TEMPORARY_OUTPUT",
                                                  "OUTPUT_HTML": html})
    assert res["OUTPUT_HTML"] == html
    text = open(html, encoding="utf-8").read()
    assert "HD95" in text and "data:image/png;base64," in text
    assert "gt.tif" in text and "TOLERANCE" in text
    assert "ground truth, missed" in text


def test_html_without_maps_has_no_map_section(run_alg, tifs, tmp_path):
    gt, pred, _, _ = tifs
    html = str(tmp_path / "r.html")
    run_alg("roadmetrics:pixel_iou", {"GROUND_TRUTH": gt, "PREDICTION": pred,
                                      "OUTPUT_HTML": html})
    text = open(html, encoding="utf-8").read()
    assert "IoU" in text and "data:image/png" not in text


@pytest.mark.parametrize("metric,name", MAPS)
def test_library_and_qgis_write_the_same_map(run_alg, tifs, tmp_path, metric, name):
    import roadnetworkmetrics as rnm
    gt, pred, _, _ = tifs
    q = str(tmp_path / "q.tif")
    run_alg(f"roadmetrics:{metric}", {"GROUND_TRUTH": gt, "PREDICTION": pred, name: q})
    lib = getattr(rnm, metric)(gt, pred, maps=True)
    path = lib.write_map(name, str(tmp_path / "l.tif"))
    ds_q, _, a_q = read(q)
    ds_l, _, a_l = read(path)
    np.testing.assert_array_equal(a_q, a_l)
    np.testing.assert_array_equal(a_l, lib.maps[name])
    assert ds_q.GetGeoTransform() == ds_l.GetGeoTransform()


def test_qgis_process_writes_the_library_map(qgis_process, tifs, tmp_path):
    """qgis_process (enum as an index, as QGIS 3.22 takes it) and the library
    give the same map file contents."""
    import roadnetworkmetrics as rnm
    gt, pred, _, _ = tifs
    out = str(tmp_path / "qp.tif")
    res = qgis_process("roadmetrics:pixel_boundaryf", f"GROUND_TRUTH={gt}",
                       f"PREDICTION={pred}", "STRATEGY=3", f"BOUNDARY_MAP={out}")
    assert res["BOUNDARY_MAP"] == out
    lib = rnm.pixel_boundaryf(gt, pred, STRATEGY="validation", maps=True)
    np.testing.assert_array_equal(read(out)[2], lib.maps["BOUNDARY_MAP"])
