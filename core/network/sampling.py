"""Seeded random generators and control-point placement."""
from __future__ import annotations

import numpy as np

from .build import densify_locations


def rng(seed: int) -> np.random.Generator:
    """A numpy Generator from an integer seed (PCG64: identical streams on
    every platform and numpy >= 1.17)."""
    return np.random.Generator(np.random.PCG64(int(seed)))


def apls_control_points(net, spacing: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Control points of APLS (SpaceNet rules): every node, plus on each
    edge of length L: none if L < 0.75 spacing, its midpoint if L <= spacing,
    else ceil(L / spacing) - 1 evenly spaced interior points.
    Returns (edge, offset, is_node)."""
    ne, no = net.node_locations()
    L = net.edge_length
    de, do = densify_locations(net, spacing)
    mid = (L >= 0.75 * spacing) & (L <= spacing)
    me = np.nonzero(mid)[0]
    keep = ~mid[de]
    edge = np.concatenate([ne, de[keep], me])
    off = np.concatenate([no, do[keep], L[me] / 2.0])
    is_node = np.zeros(len(edge), dtype=bool)
    is_node[:len(ne)] = True
    # group by edge so that row blocks share few end nodes
    o = np.lexsort((off, edge))
    return edge[o], off[o], is_node[o]
