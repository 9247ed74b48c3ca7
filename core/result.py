"""MetricResult: what every metric returns (scores, diagnostics, warnings)."""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any, Iterator, Optional

import numpy as np


@dataclass(eq=False)
class FeatureTable:
    """Features of one output layer: geometry type 'Point', 'LineString' or
    'None' (a table), coordinates ((n, 2) array for points, list of (k, 2)
    arrays for lines, list of None for tables) and attribute columns.
    ``fields`` is a list of (name, type) with type in {'int', 'double',
    'string'}."""

    geometry: str
    fields: list
    coords: Any = field(init=False)
    columns: dict = field(init=False)

    def __post_init__(self):
        self.fields = list(self.fields)
        self.coords = np.zeros((0, 2)) if self.geometry == "Point" else []
        self.columns = {name: [] for name, _ in self.fields}

    def __len__(self) -> int:
        return len(self.coords)

    def extend(self, coords, **columns) -> FeatureTable:
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

    def rows(self) -> Iterator[list]:
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


def json_safe(obj: Any) -> Any:
    """Recursively turn numpy types into Python ones and NaN/inf into None."""
    if isinstance(obj, dict):
        return {str(k): json_safe(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [json_safe(v) for v in obj]
    if isinstance(obj, np.ndarray):
        return [json_safe(v) for v in obj.tolist()]
    return _clean(obj)


@dataclass(eq=False)
class MetricResult:
    """What a metric returns.  ``scores``: {output name: number};
    ``parameters``: the parameters used; ``counts``: sizes of the inputs
    and intermediate sets; ``warnings``: texts (core.text); ``layers``:
    {sink name: FeatureTable}; ``details``: bounded extra facts (histograms,
    per-class scores); ``pool_stats``: additive statistics from which the
    metric's 'pooled' aggregation over tiles recomputes its scores (see
    MetricSpec.pool); ``maps``: {map name: 2-D uint8 array on the input
    grid} of a mask metric run with ``diagnostics=True`` (registry.RasterMap: the
    codes' legend), never in SCORES."""

    metric: str
    scores: Optional[dict] = None
    parameters: Optional[dict] = None
    counts: Optional[dict] = None
    warnings: Optional[list] = None
    layers: Optional[dict] = None
    details: Optional[dict] = None
    pool_stats: Optional[dict] = None
    maps: Optional[dict] = None

    def __post_init__(self):
        self.maps = dict(self.maps or {})
        self.scores = dict(self.scores or {})
        self.parameters = dict(self.parameters or {})
        self.counts = dict(self.counts or {})
        self.warnings = list(self.warnings or [])
        self.layers = dict(self.layers or {})
        self.details = dict(self.details or {})
        self.pool_stats = dict(self.pool_stats or {})

    def score(self, name: str) -> float:
        return float(self.scores[name])

    def to_dict(self, pool_stats: bool = False) -> dict:
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

    def to_json(self, indent: Optional[int] = None) -> str:
        """The SCORES output: to_dict() as JSON."""
        return json.dumps(self.to_dict(), indent=indent, sort_keys=False)
