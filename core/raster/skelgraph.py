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
from scipy.sparse.csgraph import connected_components, depth_first_order

from .thinning import neighbour_offsets

# the diagonal directions (code bits NW, NE, SE, SW) and their two
# orthogonal directions (N, E, S, W are bits 1, 3, 5, 7)
_DIAGONALS = ((0, 1, 7), (2, 1, 3), (4, 3, 5), (6, 5, 7))


def _links(pix: np.ndarray, width: int) -> np.ndarray:
    """(len(pix), 8) index into ``pix`` (sorted flat indices in an image
    ``width`` wide with a background border) of each pixel's m-adjacent
    neighbours, -1 where there is none."""
    n = len(pix)
    idx = np.empty((n, 8), dtype=np.int64)
    present = np.empty((n, 8), dtype=bool)
    for k, off in enumerate(neighbour_offsets(width).tolist()):
        near = pix + off  # sorted, so the search is a merge
        j = np.minimum(np.searchsorted(pix, near), max(n - 1, 0))
        idx[:, k] = j
        present[:, k] = pix[j] == near if n else False
    linked = present.copy()
    for d, o1, o2 in _DIAGONALS:
        linked[:, d] &= ~(present[:, o1] | present[:, o2])
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


def _chains(links: np.ndarray, isline: np.ndarray) -> tuple:
    """The runs of line pixels (2 links each) between node pixels: the
    connected components of the links between line pixels, each a path
    (two attachments: a node pixel linked to one of its end pixels) or a
    ring (none).  Returns (component of each pixel, attachment arrays
    (p, k, q): node pixel, link direction, line pixel, in (p, k) order)."""
    n = len(isline)
    has = links >= 0
    li, lk = np.nonzero(has & isline[:, None])
    lj = links[li, lk]
    inner = isline[lj]
    graph = coo_matrix((np.ones(int(inner.sum()), dtype=np.int8), (li[inner], lj[inner])),
                       shape=(n, n))
    comp = connected_components(graph, directed=False)[1]
    ap, ak = np.nonzero(has & ~isline[:, None])
    aq = links[ap, ak]
    return comp, graph, (ap, ak, aq)


def _walk_order(graph, heads: np.ndarray, cut: tuple) -> np.ndarray:
    """The line pixels of every path and ring in walk order, one after the
    other: a depth-first order from a root linked to each one's first pixel
    (``heads``) over the links between line pixels, each ring cut open
    between its first pixel and its last (``cut``: (first, last) arrays), so
    every walk has one way to go."""
    n = graph.shape[0]
    g = graph.tocoo()
    a, b = g.row, g.col
    first, last = cut
    if len(first):
        drop = np.isin(a * n + b, np.concatenate([first * n + last, last * n + first]))
        a, b = a[~drop], b[~drop]
    a = np.concatenate([a, np.full(len(heads), n)])
    b = np.concatenate([b, heads])
    tree = coo_matrix((np.ones(len(a), dtype=np.int8), (a, b)), shape=(n + 1, n + 1)).tocsr()
    return depth_first_order(tree, n, directed=True, return_predecessors=False)[1:]


def _paths(links: np.ndarray, node_of: np.ndarray, n_nodes: int) -> tuple[list, np.ndarray]:
    """Every branch as ``(u, v, pixel indices)``, in the order of a walk
    from each node pixel (row-major) along each of its links (direction
    order): paths of line pixels between node pixels, and links between two
    nodes; then the rings without a node, each from its first pixel
    (row-major) round to it again, and the first pixel of each ring."""
    isline = node_of < 0
    comp, graph, (ap, ak, aq) = _chains(links, isline)
    key = ap * 8 + ak
    to_line = isline[aq]
    direct = ~to_line & (node_of[aq] != node_of[ap]) & (ap < aq)
    # each path's two attachments; it is walked from the first (in key order)
    ch = comp[aq[to_line]]
    o = np.argsort(ch, kind="stable")
    start, end = o[0::2], o[1::2]
    sp, sq, ep = ap[to_line][start], aq[to_line][start], ap[to_line][end]
    # rings: line components without attachments, from their first pixel
    on_path = np.zeros(len(comp) + 1, dtype=bool)
    on_path[ch] = True
    ring_px = np.flatnonzero(isline & ~on_path[comp])
    ring_first = np.sort(_firsts(ring_px, comp[ring_px]))
    order = _walk_order(graph, np.concatenate([sq, ring_first]),
                        (ring_first, _second_link(links, ring_first)))
    cuts = np.flatnonzero(np.concatenate([[True], comp[order][1:] != comp[order][:-1]]))
    cuts = cuts[cuts < len(order)]
    segs = dict(zip(comp[order[cuts]].tolist(), np.split(order, cuts[1:])))
    trace = [(k, node_of[p], node_of[e], np.concatenate([[p], segs[c], [e]]))
             for k, p, e, c in zip(key[to_line][start].tolist(), sp.tolist(), ep.tolist(),
                                   comp[sq].tolist())]
    trace += [(k, node_of[p], node_of[q], np.array([p, q]))
              for k, p, q in zip(key[direct].tolist(), ap[direct].tolist(), aq[direct].tolist())]
    trace.sort(key=lambda e: e[0])
    edges = [(int(u), int(v), path) for _, u, v, path in trace]
    for i, s in enumerate(ring_first.tolist()):
        edges.append((n_nodes + i, n_nodes + i, np.concatenate([segs[int(comp[s])], [s]])))
    return edges, ring_first


def _firsts(px: np.ndarray, group: np.ndarray) -> np.ndarray:
    """The first (smallest) of the sorted ``px`` in each ``group``."""
    o = np.argsort(group, kind="stable")
    g = group[o]
    return px[o][np.concatenate([[True], g[1:] != g[:-1]])] if len(px) else px


def _second_link(links: np.ndarray, px: np.ndarray) -> np.ndarray:
    """The second linked neighbour (direction order) of each pixel of
    ``px`` (line pixels: exactly two links)."""
    lk = links[px]
    has = lk >= 0
    second = np.cumsum(has, axis=1) == 2
    return lk[second & has]


def skeleton_graph(skel: np.ndarray) -> tuple[np.ndarray, list]:
    """``(nodes, edges)`` of a skeleton (2-D bool array): ``nodes`` the
    (row, col) of each node, as floats (a junction cluster's mean pixel);
    ``edges`` a list of ``(u, v, rc)``, ``rc`` the (k, 2) (row, col) of the
    branch from node u's position through its pixels to node v's.  Array
    operations over the pixels (links, junction clusters, runs of line
    pixels and their order); Python only loops over the branches."""
    skel = np.asarray(skel, dtype=bool)
    h, w = skel.shape
    row, col = np.divmod(np.flatnonzero(skel), w)
    pix = (row + 1) * (w + 2) + col + 1  # in the image with a background border
    links = _links(pix, w + 2)
    deg = (links >= 0).sum(axis=1)
    node_of, n_nodes = _nodes(pix, w + 2, deg)
    rc = np.column_stack([row, col]).astype(float)
    edges, ring_pixels = _paths(links, node_of, n_nodes)
    pos = np.zeros((n_nodes, 2))
    isnode = node_of >= 0
    counts = np.bincount(node_of[isnode], minlength=n_nodes)
    for k in (0, 1):
        pos[:, k] = np.bincount(node_of[isnode], rc[isnode, k], minlength=n_nodes) / \
            np.maximum(counts, 1)
    pos = np.vstack([pos, rc[ring_pixels].reshape(-1, 2)])
    out = []
    for u, v, path in edges:
        coords = rc[path]
        coords[0], coords[-1] = pos[u], pos[v]
        out.append((u, v, coords))
    return pos, out
