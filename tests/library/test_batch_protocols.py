"""Batch scoring under a benchmark protocol (issue 33): graph pickles in a
folder, the protocol's variant, empty-tile rule, aggregation and provenance,
in the library and on the command line."""
import json
import math
import pickle

import pytest

import roadnetworkmetrics as rnm
from roadnetworkmetrics import InputError, cli


def adjacency(*roads):
    d = {}
    for a0, a1, b in roads:
        pts = [(float(a), float(b)) for a in range(a0, a1 + 1, 50)]
        for p, q in zip(pts[:-1], pts[1:]):
            d.setdefault(p, []).append(q)
            d.setdefault(q, []).append(p)
    return d


@pytest.fixture
def tiles(tmp_path):
    """Four City-Scale tiles: 108 misses a road, 19 is perfect, 8 is shifted 2 m,
    9 has an empty prediction (APLS NaN): in file order 108 < 19 < 8 < 9."""
    gt, pred = tmp_path / "gt", tmp_path / "pred"
    gt.mkdir()
    pred.mkdir()
    full = adjacency((200, 1800, 500), (200, 1800, 1200))
    for name, p in (("108", adjacency((200, 1800, 500))), ("19", full),
                    ("8", adjacency((200, 1800, 502), (200, 1800, 1202))), ("9", {})):
        (gt / f"{name}.p").write_bytes(pickle.dumps(full))
        (pred / f"{name}.p").write_bytes(pickle.dumps(p))
    return str(gt), str(pred)


def test_cityscale_protocol_in_the_library(tiles, tmp_path):
    res = rnm.batch("apls", folders=tiles, protocol="sat2graph_cityscale",
                    out=str(tmp_path / "rows.jsonl"))
    p = res.summary["protocol"]
    rows = {r["id"]: r for r in res.records}
    assert math.isnan(rows["9"]["APLS"]) and rows["19"]["APLS"] == 1.0
    # the NaN tile is last in file order: the three others, each cut to 5 decimals
    cut = [float(("%f" % rows[i]["APLS"])[:-1]) for i in ("108", "19", "8")]
    assert p["tiles_used"] == ["108", "19", "8"] and p["stopped_at"] == "9"
    assert p["APLS"] == pytest.approx(sum(cut) / 3, abs=1e-15)
    assert (p["name"], p["version"]) == ("sat2graph_cityscale", "1")
    # every tile was scored with the replay, recorded in the rows file
    with open(tmp_path / "rows.jsonl") as f:
        head = json.loads(f.readline())["roadmetrics_batch"]
    assert head["protocol"] == {"name": "sat2graph_cityscale", "version": "1"}
    assert head["parameters"]["VARIANT"] == "sat2graph" and head["empty_chips"] == "reference"


def test_protocol_refusals(tiles):
    with pytest.raises(InputError, match="sets VARIANT = sat2graph; VARIANT = spacenet contradicts"):
        rnm.batch("apls", folders=tiles, protocol="sat2graph_cityscale", VARIANT="spacenet")
    with pytest.raises(InputError, match="Unknown protocol 'cityscale'"):
        rnm.batch("apls", folders=tiles, protocol="cityscale")
    with pytest.raises(InputError, match="covers apls, topo, not ccq"):
        rnm.batch("ccq", folders=tiles, protocol="sat2graph_cityscale")


def test_protocol_on_the_command_line(tiles, tmp_path, capsys):
    out = str(tmp_path / "rows.csv")
    code = cli.main(["batch", "apls", "--pairs", *tiles, "--out", out, "--protocol",
                     "sat2graph_cityscale"])
    text = capsys.readouterr().out
    assert code == 0
    assert "protocol sat2graph_cityscale (version 1" in text and "over 3 tile(s): APLS" in text
    assert "tiles from 9 on in file order are left out" in text
    code = cli.main(["batch", "apls", "--pairs", *tiles, "--out", out, "--protocol",
                     "sat2graph_cityscale", "--empty-chips", "skip"])
    assert code == 2
    assert "sets the rule for empty tiles" in capsys.readouterr().err
    # a resume under another protocol (or none) is refused: the provenance differs
    code = cli.main(["batch", "apls", "--pairs", *tiles, "--out", out, "--VARIANT", "sat2graph"])
    assert code == 2 and "the protocol" in capsys.readouterr().err


def test_evaluate_with_a_protocol_reports_both_numbers(tmp_path):
    gt = adjacency((200, 1800, 500), (200, 1800, 1200))
    pred = adjacency((200, 1000, 503), (300, 1800, 1198))
    ev = rnm.evaluate(gt, pred, metrics=["apls", "topo", "ccq"], protocol="sat2graph_cityscale")
    replay = rnm.apls(gt, pred, VARIANT="sat2graph")
    own = rnm.apls(gt, pred)
    assert ev.numbers["APLS"] == replay.scores["APLS"]
    assert ev.results["apls"].details["clean_scores"]["APLS"] == own.scores["APLS"]
    assert ev.numbers["TOPO_F1"] == rnm.topo(gt, pred, VARIANT="sat2graph").scores["TOPO_F1"]
    assert ev.results["topo"].details["clean_scores"]["F1"] == rnm.topo(gt, pred).scores["TOPO_F1"]
    assert "clean_scores" not in ev.results["ccq"].details      # not covered by the protocol
    html = ev.report(str(tmp_path / "r.html"))
    text = open(tmp_path / "r.html", encoding="utf-8").read()
    assert "Protocol sat2graph_cityscale (version 1)" in text
    with pytest.raises(InputError, match="A protocol scores whole tiles as its benchmark cuts them"):
        rnm.evaluate(gt, pred, metrics=["apls"], protocol="sat2graph_cityscale", tile_size=500)
    with pytest.raises(InputError, match="covers apls, topo, not ccq"):
        rnm.evaluate(gt, pred, metrics=["ccq"], protocol="sat2graph_cityscale")
    assert html is not None


def test_batch_protocol_prints_sam_roads_number_on_the_reference_tiles(tmp_path):
    """Issue 33 acceptance: `batch --protocol` on a folder of tile pickles gives
    the number SAM-Road's aggregation printed for the same tiles
    (tests/fixtures/protocols: the reference's own runs)."""
    from pathlib import Path
    fixtures = Path(__file__).resolve().parents[1] / "fixtures" / "protocols" / "sat2graph_reference.json"
    if not fixtures.exists():
        pytest.skip("no reference fixtures")
    data = json.loads(fixtures.read_text())
    for setting, protocol in (("cityscale", "sat2graph_cityscale"), ("spacenet", "samroad_spacenet")):
        gt, pred = tmp_path / setting / "gt", tmp_path / setting / "pred"
        gt.mkdir(parents=True)
        pred.mkdir(parents=True)
        for c in data["cases"]:
            if c["setting"] != setting:
                continue
            for folder, side in ((gt, "gt"), (pred, "pred")):
                d = {(float(a), float(b)): [tuple(map(float, n)) for n in nbrs] for a, b, nbrs in c[side]}
                (folder / f"{c['tile_id']}.p").write_bytes(pickle.dumps(d))
        agg = data["aggregate"][setting]
        apls = rnm.batch("apls", folders=(str(gt), str(pred)), protocol=protocol)
        printed = float(agg["apls_py"]["stdout"].splitlines()[-1].split()[1])
        # within the reference's own run-to-run spread (doubled parallel roads)
        assert apls.summary["protocol"]["APLS"] == pytest.approx(printed, abs=0.015)
        topo = rnm.batch("topo", folders=(str(gt), str(pred)), protocol=protocol)
        key = "topo_py" if setting == "spacenet" else "topo_py_without_empty"
        f1 = float(agg[key]["stdout"].splitlines()[-1].split()[1])
        # City-Scale: main.py's min_lat carried from tile to tile, replayed: the same digits
        assert topo.summary["protocol"]["TOPO_F1"] == pytest.approx(f1, abs=1e-12)


def test_tiles_in_error_or_without_prediction_are_not_counted_as_nan(tiles, tmp_path, capsys):
    """A tile that could not be read, or has no prediction, has no output in
    the reference: it must not stop City-Scale's loop as a NaN tile would."""
    import os
    import shutil
    gt, pred = tiles
    shutil.copy(os.path.join(gt, "19.p"), os.path.join(gt, "10.p"))      # no prediction
    shutil.copy(os.path.join(gt, "19.p"), os.path.join(gt, "11.p"))
    with open(os.path.join(pred, "11.p"), "wb") as f:                     # unreadable
        f.write(b"not a pickle")
    res = rnm.batch("apls", folders=tiles, protocol="sat2graph_cityscale")
    p = res.summary["protocol"]
    assert p["tiles_used"] == ["108", "19", "8"] and p["stopped_at"] == "9"
    assert p["tiles_not_scored"] == ["10", "11"]
    code = cli.main(["batch", "apls", "--pairs", *tiles, "--out", str(tmp_path / "r.csv"),
                     "--protocol", "sat2graph_cityscale"])
    assert code == 3                                   # a pair in error: not a silent success
    assert "not in it (in error, or a side missing; see status): 10, 11" in capsys.readouterr().out


def test_cityscale_topo_carries_min_lat_in_batch_and_in_the_accumulator():
    """SAM-Road's City-Scale TOPO script reads tiles 8, 9, 19, ... and never
    resets min_lat: tile 29 (roads above row 1111 only) walks 0.003 degree
    after tile 8 (roads down to row 1860), 0.0015 alone.  Batch replays it
    whatever the file order; the accumulator from the tiles given before,
    so in ascending order it gives batch's rows."""
    def line(a0, b0, a1, b1, n=60):      # vertices every 20-30 m: the walks stop at vertices
        return [(a0 + (a1 - a0) * k / n, b0 + (b1 - b0) * k / n) for k in range(n + 1)]
    deep = [line(180.0, 260.0, 1860.0, 260.0), line(180.0, 260.0, 180.0, 1760.0)]
    top = [line(150.0, 300.0, 150.0, 1500.0), line(150.0, 900.0, 1050.0, 900.0)]
    pairs = [("29", top, top), ("8", deep, deep)]
    res = rnm.batch("topo", pairs=pairs, protocol="sat2graph_cityscale")
    radius = {r["id"]: r for r in res.records}
    assert rnm.topo(top, top, VARIANT="sat2graph").parameters["RADIUS"] == pytest.approx(166.6665)
    m = rnm.Metric("topo", protocol="sat2graph_cityscale")
    for i, g, p in sorted(pairs, key=lambda x: int(x[0])):
        m.update(g, p, id=i)
    acc = {r["id"]: r for r in m.compute().records}
    single = rnm.topo(top, top, VARIANT="sat2graph", PRIOR_MAX_A=1860.0)
    assert single.parameters["RADIUS"] == pytest.approx(333.333)
    for rows in (radius, acc):
        assert rows["29"]["TOPO_TP"] == single.scores["TOPO_TP"]
        assert rows["29"]["TOPO_TP"] != rnm.topo(top, top, VARIANT="sat2graph").scores["TOPO_TP"]
