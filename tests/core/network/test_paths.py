import networkx as nx
import numpy as np
import pytest

from core.network.build import build_network
from core.network.paths import NetworkDistances


def oracle(net, locs):
    """networkx distances between locations, by inserting them as nodes."""
    G = nx.Graph()
    pts = {}
    for e in range(net.n_edges):
        offs = sorted({0.0, net.edge_length[e]} | {o for (ee, o) in locs if ee == e})
        names = []
        for o in offs:
            if o == 0.0:
                names.append(("n", int(net.edge_u[e])))
            elif o == net.edge_length[e]:
                names.append(("n", int(net.edge_v[e])))
            else:
                names.append(("p", e, o))
        for a, b, oa, ob in zip(names[:-1], names[1:], offs[:-1], offs[1:]):
            w = ob - oa
            if G.has_edge(a, b):
                w = min(w, G[a][b]["weight"])
            if a != b:
                G.add_edge(a, b, weight=w)
        for o, nm in zip(offs, names):
            pts[(e, o)] = nm
    d = nx.floyd_warshall_numpy(G, weight="weight", nodelist=list(G.nodes))
    index = {n: i for i, n in enumerate(G.nodes)}
    idx = [index[pts[l]] for l in locs]
    return d[np.ix_(idx, idx)]


def test_block_distances_equal_networkx():
    g = np.random.Generator(np.random.PCG64(5))
    # a jittered 4 x 4 grid with some edges removed, plus a dangling road
    lines = []
    for i in range(4):
        for j in range(4):
            p = np.array([i * 100.0, j * 100.0])
            if i < 3 and g.random() < 0.8:
                lines.append([p, p + [100, 0]])
            if j < 3 and g.random() < 0.8:
                lines.append([p, p + [0, 70], p + [0, 100]])
    lines.append([[300.0, 300.0], [420.0, 380.0]])
    net = build_network([np.array(l) for l in lines])
    e = g.integers(0, net.n_edges, 40)
    o = g.uniform(0, 1, 40) * net.edge_length[e]
    # include nodes and two points on the same edge
    e = np.r_[e, e[0], 0]
    o = np.r_[o, o[0] * 0.5, 0.0]
    nd = NetworkDistances(net)
    d = nd.block(nd.prepare(e, o), nd.prepare(e, o))
    ref = oracle(net, list(zip(e.tolist(), o.tolist())))
    assert np.allclose(d, ref)
    # blocked and uncached gives the same
    nd2 = NetworkDistances(net, cache_bytes=0)
    d2 = nd2.block(nd2.prepare(e[:7], o[:7]), nd2.prepare(e, o))
    assert np.allclose(d2, ref[:7])


def test_disconnected_is_inf():
    net = build_network([np.array([[0.0, 0], [10, 0]]), np.array([[0.0, 50], [10, 50]])])
    nd = NetworkDistances(net)
    loc = nd.prepare(np.array([0, 1]), np.array([5.0, 5.0]))
    d = nd.block(loc, loc)
    assert d[0, 0] == 0 and np.isinf(d[0, 1])


def test_self_loop_edge_goes_around():
    ring = np.array([[0.0, 0], [10, 0], [10, 10], [0, 10], [0, 0]])
    net = build_network([ring])
    nd = NetworkDistances(net)
    loc = nd.prepare(np.array([0, 0]), np.array([5.0, 35.0]))
    assert nd.block(loc, loc)[0, 1] == pytest.approx(10.0)
