"""Run independent tasks serially, on local processes or on a Dask cluster,
with identical results (every task carries its own seed).

``run_tasks(fn, tasks, workers, dask_scheduler, progress)`` returns one
(ok, value_or_error_text) per task, in task order; a failing task is reported
with its error, never lost.  ``fn`` must be a module-level function so that
processes and Dask workers can import it.
"""
import os
import sys
import traceback

from ..progress import NO_PROGRESS, Cancelled, Progress
from ..text import Text, msg


def python_executable():
    """A Python interpreter for spawned workers: the one this process runs
    on.  Inside QGIS (desktop or qgis_process) sys.executable is the QGIS
    binary or whatever 'python3' is first on PATH, which may be another
    Python; only an interpreter under this process's prefix is used."""
    exe = sys.executable or ""
    prefix = os.path.realpath(sys.prefix)
    if os.path.basename(exe).lower().startswith("python") and \
            os.path.realpath(exe).startswith(prefix + os.sep) or \
            os.path.dirname(os.path.abspath(exe)) == os.path.join(sys.prefix, "bin"):
        return exe
    v = f"{sys.version_info[0]}.{sys.version_info[1]}"
    for base in (sys.exec_prefix, sys.base_exec_prefix):
        for c in (os.path.join(base, "bin", f"python{v}"), os.path.join(base, "bin", "python3"),
                  os.path.join(base, "python.exe"), os.path.join(base, "python3.exe")):
            if os.path.exists(c):
                return c
    return None


def _safe(fn, task):
    try:
        return True, fn(task)
    except Exception as e:  # reported per task, with its type and message
        return False, f"{type(e).__name__}: {e}\n{traceback.format_exc(limit=3)}"


def run_tasks(fn, tasks, workers=1, dask_scheduler=None, progress=None, labels=None):
    n = len(tasks)
    out = [None] * n
    labels = labels or [str(i) for i in range(n)]
    if dask_scheduler:
        return _run_dask(fn, tasks, dask_scheduler, progress, labels)
    if workers is None or workers <= 0:
        workers = os.cpu_count() or 1
    if workers == 1 or n <= 1:
        for i, t in enumerate(tasks):
            if progress is not None:
                progress.set(i / max(n, 1), msg("tile {}", labels[i]))
            out[i] = _safe(fn, t)
        return out
    import concurrent.futures as cf
    import multiprocessing as mp
    ctx = mp.get_context("spawn")
    exe = python_executable()
    if exe is None:
        return run_tasks(fn, tasks, 1, None, progress, labels)
    ctx.set_executable(exe)
    done = 0
    with cf.ProcessPoolExecutor(max_workers=min(workers, n), mp_context=ctx) as pool:
        with _worker_start():
            futs = {pool.submit(_safe, fn, t): i for i, t in enumerate(tasks)}
        try:
            for f in cf.as_completed(futs):
                i = futs[f]
                try:
                    out[i] = f.result()
                except Exception as e:  # a worker that died
                    out[i] = (False, f"{type(e).__name__}: {e}")
                done += 1
                if progress is not None:
                    progress.set(done / n, msg("tile {} done", labels[i]))
        except BaseException:
            for f in futs:
                f.cancel()
            raise
    return out


def run_shared(fn, common, items, workers=1, progress=None, labels=None, order=None,
               weights=None):
    """``fn(common, item, progress)`` for every item, this process and ``workers - 1``
    spawned processes taking the next item from one shared counter (work
    stealing: nobody idles while items remain).  ``common`` (the input data)
    is sent once to each process.  ``order`` lists item indices in the order
    they are taken (largest first balances best).  Returns one (ok, value or
    error text) per item, in item order, like run_tasks.  An item whose
    result never arrives (its worker died, or the result could not be sent
    back) is run again here once the workers have stopped.

    Progress: every item reports its own progress (workers send theirs back
    while they run); the overall fraction is sum_i w_i f_i / sum_i w_i with
    f_i in [0, 1] the progress of item i and w_i its ``weights`` entry (its
    expected run time; equal by default), never going backwards.  A
    Cancelled raised by ``progress`` stops the workers."""
    n = len(items)
    labels = labels or [str(i) for i in range(n)]
    order = list(order) if order is not None else list(range(n))
    if workers is None or workers <= 0:
        workers = os.cpu_count() or 1
    workers = min(workers, n)
    out = [None] * n
    tracker = _Tracker(progress, weights if weights is not None else [1.0] * n, labels)
    exe = python_executable() if workers > 1 else None
    if exe is None:
        for i in order:
            tracker.update(i, 0.0, labels[i])
            out[i] = _safe_shared(fn, common, items[i], tracker.item(i))
            tracker.update(i, 1.0)
        return out
    import multiprocessing as mp
    import queue as queue_mod
    ctx = mp.get_context("spawn")
    ctx.set_executable(exe)
    counter = ctx.Value("i", 0)
    results = ctx.Queue()
    procs = []
    with _worker_start():
        for _ in range(workers - 1):
            p = ctx.Process(target=_shared_worker, args=(fn, common, items, order, counter, results),
                            daemon=True)
            p.start()
            procs.append(p)
    finished = 0

    def note(i, value):
        nonlocal finished
        if out[i] is None:
            finished += 1
        out[i] = value
        tracker.update(i, 1.0, msg("{} done", labels[i]))

    def drain(block):
        try:
            msg = results.get(timeout=0.05) if block else results.get_nowait()
        except queue_mod.Empty:
            return False
        if msg[0] == "progress":
            if out[msg[1]] is None:
                tracker.update(msg[1], msg[2], msg[3] and Text("{}: {}", labels[msg[1]], msg[3]))
        else:
            note(msg[1], (msg[2], msg[3]))
        return True

    # while an item runs here, its progress callbacks also show the workers'
    tracker.poll = lambda: drain(False)
    try:
        while True:
            i = _take(counter, order)
            if i is None:
                break
            tracker.update(i, 0.0, labels[i])
            value = _safe_shared(fn, common, items[i], tracker.item(i))
            while drain(False):
                pass
            note(i, value)
        tracker.poll = None
        while finished < n:
            if drain(True):
                continue
            if not any(p.is_alive() for p in procs):
                while drain(False):
                    pass
                # items taken by a process that died: run them here
                for i in [i for i in range(n) if out[i] is None]:
                    note(i, _safe_shared(fn, common, items[i], tracker.item(i)))
    except BaseException:
        for p in procs:
            if p.is_alive():
                p.terminate()
        raise
    finally:
        for p in procs:
            p.join(timeout=5)
            if p.is_alive():
                p.terminate()
        results.close()
    return out


def _safe_shared(fn, common, item, progress=NO_PROGRESS):
    try:
        return True, fn(common, item, progress)
    except Cancelled:
        raise
    except Exception as e:
        return False, f"{type(e).__name__}: {e}\n{traceback.format_exc(limit=3)}"


class _Tracker:
    """The overall progress of run_shared from each item's own progress,
    weighted (see run_shared)."""

    def __init__(self, progress, weights, labels):
        w = [max(float(x), 0.0) for x in weights]
        total = sum(w)
        self.w = [x / total for x in w] if total > 0 else [1.0 / max(len(w), 1)] * len(w)
        self.f = [0.0] * len(w)
        self.progress = progress
        self.labels = labels
        self.shown = 0.0
        self.poll = None  # called on each update (drains the workers' reports)
        self._polling = False

    def update(self, i, fraction, message=None):
        self.f[i] = max(self.f[i], min(max(float(fraction), 0.0), 1.0))
        if self.poll is not None and not self._polling:
            self._polling = True
            try:
                while self.poll():
                    pass
            finally:
                self._polling = False
        self.shown = max(self.shown, min(sum(w * f for w, f in zip(self.w, self.f)), 1.0))
        if self.progress is not None:
            self.progress.set(self.shown, message)

    def item(self, i):
        """The Progress an item run in this process reports to."""
        def check():
            if self.progress is not None:
                self.progress.check()
            return False
        label = self.labels[i]
        return Progress(lambda f, m: self.update(i, f, m and Text("{}: {}", label, m)), check)


class _SendProgress:
    """A worker's progress callback: sends ("progress", item, fraction,
    message) home when the fraction grew by at least STEP (or the message
    changed)."""

    STEP = 0.01

    def __init__(self, results, i):
        self.results, self.i = results, i
        self.last, self.message = -1.0, None

    def __call__(self, fraction, message):
        if fraction >= self.last + self.STEP or (message and message != self.message):
            self.last = fraction
            self.message = message or self.message
            self.results.put(("progress", self.i, float(fraction), message))


def _take(counter, order):
    """The next item index from the shared counter (None when all are taken)."""
    with counter.get_lock():
        k = counter.value
        counter.value = k + 1
    return order[k] if k < len(order) else None


def _shared_worker(fn, common, items, order, counter, results):
    while True:
        i = _take(counter, order)
        if i is None:
            return
        ok, value = _safe_shared(fn, common, items[i], Progress(_SendProgress(results, i)))
        results.put(("result", i, ok, value))


class _worker_start:
    """What spawned workers inherit while they start.

    * They normally re-run the parent's __main__ script (a script without an
      ``if __name__ == '__main__'`` guard would then start the whole job
      again in every worker).  The tasks never need __main__, so its path is
      hidden.
    * One BLAS / OpenMP thread each: the workers already use every core, and
      thread pools per worker would only compete with them."""

    THREADS = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")

    def __enter__(self):
        self.main = sys.modules.get("__main__")
        self.saved = {}
        for k in ("__file__", "__spec__"):
            if self.main is not None and hasattr(self.main, k):
                self.saved[k] = getattr(self.main, k)
        self.env = {k: os.environ.get(k) for k in self.THREADS}
        for k in self.THREADS:
            os.environ[k] = "1"
        if self.main is not None:
            if "__file__" in self.saved:
                del self.main.__file__
            self.main.__spec__ = None
        return self

    def __exit__(self, *exc):
        for k, v in self.env.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        if self.main is not None:
            for k, v in self.saved.items():
                setattr(self.main, k, v)
        return False


def _run_dask(fn, tasks, address, progress, labels):
    try:
        from distributed import Client, as_completed
    except ImportError as e:
        raise ValueError(msg("DASK_SCHEDULER is set but the 'distributed' package is not "
                             "installed (pip install distributed)")) from e
    client = Client(address)
    try:
        _ensure_importable(client, fn)
        futs = client.map(_safe, [fn] * len(tasks), tasks, pure=False)
        index = {f.key: i for i, f in enumerate(futs)}
        out = [None] * len(tasks)
        done = 0
        for f in as_completed(futs):
            i = index[f.key]
            try:
                out[i] = f.result()
            except Exception as e:
                out[i] = (False, f"{type(e).__name__}: {e}")
            done += 1
            if progress is not None:
                progress.set(done / len(tasks), msg("tile {} done (dask)", labels[i]))
        return out
    finally:
        client.close()


def _ensure_importable(client, fn):
    """Fail early, with a clear message, when the workers cannot import the
    package that defines ``fn`` (a remote cluster needs the plugin folder on
    its workers' PYTHONPATH; a LocalCluster inherits it)."""
    name = fn.__module__

    def can_import(name=name):
        import importlib
        try:
            importlib.import_module(name)
            return True
        except ImportError:
            return False
    ok = client.run(can_import)
    bad = [w for w, v in ok.items() if not v]
    if bad:
        raise ValueError(msg("the Dask workers {} cannot import '{}': put the folder that holds "
                             "the plugin ('{}') on their PYTHONPATH",
                             bad, name, name.split('.')[0]))
