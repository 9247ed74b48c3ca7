"""The evaluation report: summary first, scores by family with units,
per-class and per-tile sections only when they mean something, traceability,
every text translated and every value escaped; the core's translatable
messages (core/text.py) and the check that every user-visible text is
marked for translation (scripts/update_ts.py)."""
import math
import os
import pickle
import re
import sys

import numpy as np
import pytest

from core import registry
from core.analysis.evaluate import evaluate
from core.analysis.tiles import evaluate_tiles
from core.reports.report import (
    evaluation_report,
    goodness,
    histogram,
    human,
    map_metric,
    network_map,
    plugin_version,
    summary_lines,
    verdict,
)
from core.text import N_, Text, msg, translate
from helpers import block_grid, lines
from core.runner import run as run_spec

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
METRICS = ["apls", "ccq", "distances", "junct"]


@pytest.fixture(scope="module")
def pair():
    gt = lines(*block_grid(), road_class=["a", "b"] * 4)
    pred = lines(*block_grid(1.0, drop=True), road_class=["b", "a", "b"] + ["a", "b"] * 2)
    return gt, pred


@pytest.fixture(scope="module")
def ev(pair):
    return evaluate(*pair, METRICS, {}, 0)


def _text(html):
    return re.sub(r"<[^>]+>", " ", html)


def test_summary_comes_first_with_headlines_and_reading(pair, ev):
    gt, pred = pair
    h = evaluation_report("Eval", {"ground truth": "gt.gpkg"}, ev, None, gt.parts, pred.parts)
    assert h.index("<h2>Summary</h2>") < h.index("<h2>Scores by family</h2>") < \
        h.index("<h2>Map</h2>") < h.index("<h2>Warnings</h2>") < h.index("<h2>Inputs and parameters")
    summary = h[h.index("<h2>Summary</h2>"):h.index("<h2>Scores by family</h2>")]
    apls = ev.results["apls"].scores["APLS"]
    assert f"{apls:.3f}" in summary
    # a plain-language reading per family, in registry words
    assert "Path metrics" in summary and registry.GROUP_DESCRIPTIONS["Path metrics"] in summary
    assert "very good" in summary or "good" in summary or "fair" in summary
    # the distance headline is a length with its unit
    hd95 = ev.results["distances"].scores["HD95"]
    assert human(hd95, "m") in summary and human(hd95, "m").endswith(" m")


def test_scores_by_family_with_units_and_meanings(pair, ev):
    gt, pred = pair
    h = evaluation_report("Eval", {}, ev, None, gt.parts, pred.parts)
    body = h[h.index("<h2>Scores by family</h2>"):h.index("<h2>Map</h2>")]
    # families as headings, each metric's outputs in registry order
    for g in ("Path metrics", "Geometric metrics", "Junction metrics"):
        assert f"<h3>{g}</h3>" in body
    keys = [registry.get("ccq").output_key(o.name) for o in registry.get("ccq").outputs]
    pos = [body.index(f">{k}<") for k in keys]
    assert pos == sorted(pos)
    assert "2.034e+04" not in h and "e+0" not in _text(body)
    assert registry.get("ccq").outputs[0].help in body
    # lower-is-better ratios are marked; every [0, 1] score has its bar
    assert "F_error (junction error rate) \u2193" in body
    assert body.count("class='barbox'") == sum(
        1 for m in METRICS for o in registry.get(m).outputs
        if o.unit == "ratio" and not math.isnan(ev.results[m].scores.get(o.name, math.nan)))


def test_traceability(pair, ev):
    gt, pred = pair
    h = evaluation_report("Eval", {"ground truth": "/data/gt.gpkg", "SEED": 3}, ev, None,
                          gt.parts, pred.parts, meta={"QGIS": "3.22.16"})
    version = plugin_version()
    assert re.fullmatch(r"\d+\.\d+\.\d+", version)
    assert f"Road Network Metrics {version}" in h and "QGIS 3.22.16" in h
    assert re.search(r"Generated \d{4}-\d{2}-\d{2} \d{2}:\d{2}", h)
    assert "/data/gt.gpkg" in h
    # the parameters each metric used
    assert "CONTROL_SPACING=" in h and "BUFFER=" in h


def test_map_is_zoomable_and_self_contained(pair, ev):
    gt, pred = pair
    h = evaluation_report("Eval", {}, ev, None, gt.parts, pred.parts)
    assert "class='zoomable'" in h and "viewBox=" in h and "addEventListener('wheel'" in h
    assert h.count("<script") == 1 and "<script src" not in h
    assert "http" not in h.replace("http://www.w3.org/2000/svg", "")
    assert "missing (ground truth only)" in h  # the map legend
    # a scale bar of a round length near a fifth of the 301 m wide map
    assert ">50 m</text>" in h


def test_per_class_only_with_a_class_field(pair):
    gt, pred = pair
    ev = evaluate(gt, pred, ["ccq", "instances"], {}, 0)
    h = evaluation_report("Eval", {}, ev, None, gt.parts, pred.parts)
    assert "Scores per class" not in h  # instances' single class 'all' is not a class table
    evc = evaluate(gt, pred, ["ccq", "instances"], {"CLASS_FIELD": "road_class"}, 0)
    h = evaluation_report("Eval", {}, evc, None, gt.parts, pred.parts, class_field="road_class")
    sec = h[h.index("Scores per class"):h.index("<h2>Map</h2>")]
    assert "Class field: road_class" in sec and "<td>a</td>" in sec and "<td>b</td>" in sec


def test_skipped_empty_tile_is_not_a_perfect_score(pair):
    gt, pred = pair
    tiles = [("full", (-10.0, -10.0, 310.0, 310.0)), ("void", (1000.0, 1000.0, 1100.0, 1100.0))]
    tiled = evaluate_tiles(gt, pred, tiles, ["apls"], {}, 0, "mean", "skip")
    void = [t for t in tiled.tiles if t.tile_id == "void"][0]
    assert void.empty
    h = evaluation_report("Eval", {}, None, tiled, gt.parts, pred.parts)
    row = re.search(r"<tr><td>void</td>.*?</tr>", h).group(0)
    assert "no ground truth: left out" in row and "1.000" not in row
    assert "tile void: no ground truth" in h  # the tile map's tooltip
    assert "1 tile(s) without ground truth (skip)" in h


def test_everything_is_escaped(pair, ev):
    gt, pred = pair
    evil = "<script>alert(1)</script>"
    h = evaluation_report(evil, {evil: evil}, ev, None, gt.parts, pred.parts,
                          meta={"QGIS": evil})
    assert evil not in h and "&lt;script&gt;alert(1)&lt;/script&gt;" in h
    # a translation with markup is escaped too
    h = evaluation_report("t", {}, ev, None, gt.parts, pred.parts,
                          tr=lambda s: "<i>x</i>" if s == "Summary" else s)
    assert "<h2>&lt;i&gt;x&lt;/i&gt;</h2>" in h


def test_every_text_goes_through_tr(pair, ev):
    """A tr that marks every text: no English sentence of the report is left
    unmarked (values, metric keys, numbers and markup aside)."""
    gt, pred = pair
    seen = []

    def tr(s):
        seen.append(s)
        return "\u00a7" + s.upper() + "\u00a7" if s != "en" else "xx"

    h = evaluation_report("T", {}, ev, None, gt.parts, pred.parts, tr=tr)
    assert "<html lang='xx'>" in h
    assert "Summary" in seen and "Zoom in" in seen and registry.get("apls").name in seen
    assert registry.get("apls").outputs[1].help in seen
    text = re.sub(r"&[a-z#0-9]+;", " ", _text(h.split("<script>")[0].split("</style>")[1]))
    # strip what is translated (between section marks), keys, numbers and units
    rest = re.sub("\u00a7[^\u00a7]*\u00a7", " ", text)
    rest = re.sub(r"\b[A-Z][A-Z0-9_]+\b|[-\d.,:;=()\u202f%/]+|\bkm\b|\bm\b", " ", rest)
    words = re.findall(r"[A-Za-z]{3,}", rest)
    # what remains: parameter values, the product name and the date
    allowed = {"road", "network", "metrics", "true", "false", "none", "spacenet", "generated"}
    assert set(w.lower() for w in words) <= allowed | {"utc"}, sorted(set(words))


def test_human_formats():
    assert human(20340.0, "m") == "20.34 km"
    assert human(3.391, "m") == "3.39 m"
    assert human(396.94, "m") == "396.9 m"
    assert human(165225.0, "count") == "165\u202f225"
    assert human(73.8, "count") == "73.8"
    assert human(0.67812, "ratio") == "0.678"
    assert human(float("nan"), "ratio") == "undefined"
    assert human(None, "m", lambda s: "indéfini" if s == "undefined" else s) == "indéfini"


def test_verdicts_follow_the_bar_colours():
    f_error = [o for o in registry.get("junct").outputs if o.name == "F_ERROR"][0]
    assert f_error.higher_is_better is False and goodness(f_error, 0.1) == pytest.approx(0.9)
    assert [verdict(g) for g in (0.95, 0.7, 0.5, 0.1)] == ["very good", "good", "fair", "poor"]
    n = [o for o in registry.get("optp").outputs if o.name == "N_PATHS_GT"][0]
    assert n.unit == "count" and goodness(n, 12) is None
    assert [o for o in registry.get("distances").outputs if o.name == "HD95"][0].unit == "m"


def test_headline_and_summary_lines():
    assert registry.get("apls").headline_output().name == "APLS"
    assert registry.get("ccq").headline_output().name == "F1"
    assert registry.get("boundaryf").headline_output().name == "F"
    assert registry.get("distances").headline_output().name == "HD95"
    r, p = registry.get("ccq").recall_precision()
    assert (r.name, p.name) == ("COMPLETENESS", "CORRECTNESS")
    assert registry.get("apls").recall_precision()[0].name == "APLS_GT_TO_PRED"
    spec = registry.get("ccq")
    out = summary_lines(spec, {"F1": 0.91, "RMS_OFFSET": 1.234, "CORRECTNESS": float("nan")})
    assert "F1 (F1): 0.910  [very good]" in out
    assert "RMS offset (m) (RMS_OFFSET): 1.23 m" in out
    assert "Correctness (CORRECTNESS): undefined" in out
    assert len(out) == len(spec.outputs)


def test_histogram_has_axis_titles_outside_the_bars():
    svg = histogram([5, 3, 0, 1], None, "", width=300, height=140, xlabel="penalty", ylabel="routes")
    assert ">penalty</text>" in svg and "rotate(-90" in svg and ">routes</text>" in svg
    bars = [float(x) for x in re.findall(r"<rect x='([\d.]+)'", svg)]
    labels = [float(x) for x in re.findall(r"<text x='([\d.]+)'[^>]*text-anchor='end'", svg)]
    assert min(bars) > max(labels)  # the count labels end left of the first bar


# -- translatable core texts ----------------------------------------------------

def test_msg_keeps_template_and_translates():
    w = msg("{} of {} tile(s) have no ground truth (EMPTY_TILES = {})", 2, 5, "skip")
    assert w == "2 of 5 tile(s) have no ground truth (EMPTY_TILES = skip)"
    assert isinstance(w, str) and w.template.startswith("{} of {}")
    fr = {"{} of {} tile(s) have no ground truth (EMPTY_TILES = {})":
          "{} tuile(s) sur {} sans vérité terrain (EMPTY_TILES = {})",
          "tile {}: {}": "tuile {} : {}", "interruptions": "interruptions (fr)"}
    tr = lambda s: fr.get(s, s)  # noqa: E731
    assert translate(w, tr) == "2 tuile(s) sur 5 sans vérité terrain (EMPTY_TILES = skip)"
    nested = msg("tile {}: {}", 7, msg("interruptions"))
    assert translate(nested, tr) == "tuile 7 : interruptions (fr)"
    assert translate("plain", tr) == "plain" and translate(N_("x"), tr) == "x"
    # a broken translation falls back to English rather than failing
    assert translate(msg("a {} b", 1), lambda s: "{} {}") == "a 1 b"


def test_msg_survives_pickle_and_exceptions():
    w = msg("tile {} failed: {}", 3, "boom")
    back = pickle.loads(pickle.dumps(w))
    assert isinstance(back, Text) and back == w and back.args == (3, "boom")
    e = ValueError(msg("{} must be > 0 (metres), got {}", "BUFFER", -1))
    assert str(e) == "BUFFER must be > 0 (metres), got -1" and e.args[0].template


def test_metric_warnings_are_translatable():
    spec = registry.get("apls")
    r = run_spec(spec, lines([[0, 0], [100, 0]]), lines())
    assert r.warnings and all(isinstance(w, Text) for w in r.warnings)


def _update_ts():
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    try:
        import update_ts
    finally:
        sys.path.pop(0)
    return update_ts


def test_no_user_visible_text_is_left_unmarked():
    assert _update_ts().unmarked_strings() == []


def test_the_scan_finds_unmarked_texts(tmp_path):
    f = tmp_path / "mod.py"
    f.write_text("def f(progress, warnings, feedback, n):\n"
                 "    progress.set(0.5, 'building networks')\n"
                 "    warnings.append(f'{n} parts dropped')\n"
                 "    warnings.append(msg('{} parts dropped', n))\n"
                 "    feedback.pushInfo(tr('fine'))\n"
                 "    feedback.pushInfo(f'=== {n} ===')\n"
                 "    raise ValueError('BUFFER must be > 0')\n", encoding="utf-8")
    found = _update_ts().unmarked_strings([str(f)])
    assert [w.split(":")[-1] for w, _ in found] == ["2", "3", "7"]


def test_collects_core_texts():
    strings = _update_ts().collect()
    assert "{} of {} tile(s) have no ground truth (EMPTY_TILES = {})" in strings
    assert "building networks" in strings and "Summary" in strings
    assert registry.GROUP_DESCRIPTIONS["Path metrics"] in strings


def test_map_legend_labels_are_collected_for_translation():
    # the legend went through tr() but its labels were never marked, so no
    # catalogue held them and the legend stayed English (issue 23, item 9)
    from core.reports.report import MAP_LAYERS, map_legend
    labels = [label for *_, label in MAP_LAYERS]
    seen = []
    map_legend(True, tr=lambda s: seen.append(s) or s)
    assert seen == ["ground truth", "prediction"] + labels
    strings = _update_ts().collect()
    assert all(s in strings for s in seen), [s for s in seen if s not in strings]


def test_map_metric_prefers_missing_and_spurious_stretches():
    # the one metric whose layers evaluate-all keeps for the report's map:
    # a coverage metric (CCQ, boundary F, clDice) draws missing and spurious
    # stretches as lines; APLS only had control points, drawn as small dots
    # (issue 32 item 11)
    assert map_metric(["apls", "ccq"]) == "ccq"
    assert map_metric(["apls", "cldice", "boundaryf", "ccq"]) == "ccq"
    assert map_metric(["apls", "cldice", "boundaryf"]) == "boundaryf"
    # else the first whose missing and spurious layers are both lines
    assert map_metric(["apls", "junct", "optp"]) == "optp"
    # else the first with any (TLTS: infeasible paths only; APLS: points)
    assert map_metric(["distances", "tlts", "apls"]) == "tlts"
    assert map_metric(["junct", "apls"]) == "junct"
    assert map_metric(["distances"]) is None


def test_map_draws_every_line_and_point_with_one_decimal():
    from core.result import FeatureTable
    pts = FeatureTable("Point", [("source", "string")])
    pts.extend(np.array([[5.0, 0.0], [10.0, 10.0]]), source="x")
    html = network_map([np.array([[0.0, 0.0], [10.0, 10.0], [20.0, 0.0]])],
                       [np.array([[0.0, 1.0], [20.0, 1.0]]), np.array([[3.0, 3.0]])],
                       {"MATCHED": pts})
    # 20 m wide: 50 SVG units a metre; y grows downwards from the top (10 m)
    assert "<polyline points='0.0,500.0 500.0,0.0 1000.0,500.0' vector-effect='non-scaling-stroke'/>" in html
    assert "<polyline points='0.0,450.0 1000.0,450.0' vector-effect='non-scaling-stroke'/>" in html
    assert html.count("<polyline") == 2  # the one-vertex line is not drawn
    assert "<circle cx='250.0' cy='500.0' r='1.2'/><circle cx='500.0' cy='0.0' r='1.2'/>" in html
