"""What the evaluation report says (issue 32 item 11): its map draws the
missing and spurious stretches as lines in colours apart from both
networks, with a legend of what it draws; its SEED is the seed the sampled
metrics ran with (core.analysis.evaluate.seed_used), not "None"."""
import re

import pytest

from core.analysis.evaluate import evaluate
from core.reports.report import evaluation_report
from helpers import block_grid, lines


@pytest.fixture(scope="module")
def html():
    gt, pred = lines(*block_grid()), lines(*block_grid(1.0, drop=True))
    ev = evaluate(gt, pred, ["apls", "ccq"], {}, 0)
    return evaluation_report("t", {}, ev, None, gt.parts, pred.parts)


def _map_section(html):
    return html[html.index("<h2>Map</h2>"):html.index("<h2>Warnings</h2>")]


def _groups(svg):
    """[(stroke colour, width, [points of each polyline])] in drawing order."""
    return [(c, float(w), re.findall(r"<polyline points='([^']*)'", body)) for c, w, body in
            re.findall(r"<g fill='none' stroke='(#[0-9a-f]{6})' stroke-width='([\d.]+)'[^>]*>(.*?)</g>", svg)]


def _luminance(hex_colour):
    """WCAG relative luminance of an sRGB colour."""
    out = []
    for i in (1, 3, 5):
        c = int(hex_colour[i:i + 2], 16) / 255
        out.append(c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4)
    return 0.2126 * out[0] + 0.7152 * out[1] + 0.0722 * out[2]


def _contrast(a, b):
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_map_draws_missing_ground_truth_as_red_lines(html):
    section = _map_section(html)
    assert "Diagnostics of CCQ" in section
    # APLS's control points were the diagnostics: small red dots
    assert "<circle" not in section
    groups = _groups(section)
    assert len(groups) == 3  # ground truth, prediction, missing (nothing spurious)
    colour, width, polylines = groups[2]
    assert colour == "#d7191c" and width >= 3
    # the prediction lacks the line x = 0 (y 0 .. 300); its horizontal lines
    # at y = 1, 101, 201, 301 reach it, so with CCQ's BUFFER of 4 m the
    # missing stretches are y 5 .. 97, 105 .. 197, 205 .. 297.  The frame is
    # 301 m for 1000 units, y down from 301 m: y -> 1000 - y * 1000 / 301
    assert polylines == ["0.0,983.4 0.0,677.7", "0.0,651.2 0.0,345.5", "0.0,318.9 0.0,13.3"]


def test_map_networks_are_told_apart(html):
    (gt_colour, gt_width, gt_lines), (pred_colour, pred_width, pred_lines) = _groups(_map_section(html))[:2]
    assert len(gt_lines) == 8 and len(pred_lines) == 7
    # the ground truth wide and light under the prediction narrow and dark:
    # at least the 4.5 contrast of WCAG AA (grey #9a9a9a against blue-grey
    # #4575b4 had 1.7)
    assert gt_width >= 3 * pred_width
    assert _luminance(gt_colour) > _luminance(pred_colour)
    assert _contrast(gt_colour, pred_colour) >= 4.5
    # the missing stretches stand out from the light ground truth under them
    assert _contrast(gt_colour, "#d7191c") >= 3


def test_legend_shows_what_the_map_draws(html):
    section = _map_section(html)
    legend = re.findall(r"<span class='line' style='border-top-color:(#[0-9a-f]{6});"
                        r"border-top-width:([\d.]+)px'></span>([^<]*)", section)
    assert [(c, t) for c, _, t in legend] == [
        ("#c8c8c8", "ground truth"), ("#08306b", "prediction"),
        ("#e66100", "spurious (prediction only)"), ("#d7191c", "missing (ground truth only)")]
    # each drawn line in the legend in its colour, as wide (at least 2 px)
    drawn = {(c, max(2.0, w)) for c, w, _ in _groups(section)}
    assert drawn <= {(c, float(w)) for c, w, _ in legend}
    # matched stretches are the overlap of both networks: not drawn, not listed
    assert "matched" not in section and "#1a9641" not in section
    assert "<span class='dot'" not in section


def test_point_diagnostics_keep_dots_and_say_so():
    gt, pred = lines(*block_grid()), lines(*block_grid(1.0, drop=True))
    ev = evaluate(gt, pred, ["apls"], {}, 0)
    section = _map_section(evaluation_report("t", {}, ev, None, gt.parts, pred.parts))
    assert "Diagnostics of APLS" in section
    dots = re.findall(r"<span class='dot' style='background:(#[0-9a-f]{6})'></span>([^<]*)", section)
    assert dots == [("#1a9641", "matched"), ("#e66100", "spurious (prediction only)"),
                    ("#d7191c", "missing (ground truth only)")]
    assert "<g fill='#d7191c'><circle" in section


def test_seed_used_is_the_resolved_seed():
    from core.analysis.evaluate import seed_used
    # TLTS and SUBG sample (APLS draws the sat2graph replay's orders); CCQ and TOPO do not
    assert seed_used(["tlts", "ccq"], {}, None) == "0"  # the default, not None
    assert seed_used(["ccq", "topo"], {}, None) == ""
    assert seed_used(["tlts", "subg"], {}, 7) == "7"
    assert seed_used(["tlts", "subg"], {"SEED": 5}, None) == "5"
    assert seed_used(["tlts", "subg"], {"SEED": 5}, 2) == "2"
    assert seed_used(["tlts", "subg"], {"tlts": {"SEED": 3}}, None) == "3 (tlts); 0 (subg)"


def test_seed_used_agrees_with_the_run():
    from core.analysis.evaluate import seed_used
    gt, pred = lines(*block_grid()), lines(*block_grid(1.0, drop=True))
    for params, seed in (({}, None), ({"SEED": 4}, None), ({"tlts": {"SEED": 9}}, 1)):
        ev = evaluate(gt, pred, ["tlts"], params, seed)
        assert seed_used(["tlts"], params, seed) == str(ev.results["tlts"].parameters["SEED"])
    assert ev.results["tlts"].parameters["SEED"] == 9
