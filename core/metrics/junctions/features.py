"""Junctions and road ends of a LineNetwork, for the junction metrics.

Our network model dissolves nodes of degree 2, so every node is a *feature*:
a dead end (degree 1) or a junction (degree >= 3); the only exception is the
one node kept on a closed ring without any other node (degree 2, not a
feature).  The degree counts edge ends (a self-loop counts twice).

This module answers three questions (vectorised, except a loop over the
junctions that have another junction close by, whose clustering depends on
order):

* which nodes are features / junctions (:func:`feature_nodes`);
* which junctions are close enough to be one road junction
  (:func:`cluster_junctions`, the RoadTracer rule);
* in which directions the roads leave a junction (:func:`junction_directions`):
  each road leaving the junction (cluster) is followed DIRECTION_DISTANCE
  metres from the node where it leaves; when the road is shorter, its far end
  is used: the next junction (where the RoadTracer code stops its walk) or the
  dead end where the road stops.
"""
from __future__ import annotations

import math

import numpy as np

from ...lazy_scipy import cKDTree, coo_matrix, dijkstra


def feature_nodes(net) -> tuple[np.ndarray, np.ndarray]:
    """(node ids, degrees) of the nodes of degree != 2, in node order."""
    deg = net.node_degree()
    ids = np.nonzero(deg != 2)[0]
    return ids, deg[ids]


def junction_nodes(net) -> np.ndarray:
    """Node ids of the junctions (degree >= 3), in node order."""
    return np.nonzero(net.node_degree() >= 3)[0]


def _length_graph(net):
    """Sparse symmetric adjacency weighted by edge length (shortest of
    parallel edges, self-loops dropped)."""
    n = net.n_nodes
    u, v, w = net.edge_u, net.edge_v, net.edge_length
    ok = u != v
    a, b, w = np.minimum(u, v)[ok], np.maximum(u, v)[ok], np.maximum(w[ok], 1e-12)
    o = np.lexsort((w, b, a))
    a, b, w = a[o], b[o], w[o]
    first = np.r_[True, (a[1:] != a[:-1]) | (b[1:] != b[:-1])] if len(a) else np.zeros(0, bool)
    return coo_matrix((w[first], (a[first], b[first])), shape=(n, n)).tocsr()


TILE_SOURCES = 256  # sources per tile of node_pair_distances (fewer Python steps)
BLOCK_ELEMENTS = 4 * 2**20  # distances held at once by node_pair_distances (32 MB)


def node_pair_distances(net, a, b, limit) -> np.ndarray:
    """Network distance between nodes a[k] and b[k] when it is <= limit
    (inf otherwise).

    A path no longer than ``limit`` stays within ``limit`` (straight line) of
    its start, so the sources are grouped in square tiles (at least 4 x limit
    wide, about TILE_SOURCES sources each) and each tile runs a bounded
    Dijkstra on the subgraph of the nodes within ``limit`` of the tile: exact,
    and the memory is at most BLOCK_ELEMENTS distances at a time, never
    sources x all nodes."""
    a = np.asarray(a, dtype=np.int64)
    b = np.asarray(b, dtype=np.int64)
    out = np.full(len(a), np.inf)
    limit = float(limit)
    if len(a) == 0 or not limit >= 0:
        return out
    xy = net.node_xy
    same = a == b
    out[same] = 0.0
    todo = np.nonzero(~same & (np.hypot(*(xy[a] - xy[b]).T) <= limit))[0]
    if len(todo) == 0:
        return out
    g = _length_graph(net)
    tree = cKDTree(xy)
    sxy = xy[a[todo]]
    origin = sxy.min(axis=0)
    w, h = np.maximum(sxy.max(axis=0) - origin, 1.0)
    tile = max(4.0 * limit, 1.0, math.sqrt(w * h * TILE_SOURCES / len(todo)))
    cell = np.floor((xy[a[todo]] - origin) / tile).astype(np.int64)
    cells, inv = np.unique(cell, axis=0, return_inverse=True)
    inv = inv.ravel()
    for k in range(len(cells)):
        sel = todo[inv == k]
        centre = origin + (cells[k] + 0.5) * tile
        local = np.sort(np.asarray(tree.query_ball_point(centre, tile * 0.7072 + limit),
                                   dtype=np.int64))
        sub = g[local][:, local]
        pa = np.searchsorted(local, a[sel])
        pb = np.searchsorted(local, b[sel])
        src, si = np.unique(pa, return_inverse=True)
        si = si.ravel()
        step = max(1, BLOCK_ELEMENTS // max(len(local), 1))
        for s0 in range(0, len(src), step):
            rows = dijkstra(sub, directed=False, indices=src[s0:s0 + step], limit=limit)
            part = (si >= s0) & (si < s0 + step)
            out[sel[part]] = rows[si[part] - s0, pb[part]]
    out[out > limit] = np.inf
    return out


class JunctionClusters:
    """Junction clusters of one network.

    ``node`` (C,): the seed node of each cluster, ``xy`` (C, 2) its position
    (the cluster's position, as in the RoadTracer code); ``of_node`` (N,):
    cluster id of each node (-1 for non-junctions); ``size`` (C,): member
    count; ``roads`` (C,): roads leaving the cluster; directions as flat
    arrays sorted by cluster: ``dir_ptr`` (C+1,), ``dir_xy`` (M, 2),
    ``dir_angle`` (M,) radians from the cluster position, ``dir_edge``,
    ``dir_node`` (the member node the road leaves from)."""

    def __init__(self, net, radius, direction_distance):
        self.net = net
        deg = net.node_degree()
        self.of_node, self.node = cluster_junctions(net, radius, deg)
        self.xy = net.node_xy[self.node] if len(self.node) else np.zeros((0, 2))
        self.size = np.bincount(self.of_node[self.of_node >= 0], minlength=len(self.node))
        d = junction_directions(net, self.of_node, self.xy, direction_distance, deg)
        self.roads = np.bincount(d["cluster"], minlength=len(self.node))
        self.dir_ptr = np.concatenate([[0], np.cumsum(self.roads)]).astype(np.int64)
        self.dir_xy = d["xy"]
        self.dir_angle = d["angle"]
        self.dir_edge = d["edge"]
        self.dir_node = d["node"]

    def __len__(self):
        return len(self.node)

    @property
    def n_directions(self) -> np.ndarray:
        return np.diff(self.dir_ptr)


def cluster_junctions(net, radius, deg=None) -> tuple[np.ndarray, np.ndarray]:
    """Group junctions as RoadTracer's GetIntersectionClusters does: in node
    order, each junction not yet in a cluster seeds one, which takes every
    junction not yet in a cluster that is closer than ``radius`` (straight
    line) and within 2 x ``radius`` along the network.

    Returns (cluster id per node, -1 for non-junctions; seed node per cluster).
    Node order is canonical (sorted by x, y), so the result does not depend on
    how features are drawn."""
    if deg is None:
        deg = net.node_degree()
    junc = np.nonzero(deg >= 3)[0]
    of_node = np.full(net.n_nodes, -1, dtype=np.int64)
    if len(junc) == 0:
        return of_node, np.zeros(0, dtype=np.int64)
    partners = {}
    if radius > 0 and len(junc) > 1:
        pr = cKDTree(net.node_xy[junc]).query_pairs(float(radius), output_type="ndarray")
        if len(pr):
            i, j = junc[pr[:, 0]], junc[pr[:, 1]]
            close = np.hypot(*(net.node_xy[i] - net.node_xy[j]).T) < radius
            i, j = i[close], j[close]
            reach = node_pair_distances(net, i, j, 2.0 * radius) <= 2.0 * radius
            i, j = i[reach], j[reach]
            a = np.concatenate([i, j])
            b = np.concatenate([j, i])
            o = np.lexsort((b, a))
            a, b = a[o], b[o]
            if len(a):
                cut = np.nonzero(np.r_[True, a[1:] != a[:-1]])[0]
                for k, s in enumerate(cut):
                    e = cut[k + 1] if k + 1 < len(cut) else len(a)
                    partners[int(a[s])] = b[s:e].tolist()
    # junctions without partners are singletons; only the others need the
    # sequential (order-dependent) rule
    seen = set()
    seed_of = {}
    for n in sorted(partners):
        if n in seen:
            continue
        seen.add(n)
        seed_of[n] = n
        for m in partners[n]:
            if m not in seen:
                seen.add(m)
                seed_of[m] = n
    is_seed = np.ones(len(junc), dtype=bool)
    member = np.array(sorted(k for k, s in seed_of.items() if s != k), dtype=np.int64)
    if len(member):
        is_seed[np.searchsorted(junc, member)] = False
    seeds = junc[is_seed]
    of_node[seeds] = np.arange(len(seeds))
    if len(member):
        of_node[member] = of_node[np.array([seed_of[int(m)] for m in member], dtype=np.int64)]
    return of_node, seeds


def junction_directions(net, of_node, cluster_xy, distance, deg=None) -> dict[str, np.ndarray]:
    """Where the roads leaving each junction cluster lead.

    Every edge end at a cluster member whose other end is not in the same
    cluster is a road leaving the cluster (edges with both ends in the
    cluster, self-loops included, are internal).  Its direction point is the
    point ``distance`` metres along the edge from that end; when the edge is
    shorter, its far end (a junction or a dead end).  Returns a dict of flat
    arrays sorted by (cluster, edge, end): cluster, edge, node, xy, angle
    (radians, counter-clockwise from east, seen from the cluster position)."""
    if deg is None:
        deg = net.node_degree()
    E = net.n_edges
    edge = np.concatenate([np.arange(E), np.arange(E)])
    end = np.concatenate([np.zeros(E, np.int64), np.ones(E, np.int64)])
    node = np.concatenate([net.edge_u, net.edge_v])
    other = np.concatenate([net.edge_v, net.edge_u])
    c = of_node[node] if len(node) else np.zeros(0, np.int64)
    keep = (c >= 0) & (of_node[other] != c) if len(node) else np.zeros(0, bool)
    edge, end, node, other, c = edge[keep], end[keep], node[keep], other[keep], c[keep]
    o = np.lexsort((end, edge, c))
    edge, end, node, other, c = edge[o], end[o], node[o], other[o], c[o]
    L = net.edge_length[edge]
    long_ = L >= distance
    xy = net.node_xy[other].astype(float) if len(other) else np.zeros((0, 2))
    if long_.any():
        off = np.where(end[long_] == 0, distance, L[long_] - distance)
        xy[long_] = net.point_at(edge[long_], off)
    v = xy - cluster_xy[c] if len(c) else np.zeros((0, 2))
    angle = np.arctan2(v[:, 1], v[:, 0])
    return dict(cluster=c, edge=edge, node=node, xy=xy, angle=angle)


def angle_difference(a, b) -> np.ndarray:
    """Absolute difference of two angles (radians), in [0, pi]."""
    d = np.abs(np.asarray(a) - np.asarray(b)) % (2 * np.pi)
    return np.minimum(d, 2 * np.pi - d)


