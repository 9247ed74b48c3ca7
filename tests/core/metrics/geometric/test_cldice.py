"""Hand-checked clDice on vector roads: regions from a width field or the
default width, exact lengths inside the regions, the empty-input table."""
import math

import pytest

from core import registry
from core.network.lineset import LineSet
from helpers import lines
from core.runner import run as run_spec

CL = registry.get("cldice")


def run(gt, pred, **p):
    return run_spec(CL, gt, pred, p)


def test_case_a_parallel_lines_inside_a_2m_road():
    # regions 1 m either side; the other centreline is exactly 1 m off
    r = run(lines([[0, 0], [100, 0]]), lines([[0, 1], [100, 1]]), DEFAULT_WIDTH=2.0)
    assert [r.score(k) for k in ("CLDICE", "TPREC", "TSENS")] == pytest.approx([1, 1, 1])


def test_case_b_half_covered_20m_road():
    # half width 10: the predicted region reaches x = 60 of the GT
    # centreline -> TSENS 0.6; the prediction lies on the GT -> TPREC 1;
    # clDice = 2 * 0.6 / 1.6 = 0.75
    r = run(lines([[0, 0], [100, 0]]), lines([[0, 0], [50, 0]]), DEFAULT_WIDTH=20.0)
    assert r.score("TSENS") == pytest.approx(0.6, abs=1e-12)
    assert r.score("TPREC") == pytest.approx(1.0, abs=1e-12)
    assert r.score("CLDICE") == pytest.approx(0.75, abs=1e-12)
    um = r.layers["UNMATCHED_GT"]
    assert um.coords[0].tolist() == [[60.0, 0.0], [100.0, 0.0]]
    assert um.columns["length"] == [pytest.approx(40.0)]


def test_case_c_crossing():
    # 20 m of each centreline inside the other's 20 m wide road
    r = run(lines([[-50, 0], [50, 0]]), lines([[0, -50], [0, 50]]), DEFAULT_WIDTH=20.0)
    assert [r.score(k) for k in ("CLDICE", "TPREC", "TSENS")] == pytest.approx([0.2] * 3)


def test_width_field_per_feature():
    # GT width 4 (half 2), prediction width 8 (half 4), centrelines 3 m
    # apart: the prediction is outside the GT road (TPREC 0), the GT inside
    # the predicted road (TSENS 1); clDice 0.
    gt = lines([[0, 0], [100, 0]], width=[4.0])
    pred = lines([[0, 3], [100, 3]], width=[8.0])
    r = run(gt, pred, WIDTH_FIELD="width")
    assert r.score("TPREC") == 0.0 and r.score("TSENS") == 1.0 and r.score("CLDICE") == 0.0
    # without the field both use 7 m (half 3.5): both inside
    assert run(gt, pred).score("CLDICE") == pytest.approx(1.0)


def test_each_part_keeps_its_own_width():
    # GT: 0..50 is 2 m wide (half 1), 50..100 is 10 m wide (half 5);
    # prediction 3 m above: inside only along the wide part -> TPREC 0.5
    gt = lines([[0, 0], [50, 0]], [[50, 0], [100, 0]], width=[2.0, 10.0])
    pred = lines([[0, 3], [100, 3]], width=[2.0])
    r = run(gt, pred, WIDTH_FIELD="width")
    # the wide part's capsule reaches back to x = 50 - 4 (sqrt(25 - 9))
    assert r.score("TPREC") == pytest.approx(0.54, abs=1e-12)
    assert r.score("TSENS") == 0.0


def test_invalid_widths_fall_back_with_a_warning():
    gt = lines([[0, 0], [100, 0]], [[0, 50], [100, 50]], width=[None, -2.0])
    pred = lines([[0, 3], [100, 3]], [[0, 53], [100, 53]], width=["abc", 0])
    r = run(gt, pred, WIDTH_FIELD="width", DEFAULT_WIDTH=7.0)
    assert r.score("CLDICE") == pytest.approx(1.0)
    assert sum("without a valid width" in w for w in r.warnings) == 2
    r = run(gt, lines([[0, 3], [100, 3]]), WIDTH_FIELD="lanes")
    assert any("no field 'lanes'" in w for w in r.warnings)


def test_empty_inputs_table():
    e, l = LineSet([]), lines([[0, 0], [100, 0]])
    assert [run(e, e).score(k) for k in ("CLDICE", "TPREC", "TSENS")] == [1.0, 1.0, 1.0]
    g = run(e, l)
    assert g.score("CLDICE") == 0.0 and g.score("TPREC") == 0.0 and math.isnan(g.score("TSENS"))
    p = run(l, e)
    assert p.score("CLDICE") == 0.0 and p.score("TSENS") == 0.0 and math.isnan(p.score("TPREC"))
    assert any("empty" in w for w in p.warnings)


def test_bad_width():
    l = lines([[0, 0], [1, 0]])
    with pytest.raises(ValueError, match="DEFAULT_WIDTH"):
        run(l, l, DEFAULT_WIDTH=0.0)


def test_pool():
    a = run(lines([[0, 0], [100, 0]]), lines([[0, 0], [50, 0]]), DEFAULT_WIDTH=20.0)
    assert CL.pool([a]) == pytest.approx(a.scores)
    assert CL.pool([a, a])["TSENS"] == pytest.approx(0.6)
