"""The library's centreline extraction (roadnetworkmetrics/_raster.py over
core/raster): arrays with a transform or a pixel size, CRS checks, clear
errors, GeoTIFF paths through rasterio when it is installed, and the
result scored like any other input."""
import numpy as np
import pytest

import roadnetworkmetrics as rnm
from roadnetworkmetrics import InputError


def bar():
    m = np.zeros((20, 40), dtype=np.uint8)
    m[8:12] = 1
    return m


def test_exported_lazily():
    assert "centrelines" in rnm.__all__
    assert rnm.centrelines.__module__ == "roadnetworkmetrics._raster"


def test_pixel_size_and_transform_agree():
    a = rnm.centrelines(bar(), pixel_size=0.5)
    b = rnm.centrelines(bar(), (0.5, 0, 0, 0, -0.5, 0))
    assert [p.tolist() for p in a.lines.parts] == [[[18.75, -4.75], [0.75, -5.25]]]
    assert [p.tolist() for p in b.lines.parts] == [p.tolist() for p in a.lines.parts]
    assert a.crs is None and not a.pixel


def test_probability_map_with_threshold_and_params():
    prob = bar() * 0.8 + 0.1
    src = rnm.centrelines(prob, pixel_size=1.0, threshold=0.5, simplify_m=0)
    assert len(src.lines.parts) == 1 and len(src.lines.parts[0]) > 2
    with pytest.raises(InputError, match="threshold"):
        rnm.centrelines(prob, pixel_size=1.0)


def test_bad_inputs_are_input_errors():
    with pytest.raises(InputError, match="Where are the pixels"):
        rnm.centrelines(bar())
    with pytest.raises(InputError, match="not both"):
        rnm.centrelines(bar(), (1, 0, 0, 0, -1, 0), pixel_size=1)
    with pytest.raises(InputError, match="positive"):
        rnm.centrelines(bar(), pixel_size=-1)
    with pytest.raises(InputError, match="empty"):
        rnm.centrelines(np.zeros((0, 0)), pixel_size=1)
    with pytest.raises(InputError, match="singular"):
        rnm.centrelines(bar(), (1, 2, 0, 2, 4, 0))
    # a GDAL geotransform (Affine.to_gdal()) is named as such, not read as a 6.7e6 m pixel
    with pytest.raises(InputError, match="GDAL geotransform"):
        rnm.centrelines(bar(), (500000.0, 0.5, 0.0, 6700000.0, 0.0, -0.5))


def test_crs_in_degrees_refused():
    pytest.importorskip("pyproj")
    with pytest.raises(InputError, match="not in metres"):
        rnm.centrelines(bar(), (1e-5, 0, 24.9, 0, -1e-5, 60.2), crs="EPSG:4326")
    src = rnm.centrelines(bar(), (1, 0, 385000, 0, -1, 6672000), crs="EPSG:3067")
    assert src.crs == "EPSG:3067"


def test_scored_as_an_input():
    mask = np.zeros((60, 200), dtype=np.uint8)
    mask[28:33, 5:195] = 1
    mask[5:55, 98:103] = 1
    t = (1.0, 0, 0, 0, -1.0, 60)
    src = rnm.centrelines(mask, t)
    c = (100.5, 29.5)  # the crossing, a node of the ground truth
    gt = [[(5, 29.5), c], [c, (195, 29.5)], [(100.5, 5), c], [c, (100.5, 55)]]
    r = rnm.apls(gt, src)
    assert r.scores["APLS"] > 0.9


def test_geotiff_path(tmp_path):
    rasterio = pytest.importorskip("rasterio")
    from rasterio.transform import from_origin
    path = tmp_path / "mask.tif"
    with rasterio.open(path, "w", driver="GTiff", height=20, width=40, count=1, dtype="uint8",
                       crs="EPSG:3067", transform=from_origin(385000, 6672000, 0.5, 0.5),
                       nodata=255) as ds:
        ds.write(bar(), 1)
    src = rnm.centrelines(str(path))
    assert [p.tolist() for p in src.lines.parts] == [[[385018.75, 6671995.25],
                                                      [385000.75, 6671994.75]]]
    assert "3067" in str(src.crs) or "TM35FIN" in str(src.crs)
    with pytest.raises(InputError, match="band"):
        rnm.centrelines(str(path), band=2)


# -- GeoTIFF paths as metric inputs, the raster parameters, the command line ----

X0, Y0, PIX = 385000.0, 6672000.0, 0.5


def cross(value=1, dtype=np.uint8):
    a = np.zeros((120, 160), dtype=dtype)
    a[55:65, 10:150] = value
    a[10:110, 75:85] = value
    return a


def write_geotiff(path, bands, crs="EPSG:3067", transform=(PIX, 0, X0, 0, -PIX, Y0),
                  nodata=None):
    """A GeoTIFF through rasterio when installed, else GDAL's bindings, else
    the test is skipped (the library reads rasters with either)."""
    bands = [bands] if isinstance(bands, np.ndarray) else list(bands)
    h, w = bands[0].shape
    try:
        import rasterio
        from affine import Affine
        with rasterio.open(path, "w", driver="GTiff", height=h, width=w, count=len(bands),
                           dtype=bands[0].dtype.name, crs=crs, nodata=nodata,
                           transform=Affine(*transform)) as ds:
            for i, b in enumerate(bands):
                ds.write(b, i + 1)
        return str(path)
    except ImportError:
        pass
    gdal = pytest.importorskip("osgeo.gdal", reason="neither rasterio nor GDAL's bindings")
    from osgeo import osr
    kind = {"uint8": gdal.GDT_Byte, "float32": gdal.GDT_Float32}[bands[0].dtype.name]
    ds = gdal.GetDriverByName("GTiff").Create(str(path), w, h, len(bands), kind)
    a, b, c, d, e, f = transform
    ds.SetGeoTransform((c, a, b, f, d, e))
    if crs:
        srs = osr.SpatialReference()
        srs.SetFromUserInput(crs)
        ds.SetProjection(srs.ExportToWkt())
    for i, band in enumerate(bands):
        if nodata is not None:
            ds.GetRasterBand(i + 1).SetNoDataValue(nodata)
        ds.GetRasterBand(i + 1).WriteArray(band)
    ds = None
    return str(path)


def gt_lines():
    cx, cy = X0 + 80 * PIX, Y0 - 60 * PIX
    return [[(X0 + 10 * PIX, cy), (cx, cy), (X0 + 150 * PIX, cy)],
            [(cx, Y0 - 10 * PIX), (cx, cy), (cx, Y0 - 110 * PIX)]]


def gt_file(tmp_path):
    import json
    path = tmp_path / "gt.geojson"
    feats = [{"type": "Feature", "properties": {},
              "geometry": {"type": "LineString", "coordinates": line}} for line in gt_lines()]
    path.write_text(json.dumps({"type": "FeatureCollection", "features": feats,
                                "crs": {"type": "name",
                                        "properties": {"name": "urn:ogc:def:crs:EPSG::3067"}}}))
    return str(path)


def test_geotiff_path_as_a_metric_input(tmp_path):
    pytest.importorskip("pyproj")
    from helpers_lib import file_hashes
    from core.raster.centrelines import extract_centrelines
    from core.runner import run
    from core.network.lineset import LineSet
    a = cross()
    tif = write_geotiff(tmp_path / "pred.tif", a, nodata=255)
    before = file_hashes(tif)
    r = rnm.apls(gt_lines(), tif)
    core = run("apls", LineSet([np.array(g) for g in gt_lines()]),
               extract_centrelines(a, (PIX, 0, X0, 0, -PIX, Y0), nodata=255))
    assert r.to_dict()["scores"] == rnm.Result(core, None).to_dict()["scores"]
    rec = r.parameters["prediction_raster"]
    assert (rec["source"], rec["band"], rec["nodata"], rec["lines"]) == ("pred.tif", 1, 255.0, 4)
    # the same through centrelines() of the array, and of the path
    same = rnm.apls(gt_lines(), rnm.centrelines(a, (PIX, 0, X0, 0, -PIX, Y0), nodata=255))
    assert same.scores == r.scores
    assert rnm.apls(gt_lines(), rnm.centrelines(tif)).scores == r.scores
    assert file_hashes(tif) == before


def test_raster_parameters_as_keywords_and_for_evaluate(tmp_path):
    prob = (cross(0.8, np.float32) + np.float32(0.1)).astype(np.float32)
    tif = write_geotiff(tmp_path / "prob.tif", [np.zeros_like(prob), prob])
    r = rnm.ccq(gt_lines(), tif, raster_band=2, raster_threshold=0.5, RASTER_PRUNE=3)
    rec = r.parameters["prediction_raster"]
    assert (rec["band"], rec["threshold"], rec["prune_m"]) == (2, 0.5, 3.0)
    assert r.scores["CCQ_QUALITY"] > 0.9
    with pytest.raises(InputError, match=r"The raster prob.tif: The raster is not a 0/1 mask.*"
                                         r"Set raster_threshold= \(e.g. raster_threshold=0.5 "
                                         r"for a probability map\) or raster_classes=\."):
        rnm.ccq(gt_lines(), tif, raster_band=2)
    with pytest.raises(InputError, match="band 3"):
        rnm.ccq(gt_lines(), tif, raster_band=3, raster_threshold=0.5)
    with pytest.raises(InputError, match="only apply to a raster file"):
        rnm.ccq(gt_lines(), gt_lines(), raster_threshold=0.5)
    ev = rnm.evaluate(gt_lines(), tif, ["ccq"], {"raster_threshold": 0.5, "raster_band": 2})
    assert ev.to_dict()["prediction_raster"]["threshold"] == 0.5
    assert ev.numbers["CCQ_QUALITY"] == r.scores["CCQ_QUALITY"] or rec["prune_m"] != 6.0
    assert "centreline extraction" in ev.report()


def test_raster_crs_rules(tmp_path):
    pytest.importorskip("pyproj")
    geo = write_geotiff(tmp_path / "geo.tif", cross(), crs="EPSG:4326",
                        transform=(1e-5, 0, 24.9, 0, -1e-5, 60.2))
    with pytest.raises(InputError, match="not in metres.*EPSG:32635"):
        rnm.ccq(gt_lines(), geo)
    merc = write_geotiff(tmp_path / "merc.tif", cross(), crs="EPSG:3857",
                         transform=(PIX, 0, 2772000.0, 0, -PIX, 8437000.0))
    with pytest.raises(InputError, match=r"EPSG:3857.*0.498 m on the ground"):
        rnm.ccq(gt_lines(), merc)
    nocrs = write_geotiff(tmp_path / "nocrs.tif", cross(), crs=None)
    r = rnm.ccq(rnm.read(gt_lines(), crs="EPSG:3067"), nocrs)
    assert any("no valid CRS" in w for w in r.warnings) and r.scores["CCQ_QUALITY"] > 0.9
    with pytest.raises(InputError, match="degrees"):  # taken in the ground truth's CRS
        rnm.ccq(rnm.read([[(24.9, 60.2), (24.91, 60.2)]], crs="EPSG:4326"), nocrs)


def test_raster_in_another_crs_is_transformed(tmp_path):
    pyproj = pytest.importorskip("pyproj")
    x, y = pyproj.Transformer.from_crs("EPSG:3067", "EPSG:32635", always_xy=True).transform(X0, Y0)
    utm = write_geotiff(tmp_path / "utm.tif", cross(), crs="EPSG:32635",
                        transform=(PIX, 0, x, 0, -PIX, y))
    r = rnm.ccq(rnm.read(gt_lines(), crs="EPSG:3067"), utm)
    assert r.parameters["working_crs"] == "EPSG:3067"
    assert any("differs from the ground truth" in w for w in r.warnings)
    assert r.scores["CCQ_QUALITY"] > 0.9


def test_empty_raster(tmp_path):
    empty = write_geotiff(tmp_path / "empty.tif", np.full((40, 40), 255, np.uint8), nodata=255)
    r = rnm.ccq(gt_lines(), empty)
    assert any("no road pixel" in w for w in r.warnings) and r.scores["CCQ_COMPLETENESS"] == 0.0
    with pytest.raises(InputError, match="no usable line"):
        rnm.ccq(empty, gt_lines())


def test_bare_2d_arrays_are_coordinates_not_masks():
    """A (k, 2) array is a line; a wider or boolean one is refused with the
    way to give a raster (its position and pixel size are needed)."""
    assert rnm.ccq(np.array([[0.0, 0.0], [100.0, 0.0]]),
                   np.array([[0.0, 0.0], [100.0, 0.0]])).scores["CCQ_QUALITY"] == 1.0
    for mask in (np.zeros((50, 50), dtype=np.uint8), np.zeros((10, 2), dtype=bool)):
        with pytest.raises(InputError, match="centrelines"):
            rnm.ccq(gt_lines(), mask)


def test_cli_raster_options_and_exit_codes(tmp_path):
    import json
    from helpers_lib import cli, file_hashes
    pytest.importorskip("pyproj")
    prob = (cross(0.8, np.float32) + np.float32(0.1)).astype(np.float32)
    tif = write_geotiff(tmp_path / "prob.tif", prob)
    gt = gt_file(tmp_path)
    before = file_hashes(tif, gt)
    c = cli("ccq", gt, tif, "--raster-threshold", "0.5", "--RASTER_SIMPLIFY", "1", "--json")
    assert c.returncode == 0, c.stderr
    doc = json.loads(c.stdout)
    assert doc["parameters"]["prediction_raster"]["threshold"] == 0.5
    assert doc["parameters"]["prediction_raster"]["simplify_m"] == 1.0
    assert doc["scores"] == rnm.ccq(gt, tif, raster_threshold=0.5,
                                    raster_simplify=1).to_dict()["scores"]
    for args, text in [((), "not a 0/1 mask"), ((), "Set --raster-threshold (e.g. "
                                                     "--raster-threshold 0.5 for a probability "
                                                     "map) or --raster-classes."),
                       (("--raster-band", "2"), "band 2"),
                       (("--raster-threshold", "0.5", "--raster-classes", "1"), "not both"),
                       (("--raster-prune", "-1"), "RASTER_PRUNE")]:
        c = cli("ccq", gt, tif, *args)
        assert c.returncode == 2 and text in c.stderr and "Traceback" not in c.stderr, c.stderr
    c = cli("evaluate", gt, tif, "--metrics", "ccq", "--raster-threshold", "0.5", "--json")
    assert c.returncode == 0 and json.loads(c.stdout)["prediction_raster"]["threshold"] == 0.5
    assert file_hashes(tif, gt) == before


def test_raster_in_the_same_crs_written_differently_is_not_transformed(tmp_path):
    """Issue 32 item 8: a GeoTIFF's EPSG:3067 names its datum by a newer EPSG
    code than the registry's EPSG:3067; the two are the same grid (compared by
    where they put the data), so nothing is said and nothing is transformed."""
    pytest.importorskip("pyproj")
    tif = write_geotiff(tmp_path / "p.tif", cross())
    r = rnm.ccq(rnm.read(gt_lines(), crs="EPSG:3067"), tif)
    assert r.parameters["working_crs"] == "EPSG:3067"
    assert not any("differs" in w for w in r.warnings), r.warnings
    assert r.scores["CCQ_QUALITY"] > 0.9


def sparse_geotiff(path, size=100_000):
    """A tiled, compressed GeoTIFF of ``size`` x ``size`` pixels with one
    block written: a few MB on disk, 10 GB as an array."""
    try:
        import rasterio
        from affine import Affine
        with rasterio.open(path, "w", driver="GTiff", height=size, width=size, count=1,
                           dtype="uint8", crs="EPSG:3067", transform=Affine(PIX, 0, X0, 0, -PIX, Y0),
                           tiled=True, compress="deflate", sparse_ok=True, BIGTIFF="YES") as ds:
            ds.write(np.ones((1, 256, 256), np.uint8), window=((0, 256), (0, 256)))
        return str(path)
    except ImportError:
        pass
    gdal = pytest.importorskip("osgeo.gdal", reason="neither rasterio nor GDAL's bindings")
    ds = gdal.GetDriverByName("GTiff").Create(str(path), size, size, 1, gdal.GDT_Byte,
                                              ["TILED=YES", "COMPRESS=DEFLATE", "SPARSE_OK=TRUE",
                                               "BIGTIFF=YES"])
    ds.SetGeoTransform((X0, PIX, 0, Y0, 0, -PIX))
    ds.GetRasterBand(1).WriteArray(np.ones((256, 256), np.uint8))
    ds = None
    return str(path)


def test_a_raster_too_large_for_memory_is_refused_from_its_header(tmp_path, monkeypatch):
    """Issue 32 item 5: a small sparse file of 100,000 x 100,000 pixels made
    pixel_iou and apls allocate 9.3 GiB at once (MemoryError); now refused
    with the memory needed, before reading, in the library and the CLI."""
    import sys
    from roadnetworkmetrics import _raster, cli
    big = sparse_geotiff(tmp_path / "big.tif")
    memory = sys.modules[_raster.check_fits.__module__]
    monkeypatch.setattr(memory, "available_bytes", lambda: 8 << 30)
    with pytest.raises(InputError, match=r"is 100000 x 100000 pixels: reading and scoring it needs "
                                         r"at least 65\.2 GiB of memory, and 8\.0 GiB are available"):
        rnm.pixel_iou(big, big)
    with pytest.raises(InputError, match=r"needs at least 102\.4 GiB of memory, and 8\.0 GiB"):
        rnm.apls(big, big)
    with pytest.raises(InputError, match="needs at least"):
        rnm.centrelines(big)
    assert cli.main(["pixel_iou", big, big]) == 2
