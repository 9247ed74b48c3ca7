"""How many cores one metric run may use, and running a metric's independent
pieces of work on them with the numbers of a serial run, bit for bit.

The budget is set by the face around a run (``with cores_for_run(n):``):
a metric algorithm in QGIS takes QGIS's thread setting, evaluate-all its
``WORKERS`` (1 per metric when the metrics themselves already run on
several processes, or on tiles), the library every core.  Without a
``with`` block a metric may use every core (:func:`cores`).

Two ways to use them, chosen per metric by where its time goes:

* :func:`thread_map` -- ``fn(item)`` on threads, for work that releases
  the GIL (scipy's KD-tree queries, large numpy operations);
* :func:`process_map` -- ``fn(common, item, progress)`` on this process
  and spawned worker processes (core.executor.run_shared: dead
  workers, cancel within POLL_S and progress are handled there), for
  Python-heavy loops and scipy calls that hold the GIL (csgraph Dijkstra).

Both return the results in item order: the caller combines them in that
order, the same arithmetic in the same order as a serial loop, so the
numbers do not depend on the number of cores (every metric that uses them
has a parallel-equals-serial test).
"""
from __future__ import annotations

from typing import Callable, Iterator, Optional

import os
import threading
from contextlib import contextmanager

from .progress import NO_PROGRESS, Progress, active, current

_budget = threading.local()


def available_cores() -> int:
    """The CPUs this process may run on (its affinity where the platform
    tells it, else the machine's)."""
    try:
        return max(len(os.sched_getaffinity(0)), 1)
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def cores() -> int:
    """How many cores the metric running on this thread may use (>= 1)."""
    n = getattr(_budget, "n", None)
    return available_cores() if n is None else n


@contextmanager
def cores_for_run(n: Optional[int]) -> Iterator[int]:
    """Within the block, :func:`cores` is ``n`` on this thread (``n`` <= 0
    or None: every available core)."""
    previous = getattr(_budget, "n", None)
    _budget.n = available_cores() if n is None or int(n) <= 0 else int(n)
    try:
        yield _budget.n
    finally:
        _budget.n = previous


def thread_map(fn: Callable, items: list, threads: Optional[int] = None) -> list:
    """[fn(item) for item in items], on ``threads`` threads (default
    :func:`cores`).  core.progress.checkpoint inside ``fn`` checks the
    calling thread's Progress; a cancel (or any exception) in one item
    cancels the items not started and is raised here."""
    threads = cores() if threads is None else max(int(threads), 1)
    threads = min(threads, len(items))
    if threads <= 1:
        return [fn(x) for x in items]
    from concurrent.futures import ThreadPoolExecutor
    import threading
    progress = current()
    failed = threading.Event()

    def run(x):
        # once an item has failed no other item starts, whatever the threads'
        # scheduling (the caller's thread, which cancels the futures, may
        # not run before the pool's threads have taken every item on a
        # loaded machine, and items started after a failure would run for
        # nothing)
        if failed.is_set():
            raise _Skipped()
        try:
            if progress is None:
                return fn(x)
            with active(progress):
                return fn(x)
        except BaseException:
            failed.set()
            raise
    with ThreadPoolExecutor(threads) as pool:
        futures = [pool.submit(run, x) for x in items]
        try:
            return [f.result() for f in futures]
        except BaseException as e:
            for f in futures:
                f.cancel()
            if isinstance(e, _Skipped):   # the item that failed comes later: its error
                for f in futures:
                    err = None if f.cancelled() else f.exception()
                    if err is not None and not isinstance(err, _Skipped):
                        raise err from None
            raise


class _Skipped(Exception):
    """An item not started because another one failed (thread_map)."""


def _one_core(task, item, progress):
    """A process_map item, run with a budget of one core (a worker process
    must not start processes or threads of its own)."""
    fn, common = task
    with cores_for_run(1):
        return fn(common, item, progress)


def process_map(fn: Callable, common, items: list, progress: Optional[Progress] = None,
                processes: Optional[int] = None, labels: Optional[list] = None,
                weights: Optional[list[float]] = None) -> list:
    """[fn(common, item, progress) for item in items] on this process and up
    to ``processes`` - 1 spawned ones (default :func:`cores`); ``fn`` must
    be a module-level function (workers import it) and ``common`` (sent
    once to each worker), the items and the results picklable.  Progress
    is the items' own, weighted by ``weights``; a cancel stops the workers
    at once.  Serially in a daemonic process (a pool's worker, which may not
    start processes).  An item that failed in a worker (its worker died twice, or it
    raised) is run again here, so its exception is the serial run's."""
    import multiprocessing as mp
    progress = progress or NO_PROGRESS
    processes = cores() if processes is None else max(int(processes), 1)
    # a daemonic process (a worker of the batch scorer, of tiles, Dask's)
    # may not start processes: its items run here
    if processes <= 1 or len(items) < 2 or mp.current_process().daemon:
        out = []
        n = len(items)
        for i, x in enumerate(items):
            out.append(fn(common, x, progress.sub(i / n, (i + 1) / n)))
        return out
    from .executor import run_shared
    labels = labels or [str(i + 1) for i in range(len(items))]
    done = run_shared(_one_core, (fn, common), items, processes, progress, labels,
                      weights=weights)
    out = []
    for (ok, value), x in zip(done, items):
        out.append(value if ok else fn(common, x, NO_PROGRESS))
    return out
