"""Batch scoring a benchmark can publish (issue 31): every problem of the
issue's "Why" as a test - pixel coordinates without a pixel size, a resume
with other parameters, metric or inputs, foreign values, outputs over
inputs, corrupt rows files - and the summary, the exit codes, the same
columns in every format and the public rnm.batch."""
import json
import re
import math
import os
import subprocess

import numpy as np
import pytest

import roadnetworkmetrics as rnm
from helpers_lib import cli, cli_command, file_hashes, read_csv_rows, read_jsonl_rows
from test_inputs import write_spacenet

ROAD = [np.array([(0.0, 0), (100, 0), (200, 0)]), np.array([(100.0, 0), (100, 150)])]
PRED = [np.array([(0.0, 1), (200, 1)])]


@pytest.fixture
def sn(tmp_path):
    """Three chips with roads on both sides, one empty on both: pixel
    coordinates (SpaceNet WKT_Pix)."""
    gt = {f"c{k}": [p + (10 * k, 0) for p in ROAD] for k in range(3)}
    gt["empty"] = None
    pred = {f"c{k}": [p + (10 * k, 0) for p in PRED] for k in range(3)}
    pred["empty"] = None
    write_spacenet(tmp_path / "gt.csv", gt)
    write_spacenet(tmp_path / "pred.csv", pred)
    return tmp_path


def spacenet_args(d, out, *extra):
    return ["batch", "apls", "--spacenet", d / "gt.csv", d / "pred.csv", "--out", d / out,
            "--json", *extra]


# -- 1. pixel coordinates without a pixel size ---------------------------------------

def test_pixel_coordinates_without_pixel_size_refused_before_scoring(sn):
    before = file_hashes(str(sn / "gt.csv"), str(sn / "pred.csv"))
    r = cli(*spacenet_args(sn, "rows.csv"))
    assert r.returncode == 2 and "give the pixel size in metres" in r.stderr, r.stderr
    assert "Nothing was scored" in r.stderr and "Traceback" not in r.stderr
    assert not (sn / "rows.csv").exists() and r.stdout == ""
    assert file_hashes(str(sn / "gt.csv"), str(sn / "pred.csv")) == before
    with pytest.raises(rnm.InputError, match="pixel coordinates"):
        rnm.batch("apls", spacenet=(sn / "gt.csv", sn / "pred.csv"))


def test_pixel_and_map_coordinates_mixed_refused():
    g = rnm.read([[(0, 0), (10, 0)]])
    pix = rnm.Source(g.lines, None, True, "pixels")
    with pytest.raises(rnm.InputError, match="one side is in pixel coordinates"):
        rnm.batch("apls", [("a", g, pix)], pixel_size=0.3)
    with pytest.raises(rnm.InputError, match="score them in two batches"):
        rnm.batch("apls", [("a", g, g), ("b", pix, pix)], pixel_size=0.3)
    with pytest.raises(rnm.InputError, match="positive number of metres"):
        rnm.batch("apls", [("b", pix, pix)], pixel_size=-1)


# -- 2, 3. a resume made differently --------------------------------------------------

def test_resume_round_trip_gives_the_same_summary(sn):
    a = cli(*spacenet_args(sn, "rows.csv", "--pixel-size", "0.3"))
    b = cli(*spacenet_args(sn, "rows.csv", "--pixel-size", "0.3"))
    assert a.returncode == b.returncode == 0, a.stderr + b.stderr
    sa, sb = json.loads(a.stdout), json.loads(b.stdout)
    assert sb["resumed"] == 4 and sa["resumed"] == 0
    for k in ("mean", "pooled", "status", "scored", "pairs", "failed"):
        assert sa[k] == sb[k], k
    assert sa["pooled"]["APLS"] is not None


@pytest.mark.parametrize("change,named", [
    (["--pixel-size", "0.5"], "the pixel size (0.3 there, 0.5 now)"),
    (["--pixel-size", "0.3", "--control-spacing", "5"], "CONTROL_SPACING (null there, 5.0 now)"),
    (["--pixel-size", "0.3", "--empty-chips", "skip"], "the empty-chip rule"),
])
def test_resume_with_other_parameters_refused(sn, change, named):
    assert cli(*spacenet_args(sn, "rows.csv", "--pixel-size", "0.3")).returncode == 0
    before = open(sn / "rows.csv").read()
    r = cli(*spacenet_args(sn, "rows.csv", *change))
    assert r.returncode == 2 and "cannot be resumed" in r.stderr and named in r.stderr, r.stderr
    assert "--no-resume" in r.stderr and "another --out" in r.stderr
    assert open(sn / "rows.csv").read() == before
    fresh = cli(*spacenet_args(sn, "rows.csv", *change, "--no-resume"))
    assert fresh.returncode == 0 and json.loads(fresh.stdout)["resumed"] == 0


def test_resume_with_another_metric_refused(sn):
    assert cli(*spacenet_args(sn, "rows.csv", "--pixel-size", "0.3")).returncode == 0
    r = cli("batch", "tlts", "--spacenet", sn / "gt.csv", sn / "pred.csv", "--out",
            sn / "rows.csv", "--pixel-size", "0.3")
    assert r.returncode == 2 and "the metric (apls there, tlts now)" in r.stderr, r.stderr


def test_resume_with_changed_inputs_refused(sn):
    assert cli(*spacenet_args(sn, "rows.csv", "--pixel-size", "0.3")).returncode == 0
    with open(sn / "pred.csv", "a") as f:
        f.write('c9,"LINESTRING (0 0, 5 5)"\n')
    r = cli(*spacenet_args(sn, "rows.csv", "--pixel-size", "0.3"))
    assert r.returncode == 2 and "the input files" in r.stderr, r.stderr


# -- 4, 6. foreign, edited and corrupt rows files -------------------------------------

def _edit_csv(path, fn):
    lines = open(path).read().splitlines(keepends=True)
    open(path, "w").write("".join(fn(lines)))


@pytest.mark.parametrize("edit,why", [
    (lambda ls: ls[:2] + [ls[2].replace("ok,", "ok,1e308,", 1).replace(",,", ",", 1)] + ls[3:],
     "outside its range"),
    (lambda ls: ls[:2] + [ls[2].split(",", 2)[0] + ",ok,inf," + ls[2].split(",", 3)[3]] + ls[3:],
     "outside its range"),
    (lambda ls: ls[:2] + [ls[2].rstrip("\n") + ",extra\n"] + ls[3:], "values for"),
    (lambda ls: ls[:2] + [ls[2].replace(",ok,", ",fine,", 1)] + ls[3:], "unknown status"),
    (lambda ls: ls + [ls[2]], "appears twice"),
    (lambda ls: ls[1:], "provenance"),
    (lambda ls: ["id,status\n", "a,ok\n"], "provenance"),
])
def test_corrupt_or_foreign_csv_refused(sn, edit, why):
    assert cli(*spacenet_args(sn, "rows.csv", "--pixel-size", "0.3")).returncode == 0
    _edit_csv(sn / "rows.csv", edit)
    r = cli(*spacenet_args(sn, "rows.csv", "--pixel-size", "0.3"))
    assert r.returncode == 2 and "cannot be resumed" in r.stderr and why in r.stderr, r.stderr
    assert "internal error" not in r.stderr


@pytest.mark.parametrize("line,why", [
    ("[1, 2]", "not a JSON object"),
    ('{"id": "c0", "status": ["ok"]}', "status is not text"),
    ('{"id": "c0", "status": "ok", "APLS": 1e308}', "outside its range"),
    ('{"id": "c0", "status": "ok", "SCORE": 1}', "columns this batch does not write"),
    ('{"id": "c0", "status": "ok", "APLS": "high"}', "not a number"),
])
def test_corrupt_jsonl_refused(sn, line, why):
    assert cli(*spacenet_args(sn, "rows.jsonl", "--pixel-size", "0.3")).returncode == 0
    lines = open(sn / "rows.jsonl").read().splitlines()
    open(sn / "rows.jsonl", "w").write("\n".join(lines[:1] + [line] + lines[2:]) + "\n")
    r = cli(*spacenet_args(sn, "rows.jsonl", "--pixel-size", "0.3"))
    assert r.returncode == 2 and "cannot be resumed" in r.stderr and why in r.stderr, r.stderr


@pytest.mark.parametrize("ext", ["jsonl", "csv"])
def test_a_last_line_cut_by_a_crash_is_dropped_and_scored_again(sn, ext):
    first = cli(*spacenet_args(sn, f"rows.{ext}", "--pixel-size", "0.3"))
    text = open(sn / f"rows.{ext}").read()
    open(sn / f"rows.{ext}", "w").write(text[:-25])   # the last row cut in the middle
    r = cli(*spacenet_args(sn, f"rows.{ext}", "--pixel-size", "0.3"))
    assert r.returncode == 0, r.stderr
    assert "cut short" in r.stderr and json.loads(r.stdout)["resumed"] == 3
    assert open(sn / f"rows.{ext}").read() == text
    assert json.loads(r.stdout)["mean"] == json.loads(first.stdout)["mean"]


# -- exit codes, error rows retried ---------------------------------------------------

def _folders(tmp_path, bad=True):
    for side in ("gt", "pred"):
        (tmp_path / side).mkdir()
        for k in range(3):
            parts = ROAD if side == "gt" else PRED
            doc = {"type": "FeatureCollection", "features": [
                {"type": "Feature", "properties": {},
                 "geometry": {"type": "LineString", "coordinates": (q + (0, 5 * k)).tolist()}}
                for q in parts]}
            (tmp_path / side / f"c{k}.geojson").write_text(json.dumps(doc))
    if bad:
        (tmp_path / "pred" / "c1.geojson").write_text("{not json")
    return tmp_path / "gt", tmp_path / "pred"


def test_failed_pairs_exit_3_and_are_retried_on_resume(tmp_path):
    g, p = _folders(tmp_path)
    args = ["batch", "apls", "--pairs", g, p, "--out", tmp_path / "rows.csv"]
    r = cli(*args)
    assert r.returncode == 3 and "1 of 3 pair(s) could not be scored" in r.stderr, r.stderr
    assert "error 1" in r.stdout and "1 failed" in r.stdout
    assert read_csv_rows(tmp_path / "rows.csv")["c1"]["status"] == "error"
    assert cli(*args, "--allow-errors").returncode == 0   # the error row retried: fails again
    assert cli(*args, "--allow-errors", "0.5").returncode == 0   # 1/3 <= 0.5
    assert cli(*args, "--allow-errors", "0.2").returncode == 3
    # the file repaired: the error row is scored again on resume, the others kept
    (p / "c1.geojson").write_text((p / "c0.geojson").read_text())
    # (the input changed: a resume would be refused; keep the rows, start the folder again)
    r = cli(*args)
    assert r.returncode == 2 and "the input files" in r.stderr
    rows = str(tmp_path / "rows.csv")
    res = rnm.batch("apls", folders=(g, p), out=rows, resume=False)
    assert res.failed == 0 and res.summary["status"]["ok"] == 3


def test_error_rows_retried_or_kept(tmp_path):
    """Rows in error are scored again on resume (the failure may have been
    the machine's), unless keep_errors."""
    g, p = _folders(tmp_path)
    out = str(tmp_path / "rows.jsonl")
    first = rnm.batch("apls", folders=(g, p), out=out)
    assert first.failed == 1
    again = rnm.batch("apls", folders=(g, p), out=out)
    assert again.summary["retried"] == 1 and again.summary["resumed"] == 2 and again.failed == 1
    kept = rnm.batch("apls", folders=(g, p), out=out, keep_errors=True)
    assert kept.summary["retried"] == 0 and kept.summary["resumed"] == 3
    assert list(read_jsonl_rows(out)) == ["c0", "c2", "c1"]


# -- 5. outputs never touch inputs ----------------------------------------------------

def test_out_over_an_input_is_refused_and_inputs_untouched(sn, tmp_path):
    (tmp_path / "f").mkdir()
    g, p = _folders(tmp_path / "f", bad=False)
    (tmp_path / "m.csv").write_text(f"id,ground_truth,prediction\na,{g / 'c0.geojson'},"
                                    f"{p / 'c0.geojson'}\n")
    (tmp_path / "m2.csv").write_text((tmp_path / "m.csv").read_text())
    os.link(sn / "pred.csv", tmp_path / "hardlink.csv")
    before = file_hashes(str(sn), str(tmp_path / "f"), str(tmp_path / "m.csv"))
    for args in (
            ["--spacenet", sn / "gt.csv", sn / "pred.csv", "--pixel-size", "0.3", "--out",
             sn / "pred.csv"],
            ["--spacenet", sn / "gt.csv", sn / "pred.csv", "--pixel-size", "0.3", "--out",
             sn / "pred.csv", "--no-resume"],
            ["--spacenet", sn / "gt.csv", sn / "pred.csv", "--pixel-size", "0.3", "--out",
             tmp_path / "hardlink.csv", "--no-resume"],
            ["--manifest", tmp_path / "m.csv", "--out", tmp_path / "m.csv", "--no-resume"],
            ["--manifest", tmp_path / "m.csv", "--out", p / "c0.geojson", "--no-resume"],
            ["--manifest", tmp_path / "m.csv", "--out", p / "c0.qml"],
            ["--manifest", tmp_path / "m.csv", "--out", str(p / "c0.geojson") + ".aux.xml"],
            ["--pairs", g, p, "--out", p / "rows.csv"],
            ["--pairs", g, p, "--out", g / "sub" / "rows.jsonl"]):
        r = cli("batch", "apls", *args)
        assert r.returncode == 2 and "choose another --out" in r.stderr, (args, r.stderr)
    assert file_hashes(str(sn), str(tmp_path / "f"), str(tmp_path / "m.csv")) == before
    assert not (g / "sub").exists()


def test_out_to_a_stream_appends_without_truncating(sn):
    target = sn / "captured.txt"
    target.write_text("KEEP\n")
    with open(target, "a") as fh:    # what `>> captured.txt` gives the command
        args = ["batch", "apls", "--spacenet", sn / "gt.csv", sn / "pred.csv", "--pixel-size",
                "0.3", "--out", "/dev/stdout", "--quiet"]
        cmd, env = cli_command()
        r = subprocess.run(cmd + [str(a) for a in args], stdout=fh, stderr=subprocess.PIPE,
                           text=True, cwd="/", env=dict(os.environ, **env))
    assert r.returncode == 0, r.stderr
    text = target.read_text()
    assert text.startswith("KEEP\n# roadmetrics batch ") and "\nc0,ok," in text
    assert "batch apls: 4 pair(s)" in text   # the summary after the rows


# -- the summary, the columns ---------------------------------------------------------

def test_summary_text_has_counts_pooled_and_rule(sn):
    r = cli(*[a for a in spacenet_args(sn, "rows.csv", "--pixel-size", "0.3") if a != "--json"])
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "4 pair(s), 4 scored, 0 failed" in out
    assert "status: ok 3, empty_both 1" in out
    assert "empty chips: spacenet (both sides empty: perfect score" in out
    head = [line for line in out.splitlines() if line.strip().startswith("score")][0]
    assert "mean" in head and "pooled" in head
    # APLS  mean [low, high]  pooled [low, high]
    line = [x for x in out.splitlines() if x.strip().startswith("APLS ")][0]
    apls = [float(v) for v in re.findall(r"-?\d+\.\d+(?:e-?\d+)?", line)]
    s = json.loads(cli(*spacenet_args(sn, "rows2.csv", "--pixel-size", "0.3")).stdout)
    assert len(apls) == 6 and apls[1] <= apls[0] <= apls[2]
    assert apls[0] == pytest.approx(s["mean"]["APLS"], rel=1e-3)
    assert apls[3] == pytest.approx(s["pooled"]["APLS"], rel=1e-3)
    assert apls[1:3] == pytest.approx([s["scores"]["APLS"]["ci_low"], s["scores"]["APLS"]["ci_high"]],
                                      rel=1e-3)


def test_csv_and_jsonl_have_the_same_columns(sn):
    for ext in ("csv", "jsonl"):
        assert cli(*spacenet_args(sn, f"rows.{ext}", "--pixel-size", "0.3")).returncode == 0
    c, j = read_csv_rows(sn / "rows.csv"), read_jsonl_rows(sn / "rows.jsonl")
    assert list(c["c0"]) == list(j["c0"])
    assert "APLS_TIME_GT_TO_PRED" in c["c0"] and "pool_stats" in c["c0"]
    for k in c:
        for col, v in j[k].items():
            cv = c[k][col]
            if isinstance(v, float):
                assert float(cv) == v
            else:
                assert cv == ("" if v is None else v)


# -- 5 (issue). rnm.batch ---------------------------------------------------------------

def _pairs_in_memory():
    g = [[tuple(x) for x in q] for q in ROAD]
    return [("a", g, g), ("b", g, [[(0, 2), (200, 2)]]), ("c", g, None),
            ("d", np.array([(0.0, 0), (50, 0), (50, 80)]), [[(0, 3), (50, 3)]])]


@pytest.mark.parametrize("workers", [1, 2])
def test_rnm_batch_in_memory_rows_equal_the_single_pair_function(workers):
    res = rnm.batch("apls", _pairs_in_memory(), workers=workers)
    assert [r["id"] for r in res.records] == ["a", "b", "c", "d"]
    assert res.records[2]["status"] == "missing_prediction"
    for (i, g, p), row in zip(_pairs_in_memory(), res.records):
        if p is None:
            continue
        ref = rnm.apls(g, p).scores
        for k, v in ref.items():
            assert (math.isnan(v) and math.isnan(row[k])) or abs(row[k] - v) <= 1e-12, (i, k)
    assert res.mean["APLS"] == pytest.approx(np.mean([r["APLS"] for r in res.records]),
                                             abs=1e-12)
    assert "4 pairs" in repr(res)


def test_rnm_batch_on_networkx_graphs_and_masks():
    nx = pytest.importorskip("networkx")
    G = nx.Graph()
    G.add_node(0, x=0.0, y=0.0)
    G.add_node(1, x=100.0, y=0.0)
    G.add_node(2, x=100.0, y=80.0)
    G.add_edges_from([(0, 1), (1, 2)])
    res = rnm.batch("apls", [("g", G, G)])
    assert res.records[0]["APLS"] == 1.0
    m = np.zeros((40, 40), np.uint8)
    m[10:14, :] = 1
    pm = np.roll(m, 1, axis=0)
    res = rnm.batch("pixel_iou", [("m", m, pm)], pixel_size=0.5)
    assert res.records[0]["PIXEL_IOU_IOU"] == pytest.approx(rnm.pixel_iou(m, pm, pixel_size=0.5)
                                                            .scores["PIXEL_IOU_IOU"], abs=1e-12)


def test_rnm_batch_spacenet_and_folders_equal_the_cli(sn, tmp_path):
    res = rnm.batch("apls", spacenet=(sn / "gt.csv", sn / "pred.csv"), pixel_size=0.3,
                    out=sn / "lib.csv")
    r = cli(*spacenet_args(sn, "cli.csv", "--pixel-size", "0.3"))
    assert json.loads(r.stdout)["mean"]["APLS"] == res.mean["APLS"]
    assert read_csv_rows(sn / "lib.csv") == read_csv_rows(sn / "cli.csv")
    g, p = _folders(tmp_path, bad=False)
    one, two = (rnm.batch("apls", folders=(g, p), workers=w) for w in (1, 2))
    for a, b in zip(one.records, two.records):
        ref = rnm.apls(g / f"{a['id']}.geojson", p / f"{a['id']}.geojson").scores["APLS"]
        assert abs(a["APLS"] - ref) <= 1e-12 and abs(b["APLS"] - ref) <= 1e-12


def test_rnm_batch_to_file_and_rows(tmp_path):
    res = rnm.batch("apls", _pairs_in_memory())
    res.to_file(tmp_path / "r.jsonl")
    again = rnm.batch("apls", _pairs_in_memory(), out=tmp_path / "r.jsonl")
    assert again.summary["resumed"] == 4 and again.mean == pytest.approx(res.mean, nan_ok=True)
    rows = res.rows
    try:
        import pandas  # noqa: F401
    except ImportError:
        assert rows is res.records
    else:
        assert list(rows.index) == ["a", "b", "c", "d"] and "APLS" in rows.columns


def test_rnm_batch_bad_arguments():
    with pytest.raises(rnm.InputError, match="exactly one of"):
        rnm.batch("apls")
    with pytest.raises(rnm.InputError, match="appears twice"):
        rnm.batch("apls", [("a", ROAD, ROAD), ("a", ROAD, ROAD)])
    with pytest.raises(rnm.InputError, match="triple"):
        rnm.batch("apls", [("a", ROAD)])


# -- progress ---------------------------------------------------------------------------

def test_count_bar_shows_n_of_total_rate_and_time_left(monkeypatch):
    import io
    import sys as _sys
    from roadnetworkmetrics import _progress
    monkeypatch.setitem(_sys.modules, "tqdm", None)      # the plain bar, as without tqdm
    stream = io.StringIO()
    bar = _progress.CountBar("batch apls", stream=stream)
    assert bar.tqdm is None
    bar.count(10, 110)               # 10 resumed: they do not make a rate
    bar.t0 -= 4.0                    # 4 s later, 20 more pairs done
    bar.last = 0.0
    bar.count(30, 110)
    text = stream.getvalue().split("\r")[-1]
    assert text.startswith("batch apls 30/110 [") and " 27%" in text
    rate = float(text.split("% ")[1].split(" pairs/s")[0])
    assert rate == pytest.approx(5.0, rel=0.05)          # 20 pairs in 4 s
    assert "0:16 left" in text or "0:15 left" in text    # 80 pairs at 5 per second
    bar.close()
    assert stream.getvalue().endswith("\n")


def test_count_bar_with_tqdm():
    tqdm = pytest.importorskip("tqdm", reason="tqdm is not installed (the 'progress' extra)")
    import io
    from roadnetworkmetrics import _progress
    stream = io.StringIO()
    bar = _progress.CountBar("batch apls", stream=stream)
    assert isinstance(bar.tqdm, tqdm.tqdm)
    bar.count(0, 50)
    bar.count(25, 50)
    assert bar.tqdm.n == 25 and bar.tqdm.total == 50
    bar.close()


@pytest.mark.slow
def test_rnm_batch_on_dask_gives_the_rows_of_one_process():
    distributed = pytest.importorskip("distributed", reason="the 'distributed' package is "
                                      "not installed (the 'dask' extra)")
    one = rnm.batch("apls", _pairs_in_memory())
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        dask = rnm.batch("apls", _pairs_in_memory(), dask=cluster.scheduler_address)
    for a, b in zip(one.records, dask.records):
        assert a["id"] == b["id"] and a["status"] == b["status"]
        assert (math.isnan(a["APLS"]) and math.isnan(b["APLS"])) or abs(a["APLS"] - b["APLS"]) \
            <= 1e-12


def test_out_that_cannot_be_written_is_refused(sn, tmp_path):
    base = ["batch", "apls", "--spacenet", sn / "gt.csv", sn / "pred.csv", "--pixel-size", "0.3"]
    (tmp_path / "folder").mkdir()
    r = cli(*base, "--out", tmp_path / "folder")
    assert r.returncode == 2 and "is a folder" in r.stderr, r.stderr
    (tmp_path / "file").write_text("x")
    r = cli(*base, "--out", tmp_path / "file" / "rows.csv")   # a file where a folder should be
    assert r.returncode == 2 and "cannot be written" in r.stderr and "Traceback" not in r.stderr
