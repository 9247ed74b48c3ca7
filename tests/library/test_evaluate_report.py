"""evaluate()'s HTML report says what the result says (issue 32 item 11):
every warning the result carries (it showed "none" beside the CLI's
warnings) and the seed the sampled metrics ran with (it showed "None")."""
import html as htmllib
import re

import roadnetworkmetrics as rnm

# a ground truth without CRS with a one-vertex part, two lines without a junction
GT = [[(0, 0), (100, 0)], [(5, 5)]]
PRED = [[(0, 1), (100, 1)]]
NO_CRS = "The ground truth has no CRS: coordinates are used as they are and assumed to be in metres."
SKIPPED = ("ground truth: 1 invalid line part(s) skipped (fewer than two distinct vertices or "
           "non-finite coordinates).")
NO_JUNCTION = ("junct: neither network has a junction (node with >= 3 roads): F_CORRECT = 1, "
               "F_ERROR = 0 by convention (nothing to find, nothing spurious)")


def _warnings(page):
    section = page[page.index("<h2>Warnings</h2>"):page.index("<h2>Inputs and parameters</h2>")]
    return [htmllib.unescape(w) for w in re.findall(r"<li class='warn'>(.*?)</li>", section)]


def _seed_row(page):
    return re.findall(r"<tr><th>SEED</th><td>([^<]*)</td></tr>", page)


def test_report_lists_the_input_warnings_and_the_metrics():
    ev = rnm.evaluate(GT, PRED, metrics=["ccq", "junct"])
    assert ev.warnings == [SKIPPED, NO_CRS]
    page = ev.report()
    # the inputs' warnings first, then each metric's
    assert _warnings(page) == [SKIPPED, NO_CRS, NO_JUNCTION]
    assert "<p>none</p>" not in page
    assert "3 warning(s): see Warnings at the end." in page


def test_report_lists_the_warnings_of_a_tiled_run_once():
    # a 100 x 100 m diagonal on 60 m tiles: 4 tiles, the two off the
    # diagonal without ground truth; the inputs' warnings once, then the tiles'
    gt = [[(0, 0), (100, 100)], [(5, 5)]]
    ev = rnm.evaluate(gt, PRED, metrics=["ccq"], tile_size=60)
    assert ev.warnings == [SKIPPED, NO_CRS, "2 of 4 tile(s) have no ground truth (EMPTY_TILES = skip)"]
    assert _warnings(ev.report()) == ev.warnings


def test_report_seed_is_the_seed_the_metrics_ran_with():
    road = [[(0, 0), (200, 0), (400, 0)], [(200, 0), (200, 300)]]
    ev = rnm.evaluate(road, road, metrics=["tlts", "ccq"])
    assert ev.results["tlts"].parameters["SEED"] == 0
    assert _seed_row(ev.report()) == ["0"]  # the default, not None
    assert _seed_row(rnm.evaluate(road, road, metrics=["tlts"], seed=7).report()) == ["7"]
    ev = rnm.evaluate(road, road, metrics=["tlts", "subg"], params={"tlts": {"SEED": 3}})
    assert ev.results["tlts"].parameters["SEED"] == 3 and ev.results["subg"].parameters["SEED"] == 0
    assert _seed_row(ev.report()) == ["3 (tlts); 0 (subg)"]
    # tiles: each tile's seed derives from SEED 0 (core.analysis.tiles.tile_seed)
    assert _seed_row(rnm.evaluate(road, road, metrics=["tlts"], tile_size=250).report()) == ["0"]


def test_tiled_evaluation_takes_a_shared_seed_from_params():
    """A shared SEED in params was ignored by the tiled path (seed or 0): the
    tiles' seeds now derive from it, as from seed=, and the report says so."""
    road = [[(0, 0), (200, 0), (400, 0)], [(200, 0), (200, 300)]]
    pred = [[(0, 1), (150, 1)], [(250, 1), (400, 1)], [(200, 0), (200, 300)]]
    by_param = rnm.evaluate(road, pred, metrics=["tlts"], tile_size=250, params={"SEED": 5})
    by_arg = rnm.evaluate(road, pred, metrics=["tlts"], tile_size=250, seed=5)
    assert by_param.numbers == by_arg.numbers
    assert _seed_row(by_param.report()) == ["5"]
