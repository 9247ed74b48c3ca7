"""LineSet: the lines of one input layer as plain arrays (no QGIS types)."""
from __future__ import annotations

from typing import Optional

import numpy as np

from .build import build_network_flat, flatten_parts, plain_parts
from .build import LineNetwork
from ..text import msg

MAX_COORDINATE_M = float(2 ** 53)
"""Largest |x| or |y| (metres) of a usable vertex: 2^53 m, about 9.007e15 m.
Beyond it float64 no longer represents every whole metre, so no distance
can mean anything: the vertex is a digitising or export error (projected
coordinates of the Earth stay within about 2e7 m).  Below it the metrics
run, with the precision warning of core/runner.py once float64 cannot
resolve the tolerances (from about 2e11 m); squared distances (8e31) stay
far from overflow in the KD-trees and solvers (one vertex at 1e308 made
every metric fail with scipy's "floating point overflow")."""


def far_part(p: np.ndarray) -> bool:
    """True when a part has a coordinate beyond MAX_COORDINATE_M (infinite
    included; NaN parts are dropped by build_network)."""
    return bool(len(p)) and bool((np.abs(p) > MAX_COORDINATE_M).any())


class LineSet:
    """``parts``: list of (k, 2) float arrays (one per line part);
    ``part_feature``: index of the feature each part comes from;
    ``feature_ids``: the source feature ids; ``attributes``: dict of
    field name -> list of one value per feature; ``counts``: what the reader
    skipped (null, empty, invalid geometries ...).

    Parts with a coordinate beyond MAX_COORDINATE_M are left out here, where
    every face (QGIS, Python library, readers) builds its LineSet, and
    counted in ``counts['far_parts']`` (see :func:`reader_warnings`)."""

    def __init__(self, parts, part_feature=None, feature_ids=None, attributes=None, counts=None):
        parts = list(parts)
        plain = plain_parts(parts)
        if not plain:
            parts = [np.asarray(p, dtype=float)[:, :2] for p in parts]
        xy, lens = flatten_parts(parts, plain)
        self._setup(parts, xy, lens, part_feature, feature_ids, attributes, counts)

    @classmethod
    def from_flat(cls, xy: np.ndarray, lens: np.ndarray, part_feature=None, feature_ids=None,
                  attributes=None, counts=None) -> LineSet:
        """A LineSet from every part's (x, y) one after the other (``xy``,
        (V, 2) float) and each part's number of vertices (``lens``): the
        parts are views into ``xy``, no per-part copy (readers of a million
        features use it)."""
        xy = np.ascontiguousarray(xy, dtype=float)
        lens = np.asarray(lens, dtype=np.int64)
        ends = np.cumsum(lens)
        parts = [xy[a:b] for a, b in zip((ends - lens).tolist(), ends.tolist())]
        self = cls.__new__(cls)
        self._setup(parts, xy, lens, part_feature, feature_ids, attributes, counts)
        return self

    def _setup(self, parts, xy, lens, part_feature, feature_ids, attributes, counts):
        n = len(parts)
        if part_feature is None:
            part_feature, nf = np.arange(n), n
        else:
            part_feature = np.asarray(part_feature, dtype=np.int64)
            nf = int(part_feature.max()) + 1 if n else 0
        nfar = 0
        if len(xy) and not (xy.max() <= MAX_COORDINATE_M and xy.min() >= -MAX_COORDINATE_M):
            # (two reductions and nothing else for the usual data, where
            # every vertex is in bounds; NaN takes this exact test too)
            far = np.zeros(n, dtype=bool)
            far_v = np.nonzero(((xy > MAX_COORDINATE_M) | (xy < -MAX_COORDINATE_M)).any(axis=1))[0]
            far[np.searchsorted(np.cumsum(lens), far_v, side="right")] = True
            nfar = int(far.sum())
        if nfar:
            keep = ~far
            parts = [p for p, k in zip(parts, keep.tolist()) if k]
            part_feature = part_feature[keep]
            xy, lens = xy[np.repeat(keep, lens)], lens[keep]
        self.parts, self.part_feature = parts, part_feature
        self._flat = (xy, lens)
        self.feature_ids = (np.arange(nf) if feature_ids is None
                            else np.asarray(feature_ids, dtype=np.int64))
        self.attributes = dict(attributes or {})
        self.counts = dict(counts or {})
        if nfar:
            self.counts["far_parts"] = self.counts.get("far_parts", 0) + nfar

    def flat(self) -> tuple[np.ndarray, np.ndarray]:
        """Every part's (x, y) one after the other and each part's number of
        vertices (core/network/build.py flatten_parts), made once."""
        if "_flat" not in self.__dict__:
            self._flat = flatten_parts(self.parts)
        return self._flat

    @classmethod
    def from_lines(cls, lines, **attributes) -> LineSet:
        """Convenience: one feature per line (for tests and scripts)."""
        return cls(lines, attributes={k: list(v) for k, v in attributes.items()})

    def __getstate__(self):
        # the cached networks are rebuilt where needed, not pickled to
        # workers; the parts travel as the flat coordinates and lengths (two
        # arrays instead of one per part: a batch sends thousands of chips)
        # and are views into them again on the other side
        state = dict(self.__dict__)
        state.pop("_networks", None)
        state.pop("parts")
        state["_flat"] = self.flat()
        return state

    def __setstate__(self, state):
        xy, lens = state["_flat"]
        ends = np.cumsum(lens)
        state["parts"] = [xy[a:b] for a, b in zip((ends - lens).tolist(), ends.tolist())]
        self.__dict__.update(state)

    def __len__(self):
        return len(self.parts)

    def part_attribute(self, name: str) -> list:
        vals = self.attributes[name]
        return [vals[i] for i in self.part_feature]

    def translated(self, dx: float, dy: float) -> LineSet:
        return LineSet([p + (dx, dy) for p in self.parts], self.part_feature, self.feature_ids,
                       self.attributes, self.counts)

    def total_length(self) -> float:
        """Sum of the parts' lengths, part by part in order (the same float
        as summing each part's segments with numpy, then the parts in
        order), without a numpy call per part of one or two segments."""
        if "_length" not in self.__dict__:
            self._length = _total_length(*self.flat())
        return self._length


def _total_length(xy, lens) -> float:
    nseg = np.maximum(lens - 1, 0)
    if not nseg.any():
        return 0.0
    d = np.diff(xy, axis=0)
    seg = np.hypot(d[:, 0], d[:, 1])
    start = np.cumsum(lens) - lens
    per = np.zeros(len(lens))
    one, two = nseg == 1, nseg == 2
    per[one] = seg[start[one]]
    per[two] = seg[start[two]] + seg[start[two] + 1]
    for k in np.nonzero(nseg > 2)[0].tolist():
        per[k] = seg[start[k]:start[k] + nseg[k]].sum()
    return float(np.cumsum(per[nseg > 0])[-1])


def reader_warnings(ls: LineSet, name: str) -> list:
    """What LineSet construction left out of a layer, as warnings naming it
    (every face shows them)."""
    n = ls.counts.get("far_parts", 0)
    if not n:
        return []
    return [msg("{}: {} line part(s) skipped: a coordinate beyond 2^53 m (9.007e+15 m, where "
                "float64 no longer resolves whole metres; a digitising or export error).", name, n)]


def network_from(lineset: LineSet, params: dict,
                 cost_rate: Optional[np.ndarray] = None) -> LineNetwork:
    """The network of a LineSet (core/network/build.py build_network_flat on
    :meth:`LineSet.flat`).  Without a cost rate the network is built once
    per LineSet and settings and shared by the metrics that ask for it (evaluate-all runs a dozen of them on the
    same layers); its arrays are read-only so that no metric can change it
    for the others."""
    tol = float(params.get("MERGE_TOLERANCE", 0.05))
    crossings = bool(params.get("NODE_CROSSINGS", False))
    xy, lens = lineset.flat()
    if cost_rate is not None:
        return build_network_flat(xy, lens, cost_rate=cost_rate, merge_tolerance=tol,
                                  node_crossings=crossings)
    cache = lineset.__dict__.setdefault("_networks", {})
    key = (tol, crossings)
    if key not in cache:
        net = build_network_flat(xy, lens, merge_tolerance=tol, node_crossings=crossings)
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
