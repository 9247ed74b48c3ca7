"""core/parallel.py: the cores a run may use, thread_map and process_map
(results in item order, serial fallback, cancel, errors)."""
import threading

import pytest

from core import parallel
from core.parallel import cores, cores_for_run, process_map, thread_map
from core.progress import Cancelled, Progress, active, checkpoint
from shared_tasks import square_plus, fails_on


def test_cores_default_and_nesting():
    assert cores() == parallel.available_cores()
    with cores_for_run(1):
        assert cores() == 1
        with cores_for_run(3):
            assert cores() == 3
        with cores_for_run(0):  # 0: every core
            assert cores() == parallel.available_cores()
        assert cores() == 1
    assert cores() == parallel.available_cores()


def test_budget_is_per_thread():
    seen = []
    with cores_for_run(1):
        t = threading.Thread(target=lambda: seen.append(cores()))
        t.start()
        t.join()
    assert seen == [parallel.available_cores()]


def test_thread_map_keeps_order_and_uses_threads():
    names = set()

    def fn(x):
        names.add(threading.current_thread().name)
        return x * x
    assert thread_map(fn, list(range(40)), 2) == [x * x for x in range(40)]
    assert thread_map(fn, [], 2) == []
    names.clear()
    assert thread_map(fn, [3, 4], 1) == [9, 16]
    assert names == {threading.current_thread().name}  # one thread: no pool


def test_thread_map_cancel_reaches_the_threads():
    cancelled = threading.Event()
    calls = []

    def fn(x):
        calls.append(x)
        if x == 2:
            cancelled.set()
        checkpoint()  # the caller's Progress, seen from the pool's threads
        return x
    progress = Progress(is_canceled=cancelled.is_set)
    with active(progress):
        with pytest.raises(Cancelled):
            thread_map(fn, list(range(200)), 2)
    assert len(calls) < 200


def test_thread_map_raises_an_items_error():
    def fn(x):
        if x == 5:
            raise ValueError("five")
        return x
    with pytest.raises(ValueError, match="five"):
        thread_map(fn, list(range(10)), 2)


def test_process_map_serial_path_in_order():
    assert process_map(square_plus, 1, [1, 2, 3], processes=1) == [2, 5, 10]
    assert process_map(square_plus, 1, [], processes=2) == []


@pytest.mark.slow
def test_process_map_on_processes_same_as_serial(monkeypatch):
    from helpers import slow_here
    items = list(range(12))
    serial = process_map(square_plus, 7, items, processes=1)
    here = slow_here(monkeypatch, 0.2)
    seen = []
    progress = Progress(lambda f, m: seen.append(f))
    assert process_map(square_plus, 7, items, progress, processes=2) == serial
    assert 0 < len(here) < len(items)  # the worker process ran some items
    assert seen and max(seen) <= 1.0 and seen == sorted(seen)


@pytest.mark.slow
def test_process_map_error_is_the_serial_one():
    """An item that raises in a worker is run again here: its own exception."""
    with pytest.raises(ValueError, match="item 3"):
        process_map(fails_on, 3, list(range(6)), processes=2)


def test_process_map_in_a_daemonic_process_runs_here(monkeypatch):
    """A pool's worker (daemonic: the batch scorer's, a tile's) may not start
    processes: process_map runs its items in it."""
    import multiprocessing as mp
    from core import executor
    monkeypatch.setitem(mp.current_process()._config, "daemon", True)
    monkeypatch.setattr(executor, "run_shared", lambda *a, **k: pytest.fail("started processes"))
    assert process_map(square_plus, 1, [1, 2, 3], processes=2) == [2, 5, 10]


def test_thread_map_starts_no_item_after_a_failure_however_threads_are_scheduled(monkeypatch):
    """The caller's thread, which cancels the items not started, is kept
    from running until the pool's threads have taken every item (as on a
    loaded machine, where this once let all 200 items run): still no item
    starts after the one that failed, and its error is the one raised."""
    import concurrent.futures as cf
    release = threading.Event()
    real = cf.Future.result

    def late_result(self, timeout=None):
        release.wait(10)
        return real(self, timeout)
    monkeypatch.setattr(cf.Future, "result", late_result)
    calls = []

    def fn(x):
        calls.append(x)
        if x == 2:
            raise ValueError("two")
        if x == 199 or len(calls) >= 150:
            release.set()
        return x
    pool_done = threading.Timer(2.0, release.set)   # the pool has taken everything by then
    pool_done.start()
    with pytest.raises(ValueError, match="two"):
        thread_map(fn, list(range(200)), 2)
    pool_done.cancel()
    # item 2 and the few items already running when it failed (the code
    # before ran 150 or more here: the pool's threads took every item)
    assert len(calls) < 100, calls
