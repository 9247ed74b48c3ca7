"""Batch scoring: pairs from folders, a manifest and SpaceNet CSVs, one row
per pair, the empty-chip rules on hand cases, missing sides reported,
resume, and the same rows on 1 and 2 worker processes."""
import json
import math

import numpy as np
import pytest

import roadnetworkmetrics as rnm
from roadnetworkmetrics import _batch
from core.analysis.tiles import clip_lineset

from helpers_lib import GT, PRED, cli, file_hashes, parts_of, read_csv_rows, read_jsonl_rows
from test_inputs import write_spacenet

ROAD = [np.array([(0.0, 0), (100, 0), (200, 0)]), np.array([(100.0, 0), (100, 150)])]
SHIFTED = [p + (0, 1.0) for p in ROAD]


def _rows(path):
    return read_csv_rows(path)


@pytest.fixture
def spacenet(tmp_path):
    """Four chips: both sides with roads, both empty, ground truth empty
    only, prediction missing; and a prediction without ground truth."""
    gt = {"both": ROAD, "empty_both": None, "gt_empty": None, "pred_missing": ROAD}
    pred = {"both": SHIFTED, "empty_both": None, "gt_empty": SHIFTED, "orphan": ROAD}
    write_spacenet(tmp_path / "gt.csv", gt)
    write_spacenet(tmp_path / "pred.csv", pred)
    return tmp_path


def test_spacenet_empty_chip_rules(spacenet):
    pairs = _batch.pairs_from_spacenet(str(spacenet / "gt.csv"), str(spacenet / "pred.csv"))
    agg = _batch.run_batch("apls", pairs, str(spacenet / "rows.csv"), pixel_size=1.0)
    rows = _rows(spacenet / "rows.csv")
    assert rows["empty_both"]["status"] == "empty_both" and float(rows["empty_both"]["APLS"]) == 1
    assert rows["gt_empty"]["status"] == "empty_ground_truth" and float(rows["gt_empty"]["APLS"]) == 0
    assert rows["pred_missing"]["status"] == "missing_prediction"
    assert float(rows["pred_missing"]["APLS"]) == 0
    assert rows["orphan"]["status"] == "missing_ground_truth" and rows["orphan"]["APLS"] == ""
    both = rnm.apls([p * (1, -1) for p in ROAD], [p * (1, -1) for p in SHIFTED]).scores["APLS"]
    assert float(rows["both"]["APLS"]) == pytest.approx(both, abs=1e-12)
    assert agg["mean"]["APLS"] == pytest.approx((both + 1 + 0 + 0) / 4)
    assert agg["missing_prediction"] == ["pred_missing"]
    assert agg["missing_ground_truth"] == ["orphan"]
    assert agg["status"] == {"ok": 1, "empty_both": 1, "empty_ground_truth": 1,
                             "empty_prediction": 0, "missing_prediction": 1,
                             "missing_ground_truth": 1, "grid_mismatch": 0, "error": 0}


def test_scaled_while_reading_same_rows(spacenet):
    """The CLI's SpaceNet batch scales each file once while reading: the same
    rows, to the bit, as pairs scaled one by one."""
    files = str(spacenet / "gt.csv"), str(spacenet / "pred.csv")
    for name, pairs in (("each.csv", _batch.pairs_from_spacenet(*files)),
                        ("once.csv", _batch.pairs_from_spacenet(*files, 0.3))):
        _batch.run_batch("apls", pairs, str(spacenet / name), pixel_size=0.3)
    assert _rows(spacenet / "each.csv") == _rows(spacenet / "once.csv")
    assert float(_rows(spacenet / "once.csv")["both"]["APLS"]) > 0
    pairs = _batch.pairs_from_spacenet(*files, 0.3)
    with pytest.raises(rnm.InputError, match="pixel size of 0.3 m, not 0.5 m"):
        rnm.apls(pairs[0][1], pairs[0][2], pixel_size=0.5)


def test_skip_rule_leaves_empty_chips_out(spacenet):
    pairs = _batch.pairs_from_spacenet(str(spacenet / "gt.csv"), str(spacenet / "pred.csv"))
    agg = _batch.run_batch("apls", pairs, str(spacenet / "rows.csv"), pixel_size=1.0,
                           empty_chips="skip")
    rows = _rows(spacenet / "rows.csv")
    assert agg["scored"] == 1 and rows["gt_empty"]["APLS"] == ""
    assert agg["mean"]["APLS"] == pytest.approx(float(rows["both"]["APLS"]))


def _chips(folder, n=6, size=300.0):
    """n chips cut from the sample (ground truth and prediction), as GeoJSON."""
    from core.network.lineset import LineSet
    g, p = LineSet(parts_of(GT)), LineSet(parts_of(PRED))
    xy = np.concatenate(g.parts)
    x0, y0 = xy.min(axis=0)
    (folder / "gt").mkdir()
    (folder / "pred").mkdir()
    for k in range(n):
        box = (x0 + 200 + k * size, y0 + 300, x0 + 200 + (k + 1) * size, y0 + 300 + size)
        for side, ls in (("gt", g), ("pred", p)):
            c = clip_lineset(ls, box)
            doc = {"type": "FeatureCollection", "features": [
                {"type": "Feature", "properties": {},
                 "geometry": {"type": "LineString", "coordinates": q.tolist()}} for q in c.parts]}
            (folder / side / f"chip{k}.geojson").write_text(json.dumps(doc))


def test_folders_workers_and_resume(tmp_path):
    _chips(tmp_path)
    (tmp_path / "pred" / "chip5.geojson").unlink()
    before = file_hashes(str(tmp_path / "gt"), str(tmp_path / "pred"))
    pairs = _batch.pairs_from_folders(str(tmp_path / "gt"), str(tmp_path / "pred"))
    a = _batch.run_batch("apls", pairs, str(tmp_path / "one.csv"), workers=1)
    b = _batch.run_batch("apls", pairs, str(tmp_path / "two.jsonl"), workers=2)
    one = _rows(tmp_path / "one.csv")
    two = read_jsonl_rows(tmp_path / "two.jsonl")
    assert set(one) == set(two) == {f"chip{k}" for k in range(6)}
    for k in one:
        v1, v2 = one[k]["APLS"], two[k]["APLS"]
        assert (v1 == "" and v2 is None) or float(v1) == v2
    assert json.dumps(a["mean"]) == json.dumps(b["mean"])  # identical, NaN included
    assert json.dumps(a["pooled"]) == json.dumps(b["pooled"])
    assert one["chip5"]["status"] == "missing_prediction"
    # resume: rows already written are kept, not recomputed
    lines = open(tmp_path / "one.csv").read().splitlines()
    open(tmp_path / "part.csv", "w").write("\n".join(lines[:5]) + "\n")  # provenance, header, 3
    c = _batch.run_batch("apls", pairs, str(tmp_path / "part.csv"))
    assert c["resumed"] == 3 and c["pairs"] == 6
    assert c["mean"]["APLS"] == pytest.approx(a["mean"]["APLS"], abs=1e-12)
    assert len(_rows(tmp_path / "part.csv")) == 6
    assert file_hashes(str(tmp_path / "gt"), str(tmp_path / "pred")) == before


def test_rows_built_without_layers_equal_the_single_pair_scores(tmp_path):
    """A batch keeps only the scores, so its metrics run without layers
    (diagnostics=False in core/runner.py; OPT-G then counts its pairs without the least-distance
    assignments): the same numbers as the function on each pair."""
    _chips(tmp_path, n=2)
    pairs = _batch.pairs_from_folders(str(tmp_path / "gt"), str(tmp_path / "pred"))
    _batch.run_batch("optg", pairs, str(tmp_path / "rows.csv"), params={"N_SEEDS": 40})
    rows = _rows(tmp_path / "rows.csv")
    for i, g, p in pairs:
        ref = rnm.optg(g, p, N_SEEDS=40)
        assert ref.layers, "the function alone keeps its layers"
        for k, v in ref.scores.items():
            assert (math.isnan(v) and rows[i][k] in ("", "nan")) or float(rows[i][k]) == v


def test_manifest_and_cli(tmp_path):
    _chips(tmp_path, n=3)
    (tmp_path / "m.csv").write_text("id,ground_truth,prediction\n" + "".join(
        f"c{k},gt/chip{k}.geojson,pred/chip{k}.geojson\n" for k in range(3)))
    r = cli("batch", "apls", "--manifest", tmp_path / "m.csv", "--out", tmp_path / "rows.csv",
            "--json")
    assert r.returncode == 0, r.stderr
    agg = json.loads(r.stdout)
    assert agg["pairs"] == 3 and set(_rows(tmp_path / "rows.csv")) == {"c0", "c1", "c2"}
    r2 = cli("batch", "apls", "--pairs", tmp_path / "gt", tmp_path / "pred", "--out",
             tmp_path / "rows2.csv", "--json")
    assert json.loads(r2.stdout)["mean"] == agg["mean"]
    bad = cli("batch", "apls", "--manifest", tmp_path / "m.csv", "--out", tmp_path / "gt" /
              "chip0.geojson")
    assert bad.returncode == 2 and "input" in bad.stderr


def test_spacenet_cli_pixel_size(spacenet):
    r = cli("batch", "apls", "--spacenet", spacenet / "gt.csv", spacenet / "pred.csv",
            "--pixel-size", "0.3", "--out", spacenet / "rows.csv", "--json")
    assert r.returncode == 0, r.stderr
    agg = json.loads(r.stdout)
    assert agg["pairs"] == 5 and not math.isnan(agg["mean"]["APLS"])
    # pixel coordinates without a pixel size: refused before anything is scored
    r = cli("batch", "apls", "--spacenet", spacenet / "gt.csv", spacenet / "pred.csv",
            "--out", spacenet / "rows3.csv")
    assert r.returncode == 2 and "give the pixel size" in r.stderr, r.stderr
    assert not (spacenet / "rows3.csv").exists()


def test_parquet_rows_and_resume(tmp_path):
    """Rows as Parquet (pyarrow): the CSV's rows and aggregate; a partial
    file is resumed (rows kept, the rest scored)."""
    pq = pytest.importorskip("pyarrow.parquet", reason="pyarrow is not installed "
                             "(the wheel venv of scripts/test installs the 'parquet' extra)")
    _chips(tmp_path, n=4)
    pairs = _batch.pairs_from_folders(str(tmp_path / "gt"), str(tmp_path / "pred"))
    a = _batch.run_batch("apls", pairs, str(tmp_path / "rows.csv"))
    b = _batch.run_batch("apls", pairs, str(tmp_path / "rows.parquet"))
    table = pq.read_table(tmp_path / "rows.parquet").to_pylist()
    csv_rows = _rows(tmp_path / "rows.csv")
    assert [r["id"] for r in table] == list(csv_rows)
    for r in table:
        assert r["APLS"] == float(csv_rows[r["id"]]["APLS"])
    assert json.dumps(a["mean"]) == json.dumps(b["mean"])
    import pyarrow as pa
    whole = pq.read_table(tmp_path / "rows.parquet")
    pq.write_table(whole.slice(0, 2), tmp_path / "part.parquet")   # the schema's provenance kept
    c = _batch.run_batch("apls", pairs, str(tmp_path / "part.parquet"))
    assert c["resumed"] == 2 and c["pairs"] == 4
    assert [r["id"] for r in pq.read_table(tmp_path / "part.parquet").to_pylist()] == \
        [r["id"] for r in table]
    assert c["mean"]["APLS"] == pytest.approx(a["mean"]["APLS"], abs=1e-12)
    # a Parquet file without the provenance in its schema is not resumed
    pq.write_table(pa.Table.from_pylist(table[:2]), tmp_path / "foreign.parquet")
    with pytest.raises(rnm.InputError, match="cannot be resumed: it has no provenance"):
        _batch.run_batch("apls", pairs, str(tmp_path / "foreign.parquet"))


@pytest.mark.slow
def test_dask_cluster_gives_the_rows_of_local_workers(tmp_path):
    """`roadmetrics batch --dask ADDRESS` on a local cluster: the rows and
    aggregate of the 1-process run."""
    distributed = pytest.importorskip("distributed", reason="the 'distributed' package is "
                                      "not installed (the 'dask' extra)")
    _chips(tmp_path, n=4)
    pairs = _batch.pairs_from_folders(str(tmp_path / "gt"), str(tmp_path / "pred"))
    one = _batch.run_batch("apls", pairs, str(tmp_path / "one.csv"))
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        r = cli("batch", "apls", "--pairs", tmp_path / "gt", tmp_path / "pred", "--out",
                tmp_path / "dask.csv", "--dask", cluster.scheduler_address, "--json")
    assert r.returncode == 0, r.stderr
    nan_as_null = {k: None if isinstance(v, float) and math.isnan(v) else v
                   for k, v in one["mean"].items()}
    assert json.loads(r.stdout)["mean"] == nan_as_null  # the CLI's JSON writes NaN as null
    assert _rows(tmp_path / "dask.csv") == _rows(tmp_path / "one.csv")


def test_spacenet_file_ending_with_an_empty_chip_scores_both_chips(tmp_path):
    """Issue 30's minimal file: the last row LINESTRING EMPTY (once an
    IndexError in the reader, every batch on it an internal error)."""
    (tmp_path / "g.csv").write_text('ImageId,WKT_Pix\nd,"LINESTRING (0 0, 10 0)"\n'
                                    'c,"LINESTRING EMPTY"\n')
    r = cli("batch", "apls", "--spacenet", tmp_path / "g.csv", tmp_path / "g.csv", "--out",
            tmp_path / "rows.csv", "--pixel-size", "0.3", "--json")
    assert r.returncode == 0, r.stderr
    rows = _rows(tmp_path / "rows.csv")
    assert set(rows) == {"d", "c"} and rows["c"]["status"] == "empty_both"
    assert rows["d"]["status"] == "ok" and json.loads(r.stdout)["failed"] == 0
