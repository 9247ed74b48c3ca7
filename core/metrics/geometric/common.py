"""What CCQ, the distance metrics, clDice and the boundary F-measure share:
the two networks in one local frame, empty-input handling and line-piece
output layers (not a metric itself: it is not in registry.METRIC_MODULES)."""
from __future__ import annotations

from typing import Optional

import numpy as np

from .linecover import Segments
from .linesample import DistanceProfile, EdgeSegments, NearestSegment, local_origin
from ...network.lineset import network_pair
from ...result import FeatureTable
from ...text import msg

GT, PRED = "ground_truth", "prediction"
PIECE_FIELDS = [("source", "string"), ("length", "double"), ("distance", "double"),
                ("max_distance", "double")]
NAN = float("nan")


class Pair:
    """Both networks, their segments in one local frame (EdgeSegments and
    core.metrics.geometric.linecover.Segments) and which of them is empty."""

    def __init__(self, gt, pred, params, warnings):
        self.G, self.P = network_pair(gt, pred, params, warnings)
        self.origin = local_origin(self.G, self.P)
        self.SG = EdgeSegments(self.G, self.origin)
        self.SP = EdgeSegments(self.P, self.origin)
        self.BG = Segments(self.SG.ax, self.SG.ay, self.SG.bx, self.SG.by)
        self.BP = Segments(self.SP.ax, self.SP.ay, self.SP.bx, self.SP.by)
        self.LG = self.G.total_length
        self.LP = self.P.total_length
        self.gt_empty = self.G.is_empty()
        self.pred_empty = self.P.is_empty()

    def profiles(self, step) -> tuple:
        """(ground truth -> prediction, prediction -> ground truth)
        DistanceProfiles sampled every ``step`` metres.  CCQ and the distance
        metrics both need them: they are computed once per pair of networks
        (which are themselves shared, core/network/lineset.py network_from) and step,
        and kept with the ground-truth network."""
        cache = self.G.__dict__.setdefault("_profiles", {})
        key = (id(self.P), float(step))
        hit = cache.get(key)
        if hit is None or hit[0] is not self.P:
            hit = (self.P,
                   DistanceProfile(self.G, self.SG, NearestSegment.of(self.SP), step),
                   DistanceProfile(self.P, self.SP, NearestSegment.of(self.SG), step))
            cache[key] = hit
        return hit[1], hit[2]

    @property
    def empty(self) -> Optional[str]:
        """'both', 'gt', 'pred' or None."""
        if self.gt_empty and self.pred_empty:
            return "both"
        if self.gt_empty:
            return "gt"
        if self.pred_empty:
            return "pred"
        return None

    def counts(self) -> dict:
        G, P = self.G, self.P
        return {"gt_nodes": G.n_nodes, "gt_edges": G.n_edges, "pred_nodes": P.n_nodes,
                "pred_edges": P.n_edges, "gt_length_m": self.LG, "pred_length_m": self.LP,
                "gt_dropped_parts": G.stats.get("dropped_parts", 0),
                "pred_dropped_parts": P.stats.get("dropped_parts", 0)}


def empty_warning(which, warnings, what) -> None:
    """Record the empty-input convention applied."""
    text = {"both": msg("both networks are empty: {}", what),
            "gt": msg("the ground truth is empty: {}", what),
            "pred": msg("the prediction is empty: {}", what)}[which]
    warnings.append(text)


def add_pieces(table, net, edge, o0, o1, source, profile=None, **columns) -> FeatureTable:
    """Append the stretches (edge, o0, o1) of ``net`` as LineStrings with
    source, length and (with a DistanceProfile of that network) the mean and
    maximum distance to the other network."""
    from .overlap import cut_pieces
    edge = np.asarray(edge, np.int64)
    o0 = np.asarray(o0, float)
    o1 = np.asarray(o1, float)
    keep = o1 - o0 > 1e-9
    edge, o0, o1 = edge[keep], o0[keep], o1[keep]
    if len(edge) == 0:
        return table
    cols = dict(source=source, length=o1 - o0)
    if profile is not None and len(profile.d):
        mean, _, mx = profile.piece_stats(edge, o0, o1)
        cols.update(distance=mean, max_distance=mx)
    for k, v in columns.items():
        cols[k] = np.asarray(v)[keep] if isinstance(v, np.ndarray) else v
    table.extend(cut_pieces(net, edge, o0, o1), **cols)
    return table


def line_table(fields=PIECE_FIELDS) -> FeatureTable:
    return FeatureTable("LineString", fields)


def runs(edge, flag) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Maximal runs of consecutive samples with the same flag on the same
    edge (samples in edge order): (first index, last index, flag)."""
    edge = np.asarray(edge)
    flag = np.asarray(flag)
    n = len(edge)
    if n == 0:
        z = np.zeros(0, np.int64)
        return z, z, np.zeros(0, bool)
    start = np.r_[True, (edge[1:] != edge[:-1]) | (flag[1:] != flag[:-1])]
    first = np.nonzero(start)[0]
    last = np.r_[first[1:] - 1, n - 1]
    return first, last, flag[first]
