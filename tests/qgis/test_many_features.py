"""A prediction of many 2-vertex lines (issue 23, item 8): the QGIS reader
collects the features' WKB and parses them in one vectorised pass; the
numbers are those of the polylines they came from, and feature ids and
attributes stay with their parts when features are skipped."""
import hashlib
import json

import pytest
from conftest import GT_SAMPLE, PRED_SAMPLE, memory_layer

from qgis.core import QgsProcessingContext, QgsProcessingFeedback


def _segments_gpkg(src, dst):
    """One GeoPackage feature per segment of every line of ``src``."""
    from osgeo import ogr
    ogr.UseExceptions()
    s = ogr.Open(src)
    layer = s.GetLayer(0)
    d = ogr.GetDriverByName("GPKG").CreateDataSource(dst)
    out = d.CreateLayer("segments", layer.GetSpatialRef(), ogr.wkbLineString)
    n = 0
    for f in layer:
        g = f.GetGeometryRef()
        parts = [g.GetGeometryRef(i) for i in range(g.GetGeometryCount())] \
            if g.GetGeometryCount() else [g]
        for p in parts:
            pts = p.GetPoints()
            for a, b in zip(pts[:-1], pts[1:]):
                seg = ogr.Geometry(ogr.wkbLineString)
                seg.AddPoint_2D(*a[:2])
                seg.AddPoint_2D(*b[:2])
                o = ogr.Feature(out.GetLayerDefn())
                o.SetGeometry(seg)
                out.CreateFeature(o)
                n += 1
    d = s = None
    return dst, n


def _digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def test_prediction_as_2_vertex_features_scores_what_its_polylines_score(run_alg, tmp_path):
    segs, n = _segments_gpkg(PRED_SAMPLE, str(tmp_path / "segments.gpkg"))
    assert n > 1500
    before = _digest(segs)
    a = run_alg("roadmetrics:apls", {"GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE})
    b = run_alg("roadmetrics:apls", {"GROUND_TRUTH": GT_SAMPLE, "PREDICTION": segs})
    assert _digest(segs) == before
    sa, sb = json.loads(a["SCORES"]), json.loads(b["SCORES"])
    assert sb["scores"] == sa["scores"] and sa["scores"]["APLS"] == pytest.approx(0.6785, abs=5e-5)
    assert sb["counts"]["input_prediction"]["features"] == n


def test_skipped_features_take_their_ids_and_attributes_with_them(qgis_app):
    from roadmetrics.ui.inputs import read_lines
    wkts = ["LINESTRING(0 0, 10 0)", None, "LINESTRING(5 5, 5 5)",
            "MULTILINESTRING((10 0, 20 0),(30 0, 40 0, 40 10))", "LINESTRING(0 0, 1e400 0)",
            "LINESTRING(40 10, 50 10)"]
    layer = memory_layer(wkts, fields=[("cls", "string")],
                         values=[[c] for c in "abcdef"], geom="MultiLineString")
    ls = read_lines(layer, "p", layer.crs(), QgsProcessingContext(), QgsProcessingFeedback(),
                    fields=("cls",))
    ids = [f.id() for f in layer.getFeatures()]
    assert ls.feature_ids.tolist() == [ids[0], ids[3], ids[5]]
    assert ls.attributes["cls"] == ["a", "d", "f"]
    assert ls.part_feature.tolist() == [0, 1, 1, 2]
    assert [p.tolist() for p in ls.parts] == [[[0, 0], [10, 0]], [[10, 0], [20, 0]],
                                              [[30, 0], [40, 0], [40, 10]], [[40, 10], [50, 10]]]
    c = ls.counts
    assert (c["features"], c["null_geometries"], c["invalid_parts"], c["multipart"]) == (6, 1, 2, 1)


def test_multipart_and_zm_features_keep_their_order(qgis_app):
    # several parts, Z and M: geometries the one-pass parser does not take
    # are parsed one by one and keep their place
    from roadmetrics.ui.inputs import read_lines
    wkts = ["MULTILINESTRING ZM((0 0 1 2, 100 0 1 2),(100 0 3 4, 200 0 5 6))",
            "MULTILINESTRING ZM((200 0 1 1, 200 50 1 1))", "LINESTRING ZM(0 0 0 0, 0 9 0 0)"]
    layer = memory_layer(wkts, geom="MultiLineStringZM")
    ls = read_lines(layer, "p", layer.crs(), QgsProcessingContext(), QgsProcessingFeedback())
    assert [p.tolist() for p in ls.parts] == [[[0, 0], [100, 0]], [[100, 0], [200, 0]],
                                              [[200, 0], [200, 50]], [[0, 0], [0, 9]]]
    assert ls.part_feature.tolist() == [0, 0, 1, 2]
