"""The roadmetrics command line: the same scores as the library, exit codes
0 / 2 / 1, one sentence on stderr for bad input, inputs never modified."""
import json
import math

import pytest

import roadnetworkmetrics as rnm

from helpers_lib import GT, PRED, cli, file_hashes

pytestmark = pytest.mark.slow


def test_list_and_help():
    r = cli("list")
    assert r.returncode == 0 and all(m in r.stdout for m in rnm.metrics())
    h = cli("help", "apls")
    assert h.returncode == 0
    assert "CONTROL_SPACING" in h.stdout and "default 50.0" in h.stdout and "--matched" in h.stdout
    version = rnm.__version__
    assert cli("--version").stdout.strip() == f"roadmetrics {version}"
    # `list` advertises batch: its help is the batch options, not "unknown metric 'batch'"
    b = cli("help", "batch")
    assert b.returncode == 0, b.stderr
    assert b.stdout.startswith("usage: roadmetrics batch METRIC (--pairs")
    assert "--protocol NAME" in b.stdout and "--empty-chips" in b.stdout
    assert "--CONTROL_SPACING" not in b.stdout and "batch METRIC --help" in b.stdout


def test_metric_json_equals_library():
    r = cli("apls", GT, PRED, "--json", "--control-spacing", "40")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    lib = rnm.apls(GT, PRED, CONTROL_SPACING=40.0).to_dict()
    assert doc["scores"] == lib["scores"]
    assert doc["parameters"]["CONTROL_SPACING"] == 40.0
    assert r.stderr == ""  # not a terminal: no progress bar


def test_human_output_and_layers(tmp_path):
    out = tmp_path / "matched.geojson"
    r = cli("ccq", GT, PRED, "--matched", out, "--BUFFER", "5")
    assert r.returncode == 0, r.stderr
    assert "QUALITY" in r.stdout
    layer = json.loads(out.read_text())
    assert layer["type"] == "FeatureCollection" and layer["features"]
    assert layer["crs"]["properties"]["name"] == "EPSG:3067"


@pytest.mark.parametrize("args, words", [
    (["apls", GT, "/nonexistent/pred.gpkg"], "no such file"),
    (["apls", GT, PRED, "--control-spacing", "-1"], "CONTROL_SPACING"),
    (["apls", GT, PRED, "--control-spacing", "many"], "invalid float value"),
    (["apls", GT, PRED, "--variant", "nope"], "invalid choice"),
    (["nometric", GT, PRED], "unknown metric"),
    (["apls", GT], "required"),
    (["apls", GT, PRED, "--matched", GT], "inputs are never overwritten"),
    (["batch", "apls", "--spacenet", GT, PRED, "--out", "/tmp/rows.csv"], "not a readable CSV"),
])
def test_bad_input_exit_2_one_sentence(args, words):
    before = file_hashes(GT, PRED)
    r = cli(*args)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert words in r.stderr
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert file_hashes(GT, PRED) == before


def test_evaluate_report_and_json(tmp_path):
    report = tmp_path / "report.html"
    r = cli("evaluate", GT, PRED, "--metrics", "apls,junct", "--report", report, "--json")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["numbers"]["APLS"] == rnm.apls(GT, PRED).scores["APLS"]
    assert "<html" in report.read_text().lower()


def test_internal_error_exit_1(capsys):
    """An unexpected exception (a bug) is exit code 1 with a short message."""
    from roadnetworkmetrics import cli as cli_mod

    def boom(argv):
        raise RuntimeError("boom")
    saved = cli_mod._main
    cli_mod._main = boom
    try:
        assert cli_mod.main(["list"]) == 1
        err = capsys.readouterr().err
        assert "internal error: RuntimeError: boom" in err and "Traceback" not in err
    finally:
        cli_mod._main = saved


def test_nan_scores_are_null_in_json():
    r = cli("apls", GT, PRED, "--json")
    doc = json.loads(r.stdout)
    assert doc["scores"]["APLS_TIME"] is None
    assert not any(isinstance(v, float) and math.isnan(v) for v in doc["scores"].values())


def test_evaluate_params_from_a_file(tmp_path):
    """--params takes inline JSON, a JSON file, or @file (issue 35)."""
    f = tmp_path / "params.json"
    f.write_text('{"apls": {"CONTROL_SPACING": 40}}')
    ref = cli("evaluate", GT, PRED, "--metrics", "apls", "--json", "--params",
              '{"apls": {"CONTROL_SPACING": 40}}')
    assert ref.returncode == 0, ref.stderr
    for value in (str(f), "@" + str(f)):
        r = cli("evaluate", GT, PRED, "--metrics", "apls", "--json", "--params", value)
        assert r.returncode == 0, r.stderr
        assert json.loads(r.stdout)["numbers"] == json.loads(ref.stdout)["numbers"]
    r = cli("evaluate", GT, PRED, "--metrics", "apls", "--params", "@" + str(tmp_path / "no.json"))
    assert r.returncode == 2 and "no such file" in r.stderr


def test_terminal_output_has_units_reasons_and_written_files(tmp_path):
    from helpers_lib import GT, PRED
    out = tmp_path / "matched.geojson"
    c = cli("apls", GT, PRED, "--matched", out, "--quiet")
    assert c.returncode == 0, c.stderr
    assert "APLS_TIME_GT_TO_PRED  nan  (NaN without SPEED_FIELD)" in c.stdout
    assert f"written: {out} (" in c.stdout
    d = cli("distances", GT, PRED, "--quiet")
    assert any(line.split()[0] == "DISTANCES_HD95" and line.endswith(" m") for line in d.stdout.splitlines()[1:])


def test_evaluate_table_has_units_reasons_and_whole_counts():
    """evaluate's table, grouped by family, reads as the metric commands do:
    metres beside distances, why a score is NaN; over tiles, counts (which
    have no interval) print as whole numbers, not 4687.00."""
    c = cli("evaluate", GT, PRED, "--metrics", "apls,distances", "--quiet")
    assert c.returncode == 0, c.stderr
    lines = c.stdout.splitlines()
    assert "  Path metrics" in lines and "  Geometric metrics" in lines
    assert any(x.split()[0] == "APLS_TIME" and x.endswith("(NaN without SPEED_FIELD)") for x in lines)
    assert any(x.split()[0] == "DISTANCES_HD95" and x.endswith(" m") for x in lines)
    t = cli("evaluate", GT, PRED, "--metrics", "topo", "--tile-size", "500", "--ci-resamples", "200",
            "--quiet")
    assert t.returncode == 0, t.stderr
    tp = [x.split() for x in t.stdout.splitlines() if x.split()[:1] == ["TOPO_TP"]][0]
    assert len(tp) == 2 and tp[1].isdigit()
    f1 = [x for x in t.stdout.splitlines() if x.split()[:1] == ["TOPO_F1"]][0]
    assert "[" in f1 and "]" in f1


def test_help_is_plain_text_and_lists_every_option():
    h = cli("help", "apls").stdout
    assert "``" not in h and "--raster-threshold" in h and "--pixel-size" in h
    assert "one of km/h, m/s, mph" in h
    assert "``" not in cli("apls", "--help").stdout
    assert "``" not in cli("--help").stdout
