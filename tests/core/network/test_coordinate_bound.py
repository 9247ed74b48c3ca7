"""core/network/lineset.py: parts with a coordinate beyond MAX_COORDINATE_M
(2^53 m, about 9e15 m) are skipped and counted when any face builds its LineSet, and
evaluate-all does not end as a success when every metric failed (issue 23,
item 7: one vertex at (1e308, 1e308) among the sample's features made every
metric fail with scipy's "floating point overflow", and evaluate returned
APLS NaN with rc 0)."""
import math

import numpy as np
import pytest

from core.analysis.evaluate import EvaluationFailed, evaluate
from core.network.lineset import MAX_COORDINATE_M, LineSet, reader_warnings
from sample_data import sample


def test_far_parts_are_skipped_and_counted_with_features_kept_aligned():
    parts = [[[0, 0], [10, 0]], [[0, 0], [1e308, 1e308]], [[10, 0], [10, 10]],
             [[0, 0], [MAX_COORDINATE_M, 0]], [[0, 0], [-math.inf, 0]]]
    ls = LineSet(parts, [0, 1, 1, 2, 3], [7, 8, 9, 10], {"name": ["a", "b", "c", "d"]},
                 {"features": 4})
    assert len(ls.parts) == 3  # the part at exactly 2^53 m is kept
    assert ls.part_feature.tolist() == [0, 1, 2]
    assert ls.feature_ids.tolist() == [7, 8, 9, 10]
    assert ls.part_attribute("name") == ["a", "b", "c"]
    assert ls.counts == {"features": 4, "far_parts": 2}
    (w,) = reader_warnings(ls, "prediction")
    assert w.startswith("prediction: 2 line part(s) skipped: a coordinate beyond 2^53 m")
    assert reader_warnings(LineSet(parts[:1]), "ground truth") == []
    assert len(LineSet([[[0, 0], [1e16, 0]], [[0, 0], [1e15, 1e15]]]).parts) == 1
    # a copy (clipping, translation) does not count them again
    assert LineSet(ls.parts, ls.part_feature, ls.feature_ids, ls.attributes,
                   ls.counts).counts["far_parts"] == 2


def test_one_absurd_vertex_no_longer_fails_every_metric():
    gt, pred = sample(), sample("prediction")
    bad = [p.copy() for p in pred.parts]
    bad[5] = np.vstack([bad[5], [[1e308, 1e308]]])
    broken = LineSet(bad)
    assert broken.counts["far_parts"] == 1
    without = LineSet(pred.parts[:5] + pred.parts[6:])
    ids = ["apls", "ccq", "distances", "junct"]
    ev = evaluate(gt, broken, ids, seed=0, strict=True)
    assert ev.errors == {}
    ref = evaluate(gt, without, ids, seed=0)
    assert ev.numbers() == ref.numbers()
    assert math.isfinite(ev.numbers()["APLS"])


def test_strict_evaluate_fails_when_every_metric_failed():
    gt = sample()
    params = {"apls": {"CONTROL_SPACING": -1}, "tlts": {"N_PATHS": 0}}
    ev = evaluate(gt, gt, ["apls", "tlts"], params)  # tiles and compare: errors reported
    assert set(ev.errors) == {"apls", "tlts"}
    with pytest.raises(EvaluationFailed) as e:
        evaluate(gt, gt, ["apls", "tlts"], params, strict=True)
    assert "no metric could be computed" in str(e.value)
    assert "apls: " in str(e.value) and "CONTROL_SPACING" in str(e.value)
    # one metric left is enough
    ev = evaluate(gt, gt, ["apls", "junct"], params, strict=True)
    assert "junct" in ev.results and "apls" in ev.errors
