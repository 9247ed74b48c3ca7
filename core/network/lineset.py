"""LineSet: the lines of one input layer as plain arrays (no QGIS types)."""
from __future__ import annotations

from typing import Optional

import numpy as np

from .build import build_network
from .build import LineNetwork
from ..text import msg


class LineSet:
    """``parts``: list of (k, 2) float arrays (one per line part);
    ``part_feature``: index of the feature each part comes from;
    ``feature_ids``: the source feature ids; ``attributes``: dict of
    field name -> list of one value per feature; ``counts``: what the reader
    skipped (null, empty, invalid geometries ...)."""

    def __init__(self, parts, part_feature=None, feature_ids=None, attributes=None, counts=None):
        self.parts = [np.asarray(p, dtype=float)[:, :2] for p in parts]
        n = len(self.parts)
        self.part_feature = (np.arange(n) if part_feature is None
                             else np.asarray(part_feature, dtype=np.int64))
        nf = int(self.part_feature.max()) + 1 if n else 0
        self.feature_ids = (np.arange(nf) if feature_ids is None
                            else np.asarray(feature_ids, dtype=np.int64))
        self.attributes = dict(attributes or {})
        self.counts = dict(counts or {})

    @classmethod
    def from_lines(cls, lines, **attributes) -> LineSet:
        """Convenience: one feature per line (for tests and scripts)."""
        return cls(lines, attributes={k: list(v) for k, v in attributes.items()})

    def __getstate__(self):
        # the cached networks are rebuilt where needed, not pickled to workers
        state = dict(self.__dict__)
        state.pop("_networks", None)
        return state

    def __len__(self):
        return len(self.parts)

    def part_attribute(self, name: str) -> list:
        vals = self.attributes[name]
        return [vals[i] for i in self.part_feature]

    def translated(self, dx: float, dy: float) -> LineSet:
        return LineSet([p + (dx, dy) for p in self.parts], self.part_feature, self.feature_ids,
                       self.attributes, self.counts)

    def total_length(self) -> float:
        return float(sum(np.hypot(*np.diff(p, axis=0).T).sum() for p in self.parts if len(p) > 1))


def network_from(lineset: LineSet, params: dict,
                 cost_rate: Optional[np.ndarray] = None) -> LineNetwork:
    """The network of a LineSet (core/network/build.py build_network).  Without a
    cost rate the network is built once per LineSet and settings and shared
    by the metrics that ask for it (evaluate-all runs a dozen of them on the
    same layers); its arrays are read-only so that no metric can change it
    for the others."""
    tol = float(params.get("MERGE_TOLERANCE", 0.05))
    crossings = bool(params.get("NODE_CROSSINGS", False))
    if cost_rate is not None:
        return build_network(lineset.parts, cost_rate=cost_rate, merge_tolerance=tol,
                             node_crossings=crossings)
    cache = lineset.__dict__.setdefault("_networks", {})
    key = (tol, crossings)
    if key not in cache:
        net = build_network(lineset.parts, merge_tolerance=tol, node_crossings=crossings)
        for v in vars(net).values():
            if isinstance(v, np.ndarray):
                v.setflags(write=False)
        cache[key] = net
    return cache[key]


def network_pair(gt: LineSet, pred: LineSet, params: dict, warnings: list,
                 cost_rates: tuple = (None, None)) -> tuple[LineNetwork, LineNetwork]:
    """The ground-truth and prediction networks (:func:`network_from`); the
    warnings of building them are appended to ``warnings``, each prefixed
    with its layer."""
    G = network_from(gt, params, cost_rates[0])
    P = network_from(pred, params, cost_rates[1])
    warnings += [msg("ground truth: {}", w) for w in G.warnings]
    warnings += [msg("prediction: {}", w) for w in P.warnings]
    return G, P
