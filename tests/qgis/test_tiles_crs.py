"""A TILES layer (and compare's predictions) without a CRS over a ground
truth that the plugin reprojects (EPSG:4326 -> UTM) are taken to be in the
ground truth's own CRS, as every layer without a CRS (docs/conventions.md;
issue 23, item 5: before, every tile "had no ground truth", APLS null)."""
import hashlib
import json

import pytest
from conftest import memory_layer

from qgis.core import QgsFeature, QgsGeometry, QgsVectorLayer

# two roads of about 220 m near Helsinki (60.17 N), in degrees
ROADS = ["LINESTRING(24.930 60.170, 24.934 60.170)",
         "LINESTRING(24.950 60.180, 24.950 60.182)"]
TILES = ["POLYGON((24.929 60.169, 24.935 60.169, 24.935 60.171, 24.929 60.171, 24.929 60.169))",
         "POLYGON((24.949 60.179, 24.951 60.179, 24.951 60.183, 24.949 60.183, 24.949 60.179))"]


def _without_crs(wkts, geom):
    layer = QgsVectorLayer(geom + "?crs=", "no crs", "memory")
    assert not layer.crs().isValid()
    feats = []
    for w in wkts:
        f = QgsFeature(layer.fields())
        f.setGeometry(QgsGeometry.fromWkt(w))
        feats.append(f)
    assert layer.dataProvider().addFeatures(feats)
    return layer


def _gpkg_without_srs(wkts, path):
    """A GeoPackage of polygons whose layer has no SRS (GDAL: 'Undefined
    geographic SRS', which the plugin reads as no CRS)."""
    from osgeo import ogr
    ogr.UseExceptions()
    d = ogr.GetDriverByName("GPKG").CreateDataSource(path)
    out = d.CreateLayer("tiles", None, ogr.wkbPolygon)
    for w in wkts:
        f = ogr.Feature(out.GetLayerDefn())
        f.SetGeometry(ogr.CreateGeometryFromWkt(w))
        out.CreateFeature(f)
    d = None
    return path


def _digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def test_tiles_without_crs_follow_a_reprojected_ground_truth(run_alg, tmp_path):
    gt = memory_layer(ROADS, crs="EPSG:4326")
    pred = memory_layer(ROADS, crs="EPSG:4326")
    tiles = _gpkg_without_srs(TILES, str(tmp_path / "tiles.gpkg"))
    before = _digest(tiles)
    r = run_alg("roadmetrics:evaluate", {"GROUND_TRUTH": gt, "PREDICTION": pred, "METRICS": [0],
                                         "TILES": tiles, "WORKERS": 1})
    assert _digest(tiles) == before
    s = json.loads(r["SCORES"])
    assert s["reprojected_to"] == "EPSG:32635"
    assert s["tiles"] == {"count": 2, "empty": 0, "failed": 0}
    assert r["APLS"] == pytest.approx(1.0)


def test_compare_reads_predictions_and_tiles_without_crs_in_the_ground_truths(run_alg):
    gt = memory_layer(ROADS, crs="EPSG:4326")
    a = _without_crs(ROADS, "LineString")
    a.setName("same")
    b = _without_crs(ROADS[:1], "LineString")
    b.setName("half")
    r = run_alg("roadmetrics:compare", {"GROUND_TRUTH": gt, "PREDICTIONS": [a, b], "METRICS": [0],
                                        "TILES": _without_crs(TILES, "Polygon"), "WORKERS": 1})
    ranking = json.loads(r["RESULTS"])["ranking"]["APLS"]
    values = {x["method"]: x["value"] for x in ranking}
    assert values["same"] == pytest.approx(1.0)
    assert values["half"] < 1.0
