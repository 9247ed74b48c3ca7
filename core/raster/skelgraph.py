"""A one-pixel skeleton as a graph: nodes at road ends and junctions (each
cluster of touching junction pixels one node, at the pixels' mean), one
line per skeleton branch, closed rings as one loop each.

Pixels are linked by m-adjacency (mixed adjacency, Gonzalez and Woods,
Digital Image Processing): two orthogonal neighbours are linked, two
diagonal ones only when no pixel of the skeleton touches both orthogonally.
This drops the triangles that 8-adjacency makes at every staircase step,
so a pixel's number of links tells a line (2) from an end (1) and a
junction (3 or more)."""
from __future__ import annotations

import numpy as np
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components

from ..progress import checkpoint
from .thinning import neighbour_offsets

# the diagonal directions (code bits NW, NE, SE, SW) and their two
# orthogonal directions (N, E, S, W are bits 1, 3, 5, 7)
_DIAGONALS = ((0, 1, 7), (2, 1, 3), (4, 3, 5), (6, 5, 7))


def _links(flat: np.ndarray, pix: np.ndarray, width: int) -> np.ndarray:
    """(len(pix), 8) index into ``pix`` of each pixel's m-adjacent
    neighbours, -1 where there is none."""
    offsets = neighbour_offsets(width)
    near = pix[:, None] + offsets[None, :]
    present = flat[near] != 0
    linked = present.copy()
    for d, o1, o2 in _DIAGONALS:
        linked[:, d] &= ~(present[:, o1] | present[:, o2])
    idx = np.searchsorted(pix, near)
    return np.where(linked, idx, -1)


def _junction_clusters(pix: np.ndarray, width: int, junction: np.ndarray) -> np.ndarray:
    """Cluster label (0..) of each junction pixel: 8-connected junction
    pixels share one."""
    jpix = pix[junction]
    near = jpix[:, None] + neighbour_offsets(width)[None, :]
    j = np.clip(np.searchsorted(jpix, near), 0, max(len(jpix) - 1, 0))
    hit = jpix[j] == near if len(jpix) else np.zeros(near.shape, dtype=bool)
    rows = np.repeat(np.arange(len(jpix)), 8)[hit.ravel()]
    graph = coo_matrix((np.ones(len(rows)), (rows, j.ravel()[hit.ravel()])),
                       shape=(len(jpix), len(jpix)))
    return connected_components(graph, directed=False)[1]


def _nodes(pix: np.ndarray, width: int, deg: np.ndarray) -> tuple[np.ndarray, int]:
    """Node id of each pixel (-1 on line pixels): ends and isolated pixels
    one each, a cluster of junction pixels one; ids numbered in the order of
    each node's first pixel (row-major), so the result is deterministic."""
    node_of = np.full(len(pix), -1, dtype=np.int64)
    junction = deg >= 3
    key = np.arange(len(pix), dtype=np.int64)  # a node's key: its first pixel
    if junction.any():
        lab = _junction_clusters(pix, width, junction)
        first = np.full(lab.max() + 1, len(pix), dtype=np.int64)
        np.minimum.at(first, lab, key[junction])
        key[junction] = first[lab]
    isnode = deg != 2
    uniq, inverse = np.unique(key[isnode], return_inverse=True)
    node_of[isnode] = inverse.ravel()
    return node_of, len(uniq)


def _trace(nbrs: list, node_of: list, starts: list) -> list:
    """Walk from every node pixel along each of its links to the next node
    pixel: [(u, v, [pixel indices])], each branch once."""
    visited = bytearray(len(node_of))
    edges = []
    for p in starts:
        checkpoint()
        for q in nbrs[p]:
            if node_of[q] >= 0:
                if node_of[q] != node_of[p] and p < q:
                    edges.append((node_of[p], node_of[q], [p, q]))
                continue
            if visited[q]:
                continue
            path, prev, cur = [p, q], p, q
            while node_of[cur] < 0:
                visited[cur] = 1
                a, b = nbrs[cur]
                prev, cur = cur, (b if a == prev else a)
                path.append(cur)
            edges.append((node_of[p], node_of[cur], path))
    return edges, visited


def _rings(nbrs: list, node_of: list, visited: bytearray, n_nodes: int) -> tuple[list, list]:
    """Closed rings without any node: one loop each, starting and ending at
    its first pixel (row-major), which becomes a node."""
    edges, ring_nodes = [], []
    for s in range(len(node_of)):
        if node_of[s] >= 0 or visited[s]:
            continue
        node = n_nodes + len(ring_nodes)
        ring_nodes.append(s)
        path, prev, cur = [s], -1, s
        while True:
            visited[cur] = 1
            a, b = nbrs[cur]
            nxt = a if prev < 0 else (b if a == prev else a)
            path.append(nxt)
            if nxt == s:
                break
            prev, cur = cur, nxt
        edges.append((node, node, path))
    return edges, ring_nodes


def skeleton_graph(skel: np.ndarray) -> tuple[np.ndarray, list]:
    """``(nodes, edges)`` of a skeleton (2-D bool array): ``nodes`` the
    (row, col) of each node, as floats (a junction cluster's mean pixel);
    ``edges`` a list of ``(u, v, rc)``, ``rc`` the (k, 2) (row, col) of the
    branch from node u's position through its pixels to node v's."""
    skel = np.asarray(skel, dtype=bool)
    h, w = skel.shape
    img = np.zeros((h + 2, w + 2), dtype=np.uint8)
    img[1:-1, 1:-1] = skel
    flat = img.ravel()
    pix = np.flatnonzero(flat)
    links = _links(flat, pix, w + 2)
    deg = (links >= 0).sum(axis=1)
    node_of, n_nodes = _nodes(pix, w + 2, deg)
    rc = np.column_stack([pix // (w + 2) - 1, pix % (w + 2) - 1]).astype(float)
    nbrs = [[q for q in row if q >= 0] for row in links.tolist()]
    node_list = node_of.tolist()
    edges, visited = _trace(nbrs, node_list, np.flatnonzero(node_of >= 0).tolist())
    ring_edges, ring_pixels = _rings(nbrs, node_list, visited, n_nodes)
    pos = np.zeros((n_nodes, 2))
    isnode = node_of >= 0
    counts = np.bincount(node_of[isnode], minlength=n_nodes)
    for k in (0, 1):
        pos[:, k] = np.bincount(node_of[isnode], rc[isnode, k], minlength=n_nodes) / \
            np.maximum(counts, 1)
    pos = np.vstack([pos, rc[ring_pixels].reshape(-1, 2)])
    out = []
    for u, v, path in edges + ring_edges:
        coords = rc[path]
        coords[0], coords[-1] = pos[u], pos[v]
        out.append((u, v, coords))
    return pos, out
