"""Hand-checked CCQ cases (numbers derived in the comments; cases A-D of
docs/geometric.md and the metric reference notes)."""
import math

import pytest

from core import registry
from core.network.lineset import LineSet
from helpers import lines
from core.runner import run as run_spec

CCQ = registry.get("ccq")


def run(gt, pred, **p):
    return run_spec(CCQ, gt, pred, p)


def test_case_a_parallel_lines_one_metre_apart():
    # every point of each line is exactly 1 m from the other: all matched at
    # BUFFER 1; the matched prediction is 1 m off everywhere -> RMS 1.
    r = run(lines([[0, 0], [100, 0]]), lines([[0, 1], [100, 1]]), BUFFER=1.0)
    for k in ("CORRECTNESS", "COMPLETENESS", "QUALITY", "QUALITY_RATIO", "F1"):
        assert r.score(k) == pytest.approx(1.0, abs=1e-12), k
    assert r.score("REDUNDANCY") == pytest.approx(0.0, abs=1e-12)
    assert r.score("RMS_OFFSET") == pytest.approx(1.0, abs=1e-12)


def test_case_b_prediction_covers_half():
    # GT 0..100 on the x axis, prediction 0..50 on it, BUFFER 10: the
    # buffer's round end reaches x = 60, so 60 m of GT are matched.
    # comp = 0.6, corr = 1, quality = 50 / (50 + 40) = 5/9,
    # ratio = 0.6 / (1.6 - 0.6) = 0.6, F1 = 1.2 / 1.6 = 0.75,
    # redundancy = (50 - 60) / 50 = -0.2, RMS = 0 (the prediction lies on GT).
    r = run(lines([[0, 0], [100, 0]]), lines([[0, 0], [50, 0]]), BUFFER=10.0)
    assert r.score("COMPLETENESS") == pytest.approx(0.6, abs=1e-9)
    assert r.score("CORRECTNESS") == pytest.approx(1.0, abs=1e-9)
    assert r.score("QUALITY") == pytest.approx(5 / 9, abs=1e-9)
    assert r.score("QUALITY_RATIO") == pytest.approx(0.6, abs=1e-9)
    assert r.score("F1") == pytest.approx(0.75, abs=1e-9)
    assert r.score("REDUNDANCY") == pytest.approx(-0.2, abs=1e-9)
    assert r.score("RMS_OFFSET") == pytest.approx(0.0, abs=1e-9)
    # the missed part is cut exactly at x = 60; distance to the prediction
    # along it runs 10 -> 50 (mean 30)
    um = r.layers["UNMATCHED_GT"]
    assert len(um) == 1
    assert um.coords[0].tolist() == [[60.0, 0.0], [100.0, 0.0]]
    assert um.columns["distance"][0] == pytest.approx(30.0, abs=1e-9)
    assert um.columns["max_distance"][0] == pytest.approx(50.0, abs=1e-9)
    assert len(r.layers["UNMATCHED_PRED"]) == 0
    assert sorted(r.layers["MATCHED"].columns["source"]) == ["ground_truth", "prediction"]


def test_case_c_perpendicular_crossing():
    # Each 100 m line has 20 m within 10 m of the other (|x| <= 10).
    # quality = 20 / (100 + 80) = 1/9; ratio = 0.04 / (0.4 - 0.04) = 1/9;
    # RMS over the matched prediction (distance |y|, -10..10):
    # sqrt(int y^2 dy / 20) = sqrt(2000/3 / 20) = sqrt(100/3).
    r = run(lines([[-50, 0], [50, 0]]), lines([[0, -50], [0, 50]]), BUFFER=10.0)
    assert r.score("COMPLETENESS") == pytest.approx(0.2, abs=1e-9)
    assert r.score("CORRECTNESS") == pytest.approx(0.2, abs=1e-9)
    assert r.score("QUALITY") == pytest.approx(1 / 9, abs=1e-9)
    assert r.score("QUALITY_RATIO") == pytest.approx(1 / 9, abs=1e-9)
    assert r.score("F1") == pytest.approx(0.2, abs=1e-9)
    assert r.score("RMS_OFFSET") == pytest.approx(math.sqrt(100 / 3), abs=1e-6)


def test_case_d_gap_in_the_prediction():
    # GT 0..10; prediction 1 m above with a gap at 4..6. GT points with
    # 4 < x < 6 are sqrt(1 + (x - 4)^2) > 1 m away: 8 m matched at BUFFER 1.
    r = run(lines([[0, 0], [10, 0]]), lines([[0, 1], [4, 1]], [[6, 1], [10, 1]]), BUFFER=1.0)
    assert r.score("COMPLETENESS") == pytest.approx(0.8, abs=1e-9)
    assert r.score("CORRECTNESS") == pytest.approx(1.0, abs=1e-9)
    assert r.score("QUALITY") == pytest.approx(0.8, abs=1e-9)  # 8 / (8 + 2)
    assert r.score("RMS_OFFSET") == pytest.approx(1.0, abs=1e-9)


def test_cut_exactly_where_a_slanted_line_leaves_the_buffer():
    # Prediction from (0, 0) to (100, 10): a GT point (x, 0) is
    # x sin(a) = x * 0.1 / sqrt(1.01) from it, within 4 m up to
    # x = 40 sqrt(1.01) (not a vertex, not a sample).
    r = run(lines([[0, 0], [100, 0]]), lines([[0, 0], [100, 10]]), BUFFER=4.0)
    x = 40 * math.sqrt(1.01)
    assert r.score("COMPLETENESS") == pytest.approx(x / 100, abs=1e-12)
    um = r.layers["UNMATCHED_GT"]
    assert um.coords[0][0, 0] == pytest.approx(x, abs=1e-9)


def test_empty_inputs_table():
    e, l = LineSet([]), lines([[0, 0], [100, 0]])
    both = run(e, e)
    assert [both.score(k) for k in ("CORRECTNESS", "COMPLETENESS", "QUALITY", "QUALITY_RATIO",
                                    "F1", "REDUNDANCY", "RMS_OFFSET")] == [1, 1, 1, 1, 1, 0, 0]
    assert any("both networks are empty" in w for w in both.warnings)
    g = run(e, l)  # only the ground truth empty
    assert math.isnan(g.score("COMPLETENESS"))
    assert math.isnan(g.score("REDUNDANCY")) and math.isnan(g.score("RMS_OFFSET"))
    assert [g.score(k) for k in ("CORRECTNESS", "QUALITY", "QUALITY_RATIO", "F1")] == [0, 0, 0, 0]
    p = run(l, e)  # only the prediction empty
    assert math.isnan(p.score("CORRECTNESS"))
    assert math.isnan(p.score("REDUNDANCY")) and math.isnan(p.score("RMS_OFFSET"))
    assert [p.score(k) for k in ("COMPLETENESS", "QUALITY", "QUALITY_RATIO", "F1")] == [0, 0, 0, 0]
    assert len(p.layers["UNMATCHED_GT"]) == 1
    assert '"COMPLETENESS": 0.0' in p.to_json() and '"CORRECTNESS": null' in p.to_json()


def test_no_overlap_at_all():
    r = run(lines([[0, 0], [100, 0]]), lines([[0, 50], [100, 50]]), BUFFER=4.0)
    assert r.score("COMPLETENESS") == 0 and r.score("CORRECTNESS") == 0
    assert r.score("QUALITY") == 0 and r.score("QUALITY_RATIO") == 0 and r.score("F1") == 0
    assert math.isnan(r.score("RMS_OFFSET"))
    assert any("REDUNDANCY" in w for w in r.warnings)


def test_bad_parameters():
    l = lines([[0, 0], [1, 0]])
    with pytest.raises(ValueError, match="BUFFER"):
        run(l, l, BUFFER=0.0)
    with pytest.raises(ValueError, match="SAMPLE_STEP"):
        run(l, l, SAMPLE_STEP=-1.0)


def test_pool_sums_lengths():
    a = run(lines([[0, 0], [100, 0]]), lines([[0, 0], [50, 0]]), BUFFER=10.0)
    b = run(lines([[0, 0], [100, 0]]), lines([[0, 1], [100, 1]]), BUFFER=10.0)
    s = CCQ.pool([a, b])
    # matched GT 60 + 100 of 200; matched prediction 50 + 100 of 150
    assert s["COMPLETENESS"] == pytest.approx(0.8)
    assert s["CORRECTNESS"] == pytest.approx(1.0)
    assert s["QUALITY"] == pytest.approx(150 / (150 + 40))
    assert CCQ.pool([a]) == pytest.approx(a.scores)


def test_ccq_on_two_threads_is_bit_identical(monkeypatch):
    """Nearest-segment queries in chunks on two threads (core/metrics/geometric/linesample.py,
    no size threshold) give the serial run's numbers and layers, bit for bit."""
    from core.metrics.geometric import linesample
    from core.parallel import cores_for_run
    from helpers import assert_identical_results
    from sample_data import sample
    monkeypatch.setattr(linesample, "PARALLEL_POINTS", 0)
    used = []
    real = linesample.thread_map
    monkeypatch.setattr(linesample, "thread_map", lambda fn, items, n: used.append(n) or real(fn, items, n))
    with cores_for_run(1):
        serial = run_spec("ccq", sample("ground_truth"), sample("prediction"))
    with cores_for_run(2):
        both = run_spec("ccq", sample("ground_truth"), sample("prediction"))
    assert set(used) == {1, 2}
    assert_identical_results(serial, both)
