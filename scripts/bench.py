"""Benchmark: median wall time and peak memory of every registered metric's
core computation on the bundled sample and on 4x and 16x mosaics of it
(translated copies joined by a few connector roads).

Each (metric, size) runs in a fresh process so that peak memory (maximum
resident set size, whole process, Python included) is its own.
Usage: python scripts/bench.py [--sizes 1 4 16] [--repeat 3] [--metrics apls] [--scaling]
APLS also gets a row on the 8x8 (64x) mosaic (one run; --no-apls-64 skips it).
--scaling: every metric at 1x, 4x, 16x and 64x, one run each, and the table of
docs/performance.md "Line metrics: time and memory against length" with the
exponent k of time ~ km^k fitted per metric.
"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
SAMPLE = os.path.join(ROOT, "resources", "sample")


def load_parts(path):
    from osgeo import ogr
    ds = ogr.Open(path)
    lyr = ds.GetLayer(0)
    parts = []
    for f in lyr:
        g = f.GetGeometryRef()
        if g is None:
            continue
        geoms = [g.GetGeometryRef(i) for i in range(g.GetGeometryCount())] \
            if ogr.GT_Flatten(g.GetGeometryType()) == ogr.wkbMultiLineString else [g]
        for p in geoms:
            parts.append(np.array(p.GetPoints(), dtype=float)[:, :2])
    return parts


def _connectors(a_parts, b_parts, axis, k=3):
    """k straight roads from the vertices of A farthest along ``axis`` to the
    vertices of B least far along it, in k bands of the other axis."""
    av = np.concatenate(a_parts)
    bv = np.concatenate(b_parts)
    o = 1 - axis
    lo, hi = min(av[:, o].min(), bv[:, o].min()), max(av[:, o].max(), bv[:, o].max())
    out = []
    for i in range(k):
        b0, b1 = lo + (hi - lo) * (i + 0.25) / k, lo + (hi - lo) * (i + 0.75) / k
        ai = np.nonzero((av[:, o] >= b0) & (av[:, o] <= b1))[0]
        bi = np.nonzero((bv[:, o] >= b0) & (bv[:, o] <= b1))[0]
        if len(ai) and len(bi):
            p = av[ai[np.argmax(av[ai, axis])]]
            q = bv[bi[np.argmin(bv[bi, axis])]]
            out.append(np.array([p, q]))
    return out


def mosaic(parts, n, step, like=None):
    """n x n copies translated by ``step`` (dx, dy), joined by connector roads.
    Returns (lines, connectors).  With ``like`` (the ground truth's
    connectors), each connector's ends are moved to this layer's nearest
    vertices instead, so both layers get corresponding connectors."""
    if n == 1:
        return list(parts), []
    dx, dy = step
    tiles = {}
    for i in range(n):
        for j in range(n):
            tiles[i, j] = [p + (i * dx, j * dy) for p in parts]
    out = [p for t in tiles.values() for p in t]
    if like is None:
        conns = []
        for (i, j), t in tiles.items():
            if i + 1 < n:
                conns.extend(_connectors(t, tiles[i + 1, j], 0))
            if j + 1 < n:
                conns.extend(_connectors(t, tiles[i, j + 1], 1))
    else:
        from scipy.spatial import cKDTree
        v = np.concatenate(out)
        tree = cKDTree(v)
        conns = [v[tree.query(c)[1]] for c in like]
    return out + conns, conns


def mosaic_step(gt_parts, gap=120.0):
    """Translation between copies: the ground truth's extent plus a gap (m);
    the same for both layers so that the copies stay aligned."""
    allv = np.concatenate(gt_parts)
    w, h = allv.max(axis=0) - allv.min(axis=0)
    return w + gap, h + gap


def run_spec(spec, gt, pred):
    """One metric run with default parameters (core.runner.run where it
    exists, else the older MetricSpec.run)."""
    try:
        from core.runner import run
    except ImportError:
        return spec.run(gt, pred)
    return run(spec, gt, pred)


def _children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def worker(metric, size, repeat, cores=None):
    """One metric on the size x size mosaic, ``repeat`` times; ``cores``:
    the cores the run may use (core/parallel.py; None: every core)."""
    from contextlib import nullcontext
    from core import registry
    from core.network.lineset import LineSet
    gtp = load_parts(os.path.join(SAMPLE, "helsinki_ground_truth.gpkg"))
    step = mosaic_step(gtp)
    gtl, conns = mosaic(gtp, size, step)
    gt = LineSet(gtl)
    pred = LineSet(mosaic(load_parts(os.path.join(SAMPLE, "helsinki_prediction.gpkg")), size, step,
                          like=conns)[0])
    spec = registry.get(metric)
    times, cpu = [], []
    r = None
    for _ in range(repeat):
        # fresh LineSets: networks and distance profiles are cached with them
        g, p = LineSet(gt.parts), LineSet(pred.parts)
        t, c = time.perf_counter(), time.process_time() + _children_cpu()
        budget = nullcontext()
        if cores is not None:
            from core.parallel import cores_for_run
            budget = cores_for_run(cores)
        with budget:
            r = run_spec(spec, g, p)
        times.append(time.perf_counter() - t)
        # CPU time of the process (all threads) and its ended worker
        # processes: comparable between runs on a shared machine, where wall
        # time depends on the other jobs
        cpu.append(time.process_time() + _children_cpu() - c)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    peak_child = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024.0
    head = spec.outputs[0].name
    print(json.dumps({"metric": metric, "size": size, "cores": cores,
                      "median_s": statistics.median(times), "best_s": min(times),
                      "median_cpu_s": statistics.median(cpu),
                      "peak_mb": peak, "peak_child_mb": peak_child, "score": r.scores[head],
                      "score_name": head, "gt_km": gt.total_length() / 1000, "counts": r.counts}))


def stress_worker(kind, factor):
    """Network building and APLS on the sample with hostile vertices:
    ``repeat`` = every vertex repeated ``factor`` times, ``dense`` = vertices
    inserted every ``factor`` cm.  Address space capped at 6 GB so that a
    blow-up fails here instead of eating the machine."""
    resource.setrlimit(resource.RLIMIT_AS, (6_000_000_000, 6_000_000_000))
    import tracemalloc
    from core import registry
    from core.network.lineset import LineSet
    from core.network.build import build_network
    gtp = load_parts(os.path.join(SAMPLE, "helsinki_ground_truth.gpkg"))
    prp = load_parts(os.path.join(SAMPLE, "helsinki_prediction.gpkg"))

    def hostile(parts):
        if kind == "repeat":
            return [np.repeat(p, factor, axis=0) for p in parts]
        out = []
        for p in parts:
            seg = [p[:1]]
            for a, b in zip(p[:-1], p[1:]):
                n = max(int(np.ceil(np.hypot(*(b - a)) / (factor / 100.0))), 1)
                seg.append(a + (np.arange(1, n + 1)[:, None] / n) * (b - a))
            out.append(np.concatenate(seg))
        return out

    gth, prh = hostile(gtp), hostile(prp)
    nv = sum(len(p) for p in gth) + sum(len(p) for p in prh)
    build_network(gtp)  # warm-up: imports
    tracemalloc.start()
    t = time.perf_counter()
    build_network(gth)
    build_network(prh)
    build_s = time.perf_counter() - t
    build_peak = tracemalloc.get_traced_memory()[1] / 2 ** 20
    tracemalloc.stop()
    t = time.perf_counter()
    r = run_spec(registry.get("apls"), LineSet(gth), LineSet(prh))
    apls_s = time.perf_counter() - t
    ref = run_spec(registry.get("apls"), LineSet(gtp), LineSet(prp)).scores["APLS"]
    print(json.dumps({"kind": kind, "factor": factor, "vertices": nv, "build_s": build_s,
                      "build_peak_mb": build_peak, "apls_s": apls_s,
                      "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0,
                      "APLS": r.scores["APLS"], "APLS_plain": ref}))


def dense_worker(metric, cm):
    """A geometric metric on the sample as drawn and densified to a vertex
    every ``cm`` centimetres (both layers): times and the largest change of
    a score."""
    from core import registry
    from core.geometry.polyline_edit import densify
    from core.network.lineset import LineSet
    gtp = load_parts(os.path.join(SAMPLE, "helsinki_ground_truth.gpkg"))
    prp = load_parts(os.path.join(SAMPLE, "helsinki_prediction.gpkg"))
    spec = registry.get(metric)
    out = {"metric": metric, "cm": cm}
    scores = []
    for name, (g, p) in (("plain", (gtp, prp)),
                         ("dense", ([densify(x, cm / 100.0) for x in gtp],
                                    [densify(x, cm / 100.0) for x in prp]))):
        t = time.perf_counter()
        r = run_spec(spec, LineSet(g), LineSet(p))
        out[name + "_s"] = time.perf_counter() - t
        out[name + "_vertices"] = sum(len(x) for x in g) + sum(len(x) for x in p)
        scores.append(r.scores)
    out["max_change"] = max((abs(scores[0][k] - scores[1][k]) for k in scores[0]
                             if not (np.isnan(scores[0][k]) and np.isnan(scores[1][k]))), default=0.0)
    print(json.dumps(out))


def million_worker():
    """Network building from about one million 2-vertex lines (issue 23.8):
    the prediction on the 8x8 mosaic densified to 1.25 m, every segment one
    line, against the same polylines.  LineSet and network, timed, then once
    more under tracemalloc for the peak of what they allocate."""
    import tracemalloc
    from core.geometry.polyline_edit import densify
    from core.network.lineset import LineSet, network_from
    gtp = load_parts(os.path.join(SAMPLE, "helsinki_ground_truth.gpkg"))
    step = mosaic_step(gtp)
    conns = mosaic(gtp, 8, step)[1]
    lines = [densify(x, 1.25) for x in mosaic(load_parts(os.path.join(
        SAMPLE, "helsinki_prediction.gpkg")), 8, step, like=conns)[0]]
    segs = [x[k:k + 2].copy() for x in lines for k in range(len(x) - 1)]
    network_from(LineSet(lines[:20]), {})  # warm-up: imports
    out = {"lines": len(segs), "polylines": len(lines)}
    for name, parts in (("segments", segs), ("polylines", lines)):
        t = time.perf_counter()
        net = network_from(LineSet(parts), {})
        out[name + "_s"] = time.perf_counter() - t
        out[name + "_edges"] = net.n_edges
    tracemalloc.start()
    network_from(LineSet(segs), {})
    out["segments_peak_mb"] = tracemalloc.get_traced_memory()[1] / 2 ** 20
    tracemalloc.stop()
    out["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    print(json.dumps(out))


def million_row():
    p = subprocess.run([sys.executable, __file__, "--million-worker"], capture_output=True, text=True)
    if p.returncode != 0:
        print(p.stderr, file=sys.stderr)
        raise SystemExit("bench failed for one million 2-vertex lines")
    d = json.loads(p.stdout.strip().splitlines()[-1])
    print(f"{d['lines']} 2-vertex lines (the 8x8 mosaic's prediction at 1.25 m): LineSet and network "
          f"{d['segments_s']:.2f} s, {d['segments_peak_mb']:.0f} MB traced peak, peak RSS "
          f"{d['peak_mb']:.0f} MB (inputs included); the same as {d['polylines']} polylines "
          f"{d['polylines_s']:.2f} s; {d['segments_edges']} edges both "
          f"({'same' if d['segments_edges'] == d['polylines_edges'] else 'DIFFERENT'})", flush=True)


def tiled_worker(size, workers):
    """evaluate_tiles with every metric on the size x size mosaic, one tile
    per copy of the sample."""
    from core.analysis.tiles import evaluate_tiles, grid_tiles
    from core.network.lineset import LineSet
    gtp = load_parts(os.path.join(SAMPLE, "helsinki_ground_truth.gpkg"))
    step = mosaic_step(gtp)
    gtl, conns = mosaic(gtp, size, step)
    pred = LineSet(mosaic(load_parts(os.path.join(SAMPLE, "helsinki_prediction.gpkg")), size, step,
                          like=conns)[0])
    gt = LineSet(gtl)
    allv = np.concatenate(gt.parts)
    x0, y0 = allv.min(axis=0)
    tiles = grid_tiles(x0 - 60, y0 - 60, x0 - 60 + size * step[0], y0 - 60 + size * step[1],
                       max(step))
    t = time.perf_counter()
    r = evaluate_tiles(gt, pred, tiles, workers=workers)
    dt = time.perf_counter() - t
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024.0
    print(json.dumps({"size": size * size, "workers": workers, "tiles": len(tiles), "seconds": dt,
                      "peak_mb": peak, "peak_child_mb": kids, "APLS": r.aggregate["apls"]["APLS"],
                      "failed": [w for w in r.warnings if "failed" in w]}))


def qgis_process_evaluate(runs=5):
    """Wall time of roadmetrics:evaluate (every metric, the HTML report) on
    the sample through qgis_process, QGIS start-up included, with its
    default WORKERS (one per core) and with WORKERS=1, and for reference of
    native:centroids on the ground truth (QGIS start-up and one trivial
    algorithm; issue 22 asks for evaluate-all <= 2x it).  One warm-up run
    of each first, with bytecode caching on (as in any installation: the
    plugin's .pyc files are written on its first import); then ``runs``
    rounds of the three, alternated.  Returns {name: [seconds]} or None."""
    exe = os.environ.get("QGIS_PROCESS")
    if not exe:
        return None
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    gt = os.path.join(SAMPLE, "helsinki_ground_truth.gpkg")
    out = os.path.join(ROOT, "bench-output")
    evaluate = [exe, "--json", "run", "roadmetrics:evaluate", "--", f"GROUND_TRUTH={gt}",
                f"PREDICTION={os.path.join(SAMPLE, 'helsinki_prediction.gpkg')}",
                "REPORT=" + os.path.join(out, "evaluate_sample.html")]
    cmds = {"evaluate": evaluate, "evaluate, WORKERS=1": evaluate + ["WORKERS=1"],
            "native:centroids": [exe, "--json", "run", "native:centroids", "--", f"INPUT={gt}",
                                 "OUTPUT=" + os.path.join(out, "centroids.gpkg")]}

    def wall(cmd):
        t = time.perf_counter()
        p = subprocess.run(cmd, capture_output=True, text=True, env=env)
        dt = time.perf_counter() - t
        if p.returncode != 0:
            print(p.stderr, file=sys.stderr)
            return None
        return dt
    if any(wall(c) is None for c in cmds.values()):
        return None
    times = {k: [] for k in cmds}
    for _ in range(runs):
        for k, c in cmds.items():
            times[k].append(wall(c))
    if any(None in v for v in times.values()):
        return None
    return times


def parallel_ceiling():
    """The speed-up two processes can get on this machine now: a busy loop
    alone, then two at once (a shared machine's other jobs take cores: the
    --cores speed-ups are to be read against this)."""
    cmd = [sys.executable, "-c", "sum(range(4 * 10 ** 7))"]
    t = time.perf_counter()
    subprocess.run(cmd, check=True)
    one = time.perf_counter() - t
    t = time.perf_counter()
    procs = [subprocess.Popen(cmd) for _ in range(2)]
    for p in procs:
        p.wait()
    return 2 * one / (time.perf_counter() - t)


def _metric_rows(m, n, rep, cores):
    """Rows of one metric on the n-times mosaic: one per core budget
    (``cores``; [None]: every core), each budget run ``rep`` times in a fresh
    process, the budgets alternated run by run (a shared machine's load
    then weighs on each alike); best and median wall time."""
    side = int(round(n ** 0.5))
    budgets = cores or [None]
    runs = {c: [] for c in budgets}
    for _ in range(rep if cores else 1):
        for c in budgets:
            cmd = [sys.executable, __file__, "--worker", m, str(side),
                   "--repeat", "1" if cores else str(rep)]
            if c is not None:
                cmd += ["--worker-cores", str(c)]
            p = subprocess.run(cmd, capture_output=True, text=True)
            if p.returncode != 0:
                print(p.stderr, file=sys.stderr)
                raise SystemExit(f"bench failed for {m} x{n}")
            runs[c].append(json.loads(p.stdout.strip().splitlines()[-1]))
    rows = []
    if cores and len(budgets) > 1:
        print(f"  (two processes at once now: {parallel_ceiling():.2f}x one)", flush=True)
    for c in budgets:
        d = dict(runs[c][-1])
        if cores:
            d["median_s"] = statistics.median(r["median_s"] for r in runs[c])
            d["median_cpu_s"] = statistics.median(r["median_cpu_s"] for r in runs[c])
            d["best_s"] = min(r["best_s"] for r in runs[c])
            d["peak_mb"] = max(r["peak_mb"] for r in runs[c])
        d["label"] = f"{n}x" + (f", {c} core(s)" if c is not None else "")
        speed = ""
        if cores and c != budgets[0]:
            b0 = min(r["best_s"] for r in runs[budgets[0]])
            speed = f"  speed-up (best of {len(runs[c])}) {b0 / d['best_s']:.2f}x"
        print(f"{m:10s} {d['label']:>14s}  {d['gt_km']:8.1f} km  {d['median_s']:8.3f} s  best "
              f"{d['best_s']:8.3f} s  {d['median_cpu_s']:8.3f} s CPU  {d['peak_mb']:8.0f} MB  "
              f"{d['score_name']}={d['score']:.4f}{speed}", flush=True)
        rows.append(d)
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tiled", action="store_true",
                    help="also evaluate every metric on the 16x mosaic in 16 tiles, serial and on 2 "
                         "workers, and time evaluate-all through qgis_process")
    ap.add_argument("--qgis-only", action="store_true",
                    help="only time evaluate-all through qgis_process")
    ap.add_argument("--tiled-worker", nargs=2, type=int)
    ap.add_argument("--stress", action="store_true",
                    help="only the hostile-vertex rows: the sample with each vertex repeated 300 "
                         "times, and densified to 4 cm (network building and APLS); the "
                         "geometric metrics on the sample densified to 10 cm")
    ap.add_argument("--stress-worker", nargs=2)
    ap.add_argument("--dense-worker", nargs=2)
    ap.add_argument("--million", action="store_true",
                    help="only network building from one million 2-vertex lines (also in --stress)")
    ap.add_argument("--million-worker", action="store_true")
    ap.add_argument("--raster-read", action="store_true",
                    help="only reading 10,000^2 and 20,000^2 probability maps in windows "
                         "(scripts/bench_raster_read.py; needs GDAL's Python bindings)")
    ap.add_argument("--sizes", type=int, nargs="+", default=[1, 4, 16])
    ap.add_argument("--scaling", action="store_true",
                    help="every metric at 1x, 4x, 16x and 64x, one run each, and the scaling "
                         "table with the fitted exponent (time ~ km^k) for docs/performance.md")
    ap.add_argument("--no-apls-64", action="store_true",
                    help="skip the extra row of APLS on the 8x8 (64x) mosaic, added when APLS is "
                         "benchmarked and 64 is not among --sizes (issue 22: <= 60 s, <= 1 GB)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--metrics", nargs="+", default=None)
    ap.add_argument("--worker", nargs=2)
    ap.add_argument("--cores", type=int, nargs="+", default=None,
                    help="run each (metric, size) with each of these core budgets "
                         "(core/parallel.py; e.g. 1 2: serial against both cores, the runs "
                         "alternated); default: every core")
    ap.add_argument("--worker-cores", type=int, default=None)
    ap.add_argument("--out", default=os.path.join(ROOT, "bench-output", "bench.md"))
    a = ap.parse_args()
    if a.scaling:
        # one core: the exponent is the algorithm's, not the machine's spare core's
        a.sizes, a.repeat, a.no_apls_64, a.cores = [1, 4, 16, 64], 1, True, [1]
    if a.worker:
        worker(a.worker[0], int(a.worker[1]), a.repeat, a.worker_cores)
        return
    if a.tiled_worker:
        tiled_worker(*a.tiled_worker)
        return
    if a.stress_worker:
        stress_worker(a.stress_worker[0], int(a.stress_worker[1]))
        return
    if a.dense_worker:
        dense_worker(a.dense_worker[0], int(a.dense_worker[1]))
        return
    if a.million_worker:
        million_worker()
        return
    if a.million:
        million_row()
        return
    if a.raster_read:
        raise SystemExit(subprocess.run([sys.executable, os.path.join(
            os.path.dirname(os.path.abspath(__file__)), "bench_raster_read.py")]).returncode)
    if a.stress:
        for kind, factor, label in (("repeat", 1, "sample"),
                                    ("repeat", 300, "each vertex repeated 300 times"),
                                    ("dense", 4, "densified to 4 cm")):
            p = subprocess.run([sys.executable, __file__, "--stress-worker", kind, str(factor)],
                               capture_output=True, text=True)
            if p.returncode != 0:
                print(p.stderr, file=sys.stderr)
                raise SystemExit(f"stress bench failed for {label}")
            d = json.loads(p.stdout.strip().splitlines()[-1])
            print(f"{label}: {d['vertices']} vertices (both layers); network building "
                  f"{d['build_s']:.2f} s, {d['build_peak_mb']:.0f} MB traced peak; APLS "
                  f"{d['apls_s']:.2f} s; peak RSS {d['peak_mb']:.0f} MB; APLS {d['APLS']:.6f} "
                  f"(plain sample {d['APLS_plain']:.6f})", flush=True)
        for m in ("ccq", "distances", "cldice", "boundaryf", "instances"):
            p = subprocess.run([sys.executable, __file__, "--dense-worker", m, "10"],
                               capture_output=True, text=True)
            if p.returncode != 0:
                print(p.stderr, file=sys.stderr)
                raise SystemExit(f"dense bench failed for {m}")
            d = json.loads(p.stdout.strip().splitlines()[-1])
            print(f"{m}, densified to 10 cm ({d['dense_vertices']} vertices): {d['dense_s']:.2f} s "
                  f"(as drawn, {d['plain_vertices']} vertices: {d['plain_s']:.2f} s); largest "
                  f"score change {d['max_change']:.1e}", flush=True)
        million_row()
        return
    from core import registry
    metrics = a.metrics or [s.id for s in registry.all_specs()]
    if a.qgis_only:
        metrics = []
    rows = []
    if a.cores and len(a.cores) > 1:
        print(f"two processes at once on this machine now: {parallel_ceiling():.2f}x the speed of one "
              f"(the ceiling of the speed-ups below; load {os.getloadavg()[0]:.1f})", flush=True)
    for m in metrics:
        extra_64 = m == "apls" and 64 not in a.sizes and not a.no_apls_64
        for n in a.sizes + ([64] if extra_64 else []):
            rows.extend(_metric_rows(m, n, a.repeat if n < 16 else max(1, a.repeat - 2), a.cores))
    extra = []
    for w in ((1, 2) if a.tiled else ()):
        p = subprocess.run([sys.executable, __file__, "--tiled-worker", "4", str(w)],
                           capture_output=True, text=True)
        if p.returncode != 0:
            print(p.stderr, file=sys.stderr)
            raise SystemExit("tiled bench failed")
        d = json.loads(p.stdout.strip().splitlines()[-1])
        line = (f"evaluate-all, 16x mosaic in {d['tiles']} tiles, {w} worker(s): {d['seconds']:.1f} s, "
                f"peak RSS {d['peak_mb']:.0f} MB (main) / {d['peak_child_mb']:.0f} MB (largest worker), "
                f"pooled APLS {d['APLS']:.4f}, failed tiles: {len(d['failed'])}")
        print(line, flush=True)
        extra.append(line)
    if a.tiled or a.qgis_only:
        os.makedirs(os.path.join(ROOT, "bench-output"), exist_ok=True)
        q = qgis_process_evaluate()
        if q is None:
            print("qgis_process evaluate-all: no working qgis_process (QGIS_PROCESS unset) or it failed",
                  file=sys.stderr)
        else:
            ref = statistics.median(q["native:centroids"])
            line = "; ".join(
                f"{k}: median {statistics.median(v):.2f} s (range {min(v):.2f}-{max(v):.2f} s"
                + (f", {statistics.median(v) / ref:.2f}x native:centroids)" if k != "native:centroids"
                   else ")") for k, v in q.items())
            line = f"on the sample through qgis_process, {len(q['evaluate'])} alternated rounds: {line}"
            print(line, flush=True)
            extra.append(line)
    os.makedirs(os.path.dirname(a.out), exist_ok=True)
    with open(a.out, "w") as fh:
        fh.write("| metric | input | GT length (km) | median core time (s) | median CPU time (s) | "
                 "peak RSS (MB) | score |\n")
        fh.write("|---|---|---|---|---|---|---|\n")
        for d in rows:
            fh.write(f"| {d['metric']} | sample {d['label']} | {d['gt_km']:.1f} | {d['median_s']:.3f} | "
                     f"{d['median_cpu_s']:.3f} | {d['peak_mb']:.0f} | {d['score_name']} {d['score']:.4f} |\n")
        for line in extra:
            fh.write(f"\n{line}\n")
        if a.scaling:
            fh.write("\n" + scaling_table(rows) + "\n")
    if a.scaling:
        print(scaling_table(rows))
    print("table written to", a.out)


def fitted_exponent(km, seconds):
    """k of time ~ km^k: least squares on log-log over the mosaics (4x and
    up; at 1x fixed costs such as imports and set-up dominate)."""
    pts = [(x, t) for x, t in zip(km, seconds) if x > 1.5 * min(km) and t > 0]
    if len(pts) < 2:
        return float("nan")
    x, t = np.log([p[0] for p in pts]), np.log([p[1] for p in pts])
    return float(np.polyfit(x, t, 1)[0])


def scaling_table(rows):
    """Markdown: per metric, wall / CPU seconds and peak RSS at each size,
    and the exponent fitted on CPU time (less sensitive to other jobs on
    the machine than wall time)."""
    sizes = sorted({d["size"] ** 2 for d in rows})
    head = "| metric | " + " | ".join(f"{n}x ({km:.0f} km)" for n, km in sorted(
        {d["size"] ** 2: d["gt_km"] for d in rows}.items())) + " | k (CPU) |"
    out = [head, "|---" * (len(sizes) + 2) + "|"]
    for m in dict.fromkeys(d["metric"] for d in rows):
        mine = {d["size"] ** 2: d for d in rows if d["metric"] == m}
        cells = [f"{mine[n]['median_s']:.2f} s / {mine[n]['median_cpu_s']:.2f} s CPU, "
                 f"{mine[n]['peak_mb']:.0f} MB" if n in mine else "" for n in sizes]
        k = fitted_exponent([mine[n]["gt_km"] for n in sizes if n in mine],
                            [mine[n]["median_cpu_s"] for n in sizes if n in mine])
        out.append(f"| {m} | " + " | ".join(cells) + f" | {k:.2f} |")
    return "\n".join(out)


if __name__ == "__main__":
    main()
