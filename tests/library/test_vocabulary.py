"""One vocabulary across the library, the command line, batch and evaluate:
score names (TOPO_F1 everywhere, the short output names answering until
2.0 with a FutureWarning), the raster options of the pixel metrics
(raster_threshold= / --raster-threshold, raster_classes=, raster_band= and
their old names) and the threshold errors naming the face's option."""
import json
import warnings

import numpy as np
import pytest

import roadnetworkmetrics as rnm
from roadnetworkmetrics import InputError

from helpers_lib import cli, masks, read_csv_rows

ROAD = [[(0, 0), (200, 0), (400, 0)], [(200, 0), (200, 300)]]
SHIFTED = [[(0, 3), (400, 3)], [(200, 3), (201, 250)]]
TOPO_KEYS = ["TOPO_PRECISION", "TOPO_RECALL", "TOPO_F1", "TOPO_TP", "TOPO_FP", "TOPO_FN"]


def test_a_metric_names_its_scores_as_evaluate_does():
    r = rnm.topo(ROAD, SHIFTED)
    ev = rnm.evaluate(ROAD, SHIFTED, ["topo"])
    assert list(r.scores) == TOPO_KEYS
    assert list(r.to_dict()["scores"]) == TOPO_KEYS
    assert list(json.loads(r.to_json())["scores"]) == TOPO_KEYS
    # identical numbers under the one name
    assert {k: ev.numbers[k] for k in TOPO_KEYS} == dict(r.scores)
    assert r.score == r.scores["TOPO_F1"]
    # names that already carry the prefix are unchanged
    assert list(rnm.apls(ROAD, ROAD).scores)[:3] == ["APLS", "APLS_GT_TO_PRED", "APLS_PRED_TO_GT"]


def test_the_short_name_still_answers_with_a_future_warning():
    r = rnm.topo(ROAD, SHIFTED)
    with pytest.warns(FutureWarning, match=r"scores\['F1'\] is now scores\['TOPO_F1'\]; the "
                                           r"short key goes in 2\.0"):
        f1 = r.scores["F1"]
    assert f1 == r.scores["TOPO_F1"]
    with pytest.warns(FutureWarning):
        assert "PRECISION" in r.scores
    with pytest.warns(FutureWarning):
        assert r.scores.get("RECALL") == r.scores["TOPO_RECALL"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")        # the canonical names never warn
        assert r.scores["TOPO_F1"] == f1 and "TOPO_FN" in r.scores
        assert "NOPE" not in r.scores and r.scores.get("NOPE") is None
    with pytest.raises(KeyError):
        r.scores["NOPE"]


def test_batch_rows_summary_and_accumulator_use_the_canonical_names(tmp_path):
    pairs = [("a", ROAD, ROAD), ("b", ROAD, SHIFTED)]
    res = rnm.batch("ccq", pairs, out=tmp_path / "rows.csv", ci_resamples=0)
    assert "CCQ_F1" in res.provenance["columns"] and "F1" not in res.provenance["columns"]
    assert "CCQ_F1" in res.mean and "CCQ_F1" in res.pooled and "CCQ_F1" in res.summary["scores"]
    rows = read_csv_rows(tmp_path / "rows.csv")
    assert float(rows["b"]["CCQ_F1"]) == rnm.ccq(ROAD, SHIFTED).scores["CCQ_F1"]
    m = rnm.Metric("ccq", ci_resamples=0)
    row = m.update(ROAD, SHIFTED)
    assert row["CCQ_F1"] == res.records[1]["CCQ_F1"]


def _with_short_columns(path):
    """A rows file as the batch wrote it before the canonical names: its
    header and provenance with the short output names."""
    lines = open(path).read().splitlines(keepends=True)
    prov = json.loads(lines[0][len("# roadmetrics batch "):])
    short = {c: c[len("CCQ_"):] for c in prov["columns"] if c.startswith("CCQ_")}
    prov["columns"] = [short.get(c, c) for c in prov["columns"]]
    lines[0] = "# roadmetrics batch " + json.dumps(prov, sort_keys=True) + "\n"
    lines[1] = ",".join(short.get(c, c) for c in lines[1].rstrip("\n").split(",")) + "\n"
    open(path, "w").write("".join(lines))


def test_a_rows_file_with_the_old_short_columns_is_resumed_and_compared(tmp_path):
    pairs = [("a", ROAD, ROAD), ("b", ROAD, SHIFTED)]
    first = rnm.batch("ccq", pairs, out=tmp_path / "rows.csv", ci_resamples=0)
    _with_short_columns(tmp_path / "rows.csv")
    assert "F1" in open(tmp_path / "rows.csv").read().splitlines()[1].split(",")
    # inputs: in-memory pairs are recorded by their count; resume with the same one
    again = rnm.batch("ccq", pairs, out=tmp_path / "rows.csv", ci_resamples=0)
    assert again.summary["resumed"] == 2
    assert [r["CCQ_F1"] for r in again.records] == [r["CCQ_F1"] for r in first.records]
    # the kept rows are written back under the canonical names
    assert "CCQ_F1" in open(tmp_path / "rows.csv").read().splitlines()[1].split(",")
    _with_short_columns(tmp_path / "rows.csv")
    other = rnm.batch("ccq", [(i, g, g) for i, g, _ in pairs], ci_resamples=0)
    cmp = rnm.compare_runs(tmp_path / "rows.csv", other, names=["old", "new"], resamples=0,
                           scores="headline")
    assert list(cmp.summary["scores"]) == ["CCQ_F1"]


def test_compare_runs_takes_a_short_score_name_with_a_warning():
    chips = [(f"c{i}", ROAD, [[(0, i), (400, i)]]) for i in range(4)]
    a = rnm.batch("ccq", chips, ci_resamples=0)
    b = rnm.batch("ccq", [(i, g, g) for i, g, _ in chips], ci_resamples=0)
    with pytest.warns(FutureWarning, match="CCQ_F1"):
        old = rnm.compare_runs(a, b, scores=["F1"], resamples=0)
    new = rnm.compare_runs(a, b, scores=["CCQ_F1"], resamples=0)
    assert list(old.summary["scores"]) == ["CCQ_F1"]
    assert json.dumps(old.records) == json.dumps(new.records)
    # rows without provenance, under the old names, are read too
    short = [{("F1" if k == "CCQ_F1" else k): v for k, v in r.items()} for r in a.records]
    rows = rnm.compare_runs(short, b.records, metric="ccq", scores=["CCQ_F1"], resamples=0)
    assert json.dumps(rows.records) == json.dumps(new.records)


def test_pixel_metrics_raster_threshold_for_both_rasters():
    g, p = masks()
    prob = np.where(p == 1, 0.9, 0.1)
    both = rnm.pixel_iou(g, prob, pixel_size=0.5, raster_threshold=0.5)
    sides = rnm.pixel_iou(g, prob, pixel_size=0.5, gt_threshold=0.5, pred_threshold=0.5)
    plain = rnm.pixel_iou(g, p, pixel_size=0.5)
    assert dict(both.scores) == dict(sides.scores) == dict(plain.scores)
    assert both.parameters["GT_THRESHOLD"] == both.parameters["PRED_THRESHOLD"] == 0.5
    # a 0/255 mask thresholded at any t in (0, 255] is the same mask
    assert dict(rnm.pixel_iou(g * 255, prob, pixel_size=0.5, raster_threshold=0.5).scores) == \
        dict(plain.scores)
    with pytest.raises(InputError, match=r"raster_threshold= sets the threshold of both rasters "
                                         r"and pred_threshold= that of one: give one of them"):
        rnm.pixel_iou(g, prob, pixel_size=0.5, raster_threshold=0.5, pred_threshold=0.4)
    with pytest.raises(InputError, match="raster_threshold= .* or raster_classes= .*not both"):
        rnm.pixel_iou(g, prob, pixel_size=0.5, raster_threshold=0.5, raster_classes="1")


def test_pixel_metrics_old_keywords_warn_and_give_the_same_numbers():
    g, p = masks()
    cls = g * 3
    new = rnm.pixel_iou(cls, p * 3, pixel_size=0.5, raster_classes="3", raster_band=1)
    with pytest.warns(FutureWarning, match="road_classes= is a deprecated alias of "
                                           "raster_classes=, removed in 2.0"):
        old = rnm.pixel_iou(cls, p * 3, pixel_size=0.5, road_classes="3")
    with pytest.warns(FutureWarning, match="band= is a deprecated alias of raster_band="):
        banded = rnm.pixel_iou(g, p, pixel_size=0.5, band=1)
    assert dict(new.scores) == dict(old.scores) == dict(banded.scores)
    with pytest.raises(InputError, match="give raster_band= only"):
        rnm.pixel_iou(g, p, pixel_size=0.5, band=1, raster_band=1)
    with pytest.warns(FutureWarning), pytest.raises(InputError, match="one parameter"):
        rnm.pixel_iou(cls, p * 3, pixel_size=0.5, road_classes="3", raster_classes="3")
    res = rnm.batch("pixel_iou", [("a", g, p)], pixel_size=0.5, raster_threshold=0.5,
                    ci_resamples=0)
    assert res.records[0]["PIXEL_IOU_IOU"] == new.scores["PIXEL_IOU_IOU"]
    assert res.provenance["parameters"]["PRED_THRESHOLD"] == 0.5


def test_threshold_errors_name_the_library_option():
    g, p = masks()
    prob = np.where(p == 1, 0.9, 0.1)
    with pytest.raises(InputError, match=r"prediction: The raster is not a 0/1 mask.*Set "
                                         r"raster_threshold= \(e.g. raster_threshold=0.5 for a "
                                         r"probability map\) or raster_classes=\."):
        rnm.pixel_iou(g, prob, pixel_size=0.5)


def test_cli_pixel_metric_raster_options(tmp_path):
    g, p = masks()
    np.save(tmp_path / "g.npy", g)
    np.save(tmp_path / "p.npy", np.where(p == 1, 0.9, 0.1))
    base = ["pixel_iou", tmp_path / "g.npy", tmp_path / "p.npy", "--pixel-size", "0.5", "--json"]
    one = cli(*base, "--raster-threshold", "0.5")
    two = cli(*base, "--gt-threshold", "0.5", "--pred-threshold", "0.5")
    assert one.returncode == two.returncode == 0, one.stderr + two.stderr
    assert json.loads(one.stdout)["scores"] == json.loads(two.stdout)["scores"]
    assert list(json.loads(one.stdout)["scores"]) == ["PIXEL_IOU_IOU", "PIXEL_IOU_IIOU"]
    both = cli(*base, "--raster-threshold", "0.5", "--pred-threshold", "0.4")
    assert both.returncode == 2 and "--raster-threshold sets the threshold of both rasters and " \
        "--pred-threshold that of one: give one of them." in both.stderr
    old = cli(*base, "--raster-threshold", "0.5", "--band", "1")
    assert old.returncode == 0 and json.loads(old.stdout)["scores"] == \
        json.loads(one.stdout)["scores"]
    assert old.stderr.count("\n") == 1 and \
        "note: --band is a deprecated alias of --raster-band, removed in 2.0" in old.stderr
    clash = cli(*base, "--raster-band", "1", "--band", "1")
    assert clash.returncode == 2 and "give --raster-band only" in clash.stderr
    bare = cli(*base)
    assert bare.returncode == 2 and "Set --raster-threshold (e.g. --raster-threshold 0.5 for a " \
        "probability map) or --raster-classes." in bare.stderr
    assert "raster_threshold=" not in bare.stderr


def test_cli_help_and_tables_use_the_canonical_names(tmp_path):
    h = cli("help", "pixel_iou")
    assert "--raster-threshold" in h.stdout and "PIXEL_IOU_IOU: " in h.stdout
    assert "--band for --raster-band" in h.stdout
    usage = cli("pixel_iou", "--help")
    assert "deprecated alias of --raster-band, removed in 2.0" in usage.stdout
    assert "deprecated alias of --raster-classes, removed in 2.0" in usage.stdout
    t = cli("help", "topo")
    assert "TOPO_F1: " in t.stdout and "(QGIS: F1)" in t.stdout
    tsv = tmp_path / "gt.geojson"
    rnm.read(ROAD, crs="EPSG:3067").to_file(str(tsv))
    table = cli("ccq", tsv, tsv)
    assert table.returncode == 0 and "\n  CCQ_F1             1\n" in table.stdout
