"""Intervals in batch summaries and the paired comparison of runs
(rnm.batch's summary['scores'], rnm.compare_runs, roadmetrics compare-runs):
numbers equal to the core's on the same rows, provenance refusals, chips
left out reported, exit codes."""
import doctest
import json
import math

import numpy as np
import pytest

import roadnetworkmetrics as rnm
from roadnetworkmetrics import InputError
from helpers_lib import cli

ROAD = [[(0, 0), (200, 0), (400, 0)], [(200, 0), (200, 300)]]


def _pairs(offsets):
    return [(f"c{i}", ROAD, [[(0, d), (400, d)], [(200, 0), (200, 300)]])
            for i, d in enumerate(offsets)]


def test_batch_summary_has_an_interval_for_every_score():
    res = rnm.batch("ccq", _pairs([0, 1, 3, 5, 7, 9, 12, 15]), ci_resamples=2000, ci_seed=3)
    sc = res.summary["scores"]
    assert res.summary["intervals"] == {"method": "bca", "level": 0.95, "resamples": 2000,
                                        "seed": 3, "chips": 8}
    f1 = sc["CCQ_F1"]
    assert f1["mean"] == res.mean["CCQ_F1"] and f1["ci_low"] <= f1["mean"] <= f1["ci_high"]
    assert f1["pooled"] == pytest.approx(res.pooled["CCQ_F1"], rel=1e-12)
    assert f1["pooled_ci_low"] <= f1["pooled"] <= f1["pooled_ci_high"]
    assert res.intervals["CCQ_F1"] == (f1["ci_low"], f1["ci_high"])
    # the same rows give the same intervals (seeded); another seed, others
    again = rnm.batch("ccq", _pairs([0, 1, 3, 5, 7, 9, 12, 15]), ci_resamples=2000, ci_seed=3)
    assert again.summary["scores"] == sc
    other = rnm.batch("ccq", _pairs([0, 1, 3, 5, 7, 9, 12, 15]), ci_resamples=2000, ci_seed=4)
    assert other.summary["scores"] != sc


def test_batch_interval_settings_are_checked_before_scoring():
    with pytest.raises(InputError, match="level"):
        rnm.batch("ccq", _pairs([0, 1]), ci_level=95)
    with pytest.raises(InputError, match="method"):
        rnm.batch("ccq", _pairs([0, 1]), ci_method="student")
    none = rnm.batch("ccq", _pairs([0, 1, 2]), ci_resamples=0)
    assert math.isnan(none.summary["scores"]["CCQ_F1"]["ci_low"])


def test_cli_batch_prints_and_records_intervals(tmp_path):
    import shutil
    gt, pred = tmp_path / "gt", tmp_path / "pred"
    gt.mkdir(), pred.mkdir()
    from helpers_lib import GT, PRED
    for i in range(3):
        shutil.copy(GT, gt / f"t{i}.gpkg")
        shutil.copy(PRED if i else GT, pred / f"t{i}.gpkg")
    c = cli("batch", "ccq", "--pairs", gt, pred, "--out", tmp_path / "rows.csv",
            "--ci-resamples", "500", "--quiet")
    assert c.returncode == 0, c.stderr
    assert "intervals: bca 95 % over 3 chip(s), 500 resamples, seed 0" in c.stdout
    line = next(x for x in c.stdout.splitlines() if x.strip().startswith("CCQ_F1 "))
    assert "[" in line and "]" in line
    j = cli("batch", "ccq", "--pairs", gt, pred, "--out", tmp_path / "rows.csv",
            "--ci-resamples", "500", "--json", "--quiet")
    doc = json.loads(j.stdout)
    assert set(doc["scores"]["CCQ_F1"]) >= {"mean", "ci_low", "ci_high", "pooled", "pooled_ci_low",
                                        "pooled_ci_high"}
    bad = cli("batch", "ccq", "--pairs", gt, pred, "--out", tmp_path / "rows2.csv",
              "--ci-level", "2")
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


def _runs(tmp_path, n=12):
    a = rnm.batch("ccq", _pairs(np.linspace(0, 12, n)), out=tmp_path / "a.csv", ci_resamples=0)
    b = rnm.batch("ccq", _pairs(np.linspace(0, 4, n)), out=tmp_path / "b.jsonl", ci_resamples=0)
    c = rnm.batch("ccq", _pairs(np.linspace(0, 8, n)), out=tmp_path / "c.csv", ci_resamples=0)
    return a, b, c


def test_compare_runs_equals_the_core_on_the_same_rows(tmp_path):
    from core.analysis.paired import paired_test
    a, b, c = _runs(tmp_path)
    res = rnm.compare_runs(tmp_path / "a.csv", tmp_path / "b.jsonl", tmp_path / "c.csv",
                           scores=["CCQ_F1"], resamples=1000)
    assert res.summary["methods"] == ["a", "b", "c"]
    f1 = res.summary["scores"]["CCQ_F1"]
    ab = next(p for p in f1["pairs"] if (p["a"], p["b"]) == ("a", "b"))
    va = np.array([r["CCQ_F1"] for r in a.records])
    vb = np.array([r["CCQ_F1"] for r in b.records])
    assert ab["mean_difference"] == pytest.approx((vb - va).mean(), rel=1e-12)
    ref = paired_test(va, vb)
    assert (ab["wins"], ab["ties"], ab["losses"], ab["p"]) == (ref["wins"], ref["ties"],
                                                               ref["losses"], ref["p"])
    assert ab["better"] == "b" and f1["ranking"][0]["method"] == "b"
    assert sum(f1["rank_probabilities"]["b"]) == pytest.approx(1.0)
    # the same comparison from BatchResults and from DataFrame-like records
    again = rnm.compare_runs(a, b, c, names=["a", "b", "c"], scores=["CCQ_F1"], resamples=1000)
    assert again.summary["scores"] == res.summary["scores"]
    recs = rnm.compare_runs(a.records, b.records, c.records, metric="ccq", scores=["CCQ_F1"],
                            names=["a", "b", "c"],
                            resamples=1000)
    assert recs.summary["scores"] == res.summary["scores"]
    assert any("no provenance" in w for w in recs.summary["warnings"])
    json.dumps(res.to_dict())
    assert {"score", "a", "b", "mean_difference", "p_holm"} <= set(res.records[0])


def test_runs_made_differently_are_refused(tmp_path):
    rnm.batch("ccq", _pairs([0, 1, 2]), out=tmp_path / "a.csv", ci_resamples=0)
    rnm.batch("ccq", _pairs([0, 1, 2]), out=tmp_path / "b.csv", ci_resamples=0,
              BUFFER=5.0)
    rnm.batch("apls", _pairs([0, 1, 2]), out=tmp_path / "c.csv", ci_resamples=0)
    with pytest.raises(InputError, match="not made alike.*BUFFER"):
        rnm.compare_runs(tmp_path / "a.csv", tmp_path / "b.csv")
    with pytest.raises(InputError, match="not made alike.*metric"):
        rnm.compare_runs(tmp_path / "a.csv", tmp_path / "c.csv")
    (tmp_path / "bad.csv").write_text("id,status,F1\nc0,ok,0.5\n")
    with pytest.raises(InputError, match="provenance"):
        rnm.compare_runs(tmp_path / "a.csv", tmp_path / "bad.csv")
    with pytest.raises(InputError, match="at least two"):
        rnm.compare_runs(tmp_path / "a.csv")
    with pytest.raises(InputError, match="unique"):
        rnm.compare_runs(tmp_path / "a.csv", tmp_path / "a.csv")


def test_chips_not_in_every_run_are_listed_and_left_out(tmp_path):
    a = rnm.batch("ccq", _pairs([0, 1, 2, 3, 4]), ci_resamples=0)
    b = rnm.batch("ccq", _pairs([0, 2, 2, 3]), ci_resamples=0)
    res = rnm.compare_runs(a, b, scores="headline", resamples=500)
    assert res.summary["chips"] == {"common": 4, "total": 5, "missing": {"run2": ["c4"]}}
    assert any("left out" in w for w in res.summary["warnings"])


def test_cli_compare_runs(tmp_path):
    _runs(tmp_path)
    c = cli("compare-runs", tmp_path / "a.csv", tmp_path / "b.jsonl", "--scores", "CCQ_F1",
            "--ci-resamples", "500", "--report", tmp_path / "r.html")
    assert c.returncode == 0, c.stderr
    assert "b - a:" in c.stdout and "W/T/L" in c.stdout
    html = (tmp_path / "r.html").read_text()
    assert "<svg" in html and "CCQ_F1" in html
    j = cli("compare-runs", tmp_path / "a.csv", tmp_path / "b.jsonl", tmp_path / "c.csv",
            "--scores", "CCQ_F1", "--ci-resamples", "500", "--json")
    doc = json.loads(j.stdout)
    assert set(doc["scores"]["CCQ_F1"]["rank_probabilities"]) == {"a", "b", "c"}
    p = doc["scores"]["CCQ_F1"]["pairs"][0]
    assert {"mean_difference", "ci_low", "ci_high", "p", "wins", "ties", "losses"} <= set(p)
    over = cli("compare-runs", tmp_path / "a.csv", tmp_path / "b.jsonl", "--report",
               tmp_path / "a.csv")
    assert over.returncode == 2 and "Traceback" not in over.stderr
    one = cli("compare-runs", tmp_path / "a.csv")
    assert one.returncode == 2


def test_cli_compare_runs_exits_3_when_chips_are_left_out(tmp_path):
    rnm.batch("ccq", _pairs([0, 1, 2, 3]), out=tmp_path / "a.csv", ci_resamples=0)
    rnm.batch("ccq", _pairs([0, 1, 2]), out=tmp_path / "b.csv", ci_resamples=0)
    c = cli("compare-runs", tmp_path / "a.csv", tmp_path / "b.csv", "--ci-resamples", "200")
    assert c.returncode == 3 and "left out" in c.stderr
    ok = cli("compare-runs", tmp_path / "a.csv", tmp_path / "b.csv", "--ci-resamples", "200",
             "--allow-missing")
    assert ok.returncode == 0


def test_compare_runs_docstring_example_runs():
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for t in finder.find(rnm.compare_runs, "compare_runs", globs={}):
        runner.run(t)
    assert runner.tries > 0 and runner.failures == 0


def test_help_compare_runs():
    c = cli("help", "compare-runs")
    assert c.returncode == 0 and "--allow-missing" in c.stdout and "Wilcoxon" in c.stdout
    assert "compare-runs" in cli("list").stdout


def test_a_tiled_comparison_is_compared_tile_by_tile():
    s = rnm.datasets.sample()
    cmp = rnm.compare(s.ground_truth, {"vector": s.prediction, "raster": rnm.centrelines(
        s.probability, threshold=0.5)}, metrics=["ccq"], tile_size=500)
    res = rnm.compare_runs(cmp, resamples=500)
    f1 = res.summary["scores"]["CCQ_F1"]
    assert res.summary["chips"]["common"] == len(cmp.references) >= 4
    a = np.array([cmp._core.values["CCQ_F1"][r, 0] for r in range(len(cmp.references))])
    b = np.array([cmp._core.values["CCQ_F1"][r, 1] for r in range(len(cmp.references))])
    assert f1["pairs"][0]["mean_difference"] == pytest.approx(np.nanmean(b - a), rel=1e-12)
    whole = rnm.compare(s.ground_truth, {"a": s.prediction, "b": s.prediction}, metrics=["ccq"])
    with pytest.raises(InputError, match="tile"):
        rnm.compare_runs(whole)


def test_compare_with_tiles_carries_intervals_in_every_face():
    from helpers_lib import GT, PRED
    c = cli("compare", GT, PRED, GT, "--names", "pred,gt", "--metrics", "ccq", "--tile-size",
            "600", "--ci-resamples", "500", "--quiet")
    assert c.returncode == 0, c.stderr
    row = next(x for x in c.stdout.splitlines() if x.strip().startswith("pred "))
    assert "[" in row and "]" in row
    lib = rnm.compare(GT, {"pred": PRED, "gt": GT}, metrics=["ccq"], tile_size=600,
                      ci_resamples=0)
    assert not lib._core.intervals
    with pytest.raises(InputError, match="level"):
        rnm.compare(GT, {"pred": PRED, "gt": GT}, metrics=["ccq"], ci_level=5)
