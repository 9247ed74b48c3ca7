"""Road Network Metrics: score a predicted road network against a ground truth.

The metric core of the QGIS plugin "Road Network Metrics" as a Python
library: the same numbers, without QGIS.  One function per metric::

    >>> import roadnetworkmetrics as rnm
    >>> gt = [[(0, 0), (200, 0), (400, 0)], [(200, 0), (200, 300)]]
    >>> pred = [[(0, 2), (400, 2)]]
    >>> r = rnm.apls(gt, pred)
    >>> round(r.scores["APLS"], 3)
    0.51

Inputs are file paths, networkx / osmnx graphs, shapely geometries,
coordinate arrays or GeoDataFrames (:func:`read`); results carry the plugin's
SCORES (``scores``, ``parameters``, ``counts``, ``warnings``) and the
matched / unmatched features (``layers``).  Bad input raises
:class:`InputError`.  See docs/library.md.
"""
from __future__ import annotations

from typing import Any, Optional

from ._errors import InputError

from .core.registry import METRIC_MODULES as _MODULES  # noqa: E402 (no numpy, no metric loaded)

# the metric ids, from the registry's module list (each metric's module is
# named after it; tests/library/test_api.py checks they are the registered
# ids): the line metrics, then the pixel metrics (core/metrics/pixel/)
_METRICS = tuple(sorted(m.rsplit(".", 1)[1] for m in _MODULES if not m.startswith("pixel.")))
_PIXEL_METRICS = tuple(sorted(m.rsplit(".", 1)[1] for m in _MODULES if m.startswith("pixel.")))
_LAZY = {"compute": "._api", "batch": "._batch", "BatchResult": "._batch",
         "evaluate": "._evaluate", "EvaluationResult": "._evaluate", "Result": "._result",
         "Source": "._source", "centrelines": "._raster",
         "perturb": "._tools", "sensitivity": "._tools", "compare": "._tools",
         "PerturbResult": "._tools", "SensitivityResult": "._tools", "ComparisonResult": "._tools",
         "compare_runs": "._runs", "RunComparison": "._runs", "Metric": "._accumulate"}

__all__ = ["InputError", "Result", "EvaluationResult", "BatchResult", "Source", "batch", "datasets",
           "centrelines", "compute", "perturb", "sensitivity", "compare", "PerturbResult",
           "SensitivityResult", "ComparisonResult", "compare_runs", "RunComparison", "Metric",
           "evaluate", "metrics", "read", "pixel_metrics"] + list(_METRICS) + list(_PIXEL_METRICS)


from .core.version import version as _version  # noqa: E402 (no dependencies)

__version__ = _version() or "unknown"


def __getattr__(name: str) -> Any:
    """The metric functions and the heavier names are made on first use, so
    that ``import roadnetworkmetrics`` does not import numpy and scipy."""
    import importlib
    if name in _METRICS:
        from ._api import _spec, metric_function
        fn = metric_function(_spec(name))
    elif name in _PIXEL_METRICS:
        from ._api import _spec
        from ._pixel import mask_function
        fn = mask_function(_spec(name))
    elif name in _LAZY:
        fn = getattr(importlib.import_module(_LAZY[name], __name__), name)
    elif name == "datasets":
        fn = importlib.import_module(".datasets", __name__)
    else:
        raise AttributeError(f"module 'roadnetworkmetrics' has no attribute {name!r}")
    globals()[name] = fn
    return fn


def __dir__() -> list:
    return sorted(set(globals()) | set(__all__))


def metrics() -> list:
    """The metric ids, in the plugin's order (``['apls', 'boundaryf', ...]``)."""
    from .core import registry
    return [s.id for s in registry.all_specs()]


def pixel_metrics() -> list:
    """The ids of the pixel metrics, which score two masks on one grid
    (``['pixel_boundaryf', ...]``; docs/pixel.md)."""
    from .core import registry
    return [s.id for s in registry.all_specs("masks")]


def read(obj: Any, crs: Optional[Any] = None, node_xy=None, layer: Optional[str] = None,
         name: str = "input", axes: Optional[str] = None):
    """Lines from a path, graph, adjacency dict, geometries, arrays or
    GeoDataFrame, with their CRS (``crs`` sets or overrides it: 'EPSG:3067',
    a WKT, a pyproj CRS), as a :class:`Source` that every metric function
    accepts.  ``node_xy`` names a networkx graph's node coordinates: a pair
    of attribute names, one attribute holding (x, y), or 'key' for (x, y)
    node keys.  ``axes`` says in which order a graph's or an adjacency
    dict's coordinates are: 'xy', or 'rowcol' (Sat2Graph / SAM-Road
    pickles ``{(row, col): [(row2, col2), ...]}``; sknw graphs are read as
    (row, col) unless told otherwise).  ``layer`` picks a layer of a
    multi-layer file.

    >>> import roadnetworkmetrics as rnm
    >>> src = rnm.read([[(0, 0), (10, 0)]], crs="EPSG:3067")
    >>> len(src.lines), src.crs
    (1, 'EPSG:3067')
    """
    from ._inputs import as_source
    from ._source import library_source
    return library_source(as_source(obj, name, crs=crs, node_xy=node_xy, layer=layer,
                                    fields=None, axes=axes), obj)
