"""Bootstrap intervals at benchmark scale (issue 34): 10,000 resamples over
10,000 chips x 13 scores (the mean's BCa and percentile intervals), the
pooled intervals of metrics whose pooled rule is a sum of counts (APLS,
TOPO) from 10,000 chips' pooling counts, and compare-runs on three runs of
2,000 chips.  Synthetic rows (scores in [0, 1], pooling counts shaped like
the metrics'), so the bench measures the statistics alone.  Prints rows
for docs/performance.md.

    python scripts/bench_intervals.py [--chips 10000] [--resamples 10000]
"""
from __future__ import annotations

import argparse
import os
import resource
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from core import registry  # noqa: E402
from core.analysis import bootstrap as bt  # noqa: E402
from core.analysis.paired import compare_runs  # noqa: E402


def apls_stats(rng, n):
    routes = rng.integers(50, 400, n).astype(float)
    return [{"variant": "standard", "time": False, "gt_routes": g, "pred_routes": g * 0.9,
             "gt_penalty": g * rng.uniform(0, 0.6), "pred_penalty": g * 0.9 * rng.uniform(0, 0.5),
             "gt_penalty_time": 0.0, "pred_penalty_time": 0.0} for g in routes]


def topo_stats(rng, n):
    holes = rng.integers(100, 900, n).astype(float)
    out = []
    for h in holes:
        m = h * rng.uniform(0.8, 1.2)
        out.append({"matched_marbles": m * rng.uniform(0.5, 0.95), "marbles": m,
                    "TP": h * rng.uniform(0.4, 0.9), "holes": h, "FP": 10.0, "FN": 20.0})
    return out


def timed(fn):
    t, c = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - t, time.process_time() - c


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--chips", type=int, default=10_000)
    ap.add_argument("--resamples", type=int, default=10_000)
    a = ap.parse_args()
    rng = np.random.default_rng(0)
    n, b = a.chips, a.resamples
    x = rng.beta(2, 3, size=(n, 13))
    x[rng.random((n, 13)) < 0.02] = np.nan
    print("| what | chips | resamples | wall s | CPU s |\n|---|---|---|---|---|")
    for method in ("bca", "percentile"):
        _, w, c = timed(lambda m=method: bt.mean_intervals(x, resamples=b, method=m))
        print(f"| mean of 13 scores, {method} | {n} | {b} | {w:.2f} | {c:.2f} |")
    for metric, make in (("apls", apls_stats), ("topo", topo_stats)):
        spec = registry.get(metric)
        stats = make(rng, n)
        outs = [o.name for o in spec.outputs if not bt.is_count(o)]
        r, w, c = timed(lambda s=spec, st=stats, o=outs: bt.pooled_intervals(s, st, o, resamples=b))
        print(f"| pooled {metric} ({len(outs)} scores), bca | {n} | {r['resamples']} | {w:.2f} | "
              f"{c:.2f} |")
    m = min(n, 2000)
    base = rng.beta(2, 3, m)
    runs = [(f"m{k}", {f"c{i}": {"S": float(base[i] + 0.02 * k + rng.normal(0, 0.05)),
                                 "T": float(base[i] * 0.5 + rng.normal(0, 0.05))}
                       for i in range(m)}) for k in range(3)]
    _, w, c = timed(lambda: compare_runs(runs, [("S", 1), ("T", 1)], resamples=b))
    print(f"| compare-runs, 3 runs x 2 scores | {m} | {b} | {w:.2f} | {c:.2f} |")
    print(f"\npeak memory {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")


if __name__ == "__main__":
    main()
