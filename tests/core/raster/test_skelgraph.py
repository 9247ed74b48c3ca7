"""Skeleton to graph (core/raster/skelgraph.py): the array version gives
the graph of the pixel walk it replaced (kept here as the oracle: a walk
from every node pixel along each link, then the rings), node for node and
branch for branch, on skeletons of random masks and on random pixel sets."""
import numpy as np
import pytest
from scipy import ndimage
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components

from core.raster.skelgraph import _DIAGONALS, skeleton_graph
from core.raster.thinning import neighbour_offsets, zhang_suen

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given, settings, strategies as st  # noqa: E402


def walk_graph(skel):
    """The pixel walk (the code before the array version)."""
    h, w = skel.shape
    img = np.zeros((h + 2, w + 2), dtype=np.uint8)
    img[1:-1, 1:-1] = skel
    flat = img.ravel()
    pix = np.flatnonzero(flat)
    near = pix[:, None] + neighbour_offsets(w + 2)[None, :]
    present = flat[near] != 0
    linked = present.copy()
    for d, o1, o2 in _DIAGONALS:
        linked[:, d] &= ~(present[:, o1] | present[:, o2])
    links = np.where(linked, np.searchsorted(pix, near), -1)
    deg = (links >= 0).sum(axis=1)
    node_of = np.full(len(pix), -1)
    key = np.arange(len(pix))
    junction = deg >= 3
    if junction.any():
        jpix = pix[junction]
        jn = jpix[:, None] + neighbour_offsets(w + 2)[None, :]
        j = np.clip(np.searchsorted(jpix, jn), 0, len(jpix) - 1)
        hit = jpix[j] == jn
        rows = np.repeat(np.arange(len(jpix)), 8)[hit.ravel()]
        g = coo_matrix((np.ones(len(rows)), (rows, j.ravel()[hit.ravel()])), (len(jpix),) * 2)
        lab = connected_components(g, directed=False)[1]
        first = np.full(lab.max() + 1, len(pix))
        np.minimum.at(first, lab, key[junction])
        key[junction] = first[lab]
    isnode = deg != 2
    uniq, inv = np.unique(key[isnode], return_inverse=True)
    node_of[isnode] = inv.ravel()
    n_nodes = len(uniq)
    nbrs = [[q for q in row if q >= 0] for row in links.tolist()]
    visited = [False] * len(pix)
    edges = []
    for p in np.flatnonzero(node_of >= 0).tolist():
        for q in nbrs[p]:
            if node_of[q] >= 0:
                if node_of[q] != node_of[p] and p < q:
                    edges.append((node_of[p], node_of[q], [p, q]))
                continue
            if visited[q]:
                continue
            path, prev, cur = [p, q], p, q
            while node_of[cur] < 0:
                visited[cur] = True
                a, b = nbrs[cur]
                prev, cur = cur, (b if a == prev else a)
                path.append(cur)
            edges.append((node_of[p], node_of[cur], path))
    rings = []
    for s in range(len(pix)):
        if node_of[s] >= 0 or visited[s]:
            continue
        node = n_nodes + len(rings)
        rings.append(s)
        path, prev, cur = [s], -1, s
        while True:
            visited[cur] = True
            a, b = nbrs[cur]
            nxt = a if prev < 0 else (b if a == prev else a)
            path.append(nxt)
            if nxt == s:
                break
            prev, cur = cur, nxt
        edges.append((node, node, path))
    rc = np.column_stack([pix // (w + 2) - 1, pix % (w + 2) - 1]).astype(float)
    pos = np.zeros((n_nodes, 2))
    cnt = np.bincount(node_of[isnode], minlength=n_nodes)
    for k in (0, 1):
        pos[:, k] = np.bincount(node_of[isnode], rc[isnode, k], minlength=n_nodes) / np.maximum(cnt, 1)
    pos = np.vstack([pos, rc[rings].reshape(-1, 2)])
    out = []
    for u, v, path in edges:
        c = rc[path]
        c[0], c[-1] = pos[u], pos[v]
        out.append((int(u), int(v), c))
    return pos, out


def assert_same(a, b):
    (pa, ea), (pb, eb) = a, b
    assert np.array_equal(pa, pb)
    assert [(u, v) for u, v, _ in ea] == [(u, v) for u, v, _ in eb]
    for (_, _, ca), (_, _, cb) in zip(ea, eb):
        assert np.array_equal(ca, cb)


def test_hand_cases_match_the_walk():
    plus = np.zeros((9, 9), dtype=bool)
    plus[4, :] = plus[:, 4] = True
    ring = np.zeros((6, 6), dtype=bool)
    ring[1, 1:5] = ring[4, 1:5] = ring[1:5, 1] = ring[1:5, 4] = True
    two = np.zeros((3, 4), dtype=bool)
    two[1, 1:3] = True  # two end pixels linked directly
    for s in (plus, ring, two, np.zeros((3, 3), bool), np.ones((1, 1), bool)):
        assert_same(skeleton_graph(s), walk_graph(s))
    nodes, edges = skeleton_graph(ring)
    assert len(edges) == 1 and edges[0][0] == edges[0][1] == 0 and len(edges[0][2]) == 13


@st.composite
def skeletons(draw):
    h, w = draw(st.integers(1, 40)), draw(st.integers(1, 40))
    rng = np.random.default_rng(draw(st.integers(0, 2 ** 32 - 1)))
    m = rng.random((h, w)) < draw(st.floats(0.02, 0.9))
    kind = draw(st.sampled_from(["thin", "thin-grown", "raw"]))
    if kind == "raw":
        return m
    if kind == "thin-grown":
        m = ndimage.binary_dilation(m, iterations=2)
    return zhang_suen(m)


@settings(max_examples=400)
@given(skeletons())
def test_same_graph_as_the_pixel_walk(skel):
    assert_same(skeleton_graph(skel), walk_graph(skel))
