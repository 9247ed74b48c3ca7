"""Input / output safety (issue 17: outputs over inputs, sinks sharing a
file, feet and undefined CRSs, unwritable reports, unreachable Dask,
PARAMETERS errors, line layers as tiles; issue 14: the tools check inputs as
the single metrics do, same data on both sides).  Every test that writes
uses ``guarded_inputs``: the input files' hashes are checked unchanged."""
import json
import os
import socket
from contextlib import contextmanager

import pytest
from conftest import GT_SAMPLE, PRED_SAMPLE, file_hashes, memory_layer

from qgis.core import QgsProcessingException, QgsVectorLayer


def refused(run_alg, alg, params, *words):
    with pytest.raises(QgsProcessingException) as e:
        run_alg(alg, params)
    msg = str(e.value)
    assert "Traceback" not in msg
    for w in words:
        assert w in msg, msg
    return msg


# -- 17.3: no output over an input ------------------------------------------

def test_report_over_the_ground_truth_is_refused(run_alg, guarded_inputs):
    g = guarded_inputs
    for alg, extra in (("roadmetrics:evaluate", {"PREDICTION": g.pred, "METRICS": [0]}),
                       ("roadmetrics:sensitivity", {"COUNTS": "0, 1", "METRICS": [0]})):
        refused(run_alg, alg, dict(extra, GROUND_TRUTH=g.gt, REPORT=g.gt),
                "REPORT", "overwrite", "GROUND_TRUTH")


@pytest.mark.parametrize("alg,sink,target", [
    ("roadmetrics:apls", "MATCHED", "gt"),
    ("roadmetrics:apls", "UNMATCHED_GT", "pred_layer"),
    ("roadmetrics:apls", "UNMATCHED_PRED", "gt_shp"),
    ("roadmetrics:apls", "MATCHED", "gt_dbf"),        # a shapefile's sidecar is its file too
    ("roadmetrics:evaluate", "SCORES_TABLE", "pred"),
    ("roadmetrics:evaluate", "TILE_SCORES", "gt_table"),
])
def test_sinks_over_inputs_are_refused(run_alg, guarded_inputs, alg, sink, target):
    g = guarded_inputs
    dest = {"gt": g.gt, "pred": g.pred, "gt_shp": g.gt_shp,
            "gt_dbf": g.gt_shp[:-4] + ".dbf",
            "pred_layer": g.pred + "|layername=prediction",
            "gt_table": f"ogr:dbname='{g.gt}' table=\"tiles\" (geom)"}[target]
    params = {"GROUND_TRUTH": g.gt_shp if target in ("gt_shp", "gt_dbf") else g.gt,
              "PREDICTION": g.pred, sink: dest}
    if alg == "roadmetrics:evaluate":
        params["METRICS"] = [0]
    refused(run_alg, alg, params, sink, "overwrite")


def test_perturb_and_compare_outputs_over_inputs_are_refused(run_alg, guarded_inputs):
    g = guarded_inputs
    refused(run_alg, "roadmetrics:perturb",
            {"INPUT": g.gt_shp, "OUTPUT": g.gt_shp, "GROUND_TRUTH_OUTPUT": "TEMPORARY_OUTPUT"},
            "OUTPUT", "overwrite", "INPUT")
    refused(run_alg, "roadmetrics:perturb",
            {"INPUT": g.gt, "OUTPUT": "TEMPORARY_OUTPUT",
             "GROUND_TRUTH_OUTPUT": f"ogr:dbname='{g.gt}' table=\"copy\" (geom)"},
            "GROUND_TRUTH_OUTPUT", "overwrite")
    refused(run_alg, "roadmetrics:compare",
            {"GROUND_TRUTH": g.gt, "PREDICTIONS": [g.pred, g.pred_shp], "METRICS": [0],
             "RANKING": g.pred_shp}, "RANKING", "PREDICTIONS")


def test_style_next_to_an_input_is_not_replaced(run_alg, guarded_inputs, tmp_path):
    import shutil
    g = guarded_inputs
    shutil.copy(g.gt, str(tmp_path / "roads.gpkg"))
    (tmp_path / "roads.qml").write_text("<qgis/>")
    refused(run_alg, "roadmetrics:apls", {"GROUND_TRUTH": str(tmp_path / "roads.gpkg"),
                                          "PREDICTION": g.pred,
                                          "MATCHED": str(tmp_path / "roads.shp")},
            "MATCHED", "overwrite")
    assert (tmp_path / "roads.qml").read_text() == "<qgis/>"
    # an HTML report of the same name writes no style: accepted
    r = run_alg("roadmetrics:evaluate", {"GROUND_TRUTH": str(tmp_path / "roads.gpkg"),
                                         "PREDICTION": g.pred, "METRICS": [0],
                                         "REPORT": str(tmp_path / "roads.html")})
    assert os.path.exists(r["REPORT"]) and (tmp_path / "roads.qml").read_text() == "<qgis/>"


def test_output_over_an_input_is_refused_by_qgis_process(qgis_process, guarded_inputs):
    g = guarded_inputs
    rc, out = qgis_process("roadmetrics:apls", f"GROUND_TRUTH={g.gt}", f"PREDICTION={g.pred}",
                           f"MATCHED={g.pred}", check=False)
    assert rc != 0 and "would overwrite the input" in out and "[PREDICTION]" in out
    assert "Traceback" not in out


# -- 17.4: sinks sharing one GeoPackage -------------------------------------

def test_three_sinks_to_one_file_are_refused_by_qgis_process(qgis_process, guarded_inputs,
                                                             tmp_path):
    same = str(tmp_path / "same.gpkg")
    g = guarded_inputs
    rc, out = qgis_process("roadmetrics:apls", f"GROUND_TRUTH={g.gt}", f"PREDICTION={g.pred}",
                           f"MATCHED={same}", f"UNMATCHED_GT={same}", f"UNMATCHED_PRED={same}",
                           check=False)
    assert rc != 0 and "are both written to" in out and "Traceback" not in out
    assert not os.path.exists(same)


def test_three_sinks_to_one_file_are_refused(run_alg, guarded_inputs, tmp_path):
    same = str(tmp_path / "same.gpkg")
    refused(run_alg, "roadmetrics:apls",
            {"GROUND_TRUTH": guarded_inputs.gt, "PREDICTION": guarded_inputs.pred,
             "MATCHED": same, "UNMATCHED_GT": same, "UNMATCHED_PRED": same},
            "MATCHED", "UNMATCHED_GT", "GeoPackage")
    assert not os.path.exists(same)


def test_sinks_as_layers_of_one_geopackage(run_alg, guarded_inputs, tmp_path):
    same = str(tmp_path / "same.gpkg")
    r = run_alg("roadmetrics:apls", {
        "GROUND_TRUTH": guarded_inputs.gt, "PREDICTION": guarded_inputs.pred,
        **{k: f"ogr:dbname='{same}' table=\"{k.lower()}\" (geom)"
           for k in ("MATCHED", "UNMATCHED_GT", "UNMATCHED_PRED")}})
    temp = run_alg("roadmetrics:apls", {
        "GROUND_TRUTH": guarded_inputs.gt, "PREDICTION": guarded_inputs.pred,
        "MATCHED": "TEMPORARY_OUTPUT", "UNMATCHED_GT": "TEMPORARY_OUTPUT",
        "UNMATCHED_PRED": "TEMPORARY_OUTPUT"})
    assert r["APLS"] == temp["APLS"]
    for k in ("MATCHED", "UNMATCHED_GT", "UNMATCHED_PRED"):
        layer = QgsVectorLayer(f"{same}|layername={k.lower()}", k, "ogr")
        assert layer.isValid() and layer.featureCount() == temp[k].featureCount() > 0, k
    # no same.qml: QGIS would give the last sink's style to every layer of the file
    assert not os.path.exists(str(tmp_path / "same.qml"))


# -- 23.2: other path forms of the same file ---------------------------------

@contextmanager
def unchanged(*folders):
    """Every file under ``folders`` unchanged (SHA-256) and none added."""
    before = [file_hashes(f) for f in folders]
    yield
    from qgis.core import QgsProject
    QgsProject.instance().removeAllMapLayers()
    assert [file_hashes(f) for f in folders] == before, "a file was modified or added"


def test_double_quoted_dbname_over_an_input_is_refused(run_alg, guarded_inputs):
    g = guarded_inputs
    for sink, dest in (("MATCHED", f'ogr:dbname="{g.pred}" table="prediction" (geom)'),
                       ("UNMATCHED_GT", f'ogr:dbname="{g.gt}" table="new_table" (geom)'),
                       ("UNMATCHED_PRED", f"ogr://{g.pred}")):
        refused(run_alg, "roadmetrics:apls", {"GROUND_TRUTH": g.gt, "PREDICTION": g.pred,
                                              sink: dest}, sink, "overwrite", "PREDICTION"
                if "prediction" in dest else "GROUND_TRUTH")


def test_shapefile_of_an_input_folder_is_refused(run_alg, guarded_inputs):
    g = guarded_inputs
    folder_layer = g.folder + "|layername=pred"
    assert QgsVectorLayer(folder_layer, "p", "ogr").featureCount() > 0
    for ext in (".shp", ".dbf", ".SHP"):  # (QGIS writes pred.shx as pred.shx.gpkg)
        refused(run_alg, "roadmetrics:apls",
                {"GROUND_TRUTH": g.gt, "PREDICTION": folder_layer,
                 "MATCHED": os.path.join(g.folder, "pred" + ext)},
                "MATCHED", "overwrite", "[PREDICTION]")


def test_source_of_an_input_vrt_is_refused(run_alg, guarded_inputs, tmp_path):
    import shutil
    g = guarded_inputs
    folder = tmp_path / "vrt"
    (folder / "sub").mkdir(parents=True)
    target = folder / "sub" / "target.gpkg"
    shutil.copy(g.gt, str(target))
    inner = folder / "inner.vrt"
    inner.write_text('<OGRVRTDataSource><OGRVRTLayer name="roads"><SrcDataSource relativeToVRT="1">'
                     'sub/target.gpkg</SrcDataSource><SrcLayer>ground_truth</SrcLayer>'
                     '</OGRVRTLayer></OGRVRTDataSource>')
    outer = folder / "outer.vrt"  # a VRT of a VRT: followed to the GeoPackage
    outer.write_text('<OGRVRTDataSource><OGRVRTLayer name="roads"><SrcDataSource relativeToVRT="1">'
                     'inner.vrt</SrcDataSource><SrcLayer>roads</SrcLayer>'
                     '</OGRVRTLayer></OGRVRTDataSource>')
    assert QgsVectorLayer(str(outer), "v", "ogr").featureCount() > 0
    with unchanged(str(folder)):
        for vrt in (inner, outer):
            for alg, extra, out in (
                    ("roadmetrics:apls", {}, {"MATCHED": str(target)}),
                    ("roadmetrics:apls", {}, {"UNMATCHED_GT": f'ogr:dbname="{target}" table="x"'}),
                    ("roadmetrics:evaluate", {"METRICS": [0]}, {"REPORT": str(target)})):
                msg = refused(run_alg, alg, dict(extra, GROUND_TRUTH=str(vrt), PREDICTION=g.pred,
                                                 **out), "overwrite", "GROUND_TRUTH")
                assert f"{target}, a file the input" in msg and vrt.name in msg, msg


def test_report_on_a_link_to_an_input_is_refused(run_alg, guarded_inputs, tmp_path):
    g = guarded_inputs
    links = tmp_path / "links"
    links.mkdir()
    hard, soft = links / "hard.gpkg", links / "soft.gpkg"
    os.link(g.gt, str(hard))
    os.symlink(g.pred, str(soft))
    with unchanged(str(links)):
        for link, inp in ((hard, "GROUND_TRUTH"), (soft, "PREDICTION")):
            refused(run_alg, "roadmetrics:evaluate",
                    {"GROUND_TRUTH": g.gt, "PREDICTION": g.pred, "METRICS": [0],
                     "REPORT": str(link)}, "[REPORT]", "overwrite", inp)
            refused(run_alg, "roadmetrics:apls",
                    {"GROUND_TRUTH": g.gt, "PREDICTION": g.pred, "OUTPUT_HTML": str(link)},
                    "[OUTPUT_HTML]", "overwrite", inp)
            refused(run_alg, "roadmetrics:apls",
                    {"GROUND_TRUTH": g.gt, "PREDICTION": g.pred, "MATCHED": str(link)},
                    "[MATCHED]", "overwrite", inp)


def test_other_case_of_an_input_name_on_a_case_blind_file_system(run_alg, guarded_inputs):
    g = guarded_inputs
    upper = os.path.join(g.folder, os.path.basename(g.gt).upper())
    if not os.path.exists(upper):
        pytest.skip("this file system tells names apart by case")
    refused(run_alg, "roadmetrics:evaluate", {"GROUND_TRUTH": g.gt, "PREDICTION": g.pred,
                                              "METRICS": [0], "REPORT": upper},
            "[REPORT]", "overwrite")


def test_one_geopackage_layer_in_two_cases_is_refused(run_alg, guarded_inputs, tmp_path):
    same = str(tmp_path / "same.gpkg")
    msg = refused(run_alg, "roadmetrics:apls",
                  {"GROUND_TRUTH": guarded_inputs.gt, "PREDICTION": guarded_inputs.pred,
                   "MATCHED": f'ogr:dbname="{same}" table="matched" (geom)',
                   "UNMATCHED_GT": f"ogr:dbname='{same}' table=\"MATCHED\" (geom)"},
                  "MATCHED", "UNMATCHED_GT", "ignore case")
    assert "'matched'" in msg and "'MATCHED'" in msg
    assert not os.path.exists(same)


def test_style_that_would_attach_to_an_input_is_refused(run_alg, guarded_inputs):
    g = guarded_inputs
    stem = os.path.splitext(g.pred)[0]
    assert not os.path.exists(stem + ".qml")
    msg = refused(run_alg, "roadmetrics:apls", {"GROUND_TRUTH": g.gt, "PREDICTION": g.pred,
                                                "MATCHED": stem + ".shp"},
                  "[MATCHED]", "style", "[PREDICTION]")
    assert stem + ".qml" in msg
    # as a layer of a GeoPackage, a sink writes no style: accepted
    r = run_alg("roadmetrics:apls", {"GROUND_TRUTH": g.gt, "PREDICTION": g.pred,
                                     "MATCHED": "TEMPORARY_OUTPUT"})
    assert r["APLS"] > 0.5


def test_merge_tolerance_beyond_its_range_is_the_plugins_sentence(run_alg):
    words = ["Vertex merge tolerance (MERGE_TOLERANCE)", "from 0 to 1 m", "1e+06"]
    for alg, extra in (("roadmetrics:apls", {}), ("roadmetrics:evaluate", {"METRICS": [0]})):
        msg = refused(run_alg, alg, dict(extra, GROUND_TRUTH=GT_SAMPLE, PREDICTION=PRED_SAMPLE,
                                         MERGE_TOLERANCE=1e6), *words)
        assert "Incorrect parameter value" not in msg
    # a tool's own range (perturbation parameters) too
    refused(run_alg, "roadmetrics:perturb", {"INPUT": GT_SAMPLE, "MAX_SHIFT": 1e9,
                                             "OUTPUT": "TEMPORARY_OUTPUT"},
            "(MAX_SHIFT)", "100000")


def test_other_path_forms_are_refused_by_qgis_process(qgis_process, guarded_inputs):
    g = guarded_inputs
    base = [f"GROUND_TRUTH={g.gt}", f"PREDICTION={g.pred}"]
    cases = [
        (base[:1] + [f"PREDICTION={g.pred}", f'MATCHED=ogr:dbname="{g.pred}" table="prediction" (geom)'],
         ["would overwrite the input", "[PREDICTION]"]),
        (base[:1] + [f"PREDICTION={g.folder}|layername=pred", f"MATCHED={g.folder}/pred.shp"],
         ["would overwrite", "pred.shp, a file the input", "[PREDICTION]"]),
        (base + [f"MATCHED={os.path.splitext(g.pred)[0]}.shp"], ["style", "[PREDICTION]"]),
        (base + ["MERGE_TOLERANCE=1e6"], ["(MERGE_TOLERANCE)", "from 0 to 1 m"]),
    ]
    for args, words in cases:
        rc, out = qgis_process("roadmetrics:apls", *args, check=False)
        assert rc != 0 and "Traceback" not in out, out[-2000:]
        for w in words:
            assert w in out, out[-2000:]


# -- 17.10: unwritable report, Dask, PARAMETERS, tiles ----------------------

def test_unwritable_report_is_refused_before_computing(run_alg, guarded_inputs, tmp_path):
    g = guarded_inputs
    blocker = tmp_path / "a file"
    blocker.write_text("x")
    base = {"GROUND_TRUTH": g.gt, "PREDICTION": g.pred, "METRICS": [0]}
    refused(run_alg, "roadmetrics:evaluate", dict(base, REPORT=str(blocker / "r.html")),
            "Cannot write", "[REPORT]", "nothing was computed")
    refused(run_alg, "roadmetrics:evaluate", dict(base, REPORT=str(tmp_path)),
            "[REPORT]", "folder")
    if os.geteuid() != 0:  # root writes anywhere
        ro = tmp_path / "ro"
        ro.mkdir()
        ro.chmod(0o555)
        refused(run_alg, "roadmetrics:evaluate", dict(base, REPORT=str(ro / "r.html")),
                "[REPORT]")
    assert blocker.read_text() == "x"


def _closed_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def test_unreachable_dask_scheduler_is_a_quick_clear_error(run_alg, guarded_inputs):
    g = guarded_inputs
    msg = refused(run_alg, "roadmetrics:evaluate",
                  {"GROUND_TRUTH": g.gt, "PREDICTION": g.pred, "METRICS": [0], "TILE_SIZE": 600.0,
                   "DASK_SCHEDULER": f"tcp://127.0.0.1:{_closed_port()}"},
                  "Cannot reach the Dask scheduler")
    assert "DASK_SCHEDULER empty" in msg
    refused(run_alg, "roadmetrics:sensitivity",
            {"GROUND_TRUTH": g.gt, "COUNTS": "0, 1", "METRICS": [0],
             "DASK_SCHEDULER": "tcp://127.0.0.1:notaport"}, "DASK_SCHEDULER")


@pytest.mark.parametrize("text,words", [
    ('{"aplz": {"VARIANT": "sat2graph"}}', ["'aplz' is not a metric", "apls"]),
    ('{"MERGE_TOLERANCE": 0.1}', ["'MERGE_TOLERANCE' is not a metric"]),
    ('{"apls": 3}', ["must be an object"]),
    ('{"apls": {"SPACING": 10}}', ["apls has no parameter 'SPACING'", "CONTROL_SPACING"]),
    # the sentence of the single algorithm, after the metric's id
    ('{"apls": {"CONTROL_SPACING": "ten"}}', ["apls: ", "(CONTROL_SPACING) must be a finite number"]),
    ('{"apls": {"VARIANT": "fast"}}', ["apls: ", "(VARIANT) must be one of", "sat2graph"]),
    ('{"apls": {"NODE_CROSSINGS": "maybe"}}', ["(NODE_CROSSINGS) must be true or false"]),
    ('{"apls": {"CONTROL_SPACING": -5}}', ["apls: ", "(CONTROL_SPACING)", "from 0.01 to 100000 m"]),
    ('[1, 2]', ["JSON object"]),
])
def test_bad_per_metric_parameters_are_clear_errors(run_alg, text, words):
    for alg, extra in (("roadmetrics:evaluate", {"PREDICTION": PRED_SAMPLE}),
                       ("roadmetrics:sensitivity", {"COUNTS": "0, 1"})):
        refused(run_alg, alg, dict(extra, GROUND_TRUTH=GT_SAMPLE, METRICS=[0], PARAMETERS=text),
                "PARAMETERS", *words)


def test_settings_for_a_metric_not_run_are_a_warning(run_alg):
    gt = memory_layer(["LINESTRING(0 0, 200 0)"])
    pred = memory_layer(["LINESTRING(0 0, 200 0)"])
    r = run_alg("roadmetrics:evaluate", {"GROUND_TRUTH": gt, "PREDICTION": pred, "METRICS": [0],
                                         "PARAMETERS": '{"tlts": {"N_PATHS": 10}}'})
    assert any("tlts" in w and "not among the chosen metrics" in w
               for w in json.loads(r["SCORES"])["warnings"])


def test_a_line_layer_as_tiles_is_a_clear_error(run_alg):
    gt = memory_layer(["LINESTRING(0 0, 200 0)"])
    refused(run_alg, "roadmetrics:evaluate",
            {"GROUND_TRUTH": gt, "PREDICTION": memory_layer(["LINESTRING(0 1, 200 1)"]),
             "METRICS": [0], "TILES": memory_layer(["LINESTRING(-10 -10, 300 10)"])},
            "TILES", "polygons", "Line")


# -- 17.7 and 17.8: feet and undefined CRSs ----------------------------------

def _translate(src, dst, **kw):
    from osgeo import gdal
    gdal.UseExceptions()
    gdal.VectorTranslate(dst, src, **kw)
    return dst


def _without_crs(src, dst):
    """A GeoPackage copy whose layer has no SRS (GDAL: 'Undefined geographic SRS')."""
    from osgeo import ogr
    ogr.UseExceptions()
    s = ogr.Open(src)
    layer = s.GetLayer(0)
    d = ogr.GetDriverByName("GPKG").CreateDataSource(dst)
    out = d.CreateLayer(layer.GetName(), None, layer.GetGeomType())
    for f in layer:
        g = ogr.Feature(out.GetLayerDefn())
        g.SetGeometry(f.GetGeometryRef().Clone())
        out.CreateFeature(g)
    d = s = None
    return dst


def test_feet_crs_is_converted_to_metres(run_alg, guarded_inputs, tmp_path):
    g = guarded_inputs
    gt_ft = _translate(g.gt, str(tmp_path / "gt_ft.gpkg"), dstSRS="EPSG:2263", reproject=True)
    pred_ft = _translate(g.pred, str(tmp_path / "pred_ft.gpkg"), dstSRS="EPSG:2263",
                         reproject=True)
    metres = run_alg("roadmetrics:apls", {"GROUND_TRUTH": g.gt, "PREDICTION": g.pred})
    feet = run_alg("roadmetrics:apls", {"GROUND_TRUTH": gt_ft, "PREDICTION": pred_ft})
    assert feet["APLS"] == pytest.approx(metres["APLS"], abs=1e-6)  # 2e-12 measured
    s = json.loads(feet["SCORES"])
    assert s["parameters"]["reprojected_to"] == "EPSG:32635"
    assert any(u in s["parameters"]["converted_from_unit"].lower() for u in ("feet", "foot"))
    assert any("EPSG:2263" in w and "metres" in w for w in s["warnings"])
    ccq_m = run_alg("roadmetrics:ccq", {"GROUND_TRUTH": g.gt, "PREDICTION": g.pred})
    ccq_f = run_alg("roadmetrics:ccq", {"GROUND_TRUTH": gt_ft, "PREDICTION": pred_ft})
    assert ccq_f["QUALITY"] == pytest.approx(ccq_m["QUALITY"], abs=1e-6)
    # evaluate records it too
    ev = run_alg("roadmetrics:evaluate", {"GROUND_TRUTH": gt_ft, "PREDICTION": g.pred,
                                          "METRICS": [0]})
    assert ev["APLS"] == pytest.approx(metres["APLS"], abs=1e-6)
    assert json.loads(ev["SCORES"])["reprojected_to"] == "EPSG:32635"


def test_feet_crs_that_cannot_be_placed_on_the_earth_is_a_clear_error(run_alg):
    from qgis.core import QgsCoordinateReferenceSystem
    crs = QgsCoordinateReferenceSystem.fromWkt(
        'LOCAL_CS["site grid (ft)",LOCAL_DATUM["site",0],UNIT["foot",0.3048],'
        'AXIS["X",EAST],AXIS["Y",NORTH]]')
    if not crs.isValid():
        pytest.skip("this PROJ does not build an engineering CRS from WKT")
    gt = memory_layer(["LINESTRING(0 0, 600 0)"])
    gt.setCrs(crs)
    msg = refused(run_alg, "roadmetrics:apls", {"GROUND_TRUTH": gt, "PREDICTION": gt},
                  "not in metres", "Reproject")
    assert "site grid" in msg


def test_feet_warning_names_the_crs_and_its_unit(run_alg, guarded_inputs, tmp_path):
    """The reprojection warning reads 'EPSG:2263 (US survey foot) -> EPSG:32635
    (metres)', also for a CRS without authority id (never its PROJ string or
    WKT, nor GeoPackage's 'unknown')."""
    g = guarded_inputs
    custom = ("+proj=lcc +lat_0=40.1666666666667 +lon_0=-74 +lat_1=41.0333333333333 "
              "+lat_2=40.6666666666667 +x_0=300000.1 +y_0=0 +ellps=GRS80 "
              "+towgs84=0,0,0,0,0,0,0 +units=us-ft +no_defs")
    for srs, name in (("EPSG:2263", "EPSG:2263"), (custom, "custom CRS")):
        gt = _translate(g.gt, str(tmp_path / f"gt_{len(srs)}.gpkg"), dstSRS=srs, reproject=True)
        r = run_alg("roadmetrics:ccq", {"GROUND_TRUTH": gt, "PREDICTION": gt})
        w = [x for x in json.loads(r["SCORES"])["warnings"] if "EPSG:32635" in x]
        assert len(w) == 1, w
        assert f"{name} (US survey foot) -> EPSG:32635 (metres)" in w[0], w[0]
        assert not any(s in w[0] for s in ("+proj", "[", "unknown")), w[0]


def test_undefined_geopackage_crs_is_a_missing_crs(run_alg, guarded_inputs, tmp_path):
    g = guarded_inputs
    gt_none = _without_crs(g.gt, str(tmp_path / "gt_none.gpkg"))
    pred_none = _without_crs(g.pred, str(tmp_path / "pred_none.gpkg"))
    layer = QgsVectorLayer(gt_none, "n", "ogr")
    # what QGIS makes of it: 3.22 a valid CRS without authid, 3.40 (newer GDAL) no valid CRS;
    # both must behave as a missing CRS
    assert not layer.crs().isValid() or layer.crs().authid() == ""
    ref = run_alg("roadmetrics:apls", {"GROUND_TRUTH": g.gt, "PREDICTION": g.pred})["APLS"]
    assert ref > 0.5
    for gt, pred in ((gt_none, g.pred), (g.gt, pred_none), (gt_none, pred_none)):
        r = run_alg("roadmetrics:apls", {"GROUND_TRUTH": gt, "PREDICTION": pred})
        assert r["APLS"] == pytest.approx(ref, abs=1e-9), (gt, pred)
        s = json.loads(r["SCORES"])
        assert s["counts"]["input_prediction"]["invalid_parts"] == 0
        assert s["counts"]["input_ground_truth"]["invalid_parts"] == 0
    # a prediction without CRS is in the ground truth's CRS, also when that one is
    # reprojected (feet -> UTM metres)
    gt_ft = _translate(g.gt, str(tmp_path / "gt_ft.gpkg"), dstSRS="EPSG:2263", reproject=True)
    pred_ft = _translate(g.pred, str(tmp_path / "pred_ft.gpkg"), dstSRS="EPSG:2263",
                         reproject=True)
    pred_ft_none = _without_crs(pred_ft, str(tmp_path / "pred_ft_none.gpkg"))
    r = run_alg("roadmetrics:apls", {"GROUND_TRUTH": gt_ft, "PREDICTION": pred_ft_none})
    assert r["APLS"] == pytest.approx(ref, abs=1e-6)
    assert any("prediction has no valid CRS" in w for w in json.loads(r["SCORES"])["warnings"])


def test_prediction_crs_beside_a_ground_truth_without_crs(run_alg, guarded_inputs, tmp_path):
    """Issue 32 item 8, as in the library: degrees are refused with the same
    sentence, a metre CRS is ignored with a warning."""
    g = guarded_inputs
    gt_none = _without_crs(g.gt, str(tmp_path / "gt_none.gpkg"))
    pred_deg = _translate(g.pred, str(tmp_path / "pred_deg.gpkg"), dstSRS="EPSG:4326",
                          reproject=True)
    with pytest.raises(QgsProcessingException, match=r"The ground truth has no CRS and the "
                                                     r"prediction is in EPSG:4326 \(degrees\)"):
        run_alg("roadmetrics:apls", {"GROUND_TRUTH": gt_none, "PREDICTION": pred_deg})
    r = run_alg("roadmetrics:apls", {"GROUND_TRUTH": gt_none, "PREDICTION": g.pred})
    assert any("so the prediction's CRS" in w and "is ignored" in w
               for w in json.loads(r["SCORES"])["warnings"])


# -- 14.2: the tools check inputs as the single metrics do --------------------

def _class_layers():
    gt = memory_layer(["LINESTRING(0 0, 200 0)", "LINESTRING(200 0, 200 200)"],
                      fields=[("cls", "string")], values=[["a"], ["b"]])
    pred = memory_layer(["LINESTRING(0 1, 200 1)", "LINESTRING(201 0, 201 200)"])
    return gt, pred


def test_class_field_on_one_layer_only_is_refused_by_every_algorithm(run_alg):
    gt, pred = _class_layers()
    single = refused(run_alg, "roadmetrics:apls",
                     {"GROUND_TRUTH": gt, "PREDICTION": pred, "CLASS_FIELD": "cls"},
                     "CLASS_FIELD 'cls' is missing from the prediction layer")
    ev = refused(run_alg, "roadmetrics:evaluate",
                 {"GROUND_TRUTH": gt, "PREDICTION": pred, "CLASS_FIELD": "cls"},
                 "CLASS_FIELD 'cls' is missing from the prediction layer")
    assert single.split(":", 1)[0] == ev.split(":", 1)[0]
    refused(run_alg, "roadmetrics:compare",
            {"GROUND_TRUTH": gt, "PREDICTIONS": [pred, gt], "METRICS": [0],
             "PARAMETERS": '{"apls": {"CLASS_FIELD": "cls"}}'},
            "CLASS_FIELD 'cls' is missing from the prediction layer")
    refused(run_alg, "roadmetrics:sensitivity",
            {"GROUND_TRUTH": gt, "COUNTS": "0, 1", "METRICS": [0],
             "PARAMETERS": '{"apls": {"SPEED_FIELD": "cls"}}'},
            "SPEED_FIELD 'cls' is missing", "reads no attributes")


def test_compare_reads_the_field_parameters(run_alg):
    gt, _ = _class_layers()
    p1 = memory_layer(["LINESTRING(0 1, 200 1)"], fields=[("cls", "string")], values=[["a"]])
    p2 = memory_layer(["LINESTRING(0 1, 200 1)", "LINESTRING(201 0, 201 200)"],
                      fields=[("cls", "string")], values=[["a"], ["b"]])
    r = run_alg("roadmetrics:compare", {"GROUND_TRUTH": gt, "PREDICTIONS": [p1, p2],
                                        "METRICS": [0],
                                        "PARAMETERS": '{"apls": {"CLASS_FIELD": "cls"}}'})
    assert "RESULTS" in r


# -- 14.3: same data on both sides -------------------------------------------

def test_same_data_on_both_sides_is_a_warning(run_alg, guarded_inputs):
    g = guarded_inputs
    r = run_alg("roadmetrics:apls", {"GROUND_TRUTH": g.gt, "PREDICTION": g.gt})
    assert r["APLS"] == 1.0
    assert any("same data" in w for w in json.loads(r["SCORES"])["warnings"])
    ev = run_alg("roadmetrics:evaluate", {"GROUND_TRUTH": g.gt, "PREDICTION": g.gt,
                                          "METRICS": [0]})
    assert any("same data" in w for w in json.loads(ev["SCORES"])["warnings"])
    # the file alone and the file with its layer's name are the same data
    r = run_alg("roadmetrics:apls", {"GROUND_TRUTH": g.gt,
                                     "PREDICTION": g.gt + "|layername=ground_truth"})
    assert any("same data" in w for w in json.loads(r["SCORES"])["warnings"])
    r = run_alg("roadmetrics:apls", {"GROUND_TRUTH": g.gt, "PREDICTION": g.pred})
    assert not any("same data" in w for w in json.loads(r["SCORES"])["warnings"])
    gt = memory_layer(["LINESTRING(0 0, 200 0)"])
    other = memory_layer(["LINESTRING(0 1, 200 1)"])
    c = run_alg("roadmetrics:compare", {"GROUND_TRUTH": gt, "PREDICTIONS": [gt, other],
                                        "METRICS": [0]})
    w = json.loads(c["RESULTS"])["input_warnings"]
    assert len([x for x in w if "same data" in x]) == 1


def test_prediction_has_no_default_layer(qgis_app, run_alg):
    from qgis.core import QgsApplication
    from roadmetrics.ui.compat import ParameterFlag
    for alg_id in ("roadmetrics:apls", "roadmetrics:evaluate"):
        alg = QgsApplication.processingRegistry().algorithmById(alg_id)
        d = alg.parameterDefinition("PREDICTION")
        # QGIS puts the active layer in a mandatory layer parameter without default
        assert d.flags() & ParameterFlag.Optional
        assert d.defaultValue() is None
        refused(run_alg, alg_id, {"GROUND_TRUTH": GT_SAMPLE}, "Give the prediction as lines",
                "[PREDICTION_RASTER]")
