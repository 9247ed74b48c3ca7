import numpy as np

from core.network.lineset import LineSet


def lines(*coords, **attrs):
    return LineSet.from_lines([np.asarray(c, dtype=float) for c in coords], **attrs)


def block_grid(shift=0.0, drop=False):
    """A 3 x 3 block grid of 100 m blocks as 8 lines (4 along x, 4 along y),
    moved by ``shift`` metres; ``drop``: without the line x = 0."""
    out = []
    for i in range(4):
        out.append([[i * 100.0 + shift, 0.0], [i * 100.0 + shift, 300.0]])
        out.append([[0.0, i * 100.0 + shift], [300.0, i * 100.0 + shift]])
    return out[1:] if drop else out


def _norm(x):
    """A value with its numbers as bytes (NaN equal to NaN, -0.0 not 0.0)."""
    if isinstance(x, dict):
        return {k: _norm(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_norm(v) for v in x]
    if isinstance(x, np.ndarray):
        return ("array", str(x.dtype), x.shape, x.tobytes())
    if isinstance(x, (float, np.floating)):
        return ("float", np.float64(x).tobytes())
    return x


def assert_identical_results(a, b):
    """Two MetricResults hold the same numbers, bit for bit: scores, counts,
    details and every layer's coordinates and columns (NaN equal to NaN)."""
    import pickle
    norm = _norm
    assert norm(a.scores) == norm(b.scores), (a.scores, b.scores)
    assert norm(a.counts) == norm(b.counts)
    assert pickle.dumps(norm(a.details)) == pickle.dumps(norm(b.details))
    assert sorted(a.layers) == sorted(b.layers)
    for name, t in a.layers.items():
        u = b.layers[name]
        assert norm(t.coords) == norm(u.coords), name
        assert norm(t.columns) == norm(u.columns), name


def assert_same_without_layers(spec, gt, pred, params, skips_layers=True):
    """A run without diagnostics (core/runner.py run_metric) against a full
    run: the same scores, counts, details and pooling statistics, bit for
    bit, and (``skips_layers``: a metric that skips its layers' work) no
    layers.  Returns the full run's result."""
    from core.runner import run
    full = run(spec, gt, pred, params)
    bare = run(spec, gt, pred, params, diagnostics=False)
    assert bare.layers == {} or not skips_layers
    for k in ("scores", "counts", "details", "pool_stats"):
        assert _norm(getattr(full, k)) == _norm(getattr(bare, k)), k
    return full


def slow_here(monkeypatch, seconds=0.3):
    """Make process_map's items slow in this process only, so that its
    worker process takes some of them (a small input is otherwise done
    here before the worker has started).  Returns the list of items run
    here.  The wrapper carries core.parallel._one_core's name, so it is
    pickled by reference and the worker runs the real function.

    The first item here lasts at least twice the start-up of a Python
    importing numpy and scipy, measured now: on a loaded machine a worker
    takes seconds to start, and the items here must not all end before it
    does (the tests once failed at a load average of 8-10 on two cores)."""
    import subprocess
    import sys
    import time
    from core import parallel
    t0 = time.monotonic()
    subprocess.run([sys.executable, "-c", "import numpy, scipy.sparse, scipy.spatial"],
                   check=True, capture_output=True)
    first = max(seconds, 2.0 * (time.monotonic() - t0))
    real = parallel._one_core
    here = []

    def wrapper(task, item, progress):
        here.append(item)
        time.sleep(first if len(here) == 1 else seconds)
        return real(task, item, progress)
    wrapper.__module__, wrapper.__qualname__ = real.__module__, real.__qualname__
    monkeypatch.setattr(parallel, "_one_core", wrapper)
    return here
