"""qgis_process stopped by SIGTERM while a tiled evaluate runs on WORKERS=2
(issue 17, item 6): no worker process survives it."""
import os
import signal
import subprocess
import sys
import time

import pytest

from conftest import GT_SAMPLE, PRED_SAMPLE, qgis_process_setup

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="reads the process table in /proc")


def children(pid, what=b"spawn_main"):
    """Pids of the running multiprocessing processes whose parent is ``pid``
    (workers: spawn_main; multiprocessing's resource tracker:
    resource_tracker)."""
    out = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{name}/cmdline", "rb") as f:
                cmd = f.read()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] not in "ZX" and what in cmd:
            out.append(int(name))
    return out


def running(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] not in "ZX"
    except OSError:
        return False


def test_sigterm_to_qgis_process_leaves_no_worker(tmp_path):
    exe, env = qgis_process_setup(tmp_path)
    # four tiles of the sample, every metric: several seconds per tile
    proc = subprocess.Popen([exe, "--json", "run", "roadmetrics:evaluate", "--",
                             f"GROUND_TRUTH={GT_SAMPLE}", f"PREDICTION={PRED_SAMPLE}",
                             "TILE_SIZE=900", "WORKERS=2"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers, tracker = [], []
    try:
        end = time.monotonic() + 120
        while time.monotonic() < end and proc.poll() is None and len(workers) < 2:
            workers = children(proc.pid)
            time.sleep(0.1)
        assert len(workers) == 2, "qgis_process did not start two workers"
        time.sleep(1.0)  # the workers are computing their first tiles
        workers = sorted(set(workers) | set(children(proc.pid)))
        tracker = children(proc.pid, b"resource_tracker")
        assert proc.poll() is None, "the evaluation ended before it could be stopped"
        t0 = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        proc.wait(30)
        parent_latency = time.monotonic() - t0
        end = time.monotonic() + 15
        while time.monotonic() < end and any(running(p) for p in workers):
            time.sleep(0.02)
        latency = time.monotonic() - t0
        while time.monotonic() < end and any(running(p) for p in tracker):
            time.sleep(0.02)
    finally:
        if proc.poll() is None:
            proc.kill()
        left = [p for p in workers + tracker if running(p)]
        for p in left:
            os.kill(p, signal.SIGKILL)
    print(f"\nSIGTERM to qgis_process: qgis_process ended {parent_latency:.2f} s later, its "
          f"{len(workers)} workers {latency:.2f} s later (exit status {proc.returncode})")
    assert not left, f"workers {left} survived qgis_process"
    assert latency < 15
