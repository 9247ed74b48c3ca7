"""Node rows on large networks (core/network/paths.py): the least-recently-
used row store and the trees grown on the contracted core (dead-end trees
and degree-2 chains left out) give the distances of the whole-matrix path
(to 1e-12), whatever the capacity, block size or number of threads."""
import threading

import numpy as np
import pytest

from core.network.build import build_network
from core.network.paths import NetworkDistances


def random_network(seed, n_lines=60, extent=600.0):
    """Random straight and bent roads (crossings are noded, so junctions,
    dead ends, parallel edges, loops and several components all occur)."""
    g = np.random.default_rng(seed)
    lines = []
    for _ in range(n_lines):
        p = g.uniform(0, extent, 2)
        q = p + g.normal(0, extent / 6, 2)
        if g.random() < 0.3:
            lines.append(np.array([p, (p + q) / 2 + g.normal(0, 15, 2), q]))
        else:
            lines.append(np.array([p, q]))
    if g.random() < 0.5:  # a ring: a node with a self-loop edge
        c = g.uniform(0, extent, 2)
        lines.append(c + np.array([[0.0, 0], [30, 0], [30, 30], [0, 30], [0, 0]]))
    return build_network(lines, node_crossings=True)


def assert_same(a, b):
    fin = np.isfinite(a)
    assert (fin == np.isfinite(b)).all()
    np.testing.assert_allclose(b[fin], a[fin], rtol=1e-12, atol=1e-9)


@pytest.mark.parametrize("seed", range(12))
def test_lru_rows_from_the_core_equal_whole_matrix(seed):
    net = random_network(seed)
    whole = NetworkDistances(net)
    lru = NetworkDistances(net, cache_bytes=0)  # 64 rows, least recently used
    assert whole._cache_ok and not lru._cache_ok
    g = np.random.default_rng(seed)
    for nodes in (g.permutation(net.n_nodes), g.integers(0, net.n_nodes, 30), np.arange(3)):
        assert_same(whole.node_rows(nodes), lru.node_rows(nodes))
    # a dead end's distance to itself is 0 and to its neighbour the edge
    deg = np.bincount(np.r_[net.edge_u, net.edge_v], minlength=net.n_nodes)
    ends = np.nonzero(deg == 1)[0]
    if len(ends):
        assert (np.diag(lru.node_rows(ends)[:, ends]) == 0).all()


@pytest.mark.parametrize("seed", range(8))
def test_blocks_equal_whole_matrix_for_any_block_size(seed):
    net = random_network(seed + 100)
    g = np.random.default_rng(seed)
    e = np.sort(g.integers(0, net.n_edges, 250))
    o = g.uniform(0, 1, len(e)) * net.edge_length[e]
    o[::17] = 0.0  # nodes
    whole = NetworkDistances(net)
    ref = whole.block(whole.prepare(e, o), whole.prepare(e, o))
    for bs in (5, 40, 250):
        lru = NetworkDistances(net, cache_bytes=0)
        P = lru.prepare(e, o)
        got = np.vstack([lru.block({k: v[s:s + bs] for k, v in P.items()}, P)
                         for s in range(0, len(e), bs)])
        assert_same(ref, got)


def test_each_tree_once_when_the_store_holds_the_sweep():
    """Row blocks in edge order with a store larger than the network: one
    Dijkstra per core node."""
    net = random_network(3, n_lines=120)
    nd = NetworkDistances(net, cache_bytes=8 * net.n_nodes * (net.n_nodes - 1))
    assert not nd._cache_ok
    e = np.arange(net.n_edges)
    P = nd.prepare(e, net.edge_length[e] / 2)
    for s in range(0, len(e), 10):
        nd.block({k: v[s:s + 10] for k, v in P.items()}, P)
    assert nd.n_dijkstra == len(nd._reduced.core) < net.n_nodes / 2


@pytest.mark.parametrize("seed", range(12))
def test_core_is_small_and_every_other_node_has_an_anchor(seed):
    net = random_network(seed + 50, n_lines=80)
    nd = NetworkDistances(net, cache_bytes=0)
    nd.node_rows([0])
    r = nd._reduced
    deg = np.bincount(np.r_[net.edge_u, net.edge_v], minlength=net.n_nodes)
    assert len(r.core) <= (deg >= 3).sum() + len(np.unique(r.piece[r.other])) + 1
    assert np.isfinite(r.off[:, r.other]).any(axis=0).all()


def test_blocks_on_threads_equal_serial():
    net = random_network(7, n_lines=100)
    g = np.random.default_rng(7)
    e = np.sort(g.integers(0, net.n_edges, 400))
    o = g.uniform(0, 1, len(e)) * net.edge_length[e]
    serial = NetworkDistances(net, cache_bytes=0)
    P = serial.prepare(e, o)
    blocks = [(s, s + 16) for s in range(0, len(e), 16)]
    ref = [serial.block({k: v[a:b] for k, v in P.items()}, P) for a, b in blocks]
    shared = NetworkDistances(net, cache_bytes=0)  # one store, evicting under both threads
    out = {}

    def work(part):
        for a, b in part:
            out[a] = shared.block({k: v[a:b] for k, v in P.items()}, P)

    ts = [threading.Thread(target=work, args=(blocks[i::2],)) for i in range(2)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    for (a, _), r in zip(blocks, ref):
        assert np.array_equal(out[a], r)
