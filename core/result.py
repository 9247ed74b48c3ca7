"""MetricResult: what every metric returns (scores, diagnostics, warnings)."""
import json
import math

import numpy as np


class FeatureTable:
    """Features of one output layer: geometry type 'Point', 'LineString' or
    'None' (a table), coordinates ((n, 2) array for points, list of (k, 2)
    arrays for lines, list of None for tables) and attribute columns.  ``fields`` is a list of (name, type) with type
    in {'int', 'double', 'string'}."""

    def __init__(self, geometry, fields):
        self.geometry = geometry
        self.fields = list(fields)
        self.coords = np.zeros((0, 2)) if geometry == "Point" else []
        self.columns = {name: [] for name, _ in self.fields}

    def __len__(self):
        return len(self.coords)

    def extend(self, coords, **columns):
        n = len(coords)
        if self.geometry == "Point":
            self.coords = np.vstack([self.coords, np.asarray(coords, float).reshape(-1, 2)])
        elif self.geometry == "None":
            self.coords = list(self.coords) + [None] * n
        else:
            self.coords = list(self.coords) + [np.asarray(c, float) for c in coords]
        for name, _ in self.fields:
            v = columns.get(name)
            if v is None:
                vals = [None] * n
            elif np.isscalar(v) or isinstance(v, str):
                vals = [v] * n
            else:
                vals = list(np.asarray(v).tolist()) if isinstance(v, np.ndarray) else list(v)
            if len(vals) != n:
                raise ValueError(f"column {name}: {len(vals)} values for {n} features")
            self.columns[name].extend(vals)
        return self

    def rows(self):
        """Attribute rows as lists in field order, NaN turned into None."""
        cols = [self.columns[name] for name, _ in self.fields]
        for i in range(len(self.coords)):
            yield [_clean(c[i]) for c in cols]


def _clean(x):
    if isinstance(x, (float, np.floating)) and not math.isfinite(float(x)):
        return None
    if isinstance(x, np.generic):
        return x.item()
    return x


def json_safe(obj):
    """Recursively turn numpy types into Python ones and NaN/inf into None."""
    if isinstance(obj, dict):
        return {str(k): json_safe(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [json_safe(v) for v in obj]
    if isinstance(obj, np.ndarray):
        return [json_safe(v) for v in obj.tolist()]
    return _clean(obj)


class MetricResult:
    def __init__(self, metric, scores=None, parameters=None, counts=None, warnings=None,
                 layers=None, details=None, pool_stats=None):
        self.metric = metric
        self.scores = dict(scores or {})
        self.parameters = dict(parameters or {})
        self.counts = dict(counts or {})
        self.warnings = list(warnings or [])
        self.layers = dict(layers or {})
        self.details = dict(details or {})
        # additive statistics from which the metric's 'pooled' aggregation
        # over tiles recomputes its scores (see MetricSpec.pool)
        self.pool_stats = dict(pool_stats or {})

    def score(self, name):
        return float(self.scores[name])

    def to_dict(self, pool_stats=False):
        """Scores, parameters, counts, warnings and details (all bounded:
        their size does not grow with the number of features, paths or
        points; per-item detail is in the layers).  ``pool_stats``: also the
        additive statistics used to pool tiles (internal; they can hold one
        entry per prediction, e.g. instances)."""
        out = {
            "metric": self.metric,
            "scores": {k: float(v) for k, v in self.scores.items()},
            "parameters": self.parameters,
            "counts": self.counts,
            "warnings": self.warnings,
            "details": self.details,
        }
        if pool_stats:
            out["pool_stats"] = self.pool_stats
        return json_safe(out)

    def to_json(self, indent=None):
        """The SCORES output: to_dict() as JSON."""
        return json.dumps(self.to_dict(), indent=indent, sort_keys=False)
