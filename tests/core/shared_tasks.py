"""Module-level task functions for tests/core/analysis/test_executor.py (spawned
workers import them by name)."""
import os


def square(common, item, progress):
    return common["offset"] + item * item


def fail_on_three(common, item, progress):
    if item == 3:
        raise ValueError("three is not allowed")
    return item


def die_in_worker(common, item, progress):
    """Kills the worker process that takes item 0 (not the parent)."""
    if item == 0 and os.getpid() != common["parent"]:
        os._exit(3)
    return item * 10


def report_pid(common, item, progress):
    import time
    time.sleep(0.05)
    return os.getpid()


def steps(common, item, progress):
    """Reports its own progress in ``common['steps']`` steps."""
    import time
    n = common["steps"]
    for k in range(n + 1):
        progress.set(k / n, f"step {k}")
        time.sleep(common.get("sleep", 0.0))
    return item


def unpicklable_in_worker(common, item, progress):
    """Returns a value that cannot be pickled when run in a worker (not
    ``common['parent']``), a number here."""
    import time
    time.sleep(0.05)
    if os.getpid() != common["parent"]:
        return lambda: item
    return item


def square_plus(common, item, progress):
    """tests/core/test_parallel.py: item squared plus ``common``; reports its
    progress."""
    progress.set(0.5)
    return item * item + common


def fails_on(common, item, progress):
    """tests/core/test_parallel.py: raises for item ``common``."""
    if item == common:
        raise ValueError(f"item {item} is not allowed")
    return item
