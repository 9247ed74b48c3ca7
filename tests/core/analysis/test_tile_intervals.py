"""Bootstrap intervals over tiles (core/analysis/tiles.py add_intervals,
core/analysis/compare.py): hand-checked against numpy on the same resample
counts, pooled values recomputed from resampled sums (never averaged), the
EMPTY_TILES rules, counts without interval, determinism with SEED,
resamples 0, and the intervals carried by SCORES and Comparison.to_dict."""
import math

import numpy as np
import pytest

from core import registry
from core.analysis import bootstrap
from core.analysis.compare import compare
from core.analysis.evaluate import scores_document
from core.analysis.tiles import (TileResult, TiledEvaluation, add_intervals, evaluate_tiles,
                                 metric_intervals)
from core.network.lineset import LineSet

B = 2000  # resamples: enough for stable quantiles, a fraction of a second

# six tiles of TLTS: CORRECT per tile 1, 1, 0.1, 0.1, 0.1, 0.1 (mean 0.4) from
# (correct, paths) = (1, 1) twice and (10, 100) four times: pooled 42 / 402
TLTS_COUNTS = [(1, 1), (1, 1), (10, 100), (10, 100), (10, 100), (10, 100)]


def tlts_tile(k, correct, paths, empty=False):
    stats = {"correct": correct, "too_long": paths - correct, "too_short": 0, "infeasible": 0,
             "paths": paths}
    c = correct / paths
    scores = {"CORRECT": c, "TOO_LONG": 1 - c, "TOO_SHORT": 0.0, "INFEASIBLE": 0.0,
              "TOO_LONG_OR_SHORT": 1 - c}
    return TileResult(k, (k, 0, k + 1, 1), empty, 0 if empty else 1, 1,
                      {"tlts": {"scores": scores, "pool_stats": stats, "warnings": [], "counts": {}}})


def apls_tile(k, value, empty=False):
    scores = {"APLS": value, "APLS_GT_TO_PRED": value, "APLS_PRED_TO_GT": value,
              "APLS_TIME": math.nan}
    return TileResult(k, (k, 0, k + 1, 1), empty, 0 if empty else 1, 1,
                      {"apls": {"scores": scores, "pool_stats": {}, "warnings": [], "counts": {}}})


def tiled_of(tiles, metric, aggregation="mean", empty_tiles="skip"):
    from core.analysis.tiles import aggregate_metric
    agg = {metric: aggregate_metric(registry.get(metric), tiles, aggregation, empty_tiles, [])}
    return TiledEvaluation(tiles, agg, [metric], aggregation, empty_tiles, [])


def percentile_of(stat_rows, level=0.95):
    a = (1 - level) / 2
    return tuple(np.percentile(stat_rows, [100 * a, 100 * (1 - a)]))


def counts(n, seed=0):
    return np.concatenate(list(bootstrap.count_chunks(n, B, seed)))


def test_mean_percentile_bounds_as_numpy_on_the_same_resamples():
    values = [0.9, 0.7, 0.4, 0.8]
    tiled = add_intervals(tiled_of([apls_tile(k, v) for k, v in enumerate(values)], "apls"),
                          resamples=B, method="percentile", seed=5)
    c = counts(4, seed=5)
    # the weighted mean over whole tiles, as bootstrap.mean_statistic: a BLAS
    # product, so equal to the last bits only: relative 1e-12
    lo, hi = percentile_of((c @ np.array(values)) / c.sum(axis=1))
    assert tiled.interval("apls", "APLS") == pytest.approx((lo, hi), rel=1e-12)
    assert lo < np.mean(values) < hi
    assert tiled.ci["tiles"] == {"apls": 4} and tiled.ci["method"] == "percentile"
    # APLS_TIME is NaN on every tile: no interval
    assert all(math.isnan(x) for x in tiled.interval("apls", "APLS_TIME"))


def test_pooled_recomputed_from_sums_not_averaged():
    tiles = [tlts_tile(k, c, p) for k, (c, p) in enumerate(TLTS_COUNTS)]
    pooled = add_intervals(tiled_of(tiles, "tlts", "pooled"), resamples=B, method="percentile")
    mean = add_intervals(tiled_of(tiles, "tlts", "mean"), resamples=B, method="percentile")
    assert pooled.aggregate["tlts"]["CORRECT"] == pytest.approx(42 / 402)
    assert mean.aggregate["tlts"]["CORRECT"] == pytest.approx(0.4)
    c = counts(6)
    correct = np.array([x for x, _ in TLTS_COUNTS], dtype=float)
    paths = np.array([p for _, p in TLTS_COUNTS], dtype=float)
    lo, hi = percentile_of((c @ correct) / (c @ paths))  # ratio of resampled sums
    plo, phi = pooled.interval("tlts", "CORRECT")
    assert (plo, phi) == pytest.approx((lo, hi), rel=1e-12)
    assert plo <= 42 / 402 <= phi
    # the mean's interval is another one: it averages the tiles' ratios, and
    # the mean of ratios (0.4) lies far outside the pooled interval
    mlo, mhi = mean.interval("tlts", "CORRECT")
    assert (mlo, mhi) == pytest.approx(percentile_of((c @ (correct / paths)) / 6), rel=1e-12)
    assert mlo < 0.4 < mhi and phi < 0.2 < 0.4


def test_pooled_from_count_outputs_junctions():
    """OPT-J pools its count outputs (no pool_stats): PRECISION = sum TP / sum PP."""
    rows = [(1, 1, 2), (1, 1, 2), (10, 100, 20), (10, 100, 20)]
    tiles = []
    for k, (tp, pp, ap) in enumerate(rows):
        s = {"TP": tp, "PP": pp, "AP": ap, "PRECISION": tp / pp, "RECALL": tp / ap,
             "F1": 2 * tp / (pp + ap)}
        tiles.append(TileResult(k, (k, 0, k + 1, 1), False, 1, 1,
                                {"optj": {"scores": s, "pool_stats": {}, "warnings": [],
                                          "counts": {}}}))
    tiled = add_intervals(tiled_of(tiles, "optj", "pooled"), resamples=B, method="percentile")
    c = counts(4)
    tp, pp = np.array([r[0] for r in rows], float), np.array([r[1] for r in rows], float)
    assert tiled.interval("optj", "PRECISION") == pytest.approx(percentile_of((c @ tp) / (c @ pp)),
                                                                rel=1e-12)
    # counts are summed over the tiles and get no interval
    assert tiled.aggregate["optj"]["TP"] == 22 and "TP" not in tiled.intervals["optj"]
    rec = tiled.interval_record()["scores"]
    assert math.isnan(rec["OPTJ_TP"]["ci_low"]) and rec["OPTJ_TP"]["value"] == 22


@pytest.mark.parametrize("rule, substitute, n", [("skip", None, 3), ("worst", 0.0, 4),
                                                 ("best", 1.0, 4)])
def test_empty_tile_rule_applied_before_resampling(rule, substitute, n):
    values = [0.9, 0.7, 0.4]
    tiles = [apls_tile(k, v) for k, v in enumerate(values)] + [apls_tile(3, math.nan, True)]
    tiled = add_intervals(tiled_of(tiles, "apls", "mean", rule), resamples=B, seed=2)
    used = values + ([] if substitute is None else [substitute])
    ref = bootstrap.mean_intervals(np.array(used)[:, None], resamples=B, seed=2)
    assert tiled.ci["tiles"]["apls"] == n
    # the same function on the same values; the tiles' matrix has all of APLS's
    # outputs (another BLAS shape): equal to 1e-12 relative
    assert tiled.interval("apls", "APLS") == pytest.approx((ref["low"][0], ref["high"][0]),
                                                           rel=1e-12)
    assert tiled.aggregate["apls"]["APLS"] == pytest.approx(np.mean(used))


def test_nan_tiles_left_out_and_pooled_empty_tiles_as_aggregated():
    values = [0.9, 0.7, math.nan, 0.8]
    tiled = add_intervals(tiled_of([apls_tile(k, v) for k, v in enumerate(values)], "apls"),
                          resamples=B)
    ref = bootstrap.mean_intervals(np.array(values)[:, None], resamples=B)
    assert tiled.interval("apls", "APLS") == pytest.approx((ref["low"][0], ref["high"][0]),
                                                           rel=1e-12)  # as above
    lo, hi = tiled.interval("apls", "APLS")
    assert 0.7 <= lo < hi <= 0.9
    # pooled: an empty tile's statistics count with worst only, as in the aggregate
    tiles = [tlts_tile(k, c, p) for k, (c, p) in enumerate(TLTS_COUNTS)] + [tlts_tile(4, 0, 50, True)]
    spec = registry.get("tlts")
    kw = dict(level=0.95, resamples=B, method="bca", seed=0)
    assert metric_intervals(spec, tiles, "pooled", "skip", **kw)["tiles"] == 6
    worst = metric_intervals(spec, tiles, "pooled", "worst", **kw)
    assert worst["tiles"] == 7
    agg = tiled_of(tiles, "tlts", "pooled", "worst").aggregate["tlts"]["CORRECT"]
    assert agg == pytest.approx(42 / 452)
    assert worst["bounds"]["CORRECT"][0] <= agg <= worst["bounds"]["CORRECT"][1]


def test_deterministic_with_seed_and_no_interval_without_resamples():
    rows = [(int(c), int(c) + int(e)) for c, e in zip(range(3, 40, 3), range(20, 0, -2))]
    tiles = [tlts_tile(k, c, p) for k, (c, p) in enumerate(rows)]  # 10 tiles
    a = add_intervals(tiled_of(tiles, "tlts", "pooled"), resamples=B, seed=7).intervals
    b = add_intervals(tiled_of(tiles, "tlts", "pooled"), resamples=B, seed=7).intervals
    c = add_intervals(tiled_of(tiles, "tlts", "pooled"), resamples=B, seed=8).intervals
    assert a == b and a["tlts"]["CORRECT"] != c["tlts"]["CORRECT"]
    none = add_intervals(tiled_of(tiles, "tlts", "pooled"), resamples=0)
    assert none.intervals == {} and none.ci["resamples"] == 0
    assert math.isnan(none.interval("tlts", "CORRECT")[0])
    with pytest.raises(ValueError, match="confidence level"):
        add_intervals(tiled_of(tiles, "tlts"), level=1.0)


L_SHAPE = [np.array([[0.0, 0], [200, 0]]), np.array([[200.0, 0], [200, 200]])]
GAP = [np.array([[0.0, 0], [90, 0]]), np.array([[110.0, 0], [200, 0], [200, 200]])]


def three_tiles():
    shift = [np.array([1000.0 * k, 0]) for k in range(3)]
    gt = LineSet([p + s for s in shift for p in L_SHAPE])
    pred = LineSet([p + shift[0] for p in L_SHAPE] + [p + s for s in shift[1:] for p in GAP])
    tiles = [(k, (1000 * k - 50, -50, 1000 * k + 500, 500)) for k in range(3)]
    return gt, pred, tiles


def test_evaluate_tiles_records_intervals_in_scores():
    gt, pred, tiles = three_tiles()
    r = evaluate_tiles(gt, pred, tiles, ["apls", "ccq"], seed=4, ci_resamples=1000)
    assert r.ci["seed"] == 4 and r.ci["resamples"] == 1000 and r.ci["method"] == "bca"
    doc = scores_document(["apls", "ccq"], {}, r.numbers(), None, r, "pooled", "skip")
    iv = doc["intervals"]
    assert iv["tiles"] == {"apls": 3, "ccq": 3}
    assert set(iv["scores"]) == set(r.numbers())
    lo, hi = iv["scores"]["APLS"]["ci_low"], iv["scores"]["APLS"]["ci_high"]
    assert lo <= r.aggregate["apls"]["APLS"] <= hi and lo < hi
    # the numbers themselves do not depend on the intervals
    none = evaluate_tiles(gt, pred, tiles, ["apls", "ccq"], seed=4, ci_resamples=0)
    assert none.numbers() == r.numbers() and none.intervals == {}
    with pytest.raises(ValueError, match="interval method"):
        evaluate_tiles(gt, pred, tiles, ["apls"], ci_method="normal")


def test_compare_carries_each_methods_intervals():
    gt, pred, tiles = three_tiles()
    c = compare(gt, [("a", gt), ("b", pred)], ["apls"], tiles=tiles, ci_resamples=1000,
                ci_method="percentile", seed=1)
    assert c.ci["method"] == "percentile" and c.ci["tiles"] == {"a": {"apls": 3}, "b": {"apls": 3}}
    for j, name in enumerate(c.methods):
        assert c.interval("APLS", j) == c.tiled[name].interval("apls", "APLS")
    # method a is perfect on every tile: [1, 1]; b is perfect on one tile of
    # three, so a resample may hold only that tile (1 / 27 > 2.5 %): b's interval
    # reaches 1, and three tiles do not rank a above b with confidence
    assert c.interval("APLS", 0) == (1.0, 1.0)
    lo, hi = c.interval("APLS", 1)
    assert lo < c.overall["APLS"][1] < hi == 1.0 and c.overlapping("APLS")
    d = c.to_dict()
    assert d["scores"]["APLS"]["ci_low"] == [1.0, lo] and d["scores"]["APLS"]["ci_high"] == [1.0, hi]
    assert d["ranking"]["APLS"][0] == {"rank": 1, "method": "a", "value": 1.0, "ci_low": 1.0,
                                       "ci_high": 1.0}
    assert d["intervals"]["resamples"] == 1000
    # without tiles: no interval
    whole = compare(gt, [("a", gt), ("b", pred)], ["apls"])
    assert whole.intervals == {} and whole.to_dict()["scores"]["APLS"]["ci_low"] == [None, None]


def test_bca_ties_with_the_estimate_do_not_depend_on_its_last_bit():
    """Resamples equal to the estimate count half in BCa's z0, within floating
    noise: an estimate a few ulps away (another summation order) gives the
    same interval."""
    x = np.array([0.9, 0.7, math.nan, 0.8])[:, None]
    stat = bootstrap.mean_statistic(x)
    est = 0.8
    up, down = np.nextafter(np.nextafter(est, 1), 1), np.nextafter(est, 0)
    a = bootstrap.intervals(stat, 4, resamples=B, estimate=[up])
    b = bootstrap.intervals(stat, 4, resamples=B, estimate=[down])
    assert (a["low"][0], a["high"][0]) == pytest.approx((b["low"][0], b["high"][0]), rel=1e-12)
