"""rnm.Metric, the accumulator of evaluation loops: the same rows as the
single-pair functions and rnm.batch, the same summary as rnm.batch, several
metrics at once, tensors, reset, bad use refused."""
import doctest
import json

import numpy as np
import pytest

import roadnetworkmetrics as rnm
from roadnetworkmetrics import InputError

ROAD = [[(0, 0), (200, 0), (400, 0)], [(200, 0), (200, 300)]]
PAIRS = [(f"c{k}", ROAD, [[(0, 1.5 * k), (400, 1.5 * k)], [(200, 0), (200, 250 + 10 * k)]])
         for k in range(6)] + [("empty", ROAD, [])]


def _same(a, b) -> bool:
    """Equal, NaN equal to NaN (json writes both as NaN)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _accumulated(metric, pairs=PAIRS, **kw):
    m = rnm.Metric(metric, ci_resamples=1000, **kw)
    for i, g, p in pairs:
        m.update(g, p, id=i)
    return m


@pytest.mark.parametrize("metric", ["apls", "topo", "ccq"])
def test_equals_batch_and_the_single_pair_functions(metric):
    acc = _accumulated(metric).compute()
    ref = rnm.batch(metric, PAIRS, ci_resamples=1000)
    assert _same(acc.records, ref.records)
    for key in ("mean", "pooled", "scores", "status", "scored", "failed", "intervals"):
        assert _same(acc.summary.get(key), ref.summary.get(key)), key
    one = rnm.compute(metric, PAIRS[2][1], PAIRS[2][2]).scores
    assert {k: acc.records[2][k] for k in one} == one
    assert acc.records[-1]["status"] == "empty_prediction"


def test_several_metrics_with_their_own_parameters():
    m = rnm.Metric(["apls", "ccq"], ci_resamples=500, ccq={"BUFFER": 5.0})
    row = m.update(ROAD, PAIRS[3][2])
    assert set(row) == {"apls", "ccq"}
    assert row["ccq"]["CCQ_F1"] == rnm.ccq(ROAD, PAIRS[3][2], BUFFER=5.0).scores["CCQ_F1"]
    res = m.compute()
    assert set(res) == {"apls", "ccq"} and res["ccq"].provenance["parameters"]["BUFFER"] == 5.0


class FakeTensor:
    """What torch gives: detach / cpu / numpy."""
    def __init__(self, a):
        self.a = np.asarray(a)

    def detach(self):
        return self

    def cpu(self):
        return self

    def numpy(self):
        return self.a


def test_masks_as_tensors_for_a_pixel_metric():
    gt = np.zeros((40, 40), np.uint8)
    gt[18:22] = 1
    pred = np.roll(gt, 1, axis=0)
    m = rnm.Metric("pixel_iou", pixel_size=0.5, ci_resamples=200)
    m.update(FakeTensor(gt), FakeTensor(pred), id="a")
    m.update(gt, gt, id="b")
    res = m.compute()
    direct = rnm.pixel_iou(gt, pred, pixel_size=0.5).scores
    assert {k: res.records[0][k] for k in direct} == direct
    assert res.records[1]["PIXEL_IOU_IOU"] == 1.0


def test_reset_and_bad_use():
    m = _accumulated("ccq", PAIRS[:2])
    assert len(m) == 2
    with pytest.raises(InputError, match="twice"):
        m.update(ROAD, ROAD, id="c0")
    m.reset()
    assert len(m) == 0
    with pytest.raises(InputError, match="no pair"):
        m.compute()
    with pytest.raises(InputError):
        rnm.Metric("nope")
    with pytest.raises(InputError, match="level"):
        rnm.Metric("ccq", ci_level=2)
    with pytest.raises(InputError, match="pixel"):
        _pixel_refusal()


def _pixel_refusal():
    src = rnm.read(ROAD)
    src.pixel = True
    rnm.Metric("ccq").update(src, src)


@pytest.mark.slow
def test_workers_give_the_same_rows():
    one = _accumulated("apls").compute()
    two = _accumulated("apls", workers=2).compute()
    assert _same(two.records, one.records) and _same(two.summary["scores"], one.summary["scores"])


def test_docstring_example_runs():
    from roadnetworkmetrics import _accumulate
    res = doctest.testmod(_accumulate)
    assert res.attempted >= 5 and res.failed == 0
