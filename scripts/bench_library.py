"""Benchmark of the Python library and the command line (issue 24 targets):

* import of the package, and of the package plus one metric function;
* ``roadmetrics apls`` on the sample, end to end (process start included);
* batch scoring of SpaceNet-sized chips (400 m x 400 m, 0.3 m pixels, cut
  from a mosaic of the sample) from two SpaceNet CSVs, on 1 and 2 worker
  processes: wall time, peak memory of the whole process tree, and the
  per-chip overhead (everything but the metric's own computation);
* a networkx graph of the 8x8 mosaic converted to the core's network.

Usage: python scripts/bench_library.py [--chips 1000 10000] [--repeat 5]
(``scripts/bench --library`` runs it on .venv-latest).  Prints a Markdown
table and writes it to bench-output/library.md.
"""
import argparse
import importlib.util
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GT = os.path.join(ROOT, "resources", "sample", "helsinki_ground_truth.gpkg")
PRED = os.path.join(ROOT, "resources", "sample", "helsinki_prediction.gpkg")
PIXEL = 0.3
CHIP = 400.0


def _bench_helpers():
    """mosaic() and mosaic_step() of scripts/bench.py (the mosaics every
    bench row uses)."""
    spec = importlib.util.spec_from_file_location("bench", os.path.join(ROOT, "scripts",
                                                                        "bench.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _env():
    return dict(os.environ, PYTHONPATH=ROOT)


def _median_run(cmd, repeat):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True, env=_env(), cwd=tempfile.gettempdir())
        times.append(time.perf_counter() - t)
    return statistics.median(times)


class TreeMemory:
    """Peak resident memory of a process and its children (polled /proc)."""

    def __init__(self, pid):
        self.pid, self.peak, self._stop = pid, 0, False
        self.thread = threading.Thread(target=self._poll, daemon=True)
        self.thread.start()

    def _tree(self):
        pids, todo = [], [self.pid]
        while todo:
            p = todo.pop()
            pids.append(p)
            try:
                with open(f"/proc/{p}/task/{p}/children") as f:
                    todo += [int(c) for c in f.read().split()]
            except OSError:
                pass
        return pids

    def _poll(self):
        while not self._stop:
            total = 0
            for p in self._tree():
                try:
                    with open(f"/proc/{p}/statm") as f:
                        total += int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
                except OSError:
                    pass
            self.peak = max(self.peak, total)
            time.sleep(0.05)

    def stop(self):
        self._stop = True
        self.thread.join()
        return self.peak


def chips(n_chips, folder):
    """SpaceNet ground-truth and proposal CSVs of n_chips 400 m chips."""
    import roadnetworkmetrics as rnm
    from roadnetworkmetrics.core.analysis.tiles import clip_tiles
    from roadnetworkmetrics.core.network.lineset import LineSet
    b = _bench_helpers()
    g, p = rnm.read(GT).lines.parts, rnm.read(PRED).lines.parts
    step = b.mosaic_step(g)
    side = int(np.ceil(np.sqrt(n_chips / 12.0)))  # ~12 well-filled chips per copy
    gm, conns = b.mosaic(g, side, step)
    pm, _ = b.mosaic(p, side, step, like=conns)
    G, P = LineSet(gm), LineSet(pm)
    xy = np.concatenate(gm)
    (x0, y0), (x1, y1) = xy.min(axis=0), xy.max(axis=0)
    boxes = [(x, y, x + CHIP, y + CHIP) for y in np.arange(y0, y1 - CHIP, CHIP)
             for x in np.arange(x0, x1 - CHIP, CHIP)]
    clipped = clip_tiles(G, P, list(enumerate(boxes)))
    keep = [k for k, (g_, _) in enumerate(clipped) if len(g_.parts) >= 3][:n_chips]
    out = {f"chip{k}": boxes[k] for k in keep}
    for side_name, which in (("gt", 0), ("pred", 1)):
        rows = ["ImageId,WKT_Pix"]
        for k in keep:
            box, c = boxes[k], clipped[k][which]
            for q in c.parts:
                px = np.column_stack([(q[:, 0] - box[0]) / PIXEL, (box[3] - q[:, 1]) / PIXEL])
                rows.append(f'chip{k},"LINESTRING (' + ", ".join(
                    f"{a:.2f} {b_:.2f}" for a, b_ in px) + ')"')
            if not c.parts:
                rows.append(f"chip{k},LINESTRING EMPTY")
        with open(os.path.join(folder, f"{side_name}.csv"), "w") as f:
            f.write("\n".join(rows) + "\n")
    return len(out)


def batch_row(folder, n, workers):
    cmd = [sys.executable, "-m", "roadnetworkmetrics", "batch", "apls", "--spacenet",
           os.path.join(folder, "gt.csv"), os.path.join(folder, "pred.csv"), "--pixel-size",
           str(PIXEL), "--out", os.path.join(folder, f"rows{workers}.csv"), "--no-resume",
           "--workers", str(workers), "--json"]
    return measured_run(cmd)


def measured_run(cmd):
    """(wall seconds, peak memory of the process tree in bytes, CPU seconds
    of the process and its children) of one command; its stderr on failure."""
    t = time.perf_counter()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.Popen(cmd, env=_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            cwd=tempfile.gettempdir())
    mem = TreeMemory(proc.pid)
    out, err = proc.communicate()
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    peak = mem.stop()
    if proc.returncode:
        raise SystemExit(err.decode())
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return wall, peak, cpu


_SPLIT = r"""
import json, sys, time
from roadnetworkmetrics import _api, cli
import numpy, scipy.sparse.csgraph, scipy.spatial  # the first chip imports them anyway
start = time.process_time()   # interpreter start and imports
spent = [0.0]
real = _api.run_metric
def timed(*a, **k):
    c = time.process_time()
    try:
        return real(*a, **k)
    finally:
        spent[0] += time.process_time() - c
_api.run_metric = timed
code = cli.main(sys.argv[1:])
print(json.dumps({"code": code, "start": start, "metric": spent[0],
                  "total": time.process_time()}), file=sys.stderr)
"""


def batch_split(folder, repeat):
    """CPU seconds of one serial batch process (the command line, 1 worker)
    split into start-up (interpreter and imports of the package, numpy,
    scipy), the metric's computation (inside run_metric: network building
    and APLS) and the rest (CSV parsing, pixel scaling, rows written ...:
    what every chip adds besides its metric), all measured in the same
    process, so that the shares do not depend on how busy the machine is
    between two runs; medians over ``repeat`` runs."""
    import json
    cmd = [sys.executable, "-c", _SPLIT, "batch", "apls", "--spacenet",
           os.path.join(folder, "gt.csv"), os.path.join(folder, "pred.csv"), "--pixel-size",
           str(PIXEL), "--out", os.path.join(folder, "rows_split.csv"), "--no-resume",
           "--workers", "1"]
    runs = []
    for _ in range(repeat):
        out = subprocess.run(cmd, env=_env(), capture_output=True, text=True,
                             cwd=tempfile.gettempdir())
        r = json.loads(out.stderr.strip().splitlines()[-1])
        if r["code"]:
            raise SystemExit(out.stderr)
        runs.append(r)
    return {k: statistics.median(r[k] for r in runs) for k in ("start", "metric", "total")}


def graph_row():
    import networkx as nx
    import roadnetworkmetrics as rnm
    from roadnetworkmetrics.core.network.lineset import network_from
    from shapely.geometry import LineString
    b = _bench_helpers()
    g = rnm.read(GT).lines.parts
    parts, _ = b.mosaic(g, 8, b.mosaic_step(g))
    G = nx.MultiDiGraph(crs="EPSG:3067")
    ids = {}
    for q in parts:
        for end in (tuple(q[0]), tuple(q[-1])):
            if end not in ids:
                ids[end] = len(ids)
                G.add_node(ids[end], x=end[0], y=end[1])
        G.add_edge(ids[tuple(q[0])], ids[tuple(q[-1])], geometry=LineString(q))
        G.add_edge(ids[tuple(q[-1])], ids[tuple(q[0])], geometry=LineString(q[::-1]))
    km = sum(float(np.hypot(*np.diff(q, axis=0).T).sum()) for q in parts) / 1000
    t = time.perf_counter()
    src = rnm.read(G)
    network_from(src.lines, {})
    return time.perf_counter() - t, G.number_of_edges(), km


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--chips", type=int, nargs="+", default=[1000, 10000])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--out", default=os.path.join(ROOT, "bench-output", "library.md"))
    a = ap.parse_args()
    sys.path.insert(0, ROOT)
    rows = ["| what | result | target |", "|---|---|---|"]
    t_import = _median_run([sys.executable, "-c", "import roadnetworkmetrics"], a.repeat)
    t_one = _median_run([sys.executable, "-c", "import roadnetworkmetrics as r; r.apls"],
                        a.repeat)
    rows.append(f"| `import roadnetworkmetrics` | {t_import:.2f} s | |")
    rows.append(f"| import + one metric function (`rnm.apls`) | {t_one:.2f} s | <= 0.5 s |")
    t_cli = _median_run([sys.executable, "-m", "roadnetworkmetrics", "apls", GT, PRED],
                        a.repeat)
    rows.append(f"| `roadmetrics apls` on the sample, end to end | {t_cli:.2f} s | <= 2 s |")
    for n_chips in a.chips:
        with tempfile.TemporaryDirectory() as d:
            n = chips(n_chips, d)
            split = batch_split(d, a.repeat)
            rest = split["total"] - split["start"] - split["metric"]
            walls = {}
            for w in (1, 2):
                wall, peak, cpu = batch_row(d, n, w)
                walls[w] = wall
                if w == 1:
                    share = (f"CPU {split['total']:.2f} s in one process: metric (run_metric) "
                             f"{split['metric']:.2f} s, start-up {split['start']:.2f} s "
                             f"({100 * split['start'] / split['total']:.0f} %, once per run), "
                             f"per-chip overhead (parsing, scaling, rows) {rest:.2f} s = "
                             f"{1000 * rest / n:.2f} ms per chip = "
                             f"**{100 * rest / split['total']:.1f} %** of the total")
                else:
                    share = (f"CPU {cpu:.1f} s (all processes), **{walls[1] / wall:.2f}x** the "
                             f"1-worker speed")
                rows.append(f"| batch APLS, {n} chips of 400 m (SpaceNet CSVs), {w} worker(s) | "
                            f"{wall:.1f} s wall, peak {peak / 2**20:.0f} MB (process tree), "
                            f"{share} | <= 60 s per 1,000 chips, <= 1 GB, per-chip overhead "
                            f"< 10 %; 2 workers faster than 1 |")
    deps = _median_run([sys.executable, "-c", "import numpy, scipy.sparse.csgraph, scipy.spatial, "
                        "shapely"], a.repeat)
    rows.append(f"| for comparison: `import numpy, scipy.sparse.csgraph, scipy.spatial, shapely` | "
                f"{deps:.2f} s | |")
    t_graph, edges, km = graph_row()
    rows.append(f"| networkx MultiDiGraph of the 8x8 mosaic ({edges} edges, {km:.0f} km) -> "
                f"core network | {t_graph:.2f} s | <= 2 s |")
    text = "\n".join(rows)
    print(text)
    os.makedirs(os.path.dirname(a.out), exist_ok=True)
    with open(a.out, "w") as f:
        f.write(text + "\n")


if __name__ == "__main__":
    main()
