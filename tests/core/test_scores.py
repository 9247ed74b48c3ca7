"""core/scores.py: the ratio / F1 conventions every metric shares."""
import math

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from core.scores import f1, f1_given_recall, harmonic_or_nan, mean_or_nan, ratio, ratios

NAN = math.nan
unit = st.floats(0.0, 1.0)
maybe = st.one_of(unit, st.just(NAN))


def same(a, b):
    return (math.isnan(a) and math.isnan(b)) or a == b


def test_ratio_is_undefined_without_anything_to_count():
    assert ratio(3.0, 4.0) == 0.75
    assert ratio(0.0, 4.0) == 0.0
    assert math.isnan(ratio(0.0, 0.0)) and math.isnan(ratio(1.0, 0.0))
    r = ratios([1.0, 0.0, 2.0], [2.0, 0.0, -1.0])
    assert r[0] == 0.5 and np.isnan(r[1]) and np.isnan(r[2])


def test_f1_by_hand():
    assert f1(0.5, 1.0) == 2 * 0.5 / 1.5
    assert f1(1.0, 1.0) == 1.0
    assert f1(0.0, 0.0) == 0.0
    # nothing found is a failure whatever the other side: 0, not NaN
    assert f1(NAN, 0.0) == 0.0 and f1(0.0, NAN) == 0.0
    assert math.isnan(f1(NAN, 0.5)) and math.isnan(f1(0.5, NAN))


def test_optp_f1_decides_on_the_recall_first():
    assert math.isnan(f1_given_recall(0.0, NAN))     # no ground-truth path: undefined
    assert f1_given_recall(NAN, 0.0) == 0.0          # nothing predicted: 0
    assert f1_given_recall(0.5, 1.0) == f1(0.5, 1.0)
    assert f1_given_recall(0.0, 0.0) == 0.0


def test_apls_combinations():
    assert harmonic_or_nan(0.5, 1.0) == f1(0.5, 1.0)
    assert harmonic_or_nan(0.0, 0.7) == 0.0 and harmonic_or_nan(-0.1, 0.7) == 0.0
    assert math.isnan(harmonic_or_nan(0.0, NAN))     # unlike f1: undefined wins
    assert mean_or_nan(0.5, 1.0) == 0.75
    assert math.isnan(mean_or_nan(NAN, 1.0))


@given(maybe, maybe)
def test_f1_symmetric_and_between_its_arguments(p, r):
    v = f1(p, r)
    assert same(v, f1(r, p))
    if not math.isnan(v) and p > 0 and r > 0:
        assert min(p, r) - 1e-15 <= v <= max(p, r) + 1e-15


@given(maybe, maybe)
def test_every_f1_rule_agrees_where_both_sides_are_defined(p, r):
    if math.isnan(p) or math.isnan(r):
        return
    assert f1_given_recall(p, r) == f1(p, r) == harmonic_or_nan(p, r)
