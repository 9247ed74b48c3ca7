import pytest

from core import registry
from helpers import lines
from core.runner import run as run_spec

APLS = registry.get("apls")


def test_scores_per_class():
    # class "a": identical roads; class "b": the prediction misses one road
    gt = lines([[0, 0], [100, 0]], [[0, 500], [100, 500]], [[0, 900], [100, 900]],
               kind=["a", "b", "b"])
    pred = lines([[0, 0], [100, 0]], [[0, 500], [100, 500]], kind=["a", "b"])
    r = run_spec(APLS, gt, pred, {"CLASS_FIELD": "kind"})
    c = r.details["classes"]
    assert set(c) == {"a", "b"}
    assert c["a"]["scores"]["APLS"] == 1.0
    # class b: two separate 100 m roads, one missing: C = 1/2, APLS = 2/3
    assert c["b"]["scores"]["APLS"] == pytest.approx(2 / 3)
    assert c["b"]["n_gt_features"] == 2 and c["b"]["n_pred_features"] == 1
    assert r.parameters["CLASS_FIELD"] == "kind"
    # the overall score is the one without classes
    assert r.score("APLS") == run_spec(APLS, gt, pred).score("APLS")


def test_null_class_and_text_comparison():
    gt = lines([[0, 0], [100, 0]], [[0, 500], [100, 500]], kind=[1, None])
    pred = lines([[0, 0], [100, 0]], [[0, 500], [100, 500]], kind=["1", None])
    c = run_spec(APLS, gt, pred, {"CLASS_FIELD": "kind"}).details["classes"]
    assert set(c) == {"1", "NULL"} and c["1"]["scores"]["APLS"] == 1.0


def test_class_field_missing_on_one_layer_is_a_clear_error():
    gt = lines([[0, 0], [100, 0]], kind=["a"])
    pred = lines([[0, 0], [100, 0]])
    with pytest.raises(ValueError, match="missing from the prediction"):
        run_spec(APLS, gt, pred, {"CLASS_FIELD": "kind"})
