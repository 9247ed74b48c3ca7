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
        with _main_not_reimported():
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


class _main_not_reimported:
    """Spawned workers normally re-run the parent's __main__ script (a
    script without an ``if __name__ == '__main__'`` guard would then start
    the whole job again in every worker).  The tasks never need __main__, so
    hide its path while the workers start."""

    def __enter__(self):
        self.main = sys.modules.get("__main__")
        self.saved = {}
        for k in ("__file__", "__spec__"):
            if self.main is not None and hasattr(self.main, k):
                self.saved[k] = getattr(self.main, k)
        if self.main is not None:
            if "__file__" in self.saved:
                del self.main.__file__
            self.main.__spec__ = None
        return self

    def __exit__(self, *exc):
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
