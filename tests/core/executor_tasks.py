"""Module-level tasks for tests/core/analysis/test_executor_faults.py (spawned workers
import them by name): each leaves a file named <item>.<pid> in a folder as
it starts, so a test knows which process runs what."""
import os
import sys
import time


def _started(folder, item):
    with open(os.path.join(folder, f"{item}.{os.getpid()}"), "w") as f:
        f.write(str(time.monotonic()))


def no_death_signal():
    """Undo the Linux parent-death signal of this worker, leaving only the
    portable watch (a thread waiting on the parent sentinel)."""
    if sys.platform.startswith("linux"):
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(1, 0, 0, 0, 0)


def sleeper(task, progress):
    """run_tasks task: sleeps task['sleep'] seconds, checking progress every
    20 ms when task['check'], returns 10 * item."""
    if task.get("portable_watch_only"):
        no_death_signal()
    _started(task["dir"], task["item"])
    end = time.monotonic() + task["sleep"]
    while time.monotonic() < end:
        if task.get("check"):
            progress.check()
        time.sleep(0.02)
    return 10 * task["item"]


def shared_sleeper(common, item, progress):
    """run_shared version of sleeper (``common`` holds the settings;
    ``common['sleeps']``, when given, the sleep of each item); run by
    ``common['parent']``, it only waits until a worker runs an item."""
    if common.get("parent") == os.getpid():
        # run by the parent process: return once a worker runs an item
        end = time.monotonic() + 60
        while time.monotonic() < end and not any(
                p != os.getpid() for ps in started(common["dir"]).values() for p in ps):
            time.sleep(0.02)
        return item
    task = dict(common, item=item)
    if "sleeps" in common:
        task["sleep"] = common["sleeps"][item]
    return sleeper(task, progress)


def kill_own_worker(task, progress):
    """Kills the process that runs item task['victim'] (SIGKILL, as the
    out-of-memory killer does) every time."""
    import signal
    if task["item"] == task["victim"]:
        os.kill(os.getpid(), signal.SIGKILL)
    return task["item"]


def started(folder):
    """{item: [pid, ...]} of the tasks started in ``folder`` (in start order)."""
    out = {}
    names = []
    for name in os.listdir(folder):
        item, pid = name.split(".")
        with open(os.path.join(folder, name)) as f:
            t = f.read()
        if not t:
            continue
        names.append((float(t), int(item), int(pid)))
    for _, item, pid in sorted(names):
        out.setdefault(item, []).append(pid)
    return out


def big_result_killed_while_sent(common, item, progress):
    """run_shared task returning ``common['size']`` bytes.  The first worker
    (not ``common['parent']``) that runs an item is killed (SIGKILL, as the
    out-of-memory killer does) half-way through sending that result back;
    the parent's own item waits until a worker has started one."""
    folder = common["dir"]
    if os.getpid() == common["parent"]:
        end = time.monotonic() + 60
        while time.monotonic() < end and not os.path.exists(os.path.join(folder, "worker")):
            time.sleep(0.02)
    elif not os.path.exists(os.path.join(folder, "worker")):
        open(os.path.join(folder, "worker"), "w").close()
        _die_while_sending(os.path.join(folder, "killed"), common["size"])
    return bytes([item]) * common["size"]


def _die_while_sending(marker, size):
    """From now on, this process kills itself after writing half of any
    message of at least ``size`` bytes to a multiprocessing pipe."""
    import signal
    from multiprocessing import connection
    send = connection.Connection._send

    def half_then_die(self, buf, *args):
        if len(buf) < size:
            return send(self, buf, *args)
        send(self, bytes(buf[:len(buf) // 2]), *args)
        open(marker, "w").close()
        os.kill(os.getpid(), signal.SIGKILL)
    connection.Connection._send = half_then_die
