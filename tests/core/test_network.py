import numpy as np
import pytest

from core.network import build_network, densify_locations


def net(*lines, **kw):
    return build_network([np.asarray(l, float) for l in lines], **kw)


def test_shared_endpoint_connects_and_degree2_dissolves():
    n = net([[0, 0], [50, 0]], [[50, 0], [100, 0]])
    assert n.n_edges == 1 and n.n_nodes == 2
    assert n.total_length == pytest.approx(100)


def test_shared_interior_vertex_is_a_junction():
    n = net([[0, 0], [50, 0], [100, 0]], [[50, -50], [50, 0], [50, 50]])
    assert n.n_nodes == 5 and n.n_edges == 4
    assert sorted(n.node_degree().tolist()) == [1, 1, 1, 1, 4]


def test_crossing_without_vertex_not_connected_unless_asked():
    a, b = [[0, 0], [100, 0]], [[50, -50], [50, 50]]
    assert net(a, b).n_edges == 2
    n = net(a, b, node_crossings=True)
    assert n.n_edges == 4 and n.node_degree().max() == 4


def test_merge_tolerance():
    a, b = [[0, 0], [50, 0]], [[50.03, 0], [100, 0]]
    assert net(a, b).n_edges == 1
    assert net(a, b, merge_tolerance=0.01).n_edges == 2


def test_ring_keeps_one_canonical_node():
    ring = [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]]
    n = net(ring)
    assert n.n_edges == 1 and n.n_nodes == 1
    assert n.node_xy[0].tolist() == [0, 0]
    # split differently: same graph
    n2 = net([[10, 10], [0, 10], [0, 0]], [[0, 0], [10, 0], [10, 10]])
    assert n2.n_edges == 1 and n2.node_xy[0].tolist() == [0, 0]
    assert n2.total_length == pytest.approx(40)


def test_duplicates_collapsed_with_warning():
    n = net([[0, 0], [50, 0]], [[50, 0], [0, 0]])
    assert n.n_edges == 1 and n.stats["duplicate_segments"] == 1
    assert any("duplicate" in w for w in n.warnings)


def test_zero_length_and_degenerate_parts_dropped():
    n = net([[0, 0], [0, 0]], [[1, 1]], [[0, 0], [np.nan, 1]], [[0, 0], [10, 0]])
    assert n.n_edges == 1
    assert n.stats["dropped_parts"] == 2


def test_empty():
    n = build_network([])
    assert n.is_empty() and n.n_nodes == 0


def test_point_at_and_cost_rates():
    n = build_network([np.array([[0.0, 0], [100, 0]]), np.array([[100.0, 0], [100, 100]])],
                      cost_rate=[1.0, 2.0])
    assert n.n_edges == 1
    e = np.array([0, 0, 0])
    xy = n.point_at(e, np.array([0.0, 150.0, 200.0]))
    # the edge may run either way; its ends are (0,0) and (100,100)
    ends = {tuple(xy[0]), tuple(xy[2])}
    assert ends == {(0.0, 0.0), (100.0, 100.0)}
    assert n.edge_cost[0] == pytest.approx(300)
    c = n.cost_at(e, np.array([50.0, 100.0, 150.0]))
    # half-way points: cost 50 or 100+... depending on direction
    assert sorted([c[0], c[2]]) in ([50.0, 200.0], [100.0, 250.0])


def test_densify_locations():
    n = net([[0, 0], [120, 0]])
    e, o = densify_locations(n, 50)
    assert np.allclose(np.sort(o), [40, 80])


def test_canonical_order_independent_of_feature_order_split_and_direction():
    a = [[0, 0], [40, 10], [100, 0]]
    b = [[100, 0], [100, 80]]
    c = [[100, 0], [170, 5], [200, 0]]
    n1 = net(a, b, c)
    n2 = net(c[::-1], [[100, 80], [100, 40]], [[100, 40], [100, 0]], a[::-1])
    assert np.array_equal(n1.node_xy, n2.node_xy)
    assert np.array_equal(n1.edge_u, n2.edge_u) and np.array_equal(n1.edge_v, n2.edge_v)
    assert np.allclose(n1.edge_length, n2.edge_length)
    for e in range(n1.n_edges):
        p1, p2 = n1.edge_polyline(e), n2.edge_polyline(e)
        assert np.allclose(p1[[0, -1]], p2[[0, -1]])
    assert (n1.edge_u <= n1.edge_v).all()
    # nodes sorted by x then y
    assert np.array_equal(np.lexsort((n1.node_xy[:, 1], n1.node_xy[:, 0])), np.arange(n1.n_nodes))
