"""Batch scoring with rasters (issue 21 in the batch face): GeoTIFF masks
and probability maps on either side of a line metric (centrelines
extracted in the worker with the raster parameters, the extraction in the
rows and the aggregate), folders mixing .geojson and .tif, the pixel
metrics on pairs of masks, grids that differ, unreadable rasters; rows
equal the single-pair functions, on 1 and 2 worker processes, resumed.

GeoTIFFs are written with rasterio, else GDAL's bindings (the QGIS venv);
without either the tests are skipped (write_geotiff says why)."""
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import roadnetworkmetrics as rnm
from roadnetworkmetrics import InputError, _batch

from helpers_lib import cli, file_hashes, read_csv_rows, read_jsonl_rows
from test_raster import PIX, X0, Y0, cross, gt_lines, write_geotiff


def _rows(path):
    return read_csv_rows(path)


def _geojson(path, lines):
    feats = [{"type": "Feature", "properties": {},
              "geometry": {"type": "LineString", "coordinates": [list(map(float, q)) for q in l]}}
             for l in lines]
    path.write_text(json.dumps({"type": "FeatureCollection", "features": feats}))
    return str(path)


def _prob(shift_cols=0):
    """A probability map of the cross (0.9 on the roads, 0.1 elsewhere)."""
    a = np.roll(cross(0.8, np.float32), shift_cols, axis=1) + np.float32(0.1)
    return a.astype(np.float32)


@pytest.fixture
def mixed(tmp_path):
    """Ground truth as lines; predictions as probability maps (a, c), as
    lines (b), an empty map (e) and one without ground truth (orphan)."""
    gt, pred = tmp_path / "gt", tmp_path / "pred"
    gt.mkdir()
    pred.mkdir()
    for k in ("a", "b", "c", "e"):
        _geojson(gt / f"{k}.geojson", gt_lines())
    write_geotiff(pred / "a.tif", _prob(), crs=None)
    _geojson(pred / "b.geojson", [[(x + 1.0, y) for x, y in l] for l in gt_lines()])
    write_geotiff(pred / "c.tiff", _prob(3), crs=None)
    write_geotiff(pred / "e.tif", np.full((120, 160), 0.1, np.float32), crs=None)
    write_geotiff(pred / "orphan.tif", _prob(), crs=None)
    return tmp_path


def test_mixed_folder_rows_equal_single_pairs(mixed):
    before = file_hashes(str(mixed / "gt"), str(mixed / "pred"))
    pairs = _batch.pairs_from_folders(str(mixed / "gt"), str(mixed / "pred"))
    assert [p[0] for p in pairs] == ["a", "b", "c", "e", "orphan"]
    params = {"RASTER_THRESHOLD": 0.5, "raster_prune": 3}
    agg = _batch.run_batch("ccq", pairs, str(mixed / "rows.csv"), params=params)
    rows = _rows(mixed / "rows.csv")
    for k in ("a", "b", "c"):
        gt, pred = pairs[["a", "b", "c"].index(k)][1:]
        extra = dict(raster_threshold=0.5, raster_prune=3) if k != "b" else {}
        single = rnm.ccq(gt, pred, **extra)
        assert rows[k]["status"] == "ok"
        for name, v in single.scores.items():
            assert float(rows[k][name]) == v, (k, name)
        if k == "b":
            assert rows[k]["prediction_raster"] == ""
        else:  # the record a single pair keeps in its parameters
            assert json.loads(rows[k]["prediction_raster"]) == json.loads(
                json.dumps(single.parameters["prediction_raster"]))
    rec = json.loads(rows["a"]["prediction_raster"])
    assert (rec["source"], rec["threshold"], rec["prune_m"]) == ("a.tif", 0.5, 3.0)
    assert rows["c"]["ground_truth_raster"] == ""
    # an empty map: an empty prediction (the SpaceNet rule: worst), its warning kept
    assert rows["e"]["status"] == "empty_prediction" and float(rows["e"]["CCQ_QUALITY"]) == 0.0
    assert "no road pixel" in rows["e"]["warnings"]
    assert rows["orphan"]["status"] == "missing_ground_truth" and rows["orphan"]["CCQ_QUALITY"] == ""
    assert agg["raster"]["threshold"] == 0.5 and agg["raster"]["prune_m"] == 3.0
    assert {k: v for k, v in agg["status"].items() if v} == \
        {"ok": 3, "empty_prediction": 1, "missing_ground_truth": 1}
    assert agg["missing_ground_truth"] == ["orphan"]
    assert file_hashes(str(mixed / "gt"), str(mixed / "pred")) == before


@pytest.mark.slow
def test_workers_and_resume_with_rasters(mixed):
    """Rasters are read in the workers (only paths are sent): the rows of
    one process; a partial rows file is resumed."""
    pairs = _batch.pairs_from_folders(str(mixed / "gt"), str(mixed / "pred"))
    params = {"RASTER_THRESHOLD": 0.5}
    one = _batch.run_batch("apls", pairs, str(mixed / "one.csv"), params=params)
    two = _batch.run_batch("apls", pairs, str(mixed / "two.csv"), params=params, workers=2)
    assert _rows(mixed / "one.csv") == _rows(mixed / "two.csv")
    assert json.dumps(one["mean"]) == json.dumps(two["mean"])
    lines = open(mixed / "one.csv").read().splitlines()
    open(mixed / "part.csv", "w").write("\n".join(lines[:4]) + "\n")  # provenance, header, 2
    part = _batch.run_batch("apls", pairs, str(mixed / "part.csv"), params=params)
    assert part["resumed"] == 2 and part["pairs"] == 5
    assert part["mean"]["APLS"] == pytest.approx(one["mean"]["APLS"], abs=1e-12)
    assert _rows(mixed / "part.csv") == _rows(mixed / "one.csv")


def test_raster_ground_truth_and_manifest(tmp_path):
    """Masks on both sides of a line metric through a manifest: both
    extractions recorded, the scores of the single pair."""
    write_geotiff(tmp_path / "g.tif", cross(), crs=None)
    write_geotiff(tmp_path / "p.tif", np.roll(cross(), 2, axis=0), crs=None)
    (tmp_path / "m.csv").write_text("id,ground_truth,prediction\nx,g.tif,p.tif\n")
    pairs = _batch.pairs_from_manifest(str(tmp_path / "m.csv"))
    _batch.run_batch("apls", pairs, str(tmp_path / "rows.jsonl"))
    row = read_jsonl_rows(tmp_path / "rows.jsonl")["x"]
    single = rnm.apls(str(tmp_path / "g.tif"), str(tmp_path / "p.tif"))
    assert row["status"] == "ok" and row["APLS"] == single.scores["APLS"]
    assert json.loads(row["ground_truth_raster"])["source"] == "g.tif"
    assert json.loads(row["prediction_raster"])["lines"] == \
        single.parameters["prediction_raster"]["lines"]


def test_unreadable_raster_and_bad_parameters(mixed):
    (mixed / "pred" / "b.geojson").unlink()
    (mixed / "pred" / "b.tif").write_bytes(b"not a GeoTIFF at all")
    r = cli("batch", "ccq", "--pairs", mixed / "gt", mixed / "pred", "--out",
            mixed / "rows.csv", "--raster-threshold", "0.5", "--json")
    assert r.returncode == 3, r.stderr  # a pair in error is a row, and the exit code says so
    rows = _rows(mixed / "rows.csv")
    assert rows["b"]["status"] == "error" and "cannot be read as a raster" in rows["b"]["error"]
    assert json.loads(r.stdout)["error"] == ["b"]
    assert json.loads(r.stdout)["raster"]["threshold"] == 0.5
    # without the threshold a probability map is refused, pair by pair
    r = cli("batch", "ccq", "--pairs", mixed / "gt", mixed / "pred", "--out",
            mixed / "rows2.csv")
    assert r.returncode == 3 and "not a 0/1 mask" in _rows(mixed / "rows2.csv")["a"]["error"]
    assert "Set --raster-threshold" in _rows(mixed / "rows2.csv")["a"]["error"]
    # bad raster parameters stop the batch before any pair: exit code 2, one sentence
    for args, text in [(("--raster-prune", "-1"), "RASTER_PRUNE"),
                       (("--raster-threshold", "0.5", "--raster-classes", "1"), "not both")]:
        r = cli("batch", "ccq", "--pairs", mixed / "gt", mixed / "pred", "--out",
                mixed / "rows3.csv", *args)
        assert r.returncode == 2 and text in r.stderr and "Traceback" not in r.stderr, r.stderr
    assert not (mixed / "rows3.csv").exists()
    with pytest.raises(InputError, match="only apply to raster files"):
        _batch.run_batch("ccq", [("x", mixed / "gt" / "a.geojson", mixed / "gt" / "b.geojson")],
                         str(mixed / "rows4.csv"), params={"raster_threshold": 0.5})


# -- pixel metrics: pairs of masks ---------------------------------------------------

@pytest.fixture
def masks(tmp_path):
    """Ground-truth and predicted masks: two good pairs, one prediction on
    a grid of another size, one on a shifted grid, one missing."""
    root = tmp_path / "masks"
    gt, pred = root / "gt", root / "pred"
    gt.mkdir(parents=True)
    pred.mkdir()
    for k in ("a", "b", "size", "shifted", "missing"):
        write_geotiff(gt / f"{k}.tif", cross(), crs=None)
    write_geotiff(pred / "a.tif", np.roll(cross(), 2, axis=1), crs=None)
    write_geotiff(pred / "b.tif", cross(), crs=None)
    write_geotiff(pred / "size.tif", cross()[:100], crs=None)
    write_geotiff(pred / "shifted.tif", cross(), crs=None,
                  transform=(PIX, 0, X0 + 10 * PIX, 0, -PIX, Y0))
    return root


@pytest.mark.parametrize("metric", ["pixel_iou", "pixel_distances", "pixel_cldice",
                                    "pixel_boundaryf"])
def test_pixel_metrics_rows_equal_single_pairs(masks, metric):
    pairs = _batch.pairs_from_folders(str(masks / "gt"), str(masks / "pred"))
    agg = _batch.run_batch(metric, pairs, str(masks / "rows.csv"))
    rows = _rows(masks / "rows.csv")
    fn = getattr(rnm, metric)
    for k in ("a", "b"):
        single = fn(str(masks / "gt" / f"{k}.tif"), str(masks / "pred" / f"{k}.tif"))
        assert rows[k]["status"] == "ok"
        for name, v in single.scores.items():
            assert (rows[k][name] == "" and np.isnan(v)) or float(rows[k][name]) == v
    for k in ("size", "shifted"):
        assert rows[k]["status"] == "grid_mismatch", rows[k]
        assert "one grid" in rows[k]["error"]
    assert "(120 x 160 pixels)" in rows["size"]["error"]
    assert "(100 x 160 pixels)" in rows["size"]["error"]
    assert str(X0 + 10 * PIX) in rows["shifted"]["error"]  # the two transforms
    # a missing prediction (SpaceNet rule): scored as an all-zero mask on the ground truth's grid
    zero = fn(str(masks / "gt" / "missing.tif"), np.zeros((120, 160), np.uint8))
    assert rows["missing"]["status"] == "missing_prediction"
    head = registry_headline(metric)
    assert (rows["missing"][head] == "" and np.isnan(zero.scores[head])) or \
        float(rows["missing"][head]) == zero.scores[head]
    assert agg["grid_mismatch"] == ["shifted", "size"]
    assert {k: v for k, v in agg["status"].items() if v} == \
        {"ok": 2, "missing_prediction": 1, "grid_mismatch": 2}


def registry_headline(metric):
    from core import registry
    spec = registry.get(metric)
    return spec.output_key(spec.headline_output().name)


def test_pixel_metric_cli_band_workers_and_skip(masks):
    """The command line: --band, two workers (the rows of one), the skip
    rule leaving the missing prediction unscored, an unreadable mask."""
    write_geotiff(masks / "pred" / "two.tif", [np.zeros((120, 160), np.uint8), cross()],
                  crs=None)
    write_geotiff(masks / "gt" / "two.tif", [cross(), cross()], crs=None)
    (masks / "pred" / "bad.tif").write_bytes(b"\0" * 64)
    write_geotiff(masks / "gt" / "bad.tif", cross(), crs=None)
    base = ["batch", "pixel_iou", "--pairs", masks / "gt", masks / "pred", "--json"]
    one = cli(*base, "--out", masks / "one.csv", "--band", "1")
    assert one.returncode == 3, one.stderr    # 'bad' could not be scored
    rows = _rows(masks / "one.csv")
    assert float(rows["two"]["PIXEL_IOU_IOU"]) == 0.0 and rows["bad"]["status"] == "error"
    assert "Traceback" not in rows["bad"]["error"]
    skip = cli(*base, "--out", masks / "skip.csv", "--empty-chips", "skip", "--workers", "2",
               "--allow-errors")
    assert skip.returncode == 0, skip.stderr
    srows = _rows(masks / "skip.csv")
    assert srows["missing"]["status"] == "missing_prediction" and srows["missing"]["PIXEL_IOU_IOU"] == ""
    assert {k: r for k, r in srows.items() if k != "missing"} == \
        {k: r for k, r in rows.items() if k != "missing"}
    # band 2 does not exist in most files: a row error each, band 2 of 'two' is the cross
    b2 = cli(*base, "--out", masks / "b2.csv", "--raster-band", "2", "--allow-errors", "0.99")
    assert b2.returncode == 0
    rows2 = _rows(masks / "b2.csv")
    assert rows2["two"]["status"] == "ok" and float(rows2["two"]["PIXEL_IOU_IOU"]) == 1.0
    assert rows2["a"]["status"] == "error" and "band 2" in rows2["a"]["error"]
    # --raster-threshold reads both masks (a 0/1 mask thresholded at 0.5 is unchanged) ...
    t = cli(*base, "--out", masks / "t.csv", "--raster-threshold", "0.5", "--allow-errors")
    assert t.returncode == 0 and _rows(masks / "t.csv") == rows
    # ... and with a per-raster threshold it is refused before any pair
    bad = cli(*base, "--out", masks / "x.csv", "--raster-threshold", "0.5", "--gt-threshold", "1")
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert "--raster-threshold sets the threshold of both rasters" in bad.stderr


@pytest.mark.slow
def test_dask_cluster_reads_the_rasters_in_its_workers(mixed, masks):
    """`--dask ADDRESS`: the raster pairs (line and pixel metrics) give the
    rows of one local process; only paths go to the cluster."""
    distributed = pytest.importorskip("distributed", reason="the 'distributed' package is "
                                      "not installed (the 'dask' extra)")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        for metric, folder, extra in (("apls", mixed, ["--raster-threshold", "0.5"]),
                                      ("pixel_cldice", masks, [])):
            base = ["batch", metric, "--pairs", folder / "gt", folder / "pred", *extra,
                    "--allow-errors"]   # the masks' grid mismatches
            one = cli(*base, "--out", folder / "one.csv")
            dask = cli(*base, "--out", folder / "dask.csv", "--dask", cluster.scheduler_address)
            assert one.returncode == 0 and dask.returncode == 0, dask.stderr
            assert _rows(folder / "dask.csv") == _rows(folder / "one.csv")


@st.composite
def mask_pairs(draw):
    """Two to four pairs of random road masks (bars 1-5 pixels wide), each
    pair on its own grid size; a pair may have an empty prediction."""
    out = []
    for _ in range(draw(st.integers(2, 4))):
        h, w = draw(st.integers(20, 36)), draw(st.integers(20, 36))
        g = np.random.Generator(np.random.PCG64(draw(st.integers(0, 2 ** 31))))
        pair = []
        for _side in range(2):
            m = np.zeros((h, w), np.uint8)
            for _ in range(int(g.integers(0 if pair else 1, 4))):
                width, pos = int(g.integers(1, 6)), int(g.integers(0, min(h, w) - 5))
                if g.random() < 0.5:
                    m[pos:pos + width, int(g.integers(0, w // 2)):] = 1
                else:
                    m[int(g.integers(0, h // 2)):, pos:pos + width] = 1
            pair.append(m)
        out.append(pair)
    return out


@settings(max_examples=12)
@given(pairs=mask_pairs(), metric=st.sampled_from(["pixel_iou", "pixel_cldice"]))
def test_pixel_batch_rows_and_mean_are_the_single_pairs(pairs, metric):
    """Property: each row holds the single-pair scores of its files and the
    aggregate mean is the mean of those scores over the pairs that have one
    (NaN left out), whatever the masks."""
    import tempfile
    from pathlib import Path
    from core import registry
    fn = getattr(rnm, metric)
    with tempfile.TemporaryDirectory() as d:
        d = Path(d)
        listed = []
        for k, (g, p) in enumerate(pairs):
            listed.append((f"p{k}", write_geotiff(d / f"g{k}.tif", g, crs=None),
                           write_geotiff(d / f"q{k}.tif", p, crs=None)))
        agg = _batch.run_batch(metric, listed, str(d / "rows.jsonl"))
        rows = read_jsonl_rows(d / "rows.jsonl")
        singles = {i: fn(g, p).scores for i, g, p in listed}
    spec = registry.get(metric)
    for name in (spec.output_key(o.name) for o in spec.outputs):
        vals = [singles[i][name] for i in singles]
        for i in singles:
            v = singles[i][name]
            assert rows[i][name] == (None if np.isnan(v) else v)
        finite = [v for v in vals if not np.isnan(v)]
        want = sum(finite) / len(finite) if finite else float("nan")
        assert (np.isnan(want) and np.isnan(agg["mean"][name])) or \
            agg["mean"][name] == pytest.approx(want, abs=1e-12)
