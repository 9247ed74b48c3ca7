import numpy as np

from core.network.lineset import LineSet


def lines(*coords, **attrs):
    return LineSet.from_lines([np.asarray(c, dtype=float) for c in coords], **attrs)


def assert_identical_results(a, b):
    """Two MetricResults hold the same numbers, bit for bit: scores, counts,
    details and every layer's coordinates and columns (NaN equal to NaN)."""
    import pickle

    def norm(x):
        if isinstance(x, dict):
            return {k: norm(v) for k, v in x.items()}
        if isinstance(x, (list, tuple)):
            return [norm(v) for v in x]
        if isinstance(x, np.ndarray):
            return ("array", str(x.dtype), x.shape, x.tobytes())
        if isinstance(x, (float, np.floating)):
            return ("float", np.float64(x).tobytes())  # NaN == NaN, -0.0 != 0.0
        return x
    assert norm(a.scores) == norm(b.scores), (a.scores, b.scores)
    assert norm(a.counts) == norm(b.counts)
    assert pickle.dumps(norm(a.details)) == pickle.dumps(norm(b.details))
    assert sorted(a.layers) == sorted(b.layers)
    for name, t in a.layers.items():
        u = b.layers[name]
        assert norm(t.coords) == norm(u.coords), name
        assert norm(t.columns) == norm(u.columns), name


def slow_here(monkeypatch, seconds=0.3):
    """Make process_map's items slow in this process only, so that its
    worker process takes some of them (a small input is otherwise done
    here before the worker has started).  Returns the list of items run
    here.  The wrapper carries core.parallel._one_core's name, so it is
    pickled by reference and the worker runs the real function."""
    import time
    from core import parallel
    real = parallel._one_core
    here = []

    def wrapper(task, item, progress):
        here.append(item)
        time.sleep(seconds)
        return real(task, item, progress)
    wrapper.__module__, wrapper.__qualname__ = real.__module__, real.__qualname__
    monkeypatch.setattr(parallel, "_one_core", wrapper)
    return here
