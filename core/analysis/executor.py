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

from ..progress import NO_PROGRESS, Cancelled


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
                progress.set(i / max(n, 1), f"tile {labels[i]}")
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
                    progress.set(done / n, f"tile {labels[i]} done")
        except BaseException:
            for f in futs:
                f.cancel()
            raise
    return out


def run_shared(fn, common, items, workers=1, progress=None, labels=None, order=None):
    """``fn(common, item, progress)`` for every item, this process and ``workers - 1``
    spawned processes taking the next item from one shared counter (work
    stealing: nobody idles while items remain).  ``common`` (the input data)
    is sent once to each process.  ``order`` lists item indices in the order
    they are taken (largest first balances best).  Returns one (ok, value or
    error text) per item, in item order, like run_tasks.  An item whose
    result never arrives (its worker died, or the result could not be sent
    back) is run again here once the workers have stopped; progress.set is
    called as items finish, and a Cancelled raised by it stops the workers."""
    n = len(items)
    labels = labels or [str(i) for i in range(n)]
    order = list(order) if order is not None else list(range(n))
    if workers is None or workers <= 0:
        workers = os.cpu_count() or 1
    workers = min(workers, n)
    out = [None] * n
    exe = python_executable() if workers > 1 else None
    if exe is None:
        for k, i in enumerate(order):
            if progress is not None:
                progress.set(k / max(n, 1), labels[i])
            out[i] = _safe_shared(fn, common, items[i],
                                  progress.sub(k / max(n, 1), (k + 1) / max(n, 1))
                                  if progress is not None else NO_PROGRESS)
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
        out[i] = value
        finished += 1
        if progress is not None:
            progress.set(finished / n, f"{labels[i]} done")

    def drain(block):
        try:
            msg = results.get(timeout=0.05) if block else results.get_nowait()
        except queue_mod.Empty:
            return False
        note(msg[0], (msg[1], msg[2]))
        return True

    try:
        while True:
            i = _take(counter, order)
            if i is None:
                break
            if progress is not None:
                progress.set(finished / n, labels[i])
            value = _safe_shared(fn, common, items[i], _Checker(progress))
            while drain(False):
                pass
            note(i, value)
        while finished < n:
            if drain(True):
                continue
            if not any(p.is_alive() for p in procs):
                while drain(False):
                    pass
                # items taken by a process that died: run them here
                for i in [i for i in range(n) if out[i] is None]:
                    note(i, _safe_shared(fn, common, items[i]))
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


class _Checker:
    """What an item run here sees as its progress: cancellation is checked,
    the fraction is not shown (items finish out of order)."""

    def __init__(self, progress):
        self.progress = progress

    def set(self, fraction, message=None):
        self.check()

    def check(self):
        if self.progress is not None:
            self.progress.check()

    def sub(self, a, b):
        return self


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
        ok, value = _safe_shared(fn, common, items[i])
        results.put((i, ok, value))


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
        raise ValueError("DASK_SCHEDULER is set but the 'distributed' package is not installed "
                         "(pip install distributed)") from e
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
                progress.set(done / len(tasks), f"tile {labels[i]} done (dask)")
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
        raise ValueError(f"the Dask workers {bad} cannot import '{name}': put the folder that holds "
                         f"the plugin ('{name.split('.')[0]}') on their PYTHONPATH")
