"""Run independent tasks serially, on local processes or on a Dask cluster,
with identical results (every task carries its own seed).

``run_tasks(fn, tasks, workers, dask_scheduler, progress)`` returns one
(ok, value_or_error_text) per task, in task order; a failing task is reported
with its error, never lost.  ``fn(task, progress)`` must be a module-level
function so that processes and Dask workers can import it.

Cancellation and faults: a cancel (Cancelled raised by ``progress``) reaches
a serial task through its own progress checks and ends local worker
processes at once (terminated, not waited for); a worker that dies is
replaced and its task run again (run_tasks) or its item taken by the next
free process (run_shared), never waited for; and
every worker ends by itself when the process that started it dies
(_watch_parent), so a killed QGIS leaves no orphan computing.
"""
from __future__ import annotations

from typing import Callable, Optional

import os
import sys
import traceback

from .progress import NO_PROGRESS, Cancelled, Progress
from .text import Text, msg


def python_executable() -> Optional[str]:
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


def _safe(fn, task, progress=NO_PROGRESS):
    try:
        return True, fn(task, progress)
    except Cancelled:
        raise
    except Exception as e:  # reported per task, with its type and message
        return False, f"{type(e).__name__}: {e}\n{traceback.format_exc(limit=3)}"


def run_tasks(fn: Callable, tasks: list, workers: int = 1, dask_scheduler: Optional[str] = None,
              progress: Optional[Progress] = None, labels: Optional[list[str]] = None,
              retries: int = 1, on_result: Optional[Callable] = None,
              prefetch: int = 1) -> list[tuple[bool, object]]:
    """``fn(task, progress)`` for every task: [(ok, value or error text)] in
    task order.

    * Serially (``workers`` 1) ``progress`` reaches each task (a sub-range of
      it), so a Cancelled raised by the task's own checks stops the run.
    * On ``workers`` local processes, each worker is fed one task at a time
      through its own pipe.  The caller's thread checks ``progress`` for
      cancellation every POLL_S seconds; on cancel (or any exception) every
      worker is terminated at once, not waited for.  A worker that dies
      (killed, out of memory) gives its task to a fresh worker, ``retries``
      times; after that the task fails with the way its worker ended.  The
      workers stop by themselves when this process dies (see _watch_parent).
    * On Dask, cancellation is checked every POLL_S seconds too; the tasks
      already running on the cluster finish there (Dask cannot stop them).
    * ``on_result(i, ok, value)``, when given, is called in this process as
      each task ends (in completion order; on Dask, at the end), e.g. to
      write results as they come so that an interrupted run loses none.
    * ``prefetch``: how many tasks a local worker holds at once (it runs
      them one after the other); above 1, a worker never waits for this
      process between two small tasks (a batch's chips).  A worker that
      dies fails (or gives back) only the task it was running; the others
      it held are handed out again."""
    n = len(tasks)
    progress = progress or NO_PROGRESS
    labels = labels or [str(i) for i in range(n)]
    if dask_scheduler:
        out = _run_dask(fn, tasks, dask_scheduler, progress, labels)
        for i, r in enumerate(out if on_result is not None else []):
            on_result(i, *r)
        return out
    if workers is None or workers <= 0:
        workers = os.cpu_count() or 1
    exe = python_executable() if workers > 1 and n > 1 else None
    if exe is None:
        out = [None] * n
        for i, t in enumerate(tasks):
            progress.set(i / max(n, 1), msg("tile {}", labels[i]))
            out[i] = _safe(fn, t, progress.sub(i / n, (i + 1) / n))
            if on_result is not None:
                on_result(i, *out[i])
        return out
    return _TaskPool(fn, tasks, min(workers, n), exe, progress, labels, retries,
                     on_result, max(int(prefetch), 1)).run()


POLL_S = 0.1
"""How often (seconds) a waiting parent checks for cancellation and dead workers."""


def _ended(exitcode):
    """How a worker process ended, in words (exit codes of
    multiprocessing: negative = killed by that signal)."""
    if exitcode is None:
        return "still running"
    if exitcode < 0:
        import signal
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = f"signal {-exitcode}"
        hint = " (the system kills the largest process when memory runs out)" \
            if -exitcode == getattr(signal, "SIGKILL", 9) else ""
        return f"was killed by {name}{hint}"
    return f"exited with code {exitcode}"


class _Worker:
    def __init__(self, ctx, fn):
        from collections import deque
        self.conn, child = ctx.Pipe(duplex=True)
        self.proc = ctx.Process(target=_task_worker, args=(child, fn, os.getpid()), daemon=True)
        self.proc.start()
        child.close()
        self.held = deque()   # the tasks sent, in the order the worker runs them


class _TaskPool:
    """The local-process engine of run_tasks (see there)."""

    def __init__(self, fn, tasks, workers, exe, progress, labels, retries, on_result=None,
                 prefetch=1):
        import multiprocessing as mp
        self.ctx = mp.get_context("spawn")
        self.ctx.set_executable(exe)
        self.fn, self.tasks, self.workers = fn, tasks, workers
        self.progress, self.labels, self.retries = progress, labels, retries
        self.on_result = on_result
        self.prefetch = prefetch
        self.pool = []

    def _start(self, count):
        with _worker_start():
            for _ in range(count):
                self.pool.append(_Worker(self.ctx, self.fn))

    def run(self):
        from collections import deque
        from multiprocessing.connection import wait
        n = len(self.tasks)
        out = [None] * n
        todo = deque(range(n))
        deaths = [0] * n
        done = 0
        try:
            self._start(self.workers)
            while done < n:
                self.progress.check()
                for w in list(self.pool):
                    while len(w.held) < self.prefetch and todo and w in self.pool:
                        i = todo.popleft()
                        try:
                            w.conn.send((i, self.tasks[i]))
                            w.held.append(i)
                        except (OSError, EOFError):  # the worker died: not this task's fault
                            todo.appendleft(i)
                            done += self._lost(w, todo, deaths, out)
                        except Exception as e:  # the task cannot be pickled
                            out[i] = (False, f"the task could not be sent to a worker: "
                                             f"{type(e).__name__}: {e}")
                            done += 1
                            if self.on_result is not None:
                                self.on_result(i, *out[i])
                busy = [w for w in self.pool if w.held]
                wait([w.conn for w in busy] + [w.proc.sentinel for w in busy], POLL_S)
                for w in busy:
                    replies = []
                    try:
                        while w.held and w.conn.poll():
                            replies.append(w.conn.recv())
                            w.held.popleft()
                    except (OSError, EOFError):
                        pass
                    for i, ok, value in replies:
                        out[i] = (ok, value)
                        done += 1
                        if self.on_result is not None:
                            self.on_result(i, ok, value)
                        self.progress.set(done / n, msg("tile {} done", self.labels[i]))
                    if not replies and w.held and not w.proc.is_alive():
                        done += self._lost(w, todo, deaths, out)
                missing = min(self.workers, len(todo) + sum(len(w.held) for w in self.pool)) \
                    - len(self.pool)
                if missing > 0:
                    self._start(missing)
            self._stop(wait_s=2.0)
        except BaseException:
            self._stop(wait_s=0.0)
            raise
        return out

    def _lost(self, w, todo, deaths, out) -> int:
        """A worker ended: the task it was running (the first it held) is
        run again by another, ``retries`` times, then fails with the way its
        worker ended; the tasks it held but had not started go back to the
        queue.  Returns the number of tasks failed (0 or 1)."""
        held = list(w.held)
        how = _ended(w.proc.exitcode)
        self._drop(w)
        failed = 0
        for k in reversed(held[1:]):
            todo.appendleft(k)
        if held:
            i = held[0]
            deaths[i] += 1
            if deaths[i] <= self.retries:
                todo.appendleft(i)
            else:
                out[i] = (False, f"WorkerDied: its worker process {how}, {deaths[i]} time(s)")
                failed = 1
                if self.on_result is not None:
                    self.on_result(i, *out[i])
                self.progress.set(sum(o is not None for o in out) / len(out),
                                  msg("tile {} failed", self.labels[i]))
        return failed

    def _drop(self, w):
        self.pool.remove(w)
        w.conn.close()
        w.proc.join(0)

    def _stop(self, wait_s):
        """Ends every worker: asked to stop (``wait_s`` > 0: idle workers
        exit on their own) or terminated; whatever still runs after that is
        killed."""
        import time
        for w in self.pool:
            try:
                if wait_s > 0 and not w.held:
                    w.conn.send(None)
                else:
                    w.proc.terminate()
            except (OSError, ValueError):
                pass
        deadline = time.monotonic() + max(wait_s, 1.0)
        for w in self.pool:
            w.proc.join(max(0.0, deadline - time.monotonic()))
            if w.proc.is_alive():
                w.proc.terminate()
                w.proc.join(0.5)
            if w.proc.is_alive() and hasattr(w.proc, "kill"):
                w.proc.kill()
                w.proc.join(1.0)
            w.conn.close()
        self.pool = []


def _task_worker(conn, fn, parent_pid):
    """A run_tasks worker: (index, task) in, (index, ok, value) out, until
    None or the parent goes away."""
    _watch_parent(parent_pid)
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        if request is None:
            return
        i, task = request
        ok, value = _safe(fn, task)
        try:
            conn.send((i, ok, value))
        except (OSError, EOFError):
            return
        except Exception as e:  # the result cannot be pickled
            conn.send((i, False, f"the result could not be sent back: {type(e).__name__}: {e}"))


def _watched(target, parent_pid, *args):
    """A worker's entry point: ``target(*args)`` under _watch_parent."""
    _watch_parent(parent_pid)
    return target(*args)


def _watch_parent(parent_pid):
    """Make this worker end when the process that started it ends, however
    it ends (cancel, SIGTERM, SIGKILL, crash), so no orphan keeps computing.

    * Linux: prctl(PR_SET_PDEATHSIG, SIGKILL), the kernel kills this process
      when its parent dies, even while it runs C code holding the GIL.
    * Everywhere (Python >= 3.8): a daemon thread waits on multiprocessing's
      parent sentinel (a pipe end, or the parent's process handle on
      Windows) and exits the process when it fires."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            import signal
            libc = ctypes.CDLL(None, use_errno=True)
            PR_SET_PDEATHSIG = 1
            libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        except (OSError, AttributeError):
            pass
    if parent_pid is not None and hasattr(os, "getppid") and os.name == "posix" \
            and os.getppid() != parent_pid:
        os._exit(1)  # the parent died before the watch was in place
    import multiprocessing as mp
    parent = mp.parent_process() if hasattr(mp, "parent_process") else None
    if parent is None or getattr(parent, "sentinel", None) is None:
        return
    import threading

    def watch(sentinel=parent.sentinel):
        from multiprocessing.connection import wait
        try:
            wait([sentinel])
        except Exception:
            return
        os._exit(1)
    threading.Thread(target=watch, name="roadmetrics-parent-watch", daemon=True).start()


def run_shared(fn: Callable, common, items: list, workers: int = 1,
               progress: Optional[Progress] = None, labels: Optional[list[str]] = None,
               order: Optional[list[int]] = None,
               weights: Optional[list[float]] = None) -> list[tuple[bool, object]]:
    """``fn(common, item, progress)`` for every item, this process and ``workers - 1``
    spawned processes taking the next item from one list (work stealing:
    nobody idles while items remain).  ``common`` (the input data)
    is sent once to each process.  ``order`` lists item indices in the order
    they are taken (largest first balances best).  Returns one (ok, value or
    error text) per item, in item order, like run_tasks.  An item whose
    worker died (even while sending its result back) is taken again by the
    next free process, this one included, and fails with the way its worker
    ended after a second death; an item whose result could not be sent back
    is run again here.  Waiting never blocks on a dead worker and checks for
    cancellation every POLL_S seconds (see _SharedRun).

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
    tracker = _Tracker(progress, weights if weights is not None else [1.0] * n, labels)
    exe = python_executable() if workers > 1 else None
    if exe is None:
        out = [None] * n
        for i in order:
            tracker.update(i, 0.0, labels[i])
            out[i] = _safe_shared(fn, common, items[i], tracker.item(i))
            tracker.update(i, 1.0)
        return out
    run = _SharedRun(fn, common, items, order, labels, tracker, progress)
    run.start(exe, workers - 1)
    try:
        run.take_items_here()
        run.wait_for_the_rest()
    except BaseException:
        run.terminate()
        raise
    finally:
        run.close()
    return run.out


class _SharedRun:
    """State of one run_shared with worker processes: results in item order,
    the items left to take, the workers, their pipes and the thread that
    serves them.

    Each worker has its own pipe, through which it asks for its next item
    and sends its progress and results.  A thread of this process answers
    at once (workers never wait for this process's own item) and hands the
    rest to the main thread through ``events``.  Only the worker holds the
    writing end of its pipe, so a worker that dies, even half-way through
    sending a large result, gives an end of file, never an endless wait (a
    shared multiprocessing.Queue did: the other processes kept its writing
    end open); its item is put back for the next free process, or fails
    after ``retries`` deaths.  No shared counter, lock or queue of
    multiprocessing is created, so its resource tracker has nothing to clean
    up (when it was killed too, it printed KeyError tracebacks)."""

    def __init__(self, fn, common, items, order, labels, tracker, progress, retries=1):
        import queue
        import threading
        from collections import deque
        self.fn, self.common, self.items = fn, common, items
        self.labels, self.tracker, self.progress, self.retries = labels, tracker, progress, retries
        self.out = [None] * len(items)
        self.finished = 0
        self.todo = deque(order)  # never taken, in order
        self.again = deque()  # their worker died: run again by the next free process
        self.here_only = deque()  # their result could not be sent back: run here
        self.deaths = [0] * len(items)
        self.lock = threading.Lock()
        self.events = queue.Queue()
        self.procs, self.conns = [], []
        self.thread = None
        self.stopping = False
        self.served = False

    def start(self, exe, n_procs):
        """Spawn ``n_procs`` workers, send each the input data through its
        own pipe, and start the thread that serves them.

        The data (``common``, ``items``: the networks, tens of MB) is not
        given as the process's arguments: multiprocessing writes those into
        a pipe whose reading end the parent itself keeps open until the
        write is done, so a worker that died while starting (an import that
        fails there, a kill) left the parent blocked in Process.start for
        ever.  The arguments are now a few kB (one pipe buffer), and the
        data goes through the worker's own pipe, of which the worker holds
        the only other end: its death is an error there, and the worker is
        dropped (the items run elsewhere)."""
        import multiprocessing as mp
        import threading
        ctx = mp.get_context("spawn")
        ctx.set_executable(exe)
        with _worker_start():
            for _ in range(n_procs):
                conn, child = ctx.Pipe(duplex=True)
                p = ctx.Process(target=_watched, args=(
                                    _shared_worker, os.getpid(), self.fn, child), daemon=True)
                p.start()
                child.close()  # the worker holds the only other end: its death is an end of file
                self.procs.append(p)
                self.conns.append(conn)
        for conn in self.conns:
            try:
                conn.send((self.common, self.items))
            except (OSError, EOFError):  # it died while starting: _serve sees its end of file
                pass
        self.thread = threading.Thread(target=self._serve, name="roadmetrics-shared-run",
                                       daemon=True)
        self.thread.start()

    def take(self, here=False):
        """The next item to run (``here``: by this process), None when none is left."""
        with self.lock:
            for q in (self.here_only, self.again, self.todo) if here else (self.again, self.todo):
                if q:
                    return q.popleft()
        return None

    def _serve(self):
        """The serving thread: answers the workers' requests for items, hands
        their messages to the main thread, and puts back the item of a
        worker that died; ends when every worker has ended."""
        from multiprocessing.connection import wait
        running = dict.fromkeys(self.conns)  # pipe -> the item its worker runs (None: idle)
        procs = dict(zip(self.conns, self.procs))
        try:
            while running and not self.stopping:
                for conn in wait(list(running), POLL_S):
                    try:
                        message = conn.recv()
                    except (EOFError, OSError):  # ended, or died (maybe within a message)
                        self._lost(running.pop(conn), procs[conn])
                        conn.close()
                        continue
                    if message[0] == "take":
                        running[conn] = self._give(conn)
                    elif message[0] == "unsent":
                        running[conn] = None
                        with self.lock:
                            self.here_only.append(message[1])
                    else:
                        if message[0] == "result":
                            running[conn] = None
                        self.events.put(message)
        except BaseException as e:  # reported to the main thread, which raises it
            self.events.put(("crash", f"{type(e).__name__}: {e}"))
        finally:
            self.events.put(("served",))

    def _give(self, conn):
        """Send the next item to the worker of ``conn``; the item it runs."""
        i = self.take()
        try:
            conn.send(i)
        except (OSError, EOFError, ValueError):  # it died idle: not the item's fault
            if i is not None:
                with self.lock:
                    self.again.appendleft(i)
            return None
        return i

    def _lost(self, i, proc):
        """The worker ``proc`` ended while running item ``i`` (None: it was idle)."""
        if i is None:
            return
        from multiprocessing.connection import wait
        wait([proc.sentinel], 1.0)
        self.deaths[i] += 1
        if self.deaths[i] <= self.retries:
            with self.lock:
                self.again.appendleft(i)
        else:
            self.events.put(("result", i, False, f"WorkerDied: its worker process "
                                                 f"{_ended(proc.exitcode)}, {self.deaths[i]} time(s)"))

    def note(self, i, value):
        """Item ``i`` is done with ``value`` ((ok, value or error text))."""
        if self.out[i] is None:
            self.finished += 1
        self.out[i] = value
        self.tracker.update(i, 1.0, msg("{} done", self.labels[i]))

    def drain(self, timeout=0.0):
        """Handle one message of the workers (progress or result); False when
        there was none (within ``timeout`` seconds)."""
        import queue as queue_mod
        try:
            item = self.events.get(timeout=timeout) if timeout > 0 else self.events.get_nowait()
        except queue_mod.Empty:
            return False
        if item[0] == "progress":
            if self.out[item[1]] is None:
                self.tracker.update(item[1], item[2],
                                    item[3] and Text("{}: {}", self.labels[item[1]], item[3]))
        elif item[0] == "result":
            self.note(item[1], (item[2], item[3]))
        elif item[0] == "served":
            self.served = True
        else:
            raise RuntimeError(f"the thread serving the workers failed: {item[1]}")
        return True

    def run_here(self, i):
        """Run item ``i`` in this process; while it runs, its progress
        callbacks also handle the workers' messages."""
        self.tracker.poll = self.drain
        try:
            self.tracker.update(i, 0.0, self.labels[i])
            value = _safe_shared(self.fn, self.common, self.items[i], self.tracker.item(i))
            while self.drain():
                pass
        finally:
            self.tracker.poll = None
        self.note(i, value)

    def take_items_here(self):
        """This process takes items like a worker, while the workers run theirs."""
        while True:
            i = self.take(here=True)
            if i is None:
                break
            self.run_here(i)

    def wait_for_the_rest(self):
        """Wait for the workers' results, checking for cancellation every
        POLL_S seconds; run here the items put back (their worker died, or
        their result could not be sent) as they come."""
        n = len(self.items)
        while self.finished < n:
            i = self.take(here=True)
            if i is not None:
                self.run_here(i)
                continue
            if self.drain(POLL_S):
                continue
            if self.progress is not None:
                self.progress.check()
            if self.served and self.events.empty():
                for i in [i for i in range(n) if self.out[i] is None]:  # never expected
                    self.run_here(i)

    def terminate(self):
        self.stopping = True
        for p in self.procs:
            if p.is_alive():
                p.terminate()

    def close(self):
        if self.thread is not None:
            self.thread.join(timeout=5)
            if self.thread.is_alive():
                self.terminate()
                self.thread.join(timeout=2)
        for p in self.procs:
            p.join(timeout=5)
            if p.is_alive():
                p.terminate()
                p.join(timeout=1)
        for c in self.conns:
            c.close()


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

    def __init__(self, conn, i):
        self.conn, self.i = conn, i
        self.last, self.message = -1.0, None

    def __call__(self, fraction, message):
        if fraction >= self.last + self.STEP or (message and message != self.message):
            self.last = fraction
            self.message = message or self.message
            self.conn.send(("progress", self.i, float(fraction), message))


def _shared_worker(fn, conn):
    """A run_shared worker: receives the input data (common, items), then
    asks for an item (("take",) in, its index out), runs it, sends its
    progress while it runs and ("result", index, ok, value) at the end;
    until there is no item left or the parent is gone."""
    try:
        common, items = conn.recv()
    except (EOFError, OSError):
        return
    while True:
        try:
            conn.send(("take",))
            i = conn.recv()
        except (EOFError, OSError):
            return
        if i is None:
            return
        ok, value = _safe_shared(fn, common, items[i], Progress(_SendProgress(conn, i)))
        try:
            conn.send(("result", i, ok, value))
        except (OSError, EOFError):
            return
        except Exception:  # the result cannot be pickled (nothing was sent): run it in the parent
            conn.send(("unsent", i))


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
    import time
    try:
        from distributed import Client
    except ImportError as e:
        raise ValueError(msg("DASK_SCHEDULER is set but the 'distributed' package is not "
                             "installed (pip install distributed)")) from e
    client = Client(address)
    futs = []
    try:
        _ensure_importable(client, fn)
        futs = client.map(_safe, [fn] * len(tasks), tasks, pure=False)
        out = [None] * len(tasks)
        waiting = dict(enumerate(futs))
        done = 0
        while waiting:
            progress.check()
            finished = [i for i, f in waiting.items() if f.done()]
            if not finished:
                time.sleep(POLL_S)
                continue
            for i in finished:
                f = waiting.pop(i)
                try:
                    out[i] = f.result()
                except Exception as e:
                    out[i] = (False, f"{type(e).__name__}: {e}")
                done += 1
                progress.set(done / len(tasks), msg("tile {} done (dask)", labels[i]))
        return out
    except BaseException:
        if futs:
            client.cancel(futs)
        raise
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
