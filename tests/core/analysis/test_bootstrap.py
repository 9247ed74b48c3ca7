"""Bootstrap intervals over chips (core/analysis/bootstrap.py): percentile
bounds equal to numpy's on the same resamples, BCa and percentile within
Monte-Carlo error of scipy.stats.bootstrap, pooled values recomputed from
resampled sums, determinism, degenerate cases and coverage."""
import math
from types import SimpleNamespace

import numpy as np
import pytest
from scipy import stats

from core.analysis import bootstrap as bt


def test_percentile_bounds_are_numpys_on_the_same_resamples():
    x = np.array([0.2, 0.9, 0.4, 0.7, 0.1, 0.55, 0.3])
    r = bt.mean_intervals(x, method="percentile", resamples=3000, seed=4)
    counts = np.concatenate(list(bt.count_chunks(len(x), 3000, 4)))
    assert counts.shape == (3000, 7) and (counts.sum(axis=1) == 7).all()
    means = (counts * x).sum(axis=1) / 7
    lo, hi = np.percentile(means, [2.5, 97.5])
    # the module sums with a matrix product, here elementwise: another order
    assert r["low"][0] == pytest.approx(lo, rel=1e-12)
    assert r["high"][0] == pytest.approx(hi, rel=1e-12)
    assert r["estimate"][0] == pytest.approx(x.mean(), rel=1e-15)


@pytest.mark.parametrize("method", ["percentile", "bca"])
def test_agrees_with_scipy_within_monte_carlo_error(method):
    rng = np.random.default_rng(11)
    x = rng.exponential(size=50)          # skewed: BCa and percentile differ
    ours = bt.mean_intervals(x, method=method, resamples=20000, seed=1)
    ref = stats.bootstrap((x,), np.mean, method={"bca": "BCa"}.get(method, method),
                          n_resamples=20000, random_state=2).confidence_interval
    width = ref.high - ref.low
    assert abs(ours["low"][0] - ref.low) < 0.03 * width
    assert abs(ours["high"][0] - ref.high) < 0.03 * width


def test_bca_shifts_a_skewed_interval_the_way_scipy_does():
    rng = np.random.default_rng(3)
    x = rng.exponential(size=40)
    p = bt.mean_intervals(x, method="percentile", resamples=20000, seed=0)
    b = bt.mean_intervals(x, method="bca", resamples=20000, seed=0)
    assert b["low"][0] > p["low"][0] and b["high"][0] > p["high"][0]


def test_same_seed_same_interval_other_seed_other_interval():
    x = np.linspace(0, 1, 25) ** 2
    a = bt.mean_intervals(x, resamples=2000, seed=7)
    b = bt.mean_intervals(x, resamples=2000, seed=7)
    c = bt.mean_intervals(x, resamples=2000, seed=8)
    assert (a["low"], a["high"]) == (b["low"], b["high"])
    assert a["low"][0] != c["low"][0]


def test_nan_chips_are_left_out_of_every_resample():
    x = np.array([[0.5, np.nan], [0.7, 0.2], [np.nan, 0.4], [0.9, 0.6], [0.1, np.nan]])
    r = bt.mean_intervals(x, method="percentile", resamples=2000, seed=0)
    assert r["estimate"] == pytest.approx([np.nanmean(x[:, 0]), np.nanmean(x[:, 1])])
    assert (r["low"] >= [0.1, 0.2]).all() and (r["high"] <= [0.9, 0.6]).all()


def test_degenerate_cases():
    const = bt.mean_intervals(np.full(10, 0.75), resamples=500)
    assert const["low"][0] == const["high"][0] == 0.75
    one = bt.mean_intervals(np.array([0.3]), resamples=500)
    assert math.isnan(one["low"][0]) and one["estimate"][0] == 0.3 and one["notes"]
    none = bt.mean_intervals(np.array([0.3, 0.5]), resamples=0)
    assert math.isnan(none["low"][0]) and not none["notes"]


def test_bca_falls_back_to_percentile_where_undefined():
    # every chip but one at the maximum: most resamples equal the estimate or above
    x = np.array([1.0] * 9 + [1.0])
    x[0] = 0.0
    r = bt.mean_intervals(x, resamples=2000, seed=0, names=["S"])
    assert r["low"][0] <= r["estimate"][0] <= r["high"][0]


@pytest.mark.parametrize("bad", [dict(level=1.0), dict(level=0), dict(resamples=-1),
                                 dict(resamples=2.5), dict(method="student")])
def test_bad_settings_are_refused_with_a_sentence(bad):
    kw = dict(level=0.95, resamples=10, method="bca")
    kw.update(bad)
    with pytest.raises(ValueError):
        bt.check(**kw)


def _ratio_spec(rule="sum"):
    """A metric stand-in whose pooled rule is TP / total of summed counts
    (rule='sum') or the largest chip ratio (rule='max', not a sum)."""
    def pool(results):
        s = [r.pool_stats for r in results]
        if rule == "sum":
            tot = sum(x["total"] for x in s)
            return {"R": sum(x["tp"] for x in s) / tot if tot else math.nan}
        return {"R": max(x["tp"] / x["total"] for x in s)}
    return SimpleNamespace(id="ratio", pool=pool, clip_scores=lambda d: d)


STATS = [{"tp": 1.0, "total": 10.0}, {"tp": 9.0, "total": 10.0}, {"tp": 50.0, "total": 100.0},
         {"tp": 2.0, "total": 4.0}, {"tp": 80.0, "total": 90.0}]


def test_pooled_is_recomputed_from_resampled_sums_never_averaged():
    spec = _ratio_spec()
    r = bt.pooled_intervals(spec, STATS, ["R"], method="percentile", resamples=2000, seed=3)
    tp = np.array([s["tp"] for s in STATS])
    tot = np.array([s["total"] for s in STATS])
    assert r["estimate"][0] == pytest.approx(tp.sum() / tot.sum())
    assert r["estimate"][0] != pytest.approx(np.mean(tp / tot))
    counts = np.concatenate(list(bt.count_chunks(5, 2000, 3)))
    ratios = (counts @ tp) / (counts @ tot)
    lo, hi = np.percentile(ratios, [2.5, 97.5])
    assert r["low"][0] == pytest.approx(lo, rel=1e-12)
    assert r["high"][0] == pytest.approx(hi, rel=1e-12)


def test_a_rule_that_is_not_a_sum_is_run_on_the_resampled_chips():
    spec = _ratio_spec("max")
    stat, fast = bt.pooled_statistic(spec, STATS, ["R"])
    assert not fast
    r = bt.pooled_intervals(spec, STATS, ["R"], method="percentile", resamples=1000, seed=3)
    counts = np.concatenate(list(bt.count_chunks(5, 1000, 3)))
    ratio = np.array([s["tp"] / s["total"] for s in STATS])
    best = np.array([ratio[c > 0].max() for c in counts])
    assert (r["low"][0], r["high"][0]) == tuple(np.percentile(best, [2.5, 97.5]))
    assert bt.pooled_statistic(_ratio_spec(), STATS, ["R"])[1]


def test_a_slow_rule_over_many_chips_uses_fewer_resamples_and_says_so(monkeypatch):
    monkeypatch.setattr(bt, "SLOW_BUDGET", 5 * 300 + 25)
    monkeypatch.setattr(bt, "SLOW_MIN_RESAMPLES", 100)
    r = bt.pooled_intervals(_ratio_spec("max"), STATS, ["R"], resamples=2000, seed=0)
    assert r["resamples"] == 300 and "300" in r["notes"][0]
    monkeypatch.setattr(bt, "SLOW_BUDGET", 5 * 50 + 25)
    r = bt.pooled_intervals(_ratio_spec("max"), STATS, ["R"], resamples=2000, seed=0)
    assert r["resamples"] == 0 and math.isnan(r["low"][0]) and r["notes"]


def test_table_gives_mean_and_pooled_intervals_per_score():
    spec = SimpleNamespace(**vars(_ratio_spec()), outputs=[
        SimpleNamespace(name="R", perfect=1.0, bounds=(0.0, 1.0)),
        SimpleNamespace(name="TP", perfect=None, bounds=(0.0, None))])
    values = {"R": [s["tp"] / s["total"] for s in STATS], "TP": [s["tp"] for s in STATS]}
    t = bt.table(spec, values, STATS, resamples=1000, seed=0)
    assert set(t["scores"]) == {"R", "TP"}
    assert "pooled" in t["scores"]["R"] and "pooled" not in t["scores"]["TP"]
    assert t["settings"] == {"method": "bca", "level": 0.95, "resamples": 1000, "seed": 0,
                             "chips": 5}
    assert bt.text(0.678, 0.6512, 0.7041, 3) == "0.678 [0.651, 0.704]"
    assert bt.text(0.5, math.nan, math.nan) == "0.5000"


def test_coverage_of_the_95_percent_interval():
    """Chips drawn from a known distribution (beta(2, 5) scores, true mean
    2/7): over 300 benchmarks of 40 chips, the 95 % BCa interval of the mean
    covers the true mean 93-97 % of the time (docs/tools.md records the
    figure)."""
    rng = np.random.default_rng(2026)
    hits = 0
    for rep in range(300):
        x = rng.beta(2, 5, size=40)
        r = bt.mean_intervals(x, resamples=2000, seed=rep)
        hits += r["low"][0] <= 2 / 7 <= r["high"][0]
    assert 0.93 <= hits / 300 <= 0.97, hits
