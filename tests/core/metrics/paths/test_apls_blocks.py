"""APLS on many row blocks, with node rows from the least-recently-used
store and on threads (core/metrics/paths/apls.py _both_ways), gives the
numbers of one block with the whole node matrix: to 1e-12, and exactly the
same numbers on one thread and on two."""
import math
import threading

import numpy as np
import pytest

from core import registry
from core.metrics.paths import apls
from core.network.lineset import LineSet
from core.progress import Cancelled, NO_PROGRESS, Progress

APLS = registry.get("apls")


def roads(seed, n=45, extent=700.0):
    """A random network (crossings noded) and a prediction made of most of
    its roads, moved by up to a few metres, plus some spurious ones."""
    g = np.random.default_rng(seed)
    gt = []
    for _ in range(n):
        p = g.uniform(0, extent, 2)
        q = p + g.normal(0, extent / 5, 2)
        gt.append(np.array([p, (p + q) / 2 + g.normal(0, 10, 2), q]))
    pred = [ln + g.normal(0, 2.0, 2) for ln in gt if g.random() < 0.8]
    pred += [g.uniform(0, extent, (2, 2)) for _ in range(n // 5)]
    speed = lambda k: {"speed": g.choice([30.0, 50.0, 80.0], k).tolist()}
    return LineSet.from_lines(gt, **speed(len(gt))), LineSet.from_lines(pred, **speed(len(pred)))


def compute(gt, pred, **p):
    params = APLS.resolve(dict({"NODE_CROSSINGS": True, "CONTROL_SPACING": 20.0}, **p))
    return apls.compute(gt, pred, params, NO_PROGRESS)


def small_blocks(monkeypatch, threads):
    """Row blocks of a few rows, node rows in a store of 64 rows (dead ends
    grown from their neighbour), ``threads`` threads."""
    monkeypatch.setattr(apls, "BLOCK_ELEMENTS", 4000)
    monkeypatch.setattr(apls, "ROW_CACHE_BYTES", 0)
    monkeypatch.setattr(apls, "APLS_THREADS", threads)
    monkeypatch.setattr(apls, "THREADS_MIN_ROUTES", 0)


def same(a, b, tol):
    for k in a.scores:
        x, y = a.scores[k], b.scores[k]
        assert (math.isnan(x) and math.isnan(y)) or abs(x - y) <= tol, (k, x, y)
    for k in ("gt_routes", "pred_routes"):
        assert a.counts[k] == b.counts[k]
    for k in ("penalty_histogram_gt_to_pred", "penalty_histogram_pred_to_gt"):
        assert a.details[k] == b.details[k]
    for name, t in a.layers.items():
        u = b.layers[name]
        for f in ("n_routes", "mean_pen"):
            np.testing.assert_allclose(np.asarray(u.columns[f], float), np.asarray(t.columns[f], float),
                                       rtol=tol, atol=tol, equal_nan=True)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("variant", ["spacenet"])
def test_small_blocks_and_row_store_equal_one_block(monkeypatch, seed, variant):
    gt, pred = roads(seed)
    extra = {"SPEED_FIELD": "speed"} if seed % 2 else {}
    ref = compute(gt, pred, VARIANT=variant, **extra)
    small_blocks(monkeypatch, 1)
    got = compute(gt, pred, VARIANT=variant, **extra)
    same(ref, got, 1e-12)
    assert ref.counts["gt_routes"] > 1000


@pytest.mark.parametrize("seed", range(3))
def test_two_threads_give_the_numbers_of_one(monkeypatch, seed):
    gt, pred = roads(seed + 10, n=60)
    small_blocks(monkeypatch, 1)
    one = compute(gt, pred, SPEED_FIELD="speed")
    monkeypatch.setattr(apls, "APLS_THREADS", 2)
    two = compute(gt, pred, SPEED_FIELD="speed")
    same(one, two, 0.0)
    assert one.scores == two.scores


def test_a_small_network_starts_no_thread_pool(monkeypatch):
    """Below THREADS_MIN_ROUTES routes the blocks run on the calling thread
    (a pool per SpaceNet chip cost more than the chip in batch scoring);
    above it, with APLS_THREADS 2, they go to a pool."""
    gt, pred = roads(3, n=40)
    started = []

    class Pool(apls.ThreadPoolExecutor):
        def __init__(self, *a, **k):
            started.append(1)
            super().__init__(*a, **k)

    monkeypatch.setattr(apls, "ThreadPoolExecutor", Pool)
    monkeypatch.setattr(apls, "APLS_THREADS", 2)
    monkeypatch.setattr(apls, "BLOCK_ELEMENTS", 4000)
    serial = compute(gt, pred)
    assert started == []
    monkeypatch.setattr(apls, "THREADS_MIN_ROUTES", 0)
    threaded = compute(gt, pred)
    assert started == [1]
    assert serial.scores == threaded.scores


def test_cancel_stops_the_threaded_blocks(monkeypatch):
    gt, pred = roads(1, n=80)
    small_blocks(monkeypatch, 2)
    steps = []
    cancel = threading.Event()

    def callback(f, m):
        steps.append(f)
        if len(steps) == 30:
            cancel.set()

    with pytest.raises(Cancelled):
        apls.compute(gt, pred, APLS.resolve({"NODE_CROSSINGS": True}),
                     Progress(callback, cancel.is_set))
    assert len(steps) == 30
    assert steps == sorted(steps)  # progress moves forward


def test_threads_follow_the_runs_cores(monkeypatch):
    """APLS's row blocks use the cores the run may use (core/parallel.py):
    one thread with a budget of 1, two with 2, the same numbers."""
    from core.parallel import cores_for_run
    from helpers import assert_identical_results
    monkeypatch.setattr(apls, "BLOCK_ELEMENTS", 4000)
    monkeypatch.setattr(apls, "ROW_CACHE_BYTES", 0)
    monkeypatch.setattr(apls, "THREADS_MIN_ROUTES", 0)
    names = {}
    real = apls._OneWay.compute

    def spy(self, s, e):
        names.setdefault(budget[0], set()).add(threading.current_thread().name)
        return real(self, s, e)
    monkeypatch.setattr(apls._OneWay, "compute", spy)
    gt, pred = roads(3)
    out = {}
    for n in (1, 2):
        budget = [n]
        with cores_for_run(n):
            out[n] = compute(gt, pred)
    assert names[1] == {threading.current_thread().name}
    assert len(names[2]) == 2 and threading.current_thread().name not in names[2]
    assert_identical_results(out[1], out[2])
