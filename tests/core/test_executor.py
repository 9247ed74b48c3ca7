"""core/executor.py: run_shared (this process + spawned workers
taking items from one counter) gives the serial results in item order."""
import os

import pytest

from core.executor import run_shared
from core.progress import Cancelled, Progress

import shared_tasks as T


def test_serial_and_processes_give_the_same_results_in_item_order():
    items = list(range(12))
    order = sorted(items, key=lambda i: -i)
    serial = run_shared(T.square, {"offset": 5}, items, workers=1)
    par = run_shared(T.square, {"offset": 5}, items, workers=2, order=order)
    assert serial == par == [(True, 5 + i * i) for i in items]


def test_both_processes_take_items():
    pids = run_shared(T.report_pid, None, list(range(16)), workers=2)
    assert all(ok for ok, _ in pids)
    assert len({p for _, p in pids}) == 2


def test_a_failing_item_is_reported_with_its_error():
    for w in (1, 2):
        out = run_shared(T.fail_on_three, None, list(range(6)), workers=w)
        assert [ok for ok, _ in out] == [True, True, True, False, True, True]
        assert "ValueError: three is not allowed" in out[3][1]


def test_items_of_a_worker_that_died_are_run_here():
    common = {"parent": os.getpid()}
    out = run_shared(T.die_in_worker, common, list(range(8)), workers=2, order=list(range(1, 8)) + [0])
    assert out == [(True, i * 10) for i in range(8)]


def test_progress_and_cancel():
    seen = []
    run_shared(T.square, {"offset": 0}, list(range(5)), workers=2,
               progress=Progress(lambda f, m: seen.append(f)))
    assert seen[-1] == pytest.approx(1.0) and seen == sorted(seen)
    calls = []

    def cancel_after_two():
        calls.append(1)
        return len(calls) > 2
    with pytest.raises(Cancelled):
        run_shared(T.square, {"offset": 0}, list(range(50)), workers=2,
                   progress=Progress(None, cancel_after_two))


@pytest.mark.parametrize("workers", [1, 2])
def test_items_own_progress_is_forwarded_and_weighted(workers):
    """Two items of weights 3 and 1 reporting 0, 0.25 ... 1: the overall
    progress moves inside the items (not only when one finishes), never goes
    back, and ends at 1; serially, item 0 (weight 3/4) half done is 3/8."""
    seen = []
    out = run_shared(T.steps, {"steps": 4, "sleep": 0.02}, [0, 1], workers=workers,
                     progress=Progress(lambda f, m: seen.append(f)), weights=[3.0, 1.0])
    assert out == [(True, 0), (True, 1)]
    assert seen == sorted(seen) and seen[-1] == pytest.approx(1.0)
    inside = [f for f in seen if 0.0 < f < 1.0 and f not in (0.75, 0.25)]
    assert len(inside) >= 3
    if workers == 1:
        assert 3 / 8 in [pytest.approx(f) for f in seen]
        assert pytest.approx(0.75) in seen  # item 0 done, item 1 not started


def test_an_item_whose_result_cannot_be_sent_back_is_run_here():
    out = run_shared(T.unpicklable_in_worker, {"parent": os.getpid()}, list(range(16)), workers=2)
    assert out == [(True, i) for i in range(16)]
