"""rnm.perturb, rnm.sensitivity, rnm.compare and their commands: hand-checked
numbers on a grid (the cases of tests/core/analysis/test_sensitivity.py and
tests/qgis/test_tools_processing.py), the same numbers as the core, bad
input as one sentence, seeds, JSON and the reports."""
import doctest
import json
import os

import numpy as np
import pytest

import roadnetworkmetrics as rnm
from roadnetworkmetrics import InputError
from helpers_lib import GT, PRED, cli, file_hashes

STEPS = (0, 100, 200, 300)
# a 3 x 3 grid of 100 m blocks: OPT-J sees 12 junctions of total degree 40
GRID = [[(x, y) for x in STEPS] for y in STEPS] + [[(x, y) for y in STEPS] for x in STEPS]


def grid_file(tmp_path):
    path = str(tmp_path / "grid.geojson")
    doc = {"type": "FeatureCollection", "crs": {"type": "name", "properties": {"name": "EPSG:3067"}},
           "features": [{"type": "Feature", "properties": {},
                         "geometry": {"type": "LineString", "coordinates": [list(p) for p in line]}}
                        for line in GRID]}
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f)
    return path


def coords(layer):
    return sorted(tuple(map(tuple, r["geometry"].coords)) for r in layer)


# -- perturb ---------------------------------------------------------------------

def test_perturb_interruptions_hand_checked():
    p = rnm.perturb(GRID, "interruptions", 2, seed=2)
    assert p.n_errors == 2 and p.error_type == "interruptions" and p.count == 2
    errors = p.layers["errors"]
    assert [e["length"] for e in errors] == pytest.approx([10.0, 10.0])
    assert {e["layer"] for e in errors} == {"prediction"}
    # 20 roads between junctions and dead ends (the 4 corners dissolve), each gap splits one
    assert len(p.layers["ground_truth"]) == 20 and len(p.layers["prediction"]) == 22
    # 2 gaps: 4 dead ends, TP = PP = 44, AP = 48 (tests/qgis/test_tools_processing.py)
    assert rnm.optj(p.ground_truth, p.prediction).scores["OPTJ_F1"] == pytest.approx(88 / 92)


def test_perturb_is_the_core_perturbation():
    from core.analysis.perturb import perturb as core_perturb
    from core.network.lineset import LineSet
    core = core_perturb(LineSet([np.array(x, float) for x in GRID]), "overconnections", 3, 5,
                        {"DETOUR_FACTOR": 1.5})
    lib = rnm.perturb(GRID, "overconnections", 3, seed=5, detour_factor=1.5)
    assert [p.tolist() for p in lib.prediction.lines.parts] == [p.tolist() for p in core.prediction.parts]
    assert lib.parameters["DETOUR_FACTOR"] == 1.5


def test_perturb_seed_and_count_zero():
    a = rnm.perturb(GRID, "perturbations", 3, seed=1)
    b = rnm.perturb(GRID, "perturbations", 3, seed=1)
    c = rnm.perturb(GRID, "perturbations", 3, seed=2)
    assert coords(a.layers["prediction"]) == coords(b.layers["prediction"])
    assert coords(a.layers["prediction"]) != coords(c.layers["prediction"])
    z = rnm.perturb(GRID, "doubled_roads_gt", 0)
    assert coords(z.layers["prediction"]) == coords(z.layers["ground_truth"])
    assert z.n_errors == 0 and z.layers["errors"] == []


def test_perturb_ground_truth_side_and_json(tmp_path):
    p = rnm.perturb(rnm.read(GRID, crs="EPSG:3067"), "false_positives_far", 1, seed=4,
                    removal_radius=30)
    assert {e["layer"] for e in p.layers["errors"]} == {"ground_truth"}
    assert coords(p.layers["prediction"]) != coords(p.layers["ground_truth"])
    d = json.loads(json.dumps(p.to_dict()))
    assert d["error_type"] == "false_positives_far" and d["count"] == 1 and d["seed"] == 4
    assert d["parameters"]["REMOVAL_RADIUS"] == 30.0 and d["working_crs"] == "EPSG:3067"
    assert d["n_errors"] == 1
    out = p.write("errors", str(tmp_path / "errors.geojson"))
    back = json.load(open(out, encoding="utf-8"))
    assert back["crs"]["properties"]["name"] == "EPSG:3067"
    assert len(back["features"]) == len(p.layers["errors"])
    assert set(back["features"][0]["properties"]) == {"error_id", "error_type", "layer", "length",
                                                      "shift", "network_distance"}
    pred = p.write("prediction", str(tmp_path / "pred.geojson"))
    assert len(rnm.read(pred).lines.parts) == len(p.layers["prediction"])


@pytest.mark.parametrize("call, match", [
    (lambda: rnm.perturb(GRID, "potholes", 1), "unknown ERROR_TYPE"),
    (lambda: rnm.perturb(GRID, "interruptions", -1), "COUNT"),
    (lambda: rnm.perturb(GRID, "interruptions", 1, seed=-3), "SEED"),
    (lambda: rnm.perturb(GRID, "interruptions", 100), "only 72 of 100 interruptions"),
    (lambda: rnm.perturb(GRID, "interruptions", 1, gap=3), "unknown perturbation parameter gap"),
    (lambda: rnm.perturb(GRID, "interruptions", 1, gap_length=-1), "GAP_LENGTH"),
    (lambda: rnm.perturb([], "interruptions", 1), "no usable line"),
    (lambda: rnm.perturb(GRID, "interruptions", 1).write("roads", "x.geojson"), "no layer"),
])
def test_perturb_bad_input(call, match):
    with pytest.raises(InputError, match=match):
        call()


def test_perturb_pixels_and_degrees():
    pixels = rnm.read([[(0, 0), (300, 0)], [(100, 0), (100, 300)]])
    pixels.pixel = True                       # as a RoadTracer .graph is read
    with pytest.raises(InputError, match="pixel coordinates: give the pixel size"):
        rnm.perturb(pixels, "interruptions", 1)
    p = rnm.perturb(pixels, "interruptions", 1, pixel_size=0.5)
    assert p.to_dict()["parameters"]["GAP_LENGTH"] == 10.0
    # pixels to metres: x * 0.5, y * -0.5 (y points down in an image); one gap splits a road
    xy = np.concatenate(p.ground_truth.lines.parts)
    assert xy.min(axis=0).tolist() == [0.0, -150.0] and xy.max(axis=0).tolist() == [150.0, 0.0]
    assert p.n_errors == 1 and len(p.layers["prediction"]) == len(p.layers["ground_truth"]) + 1
    pytest.importorskip("pyproj")
    deg = rnm.read([[(24.9, 60.1), (24.91, 60.1)], [(24.905, 60.1), (24.905, 60.11)]], crs="EPSG:4326")
    p = rnm.perturb(deg, "interruptions", 1)
    assert p.crs == "EPSG:32635" and p.to_dict()["reprojected_to"] == "EPSG:32635"


# -- sensitivity -------------------------------------------------------------------

def test_sensitivity_hand_checked_optj_curves(tmp_path):
    # k interruptions: F1 = 2 (40 + 2k) / (80 + 6k); k doubled roads: 2 (40 + 4k) / (80 + 10k)
    report = str(tmp_path / "sens.html")
    s = rnm.sensitivity(GRID, error_types=["interruptions", "doubled_roads"], counts="0, 1, 3",
                        metrics=["optj"], report=report)
    _, mean, std = s.series("interruptions", "optj", "F1")
    assert mean == pytest.approx([1.0, 84 / 86, 92 / 98]) and std == [0.0, 0.0, 0.0]
    _, mean, _ = s.series("doubled_roads", "optj", "F1")
    assert mean == pytest.approx([1.0, 88 / 90, 104 / 110])
    summary = {x["error_type"]: x for x in s.summary}
    assert summary["interruptions"]["delta"] == pytest.approx(2 * 46 / 98 - 1)
    assert summary["doubled_roads"]["key"] == "OPTJ_F1" and summary["doubled_roads"]["flat"] is False
    assert len(s.records) == 5 * 6          # 5 runs x the 6 numbers of OPT-J
    assert set(s.records[0]) == {"error_type", "count", "repetition", "metric", "score", "key",
                                 "value", "n_errors"}
    assert s.records[0]["error_type"] == "none"
    text = open(report, encoding="utf-8").read()
    assert "<svg" in text and "<script" not in text and "Doubled roads" in text
    d = json.loads(json.dumps(s.to_dict()))
    assert d["counts"] == [0, 1, 3] and d["metrics"] == ["optj"] and len(d["runs"]) == 5


def test_sensitivity_same_seed_same_numbers_and_rows():
    kw = dict(error_types=["perturbations"], counts=[0, 2], metrics=["apls"], seed=3,
              params={"apls": {"CONTROL_SPACING": 40}}, max_shift=15)
    a, b = rnm.sensitivity(GRID, **kw), rnm.sensitivity(GRID, **kw)
    assert a.to_dict() == b.to_dict()
    assert a.parameters["MAX_SHIFT"] == 15.0
    c = rnm.sensitivity(GRID, **dict(kw, seed=4))
    assert [r["perturb_seed"] for r in c.to_dict()["runs"]] != \
        [r["perturb_seed"] for r in a.to_dict()["runs"]]
    rows = a.rows
    try:
        import pandas  # noqa: F401
        assert list(rows.columns) == list(a.records[0])
    except ImportError:
        assert rows == a.records


@pytest.mark.parametrize("kw, match", [
    (dict(metrics=["nope"]), "unknown metric"),
    (dict(metrics=["pixel_iou"]), "two masks"),
    (dict(counts="a, b"), "COUNTS"),
    (dict(repetitions=0), "REPETITIONS"),
    (dict(repetitions="2"), "repetitions"),
    (dict(error_types=["potholes"]), "unknown error type"),
    (dict(params={"apls": {"NOPE": 1}}), "unknown parameter NOPE"),
    (dict(params={"nope": {"X": 1}}), "not a metric"),
    (dict(params={"CONTROL_SPACING": 25}), "not a shared parameter"),
    (dict(params={"apls": {"SPEED_FIELD": "speed"}}, metrics=["apls"]), "reads no attributes"),
    (dict(flat_threshold=-1), "FLAT_THRESHOLD"),
    (dict(gap_length=0), "GAP_LENGTH"),
])
def test_sensitivity_bad_input(kw, match):
    kw = dict({"metrics": ["optj"], "counts": [0, 1]}, **kw)
    with pytest.raises(InputError, match=match):
        rnm.sensitivity(GRID, **kw)


# -- compare -------------------------------------------------------------------------

def test_compare_hand_checked_ranking(tmp_path):
    broken = rnm.perturb(GRID, "interruptions", 2).prediction
    doubled = rnm.perturb(GRID, "doubled_roads", 2).prediction
    report = str(tmp_path / "cmp.html")
    c = rnm.compare(GRID, {"broken": broken, "doubled": doubled, "perfect": GRID},
                    metrics=["apls", "optj"], report=report)
    # 2 interruptions: F1 = 88 / 92; 2 doubled roads: 4 junctions, TP = AP = 48, PP = 52
    assert [(r["rank"], r["method"]) for r in c.ranking["OPTJ_F1"]] == [
        (1, "perfect"), (2, "doubled"), (3, "broken")]
    assert c.scores["OPTJ_F1"]["doubled"] == pytest.approx(96 / 100)
    assert c.scores["OPTJ_F1"]["broken"] == pytest.approx(88 / 92)
    assert c.keys == ["APLS", "OPTJ_F1"] and c.references == ["all"]
    assert len(c.pairs) == 1 and c.pairs[0]["triplets"] == 6 and c.pairs[0]["esr"] == 1.0
    assert len(c.records) == 2 * 3 and {r["tile"] for r in c.records} == {"all"}
    text = open(report, encoding="utf-8").read()
    assert "Pairwise preferences" in text and "Equal-Sorting Ratio" in text and "<script" not in text
    d = json.loads(json.dumps(c.to_dict()))
    assert d["methods"] == ["broken", "doubled", "perfect"] and d["seed"] == 0


def test_compare_inputs_names_and_tiles():
    a = rnm.compare(GT, [PRED, GT, PRED], metrics=["ccq"])
    assert a.methods == ["helsinki_prediction", "helsinki_ground_truth", "helsinki_prediction (2)"]
    b = rnm.compare(GT, [("p", PRED), ("g", GT), ("q", PRED)], metrics=["ccq"])
    assert list(b.scores["CCQ_F1"].values()) == list(a.scores["CCQ_F1"].values())
    assert b.scores["CCQ_F1"]["g"] == 1.0
    t = rnm.compare(GT, {"p": PRED, "g": GT}, metrics=["ccq"], tile_size=500)
    assert len(t.references) > 4 and t.to_dict()["aggregation"] == "pooled"
    assert {r["tile"] for r in t.records} - {"all"}


@pytest.mark.parametrize("kw, match", [
    (dict(predictions=[GRID]), "at least two"),
    (dict(predictions=3), "must be a dict"),
    (dict(predictions={"a": GRID, "b": GRID}, scores="best"), "SCORES"),
    (dict(predictions={"a": GRID, "b": GRID}, seed=-1), "SEED"),
    (dict(predictions={"a": GRID, "b": GRID}, tile_size=-5), "TILE_SIZE"),
    (dict(predictions={"a": GRID, "b": GRID}, params={"raster_threshold": 0.5}), "raster"),
    (dict(predictions={"a": GRID, "b": "/no/such/file.gpkg"}), "no such file"),
])
def test_compare_bad_input(kw, match):
    with pytest.raises(InputError, match=match):
        rnm.compare(GRID, **dict({"metrics": ["optj"]}, **kw))


def test_docstring_examples_run():
    import roadnetworkmetrics._tools as tools
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    n = 0
    for fn in (tools.perturb, tools.sensitivity, tools.compare):
        for t in finder.find(fn, fn.__name__, globs={}):
            n += len(t.examples)
            runner.run(t)
    assert n >= 15 and runner.failures == 0


# -- command line --------------------------------------------------------------------

def test_cli_perturb_writes_layers_as_the_library(tmp_path):
    grid = grid_file(tmp_path)
    out, gt, err = (str(tmp_path / n) for n in ("pred.geojson", "gt.geojson", "err.geojson"))
    c = cli("perturb", grid, "--error-type", "interruptions", "--count", "2", "--seed", "2",
            "--output", out, "--ground-truth-output", gt, "--errors", err, "--json")
    assert c.returncode == 0, c.stderr
    doc = json.loads(c.stdout)
    lib = rnm.perturb(grid, "interruptions", 2, seed=2)
    assert doc == json.loads(json.dumps(lib.to_dict()))
    feats = json.load(open(out, encoding="utf-8"))["features"]
    assert sorted(tuple(map(tuple, f["geometry"]["coordinates"])) for f in feats) == \
        coords(lib.layers["prediction"])
    assert len(json.load(open(err, encoding="utf-8"))["features"]) == 2
    text = cli("perturb", grid, "--error-type", "interruptions", "--count", "2",
               "--output", str(tmp_path / "p2.geojson"), "--gap-length", "5")
    assert text.returncode == 0 and "2 error(s) of type interruptions" in text.stdout


def test_cli_perturb_refusals(tmp_path):
    grid = grid_file(tmp_path)
    before = file_hashes(grid)
    for args in (["--error-type", "interruptions", "--count", "1", "--output", grid],
                 ["--error-type", "potholes", "--count", "1", "--output", "x.geojson"],
                 ["--count", "1", "--output", "x.geojson"],
                 ["--error-type", "interruptions", "--count", "100", "--output",
                  str(tmp_path / "x.geojson")],
                 ["--error-type", "interruptions", "--count", "1", "--output",
                  str(tmp_path / "x.geojson"), "--errors", str(tmp_path / "x.geojson")]):
        c = cli("perturb", grid, *args)
        assert c.returncode == 2, (args, c.stderr)
        assert "Traceback" not in c.stderr and c.stderr.count("\n") == 1
    assert file_hashes(grid) == before


def test_cli_sensitivity_and_compare_match_the_library(tmp_path):
    grid = grid_file(tmp_path)
    c = cli("sensitivity", grid, "--metrics", "optj", "--error-types", "interruptions",
            "--counts", "0,1,3", "--json")
    assert c.returncode == 0, c.stderr
    lib = rnm.sensitivity(grid, metrics=["optj"], error_types=["interruptions"], counts=[0, 1, 3])
    assert json.loads(c.stdout) == json.loads(json.dumps(lib.to_dict()))
    report = str(tmp_path / "cmp.html")
    c = cli("compare", GT, PRED, GT, "--names", "p,g", "--metrics", "ccq,optj", "--json",
            "--report", report)
    assert c.returncode == 0, c.stderr
    lib = rnm.compare(GT, {"p": PRED, "g": GT}, metrics=["ccq", "optj"])
    assert json.loads(c.stdout) == json.loads(json.dumps(lib.to_dict()))
    assert os.path.exists(report)
    t = cli("compare", GT, PRED, GT, "--metrics", "ccq")
    assert t.returncode == 0 and "helsinki_ground_truth" in t.stdout and "ranking" in t.stdout


@pytest.mark.parametrize("args", [
    ["sensitivity", GT, "--counts", "a"],
    ["sensitivity", GT, "--metrics", "nope"],
    ["sensitivity", GT, "--params", "{not json"],
    ["sensitivity", GT, "--report", GT],
    ["compare", GT, PRED],
    ["compare", GT, PRED, GT, "--names", "a"],
    ["compare", GT, PRED, GT, "--report", PRED],
    ["compare", GT, PRED, GT, "--seed", "-1"],
])
def test_cli_tools_bad_input_exit_2(args):
    c = cli(*args)
    assert c.returncode == 2, c.stderr
    assert "Traceback" not in c.stderr and c.stderr.startswith("roadmetrics: error:")


def test_cli_help_of_the_tools():
    for tool in ("perturb", "sensitivity", "compare"):
        c = cli("help", tool)
        assert c.returncode == 0 and f"roadmetrics {tool}" in c.stdout
    assert "--GAP_LENGTH" in cli("help", "perturb").stdout
    assert "perturb, sensitivity, compare" in cli("list").stdout


def test_the_example_of_docs_library_runs(tmp_path, monkeypatch):
    """docs/library.md, "Science tools": the Python block runs and says true."""
    import re
    from helpers_lib import ROOT
    with open(os.path.join(ROOT, "docs", "library.md"), encoding="utf-8") as f:
        text = f.read()
    section = text[text.index("## Science tools"):]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    monkeypatch.chdir(tmp_path)
    ns = {}
    exec(compile(code, "docs/library.md", "exec"), ns)
    assert ns["p"].n_errors == 2
    assert ns["s"].series("interruptions", "optj", "F1")[1] == pytest.approx([1.0, 84 / 86, 92 / 98])
    assert ns["c"].ranking["OPTJ_F1"][0]["method"] == "perfect"
    assert os.path.exists(tmp_path / "sensitivity.html") and os.path.exists(tmp_path / "compare.html")
