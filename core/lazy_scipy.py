"""The scipy functions the core calls, imported on first call.

``import roadnetworkmetrics; roadnetworkmetrics.apls`` builds every
metric's function from the registry, which imports every metric module;
importing ``scipy.sparse``, ``scipy.spatial`` and ``scipy.optimize`` with
them cost about two thirds of that time (0.2-0.3 s of 0.5 s, against a
budget of 0.5 s for the import and one metric function).
The metric modules import these names from here instead: scipy is loaded
when a metric first runs, and each call costs one Python call more.
Only calls are wrapped (nothing in the core tests ``isinstance`` against
these classes)."""
from __future__ import annotations

import importlib
from typing import Any, Callable


def _lazy(module: str, name: str) -> Callable[..., Any]:
    fn = None

    def call(*args, **kwargs):
        nonlocal fn
        if fn is None:  # two threads may both import: the same function
            fn = getattr(importlib.import_module(module), name)
        return fn(*args, **kwargs)
    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"{module}.{name}, imported on first call (core/lazy_scipy.py)."
    return call


coo_matrix = _lazy("scipy.sparse", "coo_matrix")
csr_matrix = _lazy("scipy.sparse", "csr_matrix")
connected_components = _lazy("scipy.sparse.csgraph", "connected_components")
dijkstra = _lazy("scipy.sparse.csgraph", "dijkstra")
cKDTree = _lazy("scipy.spatial", "cKDTree")
linear_sum_assignment = _lazy("scipy.optimize", "linear_sum_assignment")
